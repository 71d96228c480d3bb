"""Assignment 6 (recursive dynamics) graded for real: nbgrader in the sandbox, a full, a wrong and a blank submission.

All three come from the shared graded class (``graded`` in conftest.py: ``full_marks``, ``blank`` and
``gravity_flipped``). The wrong submission flips gravity in its RNEA: its torques are wrong wherever
gravity acts (visible and hidden RNEA tests, forward dynamics), while its mass matrix, built with
gravity switched off, stays right and keeps its points.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.grading import synthetic as syn
from tests.grading.conftest import A6

pytestmark = pytest.mark.grading


@pytest.fixture(scope="module")
def scores(graded) -> dict[tuple[str, str], dict]:
    """(student, cell) -> the scores.csv row of assignment 6, from the shared graded class."""
    return {(student, cell): row for (student, assignment, cell), row in graded.scores.items() if assignment == A6}


def _score(scores, student: str, cell: str) -> tuple[float, float]:
    row = scores[(student, cell)]
    return float(row["score"]), float(row["max_score"])


AUTO = ["test_rnea", "test_rnea_hidden", "test_mass_matrix", "test_mass_matrix_hidden", "test_forward",
        "test_forward_hidden"]


def test_the_solution_earns_every_automatic_point_and_the_written_answer_waits(scores):
    for cell in AUTO:
        got, top = _score(scores, "full_marks", cell)
        assert got == top > 0, cell
    assert scores[("full_marks", "written_cost")]["needs_manual_grade"] == "True"


def test_flipped_gravity_loses_the_rnea_and_forward_points_but_keeps_the_mass_matrix(scores):
    lost = {cell: _score(scores, "gravity_flipped", cell)[0] for cell in AUTO}
    assert lost == {"test_rnea": 0.0, "test_rnea_hidden": 0.0, "test_forward": 0.0, "test_forward_hidden": 0.0,
                    "test_mass_matrix": _score(scores, "gravity_flipped", "test_mass_matrix")[1],
                    "test_mass_matrix_hidden": _score(scores, "gravity_flipped", "test_mass_matrix_hidden")[1]}


def test_the_blank_exercise_scores_zero(scores):
    assert all(_score(scores, "blank", cell)[0] == 0.0 for cell in AUTO)


def test_the_exercise_gives_no_solution_away():
    text = Path(syn.notebook_paths(syn.EXERCISES)[A6]).read_text()
    assert "np.cumsum(q)" not in text and "chains.aba(_ref, _q, _qd, _tau), _where, rtol=1e-8" in text
    assert "613" not in text and "np.linalg.solve" not in text
