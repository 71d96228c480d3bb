"""Assignment 4 (computed torque) graded for real: nbgrader in the sandbox, a full, two wrong and a blank submission.

- "no_coriolis" leaves C(q, q̇) q̇ out of its law: τ is wrong wherever the arm moves, so both law tests lose
  their points, while its gains and its simulation loop (tested with the course's controller) keep theirs.
- "not_held" calls the controller at every integration step instead of every control period: both
  simulation tests lose their points (the hidden one although one of its runs has period = dt), the
  law and the gains keep theirs.
"""

from __future__ import annotations

import csv
import html
import subprocess
import sys
from pathlib import Path

import pytest

from tests.grading import synthetic as syn

pytestmark = pytest.mark.grading

A4 = "04_computed_torque"
_SOLUTION = syn.read(syn.notebook_paths(syn.SOLUTIONS)[A4])
_LAW = syn.cell_by_id(_SOLUTION, "law").source
_LOOP = syn.cell_by_id(_SOLUTION, "simulate").source
NO_CORIOLIS = {"law": _LAW.replace(" + model.coriolis_matrix(q, qd) @ qd", "")}
NOT_HELD = {"simulate": _LOOP.replace("if k % hold == 0:", "if True:")}

AUTO = ["test_law", "test_law_hidden", "test_gains", "test_gains_hidden", "test_simulate", "test_simulate_hidden"]


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> tuple[dict[tuple[str, str], dict], dict[str, float], dict[str, str]]:
    """((student, cell) -> the scores.csv row, student -> seconds, student -> feedback page), after one autograde
    run of four submissions."""
    assert NO_CORIOLIS["law"] != _LAW and NOT_HELD["simulate"] != _LOOP, "the solution changed: update the wrong copies"
    work = tmp_path_factory.mktemp("grading-a4")
    for student, nb in {"full": syn.solved(A4), "no_coriolis": syn.solved(A4, NO_CORIOLIS),
                        "not_held": syn.solved(A4, NOT_HELD), "blank": syn.untouched(A4)}.items():
        syn.save(nb, work / "submissions", student, A4)
    out = work / "out"
    proc = subprocess.run([sys.executable, "-m", "course_lib.grading.autograde", str(work / "submissions"),
                           "--output", str(out), "--timeout", "15", "--jobs", "2"],
                          cwd=work, capture_output=True, text=True, timeout=900)
    if not (out / "scores.csv").exists():
        pytest.fail(f"autograde produced no scores:\n{proc.stdout}\n{proc.stderr}")
    with open(out / "scores.csv", newline="", encoding="utf-8") as fh:
        scores = {(r["student"], r["cell"]): r for r in csv.DictReader(fh) if r["assignment"] == A4}
    with open(out / "timings.csv", newline="", encoding="utf-8") as fh:
        seconds = {r["student"]: float(r["seconds"]) for r in csv.DictReader(fh) if r["assignment"] == A4}
    print("assignment 4, seconds per submission:", seconds)
    feedback = {p.parent.parent.name: p.read_text(encoding="utf-8") for p in (out / "feedback").glob(f"*/{A4}/*.html")}
    return scores, seconds, feedback


def _score(scores, student: str, cell: str) -> tuple[float, float]:
    row = scores[(student, cell)]
    return float(row["score"]), float(row["max_score"])


def _lost(scores, student: str) -> dict[str, float]:
    """The cells where ``student`` scored less than the maximum, with the score they got."""
    return {cell: _score(scores, student, cell)[0] for cell in AUTO
            if _score(scores, student, cell)[0] < _score(scores, student, cell)[1]}


def test_the_solution_earns_every_automatic_point_and_the_written_answer_waits(graded):
    scores, _, _ = graded
    for cell in AUTO:
        got, top = _score(scores, "full", cell)
        assert got == top > 0, cell
    assert scores[("full", "written_model_error")]["needs_manual_grade"] == "True"


