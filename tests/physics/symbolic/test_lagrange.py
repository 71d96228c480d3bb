"""Lagrange's recipe in course_lib.physics.symbolic, and the models' closed forms checked against it.

The energies come from positions (course_lib.physics.symbolic.systems), never from
the models' formulas, so agreement here means the formulas the labs run are
what Euler–Lagrange gives.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest
import sympy as sp

from course_lib import CartPole, Pendulum, TwoLinkArm
from course_lib.physics.models import two_link
from course_lib.physics.symbolic import (
    TIME,
    as_symbols,
    cart_pole_energies,
    christoffel_symbols,
    coordinates,
    coriolis_matrix,
    gravity_vector,
    lagrange_steps,
    lambdify_dynamics,
    manipulator_form,
    mass_matrix,
    pendulum_energies,
    state_symbols,
    tidy,
    two_link_energies,
    two_link_symbols,
)


# -- derivations, each done once per test session ---------------------------------
@lru_cache(maxsize=None)
def derived(system: str):
    """(LagrangeSteps, ManipulatorForm) of a system with symbolic parameters."""
    if system == "two_link_payload":
        T, V, q = two_link_energies(payload=sp.Symbol("m_p", positive=True))
    else:
        T, V, q = {"pendulum": pendulum_energies, "two_link": two_link_energies,
                   "cart_pole": cart_pole_energies}[system]()
    steps = lagrange_steps(T, V, q)
    return steps, manipulator_form(steps)


def is_zero(expr) -> bool:
    """True when an expression or matrix simplifies to exactly zero."""
    if isinstance(expr, sp.MatrixBase):
        return all(is_zero(e) for e in expr)
    return sp.simplify(tidy(expr)) == 0


def assert_close(actual, expected):
    """Agreement to 1e-12 relative to the size of the expected values."""
    expected = np.asarray(expected, dtype=float)
    scale = max(1.0, float(np.max(np.abs(expected))))
    np.testing.assert_allclose(actual, expected, rtol=1e-12, atol=1e-12 * scale)


def random_states(rng, n_dof, n=25, speed=4.0):
    return rng.uniform(-np.pi, np.pi, (n, n_dof)), rng.uniform(-speed, speed, (n, n_dof))


SYSTEMS = ["pendulum", "two_link", "cart_pole"]


# -- the recipe itself ------------------------------------------------------------------
def test_pendulum_with_friction_gives_m_l2_thetaddot_plus_m_g_l_sin_theta_equals_tau_minus_b_thetadot():
    """Lagrange with Q = τ − b θ̇ reproduces the pendulum equation of the lesson."""
    T, V, (theta,) = pendulum_energies()
    m, l, g = sp.symbols("m l g", positive=True)
    tau, b = sp.symbols("tau b")
    thd = theta.diff(TIME)
    steps = lagrange_steps(T, V, [theta], forces=[tau - b * thd])
    (eq,) = steps.equations
    expected = m * l**2 * theta.diff(TIME, 2) + m * g * l * sp.sin(theta) - (tau - b * thd)
    assert is_zero(eq.lhs - eq.rhs - expected)
    assert is_zero(steps.dL_dqd[0] - m * l**2 * thd)  # the angular momentum about the pivot


@pytest.mark.parametrize("system", SYSTEMS)
def test_momentum_step_is_M_times_qd(system):
    """∂L/∂q̇ = M(q) q̇: the generalized momentum of a kinetic energy ½ q̇ᵀ M q̇."""
    steps, form = derived(system)
    assert is_zero(sp.Matrix(steps.dL_dqd) - form.M * sp.Matrix(form.qd))


@pytest.mark.parametrize("system", SYSTEMS)
def test_time_derivative_step_contains_Mdot_qd(system):
    """d/dt ∂L/∂q̇ = M q̈ + Ṁ q̇: dropping Ṁ q̇ is the classic mistake."""
    steps, form = derived(system)
    Mdot = form.M.diff(TIME)
    expected = form.M * sp.Matrix(form.qdd) + Mdot * sp.Matrix(form.qd)
    assert is_zero(sp.Matrix(steps.ddt_dL_dqd) - expected)


@pytest.mark.parametrize("system", SYSTEMS)
def test_dL_dq_is_half_qdT_dM_dq_qd_minus_dV_dq(system):
    """∂L/∂qᵢ = ½ q̇ᵀ (∂M/∂qᵢ) q̇ − ∂V/∂qᵢ."""
    steps, form = derived(system)
    qd = sp.Matrix(form.qd)
    for i, qi in enumerate(form.q):
        expected = (qd.T * form.M.diff(qi) * qd)[0, 0] / 2 - steps.V.diff(qi)
        assert is_zero(steps.dL_dq[i] - expected)


@pytest.mark.parametrize("system", SYSTEMS)
def test_hessian_of_T_is_the_coefficient_of_qdd(system):
    """M = ∂²T/∂q̇² equals the matrix multiplying q̈ in Lagrange's equations."""
    steps, form = derived(system)
    assert is_zero(mass_matrix(steps.T, form.qd) - form.M)


