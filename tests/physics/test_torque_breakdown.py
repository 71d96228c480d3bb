"""The torque-size breakdown of the textbook arm along a trapezoidal motion, against RNEA, the hand-written
centrifugal and Coriolis terms and finite differences of the motion."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics.chains import from_two_link, rnea
from course_lib.physics.torque_breakdown import (
    ACCEL_TIME,
    DURATION,
    GOAL,
    START,
    textbook_motor_arm,
    torque_breakdown,
    trapezoid,
)

ARM = textbook_motor_arm()
T = np.linspace(0.0, DURATION, 1001)


@pytest.fixture(scope="module")
def motion():
    q, qd, qdd = trapezoid(START, GOAL, DURATION, ACCEL_TIME, T)
    return q, qd, qdd, torque_breakdown(ARM, q, qd, qdd)


def test_the_trapezoid_reaches_the_goal_at_rest_and_its_rates_are_the_derivatives(motion):
    q, qd, qdd, _ = motion
    np.testing.assert_allclose(q[0], START, atol=1e-15)
    np.testing.assert_allclose(q[-1], GOAL, atol=1e-12)
    assert np.abs(qd[[0, -1]]).max() < 1e-12
    dt = T[1] - T[0]
    inner = slice(2, -2)
    np.testing.assert_allclose(np.gradient(q, dt, axis=0)[inner], qd[inner], atol=2e-2)
    smooth = np.abs(np.gradient(qd, dt, axis=0) - qdd).max(axis=1) < 1e-6    # away from the two switch instants
    assert smooth.mean() > 0.98


def test_the_terms_add_up_to_rnea_on_the_same_arm_with_its_rotors(motion):
    q, qd, qdd, parts = motion
    chain = from_two_link(ARM, gear=[ARM.kr1, ARM.kr2], rotor_inertia=[ARM.Im1, ARM.Im2], rotor_mass=[0.0, ARM.mm2])
    expected = np.array([rnea(chain, a, b, c) for a, b, c in zip(q, qd, qdd)])
    np.testing.assert_allclose(parts.total, expected, rtol=1e-10, atol=1e-8)


def test_centrifugal_and_coriolis_are_the_hand_written_h_terms(motion):
    """With h = m₂ l₁ l_c2 sin θ₂: joint 1 gets −2h θ̇₁θ̇₂ (Coriolis) and −h θ̇₂² (centrifugal), joint 2 only
    h θ̇₁² (centrifugal): no Coriolis torque on joint 2."""
    q, qd, _, parts = motion
    p = ARM.params
    h = p.m2 * p.l1 * p.lc2 * np.sin(q[:, 1])
    tol = 1e-6 * np.abs(parts.centrifugal).max()     # the Christoffel symbols come from differences of M
    np.testing.assert_allclose(parts.coriolis[:, 0], -2 * h * qd[:, 0] * qd[:, 1], atol=tol)
    np.testing.assert_allclose(parts.centrifugal[:, 0], -h * qd[:, 1] ** 2, atol=tol)
    np.testing.assert_allclose(parts.centrifugal[:, 1], h * qd[:, 0] ** 2, atol=tol)
    assert np.abs(parts.coriolis[:, 1]).max() < tol


def test_the_textbooks_observations_hold_along_the_motion(motion):
    """inert_22 piecewise constant (M₂₂ is), inert_12 = inert_21 (same acceleration profiles), and the inertial
    torques many times gravity's on each joint: thousands of N·m against about a thousand on joint 1 and a few
    hundred on joint 2 (lesson 11's text says so)."""
    _, _, _, parts = motion
    assert len(np.unique(parts.inertial[:, 1, 1].round(9))) == 3
    np.testing.assert_allclose(parts.inertial[:, 0, 1], parts.inertial[:, 1, 0], rtol=1e-12)
    peaks = parts.peaks()
    own = np.diag(peaks["inertial"])
    assert np.all(own > 1000) and 1000 > peaks["gravity"][1] > 100 and 700 < peaks["gravity"][0] < 1500
    assert np.all(own > 5 * peaks["gravity"])


def test_a_trapezoid_with_too_long_an_acceleration_is_refused():
    with pytest.raises(ValueError, match="accel_time must be at most half the duration"):
        trapezoid([0.0], [1.0], 1.0, 0.6, [0.0])


def test_at_random_states_each_inertial_term_is_one_entry_times_one_acceleration():
    """Unequal accelerations, so that M_ij q̈_j and M_ij q̈_i differ; the sum against RNEA."""
    rng = np.random.default_rng(4)
    q, qd, qdd = rng.uniform(-3, 3, (6, 2)), rng.normal(0, 2, (6, 2)), rng.normal(0, 5, (6, 2))
    parts = torque_breakdown(ARM, q, qd, qdd)
    chain = from_two_link(ARM, gear=[ARM.kr1, ARM.kr2], rotor_inertia=[ARM.Im1, ARM.Im2], rotor_mass=[0.0, ARM.mm2])
    np.testing.assert_allclose(parts.total, [rnea(chain, *s) for s in zip(q, qd, qdd)], rtol=1e-10, atol=1e-8)
    M_only = [rnea(chain.replace(gravity=np.zeros(3)), a, np.zeros(2), np.eye(2)[j]) for a in q for j in range(2)]
    M = np.array(M_only).reshape(6, 2, 2).transpose(0, 2, 1)      # column j: the torques of q̈ = e_j
    np.testing.assert_allclose(parts.inertial, M * qdd[:, None, :], rtol=1e-10, atol=1e-8)
