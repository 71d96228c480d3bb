"""Quiz grading: right and wrong answers, units, equivalent symbolic forms, unreadable input, bounds.

The questions under test are the lesson's own (``course_lib.lessons``), whose
expected answers come from course_lib (the pendulum model and the symbolic
Lagrange derivation).
"""

from __future__ import annotations

import subprocess
import time

import numpy as np
import pytest
import sympy as sp

from course_lib.lessons.pendulum.quiz import pendulum_quiz
from course_lib.physics.models import Pendulum
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, SymbolicQuestion, read_number
from course_lib.quiz.symbolic import MAX_TERMS, expanded_terms, read
from course_lib.quiz.units import shown_unit
from course_lib.quiz.worker import shared_worker

theta, theta_dot, tau, b = sp.symbols("theta theta_dot tau b", real=True)
m, l, g = sp.symbols("m l g", positive=True)


@pytest.fixture(scope="module")
def quiz() -> Quiz:
    return pendulum_quiz()


@pytest.fixture(scope="module")
def q1(quiz) -> NumericQuestion:
    """Lesson 2's Q1: θ̈ at 90°, at rest, m = l = 1, computed by the model."""
    return quiz[0]


@pytest.fixture(scope="module")
def accel(quiz) -> SymbolicQuestion:
    """Lesson 2's Q5: θ̈ of the damped, driven pendulum, solved from the sympy derivation."""
    return quiz[4]


# -- the lesson's quiz (these checks used to run in the notebook and wrote into its widgets) --------
def test_lesson_quiz_expected_values_are_the_pendulum_physics(quiz):
    """θ̈(90°) = −g/l, τ_hold(45°) = m g l sin 45°, T_c(bottom, from 90°) = 3 m g, θ̈ = (τ − bθ̇ − mgl sinθ)/(ml²)."""
    p = Pendulum(m=1.0, l=1.0)
    assert quiz[0].expected == pytest.approx(-p.g / p.l, rel=1e-12)
    assert quiz[2].expected == pytest.approx(p.m * p.g * p.l * np.sin(np.pi / 4), rel=1e-12)
    assert quiz[3].expected == pytest.approx(3 * p.m * p.g, rel=1e-9)
    textbook = (tau - b * theta_dot - m * g * l * sp.sin(theta)) / (m * l**2)
    renamed = quiz[4].expected.xreplace({s: sp.Symbol(s.name, **s.assumptions0) for s in quiz[4].expected.free_symbols})
    assert sp.simplify(renamed - textbook) == 0


def test_lesson_quiz_accepts_its_own_answers_and_explains_an_unreadable_one(quiz, q1, accel):
    """The model's θ̈ with its unit is right; the Lagrange θ̈ typed by hand is right; a broken formula is read."""
    assert q1.check(f"{q1.expected} rad/s^2").correct
    assert accel.check("tau/(m*l^2) - b*theta_dot/(m*l^2) - g*sin(theta)/l").correct
    broken = accel.check("g sin(theta")
    assert not broken.valid and "unbalanced parentheses" in broken.message
    assert quiz[1].check("B").correct and quiz[1].options[1].correct


def test_checking_from_code_changes_nothing(q1):
    """check() is pure: the same answer gets the same result, and the question keeps no state."""
    before = dict(vars(q1))
    assert q1.check("-9.81").correct and q1.check("-9.81").correct
    assert q1.check("3").correct is False
    assert vars(q1) == before


# -- numbers ------------------------------------------------------------------------------------------
def test_numeric_answer_within_tolerance_is_right_with_or_without_unit(q1):
    """−9.81 rad/s² (the model's value) is accepted as a number, a string, and with unit spellings."""
    for answer in (-9.81, "-9.81", "-9.8 rad/s^2", "−9.81 rad/s²", "-9.81 rad / s**2", "-9.81 1/s^2"):
        assert q1.check(answer).correct, answer


