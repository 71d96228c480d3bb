"""course_lib.physics.symbolic and the models against sympy.physics.mechanics.

sympy.physics.mechanics builds each system from reference frames, points,
particles and rigid bodies (inertia about the centre of mass), finds the
generalized forces of the applied torques by virtual work, and forms
Lagrange's equations itself. Its convention is

    LagrangesMethod.mass_matrix · q̈ = LagrangesMethod.forcing,

so ``forcing`` is everything else moved to the right-hand side:
Q − C q̇ − g. Agreement with it checks both the course's derivation and the
closed forms the labs run, by a route that shares no code with them.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest
import sympy as sp
from sympy.physics.mechanics import (
    LagrangesMethod,
    Lagrangian,
    Particle,
    Point,
    ReferenceFrame,
    RigidBody,
    dynamicsymbols,
    inertia,
)

from course_lib import CartPole, Pendulum, TwoLinkArm
from course_lib.physics.models import two_link
from course_lib.physics.symbolic import (
    as_symbols,
    cart_pole_energies,
    lagrange_steps,
    manipulator_form,
    pendulum_energies,
    state_symbols,
    tidy,
    two_link_energies,
    two_link_symbols,
)

t = dynamicsymbols._t


def is_zero(m: sp.MatrixBase) -> bool:
    return all(sp.simplify(tidy(e)) == 0 for e in m)


def assert_close(actual, expected):
    expected = np.asarray(expected, dtype=float)
    scale = max(1.0, float(np.max(np.abs(expected))))
    np.testing.assert_allclose(actual, expected, rtol=1e-12, atol=1e-12 * scale)


def solve_lagranges_method(L, q, forcelist, frame):
    lm = LagrangesMethod(L, q, forcelist=forcelist, frame=frame)
    lm.form_lagranges_equations()
    return lm.mass_matrix, lm.forcing


# -- the three systems, built the sympy.physics.mechanics way -----------------------------------
@lru_cache(maxsize=None)
def mechanics_pendulum():
    """Bob at −l along the rod frame's y axis; torque τ − b θ̇ on the rod frame."""
    theta = dynamicsymbols("theta")
    m, l, g = sp.symbols("m l g", positive=True)
    tau, b = sp.symbols("tau b")
    N = ReferenceFrame("N")
    A = N.orientnew("A", "Axis", (theta, N.z))
    O = Point("O")
    O.set_vel(N, 0)
    P = O.locatenew("P", -l * A.y)
    P.v2pt_theory(O, N, A)
    bob = Particle("bob", P, m)
    bob.potential_energy = m * g * P.pos_from(O).dot(N.y)
    forces = [(A, (tau - b * theta.diff(t)) * N.z)]
    return [theta], (tau, b), solve_lagranges_method(Lagrangian(N, bob), [theta], forces, N)


@lru_cache(maxsize=None)
def mechanics_two_link(with_payload: bool):
    """Two rigid links with inertia about their centres (and a tip particle); τ₁ − τ₂ on link 1, τ₂ on link 2."""
    theta1, theta2 = dynamicsymbols("theta1 theta2")
    p = two_link_symbols()
    mp = sp.Symbol("m_p", positive=True)
    tau1, tau2 = sp.symbols("tau1 tau2")
    N = ReferenceFrame("N")
    A = N.orientnew("A", "Axis", (theta1, N.z))
    B = A.orientnew("B", "Axis", (theta2, A.z))
    O = Point("O")
    O.set_vel(N, 0)
    C1 = O.locatenew("C1", p.lc1 * A.x)
    E = O.locatenew("E", p.l1 * A.x)
    C2 = E.locatenew("C2", p.lc2 * B.x)
    tip = E.locatenew("tip", p.l2 * B.x)
    for point, base, frame in ((C1, O, A), (E, O, A), (C2, E, B), (tip, E, B)):
        point.v2pt_theory(base, N, frame)
    link1 = RigidBody("link1", C1, A, p.m1, (inertia(A, 0, 0, p.I1), C1))
    link2 = RigidBody("link2", C2, B, p.m2, (inertia(B, 0, 0, p.I2), C2))
    link1.potential_energy = p.m1 * p.g * C1.pos_from(O).dot(N.y)
    link2.potential_energy = p.m2 * p.g * C2.pos_from(O).dot(N.y)
    bodies = [link1, link2]
    if with_payload:
        load = Particle("payload", tip, mp)
        load.potential_energy = mp * p.g * tip.pos_from(O).dot(N.y)
        bodies.append(load)
    forces = [(A, (tau1 - tau2) * N.z), (B, tau2 * N.z)]  # joint 2 reacts on link 1
    q = [theta1, theta2]
    return q, (tau1, tau2), solve_lagranges_method(Lagrangian(N, *bodies), q, forces, N)


