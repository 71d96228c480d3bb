"""The integrators and the energy ledger E − E₀ = W."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib import Pendulum, TwoLinkArm
from course_lib.physics.simulate.integrators import simulate, step

ARM = TwoLinkArm()
START = ([0.3, 0.5], [0.0, 0.0])


def test_explicit_euler_creates_more_than_2_joules_in_10_seconds():
    """Lesson 3's task: τ = 0, b = 0, gravity on, h = 10 ms — the integrator manufactures energy."""
    tr = simulate(ARM, *START, duration=10.0, dt=0.01, method="explicit_euler")
    assert tr.energy[-1] - tr.energy[0] > 2.0
    assert np.all(tr.work == 0.0)


@pytest.mark.parametrize("dt", [2e-3, 1e-3])
def test_rk4_keeps_energy_within_1e_4_joule_at_small_steps(dt):
    tr = simulate(ARM, *START, duration=10.0, dt=dt, method="rk4")
    assert np.abs(tr.energy - tr.energy[0]).max() < 1e-4


def test_semi_implicit_euler_also_drifts_because_m_depends_on_q():
    """Not a bounded wobble: the energy error of the last 2 s is far above that of the first 2 s."""
    tr = simulate(ARM, *START, duration=10.0, dt=0.01, method="semi_implicit_euler")
    error = tr.energy - tr.energy[0]
    early, late = error[tr.t <= 2.0].mean(), error[tr.t >= 8.0].mean()
    assert late > early + 5.0


def test_with_torque_and_friction_the_energy_change_equals_the_work():
    arm = ARM.replace(b=[0.4, 0.15])
    tr = simulate(arm, *START, duration=5.0, dt=1e-3, torque=[3.0, -1.0])
    assert abs(tr.work[-1]) > 1.0  # the ledger really has entries
    np.testing.assert_allclose(tr.energy - tr.energy[0], tr.work, atol=1e-6)


def test_work_of_a_constant_torque_is_torque_times_angle_without_friction():
    tr = simulate(ARM, *START, duration=2.0, dt=1e-3, torque=[2.0, 0.5])
    expected = np.array([2.0, 0.5]) @ (tr.q[-1] - tr.q[0])
    assert tr.work[-1] == pytest.approx(expected, rel=1e-8)


def _final_error(method, dt):
    reference = simulate(Pendulum(), [2.0], [0.0], duration=1.0, dt=1e-4).q[-1, 0]
    return abs(simulate(Pendulum(), [2.0], [0.0], duration=1.0, dt=dt, method=method).q[-1, 0] - reference)


@pytest.mark.parametrize("method, order", [("rk4", 4), ("explicit_euler", 1), ("semi_implicit_euler", 1)])
def test_global_error_shrinks_with_the_order_of_the_method(method, order):
    ratio = _final_error(method, 0.01) / _final_error(method, 0.005)
    assert 2**order * 0.75 < ratio < 2**order * 1.25


def test_controller_is_sampled_at_its_own_rate_and_held_in_between():
    calls = []

    def controller(t, q, qd):
        calls.append(t)
        return -5.0 * q - 1.0 * qd

    tr = simulate(ARM, *START, duration=0.1, dt=1e-3, controller=controller, control_period=0.01)
    np.testing.assert_allclose(calls, np.arange(10) * 0.01, atol=1e-12)
    held = tr.tau[:100].reshape(10, 10, 2)
    assert np.all(held == held[:, :1, :])  # zero-order hold within each period


def test_step_matches_the_first_step_of_simulate():
    q, qd, w = step(ARM, *START, tau=[1.0, 0.0], h=1e-3)
    tr = simulate(ARM, *START, duration=1e-3, dt=1e-3, torque=[1.0, 0.0])
    np.testing.assert_array_equal(q, tr.q[1])
    np.testing.assert_array_equal(qd, tr.qd[1])
    assert float(w) == tr.work[1]


def test_step_advances_a_batch_of_states_at_once():
    q = np.array([[0.1, 0.2], [0.3, -0.4], [1.0, 1.0]])
    qn, qdn, _ = step(ARM, q, np.zeros_like(q), tau=np.zeros(2), h=1e-3)
    for k in range(3):
        np.testing.assert_allclose(qn[k], step(ARM, q[k], [0, 0], [0, 0], 1e-3)[0], rtol=1e-14)


def test_a_diverging_simulation_stops_with_a_clear_message():
    """A far too large step makes explicit Euler blow up; the user is told so in words."""
    with pytest.raises(FloatingPointError, match="diverged at t = .* try a smaller dt"):
        simulate(TwoLinkArm(g=0.0), [0.5, 0.5], [0.0, 0.0], duration=3000.0, dt=3.0,
                 method="explicit_euler", controller=lambda t, q, qd: -0.5 * q)


