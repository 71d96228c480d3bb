"""The trusted checker: one fresh process per submission, unprivileged, that runs it and returns verdicts.

``python -m course_lib.grading.checker`` reads one job (JSON on stdin, from
:mod:`course_lib.grading.isolation`): the submission's code cells, the instructor's setup code and
test cells, the limits. It runs the cells in a sandboxed kernel (:mod:`course_lib.grading.kernel`)
and each test's code from ``solutions/`` in its own process, with the genuine checks, where every
name the test takes from the student's work is a stand-in (:mod:`course_lib.grading.remote`).
Visible tests are checked right after their cell, hidden tests after the last cell, so no later
cell can print their inputs into the feedback. When the kernel dies, the cells it had not reached
score 0; the hidden tests before it are checked in a fresh kernel that replays the cells before.

It answers with one line on stdout, :data:`RESULT_MARK` and JSON: each code cell's outputs, each
test's verdict (points and message) and the notes for the report. It writes nothing else anywhere
that counts: the gradebook and the CSVs are written by the grader, which checks every verdict
(:func:`course_lib.grading.isolation.validate`).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from course_lib.grading import remote, sandbox as sb
from course_lib.grading.hidden import strip_hidden
from course_lib.grading.kernel import KernelDied, Result, SandboxKernel

#: what starts the answer line on stdout
RESULT_MARK = "COURSE-CHECKER-RESULT "


class TrustedNotebook:
    """The instructor's notebook as the grader sent it: the setup code and each test cell's full source.

    Args:
        setup_source: the locked setup cells' code, joined.
        tests: {grade_id: full source of the test cell, hidden part included}.
    """

    def __init__(self, setup_source: str, tests: dict[str, str]):
        self.setup_source, self.tests = setup_source, dict(tests)
        self._namespace: dict | None = None
        self.functions: dict = {}
        self.symbols: frozenset = frozenset()

    def namespace(self) -> dict:
        """A fresh copy of the setup cells' namespace (run once per process), functions wrapped.

        Returns:
            A new dict each call (a test's assignments never reach the next test).
        """
        if self._namespace is None:
            ns: dict = {}
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(self.setup_source, "<setup>", "exec"), ns)  # noqa: S102 - the course's code
            for name, value in list(ns.items()):
                if callable(value) and getattr(value, "__module__", None) is None and not isinstance(value, type):
                    ns[name] = remote.SetupFunction(value, self.setup_source)
            self._namespace = ns
            self.functions, self.symbols = remote.setup_names(ns)
        return dict(self._namespace)


class GraderTimeout(BaseException):
    """A trusted check ran past its time limit (a BaseException: ``checks.call`` lets it through)."""


@contextlib.contextmanager
def time_limit(seconds: float):
    """Raise GraderTimeout once this process has used ``seconds`` of CPU time (main thread only).

    CPU time, not wall-clock time: the trusted test's own work is bounded, while waiting for the
    kernel (bounded per probe, :meth:`~course_lib.grading.kernel.SandboxKernel.execute`) or for a
    busy machine costs nothing.

    Args:
        seconds: the limit (CPU seconds of this process).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def _raise(signum, frame):
        raise GraderTimeout("the trusted check ran longer than its time limit")

    old = signal.signal(signal.SIGPROF, _raise)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


def run_test(source: str, namespace: dict, channel: remote.Channel, name: str, limit: float) -> tuple[bool, str, str]:
    """Run one test cell's code here, with stand-ins for the student's names.

    Args:
        source: the test cell's code (from solutions/).
        namespace: a fresh copy of the setup namespace.
        channel: probes into the student's kernel.
        name: the cell's name (for tracebacks).
        limit: seconds the whole test may take.

    Returns:
        (passed, error name, message).
    """
    try:
        with time_limit(limit), contextlib.redirect_stdout(io.StringIO()):
            wanted = sorted(remote.names_used(source) - set(namespace))
            namespace.update(channel.fetch(wanted))
            exec(compile(source, f"<{name}>", "exec"), namespace)  # noqa: S102 - solutions/' test code
    except KernelDied:
        raise
    except AssertionError as err:
        return False, "AssertionError", str(err)
    except (GraderTimeout, remote.ProbeTimeout) as err:
        return False, "CellTimeoutError", str(err)
    except remote.ProbeFailed as err:
        return False, "ProbeFailed", str(err)
    except Exception as err:  # noqa: BLE001 - anything else in the student's data is a failure
        return False, type(err).__name__, str(err)[:500]
    return True, "", ""


def kernel_verdict(outputs: list[dict]) -> bool:
    """nbgrader's rule: an error or stderr output fails a test cell."""
    return not any(o["output_type"] == "error" or (o["output_type"] == "stream" and o.get("name") == "stderr")
                   for o in outputs)


def _mb(n: int) -> str:
    return f"{n / 1024**2:.0f} MB"


class Run:
    """One submission's run: its kernel, its cells in order, the verdicts and notes collected.

    Args:
        job: the job the grader sent (see :mod:`course_lib.grading.isolation`).
    """

    def __init__(self, job: dict):
        self.job = job
        self.limits = sb.Limits(**job["limits"])
        self.timeout = float(job["timeout"])
        self.trusted = TrustedNotebook(job["setup"], job["tests"])
        self.cells: list[dict] = job["cells"]
        box = Path(job["box"])
        tmp_root = Path(job["tmp_root"]) if job.get("tmp_root") else None
        self.kernel = SandboxKernel(box / "work", Path(job["repo_root"]), self.limits, bool(job["unsafe"]), tmp_root)
        self.out_cells: dict[str, dict] = {}
        self.verdicts: dict[str, dict] = {}
        self.notes: list[str] = []
        self.died: dict | None = None
        self._full: set[str] = set()
        self.timeouts: list[str] = []
        self.restart_failed = ""

    # -- recording --------------------------------------------------------------------------------
    def set_cell(self, index: int, outputs: list[dict], count: int | None) -> None:
        self.out_cells[str(index)] = {"outputs": outputs, "execution_count": count}

    def verdict(self, gid: str, passed: bool, kernel_passed: bool | None, ename: str, message: str) -> None:
        points = float(self.job["points"].get(gid, 0.0))
        if ename == "CellTimeoutError" and gid not in self.timeouts:
            self.timeouts.append(gid)
        self.verdicts[gid] = {"points": points if passed else 0.0, "ename": ename or "AssertionError",
                              "message": message, "kernel": kernel_passed}

    def death(self, cell_name: str) -> None:
        code = self.kernel.returncode()
        reason = self.limits.reason(code, [], "") or (
            f"exit status {code}" if code is not None and code >= 0 else f"signal {-code if code else '?'}")
        if code is not None and code > 128 and "SIG" in reason:
            reason = f"{reason}, exit status {code}"
        self.died = {"cell": cell_name, "reason": reason}
        self.notes.append(f"the kernel died in cell {cell_name!r} ({reason}); the cells after it were not "
                          "run and their tests score 0, everything before counts")

    def limits_hit(self, name: str, result: Result) -> None:
        """Notes for the limits a cell ran into: time, output, memory, files, processes, full folders."""
        if result.timed_out:
            self.timeouts.append(name)
            self.notes.append(f"cell {name!r}: ran longer than the time limit of {self.timeout:g} s of CPU time "
                              f"(or {self.timeout * self.limits.wall_factor:g} s of wall-clock time) and was stopped")
        if result.truncated:
            self.notes.append(f"cell {name!r}: its output passed {self.limits.output_bytes} characters and was cut")
        errors = [o for o in result.outputs if o["output_type"] == "error"]
        limit = self.limits.reason(None, [o.get("ename", "") for o in errors],
                                   " ".join(str(o.get("evalue", "")) for o in errors))
        if limit:
            self.notes.append(f"cell {name!r}: {limit}")
        for what, folder, size in (("the work folder", self.job.get("box"), self.job.get("box_bytes")),
                                   ("the sandbox's /tmp", self.job.get("tmp_root"), self.limits.tmp_bytes)):
            if not folder or not size or what in self._full or (what.endswith("/tmp") and not self.job.get("tmp_root")):
                continue
            try:
                st = os.statvfs(folder)
            except OSError:
                continue
            if st.f_bavail * st.f_frsize < 1024**2:
                self._full.add(what)
                self.notes.append(f"cell {name!r}: {what} is full (limit {_mb(size)})")

    # -- running ----------------------------------------------------------------------------------
    def run(self) -> None:
        """Every code cell in order, visible tests after their cell, then the hidden tests."""
        kernel = self.kernel
        kernel.start()
        self.trusted.namespace()
        channel = remote.Channel(kernel, self.timeout, self.trusted.functions, self.trusted.symbols)
        died_at: int | None = None
        deferred: list[dict] = []
        count = 0
        for cell in self.cells:
            name, index = cell["name"], cell["index"]
            if died_at is not None:
                self.set_cell(index, [], None)
                if cell["test"]:
                    self.verdict(cell["grade_id"], False, None, "KernelDied", "not run: the kernel died in an earlier cell")
                continue
            source = None
            visible = cell["source"]
            if cell["test"]:
                source = self.trusted.tests.get(cell["grade_id"], cell["source"])
                visible, hidden = strip_hidden(source)
                if hidden:
                    deferred.append(cell)
                    self.set_cell(index, [], None)
                    continue
            count += 1
            try:
                result = kernel.execute(visible, self.timeout)
            except KernelDied:
                died_at = index
                self.death(name)
                self.set_cell(index, [{"output_type": "stream", "name": "stdout", "text": (
                    f"[grader] The kernel died while running this cell ({self.died['reason']}). "
                    "The cells below were not run.\n")}], None)
                if cell["test"]:
                    self.verdict(cell["grade_id"], False, None, "KernelDied", "the kernel died in this cell")
                continue
            if result.timed_out:
                result.outputs.append({"output_type": "error", "ename": "CellTimeoutError",
                                       "evalue": "this cell ran longer than the time limit and was stopped",
                                       "traceback": ["CellTimeoutError: this cell ran longer than the time limit"]})
            self.limits_hit(name, result)
            self.set_cell(index, result.outputs, count)
            if source is None:
                continue
            if result.timed_out:   # calling the same code again would only wait as long again
                self.verdict(cell["grade_id"], False, False, "CellTimeoutError",
                             "this test ran longer than the time limit and was stopped")
                continue
            try:
                passed, ename, message = run_test(source, self.trusted.namespace(), channel, name, 4 * self.timeout)
            except KernelDied:
                died_at = index
                self.death(name)
                passed, ename, message = False, "KernelDied", "the kernel died while this test called your code"
            self.verdict(cell["grade_id"], passed, kernel_verdict(result.outputs), ename, message)
        self.hidden(deferred, died_at)

    def hidden(self, deferred: list[dict], died_at: int | None) -> None:
        """Hidden tests, after every cell ran (a kernel that died is restarted in a fresh folder and
        replayed up to its death)."""
        todo = [c for c in deferred if died_at is None or c["index"] < died_at]
        for cell in deferred:
            if cell not in todo:
                self.verdict(cell["grade_id"], False, None, "KernelDied", "not run: the kernel died in an earlier cell")
        if not todo:
            return
        kernel = self.kernel
        if died_at is not None:
            kernel.stop()
            try:
                kernel.start()
                for cell in self.cells:
                    if cell["index"] < died_at and not cell["test"]:
                        kernel.execute(cell["source"], self.timeout, record=False)
            except KernelDied:
                for cell in todo:
                    self.verdict(cell["grade_id"], False, None, "KernelDied",
                                 "not run: the kernel died again while its cells were replayed")
                return
            except RuntimeError as err:      # the fresh kernel did not start: these tests only are lost
                self.notes.append(f"the kernel could not be restarted for the hidden tests ({str(err)[:200]}); "
                                  "they score 0")
                self.restart_failed = str(err)[:300]
                for cell in todo:
                    self.verdict(cell["grade_id"], False, None, "KernelDied",
                                 "not run: the kernel could not be restarted for this test")
                return
        channel = remote.Channel(kernel, self.timeout, self.trusted.functions, self.trusted.symbols)
        for position, cell in enumerate(todo):
            gid = cell["grade_id"]
            try:
                passed, ename, message = run_test(self.trusted.tests[gid], self.trusted.namespace(), channel, gid,
                                                  4 * self.timeout)
            except KernelDied:
                if self.died is None:
                    self.death(gid)
                for other in todo[position:]:
                    self.verdict(other["grade_id"], False, None, "KernelDied",
                                 "the kernel died while a hidden test called your code")
                return
            self.verdict(gid, passed, None, ename, message)

    def answer(self) -> dict:
        """The plain data the grader reads back."""
        return {"cells": self.out_cells, "verdicts": self.verdicts, "notes": self.notes, "died": self.died,
                "timeouts": self.timeouts, "restart_failed": self.restart_failed}


def main() -> int:
    """Read the job on stdin, run it, write :data:`RESULT_MARK` and the answer as one line on stdout.

    Returns:
        The exit status (0 once an answer was written).
    """
    answer_fd = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)                       # nothing else run here can write into the answer
    job = json.loads(sys.stdin.read())
    run = Run(job)
    try:
        run.run()
    finally:
        run.kernel.stop()
    text = RESULT_MARK + json.dumps(run.answer(), allow_nan=False, default=_plain) + "\n"
    with os.fdopen(answer_fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    return 0


def _plain(value: Any) -> Any:
    """JSON for what the kernel's messages hold besides plain types (e.g. a datetime in metadata)."""
    return re.sub(r"\s+", " ", str(value))[:200]


if __name__ == "__main__":
    sys.exit(main())
