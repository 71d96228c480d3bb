"""Physical facts about the cart-pole (θ from straight up, one actuator on the cart)."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib import CartPole
from course_lib.physics.simulate.integrators import simulate


def test_reachable_accelerations_lie_on_one_line_whatever_the_force(rng):
    """Underactuation: the pole equation has no F, so (ẍ, θ̈) stays on m l cos θ ẍ + m l² θ̈ = m g l sin θ."""
    cp = CartPole()
    m, l, g = cp.pole_mass, cp.l, cp.g
    for q, qd in zip(rng.uniform(-1, 1, (10, 2)), rng.uniform(-2, 2, (10, 2))):
        acc = cp.forward_dynamics_from_force(np.tile(q, (5, 1)), np.tile(qd, (5, 1)), np.linspace(-20, 20, 5))
        residual = m * l * np.cos(q[1]) * acc[:, 0] + m * l**2 * acc[:, 1] - m * g * l * np.sin(q[1])
        assert np.abs(residual).max() < 1e-12
        assert np.ptp(acc[:, 0]) > 1.0  # the force does move the point along the line


def test_input_matrix_has_rank_one():
    assert np.linalg.matrix_rank(CartPole.input_matrix()) == 1


def test_newton_on_the_pole_mass_and_the_cart():
    """The massless hinged rod pushes the tip mass only along the rod, and F = M_c ẍ + m a_tip,x."""
    cp = CartPole(cart_mass=1.4, pole_mass=0.5, l=0.6)
    dt, force = 1e-3, 3.0
    tr = simulate(cp, [0.0, 0.4], [0.2, -0.5], duration=0.5, dt=dt, torque=[force, 0.0])
    tip = cp.pole_tip(tr.q)
    a_tip = (tip[2:] - 2 * tip[1:-1] + tip[:-2]) / dt**2
    a_cart = (tr.q[2:, 0] - 2 * tr.q[1:-1, 0] + tr.q[:-2, 0]) / dt**2
    rod_force = cp.pole_mass * (a_tip - np.array([0.0, -cp.g]))
    rod_dir = np.column_stack([np.sin(tr.q[1:-1, 1]), np.cos(tr.q[1:-1, 1])])
    across = rod_force[:, 0] * rod_dir[:, 1] - rod_force[:, 1] * rod_dir[:, 0]
    assert np.abs(across).max() < 1e-4
    np.testing.assert_allclose(cp.cart_mass * a_cart + cp.pole_mass * a_tip[:, 0], force, atol=1e-3)


def test_upright_is_an_equilibrium_and_unstable():
    cp = CartPole()
    np.testing.assert_allclose(cp.forward_dynamics([0, 0], [0, 0], [0, 0]), 0.0, atol=1e-15)
    tr = simulate(cp, [0.0, 1e-3], [0.0, 0.0], duration=2.0, dt=1e-3)
    assert abs(tr.q[-1, 1]) > 0.5


def test_energy_and_horizontal_momentum_are_conserved_when_unforced():
    cp = CartPole()
    tr = simulate(cp, [0.0, 2.0], [0.0, 0.0], duration=3.0, dt=1e-3)
    assert np.abs(tr.energy - tr.energy[0]).max() < 1e-7
    p_x = np.einsum("nj,nj->n", cp.mass_matrix(tr.q)[:, 0, :], tr.qd)
    assert np.abs(p_x - p_x[0]).max() < 1e-8


@pytest.mark.parametrize("theta", [0.3, -1.2, 2.0])
def test_mdot_minus_2c_is_skew(theta):
    cp = CartPole()
    N = cp.mass_matrix_derivative([0.1, theta], [0.5, 1.7]) - 2 * cp.coriolis_matrix([0.1, theta], [0.5, 1.7])
    assert np.abs(N + N.T).max() < 1e-9
