"""The pieces of a one-machine class that the hub configuration, `make classroom` and the test share.

One source of truth for: which folder of ``classroom/jupyter/`` a user's server reads (instructor or
student), the environment of their server and of nbgrader commands run as them, the shared
exchange folder with the permissions nbgrader documents, the instructor's course folder, and
throwaway unix accounts for a trial or a test, and :func:`trial_class`, which sets up (and always
removes again) a whole throwaway class for `make classroom`, the classroom test and its benchmark.

Everything that creates accounts or changes permissions needs root; it says so otherwise.
"""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import secrets
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

KIT = Path(__file__).resolve().parent
REPO = KIT.parent
CONFIG = KIT / "jupyter"
#: the course id every user's nbgrader uses (classroom/jupyter/common/nbgrader_config.py)
COURSE_ID = "manipulator-dynamics"
ROLES = ("instructor", "student")


def venv_bin() -> Path:
    """The folder of the Python that runs the hub: its jupyterhub-singleuser and nbgrader serve every user."""
    return Path(sys.executable).parent


def proxy_command() -> str:
    """configurable-http-proxy from npm, as `make classroom-deps` installs it (or one on PATH)."""
    local = REPO / ".venv" / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"
    found = str(local) if local.exists() else shutil.which("configurable-http-proxy")
    if not found:
        raise FileNotFoundError("configurable-http-proxy is not installed: run `make classroom-deps` "
                                "(npm install --prefix .venv/chp configurable-http-proxy)")
    return found


def user_environment(role: str, exchange: Path, course: Path | None = None) -> dict[str, str]:
    """The variables a user's server (and nbgrader run as that user) needs.

    Args:
        role: ``"instructor"`` (Formgrader, Create Assignment, Course List, Assignment List) or
            ``"student"`` (Assignment List and Validate only).
        exchange: the shared exchange folder.
        course: the instructor's course folder (default ``~/course``).

    Returns:
        ``JUPYTER_CONFIG_PATH`` (the role's folder, then the common one), ``CLASSROOM_EXCHANGE``,
        ``PATH`` starting with the course's environment, and ``CLASSROOM_COURSE`` for instructors.
    """
    if role not in ROLES:
        raise ValueError(f"role must be one of {ROLES}, got {role!r}")
    env = {
        "JUPYTER_CONFIG_PATH": os.pathsep.join([str(CONFIG / role), str(CONFIG / "common")]),
        "CLASSROOM_EXCHANGE": str(exchange),
        "PATH": f"{venv_bin()}:/usr/local/bin:/usr/bin:/bin",
    }
    if role == "instructor" and course is not None:
        env["CLASSROOM_COURSE"] = str(course)
    return env


def make_exchange(exchange: Path) -> Path:
    """Create the exchange folder as nbgrader's documentation says: writable by everyone (``chmod ugo+rw``).

    nbgrader itself then makes ``<course>/inbound`` write-only for students (they can submit, but
    not list or read anyone's submission) and ``<course>/feedback`` traversable only (each student
    reads a feedback page by a name derived from their own submission).
    """
    exchange = Path(exchange)
    exchange.mkdir(parents=True, exist_ok=True)
    exchange.chmod(0o777)
    return exchange


def _require_root(what: str) -> None:
    if os.geteuid() != 0:
        raise PermissionError(f"{what} needs root (creating unix accounts and changing owners); "
                              "run it with sudo on a machine you may change, or inside a container")


def create_user(name: str, group: str) -> pwd.struct_passwd:
    """A throwaway unix account with a private home folder (mode 700), in ``group``.

    Raises:
        ValueError: when an account called ``name`` exists already (it is never reused or removed).
    """
    _require_root("creating class accounts")
    try:
        pwd.getpwnam(name)
    except KeyError:
        pass
    else:
        raise ValueError(f"a unix account {name!r} exists already; pick another name (it will not be touched)")
    subprocess.run(["useradd", "--create-home", "--shell", "/bin/bash", "--gid", group, name],
                   check=True, capture_output=True)
    entry = pwd.getpwnam(name)
    Path(entry.pw_dir).chmod(0o700)
    return entry


def remove_user(name: str) -> None:
    """Kill the account's processes and remove it with its home folder (nothing happens when it is gone)."""
    try:
        pwd.getpwnam(name)
    except KeyError:
        return
    subprocess.run(["pkill", "-KILL", "-u", name], capture_output=True)
    subprocess.run(["userdel", "--remove", "--force", name], capture_output=True)


