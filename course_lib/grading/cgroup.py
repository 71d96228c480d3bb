"""A memory limit for a whole submission (kernel, its children and the tmpfs it fills), where Linux offers one.

In order of preference:

1. ``systemd-run --scope -p MemoryMax=…`` on a machine whose init is systemd (``/run/systemd/system``);
2. a cgroup v2 child of the root cgroup, when the grader runs there as root (a container with its own
   cgroup namespace): ``memory.max`` is written and the checker joins it before it starts;
3. otherwise none: each process of the sandbox keeps its address-space limit (``RLIMIT_AS``,
   :attr:`~course_lib.grading.sandbox.Limits.memory_bytes`), which is always set.

:func:`how` says which applies, for the docs and ``tools/ensure_bwrap.sh``.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
from pathlib import Path
from typing import Callable

ROOT = Path("/sys/fs/cgroup")
_numbers = itertools.count(1)


def _own_cgroup() -> str | None:
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            if line.startswith("0::"):
                return line[3:]
    return None


def how() -> str:
    """'systemd-run', 'cgroup v2' or 'RLIMIT_AS only': the memory limit this machine gives a submission."""
    if os.geteuid() != 0:
        return "RLIMIT_AS only"
    if Path("/run/systemd/system").is_dir() and shutil.which("systemd-run"):
        return "systemd-run"
    controllers = ROOT / "cgroup.controllers"
    if controllers.is_file() and "memory" in controllers.read_text().split() and _own_cgroup() == "/":
        return "cgroup v2"
    return "RLIMIT_AS only"


def wrap(cmd: list[str], limit: int) -> tuple[list[str], Callable[[], None] | None, Callable[[], None]]:
    """``cmd`` under a memory limit of ``limit`` bytes for it and everything it starts.

    Args:
        cmd: the command line.
        limit: bytes.

    Returns:
        (command line, a function to run in the child before exec or None, a clean-up function).
    """
    kind = how()
    if kind == "systemd-run":
        return (["systemd-run", "--scope", "--quiet", "--collect", "-p", f"MemoryMax={limit}",
                 "-p", "MemorySwapMax=0", "--", *cmd], None, lambda: None)
    if kind == "cgroup v2":
        group = ROOT / f"course-grader-{os.getpid()}-{next(_numbers)}"
        try:
            with contextlib.suppress(OSError):
                (ROOT / "cgroup.subtree_control").write_text("+memory")
            group.mkdir()
            (group / "memory.max").write_text(str(limit))
            with contextlib.suppress(OSError):
                (group / "memory.swap.max").write_text("0")
        except OSError:
            with contextlib.suppress(OSError):
                group.rmdir()
            return cmd, None, lambda: None
        procs = str(group / "cgroup.procs")

        def join() -> None:
            with open(procs, "w") as fh:
                fh.write(str(os.getpid()))

        def remove() -> None:
            with contextlib.suppress(OSError):
                group.rmdir()
        return cmd, join, remove
    return cmd, None, lambda: None