def test_same_inputs_give_bit_identical_trajectories():
    a = simulate(ARM, *START, duration=0.5, dt=1e-3, torque=[1.0, 1.0])
    b = simulate(ARM, *START, duration=0.5, dt=1e-3, torque=[1.0, 1.0])
    np.testing.assert_array_equal(a.q, b.q)


# -- the live simulator (the labs' stepping code) -------------------------------------------
def test_live_simulator_and_simulate_agree_bit_for_bit_on_one_run():
    """A lab's LiveSim stepped by hand and simulate() produce the identical trajectory (one stepping code).

    The run changes nothing between steps, uses a controller with a 5-step hold and
    friction, so the controller schedule, the held torque and the work ledger are
    all compared, with ==, not a tolerance.
    """
    from course_lib.physics.simulate.live import LiveSim

    arm = ARM.replace(b=[0.2, 0.1])

    def controller(t, q, qd):
        return np.array([3.0 * np.cos(7 * t), -2.0]) - 4.0 * q - 0.5 * qd

    tr = simulate(arm, *START, duration=0.5, dt=1e-3, controller=controller, control_period=5e-3)
    live = LiveSim(arm, *START, dt=1e-3, controller=controller, control_period=5e-3)
    for k in range(len(tr.t) - 1):
        live.step()
        assert live.t == tr.t[k + 1]
        np.testing.assert_array_equal(live.q, tr.q[k + 1])
        np.testing.assert_array_equal(live.qd, tr.qd[k + 1])
        np.testing.assert_array_equal(live.tau, tr.tau[k])
        assert live.work == tr.work[k + 1]


def test_live_simulator_rewinds_to_a_snapshot_and_replays_identically():
    """restore(snapshot) then the same steps gives the same state: a lab can rewind to the browser's playhead."""
    from course_lib.physics.simulate.live import LiveSim

    live = LiveSim(Pendulum(b=0.1), [2.0], [0.0], dt=1e-3, torque=[0.5])
    live.advance(100)
    mark = live.snapshot()
    live.advance(250)
    q_end, w_end = live.q, live.work
    live.model = live.model.replace(b=1.0)  # a change after the snapshot is undone by restore
    live.restore(mark)
    assert live.t == pytest.approx(0.1) and float(live.model.b[0]) == 0.1
    live.advance(250)
    np.testing.assert_array_equal(live.q, q_end)
    assert live.work == w_end


def test_a_changed_parameter_takes_effect_from_the_next_step():
    """Swapping in a model with friction makes the pendulum lose energy from then on, by exactly the work of b θ̇."""
    from course_lib.physics.simulate.live import LiveSim

    live = LiveSim(Pendulum(), [1.0], [0.0], dt=1e-3)
    live.advance(200)
    e0 = Pendulum().total_energy(live.q, live.qd)
    w0 = live.work
    live.model = live.model.replace(b=0.5)
    live.advance(1000)
    e1 = Pendulum().total_energy(live.q, live.qd)
    assert e1 < e0 - 0.1
    assert e1 - e0 == pytest.approx(live.work - w0, abs=1e-6)


def test_live_simulator_refuses_a_model_with_other_degrees_of_freedom():
    from course_lib.physics.simulate.live import LiveSim

    live = LiveSim(Pendulum(), [1.0], [0.0], dt=1e-3)
    with pytest.raises(ValueError, match="1 degrees of freedom"):
        live.model = ARM


def test_changing_the_step_mid_run_keeps_time_running_and_continues_like_a_fresh_simulation():
    """After set_step(dt=…, method=…) the live simulator continues exactly as simulate() would from that state."""
    from course_lib.physics.simulate.live import LiveSim

    live = LiveSim(Pendulum(b=0.1), [2.0], [0.0], dt=1e-3)
    live.advance(100)
    q_mid, qd_mid, t_mid = live.q, live.qd, live.t
    live.set_step(dt=0.01, method="explicit_euler")
    live.advance(50)
    assert live.t == pytest.approx(t_mid + 0.5, abs=1e-12)
    fresh = simulate(Pendulum(b=0.1), q_mid, qd_mid, duration=0.5, dt=0.01, method="explicit_euler")
    np.testing.assert_array_equal(live.q, fresh.q[-1])
    np.testing.assert_array_equal(live.qd, fresh.qd[-1])
    with pytest.raises(ValueError, match="method must be one of"):
        live.set_step(method="leapfrog")
