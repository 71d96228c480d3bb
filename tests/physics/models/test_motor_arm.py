"""Lesson 11's model: the 2R arm with motors and friction (MotorArm), against independent references.

The Lagrange closed form with motors (lesson 11) (course_lib.physics.symbolic.motors), CRBA with rotors (course_lib.physics.chains),
finite differences of the energy, and the stick–slip rule's closed-form breakaway torque. Its lab: test_motor_lab.py.
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from course_lib.physics.chains import crba, from_two_link
from course_lib.physics.models import MotorArm
from course_lib.physics.simulate.live import LiveSim
from course_lib.physics.symbolic.motors import motor_symbols, textbook_mass_matrix
from course_lib.physics.symbolic.systems import two_link_symbols

ROTORS = dict(kr1=120.0, kr2=60.0, Im1=3e-4, Im2=2e-4, mm2=0.7)


def as_chain(arm: MotorArm):
    return from_two_link(arm, gear=[arm.kr1, arm.kr2], rotor_inertia=[arm.Im1, arm.Im2], rotor_mass=[0.0, arm.mm2])


@pytest.mark.parametrize("q", [(0.3, 0.9), (-1.2, 2.8), (2.0, -0.4)])
def test_mass_matrix_with_rotors_equals_crba_with_rotors(q):
    arm = MotorArm(**ROTORS)
    np.testing.assert_allclose(arm.mass_matrix(q), crba(as_chain(arm), q), rtol=1e-12, atol=1e-12)


def test_mass_matrix_with_rotors_equals_seed_004s_closed_form():
    arm = MotorArm(**ROTORS)
    p, (kr1, kr2, Im1, Im2, mm2) = two_link_symbols(), motor_symbols()
    values = {p.l1: arm.l1, p.m1: arm.m1, p.m2: arm.m2, p.lc1: arm.lc1, p.lc2: arm.lc2, p.I1: arm.I1, p.I2: arm.I2,
              kr1: arm.kr1, kr2: arm.kr2, Im1: arm.Im1, Im2: arm.Im2, mm2: arm.mm2}
    M = textbook_mass_matrix().subs(values)
    theta2 = sp.Symbol("theta2")
    for t2 in (-2.0, 0.0, 1.3):
        expected = np.array(M.subs({s: t2 for s in M.free_symbols if s.name == "theta2"}), dtype=float)
        np.testing.assert_allclose(MotorArm(**ROTORS).mass_matrix([0.5, t2]), expected, rtol=1e-12)


def test_gravity_with_motor_mass_equals_gradient_of_potential_energy():
    arm, q, h = MotorArm(**ROTORS), np.array([0.4, -0.7]), 1e-6
    grad = [(arm.potential_energy(q + h * e) - arm.potential_energy(q - h * e)) / (2 * h) for e in np.eye(2)]
    np.testing.assert_allclose(arm.gravity(q), grad, rtol=1e-7)
    np.testing.assert_allclose(arm.gravity(q), crba_gravity(arm, q), rtol=1e-10)


def crba_gravity(arm: MotorArm, q):
    from course_lib.physics.chains import gravity_torque
    return gravity_torque(as_chain(arm), q)


def test_rotors_switched_off_leave_the_links_mass_matrix():
    arm = MotorArm(**ROTORS)
    np.testing.assert_allclose(arm.replace(rotors=False).mass_matrix([0.1, 0.7]), arm.link_mass_matrix([0.1, 0.7]))
    assert arm.mass_matrix([0.1, 0.7])[0, 0] - arm.link_mass_matrix([0.1, 0.7])[0, 0] == pytest.approx(
        120.0**2 * 3e-4 + 2e-4 + 0.7 * arm.l1**2, rel=1e-12)


def test_condition_number_equals_ratio_of_eigenvalues():
    arm = MotorArm(**ROTORS)
    for t2 in (-3.0, 0.0, 0.8):
        lam = np.linalg.eigvalsh(arm.mass_matrix([0.0, t2]))
        assert arm.condition_number(t2) == pytest.approx(lam[-1] / lam[0], rel=1e-12)


def test_joint_at_rest_stays_at_rest_while_the_torque_is_within_coulomb_level():
    arm = MotorArm(g=0.0, Fs=[2.0, 1.0], b=0.1)
    sim = LiveSim(arm, [0.3, 0.5], [0.0, 0.0], dt=1 / 240, torque=[2.0 * (1 - 1e-6), 0.9])
    sim.advance(480)
    assert sim.q.tolist() == [0.3, 0.5] and sim.qd.tolist() == [0.0, 0.0] and sim.work == 0.0


@pytest.mark.parametrize("g, q", [(0.0, (0.3, 0.5)), (9.81, (0.0, 0.5)), (9.81, (1.0, -0.5))])
def test_breakaway_torque_is_coulomb_level_plus_gravity_load(g, q):
    """τ₁ just below g₁ + F_s1 leaves joint 1 still; just above, it moves (joint 2 held by its friction)."""
    arm = MotorArm(g=g, Fs=[1.5, 40.0])
    least = arm.breakaway_torque(q)
    assert least == pytest.approx(float(arm.gravity(q)[0]) + 1.5, rel=1e-12)
    for factor, moves in ((1 - 1e-4, False), (1 + 1e-3, True)):
        tau2 = float(arm.gravity(q)[1])  # joint 2's own load held exactly
        sim = LiveSim(arm, q, [0.0, 0.0], dt=1 / 240, torque=[factor * least, tau2])
        sim.advance(120)
        assert (abs(sim.q[0] - q[0]) > 1e-7) == moves, factor


def test_breakaway_torque_refuses_a_pose_where_joint_2_slides():
    with pytest.raises(ValueError, match="joint 2 does not stay at rest"):
        MotorArm(Fs=0.1).breakaway_torque([0.0, 0.0])


def test_energy_ledger_counts_viscous_and_coulomb_friction_work():
    """E(t) − E(0) = W (torque work minus friction heat), along a swing that sticks and slips."""
    arm = MotorArm(b=0.2, Fs=[0.8, 0.5])
    sim = LiveSim(arm, [0.0, 0.5], [2.0, -1.0], dt=1 / 1000, torque=[3.0, -1.0])
    e0 = arm.total_energy(sim.q, sim.qd)
    sim.advance(3000)
    dE = arm.total_energy(sim.q, sim.qd) - e0
    assert abs(sim.work) > 5.0
    assert dE == pytest.approx(sim.work, abs=0.01 * abs(sim.work))


def test_coulomb_friction_brings_a_free_joint_to_rest_exactly():
    arm = MotorArm(g=0.0, Fs=[3.0, 3.0])
    sim = LiveSim(arm, [0.0, 0.5], [2.0, -1.0], dt=1 / 240)
    sim.advance(2400)
    assert sim.qd.tolist() == [0.0, 0.0]


@pytest.mark.parametrize("kw, match", [(dict(kr1=0.5), "kr1"), (dict(Im2=-1e-4), "Im2"), (dict(Fs=np.nan), "Fs"),
                                       (dict(rotors="yes"), "rotors"), (dict(kr2=np.inf), "kr2")])
def test_bad_parameters_raise_value_error_naming_them(kw, match):
    with pytest.raises(ValueError, match=match):
        MotorArm(**kw)
