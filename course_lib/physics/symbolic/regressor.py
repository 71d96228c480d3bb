"""The 2R arm's torques, linear in five base parameters: τ = Y(q, q̇, q̈) π, checked by sympy.

:func:`two_link_regressor` puts side by side the torques Lagrange's recipe
derives from the energies (:func:`~course_lib.physics.symbolic.systems.two_link_energies`)
and the product Y π of the model's own regressor and base parameters
(:func:`~course_lib.physics.models.two_link.regressor_entries`,
:func:`~course_lib.physics.models.two_link.base_parameter_entries`), both in plain
symbols, so that :func:`difference` (τ − Y π, expanded) proves they agree.

>>> r = two_link_regressor()
>>> difference(r).is_zero_matrix
True
"""

from __future__ import annotations

from typing import NamedTuple

import sympy as sp

from course_lib.physics.models.two_link import base_parameter_entries, regressor_entries
from course_lib.physics.symbolic.lagrange import lagrange_steps
from course_lib.physics.symbolic.numeric import as_symbols, state_symbols
from course_lib.physics.symbolic.systems import two_link_energies, two_link_symbols


class Regressor(NamedTuple):
    """The linear-in-parameters form of the 2R arm, in plain symbols.

    Attributes:
        tau: d/dt ∂L/∂q̇ − ∂L/∂q from Lagrange's recipe (= M q̈ + C q̇ + g), unsimplified (2 × 1).
        Y: the regressor (2 × 5), made of q, q̇, q̈ and g only.
        pi: the base parameters (a, b, c, d, e) (5 × 1), made of masses, lengths and inertias only.
        q, qd, qdd: the state symbols (θ₁, θ₂), (θ̇₁, θ̇₂), (θ̈₁, θ̈₂).
    """

    tau: sp.Matrix
    Y: sp.Matrix
    pi: sp.Matrix
    q: list
    qd: list
    qdd: list


def two_link_regressor() -> Regressor:
    """Derive τ for the 2R arm and build Y and π from the model's formulas (see the module docstring)."""
    p = two_link_symbols()
    T, V, q_t = two_link_energies(p)
    steps = lagrange_steps(T, V, q_t, simplify=False)  # raw d/dt ∂L/∂q̇ − ∂L/∂q: tidying costs ~10 s here
    tau = as_symbols(steps.lhs, q_t)
    q, qd, qdd = state_symbols(q_t)
    rows = regressor_entries(q[0], q[1], qd[0], qd[1], qdd[0], qdd[1], p.g, lib=sp)
    return Regressor(tau, sp.Matrix(rows), sp.Matrix(base_parameter_entries(p)), q, qd, qdd)


def difference(r: Regressor) -> sp.Matrix:
    """τ − Y π, expanded with the angle-sum formulas and sin² = 1 − cos²: the zero matrix when Y π is right."""
    pythagoras = {sp.sin(x) ** 2: 1 - sp.cos(x) ** 2 for x in r.q}
    return (r.tau - r.Y * r.pi).applyfunc(lambda e: sp.expand(sp.expand(sp.expand_trig(e)).subs(pythagoras)))
