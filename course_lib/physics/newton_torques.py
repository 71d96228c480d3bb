"""Newton's view of the velocity torques of the planar 2R arm: moments of m a, no Lagrangian.

Keep both joint rates constant (q̈ = 0) and ignore gravity. Each link then
turns at a constant absolute rate, so its angular acceleration is zero and
the only thing a motor has to supply is the net force mᵢ aᵢ that keeps the
link's centre of mass on its curved path. Joint 2 carries link 2 alone,
joint 1 carries both links:

    τ₂ = (c₂ − elbow) × m₂ a₂,        τ₁ = c₁ × m₁ a₁ + c₂ × m₂ a₂     (N·m)

with cᵢ the centre positions (m, base at the origin) and × the planar cross
product. The accelerations aᵢ = J̇_cᵢ q̇ (m/s²) come from differences of the
centre-of-mass Jacobians along q̇. This equals C(q, q̇) q̇ for any valid C, the
check the lesson's "Newton − formula" readout shows.

>>> from course_lib.physics.models import TwoLinkArm
>>> arm = TwoLinkArm()
>>> round(float(newton_velocity_torques(arm, [0.0, np.pi / 2], [2.0, 0.0])[1]), 6)   # τ₂ = h θ̇₁² = 2.4 N·m
2.4
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.physics.models.base import derivative_along, matvec
from course_lib.physics.models.two_link import TwoLinkArm


def com_accelerations(arm: TwoLinkArm, q: Any, qd: Any) -> np.ndarray:
    """Accelerations (m/s²) of the two centres of mass at constant joint rates (q̈ = 0).

    Args:
        arm: the arm (payload merged into link 2).
        q: joint angles (rad), θ₁ from the horizontal, θ₂ relative; shape (2,) or (N, 2).
        qd: joint rates (rad/s), same shape.

    Returns:
        Shape (2, 2) or (N, 2, 2): row i is link i's centre acceleration (x, y).
    """
    q, qd = arm._q_qd(q, qd)
    out = []
    for i in range(2):
        jdot = derivative_along(lambda x, i=i: arm.com_jacobians(x)[i], q, qd)
        out.append(matvec(jdot, qd))
    return np.stack(out, -2)


def newton_velocity_torques(arm: TwoLinkArm, q: Any, qd: Any) -> np.ndarray:
    """Joint torques (N·m) that keep both joint rates constant, without gravity, from r × m a.

    Args:
        arm: the arm.
        q, qd: joint angles (rad) and rates (rad/s), shape (2,) or (N, 2).

    Returns:
        (τ₁, τ₂), shape (2,) or (N, 2).
    """
    q, qd = arm._q_qd(q, qd)
    p = arm.params
    acc = com_accelerations(arm, q, qd)
    centres = arm.com_positions(q)
    elbow = arm.joint_positions(q)[..., 1, :]
    f1, f2 = p.m1 * acc[..., 0, :], p.m2 * acc[..., 1, :]
    tau2 = _cross(centres[..., 1, :] - elbow, f2)
    tau1 = _cross(centres[..., 0, :], f1) + _cross(centres[..., 1, :], f2)
    return np.stack([tau1, tau2], -1)


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