@pytest.mark.parametrize("system", SYSTEMS)
def test_christoffel_C_times_qd_is_the_velocity_quadratic_part_of_the_equations(system):
    """C q̇ from the Christoffel symbols of M alone equals what Lagrange's equations contain."""
    _, form = derived(system)
    assert is_zero(form.C * sp.Matrix(form.qd) - form.coriolis_forces)


@pytest.mark.parametrize("system", SYSTEMS)
def test_gravity_vector_is_dV_dq_and_the_static_part_of_the_equations(system):
    """g = ∂V/∂q equals the equations evaluated at q̇ = q̈ = 0."""
    steps, form = derived(system)
    assert is_zero(gravity_vector(steps.V, form.q) - form.g)


@pytest.mark.parametrize("system", ["two_link", "cart_pole"])
def test_Mdot_minus_2C_is_skew_symmetric(system):
    """With C in Christoffel form, N = Ṁ − 2C satisfies N + Nᵀ = 0 identically."""
    _, form = derived(system)
    N = form.M.diff(TIME) - 2 * form.C
    assert is_zero(N + N.T)
    assert not is_zero(N)  # not trivially zero: the property has content


def test_christoffel_symbols_are_symmetric_in_the_last_two_indices():
    """c_ijk = c_ikj for the 2R arm, so C is the same whichever index carries q̇."""
    _, form = derived("two_link")
    c = christoffel_symbols(form.M, form.q)
    for i in range(2):
        assert is_zero(c[i, 0, 1] - c[i, 1, 0])
    assert c[1, 1, 1] == 0 and c[0, 0, 0] == 0  # M depends on θ₂ only


def test_cart_pole_equations_match_the_lesson():
    """(M_c+m)ẍ + m l cosθ θ̈ − m l sinθ θ̇² = F and m l cosθ ẍ + m l² θ̈ − m g l sinθ = 0."""
    T, V, (x, th) = cart_pole_energies()
    mc, m, l, g = sp.symbols("M_c m l g", positive=True)
    F = sp.Symbol("F")
    steps = lagrange_steps(T, V, [x, th], forces=[F, 0])
    xdd, thd, thdd = x.diff(TIME, 2), th.diff(TIME), th.diff(TIME, 2)
    lesson = [
        (mc + m) * xdd + m * l * sp.cos(th) * thdd - m * l * sp.sin(th) * thd**2 - F,
        m * l * sp.cos(th) * xdd + m * l**2 * thdd - m * g * l * sp.sin(th),
    ]
    assert is_zero(steps.residuals - sp.Matrix(lesson))
    assert not steps.equations[1].rhs.has(F)  # the pole equation has no input: underactuated


def test_latex_display_shows_every_step_with_dot_notation():
    """A notebook cell renders L, then four steps per coordinate, with dots for time derivatives."""
    steps, form = derived("two_link")
    assert len(steps.rows()) == 1 + 4 * 2
    latex = steps._repr_latex_()
    assert latex.startswith("$") and latex.endswith("$")
    assert r"\ddot{\theta}_{1}" in latex and r"\mathcal{L}" in latex
    assert "Derivative" not in latex
    assert r"\ddot{\theta}_{2}" in form._repr_latex_()