@lru_cache(maxsize=None)
def mechanics_cart_pole():
    """Cart particle on the rail, tip particle on a pole frame turned by −θ (θ clockwise from up)."""
    x, theta = dynamicsymbols("x theta")
    mc, m, l, g = sp.symbols("M_c m l g", positive=True)
    F = sp.Symbol("F")
    N = ReferenceFrame("N")
    B = N.orientnew("B", "Axis", (-theta, N.z))
    O = Point("O")
    O.set_vel(N, 0)
    cart_point = O.locatenew("cart", x * N.x)
    cart_point.set_vel(N, x.diff(t) * N.x)
    tip = cart_point.locatenew("tip", l * B.y)
    tip.v2pt_theory(cart_point, N, B)
    cart, bob = Particle("cart", cart_point, mc), Particle("bob", tip, m)
    bob.potential_energy = m * g * tip.pos_from(O).dot(N.y)
    forces = [(cart_point, F * N.x)]
    return [x, theta], (F,), solve_lagranges_method(Lagrangian(N, cart, bob), [x, theta], forces, N)


# -- against course_lib.physics.symbolic, exactly ----------------------------------------------------
@lru_cache(maxsize=None)
def course_form(system):
    if system == "pendulum":
        q, (tau, b), _ = mechanics_pendulum()
        T, V, q = pendulum_energies()
        return manipulator_form(lagrange_steps(T, V, q, forces=[tau - b * q[0].diff(t)]))
    if system == "two_link":
        _, (tau1, tau2), _ = mechanics_two_link(False)
        T, V, q = two_link_energies()
        return manipulator_form(lagrange_steps(T, V, q, forces=[tau1, tau2]))
    _, (F,), _ = mechanics_cart_pole()
    T, V, q = cart_pole_energies()
    return manipulator_form(lagrange_steps(T, V, q, forces=[F, 0]))


MECHANICS = {
    "pendulum": mechanics_pendulum,
    "two_link": lambda: mechanics_two_link(False),
    "cart_pole": mechanics_cart_pole,
}


@pytest.mark.parametrize("system", list(MECHANICS))
def test_lagranges_method_mass_matrix_equals_the_course_derivation(system):
    """sympy.physics.mechanics and course_lib.physics.symbolic find the same M(q), symbolically."""
    q, _, (M_lm, _) = MECHANICS[system]()
    form = course_form(system)
    assert is_zero(as_symbols(M_lm, q) - as_symbols(form.M, form.q))


@pytest.mark.parametrize("system", list(MECHANICS))
def test_lagranges_method_forcing_is_Q_minus_C_qd_minus_g(system):
    """LagrangesMethod's forcing (everything right of M q̈) equals Q − C q̇ − g of the course derivation.

    Q itself comes out of virtual work in sympy.physics.mechanics: a torque pair
    τ₂ on link 2 and −τ₂ on link 1 is the generalized force τ₂ on θ₂ only.
    """
    q, _, (_, forcing) = MECHANICS[system]()
    form = course_form(system)
    rhs = form.forces - form.C * sp.Matrix(form.qd) - form.g
    assert is_zero(as_symbols(forcing, q) - as_symbols(rhs, form.q))


def test_lagranges_method_agrees_with_the_two_link_closed_forms_exactly():
    """M from LagrangesMethod equals mass_matrix_entries; its forcing equals τ − C q̇ − g of the model's formulas."""
    q, taus, (M_lm, forcing) = mechanics_two_link(False)
    p = two_link_symbols()
    (t1, t2), (w1, w2), _ = state_symbols(q)
    m11, m12, m22 = two_link.mass_matrix_entries(t2, p, lib=sp)
    C = sp.Matrix(2, 2, list(two_link.coriolis_entries(t2, w1, w2, p, lib=sp)))
    g = sp.Matrix(two_link.gravity_entries(t1, t2, p, lib=sp))
    assert is_zero(as_symbols(M_lm, q) - sp.Matrix([[m11, m12], [m12, m22]]))
    assert is_zero(as_symbols(forcing, q) - (sp.Matrix(taus) - C * sp.Matrix([w1, w2]) - g))


