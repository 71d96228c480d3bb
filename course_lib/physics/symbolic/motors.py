"""The textbook two-link planar arm with motors, by Lagrange: links plus geared rotors.

Notation as in the course (the textbook's ℓᵢ is our l_cᵢ, its aᵢ our lᵢ, its B our M).
Rotor 1 sits on joint 1 at the base and spins at k_r1 θ̇₁. Rotor 2 sits on
joint 2 at the elbow, is carried by link 1 (mass m_m2 there) and spins at
θ̇₁ + k_r2 θ̇₂: its housing turns with link 1 and the gear adds k_r2 θ̇₂. Rotor
inertias I_m1, I_m2 are about the spin axes.

The result (:func:`textbook_mass_matrix`):
b₁₁ = I₁ + m₁l_c1² + k_r1² I_m1 + I₂ + m₂(l₁² + l_c2² + 2l₁l_c2 c₂) + I_m2 + m_m2 l₁²,
b₁₂ = I₂ + m₂(l_c2² + l₁l_c2 c₂) + k_r2 I_m2, b₂₂ = I₂ + m₂l_c2² + k_r2² I_m2.

Sign note: the textbook writes its only Christoffel coefficient as h = −m₂ l₁ l_c2 s₂;
lessons 3 and 6 call h = +m₂ l₁ l_c2 s₂. Same physics, opposite name:
:func:`textbook_h` follows the textbook.

>>> T, V, q = two_link_motor_energies()
>>> (motor_mass_matrix() - textbook_mass_matrix()).applyfunc(sp.expand)
Matrix([
[0, 0],
[0, 0]])
"""

from __future__ import annotations

import functools

import sympy as sp

from course_lib.physics.symbolic.lagrange import TIME, coordinates
from course_lib.physics.symbolic.manipulator import coriolis_matrix
from course_lib.physics.symbolic.numeric import as_symbols, state_symbols
from course_lib.physics.symbolic.systems import Energies, point_kinetic_energy, two_link_energies, two_link_symbols


def motor_symbols() -> tuple[sp.Symbol, ...]:
    """(k_r1, k_r2, I_m1, I_m2, m_m2): gear ratios, rotor inertias (kg·m²), rotor 2's mass (kg)."""
    return sp.symbols("k_r1 k_r2 I_m1 I_m2 m_m2", positive=True)


def two_link_motor_energies() -> Energies:
    """T and V of the 2R arm (θ₁ from the horizontal, θ₂ relative) with its two geared rotors."""
    T_links, V_links, q = two_link_energies()
    p = two_link_symbols()
    kr1, kr2, Im1, Im2, mm2 = motor_symbols()
    th1, th2 = q
    elbow = sp.Matrix([p.l1 * sp.cos(th1), p.l1 * sp.sin(th1)])
    T_rotors = (sp.Rational(1, 2) * Im1 * (kr1 * th1.diff(TIME)) ** 2                     # rotor 1, on the base
                + sp.Rational(1, 2) * Im2 * (th1.diff(TIME) + kr2 * th2.diff(TIME)) ** 2   # rotor 2 spins on link 1
                + point_kinetic_energy(mm2, elbow))                                       # and rides at the elbow
    return Energies(T_links + T_rotors, V_links + mm2 * p.g * elbow[1], q)


@functools.lru_cache(maxsize=1)
def _motor_mass_matrix() -> sp.ImmutableMatrix:
    T, _, q = two_link_motor_energies()
    th, qd, _ = state_symbols(q)
    s1, c1, s2, c2 = sp.sin(th[0]), sp.cos(th[0]), sp.sin(th[1]), sp.cos(th[1])

    def reduce(entry: sp.Expr) -> sp.Expr:  # expand the angle sums, then sin² = 1 − cos²
        entry = sp.expand(sp.expand_trig(sp.expand(entry)))
        return sp.expand(entry.subs({s1**2: 1 - c1**2, s2**2: 1 - c2**2}))

    return sp.ImmutableMatrix(sp.hessian(as_symbols(T, q), qd).applyfunc(reduce))


def motor_mass_matrix() -> sp.Matrix:
    """M = ∂²T/∂q̇² of :func:`two_link_motor_energies`, in plain symbols theta1, theta2.

    The Hessian is what :func:`course_lib.physics.symbolic.mass_matrix` computes; here the
    trigonometric tidying is done by expanding the angle sums, which is much faster
    for this many symbols.
    """
    return sp.Matrix(_motor_mass_matrix())


def plain_symbols() -> tuple[list[sp.Symbol], list[sp.Symbol]]:
    """([theta1, theta2], [theta1_dot, theta2_dot]) as :func:`motor_mass_matrix` uses them."""
    th, qd, _ = state_symbols(two_link_motor_energies().q)
    return th, qd


def textbook_mass_matrix() -> sp.Matrix:
    """The textbook's B(q) written out term by term (see the module docstring)."""
    p = two_link_symbols()
    kr1, kr2, Im1, Im2, mm2 = motor_symbols()
    theta2 = plain_symbols()[0][1]
    c2 = sp.cos(theta2)
    b11 = (p.I1 + p.m1 * p.lc1**2 + kr1**2 * Im1 + p.I2 + p.m2 * (p.l1**2 + p.lc2**2 + 2 * p.l1 * p.lc2 * c2)
           + Im2 + mm2 * p.l1**2)
    b12 = p.I2 + p.m2 * (p.lc2**2 + p.l1 * p.lc2 * c2) + kr2 * Im2
    b22 = p.I2 + p.m2 * p.lc2**2 + kr2**2 * Im2
    return sp.Matrix([[b11, b12], [b12, b22]])


def textbook_h() -> sp.Expr:
    """The textbook's h = −m₂ l₁ l_c2 sin θ₂ (opposite sign to the h of lessons 3 and 6)."""
    p = two_link_symbols()
    return -p.m2 * p.l1 * p.lc2 * sp.sin(plain_symbols()[0][1])


def christoffel_c() -> tuple[sp.Matrix, list[sp.Symbol], list[sp.Symbol]]:
    """(C, q, q̇): the Christoffel C of the motor arm, with its plain symbols."""
    th, qd = plain_symbols()
    return coriolis_matrix(motor_mass_matrix(), th, qd), th, qd


def other_valid_c() -> sp.Matrix:
    """Another C with the same C q̇: [[2h θ̇₂, h θ̇₂], [−h θ̇₁, 0]] (the textbook's h).

    It gives the same torques, so it is a valid factorization, but Ṁ − 2C is not
    skew-symmetric for it: only q̇ᵀ(Ṁ − 2C)q̇ = 0 (the weak form) survives.
    """
    _, qd = plain_symbols()
    h = textbook_h()
    return sp.Matrix([[2 * h * qd[1], h * qd[1]], [-h * qd[0], 0]])


def skew_test(C: sp.Matrix) -> tuple[sp.Matrix, sp.Expr]:
    """(N + Nᵀ, q̇ᵀ N q̇), simplified, with N = Ṁ − 2C: strong form if the first is 0, weak if the second is."""
    M = motor_mass_matrix()
    th, qd = plain_symbols()
    M_dot = sp.Matrix(2, 2, lambda i, j: sum(M[i, j].diff(th[k]) * qd[k] for k in range(2)))
    N = M_dot - 2 * C
    v = sp.Matrix(qd)
    return (N + N.T).applyfunc(sp.expand), sp.expand((v.T * N * v)[0, 0])
