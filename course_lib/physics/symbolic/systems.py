"""Kinetic and potential energy of the course's systems, built from positions.

Nothing here is copied from the closed forms of :mod:`course_lib.physics.models`:
each function writes down where every mass is, differentiates those
positions in time to get velocities, and sums ½ m |v|² + ½ I ω² and m g h.
The tests then check the models' formulas against what Lagrange makes of
these energies.

Parameters may be numbers or sympy symbols; the defaults are positive symbols.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import sympy as sp

from course_lib.physics.models.two_link import LinkParameters
from course_lib.physics.symbolic.lagrange import TIME, coordinates


class Energies(NamedTuple):
    """T and V of a system and the coordinates they are written in."""

    T: sp.Expr
    V: sp.Expr
    q: list[sp.Expr]


def _positive(names: str) -> tuple[sp.Symbol, ...]:
    return sp.symbols(names, positive=True)


def two_link_symbols() -> LinkParameters:
    """The 2R arm's parameters as positive sympy symbols l1, l2, m1, m2, lc1, lc2, I1, I2, g.

    >>> two_link_symbols().lc2
    lc2
    """
    return LinkParameters(*_positive("l1 l2 m1 m2 lc1 lc2 I1 I2 g"))


def point_kinetic_energy(mass: Any, position: Any, t: sp.Symbol = TIME) -> sp.Expr:
    """½ m |ṙ|² for a point mass whose position r(t) is given as a 2- or 3-vector.

    >>> (x,) = coordinates("x")
    >>> point_kinetic_energy(2, [x, 0])
    Derivative(x(t), t)**2
    """
    v = sp.Matrix(position).diff(t)
    return sp.Rational(1, 2) * mass * (v.T * v)[0, 0]


def pendulum_energies(m: Any = None, l: Any = None, g: Any = None) -> Energies:
    """Point mass m on a light rod of length l, θ measured from straight down.

    The bob is at (l sin θ, −l cos θ); V is zero at the bottom, as in
    :class:`~course_lib.physics.models.pendulum.Pendulum`.

    Args:
        m: bob mass (kg); default the symbol ``m``.
        l: rod length (m); default the symbol ``l``.
        g: gravitational acceleration (m/s²); default the symbol ``g``.

    Returns:
        :class:`Energies` with q = [θ(t)].

    >>> T, V, q = pendulum_energies()
    >>> sp.simplify(T)
    l**2*m*Derivative(theta(t), t)**2/2
    """
    m0, l0, g0 = _positive("m l g")
    m, l, g = (m0 if m is None else m), (l0 if l is None else l), (g0 if g is None else g)
    (theta,) = q = coordinates("theta")
    bob = [l * sp.sin(theta), -l * sp.cos(theta)]
    T = point_kinetic_energy(m, bob)
    V = m * g * (bob[1] + l)
    return Energies(T, V, q)


def two_link_energies(params: LinkParameters | None = None, payload: Any = 0) -> Energies:
    """The planar 2R arm: θ₁ from the horizontal, θ₂ relative, gravity along −y.

    Each link contributes ½ m |v_c|² (v_c from differentiating its centre of
    mass position) plus ½ I ω² with ω the time derivative of its absolute
    angle (θ₁, then θ₁ + θ₂). A payload is a point mass at the tip of link 2,
    kept as a third body rather than merged into link 2.

    Args:
        params: a :class:`~course_lib.physics.models.two_link.LinkParameters`;
            default :func:`two_link_symbols`.
        payload: tip point mass (kg), a number or a symbol; 0 for none.

    Returns:
        :class:`Energies` with q = [θ₁(t), θ₂(t)].

    >>> T, V, q = two_link_energies()
    >>> V.subs({q[0]: 0, q[1]: 0})
    0
    """
    p = two_link_symbols() if params is None else LinkParameters(*params)
    theta1, theta2 = q = coordinates("theta1 theta2")
    phi1, phi2 = theta1, theta1 + theta2  # absolute angles of the links

    def along(angle: sp.Expr, r: Any) -> sp.Matrix:
        return sp.Matrix([r * sp.cos(angle), r * sp.sin(angle)])

    elbow = along(phi1, p.l1)
    com1 = along(phi1, p.lc1)
    com2 = elbow + along(phi2, p.lc2)
    T = (
        point_kinetic_energy(p.m1, com1) + sp.Rational(1, 2) * p.I1 * phi1.diff(TIME) ** 2
        + point_kinetic_energy(p.m2, com2) + sp.Rational(1, 2) * p.I2 * phi2.diff(TIME) ** 2
    )
    V = p.g * (p.m1 * com1[1] + p.m2 * com2[1])
    if payload != 0:
        tip = elbow + along(phi2, p.l2)
        T += point_kinetic_energy(payload, tip)
        V += payload * p.g * tip[1]
    return Energies(T, V, q)


def cart_pole_energies(cart_mass: Any = None, pole_mass: Any = None, l: Any = None, g: Any = None) -> Energies:
    """Cart on a rail plus a point mass at the tip of a light pole, θ from straight up.

    The cart is at (x, 0) and the pole tip at (x + l sin θ, l cos θ), so θ is
    positive leaning toward +x; V = m g l cos θ is measured from the hinge.

    Args:
        cart_mass: M_c (kg); default the symbol ``M_c``.
        pole_mass: m (kg); default the symbol ``m``.
        l: pole length (m); default the symbol ``l``.
        g: gravitational acceleration (m/s²); default the symbol ``g``.

    Returns:
        :class:`Energies` with q = [x(t), θ(t)].

    >>> T, V, q = cart_pole_energies()
    >>> V
    g*l*m*cos(theta(t))
    """
    defaults = _positive("M_c m l g")
    given = (cart_mass, pole_mass, l, g)
    mc, m, l, g = (d if v is None else v for d, v in zip(defaults, given))
    x, theta = q = coordinates("x theta")
    tip = [x + l * sp.sin(theta), l * sp.cos(theta)]
    T = point_kinetic_energy(mc, [x, 0]) + point_kinetic_energy(m, tip)
    V = m * g * tip[1]
    return Energies(T, V, q)
