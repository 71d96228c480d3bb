"""One graded course shared by the slow grading tests.

The session fixture ``graded`` writes a folder of synthetic submissions (one student
per robustness case), runs ``python -m course_lib.grading.autograde --autograded`` on it
once, and hands the tests the scores, problems, timings, feedback and autograded notebooks
(the instructor's copy, with the hidden tests' real messages) it produced.
"""

from __future__ import annotations

import csv
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import psutil
import pytest

from course_lib.physics.models import Pendulum
from course_lib.physics.models import TwoLinkArm
from course_lib.grading import uids
from tests.grading import attacks
from tests.grading import synthetic as syn

#: per-cell timeout for the test run (s): the course's cells take < 3 s; an infinite loop costs this much
TIMEOUT = 15
#: worker processes: the run also exercises the parallel path (CI has 2 cores)
JOBS = 2
A1, A2, A3 = "01_lagrange", "02_arm_dynamics", "03_energy_integrators"
A5, A6, A7 = "05_identification", "06_recursive_dynamics", "07_motors_friction"
#: every assignment on disk: the full-marks and the blank student hand in each one
ASSIGNMENTS = syn.ASSIGNMENTS
#: ids the grader must refuse: glob characters, surrounding space, a newline
BAD_IDS = ["*", "ad[ab]", " lead", "two\nlines"]
#: right work under a file name a browser or file manager makes
NEAR_MISSES = [("near_miss", A2, "arm_dynamics (1).ipynb"), ("near_copy", A1, "lagrange-copy.ipynb")]
REPO_ARTIFACTS = ["gradebook.db", "autograded", "feedback", "submitted", "grades.csv", "grading-output"]


def hard_coded_mass_matrix() -> str:
    """A mass_matrix with the course arm's numbers typed in: it ignores the parameters p."""
    arm = TwoLinkArm()
    constant = arm.mass_matrix([0.0, np.pi / 2])              # cos θ2 = 0
    with_cos = arm.mass_matrix([0.0, 0.0]) - constant          # coefficient of cos θ2
    return (f"def mass_matrix(q, p):\n    c2 = np.cos(q[1])\n"
            f"    return np.array({constant.tolist()}) + c2 * np.array({with_cos.tolist()})\n")


def hard_coded_holding_torque() -> str:
    """A holding_torque with m g l of the visible test's pendulum typed in: it ignores m, l and g."""
    mgl = float(Pendulum(m=1.3, l=0.7, g=9.81).holding_torque(np.pi / 2))   # sin θ = 1
    return (f"def holding_torque(theta_value, m_value, l_value, g_value=9.81):\n"
            f"    return {mgl!r} * np.sin(theta_value)\n")


def wrong_regressor() -> str:
    """The 2R regressor with the centrifugal term of row 2 of the wrong sign (a common slip)."""
    sol = syn.cell_by_id(syn.read(syn.notebook_paths(syn.SOLUTIONS)[A5]), "regressor_num").source
    right = "c2 * qdd[0] + s2 * qd[0]**2"
    assert right in sol, "the solution's regressor changed: update this wrong copy"
    return sol.replace(right, "c2 * qdd[0] - s2 * qd[0]**2")


def flipped_gravity_rnea() -> str:
    """Assignment 6's RNEA with gravity pointing the wrong way: torques wrong wherever gravity acts."""
    sol = syn.cell_by_id(syn.read(syn.notebook_paths(syn.SOLUTIONS)[A6]), "rnea").source
    right = 'a_joint = np.array([0.0, p["g"]])'
    assert right in sol, "the solution's RNEA changed: update this wrong copy"
    return sol.replace(right, 'a_joint = np.array([0.0, -p["g"]])')


def flipped_friction() -> str:
    """Assignment 7's standard form with friction subtracted: its torques are wrong wherever a joint moves."""
    sol = syn.cell_by_id(syn.read(syn.notebook_paths(syn.SOLUTIONS)[A7]), "standard_form").source
    right = "bias(q, qd, p) + friction"
    assert right in sol, "the solution's standard form changed: update this wrong copy"
    return sol.replace(right, "bias(q, qd, p) - friction")


