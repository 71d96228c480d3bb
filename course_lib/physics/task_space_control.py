"""Computed torque in task space: F = Λ (ẍ_d + K_d ė + K_p e) + μ + p, τ = Jᵀ F.

Lesson 7 wrote the arm as seen from its tool (:mod:`course_lib.physics.operational_space`):

    Λ(q) ẍ + μ(q, q̇) + p(q) = F,       τ = Jᵀ F

So the force that gives the tool a chosen acceleration a is F = Λ a + μ + p:
inverse dynamics again, one level up. Choosing a = ẍ_d + K_d ė + K_p e with the
tool error e = x_d − x (m) and ė = ẋ_d − ẋ (m/s) makes, with a perfect model,

    ë + K_d ė + K_p e = 0

in the plane of the tool: the *tool* error decays as a critically damped
second-order system for K_p = ωₙ², K_d = 2ωₙ, straight toward the path,
whatever the joints do. Joint-space computed torque makes the *joint* error do
that instead; the two agree to first order near the path.

Conventions: x = the tool point (m), ẋ = J q̇; gains are numbers or 2 × 2
matrices (1/s², 1/s). The model is the one the controller believes in.

>>> from course_lib.physics.models import TwoLinkArm
>>> arm = TwoLinkArm()
>>> q = np.array([0.4, 1.2]); x = arm.tip(q)
>>> tau = task_space_computed_torque(arm, q, [0.0, 0.0], x, [0.0, 0.0], [0.0, 0.0], kp=100.0, kd=20.0)
>>> bool(np.allclose(tau, arm.gravity(q)))   # on the path and at rest: Jᵀ p = g, hold the weight
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.physics.control import _gain, _vector
from course_lib.physics.models.base import matvec
from course_lib.physics.models.two_link import TwoLinkArm
from course_lib.physics.operational_space import operational_space


def tool_state(arm: TwoLinkArm, q: Any, qd: Any) -> tuple[np.ndarray, np.ndarray]:
    """The tool's position x (m) and velocity ẋ = J q̇ (m/s) at (q, q̇), each (2,) or (N, 2)."""
    q, qd = arm._q_qd(q, qd)
    return arm.tip(q), matvec(arm.jacobian(q), qd)


def task_space_computed_torque(arm: TwoLinkArm, q: Any, qd: Any, x_des: Any, xd_des: Any, xdd_des: Any,
                               kp: Any, kd: Any) -> np.ndarray:
    """τ = Jᵀ [Λ (ẍ_d + K_d ė + K_p e) + μ + p], e = x_d − x: one state.

    Args:
        arm: the model the controller believes in (Λ, μ, p and J come from it).
        q, qd: measured joint state (rad, rad/s), shape (2,).
        x_des, xd_des, xdd_des: the desired tool motion (m, m/s, m/s²), shape (2,).
        kp, kd: task-space gains (1/s², 1/s), numbers or (2, 2).

    Returns:
        τ (N·m), shape (2,). Friction b q̇ of the believed model is added (zero by default).

    Raises:
        ValueError: for bad shapes; :class:`~course_lib.physics.operational_space.SingularPostureError`
            where J is singular (Λ does not exist).
    """
    q, qd = _vector("q", q, 2), _vector("qd", qd, 2)
    x, xd = tool_state(arm, q, qd)
    e, ed = _vector("x_des", x_des, 2) - x, _vector("xd_des", xd_des, 2) - xd
    a = _vector("xdd_des", xdd_des, 2) + _gain("kd", kd, 2) @ ed + _gain("kp", kp, 2) @ e
    Lam, mu, p = operational_space(arm, q, qd)
    F = Lam @ a + mu + p
    return arm.jacobian(q).T @ F + arm.b * qd