def test_a_decimal_comma_is_a_decimal_point(q1):
    """"-9,81" is −9.81 (not −9 with the unit ",81"), with or without a unit."""
    assert read_number("-9,81") == (-9.81, "")
    assert q1.check("-9,81").correct and q1.check("-9,81 rad/s^2").correct
    assert q1.check("−9,81 rad/s²").correct


def test_a_wrong_number_is_never_called_fine(q1):
    """5 m/s² is wrong in value and unit: the message says both, and never "the number is right"."""
    result = q1.check("5 m/s^2")
    assert result.valid and not result.correct
    assert "not the answer" in result.message and "unit" in result.message
    assert "right" not in result.message and "fine" not in result.message
    right_number = q1.check("-9.81 m/s^2")
    assert not right_number.correct and "number is right" in right_number.message
    assert "is not the answer" in q1.check("9.81").message


@pytest.mark.parametrize("junk", ["nine", "", "rad", None, float("nan"), float("inf"), True, "1/0", "3 4",
                                  "-", "1e999", "2,5,6"])
def test_numeric_unreadable_input_is_one_plain_sentence(q1, junk):
    """Input that is not one number is not an attempt and gets one sentence, not a traceback."""
    result = q1.check(junk)
    assert not result.valid and not result.correct
    assert result.message.startswith("Type one number") and result.message.count(".") <= 3
    assert "Error" not in result.message and "Traceback" not in result.message


# -- multiple choice ----------------------------------------------------------------------------------
def test_multiple_choice_gives_each_options_own_feedback():
    """Choosing an option returns that option's feedback; only the correct one is right."""
    q = MultipleChoice("Why no tension?", [
        Option("It is zero", feedback="It reaches tens of newtons."),
        Option("It does no work on admissible motions", correct=True, feedback="Virtual work."),
        Option("Lagrange ignores forces", feedback="τ and friction do appear."),
    ], explanation="θ keeps the ball at distance l.")
    wrong = q.check(0)
    assert not wrong.correct and wrong.message == "It reaches tens of newtons."
    right = q.check("It does no work on admissible motions")
    assert right.correct and right.message == "Virtual work."
    assert q.check("b").correct and not q.check("C").correct
    for bad in (3, True, "D", "", None, -1):
        assert not q.check(bad).valid, bad


def test_multiple_choice_needs_exactly_one_correct_option():
    """A question with zero or two correct options is a ValueError at construction."""
    with pytest.raises(ValueError, match="exactly one correct"):
        MultipleChoice("?", [Option("a"), Option("b")], "")
    with pytest.raises(ValueError, match="exactly one correct"):
        MultipleChoice("?", [Option("a", True), Option("b", True)], "")


# -- formulas -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("answer", [
    "(tau - b*theta_dot - m*g*l*sin(theta))/(m*l^2)",
    "tau/(m l^2) - b theta_dot/(m l**2) - g sin(θ)/l",
    "(τ - b*theta_dot)/(m*l**2) - 2*g*sin(theta/2)*cos(theta/2)/l",
    "-(g/l)*sin(theta) + (tau - b*theta_dot)/(m*l*l)",
])
def test_symbolic_equivalent_forms_are_accepted(accel, answer):
    """Rearranged, Greek-lettered and trig-rewritten forms of θ̈ are all equivalent."""
    result = accel.check(answer)
    assert result.correct and result.valid, result.message


