"""The 2R arm's mass matrix assembled link by link from centre-of-mass Jacobians.

Each link's centre of mass moves with v_cᵢ = J_vᵢ(q) q̇ and the link turns
with ω_i = J_ωᵢ q̇. A rigid body's kinetic energy is translation plus rotation,
½ mᵢ |v_cᵢ|² + ½ Iᵢ ωᵢ², so summing over the links,

    T = ½ q̇ᵀ [ Σᵢ mᵢ J_vᵢᵀ J_vᵢ + J_ωᵢᵀ Iᵢ J_ωᵢ ] q̇ ,

and the bracket is M(q). In the plane every link turns about z, so J_ωᵢ is a
row: link 1 turns at θ̇₁, link 2 at θ̇₁ + θ̇₂ (θ₂ is relative), J_ω₁ = [1, 0],
J_ω₂ = [1, 1]. This route shares nothing with the closed forms of
:mod:`course_lib.physics.models.two_link` except the centre-of-mass Jacobians, so the
two agreeing is a check of both (the tests also compare with sympy.physics.mechanics
and Pinocchio).

>>> from course_lib.physics.models import TwoLinkArm
>>> arm = TwoLinkArm()
>>> bool(np.allclose(mass_matrix_from_jacobians(arm, [0.3, 1.2]), arm.mass_matrix([0.3, 1.2])))
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: rows J_ωᵢ of the planar 2R arm: the absolute turning rate of link i is J_ωᵢ · q̇
ANGULAR_JACOBIANS = (np.array([1.0, 0.0]), np.array([1.0, 1.0]))


def link_mass_matrices(arm: Any, q: Any) -> tuple[np.ndarray, np.ndarray]:
    """Each link's share of M: mᵢ J_vᵢᵀ J_vᵢ + J_ωᵢᵀ Iᵢ J_ωᵢ (kg·m²).

    Args:
        arm: a :class:`~course_lib.physics.models.TwoLinkArm` (payload merged into link 2).
        q: joint angles (θ₁, θ₂) in rad, shape ``(2,)`` or ``(N, 2)``.

    Returns:
        Link 1's and link 2's matrices, each ``(2, 2)`` or ``(N, 2, 2)``; both are
        symmetric positive semi-definite and link 1's has only its (1, 1) entry.
    """
    Jv = arm.com_jacobians(q)
    p = arm.params
    shares = []
    for m, I, Jv_i, Jw_i in zip((p.m1, p.m2), (p.I1, p.I2), Jv, ANGULAR_JACOBIANS):
        translation = m * np.einsum("...ki,...kj->...ij", Jv_i, Jv_i)
        rotation = I * np.outer(Jw_i, Jw_i)
        shares.append(translation + rotation)
    return shares[0], shares[1]


def mass_matrix_from_jacobians(arm: Any, q: Any) -> np.ndarray:
    """M(q) = Σᵢ mᵢ J_vᵢᵀ J_vᵢ + J_ωᵢᵀ Iᵢ J_ωᵢ (kg·m²), ``(2, 2)`` or ``(N, 2, 2)``.

    Args:
        arm: a :class:`~course_lib.physics.models.TwoLinkArm`.
        q: joint angles (rad), θ₁ from the horizontal, θ₂ relative to link 1.

    Returns:
        The mass matrix, equal to ``arm.mass_matrix(q)`` (the Lagrange closed form).
    """
    first, second = link_mass_matrices(arm, q)
    return first + second
