"""Student values are data, in the shared graded run (slow): the cases of attacks.DATA_ROUTES.

Code in a dict key (01) or in a function name (05) never runs in the grader: its marker file
never appears on the host, the cells that read the value score 0 with a message that says why,
and the student's other work keeps its points. A power of numbers too large to build (03) is
"too large to check" at once. Right answers as np.matrix, ImmutableMatrix, numpy scalars or
nested lists earn full marks.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from tests.grading import attacks
from tests.grading.conftest import A1, A3, A5
from tests.grading.test_autograde import auto_cells

pytestmark = pytest.mark.grading


def message(graded, student: str, assignment: str, cell: str) -> str:
    """The trusted verdict's message of a test cell, from the instructor's autograded notebook."""
    nb = nbformat.read(graded.autograded(student, assignment), as_version=4)
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == cell:
            return " ".join(o.get("evalue", "") for o in c.get("outputs", []) if o.get("output_type") == "error")
    raise KeyError(cell)


def only_these_fail(graded, student: str, assignment: str, failing: set[str]) -> None:
    """The cells of ``failing`` score 0, every other test cell full marks."""
    cells = auto_cells(graded, student, assignment)
    assert failing <= set(cells), (failing, cells)
    for cell in cells:
        score, top = graded.score(student, assignment, cell), graded.max_score(student, assignment, cell)
        assert score == (0.0 if cell in failing else top) and top > 0, (student, cell, score, top)


def test_code_in_a_dict_key_never_runs_and_costs_only_its_cells(graded):
    assert not Path(attacks.data_route_marker("dict-key")).exists()
    only_these_fail(graded, "dict_key_code", A1, {"test_energies", "test_energies_hidden"})
    assert "is data, not an expression" in message(graded, "dict_key_code", A1, "test_energies")
    assert "T is not a sympy expression: it is a dict" in message(graded, "dict_key_code", A1, "test_energies_hidden")


def test_code_in_a_function_name_never_runs_and_costs_only_its_cells(graded):
    assert not Path(attacks.data_route_marker("function-name")).exists()
    only_these_fail(graded, "function_name_code", A5, {"test_regressor_sym", "test_regressor_sym_hidden"})
    for cell in ("test_regressor_sym", "test_regressor_sym_hidden"):
        text = message(graded, "function_name_code", A5, cell)
        assert "Y_sym cannot be checked" in text and "is not a plain name" in text, text


def test_nested_powers_are_too_large_to_check_and_cost_no_time(graded):
    """Pow(Pow(10**40, 1000), 1000) took 108 s of the grader: now refused before it is computed."""
    only_these_fail(graded, "nested_power", A3, {"test_euler_energy", "test_euler_energy_hidden"})
    assert "too large to check" in message(graded, "nested_power", A3, "test_euler_energy_hidden")
    honest = [graded.seconds[(s, A3)] for s in ("full_marks", "old_format") if (s, A3) in graded.totals]
    assert honest and graded.seconds[("nested_power", A3)] < max(honest) + 30, (graded.seconds, honest)


def test_honest_forms_of_right_answers_earn_every_point(graded):
    """np.matrix (which lost 3 of 11 points in 05), ImmutableMatrix, numpy scalars, nested lists."""
    for assignment in ("02_arm_dynamics", A5, "06_recursive_dynamics", "07_motors_friction"):
        only_these_fail(graded, "honest_forms", assignment, set())
