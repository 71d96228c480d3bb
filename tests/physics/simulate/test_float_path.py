"""The simulator's small-state path on plain floats gives the reference (numpy) path's trajectory.

:func:`course_lib.physics.simulate.steppers.rk4_step_floats` runs RK4 on plain floats for the 2R arms that
:mod:`course_lib.physics.simulate.fast_2r` has float dynamics for; :class:`~course_lib.physics.simulate.live.LiveSim`
takes it for RK4. It must be the same integrator: the same states to 1e-12 over many steps, and every
model's float dynamics must be its own physics (a subclass that changes the dynamics must not inherit
its parent's float path).
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics.chains.smoothed import SmoothedMotorArm
from course_lib.physics.models import CartPole, Pendulum, TwoLinkArm
from course_lib.physics.models.arm_team import ArmTeam
from course_lib.physics.models.base import ManipulatorModel
from course_lib.physics.models.held_rates import HeldRatesArm
from course_lib.physics.models.motor_arm import MotorArm
from course_lib.physics.models.pitfalls import TwoLinkArmWithoutCoriolis
from course_lib.physics.simulate.fast_2r import constants, float_dynamics, float_step, pushed_float_step
from course_lib.physics.simulate.live import LiveSim
from course_lib.physics.simulate.steppers import STEPPERS, model_dynamics, rk4_step
from course_lib.physics.simulate.tool_force import pushed_dynamics

MODELS = {
    "two_link": TwoLinkArm(b=0.3),
    "two_link_payload": TwoLinkArm(payload=0.7, b=[0.1, 0.4]),
    "without_coriolis": TwoLinkArmWithoutCoriolis(b=0.2),
    "held_rates": HeldRatesArm(),
    "motor_arm": MotorArm(b=0.2, Fs=[0.8, 0.5], mm2=0.3),  # Coulomb friction: stick, slip and stops
    "smoothed_motor_arm": SmoothedMotorArm(b=0.2, Fs=[0.8, 0.5], eps=0.05),   # assignment 07's tanh friction
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
    assert not missing, f"add these models to MODELS so their float paths are checked: {sorted(missing)}"


@pytest.mark.parametrize("method", list(STEPPERS))
@pytest.mark.parametrize("name", MODELS)
def test_a_models_float_step_is_its_array_step_or_there_is_none(name, method):
    """Each method on floats (when the simulator has it for the model) = its array step on the model's own
    M, C, g and friction: q and q̇ to 1e-12 (in practice bit for bit), the work to rounding."""
    model = MODELS[name]
    fast_step = float_step(model, method)
    if fast_step is None:
        return
    for q, qd, tau in _states(model, 10, seed=7):
        ref = STEPPERS[method](model_dynamics(model, tau), q, qd, 1e-3)
        fast = fast_step(q.tolist(), qd.tolist(), tau.tolist(), 1e-3)
        np.testing.assert_allclose(fast[0], ref[0], rtol=0, atol=1e-12)
        np.testing.assert_allclose(fast[1], ref[1], rtol=0, atol=1e-12)
        assert fast[2] == pytest.approx(float(ref[2]), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("name", MODELS)
def test_float_dynamics_are_the_models_own_forward_dynamics_and_power(name):
    """(q̈, P) on floats = M⁻¹(τ − C q̇ − g − friction) and q̇ᵀ(τ − friction) of the array path, for every
    model the simulator has float dynamics for; a subclass's own physics is never replaced by its parent's."""
    model = MODELS[name]
    arm = model.arm if isinstance(model, ArmTeam) else model
    dynamics = float_dynamics(arm)
    if dynamics is None:
        return
    for q, qd, tau in _states(arm, 20, seed=3):
        a1, a2, power = dynamics(*q.tolist(), *qd.tolist(), *tau.tolist())
        np.testing.assert_allclose([a1, a2], arm.forward_dynamics(q, qd, tau), rtol=1e-12, atol=1e-12)
        assert power == pytest.approx(float(qd @ (tau - arm.friction(qd))), rel=1e-12, abs=1e-12)


def test_the_fast_path_is_taken_for_the_exact_classes_it_was_written_for_only():
    """A subclass of TwoLinkArm (no C, rotors, a learner's own) is simulated from its own M, C, g."""
    assert all(float_step(m) is not None for m in (TwoLinkArm(), MotorArm(), HeldRatesArm(), ArmTeam(TwoLinkArm(), 2)))
    assert float_step(TwoLinkArmWithoutCoriolis()) is None  # its C = 0 lives in the array path only
    assert float_step(ArmTeam(TwoLinkArmWithoutCoriolis(), 2)) is None
    assert float_step(Pendulum()) is None and float_step(CartPole()) is None  # the simulator keeps numpy

    class LearnersArm(TwoLinkArm):
        def _gravity(self, q):
            return 0.0 * super()._gravity(q)

    assert float_step(LearnersArm()) is None
    with pytest.raises(ValueError, match="TwoLinkArm exactly, not for MotorArm"):
        constants(MotorArm())


@pytest.mark.parametrize("arm", [MotorArm(b=0.2, mm2=0.3), TwoLinkArmWithoutCoriolis(b=0.2)],
                         ids=lambda m: type(m).__name__)
def test_a_subclass_of_the_2r_arm_is_simulated_with_its_own_physics(arm):
    """0.3 s from rest under a torque: the live simulator's state equals the array RK4 on the model's own
    M, C and g (rotors in, or C left out), not the plain 2R arm's."""
    live = LiveSim(arm, [0.3, -0.4], [0.0, 1.5], dt=1e-3, torque=[2.0, -1.0])
    q, qd = np.array([0.3, -0.4]), np.array([0.0, 1.5])
    dyn = model_dynamics(arm, np.array([2.0, -1.0]))
    for _ in range(300):
        live.step()
        q, qd, _ = rk4_step(dyn, q, qd, 1e-3)
        q, qd = arm.impact(q, qd) or (q, qd)
    np.testing.assert_allclose(np.concatenate([live.q, live.qd]), np.concatenate([q, qd]), rtol=0, atol=1e-9)


def _run(model: ManipulatorModel, floats: bool, steps: int, controller=None, torque=None):
    n = model.n_dof
    q0, qd0 = np.linspace(0.3, -0.8, n), np.linspace(-0.5, 1.0, n)
    live = LiveSim(model, q0, qd0, dt=1e-3, torque=torque, controller=controller, control_period=2e-3)
    if not floats:  # the reference: the numpy stepper, whatever the model offers
        live._floats_for, live._float_step = (live.model, live.method), None
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


@pytest.mark.parametrize("believed", [MotorArm(kr1=80.0, Im1=3e-4, mm2=0.5), TwoLinkArmWithoutCoriolis(b=0.2)],
                         ids=lambda m: type(m).__name__)
def test_a_float_controller_never_computes_a_subclass_with_the_plain_2r_formulas(believed):
    """Computed torque on floats (lesson 8's three laws) for an arm with rotors or without C: either it is
    refused in words, or it is control.computed_torque on that arm's own M, C, g (never the plain arm's)."""
    from course_lib.physics import control
    from course_lib.physics.joint_tracking import KD, KP, target, three_laws

    try:
        law = three_laws(believed)
    except ValueError as exc:
        assert "TwoLinkArm exactly" in str(exc)
        return
    q, qd = np.array([0.2, -0.3, 0.4, 0.9, 0.7, 1.1]), np.array([0.5, -1.0, 0.3, 0.2, -0.8, 1.4])
    q_d, qd_d, qdd_d = target(0.37)
    expected = control.computed_torque(believed, q[4:], qd[4:], q_d, qd_d, qdd_d, KP, KD)
    np.testing.assert_allclose(law(0.37, q, qd)[4:], expected, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("method", list(STEPPERS))
@pytest.mark.parametrize("name", ["two_link", "two_link_payload"])
def test_the_pushed_float_step_is_the_array_step_of_the_pushed_dynamics(name, method):
    """A 2R arm pushed at its tool: each method on floats, with Jᵀh_e as each joint's moment of the push, = its
    array step on pushed_dynamics, which takes Jᵀh_e from the model's Jacobian matrix: q and q̇ to 1e-12, both
    works to rounding."""
    model = MODELS[name]
    rng = np.random.default_rng(11)
    for q, qd, tau in _states(model, 10, seed=5):
        h_e = rng.uniform(-20, 20, 2)
        ref = STEPPERS[method](pushed_dynamics(model, tau, h_e), q, qd, 1e-3)
        fast = pushed_float_step(model, h_e, method)(q.tolist(), qd.tolist(), tau.tolist(), 1e-3)
        np.testing.assert_allclose(fast[0], ref[0], rtol=0, atol=1e-12)
        np.testing.assert_allclose(fast[1], ref[1], rtol=0, atol=1e-12)
        np.testing.assert_allclose(fast[2], ref[2], rtol=1e-12, atol=1e-15)
    assert pushed_float_step(TwoLinkArmWithoutCoriolis(), [1.0, 0.0]) is None  # its own physics: the array path


@pytest.mark.parametrize("method", ["rk4", "explicit_euler"])
def test_the_live_simulator_takes_the_float_path_when_pushed_and_follows_the_array_path(method):
    """2 s at 1 ms pushed at the tool, the push changed halfway: the float path's states and both works stay
    within 1e-11 of the array path's."""
    def run(floats: bool):
        live = LiveSim(MODELS["two_link"], [0.3, 1.0], [0.5, -1.0], dt=1e-3, torque=[2.0, -1.0], method=method)
        live.set_tool_force([5.0, -3.0])
        if not floats:
            live._pushed_for, live._pushed_step = (live.model, live.method, (5.0, -3.0)), None
            live._set_dynamics()
        assert live._floats is floats
        rows = []
        for k in range(2000):
            if k == 1000:
                live.set_tool_force([-8.0, 4.0])
                if not floats:
                    live._pushed_for, live._pushed_step = (live.model, live.method, (-8.0, 4.0)), None
                    live._set_dynamics()
            live.step()
            rows.append(np.concatenate([live.q, live.qd, [live.work, live.work_ext]]))
        return np.array(rows)

    fast, ref = run(True), run(False)
    assert np.all(np.isfinite(ref)) and np.abs(ref[:, -1]).max() > 1.0  # the push did work
    np.testing.assert_allclose(fast, ref, rtol=0, atol=1e-11)