# -- against the numeric models ----------------------------------------------------------------
def lambdified(q, params, values, M_lm, forcing):
    """Numbers from LagrangesMethod: f(q, q̇, inputs) -> (M, forcing) for a batch of states."""
    qs, qds, _ = state_symbols(q)
    args = qs + qds + list(params)
    fM = sp.lambdify(args, as_symbols(M_lm, q).xreplace(values), "numpy")
    ff = sp.lambdify(args, as_symbols(forcing, q).xreplace(values), "numpy")

    def evaluate(qv, qdv, inputs):
        out = []
        for k in range(len(qv)):
            a = list(qv[k]) + list(qdv[k]) + list(inputs[k])
            out.append((np.array(fM(*a), dtype=float), np.array(ff(*a), dtype=float)[:, 0]))
        return np.array([o[0] for o in out]), np.array([o[1] for o in out])

    return evaluate


@pytest.mark.parametrize(
    "arm", [TwoLinkArm(b=0.4), TwoLinkArm(l1=0.9, l2=0.6, m1=2.5, m2=1.1, payload=0.8, lc1=0.3, lc2=0.45,
                                          I1=0.2, I2=0.05, b=(0.1, 0.3), g=9.81)],
    ids=["seed_with_friction", "payload_off_centre"],
)
def test_two_link_model_matches_lagranges_method_with_a_tip_particle(arm, rng):
    """TwoLinkArm (payload merged into link 2) has the M and q̈ of two rigid bodies plus a tip particle."""
    q, taus, (M_lm, forcing) = mechanics_two_link(True)
    p = two_link_symbols()
    values = dict(zip(p, (arm.l1, arm.l2, arm.m1, arm.m2, arm.lc1, arm.lc2, arm.I1, arm.I2, arm.g)))
    values[sp.Symbol("m_p", positive=True)] = arm.payload
    evaluate = lambdified(q, taus, values, M_lm, forcing)
    qv, qdv = rng.uniform(-np.pi, np.pi, (20, 2)), rng.uniform(-4, 4, (20, 2))
    tau = rng.uniform(-20, 20, (20, 2))
    M, f = evaluate(qv, qdv, tau - arm.b * qdv)  # friction enters Q like a torque
    assert_close(M, arm.mass_matrix(qv))
    assert_close(f, tau - arm.b * qdv - arm.bias(qv, qdv))
    assert_close(np.linalg.solve(M, f[..., None])[..., 0], arm.forward_dynamics(qv, qdv, tau))


def test_pendulum_model_matches_lagranges_method(rng):
    """Pendulum's M and forward dynamics (with friction) equal LagrangesMethod's at random states."""
    model = Pendulum(m=0.8, l=1.3, b=0.25, g=9.81)
    q, (tau, b), (M_lm, forcing) = mechanics_pendulum()
    values = dict(zip(sp.symbols("m l g", positive=True), (model.m, model.l, model.g)))
    values[b] = model.b[0]
    evaluate = lambdified(q, [tau], values, M_lm, forcing)
    qv, qdv, tv = rng.uniform(-np.pi, np.pi, (20, 1)), rng.uniform(-5, 5, (20, 1)), rng.uniform(-4, 4, (20, 1))
    M, f = evaluate(qv, qdv, tv)
    assert_close(M, model.mass_matrix(qv))
    assert_close(f, tv - model.b * qdv - model.bias(qv, qdv))
    assert_close(f / M[..., 0], model.forward_dynamics(qv, qdv, tv))


def test_cart_pole_model_matches_lagranges_method(rng):
    """CartPole's M, bias and cart-force response equal LagrangesMethod's at random states."""
    model = CartPole(cart_mass=1.4, pole_mass=0.35, l=0.9, g=9.81)
    q, (F,), (M_lm, forcing) = mechanics_cart_pole()
    values = dict(zip(sp.symbols("M_c m l g", positive=True),
                      (model.cart_mass, model.pole_mass, model.l, model.g)))
    evaluate = lambdified(q, [F], values, M_lm, forcing)
    qv, qdv, Fv = rng.uniform(-np.pi, np.pi, (20, 2)), rng.uniform(-4, 4, (20, 2)), rng.uniform(-10, 10, 20)
    M, f = evaluate(qv, qdv, Fv[:, None])
    assert_close(M, model.mass_matrix(qv))
    assert_close(f, Fv[:, None] * model.input_matrix()[:, 0] - model.bias(qv, qdv))
    assert_close(np.linalg.solve(M, f[..., None])[..., 0], model.forward_dynamics_from_force(qv, qdv, Fv))
