"""The grader's side of the trusted checker: start it unprivileged, bound its time, check its verdicts.

Each submission gets a fresh checker process (:mod:`course_lib.grading.checker`). When the grader
runs as root with a working sandbox, the checker starts in its own PID and mount namespaces
(``unshare``), in which root first

- mounts a fresh tmpfs over ``/tmp``, ``/var/tmp`` and ``/dev/shm`` (the host's are not there, nor
  any other student's folders), and in it two sized tmpfs: the work folders
  (:attr:`~course_lib.grading.sandbox.Limits.work_bytes`) and the sandbox's ``/tmp``
  (:attr:`~course_lib.grading.sandbox.Limits.tmp_bytes`), owned by the worker's uid; everything a student
  writes lives there and vanishes with the namespace;
- makes the Python installation, the virtual environment and ``course_lib`` reachable for that uid
  where a parent folder is not (e.g. a Python under ``/root``), by mounting them back into an
  otherwise empty tmpfs over that parent (the rest of it, e.g. ``solutions/``, is not there);

and then drops to the worker's own unprivileged uid (``setpriv``; :mod:`course_lib.grading.uids`: one
uid per worker process, so a fork bomb fills only its own worker's process limit), which runs the
checker, which starts the student's kernel in bubblewrap. Every process of the namespace dies with
it, and any process of that uid still running when the next submission starts is killed first. The checker has no write access
to the gradebook or the output folder: it answers with one line of JSON on stdout, which
:func:`validate` reads as data (known cells only, points within each cell's maximum). A checker that
crashes, overruns :attr:`~course_lib.grading.sandbox.Limits.submission_seconds` or answers nonsense
costs its own submission its points (with the reason), and nothing else.
"""

from __future__ import annotations

import json
import math
import os
import shlex
import signal
import subprocess
import sys
import threading
from pathlib import Path

from course_lib.grading import cgroup, folders, sandbox as sb, uids
from course_lib.grading.checker import RESULT_MARK

#: largest answer read from a checker (bytes); more is nonsense
MAX_ANSWER = 64 * 1024**2
#: host folders every user may write to: a fresh tmpfs hides each from the checker
SHARED_WRITABLE = ("/tmp", "/var/tmp", "/dev/shm")
#: output kinds a cell may have, with their fields
OUTPUT_FIELDS = {"stream": {"name", "text"}, "display_data": {"data", "metadata"},
                 "execute_result": {"data", "metadata", "execution_count"}, "error": {"ename", "evalue", "traceback"}}


class CheckerFailed(Exception):
    """The checker gave no usable answer (the message says why, for problems.txt)."""


def _top_closed(path: Path) -> Path | None:
    """The highest parent of ``path`` that other users cannot enter, or None."""
    for part in reversed(Path(path).resolve().parents):
        if not os.stat(part).st_mode & 0o001:
            return part
    return None


def isolated() -> bool:
    """Whether checkers run in their own namespaces (as root, with bwrap)."""
    return os.geteuid() == 0 and sb.bwrap_path() is not None