@pytest.mark.parametrize("answer", [
    "-g*sin(theta)/l",                                     # forgot τ and friction
    "(tau - b*theta_dot - m*g*l*cos(theta))/(m*l^2)",      # wrong angle convention
    "(tau + b*theta_dot - m*g*l*sin(theta))/(m*l^2)",      # friction with the wrong sign
    "(tau - b*theta_dot - m*g*l*sin(theta))/(m*l)",        # inertia m l instead of m l²
    "(tau - b*theta_dot - m*g*l*sin(theta))/(m*l^2) + 10^-20",  # off by a tiny constant
    "(tau - b*abs(theta_dot) - m*g*l*sin(theta))/(m*l^2)".replace("abs(theta_dot)", "sqrt(theta_dot^2)"),
])
def test_symbolic_inequivalent_forms_are_rejected(accel, answer):
    """Common mistakes are graded wrong, as valid attempts; even a difference of 1e-20 is seen."""
    result = accel.check(answer)
    assert result.valid and not result.correct, result.message


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
    ("1/0", "undefined"),
    ("theta/(tau - tau)", "undefined"),
    ("log(0)", "undefined"),
])
def test_symbolic_unreadable_or_unsafe_input_gets_a_friendly_message(accel, answer, hint):
    """Syntax errors, unknown names, unsafe text and 1/0 are refused with one plain message."""
    result = accel.check(answer)
    assert not result.valid and not result.correct
    assert hint in result.message
    assert "Traceback" not in result.message and "Error" not in result.message
    assert "ComplexInfinity" not in result.message


def test_a_huge_formula_is_too_large_at_once(accel):
    """(θ+τ+b+m+l+g+θ̇)^6 multiplies out to C(12, 6) = 924 terms: refused in the kernel, without sympy work."""
    assert expanded_terms(sp.Pow(sp.Add(*accel.symbols.values()), 6, evaluate=False)) == 924 > MAX_TERMS
    assert expanded_terms(read("(theta + tau)^3", accel.symbols)) == 4
    started = time.monotonic()
    result = accel.check("(theta+tau+b+m+l+g+theta_dot)^6")
    assert time.monotonic() - started < 1.0
    assert not result.valid and result.message == "That expression is too large to check; simplify your answer."


@pytest.mark.parametrize("answer", ["((99^99)^99)^99", "exp(exp(exp(exp(exp(99)))))"])
def test_a_slow_formula_is_stopped_at_the_time_limit(accel, answer):
    """A short formula that passes the size check but takes sympy long is stopped after time_limit s."""
    q = SymbolicQuestion("θ̈?", accel.expected, accel.symbols, time_limit=1.0)
    assert q.check("theta").valid  # the worker is warm
    started = time.monotonic()
    result = q.check(answer)
    elapsed = time.monotonic() - started
    assert not result.valid and "took longer than 1 s" in result.message
    # never hangs: the limit, plus the round trip on a busy machine (the worker may also give up
    # earlier, e.g. at its memory cap, which is reported the same way)
    assert elapsed < 1.0 + 5.0, elapsed
    assert accel.check("(tau - b*theta_dot - m*g*l*sin(theta))/(m*l^2)").correct  # and the next check works


def test_an_interrupt_during_a_check_kills_the_worker_and_the_next_check_works(accel):
    """KeyboardInterrupt (Kernel → Interrupt) while waiting: no worker is left computing, nothing is stale."""
    import _thread
    import threading

    worker = shared_worker()
    assert accel.check("theta").valid
    proc = worker._proc
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        accel.check("((99^99)^99)^99")
    timer.join()
    assert proc.poll() is not None, "the busy worker must be killed"
    assert accel.check("(tau - b*theta_dot - m*g*l*sin(theta))/(m*l^2)").correct
    assert not accel.check("theta").correct


def test_the_worker_is_a_separate_process_with_a_memory_limit(accel):
    """The check runs in a child process whose address space is capped (a formula cannot eat the machine)."""
    accel.check("theta")
    pid = shared_worker()._proc.pid
    limits = open(f"/proc/{pid}/limits").read() if subprocess.os.path.exists(f"/proc/{pid}/limits") else ""
    if not limits:
        pytest.skip("no /proc on this system")
    line = next(x for x in limits.splitlines() if x.startswith("Max address space"))
    assert "unlimited" not in line


def test_quiz_needs_questions():
    """An empty quiz is a ValueError; questions keep their order."""
    with pytest.raises(ValueError):
        Quiz([])
    quiz = Quiz([NumericQuestion("a", 1.0, 0.1), NumericQuestion("b", 2.0, 0.1)])
    assert quiz[1].prompt == "b" and len(quiz) == 2


