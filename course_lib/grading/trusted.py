"""nbgrader's execution step, replaced: a fresh, unprivileged checker per submission; verdicts checked here.

:class:`SandboxedExecute` takes the place of nbgrader's ``Execute`` in
``Autograde.autograde_preprocessors`` (nbgrader_config.py). nbgrader still restores the locked
cells, checks the checksums, saves the grades and renders the feedback; only executing changes:

1. The submission's code cells, the instructor's setup code and test cells (from ``solutions/``)
   go to a new checker process (:mod:`course_lib.grading.checker`, started by
   :mod:`course_lib.grading.isolation`): as ``nobody`` in its own namespaces when the grader is
   root. It runs the cells in a sandboxed kernel and the tests with the genuine checks, and
   answers with plain JSON.
2. This process, the only one that writes the gradebook (through nbgrader) and the CSVs, reads that
   answer as data: known cells only, points within each cell's maximum
   (:func:`course_lib.grading.isolation.validate`). A checker that crashes, runs out of time or
   answers nonsense costs its own submission its points, with the reason in ``problems.txt``.
3. Each verdict becomes the test cell's output: a passing cell keeps the student's stdout and
   displays (never stderr: a warning or a debug print costs nothing), a failing cell ends in one
   error with the trusted message (hidden ones are shown as a hint by
   :class:`~course_lib.grading.feedback.HideHiddenTests`). nbgrader's SaveAutoGrades then stores it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Bool, Int, Unicode

from course_lib.grading import isolation, sandbox as sb

#: per (assignment, student, notebook): what the trusted run found, read by autograde.py
RESULTS: dict[tuple[str, str, str], dict] = {}
_INSTRUCTOR: dict[tuple[str, str, str], "InstructorNotebook"] = {}


def _nbgrader(cell) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def is_test(cell) -> bool:
    """Whether ``cell`` is an autograded test cell (graded, not a solution)."""
    meta = _nbgrader(cell)
    return cell.get("cell_type") == "code" and bool(meta.get("grade")) and not meta.get("solution")


class InstructorNotebook:
    """The instructor's notebook, read as text: its setup code and each test cell's full source.

    Args:
        path: the notebook in ``solutions/``.
    """

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


def instructor_notebook(repo_root: Path, source_dir: str, assignment: str, notebook: str) -> InstructorNotebook:
    """The (cached) :class:`InstructorNotebook` of one assignment's notebook."""
    key = (str(repo_root), assignment, notebook)
    if key not in _INSTRUCTOR:
        _INSTRUCTOR[key] = InstructorNotebook(Path(repo_root) / source_dir / assignment / f"{notebook}.ipynb")
    return _INSTRUCTOR[key]


def verdict_outputs(kernel_outputs: list[dict], points: float, max_points: float, ename: str,
                    message: str) -> list:
    """A test cell's outputs for nbgrader's scoring: kept stdout and displays, then the verdict.

    Args:
        kernel_outputs: what the cell printed and displayed in the kernel.
        points: the validated points; ``max_points``: the cell's maximum.
        ename, message: the failure (when ``points`` < ``max_points``).

    Returns:
        nbformat outputs: no error at full points; an ``execute_result`` with the points for partial
        credit; one error with the trusted message at 0.
    """
    kept = [o for o in kernel_outputs
            if (o["output_type"] == "stream" and o.get("name") == "stdout") or o["output_type"] == "display_data"]
    out = [nbformat.from_dict(o) for o in kept]
    if 0 < points < max_points:
        out.append(nbformat.v4.new_output("execute_result", data={"text/plain": repr(float(points))}))
    elif points < max_points:
        out.append(nbformat.v4.new_output("error", ename=ename, evalue=message, traceback=[f"{ename}: {message}"]))
    return out


