"""Closed-form inverse kinematics of the 2R arm, and the joint reference of a tool path.

Given a tool point x = (x, y) (m), the elbow angle follows from the law of cosines
on the triangle base–elbow–tool, with r² = x² + y²:

    cos θ₂ = (r² − l₁² − l₂²) / (2 l₁ l₂)
    θ₂ = ±arccos(cos θ₂)                          (the two elbow branches)
    θ₁ = atan2(y, x) − atan2(l₂ sin θ₂, l₁ + l₂ cos θ₂)

Conventions as everywhere in the course: θ₁ from the horizontal, θ₂ relative to
link 1, both counter-clockwise. ``elbow=+1`` (:data:`ELBOW_DOWN`) takes θ₂ in
(0, π): for a tool to the right of the base the elbow sits below the line from
the base to the tool. ``elbow=-1`` (:data:`ELBOW_UP`) takes θ₂ in (−π, 0).

A tool path x(t) becomes a joint reference by differentiating x = f(q):

    ẋ = J q̇            ⇒  q̇ = J⁻¹ ẋ
    ẍ = J q̈ + J̇ q̇      ⇒  q̈ = J⁻¹ (ẍ − J̇ q̇)

Physics note: J is singular exactly where the two links line up (sin θ₂ = 0),
i.e. on the workspace boundary r = l₁ + l₂ (stretched) or r = |l₁ − l₂| (folded).
There q̇ = J⁻¹ ẋ grows without bound for a finite tool speed, so this module
refuses tool points closer than :data:`BOUNDARY_MARGIN` to either boundary.

>>> from course_lib.physics.models import TwoLinkArm
>>> arm = TwoLinkArm()
>>> q = inverse_kinematics(arm, [1.0, 0.8])
>>> bool(np.allclose(arm.tip(q), [1.0, 0.8])), bool(q[1] > 0)
(True, True)
>>> inverse_kinematics(arm, [1.79, 0.0])
Traceback (most recent call last):
...
ValueError: the tool point x = (1.790, 0.000) m lies 1.790 m from the base, too close to the workspace boundary: this 2R arm (l1 = 1 m, l2 = 0.8 m) reaches 0.2 m to 1.8 m, and inverse kinematics allows 0.25 m <= r <= 1.75 m (a margin of 0.05 m, where J is invertible)
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from course_lib.physics.models.base import matvec
from course_lib.physics.models.two_link import TwoLinkArm

#: θ₂ in (0, π): the elbow below the base→tool line when the tool is to the right of the base
ELBOW_DOWN = 1
#: θ₂ in (−π, 0): the mirror image
ELBOW_UP = -1
#: tool points must stay this far (m) inside both workspace boundaries (J is singular on them)
BOUNDARY_MARGIN = 0.05


class JointReference(NamedTuple):
    """A joint-space reference: q (rad), q̇ (rad/s), q̈ (rad/s²), each of shape (2,) or (N, 2)."""

    q: np.ndarray
    qd: np.ndarray
    qdd: np.ndarray


def reach(arm: TwoLinkArm, margin: float = BOUNDARY_MARGIN) -> tuple[float, float]:
    """(r_min, r_max) in m: the distances from the base this IK accepts (the workspace minus ``margin``)."""
    return abs(arm.l1 - arm.l2) + margin, arm.l1 + arm.l2 - margin


def inverse_kinematics(arm: TwoLinkArm, x: Any, elbow: int = ELBOW_DOWN,
                       margin: float = BOUNDARY_MARGIN) -> np.ndarray:
    """The joint angles (θ₁, θ₂) in rad that put the tool at x.

    Args:
        arm: the arm (only l₁, l₂ matter).
        x: tool point(s) (m), shape (2,) or (N, 2).
        elbow: +1 (:data:`ELBOW_DOWN`, θ₂ > 0) or −1 (:data:`ELBOW_UP`, θ₂ < 0).
        margin: how far (m) x must stay inside the workspace boundaries.

    Returns:
        q, shape (2,) or (N, 2); θ₁ in (−π, π], θ₂ in (0, π) or (−π, 0).

    Raises:
        ValueError: for a bad ``elbow``, non-finite x, or a point outside
            r_min ≤ |x| ≤ r_max (see :func:`reach`); the message names the point.
    """
    if elbow not in (ELBOW_DOWN, ELBOW_UP):
        raise ValueError(f"elbow must be +1 (elbow down, θ2 > 0) or -1 (elbow up, θ2 < 0), got {elbow!r}")
    x = np.asarray(x, dtype=float)
    if x.shape[-1:] != (2,) or x.ndim > 2:
        raise ValueError(f"x must be a tool point (x, y) of shape (2,) or a batch (N, 2), got shape {x.shape}")
    if not np.all(np.isfinite(x)):
        raise ValueError(f"x must contain finite numbers only, got {x.tolist()}")
    l1, l2 = arm.l1, arm.l2
    r = np.hypot(x[..., 0], x[..., 1])
    lo, hi = reach(arm, margin)
    bad = np.nonzero(np.atleast_1d((r < lo) | (r > hi)))[0]
    if bad.size:
        k = int(bad[0])
        (px, py), rk = np.atleast_2d(x)[k], float(np.atleast_1d(r)[k])
        raise ValueError(
            f"the tool point x = ({px:.3f}, {py:.3f}) m lies {rk:.3f} m from the base, too close to the workspace "
            f"boundary: this 2R arm (l1 = {l1:g} m, l2 = {l2:g} m) reaches {abs(l1 - l2):g} m to {l1 + l2:g} m, "
            f"and inverse kinematics allows {lo:g} m <= r <= {hi:g} m (a margin of {margin:g} m, where J is "
            "invertible)")
    c2 = np.clip((r**2 - l1**2 - l2**2) / (2 * l1 * l2), -1.0, 1.0)
    t2 = elbow * np.arccos(c2)
    t1 = np.arctan2(x[..., 1], x[..., 0]) - np.arctan2(l2 * np.sin(t2), l1 + l2 * np.cos(t2))
    t1 = np.angle(np.exp(1j * t1))  # wrapped into (−π, π]
    return np.stack([t1, t2], -1)


def joint_reference(arm: TwoLinkArm, x: Any, xd: Any, xdd: Any, elbow: int = ELBOW_DOWN,
                    margin: float = BOUNDARY_MARGIN) -> JointReference:
    """q, q̇ = J⁻¹ ẋ and q̈ = J⁻¹ (ẍ − J̇ q̇) of a tool motion, with J and J̇ from the arm.

    Args:
        arm: the arm.
        x, xd, xdd: tool position (m), velocity (m/s), acceleration (m/s²), each (2,) or (N, 2).
        elbow, margin: as in :func:`inverse_kinematics`.

    Returns:
        :class:`JointReference` (q, q̇, q̈).

    Raises:
        ValueError: as :func:`inverse_kinematics`, or for shapes that do not match x.
    """
    q = inverse_kinematics(arm, x, elbow, margin)
    xd, xdd = np.asarray(xd, dtype=float), np.asarray(xdd, dtype=float)
    if xd.shape != q.shape or xdd.shape != q.shape:
        raise ValueError(f"xd and xdd must have the shape of x {q.shape}, got {xd.shape} and {xdd.shape}")
    J = arm.jacobian(q)
    qd = np.linalg.solve(J, xd[..., None])[..., 0]
    qdd = np.linalg.solve(J, (xdd - matvec(arm.jacobian_derivative(q, qd), qd))[..., None])[..., 0]
    return JointReference(q, qd, qdd)
