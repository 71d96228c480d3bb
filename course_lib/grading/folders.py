"""The grader's temporary folders: owned by one process, removed when it ends, swept when it died.

Every folder the grader makes in the temporary directory (``nbgrader-grade-*``: a course copy with
its gradebook and ``solutions/``; ``sandbox-*``: one submission's mount points) holds a file
:data:`OWNER` naming the host, the process id and that process's start time. The folder and any
process registered with :func:`register_process` are removed when the process exits, normally
(``atexit``) or on SIGTERM, SIGINT or SIGHUP. A grader killed with SIGKILL cannot clean up; the
next run's :func:`sweep` removes a folder only when its owner file proves the owner is gone (same
host, and no process with that id and start time). A folder without an owner file is left alone.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Iterator

#: the owner file in each temporary folder
OWNER = ".grader-owner"
#: the prefixes of the folders :func:`sweep` looks at
PREFIXES = ("nbgrader-grade-", "sandbox-")
#: the signals after which the folders are removed before the process ends
SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)

_folders: dict[Path, int] = {}
_processes: dict[int, subprocess.Popen] = {}
_lock = threading.Lock()
_installed_in: int | None = None


def _start_time(pid: int) -> float | None:
    import psutil

    try:
        return psutil.Process(pid).create_time()
    except psutil.Error:
        return None


def _owner_line() -> str:
    return f"{socket.gethostname()} {os.getpid()} {_start_time(os.getpid())!r}\n"


def make(prefix: str, parent: Path | None = None, mode: int = 0o700) -> Path:
    """A new temporary folder owned by this process (removed at exit, or by a later sweep).

    Args:
        prefix: one of :data:`PREFIXES`.
        parent: where to make it (default: the temporary directory).
        mode: its permissions.

    Returns:
        The folder's path.
    """
    install()
    path = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
    path.chmod(mode)
    (path / OWNER).write_text(_owner_line(), encoding="utf-8")
    with _lock:
        _folders[path] = os.getpid()
    return path


def remove(path: Path) -> None:
    """Delete a folder made by :func:`make` (links inside are removed, never followed)."""
    with _lock:
        _folders.pop(Path(path), None)
    shutil.rmtree(path, ignore_errors=True)


@contextlib.contextmanager
def temporary(prefix: str, parent: Path | None = None, mode: int = 0o700) -> Iterator[Path]:
    """:func:`make` as a context manager that removes the folder on leaving."""
    path = make(prefix, parent, mode)
    try:
        yield path
    finally:
        remove(path)


def register_process(proc: subprocess.Popen) -> None:
    """Kill ``proc``'s process group when this process ends before it does."""
    install()
    with _lock:
        _processes[proc.pid] = proc


def unregister_process(proc: subprocess.Popen) -> None:
    with _lock:
        _processes.pop(proc.pid, None)


def cleanup() -> None:
    """Kill the registered processes and remove this process's folders (no-op in a forked child)."""
    with _lock:
        procs = list(_processes.values())
        folders = [p for p, pid in _folders.items() if pid == os.getpid()]
        _processes.clear()
    for proc in procs:
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            proc.wait(timeout=5)
    for path in folders:
        remove(path)


def _on_signal(signum, frame) -> None:
    cleanup()
    children = _worker_children()
    for child in children:
        with contextlib.suppress(Exception):
            child.terminate()
    for child in children:
        with contextlib.suppress(Exception):
            child.wait(timeout=20)
    os._exit(128 + signum)


def _worker_children() -> list:
    """This process's direct children that are Python workers (they clean up on SIGTERM themselves)."""
    import psutil

    with contextlib.suppress(psutil.Error):
        return psutil.Process().children(recursive=False)
    return []


def install() -> None:
    """Clean up at exit and on SIGTERM/SIGINT/SIGHUP (once per process; main thread only)."""
    global _installed_in
    if _installed_in == os.getpid():
        return
    _installed_in = os.getpid()
    atexit.register(cleanup)
    if threading.current_thread() is threading.main_thread():
        for sig in SIGNALS:
            if signal.getsignal(sig) in (signal.SIG_DFL, signal.default_int_handler, None) or sig != signal.SIGINT:
                signal.signal(sig, _on_signal)


def stale(path: Path) -> bool:
    """Whether ``path``'s owner file proves its owner is gone (same host; that process no longer runs).

    >>> stale(Path("/nonexistent-folder"))
    False
    """
    try:
        host, pid, started = (path / OWNER).read_text(encoding="utf-8").split()
        pid_number = int(pid)
    except (OSError, ValueError):
        return False
    if host != socket.gethostname() or pid_number == os.getpid():
        return False
    now = _start_time(pid_number)
    return now is None or repr(now) != started


def sweep(parent: Path | None = None) -> list[Path]:
    """Remove the folders of :data:`PREFIXES` in ``parent`` whose owner is provably gone.

    Args:
        parent: the folder to look in (default: the temporary directory).

    Returns:
        The folders removed.
    """
    parent = Path(parent or tempfile.gettempdir())
    removed = []
    for path in sorted(parent.iterdir()):
        if path.name.startswith(PREFIXES) and path.is_dir() and not path.is_symlink() and stale(path):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed
