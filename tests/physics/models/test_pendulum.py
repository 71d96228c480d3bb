"""Physical facts about the pendulum model (θ from straight down)."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib import Pendulum
from course_lib.physics.simulate.integrators import simulate


def test_released_at_the_horizontal_it_accelerates_at_minus_g_over_l():
    """Seed check-yourself Q1: θ = 90°, θ̇ = 0, τ = 0 gives θ̈ = −(g/l) sin 90° = −9.81 rad/s²."""
    p = Pendulum(m=1.0, l=1.0)
    assert p.angular_acceleration(np.pi / 2, 0.0) == pytest.approx(-9.81, rel=1e-12)
    assert p.forward_dynamics([np.pi / 2], [0.0], [0.0])[0] == pytest.approx(-9.81, rel=1e-12)


def test_scalar_and_matrix_forms_agree(rng):
    p = Pendulum(m=0.7, l=1.3, b=0.4)
    th, w, tau = rng.uniform(-3, 3, (3, 40))
    np.testing.assert_allclose(
        p.angular_acceleration(th, w, tau), p.forward_dynamics(th[:, None], w[:, None], tau[:, None])[:, 0], rtol=1e-12
    )


def test_rod_tension_is_what_newton_needs_along_the_rod():
    """Along a simulated swing, m(a − g) (a by finite differences of the bob position)
    points along the rod, and its size is the tension the model reports."""
    p = Pendulum(m=1.3, l=0.9)
    dt = 1e-3
    tr = simulate(p, [2.0], [0.0], duration=2.0, dt=dt)
    pos = p.bob_position(tr.q[:, 0])
    acc = (pos[2:] - 2 * pos[1:-1] + pos[:-2]) / dt**2
    force = p.m * (acc - np.array([0.0, -p.g]))  # what the rod must supply
    toward_pivot = -pos[1:-1] / p.l
    along = np.sum(force * toward_pivot, axis=1)
    across = force[:, 0] * toward_pivot[:, 1] - force[:, 1] * toward_pivot[:, 0]
    tension = p.rod_tension(tr.q[1:-1, 0], tr.qd[1:-1, 0])
    np.testing.assert_allclose(along, tension, rtol=1e-4, atol=1e-4)
    assert np.abs(across).max() < 1e-4 * tension.max()


def test_tension_is_largest_at_the_bottom_of_the_swing():
    p = Pendulum()
    tr = simulate(p, [2.5], [0.0], duration=3.0, dt=1e-3)
    tension = p.rod_tension(tr.q[:, 0], tr.qd[:, 0])
    k = np.argmax(tension)
    assert abs(np.arctan2(np.sin(tr.q[k, 0]), np.cos(tr.q[k, 0]))) < 0.01


def test_energy_is_conserved_without_torque_or_friction():
    p = Pendulum()
    tr = simulate(p, [1.0], [0.5], duration=5.0, dt=1e-3)
    assert np.abs(tr.energy - tr.energy[0]).max() < 1e-8


def test_small_oscillations_have_period_two_pi_over_omega0():
    p = Pendulum(l=0.5)
    dt = 1e-3
    tr = simulate(p, [0.01], [0.0], duration=5.0, dt=dt)
    th = tr.q[:, 0]
    up = np.nonzero((th[:-1] < 0) & (th[1:] >= 0))[0]
    crossings = tr.t[up] - th[up] * dt / (th[up + 1] - th[up])  # linear interpolation
    period = np.mean(np.diff(crossings))
    assert period == pytest.approx(2 * np.pi / p.small_angle_frequency(), rel=1e-4)


def test_separatrix_orbit_has_exactly_the_energy_to_reach_the_top():
    p = Pendulum(m=2.0, l=0.7)
    th = np.linspace(-3, 3, 50)
    E = p.total_energy(th[:, None], p.separatrix_speed(th)[:, None])
    np.testing.assert_allclose(E, p.potential_energy([np.pi]), rtol=1e-12)


def test_holding_torque_makes_the_pendulum_rest():
    p = Pendulum(b=0.5)
    th = np.linspace(-1.5, 1.5, 7)
    np.testing.assert_allclose(p.angular_acceleration(th, 0.0, p.holding_torque(th)), 0.0, atol=1e-12)


def test_damping_removes_energy_at_rate_b_theta_dot_squared():
    p = Pendulum(b=0.3)
    tr = simulate(p, [2.0], [0.0], duration=3.0, dt=1e-3)
    np.testing.assert_allclose(tr.energy - tr.energy[0], tr.work, atol=1e-9)
    assert tr.work[-1] < -0.5  # friction took energy out