# -- the 2R closed forms in course_lib.physics.models, exactly ---------------------------------------
def two_link_closed_forms(form):
    """The model's formulas with lib=sympy, in the derivation's plain symbols."""
    p = two_link_symbols()
    (t1, t2), (w1, w2), _ = state_symbols(form.q)
    M = sp.Matrix(2, 2, lambda i, j: two_link.mass_matrix_entries(t2, p, lib=sp)[i + j])
    C = {f: sp.Matrix(2, 2, list(two_link.coriolis_entries(t2, w1, w2, p, form=f, lib=sp)))
         for f in two_link.CORIOLIS_FORMS}
    g = sp.Matrix(two_link.gravity_entries(t1, t2, p, lib=sp))
    V = two_link.potential_energy_expr(t1, t2, p, lib=sp)
    return M, C, g, V, sp.Matrix([w1, w2])


def test_two_link_mass_matrix_entries_equal_the_hessian_of_T():
    """M₁₁, M₁₂, M₂₂ of the model equal ∂²T/∂q̇² with T built from centre-of-mass velocities."""
    _, form = derived("two_link")
    M, _, _, _, _ = two_link_closed_forms(form)
    assert is_zero(as_symbols(form.M, form.q) - M)


def test_two_link_christoffel_coriolis_entries_equal_the_derivation():
    """The model's Christoffel-form C equals C_ij = Σ c_ijk q̇_k entry by entry."""
    _, form = derived("two_link")
    _, C, _, _, _ = two_link_closed_forms(form)
    assert is_zero(as_symbols(form.C, form.q) - C["christoffel"])


def test_two_link_gravity_and_potential_energy_equal_the_derivation():
    """g₁, g₂ of the model equal ∂V/∂q, and its V equals g Σ m y_c from positions."""
    steps, form = derived("two_link")
    _, _, g, V, _ = two_link_closed_forms(form)
    assert is_zero(as_symbols(form.g, form.q) - g)
    assert is_zero(as_symbols(steps.V, form.q) - V)


def test_two_link_equations_are_linear_in_the_five_base_parameters():
    """M = [[a + 2b c₂, c + b c₂], [c + b c₂, c]], C q̇ uses h = b s₂, g = (d g c₁ + e g c₁₂, e g c₁₂)."""
    _, form = derived("two_link")
    p = two_link_symbols()
    a, b, c, d, e = two_link.base_parameter_entries(p)
    (t1, t2), (w1, w2), _ = state_symbols(form.q)
    c2, s2, c12 = sp.cos(t2), sp.sin(t2), sp.cos(t1 + t2)
    M = sp.Matrix([[a + 2 * b * c2, c + b * c2], [c + b * c2, c]])
    cqd = sp.Matrix([-b * s2 * (2 * w1 * w2 + w2**2), b * s2 * w1**2])
    g = sp.Matrix([d * p.g * sp.cos(t1) + e * p.g * c12, e * p.g * c12])
    assert is_zero(as_symbols(form.M, form.q) - M)
    assert is_zero(as_symbols(form.coriolis_forces, form.q) - cqd)
    assert is_zero(as_symbols(form.g, form.q) - g)


def test_alternative_coriolis_form_has_the_same_product_but_Mdot_minus_2C_is_not_skew():
    """Only C q̇ is unique: the alternative C gives the same torques, yet Ṁ − 2C has a nonzero diagonal."""
    _, form = derived("two_link")
    _, C, _, _, qd = two_link_closed_forms(form)
    assert is_zero(C["alternative"] * qd - C["christoffel"] * qd)
    Mdot = as_symbols(form.M.diff(TIME), form.q)
    for name, skew in (("christoffel", True), ("alternative", False)):
        N = Mdot - 2 * C[name]
        assert is_zero(N + N.T) is skew, name
    N_alt = Mdot - 2 * C["alternative"]
    p, theta2 = two_link_symbols(), state_symbols(form.q)[0][1]
    h = p.m2 * p.l1 * p.lc2 * sp.sin(theta2)
    assert is_zero(N_alt[0, 0] + 2 * h * qd[1])  # diagonal −2 h θ̇₂, nonzero whenever the elbow moves


