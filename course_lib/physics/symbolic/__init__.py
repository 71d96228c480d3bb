"""Equations of motion derived with sympy, step by step as the lesson does it.

Workflow::

    T, V, q = two_link_energies()              # energies from positions
    steps = lagrange_steps(T, V, q)             # L, ∂L/∂q̇, d/dt ∂L/∂q̇, ∂L/∂q, equations
    form = manipulator_form(steps)              # M q̈ + C q̇ + g = Q
    dyn = lambdify_dynamics(form, values)       # numpy functions of q, q̇

Modules:

- :mod:`~course_lib.physics.symbolic.lagrange`     coordinates, Lagrange's recipe, LaTeX display
- :mod:`~course_lib.physics.symbolic.manipulator`  mass matrix, Christoffel symbols, C, g
- :mod:`~course_lib.physics.symbolic.systems`      T and V of the pendulum, the 2R arm, the cart-pole
- :mod:`~course_lib.physics.symbolic.numeric`      lambdified M, C, g

>>> T, V, q = pendulum_energies()
>>> form = manipulator_form(lagrange_steps(T, V, q))
>>> form.M, form.g
(Matrix([[l**2*m]]), Matrix([[g*l*m*sin(theta(t))]]))
"""

from course_lib.physics.symbolic.lagrange import (
    TIME,
    LagrangeSteps,
    accelerations,
    coordinates,
    dotted_latex,
    lagrange_steps,
    tidy,
    velocities,
)
from course_lib.physics.symbolic.manipulator import (
    ManipulatorForm,
    christoffel_symbols,
    coriolis_matrix,
    gravity_vector,
    manipulator_form,
    mass_matrix,
)
from course_lib.physics.symbolic.numeric import NumericDynamics, as_symbols, lambdify_dynamics, state_symbols
from course_lib.physics.symbolic.systems import (
    Energies,
    cart_pole_energies,
    pendulum_energies,
    point_kinetic_energy,
    two_link_energies,
    two_link_symbols,
)

__all__ = [
    "TIME",
    "Energies",
    "LagrangeSteps",
    "ManipulatorForm",
    "NumericDynamics",
    "accelerations",
    "as_symbols",
    "cart_pole_energies",
    "christoffel_symbols",
    "coordinates",
    "dotted_latex",
    "coriolis_matrix",
    "gravity_vector",
    "lagrange_steps",
    "lambdify_dynamics",
    "manipulator_form",
    "mass_matrix",
    "pendulum_energies",
    "point_kinetic_energy",
    "state_symbols",
    "tidy",
    "two_link_energies",
    "two_link_symbols",
    "velocities",
]
