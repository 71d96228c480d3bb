"""Computed torque's closed loop: ë + K_d ė + K_p e = 0 with a perfect model, the hold's first-order error,
the gains' poles, and the lab's fast laws and stacked arms' laws against the library's own functions."""

import numpy as np
import pytest
import sympy as sp

from course_lib.physics import control
from course_lib.physics import joint_tracking as jt
from course_lib.physics.error_dynamics import (
    closed_loop_error_expr,
    error_response,
    gains_for,
    natural_frequency,
    simulate_continuous,
)
from course_lib.physics.models import TwoLinkArm
from course_lib.physics.simulate.integrators import simulate

ARM = TwoLinkArm()
E0 = np.array([0.1, -0.1])


def tracking_law(model, kp=jt.KP, kd=jt.KD):
    def law(t, q, qd):
        q_d, qd_d, qdd_d = jt.target(t)
        return control.computed_torque(model, q, qd, q_d, qd_d, qdd_d, kp, kd)
    return law


def hold_gap(rate: float, duration: float = 1.0) -> float:
    """Largest |e − e_analytic| (rad) with the law sampled at ``rate`` Hz and held, perfect model."""
    q0 = jt.target(0.0)[0] - E0
    tr = simulate(ARM, q0, jt.target(0.0)[1], duration, dt=2.5e-4, controller=tracking_law(ARM),
                  control_period=1 / rate)
    return float(np.abs(jt.target(tr.t)[0] - tr.q - error_response(tr.t, E0, [0, 0], jt.KP, jt.KD)).max())


def test_perfect_model_continuous_computed_torque_follows_the_analytic_error_to_1e_6():
    q0, qd0 = jt.target(0.0)[0] - E0, jt.target(0.0)[1]
    t, q, _ = simulate_continuous(ARM, tracking_law(ARM), q0, qd0, 1.5, dt=1e-3)
    gap = np.abs(jt.target(t)[0] - q - error_response(t, E0, [0, 0], jt.KP, jt.KD)).max()
    assert gap < 1e-6
    assert np.abs(jt.target(t)[0] - q).max() > 0.05  # the error did move: the check compares a real transient


def test_a_wrong_model_breaks_the_analytic_error():  # the same check fails when the model is not the plant
    q0, qd0 = jt.target(0.0)[0] - E0, jt.target(0.0)[1]
    t, q, _ = simulate_continuous(ARM, tracking_law(ARM.with_mass_error(0.1)), q0, qd0, 1.5, dt=1e-3)
    assert np.abs(jt.target(t)[0] - q - error_response(t, E0, [0, 0], jt.KP, jt.KD)).max() > 1e-3


def test_zero_order_hold_error_is_first_order_in_the_period():
    g500, g1000 = hold_gap(500), hold_gap(1000)
    assert 3e-4 < g500 < 1.2e-3 and 1.5e-4 < g1000 < 6e-4
    assert 1.8 < g500 / g1000 < 2.2  # halving the period halves the deviation


def test_the_hold_keeps_the_torque_constant_between_samples():
    law = jt.three_laws(jt.believed(0.0))
    q0, qd0 = jt.start_state()
    tr = simulate(jt.plant(0.5), q0, qd0, 0.2, dt=5e-4, controller=law, control_period=jt.CONTROL_PERIOD)
    per = int(round(jt.CONTROL_PERIOD / 5e-4))
    blocks = tr.tau[:-1].reshape(-1, per, 6)
    assert np.all(blocks == blocks[:, :1, :])  # exactly the same torque for the 4 steps of one sample
    assert np.all(np.abs(np.diff(blocks[:, 0, :], axis=0)).max(axis=1) > 0)  # and a new one at every sample


def test_sympy_derives_edd_equals_minus_kd_edot_minus_kp_e_for_a_general_mass_matrix():
    edd, s = closed_loop_error_expr()
    kp, kd = s["Kp"], s["Kd"]
    e2, ed2 = sp.Symbol("e2", real=True), sp.Symbol("edot2", real=True)
    assert sp.simplify(edd[0] - (-kd * s["edot"] - kp * s["e"])) == 0
    assert sp.simplify(edd[1] - (-kd * ed2 - kp * e2)) == 0
    assert not any(str(x).startswith("M") for x in edd.free_symbols)  # M has cancelled


@pytest.mark.parametrize("wn, zeta", [(12.0, 1.0), (7.0, 0.5), (20.0, 1.5)])
def test_gains_for_put_the_poles_at_the_requested_wn_and_zeta(wn, zeta):
    kp, kd = gains_for(wn, zeta)
    poles = np.roots([1.0, kd, kp])
    assert np.allclose(np.abs(np.prod(poles)), wn**2) and np.allclose(-poles.real.sum() / 2, zeta * wn)
    assert np.allclose(natural_frequency(kp, kd), (wn, zeta))


@pytest.mark.parametrize("kp, kd", [(150.0, 20.0), (100.0, 20.0), (100.0, 30.0)])
def test_error_response_solves_the_error_equation_by_finite_differences(kp, kd):
    t = np.linspace(0.0, 1.0, 20001)
    e = error_response(t, [0.1], [0.5], kp, kd)[:, 0]
    h = t[1] - t[0]
    ed, edd = np.gradient(e, h), (e[2:] - 2 * e[1:-1] + e[:-2]) / h**2
    assert np.abs(edd + kd * ed[1:-1] + kp * e[1:-1]).max() < 1e-3 * kp * 0.1
    assert e[0] == pytest.approx(0.1) and ed[0] == pytest.approx(0.5, abs=1e-3)


def test_bad_gains_are_refused_with_a_clear_error():
    with pytest.raises(ValueError, match="omega_n"):
        gains_for(-1.0)
    with pytest.raises(ValueError, match="zeta"):
        gains_for(5.0, 0.0)


def test_the_labs_fast_laws_equal_course_lib_control():
    model = jt.believed(-0.2)
    law = jt.three_laws(model)
    rng = np.random.default_rng(3)
    for _ in range(20):
        t, q, qd = rng.uniform(0, 10), rng.uniform(-2, 2, 6), rng.uniform(-3, 3, 6)
        q_d, qd_d, qdd_d = jt.target(t)
        expected = np.concatenate([
            control.pd(q[0:2], qd[0:2], q_d, qd_d, jt.KP, jt.KD),
            control.pd(q[2:4], qd[2:4], q_d, qd_d, jt.KP, jt.KD) + model.gravity(q[2:4]),
            control.computed_torque(model, q[4:6], qd[4:6], q_d, qd_d, qdd_d, jt.KP, jt.KD)])
        assert np.allclose(law(t, q, qd), expected, rtol=1e-12, atol=1e-10)