class SandboxedExecute(NbGraderPreprocessor):
    """Run the submission through a fresh checker process; take each test's verdict from its answer."""

    repo_root = Unicode("", help="checkout holding solutions/ (the trusted tests); empty: the course "
                                 "directory's source/ (plain `nbgrader autograde`)").tag(config=True)
    source_dir = Unicode("solutions", help="instructor notebooks, relative to repo_root").tag(config=True)
    timeout = Int(30, help="CPU seconds per cell, and per probe of a student's function").tag(config=True)
    unsafe_no_sandbox = Bool(False, help="run the kernel without a sandbox (refused unless set)").tag(config=True)
    cpu_seconds = Int(sb.Limits.cpu_seconds, help="CPU seconds per sandboxed process").tag(config=True)
    memory_bytes = Int(sb.Limits.memory_bytes, help="address space per sandboxed process").tag(config=True)
    processes = Int(sb.Limits.processes, help="processes in the sandbox").tag(config=True)
    file_bytes = Int(sb.Limits.file_bytes, help="largest file written in the sandbox").tag(config=True)
    tmp_bytes = Int(sb.Limits.tmp_bytes, help="size of the sandbox's /tmp").tag(config=True)
    work_bytes = Int(sb.Limits.work_bytes, help="size of the work folder (a tmpfs when grading as root)"
                     ).tag(config=True)
    output_bytes = Int(sb.Limits.output_bytes, help="output kept per cell (characters)").tag(config=True)
    submission_seconds = Int(sb.Limits.submission_seconds, help="wall-clock seconds per submission"
                             ).tag(config=True)
    wall_factor = Int(sb.Limits.wall_factor, help="a cell's wall-clock backstop, as a multiple of its CPU-time "
                                                  "limit (timeout)").tag(config=True)

    def limits(self) -> sb.Limits:
        """The sandbox's limits, from the configuration."""
        return sb.Limits(self.cpu_seconds, self.memory_bytes, self.processes, self.file_bytes, self.tmp_bytes,
                         self.work_bytes, self.output_bytes, self.submission_seconds, self.wall_factor)

    def preprocess(self, nb, resources):
        info = resources["nbgrader"]
        key = (info["assignment"], info["student"], info["notebook"])
        if self.repo_root:
            root, source_dir = Path(self.repo_root), self.source_dir
        else:   # plain `nbgrader autograde` in a course directory: the tests come from its source/
            root = Path(self.config.CourseDirectory.get("root", ".") or ".")
            source_dir = self.config.CourseDirectory.get("source_directory", "source")
        instructor = instructor_notebook(root, source_dir, info["assignment"], info["notebook"])
        cells, tests = [], {}
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            meta = _nbgrader(cell)
            test = is_test(cell)
            if test:
                tests[meta["grade_id"]] = float(meta.get("points", 0) or 0)
            cells.append({"index": index, "source": cell.source, "test": test, "grade_id": meta.get("grade_id"),
                          "name": meta.get("grade_id") or cell.get("id") or f"cell {index + 1}"})
        job = {"cells": cells, "tests": instructor.tests, "setup": instructor.setup_source, "points": tests,
               "timeout": self.timeout, "unsafe": self.unsafe_no_sandbox}
        limits = self.limits()
        try:
            answer = isolation.validate(isolation.run(job, limits, root), tests, {c["index"] for c in cells}, limits)
            problem = ""
        except isolation.CheckerFailed as err:
            problem = str(err)
            answer = {"cells": {}, "notes": [], "died": None, "timeouts": [], "restart_failed": "",
                      "verdicts": {gid: {"points": 0.0, "ename": "CheckerFailed", "message": problem, "kernel": None}
                                   for gid in tests}}
        RESULTS[key] = self._apply(nb, answer, problem)
        return nb, resources

    @staticmethod
    def _apply(nb, answer: dict, problem: str) -> dict:
        """Put the validated outputs and verdicts into ``nb``; returns the run's report."""
        report = {"cells": {}, "notes": answer["notes"], "died": answer["died"], "problem": problem,
                  "timeouts": answer["timeouts"], "restart_failed": answer["restart_failed"]}
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            got = answer["cells"].get(index, {"outputs": [], "execution_count": None})
            cell.execution_count = got["execution_count"]
            if not is_test(cell):
                cell.outputs = [nbformat.from_dict(o) for o in got["outputs"]]
                continue
            meta = _nbgrader(cell)
            gid, max_points = meta["grade_id"], float(meta.get("points", 0) or 0)
            v = answer["verdicts"][gid]
            ename = v["ename"] or "AssertionError"
            cell.outputs = verdict_outputs(got["outputs"], v["points"], max_points, ename, v["message"])
            report["cells"][gid] = {"trusted": v["points"] >= max_points, "kernel": v["kernel"], "ename": ename,
                                    "message": re.sub(r"\s+", " ", v["message"])[:300]}
        return report


def dump(report: dict) -> str:
    return json.dumps(report, sort_keys=True)