def ensure_group(group: str) -> None:
    """Create the unix group ``group`` when it does not exist."""
    _require_root("creating the class group")
    if subprocess.run(["getent", "group", group], capture_output=True).returncode != 0:
        subprocess.run(["groupadd", group], check=True, capture_output=True)


def remove_group(group: str) -> None:
    subprocess.run(["groupdel", group], capture_output=True)


def make_course(instructor: str, course: Path | None = None) -> Path:
    """Copy ``solutions/`` into the instructor's course folder (default ``~instructor/course``), owned by them.

    In a real class this folder is a checkout of your private repository (docs/instructors.md).
    """
    entry = pwd.getpwnam(instructor)
    course = Path(course or Path(entry.pw_dir) / "course")
    shutil.copytree(REPO / "solutions", course / "solutions",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    subprocess.run(["chown", "-R", f"{entry.pw_uid}:{entry.pw_gid}", str(course)], check=True)
    return course


def open_path_to(path: Path) -> list[tuple[Path, int]]:
    """Let other users traverse every folder above ``path`` (add ``o+x`` where missing).

    The class's accounts run the course's Python and read ``classroom/``; a checkout under a
    private home (``/root`` in a container) would hide both. Returns what was changed, for
    :func:`restore_modes`.
    """
    changed = []
    for folder in [*reversed(Path(path).resolve().parents), Path(path).resolve()]:
        mode = stat.S_IMODE(folder.stat().st_mode)
        if not mode & stat.S_IXOTH:
            folder.chmod(mode | stat.S_IXOTH)
            changed.append((folder, mode))
    return changed


def restore_modes(changed: list[tuple[Path, int]]) -> None:
    for folder, mode in reversed(changed):
        folder.chmod(mode)


def run_as(user: str, argv: list[str], env: dict[str, str], cwd: Path | None = None,
           timeout: float = 300) -> subprocess.CompletedProcess:
    """Run ``argv`` as ``user`` (from root, with ``runuser``) with a clean environment plus ``env``."""
    entry = pwd.getpwnam(user)
    full = {"HOME": entry.pw_dir, "USER": user, "LOGNAME": user, "LANG": "C.UTF-8", **env}
    cmd = ["runuser", "-u", user, "--", "env", "-i", *[f"{k}={v}" for k, v in full.items()], *argv]
    return subprocess.run(cmd, cwd=str(cwd or entry.pw_dir), capture_output=True, text=True, timeout=timeout)


class Hub:
    """``classroom/jupyterhub_config.py`` running as a child process, and a client for its REST API.

    Args:
        base: a folder for the hub's state, log and (by default) the exchange.
        instructors, students: unix account names.
        auth: ``"dummy"`` (with ``password``) or ``"pam"``.
        ports: the hub's public port, the hub's internal port, the proxy's API port.
        token: an API token for the admin service ``classroom-admin`` (None: no service).
    """

    def __init__(self, base: Path, instructors: list[str], students: list[str], ports: tuple[int, int, int],
                 auth: str = "dummy", password: str = "", token: str | None = None,
                 exchange: Path | None = None):
        self.base, self.token = Path(base), token
        self.exchange = Path(exchange or self.base / "exchange")
        self.url = f"http://127.0.0.1:{ports[0]}"
        self.log = self.base / "hub.log"
        self.env = {**os.environ, "CLASSROOM_AUTH": auth, "CLASSROOM_DUMMY_PASSWORD": password,
                    "CLASSROOM_INSTRUCTORS": ",".join(instructors), "CLASSROOM_STUDENTS": ",".join(students),
                    "CLASSROOM_EXCHANGE": str(self.exchange), "CLASSROOM_STATE": str(self.base / "state"),
                    "CLASSROOM_PORT": str(ports[0]), "CLASSROOM_HUB_PORT": str(ports[1]),
                    "CLASSROOM_PROXY_API_PORT": str(ports[2])}
        if token:
            self.env["CLASSROOM_API_TOKEN"] = token
        self.proc: subprocess.Popen | None = None

    def start(self, log_to_file: bool = True, wait_s: float = 60) -> "Hub":
        """Start the hub (and its proxy) in a process group of their own; wait until its API answers."""
        out = self.log.open("wb") if log_to_file else None
        self.proc = subprocess.Popen([str(venv_bin() / "jupyterhub"), "-f", str(KIT / "jupyterhub_config.py")],
                                     cwd=self.base, env=self.env, stdout=out, stderr=subprocess.STDOUT if out else None,
                                     start_new_session=True)
        deadline = time.monotonic() + wait_s
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the hub exited with status {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/hub/api/", timeout=2) as resp:
                    if resp.status == 200:
                        return self
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the hub did not answer within {wait_s:.0f} s:\n{self.log_tail()}")
            time.sleep(0.3)

    def log_tail(self, chars: int = 3000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else "(no log)"

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

    def start_servers(self, users: list[str], wait_s: float = 180) -> None:
        """Start each user's server through the REST API (all at once) and wait until every one is ready."""
        for user in users:
            status, body = self.api("POST", f"/hub/api/users/{user}/server")
            if status not in (201, 202):
                raise RuntimeError(f"the hub did not start {user}'s server: HTTP {status} {body[:500]!r}")
        deadline = time.monotonic() + wait_s
        for user in users:
            while json.loads(self.api("GET", f"/hub/api/users/{user}")[1])["servers"].get("", {}).get("ready") is not True:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{user}'s server did not start within {wait_s:.0f} s:\n{self.log_tail()}")
                time.sleep(0.3)

    def call(self, user: str, method: str, path: str, body: dict | None = None, timeout: float = 600):
        """One request to ``user``'s own server (what their JupyterLab sends); raises unless nbgrader reports success."""
        status, raw = self.api(method, f"/user/{user}{path}", body=body, timeout=timeout)
        if status != 200:
            raise RuntimeError(f"{method} {path} on {user}'s server: HTTP {status}: {raw[:2000]!r}")
        reply = json.loads(raw) if raw else {}
        if isinstance(reply, dict) and reply.get("success") is False:
            raise RuntimeError(f"{method} {path} on {user}'s server failed: {reply.get('error') or reply}"[:4000])
        return reply

    def stop(self) -> None:
        """Stop the hub and the proxy (their whole process group), killing them after 15 s."""
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass(frozen=True)
class TrialClass:
    """A throwaway class made by :func:`trial_class`: its hub (not started yet) and its people."""

    hub: Hub
    instructor: str
    students: list[str]
    course: Path        # the instructor's course folder (a copy of solutions/)
    password: str       # the dummy authenticator's password, the same for every account


@contextlib.contextmanager
def trial_class(group: str, instructor: str, students: list[str], *, prefix: str = "classroom-",
                ports: tuple[int, int, int] | None = None, token: str | None = None) -> Iterator[TrialClass]:
    """A whole class on this machine for as long as the ``with`` block runs, removed again even on failure.

    Opens the path to the course's checkout and Python for the class's accounts, creates the unix group
    ``group``, one account per instructor and student, the instructor's course folder and a temporary
    folder for the hub's state and the exchange, and prepares the hub (dummy authenticator, one random
    password). The caller starts the hub (``hub.start()``) when it is ready to. On leaving: every
    account it created has its processes killed and is removed with its home, the hub and its proxy stopped,
    the group removed, folder modes restored and the temporary folder deleted.

    Args:
        group, instructor, students: unix names, none of which may exist yet.
        prefix: the temporary folder's name prefix.
        ports: the hub's public, internal and proxy API ports (default: three free ports).
        token: an API token for the admin service (None: no service).

    Raises:
        PermissionError: when not run as root.
        ValueError: when one of the accounts exists already.
    """
    _require_root("a trial class")
    accounts = [instructor, *students]
    base = Path(tempfile.mkdtemp(prefix=prefix))
    base.chmod(0o755)
    changed: list[tuple[Path, int]] = []
    created: list[str] = []
    hub = None
    try:
        changed = [c for p in (REPO, Path(sys.prefix), Path(sys.base_prefix)) for c in open_path_to(p)]
        ensure_group(group)
        for name in accounts:
            create_user(name, group)
            created.append(name)
        course = make_course(instructor)
        password = secrets.token_urlsafe(9)
        hub = Hub(base, [instructor], list(students), ports or (free_port(), free_port(), free_port()),
                  auth="dummy", password=password, token=token)
        yield TrialClass(hub, instructor, list(students), course, password)
    finally:
        for name in created:                # their servers first: the hub then stops at once
            remove_user(name)
        if hub is not None:
            hub.stop()
        remove_group(group)
        restore_modes(changed)
        shutil.rmtree(base, ignore_errors=True)
