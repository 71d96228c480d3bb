"""Bad input gets a ValueError that names the argument and says what is allowed."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib import CartPole, Pendulum, TwoLinkArm
from course_lib.physics.simulate.integrators import simulate, step

BAD_NUMBERS = [(-1.0, ">= 0|> 0"), (0.0, "> 0"), (float("nan"), "finite"), (float("inf"), "finite"),
               ("heavy", "real number"), (True, "real number")]


@pytest.mark.parametrize("value, why", BAD_NUMBERS)
@pytest.mark.parametrize("factory, name", [
    (TwoLinkArm, "l1"), (TwoLinkArm, "l2"), (TwoLinkArm, "m1"), (TwoLinkArm, "m2"),
    (Pendulum, "m"), (Pendulum, "l"), (CartPole, "cart_mass"), (CartPole, "pole_mass"), (CartPole, "l"),
])
def test_masses_and_lengths_must_be_positive_finite_numbers(factory, name, value, why):
    with pytest.raises(ValueError, match=rf"^{name} must .*({why})"):
        factory(**{name: value})


@pytest.mark.parametrize("kwargs, pattern", [
    ({"payload": -0.5}, "payload must be >= 0"),
    ({"g": -9.81}, "g must be >= 0"),
    ({"b": -0.1}, "b must be >= 0"),
    ({"b": [0.1, 0.2, 0.3]}, "b must be a number or a sequence of 2"),
    ({"b": [0.1, float("nan")]}, "b must be finite"),
    ({"lc1": 1.5}, "lc1 must lie on the link, between 0 and 1.0"),
    ({"I2": -0.01}, "I2 must be >= 0"),
])
def test_arm_parameters_are_checked(kwargs, pattern):
    with pytest.raises(ValueError, match=pattern):
        TwoLinkArm(**kwargs)


@pytest.mark.parametrize("q, pattern", [
    ([0.1, 0.2, 0.3], r"q must have shape \(2,\) for one state or \(N, 2\)"),
    ([[[0.0, 0.0]]], r"q must have shape"),
    ([0.1, float("nan")], "q contains NaN or inf"),
    ([np.inf, 0.0], "q contains NaN or inf"),
    (["a", "b"], "q must be an array of numbers"),
])
def test_states_with_wrong_shape_or_non_finite_entries_are_refused(q, pattern):
    with pytest.raises(ValueError, match=pattern):
        TwoLinkArm().mass_matrix(q)


def test_batches_of_different_lengths_are_refused():
    with pytest.raises(ValueError, match="q and qd must describe the same states"):
        TwoLinkArm().bias(np.zeros((3, 2)), np.zeros((4, 2)))


def test_nan_torque_is_refused_by_forward_dynamics():
    with pytest.raises(ValueError, match="tau contains NaN"):
        TwoLinkArm().forward_dynamics([0, 0], [0, 0], [np.nan, 0])


def test_unknown_coriolis_form_lists_the_allowed_ones():
    with pytest.raises(ValueError, match="form must be one of 'christoffel', 'alternative'"):
        TwoLinkArm().coriolis_matrix([0, 0], [0, 0], form="bogus")


def test_unknown_integrator_lists_the_allowed_ones():
    with pytest.raises(ValueError, match="method must be one of 'explicit_euler', 'semi_implicit_euler', 'rk4'"):
        simulate(TwoLinkArm(), [0, 0], [0, 0], duration=1.0, method="leapfrog")
    with pytest.raises(ValueError, match="method must be one of"):
        step(TwoLinkArm(), [0, 0], [0, 0], [0, 0], 1e-3, method="euler")


@pytest.mark.parametrize("kwargs, pattern", [
    ({"duration": -1.0}, "duration must be > 0"),
    ({"duration": 1.0, "dt": 0.0}, "dt must be > 0"),
    ({"duration": 1.0, "torque": [1.0, 2.0], "controller": lambda t, q, qd: q}, "either a constant torque or a controller"),
    ({"duration": 1.0, "controller": "pd"}, "controller must be a function"),
    ({"duration": 1.0, "torque": [1.0]}, r"torque must have shape \(2,\)"),
    ({"duration": 0.01, "controller": lambda t, q, qd: [np.nan, 0.0]}, "the controller's torque contains NaN"),
    ({"duration": 0.01, "controller": lambda t, q, qd: None}, "the controller returned None at t = 0 s"),
    ({"duration": 1e-4, "dt": 1e-3}, "duration must be at least one step"),
])
def test_simulate_checks_its_arguments(kwargs, pattern):
    with pytest.raises(ValueError, match=pattern):
        simulate(TwoLinkArm(), [0.0, 0.0], [0.0, 0.0], **kwargs)


def test_initial_state_must_be_a_single_state():
    with pytest.raises(ValueError, match=r"q0 must be one state of shape \(2,\)"):
        simulate(TwoLinkArm(), np.zeros((3, 2)), np.zeros(2), duration=1.0)


def test_mass_error_must_keep_masses_positive():
    with pytest.raises(ValueError, match="delta must be > -1"):
        TwoLinkArm().with_mass_error(-1.0)


def test_replace_rejects_unknown_parameters():
    with pytest.raises(ValueError, match=r"unknown parameter\(s\) \['mass'\]"):
        TwoLinkArm().replace(mass=3.0)


def test_pendulum_elementwise_helpers_refuse_nan():
    with pytest.raises(ValueError, match="theta_dot must be finite"):
        Pendulum().rod_tension(0.3, float("nan"))


@pytest.mark.parametrize("force, pattern", [
    ("push", "force must be an array of numbers"),
    (float("nan"), "force contains NaN"),
    ([[1.0, 2.0]], "force must"),
])
def test_cart_force_is_checked_under_its_own_name(force, pattern):
    with pytest.raises(ValueError, match=pattern):
        CartPole().forward_dynamics_from_force([0.0, 0.1], [0.0, 0.0], force)


def test_mass_matrix_derivative_needs_a_positive_step():
    with pytest.raises(ValueError, match="eps must be > 0"):
        TwoLinkArm().mass_matrix_derivative([0, 0], [1, 1], eps=0.0)


@pytest.mark.parametrize("model", [Pendulum(), TwoLinkArm(), CartPole()], ids=lambda m: type(m).__name__)
def test_models_are_immutable_and_replace_returns_a_checked_copy(model):
    """Setting a parameter raises and says to use replace; replace checks values like the constructor."""
    name = model.parameter_names[0]
    with pytest.raises(AttributeError, match=rf"immutable; make a changed copy with model.replace\({name}="):
        setattr(model, name, 3.0)
    with pytest.raises(ValueError, match="read-only"):
        model.b[0] = 1.0
    bigger = model.replace(**{name: 3.0})
    assert getattr(bigger, name) == 3.0 and getattr(model, name) != 3.0 and type(bigger) is type(model)
    with pytest.raises(ValueError, match=rf"^{name} must be > 0"):
        model.replace(**{name: -1.0})
    with pytest.raises(ValueError, match=r"unknown parameter\(s\) \['colour'\]"):
        model.replace(colour=1.0)


@pytest.mark.parametrize("model", [Pendulum(m=1.3, l=0.7, b=0.2), TwoLinkArm(payload=0.4, b=[0.1, 0.3]), CartPole()],
                         ids=lambda m: type(m).__name__)
def test_single_state_fast_path_equals_the_checked_general_solve(model, rng):
    """_forward_dynamics_one (the simulator's single-state path, closed forms on floats) equals M⁻¹(τ − C q̇ − g − b q̇) solved by numpy."""
    for _ in range(20):
        q, qd, tau = (rng.uniform(-2, 2, model.n_dof) for _ in range(3))
        M, rhs = model.mass_matrix(q), tau - model.bias(q, qd) - model.b * qd
        np.testing.assert_allclose(model._forward_dynamics_one(q, qd, tau), np.linalg.solve(M, rhs), rtol=1e-12,
                                   atol=1e-12)
