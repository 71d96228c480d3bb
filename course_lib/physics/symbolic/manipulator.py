"""From Lagrange's equations to the manipulator equation M q̈ + C q̇ + g = Q.

With T = ½ q̇ᵀ M(q) q̇ every term of Euler–Lagrange is one mechanical
differentiation:

- M = ∂²T/∂q̇² (the Hessian of T in the velocities),
- c_ijk = ½ (∂M_ij/∂q_k + ∂M_ik/∂q_j − ∂M_jk/∂q_i) (Christoffel symbols of
  the first kind) and C_ij = Σ_k c_ijk q̇_k, the factorisation for which
  Ṁ − 2C is skew-symmetric,
- g = ∂V/∂q.

The functions accept coordinates as functions of time (from
:func:`~course_lib.physics.symbolic.lagrange.coordinates`) or plain symbols.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import sympy as sp
from sympy.physics.vector import vlatex

from course_lib.physics.symbolic.lagrange import LagrangeSteps, tidy


def mass_matrix(T: Any, qd: Sequence[Any]) -> sp.Matrix:
    """M = ∂²T/∂q̇², the Hessian of the kinetic energy in the velocities.

    Args:
        T: kinetic energy, quadratic in the velocities.
        qd: the velocities (``Derivative`` objects or plain symbols).

    Returns:
        The symmetric n×n mass matrix (kg, kg·m, kg·m² by entry).

    Raises:
        ValueError: if T is not quadratic in ``qd`` (M would depend on q̇).

    >>> x, v = sp.symbols("x v")
    >>> mass_matrix(3 * v**2 / 2, [v])
    Matrix([[3]])
    """
    T = sp.sympify(T)
    qd = list(qd)
    if not qd:
        raise ValueError("qd must list at least one velocity")
    M = sp.Matrix(len(qd), len(qd), lambda i, j: sp.expand(T.diff(qd[i]).diff(qd[j])))
    if any(M.has(v) for v in qd):
        raise ValueError("T must be quadratic in the velocities qd: its Hessian still depends on qd")
    return M.applyfunc(tidy)


def christoffel_symbols(M: Any, q: Sequence[Any]) -> sp.Array:
    """Christoffel symbols of the first kind of the mass matrix.

    c_ijk = ½ (∂M_ij/∂q_k + ∂M_ik/∂q_j − ∂M_jk/∂q_i), symmetric in j and k.

    Args:
        M: the symmetric n×n mass matrix.
        q: the n coordinates M depends on.

    Returns:
        A sympy ``Array`` of shape (n, n, n) indexed ``c[i, j, k]``.

    Raises:
        ValueError: if M is not square, not symmetric, or its size differs from len(q).

    >>> th = sp.Symbol("theta")
    >>> c = christoffel_symbols(sp.Matrix([[1, sp.cos(th)], [sp.cos(th), 1]]), [sp.Symbol("x"), th])
    >>> c[0, 1, 1]
    -sin(theta)
    """
    M = _check_mass_matrix(M, q)
    n = M.shape[0]
    dM = [M.diff(qk) for qk in q]  # dM[k][i, j] = ∂M_ij/∂q_k
    return sp.Array(
        [
            [[tidy((dM[k][i, j] + dM[j][i, k] - dM[i][j, k]) / 2) for k in range(n)] for j in range(n)]
            for i in range(n)
        ]
    )


def coriolis_matrix(M: Any, q: Sequence[Any], qd: Sequence[Any]) -> sp.Matrix:
    """C(q, q̇) in Christoffel form: C_ij = Σ_k c_ijk q̇_k.

    Args:
        M: the symmetric n×n mass matrix.
        q: the coordinates.
        qd: the velocities, in the same order.

    Returns:
        The n×n matrix C with C q̇ the Coriolis and centrifugal forces.

    >>> th, w = sp.symbols("theta omega")
    >>> coriolis_matrix(sp.Matrix([[2 + sp.cos(th)]]), [th], [w])
    Matrix([[-omega*sin(theta)/2]])
    """
    q, qd = list(q), list(qd)
    if len(qd) != len(q):
        raise ValueError(f"qd must have one velocity per coordinate ({len(q)}), got {len(qd)}")
    c = christoffel_symbols(M, q)
    n = len(q)
    return sp.Matrix(n, n, lambda i, j: tidy(sum(c[i, j, k] * qd[k] for k in range(n))))


def gravity_vector(V: Any, q: Sequence[Any]) -> sp.Matrix:
    """g(q) = ∂V/∂q, the generalized forces gravity's potential asks for.

    >>> th, m, g, l = sp.symbols("theta m g l")
    >>> gravity_vector(-m * g * l * sp.cos(th), [th])
    Matrix([[g*l*m*sin(theta)]])
    """
    V = sp.sympify(V)
    q = list(q)
    if not q:
        raise ValueError("q must list at least one coordinate")
    return sp.Matrix([tidy(V.diff(qi)) for qi in q])


@dataclass(frozen=True)
class ManipulatorForm:
    """The equations of motion arranged as M(q) q̈ + C(q, q̇) q̇ + g(q) = Q.

    Attributes:
        q, qd, qdd: coordinates, velocities and accelerations.
        M: mass matrix, the coefficients of q̈ in the equations.
        C: Coriolis matrix in Christoffel form (from M alone).
        g: gravity vector, what remains when q̇ = q̈ = 0.
        coriolis_forces: C q̇ read off the equations (everything quadratic in q̇);
            equals ``C * qd`` for every natural system.
        forces: the generalized forces Q on the right-hand side.
    """

    q: list[Any]
    qd: list[Any]
    qdd: list[Any]
    M: sp.Matrix
    C: sp.Matrix
    g: sp.Matrix
    coriolis_forces: sp.Matrix
    forces: sp.Matrix

    @property
    def bias(self) -> sp.Matrix:
        """C q̇ + g, the part of Q not spent on acceleration."""
        return self.coriolis_forces + self.g

    def latex(self) -> str:
        """The manipulator equation with every matrix written out."""
        v = lambda e: vlatex(e)  # noqa: E731 - short local alias
        qdd, qd = sp.Matrix(self.qdd), sp.Matrix(self.qd)
        return f"{v(self.M)} {v(qdd)} + {v(self.C)} {v(qd)} + {v(self.g)} = {v(self.forces)}"

    def _repr_latex_(self) -> str:
        return "$\\displaystyle " + self.latex() + "$"


def manipulator_form(steps: LagrangeSteps) -> ManipulatorForm:
    """Split Lagrange's equations into M q̈ + C q̇ + g = Q.

    M is the Jacobian of the left-hand sides with respect to q̈; g is what is
    left when q̇ = q̈ = 0; C q̇ is the rest. Many matrices give that same
    product; the C returned here is the one built from the Christoffel
    symbols of M.

    Args:
        steps: the result of :func:`~course_lib.physics.symbolic.lagrange.lagrange_steps`.

    Returns:
        A :class:`ManipulatorForm`.

    >>> from course_lib.physics.symbolic.lagrange import coordinates, lagrange_steps, TIME
    >>> (theta,) = coordinates("theta")
    >>> form = manipulator_form(lagrange_steps(theta.diff(TIME)**2 / 2, -sp.cos(theta), [theta]))
    >>> form.M, form.g
    (Matrix([[1]]), Matrix([[sin(theta(t))]]))
    """
    if not isinstance(steps, LagrangeSteps):
        raise ValueError(f"steps must be the LagrangeSteps returned by lagrange_steps, got {type(steps).__name__}")
    q, t = steps.q, steps.t
    qd = [qi.diff(t) for qi in q]
    qdd = [qi.diff(t, 2) for qi in q]
    lhs = steps.lhs
    M = lhs.jacobian(qdd).applyfunc(tidy)
    bias = lhs.xreplace({a: 0 for a in qdd})
    g = bias.xreplace({v: 0 for v in qd}).applyfunc(tidy)
    cqd = (bias - g).applyfunc(tidy)
    C = coriolis_matrix(M, q, qd)
    return ManipulatorForm(list(q), qd, qdd, M, C, g, cqd, sp.Matrix(steps.forces))


def _check_mass_matrix(M: Any, q: Sequence[Any]) -> sp.Matrix:
    try:
        M = sp.Matrix(M)
    except (TypeError, ValueError, sp.SympifyError):
        raise ValueError(f"M must be a square matrix, got {M!r}") from None
    if M.rows != M.cols:
        raise ValueError(f"M must be a square matrix, got shape {M.shape}")
    if M.rows != len(q):
        raise ValueError(f"M must be {len(q)}x{len(q)} to match the {len(q)} coordinates q, got shape {M.shape}")
    if not (M - M.T).applyfunc(tidy).is_zero_matrix:
        raise ValueError("M must be symmetric (M_ij = M_ji); a mass matrix always is")
    return M
