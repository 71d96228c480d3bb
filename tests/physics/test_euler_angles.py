"""ZYX Euler angles: the rate matrix against finite differences of the rotation, and M's singularity at gimbal lock."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics.euler_angles import euler_mass_matrix, zyx_rate_matrix, zyx_rotation

I_BODY = np.diag([0.1, 0.2, 0.25])


def _axis_rotation(axis, angle):
    """Rodrigues' formula, written independently of the module."""
    k = np.eye(3)[axis]
    K = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.eye(3) + np.sin(angle) * K + (1 - np.cos(angle)) * K @ K


def test_the_rotation_is_yaw_then_pitch_then_roll():
    q = np.array([0.4, -0.7, 1.1])
    expected = _axis_rotation(2, q[0]) @ _axis_rotation(1, q[1]) @ _axis_rotation(0, q[2])
    np.testing.assert_allclose(zyx_rotation(q), expected, atol=1e-14)


def test_the_rate_matrix_gives_the_body_angular_velocity_of_finite_differences():
    rng = np.random.default_rng(2)
    for _ in range(5):
        q, qd, h = rng.uniform(-1.4, 1.4, 3), rng.normal(0, 1, 3), 1e-6
        Rdot = (zyx_rotation(q + h * qd) - zyx_rotation(q - h * qd)) / (2 * h)
        W = zyx_rotation(q).T @ Rdot                         # ω̂ in body axes
        omega = np.array([W[2, 1], W[0, 2], W[1, 0]])
        np.testing.assert_allclose(zyx_rate_matrix(q) @ qd, omega, atol=1e-8)


def test_M_is_singular_exactly_at_gimbal_lock_and_loses_the_yaw_plus_roll_direction():
    """det M = det I · cos²θ; at θ = 90° the rates (1, 0, 1) leave R unchanged, so they carry no energy."""
    for pitch in np.radians([0.0, 30.0, 80.0, 89.0]):
        q = [0.3, pitch, -0.5]
        assert np.linalg.det(euler_mass_matrix(I_BODY, q)) == pytest.approx(np.linalg.det(I_BODY) * np.cos(pitch) ** 2,
                                                                            rel=1e-9)
    lock = np.array([0.3, np.pi / 2, -0.5])
    np.testing.assert_allclose(zyx_rotation(lock + [0.2, 0.0, 0.2]), zyx_rotation(lock), atol=1e-14)
    assert np.abs(euler_mass_matrix(I_BODY, lock) @ [1.0, 0.0, 1.0]).max() < 1e-15
    assert np.linalg.eigvalsh(euler_mass_matrix(I_BODY, [0.3, 1.5, -0.5])).min() > 0     # below the lock it is SPD


def test_a_bad_inertia_is_refused():
    with pytest.raises(ValueError, match="inertia must be a symmetric positive-definite 3×3 matrix"):
        euler_mass_matrix(np.diag([0.1, -0.2, 0.25]), [0.0, 0.0, 0.0])
