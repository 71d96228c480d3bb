"""Newton's view of the 2R arm, written independently of course_lib.physics.models.

Each link is a rigid body: its centre of mass accelerates (found here by
finite differences of positions computed from the geometry), it turns with
angular acceleration α. The joint torques then follow from moments of
"m a" (r × m a) and of I α, with no mass matrix and no Lagrangian in sight.
Used by the tests as an independent reference.
"""

from __future__ import annotations

import numpy as np

GRAVITY_DIRECTION = np.array([0.0, -1.0])


def cross2(a: np.ndarray, b: np.ndarray) -> float:
    """z-component of the cross product of two planar vectors."""
    return float(a[0] * b[1] - a[1] * b[0])


def bodies(l1, l2, m1, m2, lc1, lc2, I1, I2, payload):
    """(mass, inertia, joint index it hangs from, position function) of each body."""

    def p_elbow(q):
        return l1 * np.array([np.cos(q[0]), np.sin(q[0])])

    def c1(q):
        return lc1 * np.array([np.cos(q[0]), np.sin(q[0])])

    def c2(q):
        return p_elbow(q) + lc2 * np.array([np.cos(q[0] + q[1]), np.sin(q[0] + q[1])])

    def tip(q):
        return p_elbow(q) + l2 * np.array([np.cos(q[0] + q[1]), np.sin(q[0] + q[1])])

    out = [(m1, I1, 1, c1), (m2, I2, 2, c2)]
    if payload > 0:
        out.append((payload, 0.0, 2, tip))
    return out, p_elbow


def newton_torques(arm, q, qd, qdd, h: float = 1e-4) -> np.ndarray:
    """Joint torques of the arm from Newton–Euler moments, accelerations by finite differences.

    τ₁ = Σ_all bodies [ (r_c × m (a_c − g)) + I α ]  about the base,
    τ₂ = Σ_bodies of link 2 [ ((r_c − r_elbow) × m (a_c − g)) + I α ]  about the elbow,
    plus viscous friction b q̇ at each joint.
    """
    q, qd, qdd = (np.asarray(v, float) for v in (q, qd, qdd))
    parts, p_elbow = bodies(
        arm.l1, arm.l2, arm.m1, arm.m2, arm.lc1, arm.lc2, arm.I1, arm.I2, arm.payload
    )

    def path(t):
        return q + qd * t + 0.5 * qdd * t * t

    g_vec = arm.g * GRAVITY_DIRECTION
    alphas = {1: qdd[0], 2: qdd[0] + qdd[1]}
    tau = np.zeros(2)
    for m, inertia, link, pos in parts:
        r = pos(q)
        a = (pos(path(h)) - 2 * r + pos(path(-h))) / h**2
        f = m * (a - g_vec)
        tau[0] += cross2(r, f) + inertia * alphas[link]
        if link == 2:
            tau[1] += cross2(r - p_elbow(q), f) + inertia * alphas[link]
    return tau + arm.b * qd
