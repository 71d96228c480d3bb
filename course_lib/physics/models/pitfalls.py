"""Deliberately wrong models, for the pitfalls the lessons show (never for anything else).

:class:`TwoLinkArmWithoutCoriolis` is the 2R arm with the velocity term C(q, q̇) q̇
dropped from its equation of motion, the mistake of lesson 3's pitfall "the arm would
not swing outward without C". Its energies are the true arm's, so the energy ledger
shows the mistake: with τ = 0 and b = 0 the true arm keeps E constant, this one does not.

>>> import numpy as np
>>> arm = TwoLinkArmWithoutCoriolis()
>>> q, qd = np.array([0.5, 0.5]), np.array([2.0, -1.0])
>>> bool(np.allclose(arm.forward_dynamics(q, qd, [0, 0]),
...                  np.linalg.solve(arm.mass_matrix(q), -arm.gravity(q))))
True
"""

from __future__ import annotations

import numpy as np

from course_lib.physics.models.two_link import TwoLinkArm


class TwoLinkArmWithoutCoriolis(TwoLinkArm):
    """The 2R arm whose equation lost C q̇: M q̈ + g = τ − b q̇ (same arguments as :class:`TwoLinkArm`).

    Physics note: C q̇ is what keeps Ṫ equal to the power of τ, friction and gravity
    (Ṁ − 2C is skew-symmetric). Without it, kinetic energy is made or lost whenever θ₂
    changes while the arm moves, so E − E₀ and the work W part ways.
    """

    def _coriolis_matrix(self, q: np.ndarray, qd: np.ndarray, form: str = "christoffel") -> np.ndarray:
        return np.zeros(q.shape[:-1] + (2, 2))
