"""One unprivileged host uid per concurrent grading process, so that no submission can use up another's processes.

A grader that runs as root drops every checker and sandbox of one worker process to that worker's
own uid, taken from :data:`FIRST_UID` … ``FIRST_UID + SLOTS - 1``. Linux counts the process limit
(``RLIMIT_NPROC``, :attr:`~course_lib.grading.sandbox.Limits.processes`) per real uid over the whole
machine, so a fork bomb in one submission fills only its own worker's count: a submission graded at
the same time by another worker (``--jobs 2``), or by another grader on the machine, starts as
usual. The submissions one worker grades run one after another, and everything of a submission is
killed before the next one starts (its PID namespace dies with its checker).

A worker claims its uid with an exclusive ``flock`` on a lock file in :data:`LOCK_DIR` (root's), held
until it releases it or ends, so two graders never share one; uids that ``/etc/passwd`` names
(a real account's, or ``nobody``) are skipped. Where the grader is not root, nothing is dropped and
this module is not used.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pwd
import stat
from pathlib import Path
from typing import Iterator

#: the first uid of the range (none of them may be a real account's; /etc/passwd's are skipped)
FIRST_UID = 64100
#: how many uids the range holds: the most graders' worker processes that can run at once
SLOTS = 64
#: root's folder of lock files, one per uid
LOCK_DIR = Path("/run/lock/course-grader-uids")

_claimed: tuple[int, int, int] | None = None      # (uid, fd of its lock file, pid that claimed it)


def _lock_dir() -> Path:
    """:data:`LOCK_DIR`, made root's and 0700; refused when it is a link or someone else's."""
    try:
        LOCK_DIR.mkdir(mode=0o700, parents=True)
    except FileExistsError:
        pass
    info = os.lstat(LOCK_DIR)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid() or info.st_mode & 0o022:
        raise RuntimeError(f"{LOCK_DIR} is not a folder of this user's that only it can write; remove it")
    return LOCK_DIR


def _named(uid: int) -> bool:
    try:
        pwd.getpwuid(uid)
    except KeyError:
        return False
    return True


def claim() -> int:
    """This process's uid (claimed on the first call, kept until :func:`release` or the process ends).

    Returns:
        A uid of the range that no other living process has claimed.

    Raises:
        RuntimeError: every uid of the range is claimed (more than :data:`SLOTS` workers at once).
    """
    global _claimed
    if _claimed is not None and _claimed[2] == os.getpid():
        return _claimed[0]
    _claimed = None              # a forked worker claims its own (the parent keeps the parent's)
    folder = _lock_dir()
    for uid in range(FIRST_UID, FIRST_UID + SLOTS):
        if _named(uid):
            continue
        fd = os.open(folder / str(uid), os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            continue
        _claimed = (uid, fd, os.getpid())
        return uid
    raise RuntimeError(f"all {SLOTS} grading uids from {FIRST_UID} are in use by other graders; "
                       "run fewer --jobs at once")


def release() -> None:
    """Give this process's uid back (its processes are gone by then)."""
    global _claimed
    if _claimed is not None and _claimed[2] == os.getpid():
        with contextlib.suppress(OSError):
            os.close(_claimed[1])
    _claimed = None


@contextlib.contextmanager
def claimed() -> Iterator[int | None]:
    """:func:`claim` for the block's duration where the grader is root (None otherwise), then :func:`release`.

    >>> with claimed() as uid:
    ...     uid is None or FIRST_UID <= uid < FIRST_UID + SLOTS
    True
    """
    if os.geteuid() != 0:
        yield None
        return
    had = _claimed is not None and _claimed[2] == os.getpid()
    uid = claim()
    try:
        yield uid
    finally:
        if not had:
            release()


def sandbox_uid() -> int:
    """The host uid this process's checkers and sandboxes drop to (claimed on first use)."""
    return claim()


def processes_of(uid: int) -> list[int]:
    """Pids of the running processes whose real uid is ``uid``."""
    import psutil

    found = []
    for proc in psutil.process_iter(["uids"]):
        with contextlib.suppress(psutil.Error):
            if proc.info["uids"] and proc.info["uids"].real == uid:
                found.append(proc.pid)
    return found
