"""The action of a path (lesson 1): the ball's exact ΔS, Hamilton's principle, the pendulum's two-point problem.

References independent of :mod:`course_lib.physics.action` and :mod:`course_lib.physics.pendulum_bvp`: the closed form m π² k² ε²/(4T),
scipy's collocation solver ``solve_bvp`` on the pendulum equation written here, finite
differences of the sampled path, and the Jacobi integral ∫ (m l² η̇² − m g l cos θ η²) dt.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from scipy.integrate import simpson, solve_bvp
from scipy.optimize import brentq
from scipy.special import ellipk, ellipkinc

from course_lib.physics.action import (
    Ball,
    action,
    action_change,
    ball_delta_s,
    first_variation,
    mode_shape,
    saddle_horizon,
    second_variation,
)
from course_lib.physics.models import Pendulum
from course_lib.physics.pendulum_bvp import PendulumSwing, pendulum_branch

MODES = (1, 2, 3, 4, 5)


@pytest.fixture(scope="module")
def swing() -> PendulumSwing:
    return PendulumSwing()


@pytest.mark.parametrize("k", MODES)
def test_ball_numeric_action_change_matches_m_pi2_k2_eps2_over_4T(k):
    ball = Ball()
    eps = np.array([-0.4, -0.05, 0.1, 0.3, 0.5])
    numeric, exact = action_change(ball, eps, k), ball_delta_s(ball, eps, k)
    assert np.all(np.abs(numeric - exact) <= 1e-6 * exact)
    assert exact[3] == pytest.approx(np.pi**2 * k**2 * 0.3**2 / 4, rel=1e-15)  # m = 1 kg, T = 1 s


@pytest.mark.parametrize("k", MODES)
def test_first_order_change_of_the_action_vanishes_on_the_true_path_of_both_systems(k, swing):
    assert abs(first_variation(Ball(), k)) < 1e-6
    assert abs(first_variation(swing, k)) < 1e-6


class _WrongBall(Ball):
    """A ball whose "true" path falls with g/2: not a solution of its own Euler–Lagrange equation."""

    def true_path(self, t):
        return dataclasses.replace(Ball(), g=self.g / 2).true_path(t)


def test_first_order_change_is_large_on_a_path_that_is_not_the_true_one():
    # the check above can fail: the same numerics on a wrong parabola give a clear slope
    assert abs(first_variation(_WrongBall(), 1)) > 0.5


def test_shooting_path_satisfies_the_pendulum_equation_and_both_end_conditions(swing):
    p = swing.pendulum
    t = np.linspace(0.0, swing.horizon, 1601)
    th, thd = swing.true_path(t)
    assert th[0] == pytest.approx(swing.theta_start, abs=1e-9) and th[-1] == pytest.approx(swing.theta_end, abs=1e-9)
    h = t[1] - t[0]
    acc = (th[2:] - 2 * th[1:-1] + th[:-2]) / h**2  # θdd from the samples, error h²/12 θ⁽⁴⁾ ≈ 3e-6
    residual = p.m * p.l**2 * acc + p.m * p.g * p.l * np.sin(th[1:-1])
    assert np.max(np.abs(residual)) < 2e-5
    assert np.max(np.abs(np.gradient(th, h, edge_order=2) - thd)) < 1e-5  # θ̇ is the rate of θ


def test_shooting_path_agrees_with_scipy_solve_bvp(swing):
    g_over_l = swing.pendulum.g / swing.pendulum.l
    t = np.linspace(0.0, swing.horizon, 41)
    guess = np.vstack([np.linspace(swing.theta_start, swing.theta_end, t.size), np.zeros(t.size)])
    ref = solve_bvp(lambda t, y: np.vstack([y[1], -g_over_l * np.sin(y[0])]),
                    lambda a, b: np.array([a[0] - swing.theta_start, b[0] - swing.theta_end]), t, guess, tol=1e-8,
                    max_nodes=100000)
    assert ref.success
    fine = np.linspace(0.0, swing.horizon, 401)
    assert np.max(np.abs(ref.sol(fine)[0] - swing.true_path(fine)[0])) < 1e-7
    assert ref.sol(0.0)[1] == pytest.approx(swing.theta_dot_start, abs=1e-6)


@pytest.mark.parametrize("k", (1, 3))
def test_curvature_of_the_pendulums_action_is_the_jacobi_integral(k, swing):
    p = swing.pendulum
    t = np.linspace(0.0, swing.horizon, 4001)
    th, _ = swing.true_path(t)
    eta, eta_dot = mode_shape(t, swing.horizon, k)
    jacobi = simpson(p.m * p.l**2 * eta_dot**2 - p.m * p.g * p.l * np.cos(th) * eta**2, x=t)
    assert second_variation(swing, k) == pytest.approx(jacobi, rel=1e-4)


def test_valley_turns_into_a_saddle_at_half_a_period_for_small_swings():
    hanging = PendulumSwing(theta_start=0.0, theta_end=0.0)  # the smallest swing of all: θ = 0 throughout
    half_period = np.pi / hanging.pendulum.small_angle_frequency()
    assert saddle_horizon(hanging) == pytest.approx(half_period, abs=1e-4)
    assert second_variation(PendulumSwing(horizon=0.8), 1) > 0 > second_variation(PendulumSwing(horizon=1.3), 1)


# -- the lab's swing, ±0.3 rad, against the pendulum's elliptic integrals (independent of the shooting) --------
G_OVER_L, ENDS = 9.81, 0.3  # PendulumSwing()'s pendulum: g = 9.81 m/s², l = 1 m; θ from +0.3 to −0.3 rad


def half_period_of_swing(amplitude: float) -> float:
    """Half the period of a swing of this amplitude (rad), 2 K(sin²(A/2)) √(l/g): a swing from rest at ±A."""
    return 2 * ellipk(np.sin(amplitude / 2) ** 2) / np.sqrt(G_OVER_L)


def rate_of_symmetric_path(horizon: float) -> float:
    """θ̇(0) of the path from +0.3 to −0.3 rad that crosses θ = 0 at T/2, from energy and elliptic integrals.

    A swing of amplitude A needs ω₀ t = F(φ | sin²(A/2)), sin φ = sin(θ/2)/sin(A/2), to go from θ = 0 to θ.
    Shorter than half the 0.3 rad period, the path heads straight down: T/2 = F/ω₀. Longer, it first climbs
    to A and comes back: T/2 = (2K − F)/ω₀, and θ̇(0) > 0. Either way ½ θ̇(0)² = (g/l)(cos 0.3 − cos A).
    """
    outward = horizon > half_period_of_swing(ENDS)

    def half_time(amplitude: float) -> float:
        m = np.sin(amplitude / 2) ** 2
        f = ellipkinc(np.arcsin(min(1.0, np.sin(ENDS / 2) / np.sin(amplitude / 2))), m)
        return float((2 * ellipk(m) - f if outward else f) / np.sqrt(G_OVER_L))

    amplitude = brentq(lambda A: 2 * half_time(A) - horizon, ENDS * (1 + 1e-12), 3.0, xtol=1e-14)
    return float(np.copysign(np.sqrt(2 * G_OVER_L * (np.cos(ENDS) - np.cos(amplitude))), 1.0 if outward else -1.0))


def test_saddle_horizon_of_the_labs_swing_is_half_the_period_of_a_0_3_rad_swing():
    # at that horizon the true path starts from rest at 0.3 rad and the valley along sin(πt/T) flattens out
    half_period = half_period_of_swing(ENDS)
    assert half_period == pytest.approx(1.0087, abs=1e-4)
    assert saddle_horizon() == pytest.approx(half_period, abs=1e-4)
    assert saddle_horizon(bracket=(0.95, 1.05)) == pytest.approx(half_period, abs=1e-4)  # any bracket around it


def test_true_path_at_half_the_period_of_the_swing_starts_from_rest():
    assert PendulumSwing(horizon=half_period_of_swing(ENDS)).theta_dot_start == pytest.approx(0.0, abs=1e-3)


@pytest.mark.parametrize("horizon", (0.8, 1.0, 1.005, 1.009, 1.01, 1.015, 1.02, 1.2, 1.5))
def test_true_path_is_the_one_the_elliptic_integrals_give_also_past_half_a_period(horizon):
    assert PendulumSwing(horizon=horizon).theta_dot_start == pytest.approx(rate_of_symmetric_path(horizon), abs=1e-6)


def test_theta_dot_start_follows_one_branch_continuously_in_the_horizon():
    half_period = half_period_of_swing(ENDS)
    horizons = np.sort(np.r_[np.arange(0.95, 1.0601, 0.0025), half_period - 1e-5, half_period + 1e-5])
    rates = np.array([s.theta_dot_start for s in pendulum_branch(PendulumSwing(), horizons)])
    slopes = np.diff(rates) / np.diff(horizons)  # about 1.45 rad/s per s on the branch; a jump is ~100 times that
    assert np.all(np.abs(slopes) < 3.0), slopes
    apart = np.abs(horizons - half_period) > 2e-3  # (within a hair of half_period the branch is ill-conditioned)
    alone = [PendulumSwing(horizon=T).theta_dot_start for T in horizons[apart][::4]]  # each built on its own
    assert np.allclose(alone, rates[apart][::4], atol=1e-6)  # lands on the same branch


def test_a_branch_point_of_other_end_points_is_not_continued_from():
    elsewhere = PendulumSwing(horizon=1.2).branch_point  # θ(T) = −0.3 rad there
    swing = PendulumSwing(horizon=1.2, theta_end=-0.2, continue_from=elsewhere)
    assert swing.theta_dot_start == pytest.approx(PendulumSwing(horizon=1.2, theta_end=-0.2).theta_dot_start, abs=1e-9)
    assert float(swing.true_path(1.2)[0]) == pytest.approx(-0.2, abs=1e-9)


def test_branch_path_is_point_symmetric_about_half_the_horizon():
    # the ends ±0.3 rad and the pendulum are symmetric under θ(t) → −θ(T − t); the branch keeps that symmetry
    for swing in pendulum_branch(PendulumSwing(), [0.8, 1.2, 1.5]):
        t = np.linspace(0.0, swing.horizon, 41)
        assert np.max(np.abs(swing.true_path(t)[0] + swing.true_path(t[::-1])[0])) < 1e-8


def test_the_true_ball_path_has_a_lower_action_than_staying_at_rest():
    ball = Ball()
    rest = simpson(ball.lagrangian(np.zeros(101), np.zeros(101)), x=np.linspace(0, 1, 101))
    assert action(ball) == pytest.approx(-ball.m * ball.g**2 * ball.horizon**3 / 24, rel=1e-12) and action(ball) < rest


@pytest.mark.parametrize("call, message", [
    (lambda: mode_shape([0.1], 1.0, 0), "whole number 1, 2, 3"),
    (lambda: mode_shape([0.1], 1.0, 1.5), "whole number 1, 2, 3"),
    (lambda: mode_shape([0.1], 1.0, True), "whole number 1, 2, 3"),
    (lambda: mode_shape([0.1], -1.0, 1), "horizon T"),
    (lambda: action(Ball(), float("nan"), 1), "ε must be a finite number"),
    (lambda: action(Ball(), "big", 1), "ε must be a finite number"),
    (lambda: action(Ball(), 0.1, 1, n=100), "odd whole number"),
    (lambda: Ball(m=-1.0), "Ball: m must be > 0"),
    (lambda: Ball(horizon=float("inf")), "Ball: horizon must be finite"),
    (lambda: PendulumSwing(theta_start=4.0), "theta_start must lie within ±π"),
    (lambda: PendulumSwing(horizon=0.0), "horizon"),
    (lambda: PendulumSwing(pendulum=Pendulum(b=0.2)), "frictionless pendulum"),
    (lambda: ball_delta_s(PendulumSwing(), 0.1, 1), "the ball's formula"),
    (lambda: saddle_horizon(bracket=(0.5, 0.7)), "same sign"),
    (lambda: PendulumSwing(continue_from=(1.0, 0.0)), "continue_from must be a BranchPoint"),
])
def test_bad_inputs_give_clear_value_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()
