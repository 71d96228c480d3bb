"""In an assignment, a failing visible test shows its message first; a learner's own bug keeps its traceback.

The released exercise notebook runs in a real kernel (nbclient), with a
learner's mistakes typed into its answer cells.
"""

from __future__ import annotations

import copy
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = sorted((ROOT / "exercises").glob("*/*.ipynb"))


def cell_by_grade_id(nb, grade_id: str):
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


@pytest.fixture(scope="module")
def ran(tmp_path_factory):
    """Assignment 1 up to its first test, with T missing its ½, then a typo in a cell of the learner's own."""
    nb = nbformat.read(ROOT / "exercises" / "01_lagrange" / "lagrange.ipynb", as_version=4)
    setup, answer, test = (cell_by_grade_id(nb, k) for k in ("setup", "energies", "test_energies"))
    answer = copy.deepcopy(answer)
    answer.source = "T = m * l**2 * theta_dot**2\nV = m * g * l * (1 - sp.cos(theta))\nL = T - V"
    typo = nbformat.v4.new_code_cell("p_theta = sp.diff(L, thetadot)")
    nb.cells = [setup, answer, test, typo]
    NotebookClient(nb, timeout=120, allow_errors=True, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path_factory.mktemp("run"))}}).execute()
    return nb


def errors(cell):
    return [o for o in cell.outputs if o.output_type == "error"]


def test_every_assignments_setup_cell_turns_on_messages_first():
    """Each released exercise's setup cell calls show_messages_first()."""
    assert EXERCISES
    for path in EXERCISES:
        setup = cell_by_grade_id(nbformat.read(path, as_version=4), "setup")
        assert "show_messages_first()" in setup.source, path.name


def test_a_failing_visible_test_shows_only_its_message(ran):
    """The test cell's error output is one line, "AssertionError: " and the check's message with its hint."""
    (err,) = errors(ran.cells[2])
    assert err.ename == "AssertionError"
    (line,) = err.traceback
    assert line.startswith("AssertionError: T is wrong at th = ") and ": got " in line
    assert line.endswith("Hint: T is 2 times the expected value everywhere: look for a missing or extra constant "
                         "factor (such as ½, m or l)")
    assert [o.output_type for o in ran.cells[2].outputs] == ["error"]  # nbgrader still scores it as failed


def test_a_learners_own_bug_shows_its_summary_first_and_the_traceback_one_click_away(ran):
    """A NameError in the learner's cell: first line "NameError: …", then a folded full traceback."""
    outputs = ran.cells[3].outputs
    assert outputs[0].output_type == "error"
    assert outputs[0].traceback[0] == "NameError: name 'thetadot' is not defined"
    folded = outputs[1].data["text/html"]
    assert folded.startswith("<details") and "Show the full traceback" in folded
    assert "thetadot" in folded and "NameError" in folded and "\x1b[" not in folded


def test_outside_ipython_it_does_nothing():
    """Imported in a plain script (no kernel), the call is harmless."""
    from course_lib.grading.error_display import show_messages_first

    assert show_messages_first() is False
