"""One class on a real JupyterHub, shared by the classroom tests (module scope, torn down even on failure).

The fixture ``klass`` creates throwaway unix accounts (one instructor, three students) in their
own group, a shared exchange folder, the instructor's course folder (a copy of ``solutions/``),
and starts ``classroom/jupyterhub_config.py`` with the dummy authenticator on 127.0.0.1 and free
ports. Teardown stops the hub and the proxy (their whole process group), kills every process of
the accounts, removes the accounts, their homes and the group, and the temporary folders.
"""

from __future__ import annotations

import os
import secrets
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from classroom import kit

from browser.browser_env import CHROMIUM_ARGS, browser_required, find_chromium


@dataclass
class Klass:
    hub: kit.Hub
    instructor: str
    students: dict[str, str]            # role in the test ("full", "wrong", "hostile") -> unix name
    course: Path
    password: str                       # the dummy authenticator's password
    notes: dict = field(default_factory=dict)

    @property
    def url(self) -> str:
        return self.hub.url

    @property
    def exchange(self) -> Path:
        return self.hub.exchange


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
        password = secrets.token_hex(12)
        hub = kit.Hub(base, [instructor], list(students.values()), (kit.free_port(), kit.free_port(), kit.free_port()),
                      auth="dummy", password=password, token=secrets.token_hex(16))
        hub.start()
        yield Klass(hub, instructor, students, course, password)
    finally:
        for name in accounts:               # their servers first: the hub then stops at once
            kit.remove_user(name)
        if hub is not None:
            hub.stop()
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
