"""The textbook parallelogram arm by Lagrange: when is its mass matrix diagonal?

Two motors at the base drive link 1′ (length a₁′, angle θ₁′ from the
horizontal) and link 1″ (length a₁″, angle θ₁″). Link 2′ hangs from the tip of
link 1′ and stays parallel to link 1″ (angle θ₁″, centre of mass l_c2′ from its
joint); link 3′ hangs from the tip of link 1″ and stays parallel to link 1′,
pointing the other way so that it reaches past the elbow (centre of mass l_c3′
from its joint, on the far side). The four bars close a parallelogram, so
θ₁′ and θ₁″ are independent coordinates and no constraint force enters.

The coupling is b₁₂ = (m₂′ a₁′ l_c2′ − m₃′ a₁″ l_c3′) cos(θ₁″ − θ₁′): it
vanishes for every pose when m₃′ l_c3′ / (m₂′ l_c2′) = a₁′ / a₁″, the textbook
design rule, and then M is diagonal and constant.

>>> sp.factor(parallelogram_mass_matrix()[0, 1])
(a1p*lc2p*m2p - a1pp*lc3p*m3p)*cos(theta1p - theta1pp)
"""

from __future__ import annotations

import sympy as sp

from course_lib.physics.symbolic.lagrange import TIME, coordinates
from course_lib.physics.symbolic.numeric import as_symbols, state_symbols
from course_lib.physics.symbolic.systems import Energies, point_kinetic_energy


def parallelogram_symbols() -> dict[str, sp.Symbol]:
    """Lengths a₁′, a₁″; masses, centres of mass and inertias of links 1′, 1″, 2′, 3′; g."""
    names = "a1p a1pp m1p m1pp m2p m3p lc1p lc1pp lc2p lc3p I1p I1pp I2p I3p g"
    return dict(zip(names.split(), sp.symbols(names, positive=True)))


def parallelogram_energies() -> Energies:
    """T and V of the four links, q = [θ₁′(t), θ₁″(t)], gravity along −y."""
    s = parallelogram_symbols()
    t1, t2 = q = coordinates("theta1p theta1pp")

    def unit(angle):
        return sp.Matrix([sp.cos(angle), sp.sin(angle)])

    bodies = [  # (mass, centre of mass, inertia, absolute angle)
        (s["m1p"], s["lc1p"] * unit(t1), s["I1p"], t1),
        (s["m1pp"], s["lc1pp"] * unit(t2), s["I1pp"], t2),
        (s["m2p"], s["a1p"] * unit(t1) + s["lc2p"] * unit(t2), s["I2p"], t2),
        (s["m3p"], s["a1pp"] * unit(t2) - s["lc3p"] * unit(t1), s["I3p"], t1),
    ]
    T = sum(point_kinetic_energy(m, c) + sp.Rational(1, 2) * inertia * a.diff(TIME) ** 2
            for m, c, inertia, a in bodies)
    V = sum(m * s["g"] * c[1] for m, c, _, _ in bodies)
    return Energies(T, V, q)


def parallelogram_mass_matrix() -> sp.Matrix:
    """M(θ₁′, θ₁″) = ∂²T/∂q̇², in plain symbols theta1p, theta1pp."""
    T, _, q = parallelogram_energies()
    th, qd, _ = state_symbols(q)
    return sp.hessian(as_symbols(T, q), qd).applyfunc(lambda e: sp.expand(sp.trigsimp(sp.expand(e))))
