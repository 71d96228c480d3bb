"""Lesson 4's physics and control: the reachable line, the linearization, LQR under the lab's limits, end stops.

References are independent of the code under test: accelerations from the full
forward dynamics (not from ``reachable_line``), finite differences of the
nonlinear model (not the analytic Jacobian), the Riccati equation itself, and
the nonlinear simulation with the lab's force limit and rail.
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics import control
from course_lib.physics.cart_pole_balance import DT, FORCE_LIMIT, KICK, RAIL, auto_balance, lqr_gain
from course_lib.physics.models import CartPole
from course_lib.physics.simulate.integrators import simulate


def test_reachable_accelerations_for_many_forces_lie_on_one_line_of_slope_minus_cos_theta_over_l(rng):
    cp = CartPole()
    for q, qd in zip(rng.uniform([-1, -3], [1, 3], (12, 2)), rng.uniform(-2, 2, (12, 2))):
        forces = np.linspace(-FORCE_LIMIT, FORCE_LIMIT, 41)
        acc = cp.forward_dynamics_from_force(np.tile(q, (41, 1)), np.tile(qd, (41, 1)), forces)
        slope, intercept = np.polyfit(acc[:, 0], acc[:, 1], 1)
        assert slope == pytest.approx(-np.cos(q[1]) / cp.l, abs=1e-9)
        assert np.abs(acc[:, 1] - (slope * acc[:, 0] + intercept)).max() < 1e-9  # every point on the line
        a, d = cp.reachable_line(q, qd)  # the helper the lab draws with agrees
        np.testing.assert_allclose(a + forces[:, None] * d, acc, atol=1e-10)


def test_the_line_misses_zero_acceleration_whenever_the_pole_is_tilted():
    """At rest and tilted, ẍ = θ̈ = 0 would need l θ̈ + cos θ ẍ = g sin θ ≠ 0: no force gives both zero."""
    cp = CartPole()
    for theta in (0.05, 0.4, -1.0):
        a, d = cp.reachable_line([0.0, theta], [0.0, 0.0])
        force = -a[0] / d[0]  # the force that stops the cart's acceleration
        assert abs(a[1] + force * d[1]) > 0.5 * cp.g * abs(np.sin(theta)) / cp.l


def _state_derivative(cp: CartPole, z: np.ndarray, force: float) -> np.ndarray:
    return np.concatenate([z[2:], cp.forward_dynamics_from_force(z[:2], z[2:], force)])


@pytest.mark.parametrize("q_eq", [(0.0, 0.0), (0.7, 0.0), (-0.3, np.pi)], ids=["upright", "upright_shifted", "hanging"])
def test_linearization_matches_finite_differences_of_the_nonlinear_model(q_eq):
    cp = CartPole(cart_mass=1.3, pole_mass=0.4, l=0.65)
    A, B = cp.linearize(q_eq)
    z0, eps = np.array([*q_eq, 0.0, 0.0]), 1e-6
    A_fd = np.column_stack([(_state_derivative(cp, z0 + eps * e, 0.0) - _state_derivative(cp, z0 - eps * e, 0.0))
                            / (2 * eps) for e in np.eye(4)])
    B_fd = (_state_derivative(cp, z0, eps) - _state_derivative(cp, z0, -eps)) / (2 * eps)
    np.testing.assert_allclose(A, A_fd, atol=1e-6)
    np.testing.assert_allclose(B[:, 0], B_fd, atol=1e-6)


def test_linearize_refuses_a_state_that_is_not_an_equilibrium():
    with pytest.raises(ValueError, match="not an equilibrium"):
        CartPole().linearize((0.0, 0.3))


def test_upright_linearization_is_controllable_with_one_force_though_B_has_rank_one():
    A, B = CartPole().linearize()
    assert np.linalg.matrix_rank(CartPole.input_matrix()) == 1
    assert np.linalg.matrix_rank(control.controllability_matrix(A, B)) == 4
    # a pole that the cart cannot feel (m l cos θ coupling removed) is not controllable from the cart
    A_uncoupled = A.copy()
    A_uncoupled[2, 1] = 0.0
    B_uncoupled = np.array([[0.0], [0.0], [B[2, 0]], [0.0]])
    assert np.linalg.matrix_rank(control.controllability_matrix(A_uncoupled, B_uncoupled)) == 2


def test_lqr_gain_solves_the_riccati_equation_and_stabilises_the_linearization():
    cp = CartPole(rail=RAIL)
    A, B = cp.linearize()
    Q, R = np.diag([1.0, 20.0, 1.0, 1.0]), np.array([[0.05]])
    K, S = control.lqr(A, B, Q, R)
    residual = A.T @ S + S @ A - S @ B @ np.linalg.solve(R, B.T @ S) + Q
    assert np.abs(residual).max() < 1e-8 * np.abs(S).max()
    assert np.linalg.eigvals(A - B @ K).real.max() < 0
    np.testing.assert_allclose(lqr_gain(cp), K)


def test_lqr_gain_on_x_has_the_wrong_looking_sign_push_away_from_the_middle_first():
    """F = −K z: with the cart right of the middle (x > 0) and the pole upright, F pushes it further right."""
    K = lqr_gain(CartPole(rail=RAIL))
    assert control.state_feedback(K, [0.5, 0.0, 0.0, 0.0])[0] > 0
    assert control.state_feedback(K, [0.0, 0.1, 0.0, 0.0])[0] > 0  # pole leans right: cart goes under it


def _balance(theta0: float, duration: float = 10.0, kick: bool = False):
    """The lab's Auto-balance on the nonlinear cart-pole with the lab's rail and force limit (θ₀ in rad)."""
    return auto_balance(np.degrees(theta0), duration=duration, kick=kick)


def _recovered(tr) -> bool:
    return bool(abs(tr.q[-1, 1]) < 0.01 and abs(tr.q[-1, 0]) < 0.05 and np.abs(tr.q[:, 1]).max() < np.pi / 2)


def test_lqr_balances_the_nonlinear_cart_pole_from_15_degrees_within_the_force_limit_and_rail():
    tr = _balance(np.radians(15.0))
    assert _recovered(tr)
    assert np.abs(tr.tau[:, 0]).max() <= FORCE_LIMIT + 1e-12
    assert np.abs(tr.q[:, 0]).max() <= RAIL


def test_lqr_recovers_from_the_labs_kick():
    tr = _balance(0.0, kick=True)
    assert tr.qd[0, 1] == pytest.approx(KICK / (0.3 * 0.8))  # J / (m l) at the top
    assert np.abs(tr.q[:, 1]).max() > np.radians(5)  # the kick did tilt the pole
    assert _recovered(tr)


def largest_recoverable_angle(tol_deg: float = 0.25) -> float:
    """Bisection (degrees) between an angle LQR recovers from and one it does not, at rest, under the limits."""
    lo, hi = 15.0, 89.0
    assert _recovered(_balance(np.radians(lo))) and not _recovered(_balance(np.radians(hi)))
    while hi - lo > tol_deg:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _recovered(_balance(np.radians(mid))) else (lo, mid)
    return lo


@pytest.fixture(scope="module")
def recoverable() -> float:
    return largest_recoverable_angle()


def test_there_is_a_largest_recoverable_angle_and_beyond_it_the_lab_says_the_controller_lost_the_pole(recoverable):
    from course_lib.lessons.cart_pole.lab import CartPoleLab

    assert 15.0 < recoverable < 89.0
    edge = _balance(np.radians(recoverable - 1.0))
    assert np.abs(edge.tau[:, 0]).max() == pytest.approx(FORCE_LIMIT)  # near the edge the force limit is in play
    assert np.abs(edge.q[:, 0]).max() > 0.9 * RAIL  # and the cart nearly uses up the rail
    inside = CartPoleLab(theta0=recoverable - 1.0)
    inside.set("auto", True)
    inside.advance(10.0)
    assert not inside.lost and abs(inside.readout("theta_deg")) < 1.0
    assert "lost" not in inside.message.value
    beyond = CartPoleLab(theta0=recoverable + 1.0)
    beyond.set("auto", True)
    beyond.advance(10.0)
    assert beyond.lost
    assert "lost the pole" in beyond.message.value


# -- the end stops ------------------------------------------------------------------------------------------
def test_end_stop_impulse_acts_on_x_only_so_p_theta_is_unchanged(rng):
    cp = CartPole(rail=RAIL)
    for _ in range(50):
        side = rng.choice([-1.0, 1.0])
        q = np.array([side * (RAIL + rng.uniform(0, 0.02)), rng.uniform(-np.pi, np.pi)])
        qd = np.array([side * rng.uniform(0.1, 5.0), rng.uniform(-4, 4)])
        q_after, qd_after = cp.impact(q, qd)
        assert q_after[0] == side * RAIL and qd_after[0] == 0.0 and q_after[1] == q[1]
        assert cp.momentum(q_after, qd_after)[1] == pytest.approx(cp.momentum(q, qd)[1], abs=1e-12)
    assert cp.impact(np.array([1.0, 0.2]), np.array([3.0, 0.0])) is None  # inside the rail: nothing happens


def test_cart_driven_into_a_stop_stays_on_the_rail_and_nothing_becomes_nan():
    cp = CartPole(rail=RAIL)
    tr = simulate(cp, [1.0, 0.3], [3.0, -1.0], duration=4.0, dt=DT, torque=[FORCE_LIMIT, 0.0])
    assert np.all(np.isfinite(tr.q)) and np.all(np.isfinite(tr.qd))
    assert np.abs(tr.q[:, 0]).max() <= RAIL
    hit = int(np.argmax(tr.q[:, 0] >= RAIL))  # the first step at the stop
    # across the stop's step p_θ changes only by what gravity does in one step, |m g l sin θ| dt
    p = cp.momentum(tr.q[hit - 1:hit + 1], tr.qd[hit - 1:hit + 1])[:, 1]
    assert abs(p[1] - p[0]) <= cp.pole_mass * cp.g * cp.l * DT * 1.01
    assert abs(tr.qd[hit - 1, 0]) > 1.0 and tr.qd[hit, 0] == 0.0  # it was moving, and the stop stopped it


def test_control_laws_computed_torque_cancels_the_dynamics_and_pd_gravity_holds_still():
    from course_lib.physics.models import TwoLinkArm

    arm = TwoLinkArm()
    q, qd, q_des, qd_des, qdd_des = [0.3, -0.5], [0.2, 0.4], [0.5, 0.1], [0.0, -0.2], [1.0, 0.5]
    tau = control.computed_torque(arm, q, qd, q_des, qd_des, qdd_des, kp=16.0, kd=8.0)
    qdd = arm.forward_dynamics(q, qd, tau)
    e, ed = np.subtract(q_des, q), np.subtract(qd_des, qd)
    np.testing.assert_allclose(np.subtract(qdd_des, qdd) + 8.0 * ed + 16.0 * e, 0.0, atol=1e-10)  # ë + Kd ė + Kp e = 0
    np.testing.assert_allclose(arm.forward_dynamics(q_des, [0, 0], control.pd_gravity(arm, q_des, [0, 0], q_des,
                                                                                       10.0, 2.0)), 0.0, atol=1e-12)


def test_control_helpers_refuse_bad_input_with_a_clear_message():
    with pytest.raises(ValueError, match="R must be symmetric positive definite"):
        control.lqr(np.eye(2), [[0.0], [1.0]], np.eye(2), 0.0)
    with pytest.raises(ValueError, match="B must have 2 rows"):
        control.controllability_matrix(np.eye(2), [[1.0]])
    with pytest.raises(ValueError, match="limit must be"):
        control.saturate(1.0, -2.0)
