"""The simulator's small-state path on plain floats gives the reference (numpy) path's trajectory.

:func:`course_lib.physics.simulate.integrators.rk4_step_floats` runs RK4 on lists of floats for models with closed
forms on floats (``has_float_forms``); :class:`~course_lib.physics.simulate.live.LiveSim` takes it for RK4.
It must be the same integrator: the same states to 1e-12 over many steps, and every model's
list form must be its own physics (a subclass that changes the dynamics must not inherit
its parent's float forms).
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics.models import CartPole, Pendulum, TwoLinkArm
from course_lib.physics.models.arm_team import ArmTeam
from course_lib.physics.models.base import ManipulatorModel
from course_lib.physics.models.held_rates import HeldRatesArm
from course_lib.physics.models.motor_arm import MotorArm
from course_lib.physics.models.pitfalls import TwoLinkArmWithoutCoriolis
from course_lib.physics.simulate.integrators import model_dynamics, model_dynamics_floats, rk4_step, rk4_step_floats
from course_lib.physics.simulate.live import LiveSim

MODELS = {
    "two_link": TwoLinkArm(b=0.3),
    "two_link_payload": TwoLinkArm(payload=0.7, b=[0.1, 0.4]),
    "without_coriolis": TwoLinkArmWithoutCoriolis(b=0.2),
    "held_rates": HeldRatesArm(),
    "motor_arm": MotorArm(b=0.2, Fs=[0.8, 0.5], mm2=0.3),  # Coulomb friction: stick, slip and stops
    "team_of_three": ArmTeam(TwoLinkArm(b=0.25), 3),
    "team_of_motor_arms": ArmTeam(MotorArm(b=0.1, Fs=[0.6, 0.4]), 2),
    "pendulum": Pendulum(b=0.1),
    "cart_pole": CartPole(),
}


def _states(model: ManipulatorModel, count: int, seed: int) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(seed)
    n = model.n_dof
    return [(rng.uniform(-3, 3, n), rng.uniform(-4, 4, n), rng.uniform(-10, 10, n)) for _ in range(count)]


def _every_model_class() -> set[type]:
    found, todo = set(), [ManipulatorModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return found


def test_the_check_below_covers_every_model_class_of_the_course():
    covered = {type(m) for m in MODELS.values()}
    missing = {c.__name__ for c in _every_model_class() if c.__module__.startswith("course_lib.")} - \
        {c.__name__ for c in covered}
    assert not missing, f"add these models to MODELS so their list forms are checked: {sorted(missing)}"


@pytest.mark.parametrize("name", MODELS)
def test_list_forms_are_the_models_own_forward_dynamics_and_friction(name):
    """q̈ = M⁻¹(τ − C q̇ − g − friction) on floats equals the array path's, for every model (and team)."""
    model = MODELS[name]
    for q, qd, tau in _states(model, 20, seed=3):
        np.testing.assert_allclose(model.forward_dynamics_list(q.tolist(), qd.tolist(), tau.tolist()),
                                   model.forward_dynamics(q, qd, tau), rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(model.friction_list(qd.tolist()), model.friction(qd), rtol=1e-12, atol=1e-12)


def test_a_model_that_changes_its_parents_physics_does_not_claim_its_float_forms():
    assert TwoLinkArm().has_float_forms and ArmTeam(TwoLinkArm(), 2).has_float_forms
    assert not TwoLinkArmWithoutCoriolis().has_float_forms  # its C = 0 lives in the array path only
    assert not Pendulum().has_float_forms  # no list form of its own: the simulator keeps numpy


@pytest.mark.parametrize("name", ["two_link", "team_of_three", "motor_arm", "held_rates"])
def test_one_rk4_step_on_floats_is_the_array_step(name):
    """Same stages, same order: q and q̇ agree to 1e-12 (in practice bit for bit), the work to rounding."""
    model = MODELS[name]
    for q, qd, tau in _states(model, 10, seed=5):
        ref = rk4_step(model_dynamics(model, tau), q, qd, 1e-3)
        fast = rk4_step_floats(model_dynamics_floats(model, tau.tolist()), q.tolist(), qd.tolist(), 1e-3)
        np.testing.assert_allclose(fast[0], ref[0], rtol=0, atol=1e-12)
        np.testing.assert_allclose(fast[1], ref[1], rtol=0, atol=1e-12)
        assert fast[2] == pytest.approx(float(ref[2]), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("name", ["two_link", "two_link_payload", "team_of_three", "team_of_motor_arms",
                                  "motor_arm", "held_rates", "without_coriolis"])
def test_the_models_own_rk4_step_on_floats_is_the_array_step(name):
    """The 2R arm's written-out step, a team's copy-by-copy step, a subclass's generic step: all = rk4_step."""
    model = MODELS[name]
    for q, qd, tau in _states(model, 10, seed=7):
        ref = rk4_step(model_dynamics(model, tau), q, qd, 1e-3)
        fast = model.rk4_step_floats(q.tolist(), qd.tolist(), tau.tolist(), 1e-3)
        np.testing.assert_allclose(fast[0], ref[0], rtol=0, atol=1e-12)
        np.testing.assert_allclose(fast[1], ref[1], rtol=0, atol=1e-12)
        assert fast[2] == pytest.approx(float(ref[2]), rel=1e-12, abs=1e-15)


def test_only_the_2r_arm_itself_uses_its_written_out_step():
    assert TwoLinkArm()._own_float_step
    assert not any(m._own_float_step for m in (MotorArm(), HeldRatesArm(), TwoLinkArmWithoutCoriolis()))


def _run(model: ManipulatorModel, floats: bool, steps: int, controller=None, torque=None):
    n = model.n_dof
    q0, qd0 = np.linspace(0.3, -0.8, n), np.linspace(-0.5, 1.0, n)
    live = LiveSim(model, q0, qd0, dt=1e-3, torque=torque, controller=controller, control_period=2e-3)
    if not floats:  # the reference: the numpy stepper, whatever the model offers
        live._model_floats = False
        live._set_dynamics()
        assert not live._floats
    else:
        assert live._floats
    out = []
    for _ in range(steps):
        live.step()
        out.append(np.concatenate([live.q, live.qd, [live.work]]))
    return np.array(out)


def _pd(t, q, qd):
    return 40.0 * (np.sin(t) - q) - 6.0 * qd


@pytest.mark.parametrize("name,controller,torque", [
    ("two_link", None, [3.0, -1.0]),
    ("team_of_three", _pd, None),  # several copies under a controller held 2 steps (500 Hz ZOH)
    ("motor_arm", None, [2.0, 0.0]),  # Coulomb friction: stops and the energy-balanced work included
])
def test_the_live_simulator_float_path_follows_the_reference_trajectory(name, controller, torque):
    """2 s at 1 ms: every state and the work of the float path within 1e-12 of the numpy path."""
    model = MODELS[name]
    fast, ref = _run(model, True, 2000, controller, torque), _run(model, False, 2000, controller, torque)
    assert np.all(np.isfinite(ref))
    np.testing.assert_allclose(fast, ref, rtol=0, atol=1e-12)


def test_a_blow_up_on_the_float_path_is_reported_as_a_divergence_with_the_time():
    live = LiveSim(TwoLinkArm(), [0.0, 0.0], [1e200, 1e200], dt=1e-3)
    assert live._floats
    with pytest.raises(FloatingPointError, match="diverged at t = 0.001 s"):
        live.step()
