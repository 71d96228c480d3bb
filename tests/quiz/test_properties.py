"""Property tests: random text into every question type never raises, never hangs, never marks wrong right.

The questions are the lesson's own (course_lib.lessons). "Wrong" is decided
independently of the quiz's own checker: by reading the number back for a
numeric question, by the option's text for multiple choice, and by sympy at
other random points for a formula.
"""

from __future__ import annotations

import re
import time

import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from course_lib.lessons.pendulum.quiz import pendulum_quiz
from course_lib.quiz import Result

QUIZ = pendulum_quiz()
#: seconds one check may take: the worker's time limit plus a restart of the worker on a busy machine
#: (importing sympy in a fresh worker takes 1.5 s here, and much longer when 2 cores run 10 jobs)
BOUND = QUIZ[4].time_limit + 20.0

ALPHABET = st.sampled_from(list("0123456789+-*/^()., eE_") + ["theta", "theta_dot", "tau", "b", "m", "l", "g",
                                                                  "sin", "cos", "sqrt", "exp", "log", "pi", "θ",
                                                                  "rad/s^2", "N", "m/s^2", "−", ",", "x", "__"])
FORMULA_TEXT = st.lists(ALPHABET, max_size=25).map("".join)
ANY_TEXT = st.one_of(st.text(max_size=60), FORMULA_TEXT, st.integers(-5, 10), st.floats(allow_nan=True),
                     st.none(), st.booleans())
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def timed_check(question, response) -> Result:
    started = time.monotonic()
    result = question.check(response)  # must not raise
    assert time.monotonic() - started < BOUND, f"{response!r} took longer than {BOUND} s"
    assert isinstance(result, Result) and isinstance(result.message, str)
    assert not (result.correct and not result.valid)
    assert "Traceback" not in result.message and "Error:" not in result.message
    if not result.valid:  # one plain sentence (the learner's own text, quoted, aside)
        prose = re.sub(r"'[^']*'|\"[^\"]*\"|\$[^$]*\$", "", result.message)
        assert not re.search(r"[.!?]\s+[A-Z]", prose), result.message
    return result


@SETTINGS
@given(ANY_TEXT)
def test_numeric_random_input_is_right_only_when_the_number_is_within_tolerance(response):
    """Q1 (θ̈ at 90° = −9.81 rad/s²): correct implies the typed number is within 0.02 of −9.81."""
    q = QUIZ[0]
    result = timed_check(q, response)
    if result.correct:
        if isinstance(response, (int, float)):
            value = float(response)
        else:
            number = re.match(r"\s*([-+−]?)\s*(\d*[.,]?\d*(?:[eE][-+−]?\d+)?)", str(response))
            value = float((number.group(1).replace("−", "-") + number.group(2)).replace(",", ".").replace("−", "-"))
        assert abs(value - q.expected) <= q.tolerance


@SETTINGS
@given(ANY_TEXT)
def test_multiple_choice_random_input_is_right_only_for_the_correct_option(response):
    """Q2: only the correct option's text, index (1) or letter (B) is right."""
    q = QUIZ[1]
    result = timed_check(q, response)
    if result.correct:
        assert response in (q.options[1].text, 1, "B", "b") or str(response).strip().upper() == "B"


def _differs(expr, expected, symbols) -> bool:
    """Independent check: the difference is non-zero at some of 4 other random points (30 digits)."""
    import random

    rng = random.Random(20261130)
    for _ in range(4):
        point = {s: sp.Rational(rng.randint(200, 1900), 1000) * (1 if s.is_positive or rng.random() < 0.5 else -1)
                 for s in symbols}
        d = sp.N((expr - expected).subs(point), 30)
        if not d.is_number or abs(complex(d)) > 1e-20 * (1 + abs(complex(sp.N(expected.subs(point), 30)))):
            return True
    return False


@SETTINGS
@given(FORMULA_TEXT | st.text(max_size=40))
def test_symbolic_random_input_never_raises_hangs_or_passes_a_wrong_formula(response):
    """Q5 (θ̈ as a formula): random text is answered within the bound; "correct" is confirmed independently."""
    q = QUIZ[4]
    result = timed_check(q, response)
    if result.correct:
        expr = sp.sympify(q.parse(response).doit())
        assert not _differs(expr, q.expected, list(q.symbols.values())), response


@settings(max_examples=60, deadline=None)
@given(st.fractions(min_value=-1000, max_value=1000).filter(lambda f: f != 0),
       st.sampled_from(["1", "theta", "theta_dot", "tau", "sin(theta)", "b*theta_dot", "g/l", "m", "theta^2"]))
def test_symbolic_answer_plus_any_nonzero_term_is_wrong(c, term):
    """The right formula plus c·term (c a nonzero fraction) is never graded right."""
    q = QUIZ[4]
    answer = f"(tau - b*theta_dot - m*g*l*sin(theta))/(m*l^2) + ({c.numerator}/{c.denominator})*{term}"
    result = timed_check(q, answer)
    assert result.valid and not result.correct, answer


def test_the_bound_is_meaningful():
    """The bound the properties use is seconds, not minutes (the reviewer's formula took over 80 s)."""
    assert BOUND < 30
    assert timed_check(QUIZ[4], "(theta+tau+b+m+l+g+theta_dot)^6").message.startswith("That expression is too large")