def build_submissions(root: Path) -> dict[str, dict]:
    """Write every case into ``root``; returns {student: {assignment: description}}."""
    sol_a2 = syn.cell_by_id(syn.read(syn.notebook_paths(syn.SOLUTIONS)[A2]), "mass_matrix").source
    cases = {
        "full_marks": {a: syn.solved(a) for a in ASSIGNMENTS},
        "blank": {a: syn.untouched(a) for a in ASSIGNMENTS},
        "wrong_regressor": {A5: syn.solved(A5, {"regressor_num": wrong_regressor()})},
        "gravity_flipped": {A6: syn.solved(A6, {"rnea": flipped_gravity_rnea()})},
        "friction_flipped": {A7: syn.solved(A7, {"standard_form": flipped_friction()})},
        "hard_coder": {A1: syn.solved(A1, {"holding": hard_coded_holding_torque()}),
                       A2: syn.solved(A2, {"mass_matrix": sol_a2 + "\n\n" + hard_coded_mass_matrix()})},
        "looper": {A3: syn.solved(A3, {"ledger": "def energy_ledger(model, t, q, qd, tau):\n"
                                                 "    while True:\n        pass\n"})},
        "test_editor": {A1: syn.solved(A1, {
            "energies": "T = m * l * theta_dot**2 / 2\nV = m * g * l * (1 - sp.cos(theta))\nL = T - V",
            "test_energies": "print('all good')"})},
        "test_deleter": {A1: syn.with_deleted(syn.solved(A1), "test_holding", "test_holding_hidden")},
        "nan_and_raise": {A2: syn.solved(A2, {
            "mass_matrix": sol_a2 + "\n\ndef mass_matrix(q, p):\n    return np.full((2, 2), np.nan)\n",
            "gravity": "def gravity(q, p):\n    return p['g'] / 0\n"})},
        "copycat": {A1: syn.with_duplicate(syn.solved(A1), "energies")},
    }
    cases.update({student: build() for student, build in attacks.CASES.items()})
    cases["=2+5"] = {A1: syn.solved(A1)}                   # a spreadsheet formula as id
    for bad in BAD_IDS:                                     # rejected ids, with right work
        cases[bad] = {A2: syn.solved(A2)}
    for student, notebooks in cases.items():
        for assignment, nb in notebooks.items():
            syn.save(nb, root, student, assignment)
    for student, assignment, name in NEAR_MISSES:
        path = syn.save(syn.solved(assignment), root, student, assignment)
        path.rename(path.with_name(name))
        cases[student] = {assignment: "near miss"}
    cases.update(attacks.save_linked(root))
    return cases


@dataclass
class Graded:
    """What one autograde run produced."""

    returncode: int
    stdout: str
    stderr: str
    output: Path
    scores: dict[tuple[str, str, str], dict]   # (student, assignment, cell) -> row
    totals: dict[tuple[str, str], dict]        # (student, assignment) -> row
    seconds: dict[tuple[str, str], float]      # (student, assignment) -> s
    problems: str
    wrote_into_repo: list[str]
    submissions: Path = Path()
    flags: str = ""
    leftover: list[str] = ()            # processes carrying the attack mark right after grading
    outputs_at_end: dict = None         # {file name: bytes} of the CSVs and reports when grading ended
    finished: float = 0.0               # time.monotonic() when grading ended

    def score(self, student: str, assignment: str, cell: str) -> float:
        return float(self.scores[(student, assignment, cell)]["score"])

    def max_score(self, student: str, assignment: str, cell: str) -> float:
        return float(self.scores[(student, assignment, cell)]["max_score"])

    def feedback(self, student: str, assignment: str) -> str:
        (path,) = (self.output / "feedback" / student / assignment).glob("*.html")
        return path.read_text(encoding="utf-8")

    def autograded(self, student: str, assignment: str) -> Path:
        """nbgrader's graded notebook, hidden tests and their full messages included."""
        (path,) = (self.output / "autograded" / student / assignment).glob("*.ipynb")
        return path