def test_no_input_hint_or_reading_error_gives_the_answer_away(quiz):
    """A hint in an empty box, or the "could not read" sentence, never contains a question's answer.

    Before this check, every numeric box said "e.g. -1.5 N*m" (whatever its unit) and the
    unreadable-number sentence used -9.81, which is question 1's answer; the formula box's
    example was the undamped pendulum's θ̈.
    """
    for question in quiz:
        hint = question.placeholder
        if isinstance(question, NumericQuestion):
            assert read_number(hint) is None, hint  # no number at all in the hint
            if question.unit:
                assert shown_unit(question.unit) in hint, hint  # the one spelling hints use (N·m, m/s²)
            unreadable = question.check("???").message
            assert f"{question.expected:.2f}" not in unreadable and "9.81" not in unreadable, unreadable
        elif isinstance(question, SymbolicQuestion):
            assert all(name in hint for name in question.symbols), hint
            assert not question.check(hint).correct
            assert not any(c in hint for c in "*/^()"), f"the formula hint holds a formula: {hint}"


def test_you_typed_shows_theta_dot_as_a_dot_over_theta(accel):
    """The echo of a formula with θ̇ renders \\dot{\\theta}, never θ with the subscript "dot"."""
    message = accel.check("-b*theta_dot/(m*l^2)").message
    assert r"\dot{\theta}" in message and "_{dot}" not in message, message


def test_quiz_explanations_write_minus_as_a_minus_sign():
    """Prose mixes no hyphen-minus into formulas: every negative number in an explanation uses "−"."""
    import re

    from course_lib.lessons.pendulum.quiz import pendulum_quiz

    for q in pendulum_quiz():
        assert not re.search(r"(^|[\s=(])-\d", q.explanation), q.explanation


def test_a_number_with_an_si_prefix_on_its_unit_is_read_in_that_unit():
    """1083 mJ is 1.083 J; 0.001083 kJ too; 1083 J is a thousand times off; "mm" is a millimetre, not m·m."""
    q = NumericQuestion("T?", 1.083, tolerance=0.01, unit="J")
    assert q.check("1083 mJ").correct and q.check("0.001083 kJ").correct and q.check("1.083").correct
    assert not q.check("1083 J").correct and "is not the answer" in q.check("1083 J").message
    length = NumericQuestion("l?", 0.8, tolerance=0.001, unit="m")
    assert length.check("800 mm").correct and length.check("80 cm").correct and not length.check("800 m").correct
    assert not q.check("1.083 xJ").correct and "unit 'xJ'" in q.check("1.083 xJ").message


def test_a_typical_mistake_gets_its_own_hint_and_the_tolerance_is_rounded():
    """A value at a listed mistake (the ½ forgotten) gets that hint; others get the plain 'not the answer' line."""
    q = NumericQuestion("T?", 1.0833, tolerance=0.0216666, unit="J", mistakes=[(2.1666, "Did you forget the ½?")])
    assert q.check("2.17 J").message == "Your value 2.17 is not the answer. Did you forget the ½?"
    assert q.check("3 J").message == "Your value 3 is not the answer."
    with pytest.raises(ValueError, match="mistakes"):
        NumericQuestion("T?", 1.0, tolerance=0.1, mistakes=[(float("nan"), "x")])


def test_a_wrong_number_is_not_told_the_margin_in_a_way_that_reveals_the_answer():
    """With a 5 % tolerance, 'differs by more than 394.9' gave away 7898: a plain wrong value reads only
    'not the answer' (and the question's hint), never a margin or the answer."""
    q = NumericQuestion("κ(A)?", 7897.8, tolerance=0.05 * 7897.8, hint="Divide the largest by the smallest.")
    message = q.check("24.8").message
    assert message == "Your value 24.8 is not the answer. Divide the largest by the smallest."
    zero = NumericQuestion("τ?", 0.0, tolerance=0.01, unit="N*m")
    assert zero.check("1 N*m").message == "Your value 1 is not the answer."


