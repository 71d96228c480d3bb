"""Quiz grading: right and wrong answers, units, equivalent symbolic forms, unreadable input.

The expected answers come from course_lib (the pendulum model and the
symbolic Lagrange derivation), as the notebooks build them.
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from course_lib.models import Pendulum
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, SymbolicQuestion
from course_lib.symbolic import as_symbols, lagrange_steps, pendulum_energies, state_symbols

theta, theta_dot, tau, b = sp.symbols("theta theta_dot tau b", real=True)
m, l, g = sp.symbols("m l g", positive=True)
NAMES = {"theta": theta, "theta_dot": theta_dot, "tau": tau, "b": b, "m": m, "l": l, "g": g}


@pytest.fixture
def q1() -> NumericQuestion:
    """Seed Q1: θ̈ at 90°, at rest, m = l = 1, computed by the model."""
    return NumericQuestion("θ̈ at 90°?", float(Pendulum().angular_acceleration(np.pi / 2, 0.0)),
                           tolerance=0.02, unit="rad/s^2", aliases=["1/s^2"], explanation="−(g/l) sin 90°.")


@pytest.fixture
def accel() -> SymbolicQuestion:
    """θ̈ of the damped, driven pendulum, solved from the sympy derivation."""
    T, V, q = pendulum_energies()
    steps = lagrange_steps(T, V, q, forces=[sp.Symbol("tau") - sp.Symbol("b") * q[0].diff()])
    (qs,), (qds,), (qdds,) = state_symbols(q)
    eq = as_symbols(steps.equations[0], q)
    solved = sp.solve(eq, qdds)[0]
    # rename the derivation's symbols to the ones the learner types
    rename = {s: NAMES[s.name] for s in solved.free_symbols if s.name in NAMES}
    rename.update({qs: theta, qds: theta_dot})
    return SymbolicQuestion("θ̈ = ?", solved.xreplace(rename), NAMES, explanation="Divide by m l².")


def test_numeric_answer_within_tolerance_is_right_with_or_without_unit(q1):
    """−9.81 rad/s² (the model's value) is accepted as a number, a string, and with unit spellings."""
    assert q1.expected == pytest.approx(-9.81, abs=1e-12)
    for answer in (-9.81, "-9.81", "-9.8 rad/s^2", "−9.81 rad/s²", "-9.81 rad / s**2", "-9.81 1/s^2"):
        assert q1.answer(answer).correct, answer


def test_numeric_wrong_value_sign_or_unit_is_wrong_and_explained(q1):
    """+9.81 (wrong sign), -9.0 (off by more than 0.02) and the right number in N are all wrong."""
    for answer in (9.81, "-9.0", "-9.81 N"):
        result = q1.answer(answer)
        assert not result.correct and result.valid
        assert result.explanation == "−(g/l) sin 90°."
    assert "unit" in q1.feedback and "Why" in q1.feedback


@pytest.mark.parametrize("junk", ["nine", "", "rad", None, float("nan"), True])
def test_numeric_unreadable_input_is_a_friendly_message(q1, junk):
    """Input that is not a number is not counted as an attempt and gets a hint, not a traceback."""
    result = q1.answer(junk)
    assert not result.valid and not result.correct
    assert "Traceback" not in result.message and result.message
    assert q1.attempts == 0


def test_multiple_choice_gives_each_options_own_feedback():
    """Choosing an option returns that option's feedback; only the correct one is right."""
    q = MultipleChoice("Why no tension?", [
        Option("It is zero", feedback="It reaches tens of newtons."),
        Option("It does no work on admissible motions", correct=True, feedback="Virtual work."),
        Option("Lagrange ignores forces", feedback="τ and friction do appear."),
    ], explanation="θ keeps the ball at distance l.")
    wrong = q.answer(0)
    assert not wrong.correct and wrong.message == "It reaches tens of newtons."
    right = q.answer("It does no work on admissible motions")
    assert right.correct and right.message == "Virtual work." and right.explanation
    assert not q.answer(3).valid and not q.answer(True).valid
    assert q.attempts == 2


def test_multiple_choice_needs_exactly_one_correct_option():
    """A question with zero or two correct options is a ValueError at construction."""
    with pytest.raises(ValueError, match="exactly one correct"):
        MultipleChoice("?", [Option("a"), Option("b")], "")
    with pytest.raises(ValueError, match="exactly one correct"):
        MultipleChoice("?", [Option("a", True), Option("b", True)], "")


def test_symbolic_expected_answer_is_the_lagrange_result(accel):
    """The derived θ̈ is (τ − b θ̇ − m g l sin θ)/(m l²), checked against the textbook form."""
    textbook = (tau - b * theta_dot - m * g * l * sp.sin(theta)) / (m * l**2)
    assert sp.simplify(accel.expected - textbook) == 0


@pytest.mark.parametrize("answer", [
    "(tau - b*theta_dot - m*g*l*sin(theta))/(m*l^2)",
    "tau/(m l^2) - b theta_dot/(m l**2) - g sin(θ)/l",
    "(τ - b*theta_dot)/(m*l**2) - 2*g*sin(theta/2)*cos(theta/2)/l",
    "-(g/l)*sin(theta) + (tau - b*theta_dot)/(m*l*l)",
])
def test_symbolic_equivalent_forms_are_accepted(accel, answer):
    """Rearranged, Greek-lettered and trig-rewritten forms of θ̈ are all equivalent."""
    result = accel.answer(answer)
    assert result.correct and result.valid, result.message


@pytest.mark.parametrize("answer", [
    "-g*sin(theta)/l",                                     # forgot τ and friction
    "(tau - b*theta_dot - m*g*l*cos(theta))/(m*l^2)",      # wrong angle convention
    "(tau + b*theta_dot - m*g*l*sin(theta))/(m*l^2)",      # friction with the wrong sign
    "(tau - b*theta_dot - m*g*l*sin(theta))/(m*l)",        # inertia m l instead of m l²
])
def test_symbolic_inequivalent_forms_are_rejected(accel, answer):
    """Common mistakes are graded wrong (but as valid attempts, with the explanation)."""
    result = accel.answer(answer)
    assert result.valid and not result.correct
    assert result.explanation == "Divide by m l²."


@pytest.mark.parametrize("answer, hint", [
    ("(tau - b*theta_dot", "Could not read"),
    ("x + 1", "Unknown name 'x'"),
    ("foo(theta)", "Unknown name 'foo'"),
    ("__import__('os').system('true')", "may only use"),
    ("theta.subs(theta, 0)", "may only use"),
    ("m**1000", "exponent too large"),
    ("9^9^9^9", "exponent too large"),
    ("", "Type an answer"),
    ("theta, tau", "Could not read"),
    ("x" * 300, "too long"),
])
def test_symbolic_unreadable_or_unsafe_input_gets_a_friendly_message(accel, answer, hint):
    """Syntax errors, unknown names and unsafe text are refused with a message, never a traceback."""
    result = accel.answer(answer)
    assert not result.valid and not result.correct
    assert hint in result.message and "Traceback" not in result.message
    assert accel.attempts == 0


def test_feedback_appears_in_the_widget_after_check():
    """Pressing Check grades the typed text and shows the feedback and explanation."""
    q = NumericQuestion("2 + 2?", 4.0, tolerance=0.1, explanation="Arithmetic.")
    assert q.feedback == ""
    widget = q.widget
    q._field.value = "4"
    widget.children[1].children[1].click()
    assert q.last.correct and "Arithmetic." in q._out.value and "Correct." in q._out.value


def test_quiz_needs_questions_and_numbers_them():
    """A Quiz shows its questions in order; an empty quiz is a ValueError."""
    with pytest.raises(ValueError):
        Quiz([])
    quiz = Quiz([NumericQuestion("a", 1.0, 0.1), NumericQuestion("b", 2.0, 0.1)])
    assert quiz[1].prompt == "b"
    assert "Question 2" in quiz.widget.children[2].value
