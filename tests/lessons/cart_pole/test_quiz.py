"""Lesson 4's quiz: answers computed by course_lib agree with independent facts, and wrong answers are refused."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from course_lib.lessons.cart_pole.quiz import cart_pole_quiz, reachable_slope_expr
from course_lib.physics.models import CartPole


@pytest.fixture(scope="module")
def quiz():
    return cart_pole_quiz()


def test_symbolic_slope_from_lagrange_matches_the_models_reachable_line_at_many_states(rng):
    slope = sp.lambdify(sorted(reachable_slope_expr().free_symbols, key=str), reachable_slope_expr())
    cp = CartPole(cart_mass=1.7, pole_mass=0.45, l=0.55)
    for q, qd in zip(rng.uniform(-3, 3, (8, 2)), rng.uniform(-2, 2, (8, 2))):
        _, d = cp.reachable_line(q, qd)
        assert slope(cp.l, q[1]) == pytest.approx(d[1] / d[0], rel=1e-12)  # symbols sorted: l, theta


def test_quiz_accepts_the_right_answers_and_refuses_near_misses(quiz):
    assert quiz[0].check("C").correct and not quiz[0].check("A").correct
    assert quiz[1].check("4").correct and not quiz[1].check("1").correct
    assert quiz[2].check("-cos(theta)/l").correct
    for wrong in ("cos(theta)/l", "-1/l", "-sin(theta)/l"):
        assert not quiz[2].check(wrong).correct
    g_tan = 9.81 * np.tan(np.radians(10.0))  # θ̈ = 0 in l θ̈ + cos θ ẍ = g sin θ
    assert quiz[3].check(f"{g_tan:.2f} m/s^2").correct
    assert not quiz[3].check(f"{9.81 * np.sin(np.radians(10.0)):.2f}").correct