def test_a_law_without_the_coriolis_term_loses_exactly_the_law_points(graded):
    scores, _, _ = graded
    assert _lost(scores, "no_coriolis") == {"test_law": 0.0, "test_law_hidden": 0.0}


def test_the_visible_messages_say_what_is_wrong_and_where(graded):
    _, _, feedback = graded
    text = {student: html.unescape(page) for student, page in feedback.items()}
    assert "τ is wrong at q = (" in text["no_coriolis"] and "moving (the velocity terms" in text["no_coriolis"]
    assert "τ is not held for ARM with a 0.5 kg payload" in text["not_held"]
    assert "inside the sample period that began at t = 0.0000 s" in text["not_held"]
    assert "is not implemented yet" in text["blank"]
    assert "τ is not held" not in text["full"] and "τ is wrong" not in text["full"]


def test_a_loop_that_does_not_hold_the_torque_loses_exactly_the_simulation_points(graded):
    scores, _, _ = graded
    assert _lost(scores, "not_held") == {"test_simulate": 0.0, "test_simulate_hidden": 0.0}


def test_the_blank_exercise_scores_zero(graded):
    scores, _, _ = graded
    assert all(_score(scores, "blank", cell)[0] == 0.0 for cell in AUTO)


def test_the_exercise_gives_no_solution_away():
    text = Path(syn.notebook_paths(syn.EXERCISES)[A4]).read_text()
    assert "k % hold == 0" not in text and "2.0 * zeta * omega_n" not in text
    assert "model.coriolis_matrix(q, qd) @ qd" not in text and "[1.7, 4.1]" not in text and "413" not in text
    assert 'checks.check_held(\\"τ\\", _tau, hold=5' in text   # the visible test is there, as JSON text


def test_calling_the_course_law_or_simulator_is_flagged_for_the_instructor():
    from course_lib.grading import tamper

    shortcut = syn.solved(A4, {"law": "def computed_torque_law(model, q, qd, a, b, c, kp, kd):\n"
                                      "    return control.computed_torque(model, q, qd, a, b, c, kp, kd)\n",
                               "simulate": "def simulate_zoh(plant, controller, q0, qd0, duration, dt, period):\n"
                                           "    tr = sim.simulate(plant, q0, qd0, duration, dt, controller=controller,"
                                           " control_period=period)\n    return tr.t, tr.q, tr.tau[:-1]\n"})
    flags = tamper.notebook_flags(shortcut.cells, A4, {"ARM", "control", "sim", "rk4_step"})
    assert any("cell 'law'" in f and "computed_torque" in f for f in flags), flags
    assert any("cell 'simulate'" in f and "uses simulate" in f for f in flags), flags
    assert tamper.notebook_flags(syn.solved(A4).cells, A4, {"ARM", "control", "sim", "rk4_step"}) == []


def test_the_model_answer_quotes_the_arm_s_own_numbers():
    """The written answer's figures at q = (−0.8, 1.0) are those of the course's arm: 2 kg payload, masses −30 %."""
    import numpy as np

    from course_lib.physics.models import TwoLinkArm

    answer = syn.cell_by_id(_SOLUTION, "written_model_error").source
    arm = TwoLinkArm(l1=1.0, l2=0.8, m1=2.0, m2=1.5)
    true, believed, q = arm.replace(payload=2.0), arm.with_mass_error(-0.3), np.array([-0.8, 1.0])
    felt = np.sort(np.linalg.eigvals(np.linalg.solve(true.mass_matrix(q), believed.mass_matrix(q))).real)
    missing = true.gravity(q) - believed.gravity(q)
    assert np.allclose(felt, [0.14, 0.40], atol=0.005) and "0.4 and 0.14" in answer
    assert np.allclose(missing, [36, 17], atol=0.5) and "36 and 17 N·m" in answer
    assert abs(believed.mass_matrix(q)[1, 1] - 0.22) < 0.005 and r"\hat M_{22} \approx 0.22" in answer
