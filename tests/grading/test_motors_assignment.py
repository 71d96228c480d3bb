"""Assignment 7 (motors and friction): right, blank and near-miss work, graded.

The near misses are graded the grader's way in this process (:func:`grading.student_data.grade_cell`: the
trusted test from ``solutions/``, the student's values read back as data; no sandbox), each a common slip:
a rotor without its housing's turn, k_r for k_r², friction of the wrong sign, the breakaway torque without
F_s, the true sign in the smoothed simulation, friction's work booked with F_s|q̇|. Each loses exactly the
tests of its part and the message names what is wrong. The slow tests read the shared graded class
(``graded`` in conftest.py: ``full_marks``, ``blank`` and ``friction_flipped``), graded in the sandbox.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.grading import synthetic as syn
from tests.grading.conftest import A7, flipped_friction
from tests.grading.student_data import grade_cell, solution_notebook, student_globals

AUTO = ["test_rotors", "test_rotors_hidden", "test_standard_form", "test_standard_form_hidden", "test_breakaway",
        "test_breakaway_hidden", "test_simulate", "test_simulate_hidden", "test_ledger", "test_ledger_hidden"]
PART = {"rotors": {"test_rotors", "test_rotors_hidden"},
        "standard_form": {"test_standard_form", "test_standard_form_hidden"},
        "breakaway": {"test_breakaway", "test_breakaway_hidden"},
        "simulate": {"test_simulate", "test_simulate_hidden"},
        "ledger": {"test_ledger", "test_ledger_hidden"}}


def solution_source(cell: str) -> str:
    return syn.cell_by_id(syn.read(syn.notebook_paths(syn.SOLUTIONS)[A7]), cell).source


def changed(cell: str, right: str, wrong: str) -> dict[str, str]:
    """The solution cell ``cell`` with ``right`` replaced by ``wrong`` (a near miss)."""
    source = solution_source(cell)
    assert right in source, f"the solution's {cell} cell changed: update this near miss"
    return {cell: source.replace(right, wrong)}


#: (name, the changed cells, the part whose tests it fails, a word of each visible message)
NEAR_MISSES = [
    ("rotor_2_without_its_housing", changed("rotors", "(theta1_dot + k_r2 * theta2_dot)", "(k_r2 * theta2_dot)"),
     "rotors", "T_rotors is wrong"),
    ("k_r_for_k_r_squared", changed("rotors", "(k_r1 * theta1_dot)**2", "k_r1 * theta1_dot**2"),
     "rotors", "T_rotors is wrong"),
    ("friction_flipped", {"standard_form": flipped_friction()}, "standard_form", "tau is wrong"),
    ("breakaway_without_Fs", changed("breakaway", 'g1 + np.asarray(p["Fs"], dtype=float)[0]', "g1"),
     "breakaway", "breakaway_torque is wrong"),
    ("breakaway_at_the_lower_edge", changed("breakaway", 'g1 + np.asarray(p["Fs"], dtype=float)[0]',
                                            'g1 - np.asarray(p["Fs"], dtype=float)[0]'),
     "breakaway", "breakaway_torque is wrong"),
    ("true_sign_in_the_smoothed_run", changed("simulate", "np.tanh(qd / eps)", "np.sign(qd)"),
     "simulate", "q is wrong"),
    ("coulomb_work_for_the_smoothed_run", changed("ledger", "qd * np.tanh(qd / eps)", "np.abs(qd)"),
     "ledger", "the work must balance the energy change"),
]


@pytest.fixture(scope="module")
def notebook():
    found = solution_notebook(A7)
    found.namespace()
    return found


def test_the_solution_passes_every_test_the_grader_s_way(notebook):
    student = student_globals(A7)
    for gid in AUTO:
        passed, ename, message = grade_cell(notebook, gid, student)
        assert passed, (gid, ename, message)


@pytest.mark.parametrize("name, cells, part, word", NEAR_MISSES, ids=[n[0] for n in NEAR_MISSES])
def test_a_near_miss_loses_exactly_its_part_and_says_what_is_wrong(notebook, name, cells, part, word):
    student = student_globals(A7, cells)
    failing = set()
    for gid in AUTO:
        passed, _, message = grade_cell(notebook, gid, student)
        if not passed:
            failing.add(gid)
            if gid == f"test_{part}":
                assert word in message, message
    # joint_torque and the simulation evaluate the student's own B: a wrong B costs them too
    expected = PART[part] | ({"test_standard_form", "test_standard_form_hidden", "test_simulate",
                              "test_simulate_hidden"} if part == "rotors" else set())
    assert failing == expected, (name, sorted(failing))


def test_b_must_be_a_two_by_two_sympy_matrix(notebook):
    student = dict(student_globals(A7))
    student["B"] = list(student["B"])                       # the four entries, flattened
    passed, _, message = grade_cell(notebook, "test_rotors", student)
    assert not passed and message == "B should be a 2×2 sympy Matrix, got list", message


@pytest.mark.grading
def test_graded_the_solution_earns_every_automatic_point_and_the_written_answer_waits(graded):
    for cell in AUTO:
        assert graded.score("full_marks", A7, cell) == graded.max_score("full_marks", A7, cell) > 0, cell
    assert graded.scores[("full_marks", A7, "written_ledger")]["needs_manual_grade"] == "True"


@pytest.mark.grading
def test_graded_blank_work_scores_zero_and_flipped_friction_loses_only_the_standard_form(graded):
    assert all(graded.score("blank", A7, cell) == 0.0 for cell in AUTO)
    for cell in AUTO:
        top = graded.max_score("friction_flipped", A7, cell)
        assert graded.score("friction_flipped", A7, cell) == (0.0 if cell in PART["standard_form"] else top), cell


def test_the_exercise_gives_no_solution_and_no_hidden_arm_away():
    text = Path(syn.notebook_paths(syn.EXERCISES)[A7]).read_text(encoding="utf-8")
    assert "sp.hessian(T_links" not in text and "np.tanh(qd / eps)" not in text and "B_numeric" not in text
    assert "7071" not in text and "3.1" not in text and "SmoothedMotorArm(eps=0.01, **ARM)" in text
