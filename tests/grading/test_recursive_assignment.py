"""Assignment 6 (recursive dynamics) graded for real: nbgrader in the sandbox, a full, a wrong and a blank submission.

The wrong submission flips gravity in its RNEA: its torques are wrong wherever
gravity acts (visible and hidden RNEA tests, forward dynamics), while its mass
matrix, built with gravity switched off, stays right and keeps its points.
"""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from grading import synthetic as syn

pytestmark = pytest.mark.grading

A6 = "06_recursive_dynamics"
GRAVITY_FLIPPED = {"rnea": syn.cell_by_id(syn.read(syn.notebook_paths(syn.SOLUTIONS)[A6]), "rnea").source.replace(
    'a_joint = np.array([0.0, p["g"]])', 'a_joint = np.array([0.0, -p["g"]])')}


@pytest.fixture(scope="module")
def scores(tmp_path_factory) -> dict[tuple[str, str], dict]:
    """(student, cell) -> the scores.csv row, after one autograde run of three submissions."""
    assert GRAVITY_FLIPPED["rnea"] != syn.cell_by_id(syn.read(syn.notebook_paths(syn.SOLUTIONS)[A6]), "rnea").source
    work = tmp_path_factory.mktemp("grading-a6")
    for student, nb in {"full": syn.solved(A6), "wrong": syn.solved(A6, GRAVITY_FLIPPED),
                        "blank": syn.untouched(A6)}.items():
        syn.save(nb, work / "submissions", student, A6)
    out = work / "out"
    proc = subprocess.run([sys.executable, "-m", "course_lib.grading.autograde", str(work / "submissions"),
                           "--output", str(out), "--timeout", "15", "--jobs", "2"],
                          cwd=work, capture_output=True, text=True, timeout=900)
    if not (out / "scores.csv").exists():
        pytest.fail(f"autograde produced no scores:\n{proc.stdout}\n{proc.stderr}")
    with open(out / "scores.csv", newline="", encoding="utf-8") as fh:
        return {(r["student"], r["cell"]): r for r in csv.DictReader(fh) if r["assignment"] == A6}


def _score(scores, student: str, cell: str) -> tuple[float, float]:
    row = scores[(student, cell)]
    return float(row["score"]), float(row["max_score"])


AUTO = ["test_rnea", "test_rnea_hidden", "test_mass_matrix", "test_mass_matrix_hidden", "test_forward",
        "test_forward_hidden"]


def test_the_solution_earns_every_automatic_point_and_the_written_answer_waits(scores):
    for cell in AUTO:
        got, top = _score(scores, "full", cell)
        assert got == top > 0, cell
    assert scores[("full", "written_cost")]["needs_manual_grade"] == "True"


def test_flipped_gravity_loses_the_rnea_and_forward_points_but_keeps_the_mass_matrix(scores):
    lost = {cell: _score(scores, "wrong", cell)[0] for cell in AUTO}
    assert lost == {"test_rnea": 0.0, "test_rnea_hidden": 0.0, "test_forward": 0.0, "test_forward_hidden": 0.0,
                    "test_mass_matrix": _score(scores, "wrong", "test_mass_matrix")[1],
                    "test_mass_matrix_hidden": _score(scores, "wrong", "test_mass_matrix_hidden")[1]}


def test_the_blank_exercise_scores_zero(scores):
    assert all(_score(scores, "blank", cell)[0] == 0.0 for cell in AUTO)


def test_the_exercise_gives_no_solution_away():
    text = Path(syn.notebook_paths(syn.EXERCISES)[A6]).read_text()
    assert "np.cumsum(q)" not in text and "chains.aba(_ref, _q, _qd, _tau), _where, rtol=1e-8" in text
    assert "613" not in text and "np.linalg.solve" not in text