ARMS = [
    TwoLinkArm(),
    TwoLinkArm(l1=0.7, l2=0.55, m1=3.1, m2=0.9, payload=1.2, g=9.81),
    TwoLinkArm(l1=1.3, l2=0.4, m1=1.1, m2=2.4, payload=0.35, lc1=0.9, lc2=0.1, I1=0.3, I2=0.02, g=3.7),
]


@pytest.mark.parametrize("arm", ARMS, ids=["seed", "payload", "off_centre_payload"])
def test_payload_merge_equals_a_three_body_derivation(arm, rng):
    """Merging the tip mass into link 2 (parallel axes) gives the same M, C, g, V as a third body."""
    steps, form = derived("two_link_payload")
    p = two_link_symbols()
    values = dict(zip(p, (arm.l1, arm.l2, arm.m1, arm.m2, arm.lc1, arm.lc2, arm.I1, arm.I2, arm.g)))
    values[sp.Symbol("m_p", positive=True)] = arm.payload
    dyn = lambdify_dynamics(form, values)
    q, qd = random_states(rng, 2)
    assert_close(dyn.mass_matrix(q), arm.mass_matrix(q))
    assert_close(dyn.coriolis_matrix(q, qd), arm.coriolis_matrix(q, qd))
    assert_close(dyn.gravity(q), arm.gravity(q))
    V = sp.lambdify(state_symbols(form.q)[0], as_symbols(steps.V, form.q).xreplace(values))
    assert_close(V(q[:, 0], q[:, 1]), arm.potential_energy(q))


@pytest.mark.parametrize("arm", ARMS[1:], ids=["payload", "off_centre_payload"])
def test_regressor_times_base_parameters_equals_the_derived_torques(arm, rng):
    """Y(q, q̇, q̈) π reproduces M q̈ + C q̇ + g of the three-body derivation."""
    _, form = derived("two_link_payload")
    p = two_link_symbols()
    values = dict(zip(p, (arm.l1, arm.l2, arm.m1, arm.m2, arm.lc1, arm.lc2, arm.I1, arm.I2, arm.g)))
    values[sp.Symbol("m_p", positive=True)] = arm.payload
    dyn = lambdify_dynamics(form, values)
    q, qd = random_states(rng, 2)
    qdd = rng.uniform(-10, 10, q.shape)
    tau = np.einsum("nij,nj->ni", dyn.mass_matrix(q), qdd) + dyn.bias(q, qd)
    assert_close(arm.regressor(q, qd, qdd) @ arm.base_parameters(), tau)


# -- pendulum and cart-pole: numeric classes against the lambdified derivation -------------------
def numeric_pair(system, rng):
    _, form = derived(system)
    if system == "pendulum":
        model = Pendulum(m=1.7, l=0.6, g=9.81)
        values = dict(zip(sp.symbols("m l g", positive=True), (model.m, model.l, model.g)))
    else:
        model = CartPole(cart_mass=1.3, pole_mass=0.45, l=0.7, g=9.81)
        values = dict(zip(sp.symbols("M_c m l g", positive=True),
                          (model.cart_mass, model.pole_mass, model.l, model.g)))
    return model, values, lambdify_dynamics(form, values), random_states(rng, model.n_dof)


@pytest.mark.parametrize("system", ["pendulum", "cart_pole"])
def test_model_mass_gravity_and_christoffel_coriolis_equal_the_derivation(system, rng):
    """The model's M, g and Christoffel C equal the lambdified Lagrange derivation (rtol 1e-12)."""
    model, _, dyn, (q, qd) = numeric_pair(system, rng)
    assert_close(dyn.mass_matrix(q), model.mass_matrix(q))
    assert_close(dyn.coriolis_matrix(q, qd), model.coriolis_matrix(q, qd))
    assert_close(dyn.gravity(q), model.gravity(q))
    tau = rng.uniform(-3, 3, q.shape)
    assert_close(dyn.forward_dynamics(q, qd, tau), model.forward_dynamics(q, qd, tau))


