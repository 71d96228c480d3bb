"""nbgrader's execution step, replaced: the student's cells run in a sandboxed kernel, the tests in the grader.

:class:`SandboxedExecute` takes the place of nbgrader's ``Execute`` in
``Autograde.autograde_preprocessors`` (nbgrader_config.py). nbgrader still restores the locked
cells, checks the checksums, saves the grades and renders the feedback; only executing changes:

1. The notebook's cells run, in order, in a kernel inside a sandbox (:mod:`course_lib.grading.sandbox`).
   A visible test cell also runs there (its output is the student's feedback, and its in-kernel
   verdict is kept for comparison); hidden tests never run in the kernel.
2. Each test cell's verdict comes from running the test's code from ``solutions/`` in the grader's
   process, with the genuine checks and references, where every name the test takes from the
   student's work is a stand-in (:mod:`course_lib.grading.remote`). Visible tests are checked right
   after their cell; hidden tests after the last cell, so no later cell can print their inputs
   into the feedback.
3. The verdict becomes the test cell's output: a passing cell keeps the student's stdout and
   displays (never stderr: a warning or a debug print costs nothing), a failing cell ends in one
   error with the trusted message (hidden ones are shown as a hint by
   :class:`~course_lib.grading.feedback.HideHiddenTests`). nbgrader's SaveAutoGrades then stores it.

When the kernel dies (``os._exit``, a signal, a limit), the cells it had not reached score 0 and
the report says which cell killed it and why; everything before counts.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import signal
import tempfile
import threading
from pathlib import Path

import nbformat
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Bool, Int, Unicode

from course_lib.grading import remote, sandbox as sb
from course_lib.grading.feedback import strip_hidden
from course_lib.grading.kernel import KernelDied, SandboxKernel

#: per (assignment, student, notebook): what the trusted run found, read by autograde.py
RESULTS: dict[tuple[str, str, str], dict] = {}
_TRUSTED: dict[tuple[str, str], "TrustedNotebook"] = {}


def _nbgrader(cell) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def is_test(cell) -> bool:
    meta = _nbgrader(cell)
    return cell.get("cell_type") == "code" and bool(meta.get("grade")) and not meta.get("solution")


class TrustedNotebook:
    """The instructor's notebook: its setup code and each test cell's full source (hidden part included)."""

    def __init__(self, path: Path):
        nb = nbformat.read(path, as_version=4)
        self.tests: dict[str, str] = {}
        setup_parts: list[str] = []
        for cell in nb.cells:
            meta = _nbgrader(cell)
            if is_test(cell):
                self.tests[meta["grade_id"]] = cell.source
            elif cell.cell_type == "code" and meta.get("locked") and not meta.get("solution"):
                setup_parts.append(cell.source)
        self.setup_source = "\n\n".join(setup_parts)
        self._namespace: dict | None = None
        self.functions: dict = {}
        self.symbols: frozenset = frozenset()

    def namespace(self) -> dict:
        """A fresh copy of the setup cells' namespace (run once in the grader), functions wrapped."""
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


def trusted_notebook(repo_root: Path, source_dir: str, assignment: str, notebook: str) -> TrustedNotebook:
    key = (assignment, notebook)
    if key not in _TRUSTED:
        _TRUSTED[key] = TrustedNotebook(Path(repo_root) / source_dir / assignment / f"{notebook}.ipynb")
    return _TRUSTED[key]


class GraderTimeout(BaseException):
    """A trusted check ran past its time limit (a BaseException: ``checks.call`` lets it through)."""


@contextlib.contextmanager
def time_limit(seconds: float):
    """Raise GraderTimeout in the grader after ``seconds`` (main thread only; elsewhere no limit)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def _raise(signum, frame):
        raise GraderTimeout("the trusted check ran longer than its time limit")

    old = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def run_test(source: str, namespace: dict, channel: remote.Channel, name: str, limit: float) -> tuple[bool, str, str]:
    """Run one test cell's code in the grader; returns (passed, error name, message)."""
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


def _kernel_verdict(outputs: list[dict]) -> bool:
    """nbgrader's rule: an error or stderr output fails a test cell."""
    return not any(o["output_type"] == "error" or (o["output_type"] == "stream" and o.get("name") == "stderr")
                   for o in outputs)


