"""Physical facts about the planar 2R arm, each checked against an independent reference."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from course_lib import TwoLinkArm
from tests.reference.newton import newton_torques

angle = st.floats(-np.pi, np.pi, allow_nan=False)
rate = st.floats(-5.0, 5.0, allow_nan=False)
pair = st.tuples(angle, angle)
rates = st.tuples(rate, rate)

SEED_ARM = TwoLinkArm()


def states(rng, n=20, speed=3.0):
    q = rng.uniform(-np.pi, np.pi, (n, 2))
    qd = rng.uniform(-speed, speed, (n, 2))
    qdd = rng.uniform(-10, 10, (n, 2))
    return q, qd, qdd


@given(pair)
def test_mass_matrix_is_symmetric_positive_definite(q):
    M = SEED_ARM.mass_matrix(q)
    assert M[0, 1] == M[1, 0]
    assert np.all(np.linalg.eigvalsh(M) > 0)


def test_mass_matrix_is_spd_for_every_arm_in_a_batch(arm, rng):
    M = arm.mass_matrix(rng.uniform(-np.pi, np.pi, (500, 2)))
    assert M.shape == (500, 2, 2)
    np.testing.assert_array_equal(M, np.swapaxes(M, 1, 2))
    assert np.linalg.eigvalsh(M).min() > 0


@given(angle, angle, angle)
def test_mass_matrix_depends_on_the_elbow_angle_only(t1, t1_other, t2):
    np.testing.assert_array_equal(SEED_ARM.mass_matrix([t1, t2]), SEED_ARM.mass_matrix([t1_other, t2]))


@given(pair, rates)
def test_mdot_minus_2c_is_skew_symmetric_for_the_christoffel_form(q, qd):
    """Ṁ from finite differences (not from C) makes Ṁ − 2C skew: N + Nᵀ = 0."""
    N = SEED_ARM.mass_matrix_derivative(q, qd) - 2 * SEED_ARM.coriolis_matrix(q, qd)
    assert np.abs(N + N.T).max() < 1e-9


def test_alternative_coriolis_gives_same_torques_but_is_not_skew(arm, rng):
    q, qd, _ = states(rng, 200)
    C = arm.coriolis_matrix(q, qd)
    Cb = arm.coriolis_matrix(q, qd, form="alternative")
    np.testing.assert_allclose(np.einsum("nij,nj->ni", Cb, qd), np.einsum("nij,nj->ni", C, qd), atol=1e-12)
    N = arm.mass_matrix_derivative(q, qd) - 2 * Cb
    sym = np.abs(N + np.swapaxes(N, 1, 2)).max(axis=(1, 2))
    # The symmetric part of Ṁ − 2C_b is 2h(2θ̇₁+θ̇₂) off the diagonal: far from zero in general.
    assert np.median(sym) > 0.1


def test_velocity_torques_match_newton_r_cross_m_a(arm, rng):
    """With no acceleration and no gravity, τ = C q̇ is exactly what r × m a demands."""
    no_gravity = arm.replace(g=0.0)
    for q, qd in zip(*states(rng, 15)[:2]):
        np.testing.assert_allclose(
            no_gravity.bias(q, qd), newton_torques(no_gravity, q, qd, np.zeros(2)), rtol=1e-5, atol=1e-6
        )


def test_inverse_dynamics_matches_newton_with_gravity_payload_and_friction(arm, rng):
    arm = arm.replace(b=[0.3, 0.1])
    for q, qd, qdd in zip(*states(rng, 15)):
        np.testing.assert_allclose(arm.inverse_dynamics(q, qd, qdd), newton_torques(arm, q, qd, qdd), rtol=1e-5, atol=1e-5)


def test_forward_and_inverse_dynamics_invert_each_other(arm, rng):
    q, qd, qdd = states(rng, 300)
    arm = arm.replace(b=0.2)
    tau = arm.inverse_dynamics(q, qd, qdd)
    np.testing.assert_allclose(arm.forward_dynamics(q, qd, tau), qdd, rtol=1e-10, atol=1e-10)


@given(pair, rates, rates)
def test_single_state_and_batch_agree(q, qd, tau):
    batch = SEED_ARM.forward_dynamics(np.array([q, q]), np.array([qd, qd]), np.array([tau, tau]))
    np.testing.assert_allclose(batch[1], SEED_ARM.forward_dynamics(q, qd, tau), rtol=1e-12, atol=1e-12)


def test_seed_elbow_torque_from_spinning_the_shoulder_is_2_4_newton_metres():
    """Seed check: θ₂ = π/2, θ̇₁ = 2 rad/s needs τ₂ = h θ̇₁² = m₂ l₁ l_c₂ θ̇₁² = 2.4 N·m."""
    q, qd = [0.0, np.pi / 2], [2.0, 0.0]
    tau2 = SEED_ARM.bias(q, qd)[1]
    assert tau2 == pytest.approx(SEED_ARM.m2 * SEED_ARM.l1 * SEED_ARM.lc2 * 2.0**2, rel=1e-12)
    assert round(tau2, 1) == 2.4
    assert tau2 == pytest.approx(newton_torques(SEED_ARM, q, qd, [0, 0])[1], rel=1e-6)


def test_seed_holding_torques_of_the_stretched_arm():
    """Seed check: stretched horizontally at rest, τ = g(q) ≈ (30.4, 5.9) N·m, weights × lever arms."""
    a = SEED_ARM
    tau = a.inverse_dynamics([0.0, 0.0], [0.0, 0.0], [0.0, 0.0])
    lever_sum = a.m1 * a.l1 / 2 + a.m2 * (a.l1 + a.l2 / 2)
    np.testing.assert_allclose(tau, [lever_sum * a.g, a.m2 * a.l2 / 2 * a.g], rtol=1e-12)
    assert (round(tau[0], 1), round(tau[1], 1)) == (30.4, 5.9)


def test_coriolis_terms_vanish_when_stretched_or_folded(rng):
    qd = rng.uniform(-3, 3, (50, 2))
    for elbow in (0.0, np.pi):
        q = np.column_stack([rng.uniform(-3, 3, 50), np.full(50, elbow)])
        assert np.abs(SEED_ARM.coriolis_matrix(q, qd)).max() < 1e-12


def test_regressor_times_base_parameters_is_the_rigid_body_torque(arm, rng):
    q, qd, qdd = states(rng, 200)
    Y = arm.regressor(q, qd, qdd)
    assert Y.shape == (200, 2, 5)
    rigid = arm.inverse_dynamics(q, qd, qdd) - arm.b * qd
    np.testing.assert_allclose(Y @ arm.base_parameters(), rigid, rtol=1e-12, atol=1e-10)
    rubbed = arm.replace(b=[0.4, 0.2])
    np.testing.assert_allclose(rubbed.inverse_dynamics(q, qd, qdd) - Y @ arm.base_parameters(), rubbed.b * qd, atol=1e-10)


def test_five_base_parameters_are_identifiable_from_rich_data(rng):
    """Stacked regressors of varied states have full column rank 5."""
    Y = SEED_ARM.regressor(*states(rng, 50)).reshape(-1, 5)
    assert np.linalg.matrix_rank(Y) == 5


def test_payload_adds_its_point_mass_inertia_through_the_tip_jacobian(rng):
    """M(payload) = M(no payload) + m_p JᵀJ and g gains m_p g Jᵀ ŷ: the merge is exact."""
    mp = 0.7
    bare, loaded = TwoLinkArm(), TwoLinkArm(payload=mp)
    q = rng.uniform(-np.pi, np.pi, (100, 2))
    J = bare.jacobian(q)
    JtJ = np.swapaxes(J, 1, 2) @ J
    np.testing.assert_allclose(loaded.mass_matrix(q), bare.mass_matrix(q) + mp * JtJ, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(loaded.gravity(q), bare.gravity(q) + mp * bare.g * J[:, 1, :], rtol=1e-12, atol=1e-12)


def test_mass_error_scales_every_inertial_term(rng):
    q, qd, qdd = states(rng, 50)
    wrong = SEED_ARM.with_mass_error(0.2)
    np.testing.assert_allclose(wrong.inverse_dynamics(q, qd, qdd), 1.2 * SEED_ARM.inverse_dynamics(q, qd, qdd), rtol=1e-12)


def test_gravity_is_the_gradient_of_potential_energy(arm, rng):
    q = rng.uniform(-np.pi, np.pi, (100, 2))
    eps = 1e-6
    grad = np.column_stack([
        (arm.potential_energy(q + eps * e) - arm.potential_energy(q - eps * e)) / (2 * eps)
        for e in np.eye(2)
    ])
    np.testing.assert_allclose(arm.gravity(q), grad, rtol=1e-7, atol=1e-7)


def test_kinetic_energy_equals_sum_of_half_m_v_squared_and_half_i_omega_squared(arm, rng):
    """T from M agrees with ½mv² + ½Iω² with centre velocities by finite differences."""
    q, qd, _ = states(rng, 50)
    eps = 1e-6
    v = (arm.com_positions(q + eps * qd) - arm.com_positions(q - eps * qd)) / (2 * eps)
    p = arm.params
    w1, w12 = qd[:, 0], qd[:, 0] + qd[:, 1]
    T = 0.5 * (p.m1 * (v[:, 0] ** 2).sum(-1) + p.m2 * (v[:, 1] ** 2).sum(-1) + p.I1 * w1**2 + p.I2 * w12**2)
    np.testing.assert_allclose(arm.kinetic_energy(q, qd), T, rtol=1e-8)


def test_jacobians_are_derivatives_of_positions(arm, rng):
    q, qd, _ = states(rng, 50)
    eps = 1e-6
    for jac, pos in ((arm.jacobian, arm.tip), (lambda x: arm.com_jacobians(x)[1], lambda x: arm.com_positions(x)[..., 1, :]),
                     (lambda x: arm.com_jacobians(x)[0], lambda x: arm.com_positions(x)[..., 0, :])):
        fd = np.stack([(pos(q + eps * e) - pos(q - eps * e)) / (2 * eps) for e in np.eye(2)], -1)
        np.testing.assert_allclose(jac(q), fd, atol=1e-8)
    Jdot_fd = (arm.jacobian(q + eps * qd) - arm.jacobian(q - eps * qd)) / (2 * eps)
    np.testing.assert_allclose(arm.jacobian_derivative(q, qd), Jdot_fd, atol=1e-7)


def test_joint_positions_put_the_links_at_their_lengths(rng):
    P = SEED_ARM.joint_positions(rng.uniform(-np.pi, np.pi, (30, 2)))
    np.testing.assert_allclose(np.linalg.norm(P[:, 1] - P[:, 0], axis=-1), 1.0)
    np.testing.assert_allclose(np.linalg.norm(P[:, 2] - P[:, 1], axis=-1), 0.8)
    np.testing.assert_allclose(SEED_ARM.tip([0.0, 0.0]), [1.8, 0.0])