def command(limits: sb.Limits, repo_root: Path) -> tuple[list[str], dict]:
    """The command line that starts one checker, and the job fields that say where its folders are.

    Args:
        limits: the sandbox's limits (sizes of the work folder and of /tmp).
        repo_root: the checkout (course_lib is found from the running import).

    Returns:
        (command line, {"box", "tmp_root", "box_bytes"} for the job).
    """
    python = [sys.executable, "-m", "course_lib.grading.checker"]
    if not isolated():
        return python, {}
    drop = sb.nobody_can_sandbox(sb.bwrap_path() or "bwrap")
    uid = uids.sandbox_uid() if drop else 0
    keep = [p for p in sb.readonly_paths(repo_root)]
    hide_tmp = not any(p.is_relative_to("/tmp") for p in keep)
    base = Path("/tmp/checker") if hide_tmp else None
    q = shlex.quote
    steps = []
    if hide_tmp:
        steps += [f"mount -t tmpfs -o size=16m,mode=1777 tmpfs {q(d)}" for d in SHARED_WRITABLE
                  if os.path.isdir(d) and not os.path.islink(d)]
    if base is None:          # a checkout or venv under /tmp: keep the host's /tmp, mount inside a private folder
        base = folders.make("sandbox-", mode=0o711)
    box, tmp, home, stage = base / "box", base / "tmp", base / "home", base / "stage"
    own = f"uid={uid},gid={uid},mode=0700"
    steps += [f"mkdir -p {q(str(box))} {q(str(tmp))} {q(str(home))} {q(str(stage))}",
              f"mount -t tmpfs -o size={limits.work_bytes},{own} tmpfs {q(str(box))}",
              f"mount -t tmpfs -o size={limits.tmp_bytes},{own} tmpfs {q(str(tmp))}",
              f"mount -t tmpfs -o size=64m,{own} tmpfs {q(str(home))}"]
    if drop:
        closed = [(p, _top_closed(p)) for p in keep if not sb._world_traversable(p)]
        for number, (path, _) in enumerate(closed):
            steps += [f"mkdir -p {q(str(stage / str(number)))}", f"mount --bind {q(str(path))} {q(str(stage / str(number)))}"]
        for top in sorted({t for _, t in closed if t is not None}, key=lambda t: len(t.parts)):
            steps.append(f"mount -t tmpfs -o size=1m,mode=0755 tmpfs {q(str(top))}")
        for number, (path, _) in enumerate(closed):
            steps += [f"mkdir -p {q(str(path))}", f"mount --bind {q(str(stage / str(number)))} {q(str(path))}"]
    become = ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--inh-caps=-all"] if drop else []
    script = " && ".join(steps + ["exec " + shlex.join(become + ["env", f"HOME={home}", *python])])
    cmd = ["unshare", "--mount", "--pid", "--fork", "--kill-child", "--mount-proc", "--propagation", "private",
           "--", "sh", "-c", script]
    return cmd, {"box": str(box), "tmp_root": str(tmp), "box_bytes": limits.work_bytes, "home": str(home),
                 "host_folder": None if hide_tmp else str(base)}


def environment(home: str) -> dict[str, str]:
    """The checker's environment: a path, its home, course_lib's folder, the course's language."""
    import course_lib

    env = {"PATH": f"{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin", "HOME": home,
           "PYTHONPATH": str(Path(course_lib.__file__).resolve().parents[1]), "LANG": "C.UTF-8",
           "PYTHONDONTWRITEBYTECODE": "1", "MPLBACKEND": "Agg", "MPLCONFIGDIR": f"{home}/.mpl",
           "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    if "COURSE_LANG" in os.environ:
        env["COURSE_LANG"] = os.environ["COURSE_LANG"]
    return env


def _reader(stream, limit: int, out: list) -> None:
    """Read ``stream`` to its end, keeping at most ``limit`` bytes (out[0]) and whether it was more (out[1])."""
    kept, more = bytearray(), False
    while True:
        chunk = stream.read(65536)
        if not chunk:
            break
        if len(kept) < limit:
            kept += chunk[:limit - len(kept)]
        else:
            more = True
    out[:] = [bytes(kept), more]


def run(job: dict, limits: sb.Limits, repo_root: Path, argv: list[str] | None = None) -> dict:
    """Run one checker on ``job`` and return its raw answer (not yet validated).

    Args:
        job: cells, tests, setup, points, timeout, unsafe (the folders are filled in here).
        limits: the sandbox's limits; ``submission_seconds`` bounds the whole run.
        repo_root: the checkout.
        argv: another checker command (for tests of what a broken checker does); default: the real one.

    Returns:
        The answer's JSON, parsed.

    Raises:
        CheckerFailed: it ran out of time, crashed or answered something unreadable.
    """
    host_folder = None
    if argv is None and not job.get("unsafe"):
        if isolated() and sb.nobody_can_sandbox(sb.bwrap_path() or "bwrap"):
            end_leftovers(uids.sandbox_uid())
        cmd, where = command(limits, repo_root)
        host_folder = where.pop("host_folder", None)
    else:
        cmd, where = list(argv or [sys.executable, "-m", "course_lib.grading.checker"]), {}
    plain = host_folder is None and not where
    if plain:
        host_folder = str(folders.make("sandbox-", mode=0o700))
        where = {"box": str(Path(host_folder) / "box"), "tmp_root": None, "box_bytes": None,
                 "home": str(Path(host_folder) / "home")}
        Path(where["home"]).mkdir()
    home = where.pop("home")
    job = dict(job, **where, repo_root=str(repo_root), limits=_fields(limits))
    join, uncgroup = None, (lambda: None)
    if argv is None and not job.get("unsafe"):
        cmd, join, uncgroup = cgroup.wrap(cmd, memory_limit(limits))
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=environment(home), cwd="/", start_new_session=True, preexec_fn=join)
    folders.register_process(proc)
    out: list = [b"", False]
    err: list = [b"", False]
    threads = [threading.Thread(target=_reader, args=(proc.stdout, MAX_ANSWER, out), daemon=True),
               threading.Thread(target=_reader, args=(proc.stderr, 20000, err), daemon=True)]
    for t in threads:
        t.start()
    try:
        try:
            proc.stdin.write(json.dumps(job).encode())
            proc.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        try:
            proc.wait(timeout=limits.submission_seconds)
        except subprocess.TimeoutExpired:
            _kill(proc)
            raise CheckerFailed(f"ran out of time: the submission took longer than its limit of "
                                f"{limits.submission_seconds} s; its tests score 0") from None
        for t in threads:
            t.join(timeout=10)
    finally:
        _kill(proc)
        folders.unregister_process(proc)
        uncgroup()
        if argv is None and not job.get("unsafe") and isolated() and sb.nobody_can_sandbox(sb.bwrap_path() or "bwrap"):
            end_leftovers(uids.sandbox_uid())
        if host_folder is not None:
            folders.remove(Path(host_folder))
    return _parse(out, err, proc.returncode)