def _verdict_outputs(kernel_outputs: list[dict], passed: bool, ename: str, message: str) -> list:
    kept = [o for o in kernel_outputs
            if (o["output_type"] == "stream" and o.get("name") == "stdout") or o["output_type"] == "display_data"]
    out = [nbformat.from_dict(o) for o in kept]
    if not passed:
        out.append(nbformat.v4.new_output("error", ename=ename, evalue=message,
                                          traceback=[f"{ename}: {message}"]))
    return out


class SandboxedExecute(NbGraderPreprocessor):
    """Run the submission in a sandboxed kernel; take each test's verdict from the trusted checker."""

    repo_root = Unicode("", help="checkout holding solutions/ (the trusted tests); empty: the course "
                                 "directory's source/ (plain `nbgrader autograde`)").tag(config=True)
    source_dir = Unicode("solutions", help="instructor notebooks, relative to repo_root").tag(config=True)
    timeout = Int(30, help="seconds per cell, and per probe of a student's function").tag(config=True)
    unsafe_no_sandbox = Bool(False, help="run the kernel without a sandbox (refused unless set)").tag(config=True)
    cpu_seconds = Int(sb.Limits.cpu_seconds, help="CPU seconds per sandboxed process").tag(config=True)
    memory_bytes = Int(sb.Limits.memory_bytes, help="address space per sandboxed process").tag(config=True)
    processes = Int(sb.Limits.processes, help="processes in the sandbox").tag(config=True)
    file_bytes = Int(sb.Limits.file_bytes, help="largest file written in the sandbox").tag(config=True)

    def limits(self) -> sb.Limits:
        return sb.Limits(self.cpu_seconds, self.memory_bytes, self.processes, self.file_bytes)

    def preprocess(self, nb, resources):
        info = resources["nbgrader"]
        key = (info["assignment"], info["student"], info["notebook"])
        if self.repo_root:
            root, source_dir = Path(self.repo_root), self.source_dir
        else:   # plain `nbgrader autograde` in a course directory: the tests come from its source/
            root = Path(self.config.CourseDirectory.get("root", ".") or ".")
            source_dir = self.config.CourseDirectory.get("source_directory", "source")
        trusted = trusted_notebook(root, source_dir, info["assignment"], info["notebook"])
        report = {"cells": {}, "notes": [], "died": None}
        with tempfile.TemporaryDirectory(prefix="sandbox-") as tmp:
            Path(tmp).chmod(0o711)
            kernel = SandboxKernel(Path(tmp) / "work", root, self.limits(), self.unsafe_no_sandbox)
            try:
                self._run(nb, trusted, kernel, report)
            finally:
                kernel.stop()
        RESULTS[key] = report
        return nb, resources

    def _death(self, kernel: SandboxKernel, cell_name: str, result_text: str, report: dict) -> None:
        code = kernel.returncode()
        reason = self.limits().reason(code, [], result_text) or (
            f"exit status {code}" if code is not None and code >= 0 else f"signal {-code if code else '?'}")
        if code is not None and code > 128 and "SIG" in reason:
            reason = f"{reason}, exit status {code}"
        report["died"] = {"cell": cell_name, "reason": reason}
        report["notes"].append(f"the kernel died in cell {cell_name!r} ({reason}); the cells after it were not "
                               "run and their tests score 0, everything before counts")

    def _run(self, nb, trusted: TrustedNotebook, kernel: SandboxKernel, report: dict) -> None:
        kernel.start()
        trusted.namespace()
        channel = remote.Channel(kernel, self.timeout, trusted.functions, trusted.symbols)
        died_at: int | None = None
        deferred: list[int] = []
        count = 0
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            name = _nbgrader(cell).get("grade_id") or cell.get("id") or f"cell {index + 1}"
            if died_at is not None:
                cell.outputs = []
                if is_test(cell):
                    self._set(cell, report, name, False, None, "KernelDied",
                              "not run: the kernel died in an earlier cell")
                continue
            if is_test(cell):
                source = trusted.tests.get(_nbgrader(cell)["grade_id"], cell.source)
                visible, hidden = strip_hidden(source)
                if hidden:
                    deferred.append(index)
                    cell.outputs = []
                    continue
            else:
                visible, source = cell.source, None
            count += 1
            try:
                result = kernel.execute(visible, self.timeout)
            except KernelDied:
                died_at = index
                self._death(kernel, name, "", report)
                cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=(
                    f"[grader] The kernel died while running this cell ({report['died']['reason']}). "
                    "The cells below were not run.\n"))]
                if is_test(cell):
                    self._set(cell, report, name, False, None, "KernelDied", "the kernel died in this cell")
                continue
            if result.timed_out:
                result.outputs.append({"output_type": "error", "ename": "CellTimeoutError",
                                       "evalue": "this cell ran longer than the time limit and was stopped",
                                       "traceback": ["CellTimeoutError: this cell ran longer than the time limit"]})
            limit = self.limits().reason(None, [o.get("ename", "") for o in result.outputs if o["output_type"] == "error"],
                                         " ".join(str(o.get("evalue", "")) for o in result.outputs))
            if limit:
                report["notes"].append(f"cell {name!r}: {limit}")
            if source is None:
                cell.outputs = [nbformat.from_dict(o) for o in result.outputs]
                cell.execution_count = count
                continue
            if result.timed_out:   # calling the same code again would only wait as long again
                self._set(cell, report, name, False, False, "CellTimeoutError",
                          "this test ran longer than the time limit and was stopped", result.outputs)
                cell.execution_count = count
                continue
            try:
                passed, ename, message = run_test(source, trusted.namespace(), channel, name, 4 * self.timeout)
            except KernelDied:
                died_at = index
                self._death(kernel, name, "", report)
                passed, ename, message = False, "KernelDied", "the kernel died while this test called your code"
            self._set(cell, report, name, passed, _kernel_verdict(result.outputs), ename, message, result.outputs)
            cell.execution_count = count
        self._hidden(nb, trusted, kernel, deferred, died_at, report)

    def _hidden(self, nb, trusted, kernel, deferred, died_at, report) -> None:
        """Hidden tests, after every cell ran (a kernel that died is restarted and replayed up to its death)."""
        todo = [i for i in deferred if died_at is None or i < died_at]
        for i in deferred:
            if i not in todo:
                self._set(nb.cells[i], report, _nbgrader(nb.cells[i])["grade_id"], False, None, "KernelDied",
                          "not run: the kernel died in an earlier cell")
        if not todo:
            return
        if died_at is not None:
            kernel.stop()
            try:
                kernel.start()
                for cell in nb.cells[:died_at]:
                    if cell.cell_type == "code" and not is_test(cell):
                        kernel.execute(cell.source, self.timeout, record=False)
            except KernelDied:
                for i in todo:
                    self._set(nb.cells[i], report, _nbgrader(nb.cells[i])["grade_id"], False, None, "KernelDied",
                              "not run: the kernel died again while its cells were replayed")
                return
        channel = remote.Channel(kernel, self.timeout, trusted.functions, trusted.symbols)
        for position, i in enumerate(todo):
            cell = nb.cells[i]
            gid = _nbgrader(cell)["grade_id"]
            try:
                passed, ename, message = run_test(trusted.tests[gid], trusted.namespace(), channel, gid, 4 * self.timeout)
            except KernelDied:
                if report["died"] is None:
                    self._death(kernel, gid, "", report)
                for j in todo[position:]:
                    self._set(nb.cells[j], report, _nbgrader(nb.cells[j])["grade_id"], False, None, "KernelDied",
                              "the kernel died while a hidden test called your code")
                return
            self._set(cell, report, gid, passed, None, ename, message)

    @staticmethod
    def _set(cell, report, name, passed, kernel_passed, ename, message, kernel_outputs=()) -> None:
        cell.outputs = _verdict_outputs(list(kernel_outputs), passed, ename or "AssertionError", message)
        report["cells"][name] = {"trusted": passed, "kernel": kernel_passed, "ename": ename,
                                 "message": re.sub(r"\s+", " ", message)[:300]}


def dump(report: dict) -> str:
    return json.dumps(report, sort_keys=True)