def marked_processes() -> list[str]:
    """Command lines of running processes that carry the attack mark (or run as a sandbox's uid)."""
    found = []
    for proc in psutil.process_iter(["cmdline", "uids", "pid"]):
        try:
            cmd = " ".join(proc.info["cmdline"] or [])
            # a kernel of this checkout (its bwrap mounts this course_lib), not of another run on the machine
            real = proc.info["uids"].real if proc.info["uids"] else None
            if attacks.MARK in cmd or ((real == 65534 or uids.FIRST_UID <= (real or -1) < uids.FIRST_UID + uids.SLOTS)
                                       and "ipykernel" in cmd and str(syn.REPO / "course_lib") in cmd):
                found.append(f"{proc.info['pid']}: {cmd[:200]}")
        except psutil.Error:
            pass
    return found


OUTPUT_FILES = ("scores.csv", "totals.csv", "problems.txt", "flags.txt")


def run_autograde(submissions: Path, output: Path, jobs: int, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "course_lib.grading.autograde", str(submissions),
         "--output", str(output), "--timeout", str(TIMEOUT), "--jobs", str(jobs), "--autograded",
         "--tmp-mb", str(attacks.TMP_MB), "--work-mb", str(attacks.WORK_MB)],
        cwd=cwd, capture_output=True, text=True, timeout=1200,
    )


def _rows(path: Path) -> list[dict]:
    """The rows of a CSV, with the spreadsheet guard (a leading ' before = + - @) taken off the ids."""
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for row in rows:
        if row["student"][:2] in ("'=", "'+", "'-", "'@"):
            row["student"] = row["student"][1:]
    return rows


@pytest.fixture(scope="session")
def graded(tmp_path_factory) -> Graded:
    """Autograde all synthetic submissions once, through the command line, in a temp folder."""
    before = {name: (syn.REPO / name).exists() for name in REPO_ARTIFACTS}
    # marker files left by an earlier, unsandboxed run (a test of the tests): not this run's
    for stale in [*Path("/tmp").glob(f"{attacks.MARK}-*"), *Path("/tmp").glob(f"*-{attacks.MARK}.py")]:
        stale.unlink(missing_ok=True)
    attacks.plant_canary()
    work = tmp_path_factory.mktemp("grading")
    build_submissions(work / "submissions")
    output = work / "out"
    proc = run_autograde(work / "submissions", output, JOBS, work)
    finished = time.monotonic()
    leftover = marked_processes()
    outputs_at_end = {n: (output / n).read_bytes() for n in OUTPUT_FILES if (output / n).exists()}
    wrote_into_repo = [n for n in REPO_ARTIFACTS if (syn.REPO / n).exists() and not before[n]]
    if not (output / "scores.csv").exists():
        pytest.fail(f"autograde produced no scores:\n{proc.stdout}\n{proc.stderr}")
    scores = {(r["student"], r["assignment"], r["cell"]): r for r in _rows(output / "scores.csv")}
    totals = {(r["student"], r["assignment"]): r for r in _rows(output / "totals.csv")}
    seconds = {(r["student"], r["assignment"]): float(r["seconds"]) for r in _rows(output / "timings.csv")}
    return Graded(proc.returncode, proc.stdout, proc.stderr, output, scores, totals, seconds,
                  (output / "problems.txt").read_text(encoding="utf-8"), wrote_into_repo,
                  work / "submissions", (output / "flags.txt").read_text(encoding="utf-8"),
                  leftover, outputs_at_end, finished)


@pytest.fixture(scope="session")
def graded_one_job(graded, tmp_path_factory) -> Path:
    """The same folder graded again with --jobs 1; returns its output folder."""
    output = tmp_path_factory.mktemp("grading-jobs1") / "out"
    proc = run_autograde(graded.submissions, output, 1, output.parent)
    if not (output / "scores.csv").exists():
        pytest.fail(f"autograde --jobs 1 produced no scores:\n{proc.stdout}\n{proc.stderr}")
    return output