def end_leftovers(uid: int, wait: float = 10.0) -> None:
    """Kill every process of ``uid`` (this worker's own: a submission's, which must not outlive it) and
    wait until they are gone, so the next submission starts with the whole process limit."""
    import time

    import psutil

    deadline = time.monotonic() + wait
    while True:
        pids = uids.processes_of(uid)
        if not pids or time.monotonic() > deadline:
            return
        for pid in pids:
            try:
                psutil.Process(pid).kill()
            except psutil.Error:
                pass
        time.sleep(0.05)


def memory_limit(limits: sb.Limits) -> int:
    """Memory of a whole submission: the kernel's limit, both tmpfs and 512 MB for the checker itself."""
    return limits.memory_bytes + limits.tmp_bytes + limits.work_bytes + 512 * 1024**2


def _kill(proc: subprocess.Popen) -> None:
    """End the checker and everything it started (its namespace, or its process group)."""
    import psutil

    if proc.poll() is None:
        try:
            kids = psutil.Process(proc.pid).children(recursive=True)
        except psutil.Error:
            kids = []
        for p in [*kids]:
            try:
                p.kill()
            except psutil.Error:
                pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            proc.kill()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass


def _parse(out: list, err: list, returncode: int | None) -> dict:
    text, more = out
    if more:
        raise CheckerFailed(f"the trusted checker answered more than {MAX_ANSWER // 1024**2} MB; its tests score 0")
    line = next((ln for ln in reversed(text.decode("utf-8", errors="replace").splitlines())
                 if ln.startswith(RESULT_MARK)), None)
    if line is None:
        tail = err[0].decode("utf-8", errors="replace").strip().splitlines()
        last = tail[-1][:300] if tail else "no message"
        how = f"exit status {returncode}" if returncode is not None and returncode >= 0 else \
            f"signal {-(returncode or 0)}"
        raise CheckerFailed(f"the trusted checker crashed ({how}: {last}); its tests score 0")
    try:
        return json.loads(line[len(RESULT_MARK):])
    except (ValueError, RecursionError):
        raise CheckerFailed("the trusted checker's answer is not readable JSON; its tests score 0") from None


def _fields(limits: sb.Limits) -> dict:
    import dataclasses

    return dataclasses.asdict(limits)


def _text(value, limit: int, what: str) -> str:
    if not isinstance(value, str):
        raise CheckerFailed(f"{what} is a {type(value).__name__}, not text")
    return value[:limit]


def _output(raw, limit: int) -> dict:
    """One output as nbformat wants it, from the checker's data (only known kinds and fields)."""
    if not isinstance(raw, dict) or raw.get("output_type") not in OUTPUT_FIELDS:
        raise CheckerFailed(f"an output of unknown kind {str(raw.get('output_type') if isinstance(raw, dict) else raw)[:40]!r}")
    kind = raw["output_type"]
    out: dict = {"output_type": kind}
    for field in OUTPUT_FIELDS[kind]:
        value = raw.get(field)
        if field in ("name", "ename", "evalue"):
            value = _text(value if value is not None else "", 10000, f"the output's {field}")
            if field == "name" and value not in ("stdout", "stderr"):
                raise CheckerFailed(f"a stream named {value[:20]!r} (allowed: stdout, stderr)")
        elif field == "text":
            value = _text(value, limit, "a stream's text")
        elif field == "traceback":
            if not isinstance(value, list):
                value = []
            value = [_text(v, 10000, "a traceback line") for v in value[:200]]
        elif field in ("data", "metadata"):
            value = value if isinstance(value, dict) else {}
            if len(json.dumps(value)) > limit:
                raise CheckerFailed(f"an output's {field} is larger than {limit} characters")
            if field == "data":
                value = {_text(k, 200, "a mime type"): v for k, v in value.items()
                         if isinstance(v, (str, list, dict))}
        elif field == "execution_count":
            value = None
        out[field] = value
    return out