def test_a_prefixed_answer_unit_accepts_its_base_and_other_prefixes():
    """500 g answers a question in kg; 4000 µs and 0.004 s answer one in ms; 'g' is not a gram-less 'kg'."""
    mass = NumericQuestion("m?", 0.5, tolerance=0.01, unit="kg")
    assert mass.check("500 g").correct and mass.check("0.5 kg").correct and not mass.check("500 kg").correct
    time_ = NumericQuestion("t?", 4.0, tolerance=0.1, unit="ms")
    assert time_.check("4000 µs").correct and time_.check("0.004 s").correct and time_.check("4 ms").correct
    assert not time_.check("4 s").correct


def test_a_converted_answer_is_confirmed_in_the_answers_unit_with_the_margin_as_a_share():
    # "2167 g" for 2.167 kg: the right-answer message shows 2167 g = 2.167 kg, and words the margin as a
    # share of the answer it is off (not the tolerance, "within 0.92 %", which read like an error)
    q = NumericQuestion("apparent mass?", 2.1667, tolerance=0.02, unit="kg")
    right = q.check("2167 g")
    assert right.correct and right.message == "2167 g = 2.167 kg is 0.014 % off the answer."
    assert q.check("2.1667 kg").message == "2.1667 is exact."


@pytest.mark.parametrize("answer", ["3119 N*cm", "3119 N·cm", "0.03119 kN*m", "31190 N*mm"])
def test_a_prefix_on_any_factor_of_a_compound_unit_is_converted(answer):
    # 31.19 N·m written with a prefix on its metre (or its newton) factor is the same torque
    q = NumericQuestion("τ₁?", 31.19, tolerance=0.1, unit="N·m", aliases=("Nm", "N*m"))
    assert q.check(answer).correct, q.check(answer).message


def test_a_compound_unit_with_other_factors_is_still_a_wrong_unit():
    q = NumericQuestion("τ₁?", 31.19, tolerance=0.1, unit="N·m", aliases=("Nm", "N*m"))
    assert not q.check("3119 N*cs").correct and not q.check("31.19 N/m").correct
    assert "unit" in q.check("31.19 N*s").message


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_answers_size_with_the_wrong_sign_gets_a_sign_hint_in_both_languages(lang):
    from course_lib.i18n import set_language

    q = NumericQuestion("θ̈ at 90°?", -9.81, tolerance=0.02, unit="rad/s^2")
    set_language(lang)
    try:
        sign, other = q.check("9.81 rad/s^2"), q.check("5 rad/s^2")
    finally:
        set_language("en")
    # (a value the sign does not explain is not told to check the sign)
    assert not sign.correct and sign.cause == "sign" and other.cause == ""
    said = "Its size is right but its sign is not" if lang == "en" else "大小对了，符号不对"
    assert said in sign.message and said not in other.message


@pytest.mark.parametrize("typed", ["9^9^9^9^9", "2^exp(exp(exp(99)))", "x^(9^(9^(9^9)))"])
def test_a_tower_in_an_exponent_is_refused_at_once_whatever_the_hash_seed(typed):
    """The exponent check must not evaluate the tower: before, set order decided whether 9^9^9^9^9
    hung the kernel (PYTHONHASHSEED=6 did), and 2^exp(exp(exp(99))) always hung."""
    import subprocess
    import sys

    code = ("import sympy as sp, sys\nfrom course_lib.quiz import symbolic as qs\n"
            "try:\n    qs.read(sys.argv[1], {'x': sp.Symbol('x', real=True)})\nexcept ValueError as e:\n"
            "    print('refused:', e)\n")
    for seed in ("1", "6", "11"):
        out = subprocess.run([sys.executable, "-c", code, typed], capture_output=True, text=True, timeout=30,
                             env={**__import__("os").environ, "PYTHONHASHSEED": seed})
        assert "refused:" in out.stdout and "exponent" in out.stdout, (seed, out.stdout, out.stderr[-300:])
