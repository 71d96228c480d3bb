"""The 2R arm's closed forms as sympy expressions: M(q), its eigen-axes, the Jacobians, Λ and the Christoffel symbols.

Every expression is built by the very functions the numeric model runs
(:mod:`course_lib.physics.models.two_link`, written against ``lib``), called here with sympy, and by
the symbolic recipes of :mod:`course_lib.physics.symbolic.manipulator`. The labs' browser side is
generated from these (:mod:`course_lib.lab.predict`), so a formula is written once.

Conventions: θ₁ from the horizontal, θ₂ relative to link 1 (rad); rates in rad/s; a tip payload (kg)
merged into link 2. Eigen-pairs of a symmetric 2×2 matrix follow :func:`course_lib.physics.quadratic_forms.spd_eigen`:
λ₁ ≤ λ₂, each unit eigenvector with a non-negative first entry.

Physics note: M depends on θ₂ only, so every Christoffel symbol is a multiple of h = m₂l₁l_c₂ sin θ₂;
Λ⁻¹ = J M⁻¹ Jᵀ stays finite everywhere, Λ only where J is regular (sin θ₂ ≠ 0).

>>> f = two_link_forms()
>>> sp.simplify(f.christoffel[0][1][1] + f.params.m2 * f.params.l1 * f.params.lc2 * sp.sin(f.q[1]))
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy as sp

from course_lib.physics.models.two_link import (
    LinkParameters,
    mass_matrix_entries,
    merged_parameters,
    point_position,
)
from course_lib.physics.symbolic.manipulator import christoffel_symbols

#: the names of the arm's raw parameters (before the payload is merged), in the order the browser passes them
RAW_PARAMETERS = ("l1", "l2", "m1", "m2", "payload", "lc1", "lc2", "I1", "I2")


@dataclass(frozen=True)
class TwoLinkForms:
    """The 2R arm's closed forms in the symbols ``q``, ``qd`` and ``raw`` (see :func:`two_link_forms`).

    Attributes:
        q, qd: (θ₁, θ₂) in rad and (θ̇₁, θ̇₂) in rad/s, sympy symbols.
        raw: symbol per name of :data:`RAW_PARAMETERS` (m, kg, kg·m²).
        params: the equations' parameters, payload merged (expressions in ``raw``).
        M: mass matrix (kg·m²), a 2×2 sympy Matrix.
        jacobian: tip Jacobian ∂(x, y)/∂(θ₁, θ₂) (m/rad).
        christoffel: c[i][j][k] (kg·m²/rad), first kind.
        elbow, tip, com1, com2: positions (x, y) in m.
        com_acc1, com_acc2: accelerations (m/s²) of the centres at constant rates (q̈ = 0).
    """

    q: tuple[sp.Symbol, sp.Symbol]
    qd: tuple[sp.Symbol, sp.Symbol]
    raw: dict[str, sp.Symbol]
    params: LinkParameters
    M: sp.Matrix
    jacobian: sp.Matrix
    christoffel: list
    elbow: tuple[Any, Any]
    tip: tuple[Any, Any]
    com1: tuple[Any, Any]
    com2: tuple[Any, Any]
    com_acc1: tuple[Any, Any]
    com_acc2: tuple[Any, Any]

    def inverse_task_inertia(self) -> sp.Matrix:
        """Λ⁻¹ = J M⁻¹ Jᵀ (1/kg), with M⁻¹ written out (adjugate over det M)."""
        M = self.M
        det = M[0, 0] * M[1, 1] - M[0, 1] ** 2
        M_inv = sp.Matrix([[M[1, 1], -M[0, 1]], [-M[0, 1], M[0, 0]]]) / det
        return self.jacobian * M_inv * self.jacobian.T


def symmetric_eigen(a: Any, b: Any, d: Any, absolute: Any = sp.Abs, sign: Any = sp.sign) -> dict[str, Any]:
    """Eigen-pairs of [[a, b], [b, d]] in closed form, as :func:`~course_lib.physics.quadratic_forms.spd_eigen` orders them.

    Args:
        a, b, d: the entries (sympy expressions or numbers).
        absolute, sign: |x| and sign(x) (a code generator may pass unevaluated functions of its own).

    Returns:
        ``lam1 <= lam2`` and the unit eigenvectors (``v1x, v1y``) of λ₁, (``v2x, v2y``) of λ₂, each with a
        non-negative first entry: with φ = ½ atan2(2b, a − d) the eigenvector of λ₂ is (cos φ, sin φ),
        that of λ₁ is ±(−sin φ, cos φ).

    >>> e = symmetric_eigen(sp.Integer(3), sp.Integer(1), sp.Integer(3))
    >>> e["lam1"], e["lam2"], sp.nsimplify(e["v1x"]), sp.nsimplify(e["v1y"])
    (2, 4, sqrt(2)/2, -sqrt(2)/2)
    """
    mean, r = (a + d) / 2, sp.sqrt(((a - d) / 2) ** 2 + b**2)
    phi = sp.atan2(2 * b, a - d) / 2
    return dict(lam1=mean - r, lam2=mean + r, v1x=absolute(sp.sin(phi)), v1y=-sp.cos(phi) * sign(sp.sin(phi)),
                v2x=sp.cos(phi), v2y=sp.sin(phi))


def two_link_forms() -> TwoLinkForms:
    """The 2R arm's closed forms in plain symbols (see the module docstring)."""
    q = sp.symbols("theta1 theta2", real=True)
    qd = sp.symbols("qd1 qd2", real=True)
    raw = {name: sp.Symbol(name, nonnegative=True) for name in RAW_PARAMETERS}
    p = merged_parameters(raw["l1"], raw["l2"], raw["m1"], raw["m2"], raw["payload"], raw["lc1"], raw["lc2"],
                          raw["I1"], raw["I2"], sp.Integer(0))
    m11, m12, m22 = mass_matrix_entries(q[1], p, lib=sp)
    M = sp.Matrix([[m11, m12], [m12, m22]])
    tip = point_position(q[0], q[1], p.l1, p.l2, lib=sp)
    com1 = point_position(q[0], q[1], p.lc1, 0, lib=sp)
    com2 = point_position(q[0], q[1], p.l1, p.lc2, lib=sp)
    rates = sp.Matrix(qd)

    def held_rates_acceleration(point: tuple[Any, Any]) -> tuple[Any, Any]:
        # d²p/dt² at q̈ = 0: q̇ᵀ (∂²p/∂q²) q̇ for each coordinate
        return tuple((rates.T * sp.hessian(c, q) * rates)[0, 0] for c in point)

    c = christoffel_symbols(M, list(q))
    return TwoLinkForms(
        q=q, qd=qd, raw=raw, params=p, M=M, jacobian=sp.Matrix(tip).jacobian(q),
        christoffel=[[[c[i, j, k] for k in range(2)] for j in range(2)] for i in range(2)],
        elbow=point_position(q[0], q[1], p.l1, 0, lib=sp), tip=tip, com1=com1, com2=com2,
        com_acc1=held_rates_acceleration(com1), com_acc2=held_rates_acceleration(com2))