@pytest.mark.parametrize("system", ["pendulum", "cart_pole"])
def test_model_energies_equal_the_energies_built_from_positions(system, rng):
    """The model's T and V equal ½ m |v|² and m g h of the bodies' positions."""
    model, values, _, (q, qd) = numeric_pair(system, rng)
    steps, form = derived(system)
    qs, qds, _ = state_symbols(form.q)
    T = sp.lambdify(qs + qds, as_symbols(steps.T, form.q).xreplace(values))
    V = sp.lambdify(qs, as_symbols(steps.V, form.q).xreplace(values))
    cols = [q[:, i] for i in range(q.shape[1])] + [qd[:, i] for i in range(q.shape[1])]
    assert_close(T(*cols), model.kinetic_energy(q, qd))
    assert_close(V(*cols[: q.shape[1]]) * np.ones(len(q)), model.potential_energy(q))


# -- bad input --------------------------------------------------------------------------
def test_christoffel_symbols_refuse_a_non_square_mass_matrix():
    th = sp.Symbol("theta")
    with pytest.raises(ValueError, match="M must be a square matrix"):
        christoffel_symbols(sp.Matrix([[1, th]]), [th])


def test_christoffel_symbols_refuse_a_non_symmetric_mass_matrix():
    x, th = sp.symbols("x theta")
    with pytest.raises(ValueError, match="M must be symmetric"):
        christoffel_symbols(sp.Matrix([[1, sp.cos(th)], [0, 1]]), [x, th])


def test_coriolis_matrix_refuses_sizes_that_do_not_match_the_coordinates():
    x, th, v = sp.symbols("x theta v")
    with pytest.raises(ValueError, match="M must be 1x1"):
        coriolis_matrix(sp.eye(2), [x], [v])
    with pytest.raises(ValueError, match="qd must have one velocity per coordinate"):
        coriolis_matrix(sp.eye(2), [x, th], [v])


def test_mass_matrix_refuses_a_kinetic_energy_that_is_not_quadratic_in_velocity():
    v = sp.Symbol("v")
    with pytest.raises(ValueError, match="T must be quadratic"):
        mass_matrix(v**3, [v])


def test_lagrange_steps_refuses_bad_coordinates_forces_and_velocity_dependent_V():
    (x,) = coordinates("x")
    with pytest.raises(ValueError, match=r"q\[0\] must be a coordinate function"):
        lagrange_steps(sp.Symbol("v") ** 2, 0, [sp.Symbol("x")])
    with pytest.raises(ValueError, match="forces must have one entry per coordinate"):
        lagrange_steps(x.diff(TIME) ** 2, 0, [x], forces=[1, 2])
    with pytest.raises(ValueError, match="V must depend on the coordinates only"):
        lagrange_steps(x.diff(TIME) ** 2, x.diff(TIME), [x])
    with pytest.raises(ValueError, match="names must be one or more identifiers"):
        coordinates("1x")


def test_lambdify_dynamics_names_missing_parameters_and_checks_state_shapes():
    _, form = derived("pendulum")
    m, l = sp.symbols("m l", positive=True)
    with pytest.raises(ValueError, match="missing: g"):
        lambdify_dynamics(form, {m: 1.0, l: 1.0})
    with pytest.raises(ValueError, match="the key 'g' is not a symbol"):
        lambdify_dynamics(form, {m: 1.0, l: 1.0, "g": 9.81})
    with pytest.raises(ValueError, match="must be finite"):
        lambdify_dynamics(form, {m: 1.0, l: float("nan"), sp.Symbol("g", positive=True): 9.81})
    dyn = lambdify_dynamics(form, {m: 1.0, l: 1.0, sp.Symbol("g", positive=True): 9.81})
    with pytest.raises(ValueError, match=r"q must have shape \(1,\)"):
        dyn.mass_matrix([0.1, 0.2])
    with pytest.raises(ValueError, match="form must be the ManipulatorForm"):
        lambdify_dynamics("not a form")


def test_formulas_are_one_displayable_equation_per_step():
    """Each step renders on its own as ``left = right`` in LaTeX, in the order of rows()."""
    steps, _ = derived("two_link")
    formulas = steps.formulas()
    assert [(f.left, f.right) for f in formulas] == steps.rows()
    shown = [f._repr_latex_() for f in formulas]
    assert shown[0].startswith(r"$\displaystyle \mathcal{L} = T - V = ") and shown[0].endswith("$")
    assert all(" = " in each and "Derivative" not in each for each in shown)
