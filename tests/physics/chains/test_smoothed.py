"""The motor arm with a smoothed sign (course_lib.physics.chains.smoothed) against independent references.

References: the spatial-vector chain of the same arm with its rotors (CRBA and RNEA of
course_lib.physics.chains, not MotorArm's closed forms) under τ minus the smoothed friction written
here with numpy's tanh; the true stick–slip arm, which stays at rest where the smoothed one creeps;
and the energy balance E(t) − E(0) = τ·Δq − W_f with W_f integrated here from the samples.
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics import chains
from course_lib.physics.chains.smoothed import SmoothedMotorArm
from course_lib.physics.models import MotorArm
from course_lib.physics.simulate import integrators as sim

#: lesson 11's motors on the course's arm, with friction on both joints
ARM = dict(kr1=100.0, kr2=50.0, Im1=1e-4, Im2=2e-4, mm2=0.4, b=[0.05, 0.05], Fs=[1.5, 0.8])
OTHER = dict(l1=0.7, l2=0.55, m1=3.1, m2=0.9, lc1=0.3, lc2=0.3, I1=0.12, I2=0.025, g=3.7, kr1=80.0, kr2=120.0,
             Im1=3e-4, Im2=5e-5, mm2=0.7, b=[0.12, 0.3], Fs=[2.2, 0.5])


def chain_of(arm: MotorArm) -> chains.Chain:
    return chains.from_two_link(arm, gear=[arm.kr1, arm.kr2], rotor_inertia=[arm.Im1, arm.Im2],
                                rotor_mass=[0.0, arm.mm2])


@pytest.mark.parametrize("params", [ARM, OTHER], ids=["course_arm", "other_arm"])
@pytest.mark.parametrize("eps", [0.01, 0.3])
def test_forward_dynamics_is_the_chains_with_tanh_friction(params, eps):
    arm = SmoothedMotorArm(eps=eps, **params)
    chain = chain_of(arm)
    rng = np.random.default_rng(11)
    for _ in range(6):
        q, qd, tau = rng.uniform(-2, 2, 2), rng.uniform(-0.05, 0.05, 2), rng.uniform(-5, 5, 2)
        friction = np.asarray(params["b"]) * qd + np.asarray(params["Fs"]) * np.tanh(qd / eps)
        expected = chains.forward_dynamics(chain, q, qd, tau - friction)
        np.testing.assert_allclose(arm.forward_dynamics(q, qd, tau), expected, rtol=1e-9, atol=1e-9)
        np.testing.assert_allclose(arm.inverse_dynamics(q, qd, expected), tau, rtol=1e-9, atol=1e-9)


def test_a_joint_at_rest_feels_no_coulomb_friction_so_the_held_arm_creeps_at_a_rate_set_by_eps():
    q0 = np.array([0.3, 0.9])
    true = MotorArm(**ARM)
    tau = true.gravity(q0) + 0.5 * np.asarray(ARM["Fs"])           # within ±F_s of holding: the real arm sticks
    held = sim.simulate(true, q0, [0.0, 0.0], duration=1.0, dt=2e-3, torque=tau)
    assert np.array_equal(held.q[-1], q0) and np.all(held.work == 0.0)
    creep = {}
    for eps in (0.02, 0.01, 0.005):
        tr = sim.simulate(SmoothedMotorArm(eps=eps, **ARM), q0, [0.0, 0.0], duration=1.0, dt=1e-3, torque=tau)
        creep[eps] = tr.q[-1] - q0
        assert np.all(creep[eps] > 0)                                  # pushed by F_s/2 on each joint
    for eps in (0.01, 0.005):                                          # about halving with ε
        assert np.all(np.abs(creep[eps] / creep[2 * eps] - 0.5) < 0.1), creep


def test_the_simulators_ledger_books_the_smoothed_friction_and_a_sgn_ledger_does_not_balance():
    q0 = np.array([0.3, 0.9])
    arm = SmoothedMotorArm(eps=0.01, **ARM)
    tau = arm.gravity(q0) + 0.5 * np.asarray(ARM["Fs"])
    tr = sim.simulate(arm, q0, [0.0, 0.0], duration=1.0, dt=1e-3, torque=tau)
    assert np.abs(tr.energy_error).max() < 1e-9

    def work(power):
        return np.concatenate([[0.0], np.cumsum(0.5 * np.diff(tr.t) * (power[1:] + power[:-1]))])

    b, Fs = np.asarray(ARM["b"]), np.asarray(ARM["Fs"])
    smoothed = work(np.sum(b * tr.qd**2 + Fs * tr.qd * np.tanh(tr.qd / 0.01), axis=1))
    coulomb = work(np.sum(b * tr.qd**2 + Fs * np.abs(tr.qd), axis=1))
    delta_E, W_tau = tr.energy - tr.energy[0], (tr.q - q0) @ tau
    assert np.abs(W_tau - smoothed - delta_E).max() < 1e-6
    assert (W_tau - coulomb - delta_E)[-1] < -1e-3                       # F_s|q̇| overstates the heat


def test_there_is_no_breakaway_torque_and_eps_must_be_positive():
    with pytest.raises(ValueError, match="a smoothed sign has no breakaway torque"):
        SmoothedMotorArm(**ARM).breakaway_torque([0.3, 0.9])
    for bad in (0.0, -1.0, float("nan"), "0.1", None):
        with pytest.raises(ValueError, match=r"eps \(the smoothing speed, rad/s\) must be a finite number > 0"):
            SmoothedMotorArm(eps=bad)
    assert SmoothedMotorArm(eps=0.02, **ARM).replace(eps=0.05).eps == 0.05
