"""One bubblewrap sandbox per submission: the command line that confines a student's kernel.

The student's code runs only inside :func:`command`'s sandbox (Debian's ``bwrap``):

- its own empty root: ``/usr`` (system libraries), the Python installation, the course's
  virtual environment and ``course_lib`` are mounted **read-only**; the repository itself,
  ``solutions/``, other students, the gradebook and the grader's output are not mounted at all;
- one writable folder: the submission's own temporary folder (its notebook, the kernel's sockets);
- a fresh empty ``HOME``, ``IPYTHONDIR`` and ``/tmp`` (tmpfs), an environment built from
  scratch (none of the grader's variables);
- no network (``--unshare-net``), its own PID namespace that dies with the grader
  (``--unshare-pid --die-with-parent``, so no process outlives the grading of the submission);
- an unprivileged uid: when the grader runs as root the sandbox runs on the host as its worker's
  own uid (:mod:`course_lib.grading.uids`), so the process limit applies (root is exempt from it)
  and is not shared with a submission graded at the same time;
- resource limits (``prlimit``) on CPU seconds, address space, processes and file size.

What the sandbox does not hide: the inputs the trusted checker sends to the student's
functions. A student can record them; hidden inputs are not secrets.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import signal
import stat
import sys
from pathlib import Path

#: uid/gid inside the sandbox (``nobody``); on the host, a root grader's sandboxes run as the uid of
#: their worker process (:mod:`course_lib.grading.uids`), one per worker
NOBODY = 65534

#: error names that say a resource limit was hit inside the kernel
MEMORY_ERRORS = ("MemoryError",)


@dataclasses.dataclass(frozen=True)
class Limits:
    """Resource limits of one sandbox (applied with prlimit to every process in it).

    Args:
        cpu_seconds: CPU time of each process (s); the kernel is killed with SIGXCPU past it.
        memory_bytes: address space of each process (bytes), default 2 GB: MemoryError past it.
        processes: processes of the sandbox's uid; fork fails past it.
        file_bytes: largest file a process may write (bytes): "File too large" past it.
        tmp_bytes: size of the sandbox's ``/tmp`` (a tmpfs): "No space left on device" past it.
        work_bytes: size of the work folder (a tmpfs, where the grader runs as root).
        output_bytes: output kept of one cell (characters of JSON); the rest is cut with a note.
        submission_seconds: wall-clock time of one submission, every cell and test included.
        wall_factor: a cell's limit counts CPU time (the grader's ``timeout``, in CPU seconds of the
            whole sandbox); its wall-clock backstop, for code that sleeps, is ``wall_factor`` times that.
    """

    cpu_seconds: int = 300
    memory_bytes: int = 2 * 1024**3
    processes: int = 128
    file_bytes: int = 64 * 1024**2
    tmp_bytes: int = 256 * 1024**2
    work_bytes: int = 256 * 1024**2
    output_bytes: int = 2_000_000
    submission_seconds: int = 600
    wall_factor: int = 5

    def prlimit_args(self) -> list[str]:
        return [f"--cpu={self.cpu_seconds}", f"--as={self.memory_bytes}",
                f"--nproc={self.processes}", f"--fsize={self.file_bytes}"]

    def reason(self, returncode: int | None, error_names: list[str], error_text: str) -> str:
        """The limit that explains a dead kernel or an error, in one sentence (or '' when none does)."""
        if returncode is not None and returncode < 0:
            returncode = 128 - returncode
        if returncode == 128 + signal.SIGXCPU or returncode == -signal.SIGXCPU:
            return f"CPU time limit of {self.cpu_seconds} s per process reached (killed by SIGXCPU)"
        if any(n in MEMORY_ERRORS for n in error_names):
            return f"memory limit of {self.memory_bytes / 1024**3:.1f} GB reached (MemoryError)"
        if "File too large" in error_text:
            return f"file size limit of {self.file_bytes // 1024**2} MB reached"
        if "Resource temporarily unavailable" in error_text or "BlockingIOError" in error_names:
            return f"process limit of {self.processes} processes reached"
        if returncode == 128 + signal.SIGKILL:
            return "the kernel was killed (SIGKILL), most likely for memory"
        if returncode is not None and returncode > 128:
            try:
                return f"killed by {signal.Signals(returncode - 128).name}"
            except ValueError:
                pass
        return ""


def bwrap_path() -> str | None:
    """The bubblewrap executable, or None when it is not installed (e.g. macOS)."""
    return shutil.which("bwrap")


def _world_traversable(path: Path) -> bool:
    """Whether a process of another, unprivileged uid can reach ``path`` (every parent o+x)."""
    path = path.resolve()
    for part in path.parents:
        try:
            if not part.stat().st_mode & stat.S_IXOTH:
                return False
        except OSError:
            return False
    return True


def readonly_paths(repo_root: Path) -> list[Path]:
    """What the sandbox sees read-only besides /usr: Python, the venv, course_lib (never the repo)."""
    import course_lib

    package = Path(course_lib.__file__).resolve().parent       # the course_lib the grader itself runs
    paths = [Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve(), package]
    import numpy  # the site-packages of an environment that is not sys.prefix (e.g. conda)

    site = Path(numpy.__file__).resolve().parents[1]
    if not any(site.is_relative_to(p) for p in paths):
        paths.append(site)
    out: list[Path] = []
    for p in paths:
        if p.exists() and not any(p.is_relative_to(q) for q in out) and not str(p).startswith("/usr/"):
            out = [q for q in out if not q.is_relative_to(p)] + [p]
    return out


def sandbox_env(work: Path) -> dict[str, str]:
    """The kernel's whole environment: nothing inherited from the grader.

    ``PYTHONPATH`` is the folder of the course_lib the grader runs (the only part of it the
    sandbox mounts), so the kernel imports that same course_lib, not another checkout's.
    """
    import course_lib

    venv_bin = str(Path(sys.executable).parent)
    return {
        "PYTHONPATH": str(Path(course_lib.__file__).resolve().parents[1]),
        "PATH": f"{venv_bin}:/usr/local/bin:/usr/bin:/bin",
        "HOME": "/tmp/home", "IPYTHONDIR": "/tmp/home/.ipython",
        "JUPYTER_CONFIG_DIR": "/tmp/home/.jupyter", "JUPYTER_DATA_DIR": "/tmp/home/.local/share/jupyter",
        "JUPYTER_RUNTIME_DIR": "/tmp/home/.runtime", "MPLCONFIGDIR": "/tmp/home/.mpl",
        "MPLBACKEND": "Agg", "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0",
        "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
        "TMPDIR": "/tmp", "PWD": str(work),
    }


def command(argv: list[str], work: Path, repo_root: Path, limits: Limits, bwrap: str,
            stage: Path | None = None, tmp: Path | None = None) -> list[str]:
    """The command line that runs ``argv`` in a sandbox whose only writable folder is ``work``.

    As root, the command enters a private mount namespace (``unshare --mount``) in which any
    read-only source that ``nobody`` cannot reach (e.g. a Python under /root) is bind-mounted
    to a reachable place, then drops to ``nobody`` (``setpriv``) before starting bwrap.

    Args:
        argv: the program to run inside (e.g. an ipykernel).
        work: the submission's temporary folder; mounted read-write at the same path.
        repo_root: the checkout (course_lib itself is found from the running import).
        limits: resource limits.
        bwrap: the bwrap executable.
        stage: an empty folder that ``nobody`` can reach (e.g. under /tmp) for the mount points of
            sources it cannot reach; default: next to ``work``.
        tmp: a folder mounted as the sandbox's ``/tmp`` (a sub-folder of a sized tmpfs); default: a
            tmpfs of ``limits.tmp_bytes``.

    Returns:
        The command line for ``subprocess.Popen``.
    """
    work = Path(work).resolve()
    as_root = os.geteuid() == 0 and nobody_can_sandbox(bwrap)
    binds: list[str] = []
    staging: list[tuple[Path, Path]] = []
    stage = Path(stage) if stage is not None else work.parent
    for number, path in enumerate(readonly_paths(repo_root)):
        source = path
        if as_root and not _world_traversable(path):
            source = stage / f"ro-{number}"
            staging.append((path, source))
        binds += ["--ro-bind", str(source), str(path)]
    work_source = work
    if as_root and not _world_traversable(work):
        work_source = stage / "work"
        staging.append((work, work_source))
    for optional in ("/etc/passwd", "/etc/group", "/etc/nsswitch.conf", "/etc/localtime",
                     "/etc/ld.so.cache", "/etc/ssl/certs"):
        if Path(optional).exists():
            binds += ["--ro-bind", optional, optional]
    env: list[str] = []
    for key, value in sandbox_env(work).items():
        env += ["--setenv", key, value]
    links = _links()
    private_tmp = ["--bind", str(tmp), "/tmp"] if tmp is not None else \
        ["--size", str(limits.tmp_bytes), "--tmpfs", "/tmp"]
    box = [bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--uid", str(NOBODY),
           "--gid", str(NOBODY), "--hostname", "sandbox", "--ro-bind", "/usr", "/usr", *links,
           # the private /tmp first, then the read-only binds: a checkout or venv under /tmp (a clone
           # made with mktemp -d) stays visible instead of being hidden by the empty /tmp
           "--proc", "/proc", "--dev", "/dev", *private_tmp, "--dir", "/tmp/home", *binds,
           "--bind", str(work_source), str(work), "--chdir", str(work), "--clearenv", *env, "--", *argv]
    limited = ["prlimit", *limits.prlimit_args(), "--", *box]
    if not as_root:
        return limited
    import shlex

    mounts = "".join(f"mkdir -p {shlex.quote(str(dst))} && mount --bind {shlex.quote(str(src))} "
                     f"{shlex.quote(str(dst))} && " for src, dst in staging)
    from course_lib.grading import uids

    uid = uids.sandbox_uid()
    drop = ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--inh-caps=-all"]
    script = mounts + "exec " + shlex.join(drop + limited)
    return ["unshare", "--mount", "--propagation", "private", "--", "sh", "-c", script]


_NOBODY_OK: bool | None = None


def nobody_can_sandbox(bwrap: str) -> bool:
    """Whether, as root, bwrap still works after dropping to ``nobody`` (unprivileged user
    namespaces allowed). When not, the sandbox runs bwrap as root with uid ``nobody`` inside its
    user namespace: every other guarantee holds, but the process limit does not (root is exempt)."""
    global _NOBODY_OK
    if _NOBODY_OK is None:
        import subprocess

        cmd = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", bwrap,
               "--unshare-all", "--ro-bind", "/usr", "/usr", *_links(), "--", "/usr/bin/true"]
        try:
            _NOBODY_OK = subprocess.run(cmd, capture_output=True, timeout=30).returncode == 0
        except (OSError, subprocess.SubprocessError):
            _NOBODY_OK = False
    return _NOBODY_OK


def _links() -> list[str]:
    links = []
    for name in ("lib", "lib64", "bin", "sbin"):
        if Path("/" + name).is_symlink():
            links += ["--symlink", os.readlink("/" + name), "/" + name]
        elif Path("/" + name).is_dir():
            links += ["--ro-bind", "/" + name, "/" + name]
    return links


def prepare_workdir(work: Path) -> None:
    """Create ``work``, empty, for the sandbox's uid: the only privileged operation on it.

    The folder must not exist yet: it is made before any student code runs, and is owned by the
    sandbox's uid from then on (``chown`` of this one new folder, never of what is inside it, and
    never through a link). A kernel restart gets a new folder rather than this one again.

    Raises:
        FileExistsError: ``work`` exists already (the caller must give each start a new folder).
    """
    work.parent.mkdir(parents=True, exist_ok=True)
    work.mkdir(mode=0o700)
    if os.geteuid() == 0 and nobody_can_sandbox(bwrap_path() or "bwrap"):
        from course_lib.grading import uids

        uid = uids.sandbox_uid()
        os.chown(work, uid, uid, follow_symlinks=False)
