"""One class on a real JupyterHub, shared by the classroom tests (module scope, torn down even on failure).

The fixture ``klass`` creates throwaway unix accounts (one instructor, three students) in their
own group, a shared exchange folder, the instructor's course folder (a copy of ``solutions/``),
and starts ``classroom/jupyterhub_config.py`` with the dummy authenticator on 127.0.0.1 and free
ports. Teardown stops the hub and the proxy (their whole process group), kills every process of
the accounts, removes the accounts, their homes and the group, and the temporary folders.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from classroom import kit

from browser.browser_env import CHROMIUM_ARGS, browser_required, find_chromium


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Klass:
    instructor: str
    students: dict[str, str]            # role in the test ("full", "wrong", "hostile") -> unix name
    exchange: Path
    course: Path
    url: str                            # the hub's public address
    token: str                          # the admin service's API token
    password: str                       # the dummy authenticator's password
    log: Path
    notes: dict = field(default_factory=dict)

    def env(self, user: str) -> dict[str, str]:
        role = "instructor" if user == self.instructor else "student"
        return kit.user_environment(role, self.exchange, self.course if role == "instructor" else None)

    def api(self, method: str, path: str, body: dict | None = None, timeout: float = 30) -> tuple[int, bytes]:
        """A request to the hub (``/hub/api/...``) or a user's server (``/user/<name>/...``) as the admin service."""
        data = json.dumps(body or {}).encode() if method in ("POST", "PUT") else None
        req = urllib.request.Request(self.url + path, method=method, data=data,
                                     headers={"Authorization": f"token {self.token}",
                                              "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return resp.status, resp.read()
        except urllib.error.HTTPError as err:
            return err.code, err.read()


def _requirements() -> str | None:
    """Why the class cannot run here, or None."""
    if sys.platform != "linux":
        return "the classroom test needs Linux (unix accounts, bubblewrap)"
    if os.geteuid() != 0:
        return "the classroom test creates unix accounts and must run as root (CI does)"
    try:
        kit.proxy_command()
    except FileNotFoundError as err:
        return str(err)
    if shutil.which("bwrap") is None:
        return "bubblewrap is missing (make sandbox-deps)"
    return None


def _stop(proc: subprocess.Popen | None) -> None:
    if proc is None or proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def klass():
    reason = _requirements()
    if reason:
        if browser_required():
            pytest.fail(reason)
        pytest.skip(reason)
    tag = secrets.token_hex(3)
    group = f"cls{tag}"
    instructor = f"cls{tag}i"
    students = {"full": f"cls{tag}a", "wrong": f"cls{tag}b", "hostile": f"cls{tag}c"}
    accounts = [instructor, *students.values()]
    base = Path(tempfile.mkdtemp(prefix="classroom-"))
    base.chmod(0o755)
    changed: list = []
    hub = None
    try:
        changed = [c for p in (kit.REPO, Path(sys.prefix), Path(sys.base_prefix)) for c in kit.open_path_to(p)]
        kit.ensure_group(group)
        for name in accounts:
            kit.create_user(name, group)
        course = kit.make_course(instructor)
        exchange = base / "exchange"
        ports = {k: _free_port() for k in ("CLASSROOM_PORT", "CLASSROOM_HUB_PORT", "CLASSROOM_PROXY_API_PORT")}
        token, password = secrets.token_hex(16), secrets.token_hex(12)
        env = {**os.environ, **{k: str(v) for k, v in ports.items()},
               "CLASSROOM_AUTH": "dummy", "CLASSROOM_DUMMY_PASSWORD": password, "CLASSROOM_API_TOKEN": token,
               "CLASSROOM_INSTRUCTORS": instructor, "CLASSROOM_STUDENTS": ",".join(students.values()),
               "CLASSROOM_EXCHANGE": str(exchange), "CLASSROOM_STATE": str(base / "state")}
        log = base / "hub.log"
        hub = subprocess.Popen([str(kit.venv_bin() / "jupyterhub"), "-f", str(kit.KIT / "jupyterhub_config.py")],
                               cwd=base, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT,
                               start_new_session=True)
        klass = Klass(instructor, students, exchange, course, f"http://127.0.0.1:{ports['CLASSROOM_PORT']}",
                      token, password, log)
        deadline = time.monotonic() + 60
        while True:
            if hub.poll() is not None:
                raise RuntimeError(f"the hub exited with status {hub.returncode}:\n{log.read_text()[-3000:]}")
            try:
                if klass.api("GET", "/hub/api/", timeout=2)[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the hub did not answer within 60 s:\n{log.read_text()[-3000:]}")
            time.sleep(0.3)
        yield klass
    finally:
        for name in accounts:               # their servers first: the hub then stops at once
            kit.remove_user(name)
        _stop(hub)
        kit.remove_group(group)
        kit.restore_modes(changed)
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module")
def classroom_browser():
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    path = find_chromium()
    if path is None:
        (pytest.fail if browser_required() else pytest.skip)("no Chromium: make browser-deps")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, timeout=60_000)
        try:
            yield browser
        finally:
            browser.close()
