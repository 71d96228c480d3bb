"""A planar chain of n rods, by Lagrange: how fast the closed-form equations grow with n.

Lesson 10 motivates recursive dynamics with this: the same recipe that gives
the 2R arm's tidy equations gives, for n links, equations whose number of
terms grows much faster than n, while RNEA does a fixed amount of work per link.

>>> T, V, q = planar_chain_energies(1)
>>> sp.simplify(V - sp.Symbol("g", positive=True) * sp.Symbol("m1", positive=True)
...             * sp.Symbol("lc1", positive=True) * sp.sin(q[0]))
0
"""

from __future__ import annotations

import sympy as sp

from course_lib.physics.symbolic.lagrange import TIME, coordinates, lagrange_steps
from course_lib.physics.symbolic.systems import Energies, point_kinetic_energy


def planar_chain_energies(n: int) -> Energies:
    """T and V of n rods in a vertical plane: θ₁ from the horizontal, θᵢ relative, gravity along −y.

    Link i has length lᵢ, mass mᵢ, centre of mass lcᵢ from its joint and inertia Iᵢ about it.

    Args:
        n: number of links, >= 1.

    Returns:
        :class:`~course_lib.physics.symbolic.systems.Energies` with q = [θ₁(t), …, θₙ(t)].
    """
    if not (isinstance(n, int) and n >= 1):
        raise ValueError(f"n is the number of links, an integer >= 1; got {n!r}")
    q = coordinates([f"theta{i}" for i in range(1, n + 1)])
    g = sp.Symbol("g", positive=True)
    T, V, joint, phi = sp.Integer(0), sp.Integer(0), sp.Matrix([0, 0]), sp.Integer(0)
    for i in range(1, n + 1):
        l, m, lc, inertia = sp.symbols(f"l{i} m{i} lc{i} I{i}", positive=True)
        phi = phi + q[i - 1]                                  # absolute angle of link i
        direction = sp.Matrix([sp.cos(phi), sp.sin(phi)])
        com = joint + lc * direction
        T += point_kinetic_energy(m, com) + sp.Rational(1, 2) * inertia * phi.diff(TIME) ** 2
        V += m * g * com[1]
        joint = joint + l * direction
    return Energies(T, V, q)


def lagrange_term_count(n: int) -> int:
    """Number of terms in the n expanded Euler–Lagrange equations of the planar n-link chain.

    Each equation is Σⱼ Mᵢⱼ q̈ⱼ + Σⱼₖ Γᵢⱼₖ q̇ⱼ q̇ₖ + gᵢ with M = ∂²T/∂q̇², the
    Christoffel symbols Γ from M and g = ∂V/∂q; all are expanded, none
    simplified (simplifying is what makes n = 5 impractical by computer
    algebra, let alone by hand). Counts grow as 4, 33, 146, … for n = 1, 2, 3.

    >>> lagrange_term_count(1)
    4
    """
    T, V, q = planar_chain_energies(n)
    th = sp.symbols(f"q1:{n + 1}")
    w = sp.symbols(f"qd1:{n + 1}")
    a = sp.symbols(f"qdd1:{n + 1}")
    plain = {qi.diff(TIME): wi for qi, wi in zip(q, w)}
    plain_q = dict(zip(q, th))
    T = T.subs(plain).subs(plain_q)
    V = V.subs(plain_q)
    M = sp.Matrix(n, n, lambda i, j: T.diff(w[i], w[j]))
    total = 0
    for i in range(n):
        lhs = sum(M[i, j] * a[j] for j in range(n)) + V.diff(th[i])
        lhs += sum(sp.Rational(1, 2) * (M[i, j].diff(th[k]) + M[i, k].diff(th[j]) - M[j, k].diff(th[i]))
                   * w[j] * w[k] for j in range(n) for k in range(n))
        total += len(sp.Add.make_args(sp.expand(lhs)))
    return total