def validate(answer, tests: dict[str, float], code_cells: set[int], limits: sb.Limits) -> dict:
    """The checker's answer, checked as data: known cells only, points within each cell's maximum.

    Args:
        answer: the parsed JSON.
        tests: {grade_id: maximum points} of the submission's test cells.
        code_cells: indices of its code cells.
        limits: for the output caps.

    Returns:
        ``{"cells": {index: {"outputs", "execution_count"}}, "verdicts": {grade_id: {"points", "ename",
        "message", "kernel"}}, "notes": [str], "died": {"cell", "reason"} or None, "timeouts": [cell name],
        "restart_failed": str}``; a test without
        a verdict is given one that fails.

    Raises:
        CheckerFailed: anything outside that shape, an unknown cell, or points out of range.
    """
    if not isinstance(answer, dict) or not {"cells", "verdicts", "notes"} <= set(answer):
        raise CheckerFailed("the trusted checker's answer lacks cells, verdicts or notes; its tests score 0")
    try:
        verdicts = {}
        if not isinstance(answer["verdicts"], dict):
            raise CheckerFailed("the verdicts are not a table")
        for gid, v in answer["verdicts"].items():
            if gid not in tests:
                raise CheckerFailed(f"a verdict for {str(gid)[:60]!r}, which is not a test cell of this notebook")
            points = v.get("points") if isinstance(v, dict) else None
            if isinstance(points, bool) or not isinstance(points, (int, float)) or not math.isfinite(points) \
                    or not 0 <= points <= tests[gid]:
                raise CheckerFailed(f"{points!r} points for {gid!r}, whose maximum is {tests[gid]:g}")
            kernel = v.get("kernel")
            verdicts[gid] = {"points": float(points), "ename": _text(v.get("ename", ""), 200, "an error name"),
                             "message": _text(v.get("message", ""), 2000, "a message"),
                             "kernel": kernel if isinstance(kernel, bool) else None}
        for gid in tests:
            verdicts.setdefault(gid, {"points": 0.0, "ename": "CheckerFailed", "kernel": None,
                                      "message": "the trusted checker gave no verdict for this test"})
        cells = {}
        if not isinstance(answer["cells"], dict):
            raise CheckerFailed("the cells are not a table")
        for key, cell in answer["cells"].items():
            if not (isinstance(key, str) and key.isdigit() and int(key) in code_cells) or not isinstance(cell, dict):
                raise CheckerFailed(f"outputs for {str(key)[:20]!r}, which is not a code cell of this notebook")
            outputs = cell.get("outputs")
            if not isinstance(outputs, list) or len(outputs) > 10000:
                raise CheckerFailed("a cell's outputs are not a list")
            count = cell.get("execution_count")
            cells[int(key)] = {"outputs": [_output(o, limits.output_bytes) for o in outputs],
                               "execution_count": count if isinstance(count, int) and not isinstance(count, bool)
                               else None}
        notes = answer["notes"]
        if not isinstance(notes, list):
            raise CheckerFailed("the notes are not a list")
        notes = [_text(n, 500, "a note") for n in notes[:100]]
        timeouts = answer.get("timeouts", [])
        timeouts = [_text(n, 200, "a cell name") for n in timeouts[:100]] if isinstance(timeouts, list) else []
        restart_failed = _text(answer.get("restart_failed") or "", 300, "a reason")
        died = answer.get("died")
        died = {"cell": _text(died.get("cell"), 200, "a cell name"), "reason": _text(died.get("reason"), 300, "a reason")} \
            if isinstance(died, dict) else None
    except CheckerFailed as err:
        if str(err).endswith("score 0"):
            raise
        raise CheckerFailed(f"the trusted checker's answer was refused: {err}; its tests score 0") from None
    except (AttributeError, TypeError, ValueError) as err:
        raise CheckerFailed(f"the trusted checker's answer was refused ({type(err).__name__}); its tests score 0") \
            from None
    return {"cells": cells, "verdicts": verdicts, "notes": notes, "died": died, "timeouts": timeouts,
            "restart_failed": restart_failed}
