"""A rigid body's orientation in ZYX Euler angles, and the mass matrix that these coordinates give it.

The angles q = (ψ, θ, φ) (yaw about z, pitch about the new y, roll about the newest x, rad) put the body at
R = R_z(ψ) R_y(θ) R_x(φ). Its angular velocity in body axes is linear in the angle rates,

    ω = E(q) q̇,   E = [[−sin θ, 0, 1], [sin φ cos θ, cos φ, 0], [cos φ cos θ, −sin φ, 0]],

so the kinetic energy ½ ωᵀ I ω is ½ q̇ᵀ M q̇ with M(q) = Eᵀ I E, I the inertia in body axes (kg·m²).
det E = −cos θ: at pitch θ = ±90° (gimbal lock) E loses rank, so M is singular although the body, its
inertia and its motion are perfectly regular. The direction lost is q̇ ∝ (1, 0, ±1): yaw and roll turn the
body about the same axis there. Physics note: the singularity belongs to the coordinates, not to the
dynamics; a rotation matrix or a unit quaternion has none.

>>> I = np.diag([0.1, 0.2, 0.25])
>>> [round(float(np.linalg.det(euler_mass_matrix(I, [0.0, np.radians(d), 0.0]))), 6) for d in (0, 60, 90)]
[0.005, 0.00125, 0.0]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.physics import _checks


def _angles(q: Any) -> np.ndarray:
    return _checks.states("q", q, 3)


def zyx_rotation(q: Any) -> np.ndarray:
    """R = R_z(ψ) R_y(θ) R_x(φ) for q = (ψ, θ, φ) (rad), shape (3, 3) or (N, 3, 3)."""
    q = _angles(q)
    (cz, cy, cx), (sz, sy, sx) = np.cos(np.moveaxis(q, -1, 0)), np.sin(np.moveaxis(q, -1, 0))
    one, zero = np.ones_like(cz), np.zeros_like(cz)
    Rz = np.stack([np.stack([cz, -sz, zero], -1), np.stack([sz, cz, zero], -1), np.stack([zero, zero, one], -1)], -2)
    Ry = np.stack([np.stack([cy, zero, sy], -1), np.stack([zero, one, zero], -1), np.stack([-sy, zero, cy], -1)], -2)
    Rx = np.stack([np.stack([one, zero, zero], -1), np.stack([zero, cx, -sx], -1), np.stack([zero, sx, cx], -1)], -2)
    return Rz @ Ry @ Rx


def zyx_rate_matrix(q: Any) -> np.ndarray:
    """E(q) with ω_body = E q̇ for q = (ψ, θ, φ) (rad), shape (3, 3) or (N, 3, 3) (dimensionless)."""
    q = _angles(q)
    theta, phi = q[..., 1], q[..., 2]
    st, ct, sp, cp = np.sin(theta), np.cos(theta), np.sin(phi), np.cos(phi)
    zero, one = np.zeros_like(st), np.ones_like(st)
    return np.stack([np.stack([-st, zero, one], -1), np.stack([sp * ct, cp, zero], -1),
                     np.stack([cp * ct, -sp, zero], -1)], -2)


def euler_mass_matrix(inertia: Any, q: Any) -> np.ndarray:
    """M(q) = Eᵀ I E (kg·m²) of a free-spinning body with body-axis inertia ``inertia`` (3×3, symmetric,
    positive definite) in ZYX angles q (rad).

    Raises:
        ValueError: for an inertia that is not a symmetric positive-definite 3×3 matrix.
    """
    I = np.asarray(inertia, dtype=float)
    if I.shape != (3, 3) or not np.all(np.isfinite(I)) or not np.allclose(I, I.T) or np.linalg.eigvalsh(I).min() <= 0:
        raise ValueError(f"inertia must be a symmetric positive-definite 3×3 matrix in kg·m², got {I.tolist()!r}")
    E = zyx_rate_matrix(q)
    return np.swapaxes(E, -1, -2) @ I @ E
