"""The independent-joint model and the high-gear-ratio argument, against finite differences of the full
forward dynamics and the entries of M written by hand."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics.joint_linearisation import decoupling_error, gear_sweep, joint_models
from course_lib.physics.torque_breakdown import textbook_motor_arm

ARM = textbook_motor_arm()
Q_BAR = np.array([0.0, np.pi / 2])
RATIOS = [1.0, 10.0, 30.0, 100.0, 160.0]


def _input_matrix_by_differences(arm, q_bar, eps=1e-3):
    """∂q̈/∂τ at rest at q̄ with τ = g(q̄), from the forward dynamics (the simulator's), not from M."""
    tau0 = arm.gravity(q_bar)
    cols = [(arm.forward_dynamics(q_bar, [0, 0], tau0 + eps * e) - arm.forward_dynamics(q_bar, [0, 0], tau0 - eps * e))
            / (2 * eps) for e in np.eye(2)]
    return np.stack(cols, axis=1)


@pytest.mark.parametrize("kr", [10.0, 100.0])
def test_the_decoupling_error_is_the_full_linearisations_offset_from_the_joint_models(kr):
    arm = ARM.replace(kr1=kr, kr2=kr)
    B = _input_matrix_by_differences(arm, Q_BAR)
    model = np.diag(1.0 / joint_models(arm, Q_BAR).inertia)
    assert decoupling_error(arm, Q_BAR) == pytest.approx(np.abs(B - model).max() / np.abs(B).max(), rel=1e-6)


def test_the_joint_models_inertia_and_stiffness_written_by_hand():
    p = ARM.params
    m = joint_models(ARM, Q_BAR)
    c2 = np.cos(Q_BAR[1])
    J1 = p.I1 + p.m1 * p.lc1**2 + ARM.kr1**2 * ARM.Im1 + p.I2 + p.m2 * (p.l1**2 + p.lc2**2 + 2 * p.l1 * p.lc2 * c2) \
        + ARM.Im2 + ARM.mm2 * p.l1**2
    J2 = p.I2 + p.m2 * p.lc2**2 + ARM.kr2**2 * ARM.Im2
    np.testing.assert_allclose(m.inertia, [J1, J2], rtol=1e-12)
    s1, s12 = np.sin(Q_BAR[0]), np.sin(Q_BAR.sum())
    G11 = -((p.m1 * p.lc1 + (p.m2 + ARM.mm2) * p.l1) * s1 + p.m2 * p.lc2 * s12) * ARM.g
    G22 = -p.m2 * p.lc2 * s12 * ARM.g
    np.testing.assert_allclose(m.stiffness, [G11, G22], rtol=1e-7)


def test_the_coupling_shrinks_relative_to_the_rotor_like_one_over_kr_squared():
    """max |M₁₂| = A + k_r I_m with A the links' share, and ΔM₁₁ over θ₂ = 4 m₂ l₁ l_c2: both divided by
    k_r² I_m, written by hand."""
    p = ARM.params
    A = p.I2 + p.m2 * (p.lc2**2 + p.l1 * p.lc2)
    rows = gear_sweep(ARM, RATIOS, Q_BAR)
    for r in rows:
        rotor = r.ratio**2 * ARM.Im2
        assert r.coupling == pytest.approx((A + r.ratio * ARM.Im2) / rotor, rel=1e-9)
        assert r.variation == pytest.approx(4 * p.m2 * p.l1 * p.lc2 / (r.ratio**2 * ARM.Im1), rel=1e-9)
    errors = [r.error for r in rows]
    assert all(a > b for a, b in zip(errors, errors[1:]))      # the joint models get better with every ratio
