"""The 2R arm driven by ideal rate servos: whatever torque keeps q̈ = 0, so the joint rates never change.

Lesson 6 plays this motion: both joints turn at the rates set, θ₂ changes with
θ̇₂, and with it h = m₂ l₁ l_c₂ sin θ₂ and every velocity torque. Without gravity
the torque the servos must supply is C(q, q̇) q̇, which the lab shows; a
simulation of this model is a check that the picture moves as the rates say.

>>> arm = HeldRatesArm()
>>> arm.forward_dynamics([0.3, 1.0], [2.0, -1.0], [0.0, 0.0])
array([0., 0.])
>>> HeldRatesArm(m2=2.0).replace(m2=1.0).m2
1.0
"""

from __future__ import annotations

import numpy as np

from course_lib.physics.models.two_link import TwoLinkArm


class HeldRatesArm(TwoLinkArm):
    """:class:`TwoLinkArm` whose forward dynamics is q̈ = 0 (same arguments; M, C, g unchanged)."""

    def _forward_dynamics(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        return np.zeros_like(q)
