"""A tool force in the joint equation (Jᵀ h_e) and in the ledger (W_ext), against references it was not built from."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics.models import Pendulum, TwoLinkArm
from course_lib.physics.simulate.live import LiveSim
from course_lib.physics.simulate.tool_force import holding_torque, simulate_tool_force, tool_force_torque

ARM = TwoLinkArm(b=0.2)
PUSH = np.array([5.0, -3.0])


def _tip(q):
    """The tool written out from the geometry, not from the model."""
    return np.array([1.0 * np.cos(q[0]) + 0.8 * np.cos(q[0] + q[1]), 1.0 * np.sin(q[0]) + 0.8 * np.sin(q[0] + q[1])])


def test_tool_force_torque_is_the_gradient_of_the_forces_virtual_work():
    rng = np.random.default_rng(27)
    for _ in range(10):
        q, h_e, eps = rng.uniform(-3, 3, 2), rng.uniform(-10, 10, 2), 1e-6
        fd = [(h_e @ _tip(q + eps * e) - h_e @ _tip(q - eps * e)) / (2 * eps) for e in np.eye(2)]
        np.testing.assert_allclose(tool_force_torque(ARM, q, h_e), fd, atol=1e-7)


@pytest.fixture(scope="module")
def run():
    return simulate_tool_force(ARM, [0.3, 1.0], [0.5, -1.0], [2.0, -1.0], PUSH, duration=2.0, dt=5e-4)


def test_ledger_with_the_external_work_closes_and_without_it_does_not(run):
    assert np.abs(run.ledger_gap).max() < 1e-8
    assert np.abs(run.energy - run.energy[0] - run.work_tau).max() > 1.0     # W_ext is joules, not rounding


def test_external_work_equals_the_constant_force_times_the_tool_displacement(run):
    """A constant force's work depends only on the end points: W_ext(t) = h_eᵀ (p(t) − p(0))."""
    expected = np.array([PUSH @ (_tip(q) - _tip(run.q[0])) for q in run.q])
    np.testing.assert_allclose(run.work_ext, expected, atol=1e-8)


def test_ledger_gap_is_rk4s_fourth_order_error():
    gaps = [np.abs(simulate_tool_force(ARM, [0.3, 1.0], [0.5, -1.0], [2.0, -1.0], PUSH, 1.0, dt).ledger_gap).max()
            for dt in (2e-3, 1e-3)]
    assert 12 < gaps[0] / gaps[1] < 20


def test_holding_torque_keeps_the_pushed_arm_still_and_a_near_miss_does_not():
    q0 = np.array([0.3, 1.0])
    held = simulate_tool_force(ARM, q0, [0, 0], holding_torque(ARM, q0, PUSH), PUSH, 1.0, 1e-3)
    assert np.abs(held.q - q0).max() < 1e-12
    near = ARM.gravity(q0) - 0.95 * tool_force_torque(ARM, q0, PUSH)       # 5 % short of Jᵀ h_e
    missed = simulate_tool_force(ARM, q0, [0, 0], near, PUSH, 1.0, 1e-3)
    assert np.abs(missed.q - q0).max() > 1e-2


@pytest.mark.parametrize("h_e", [[1.0], [1.0, np.inf], [[1.0, 2.0]]])
def test_a_bad_tool_force_is_refused(h_e):
    with pytest.raises(ValueError, match=r"h_e is the tool force \(f_x, f_y\) in N"):
        tool_force_torque(ARM, [0.0, 0.0], h_e)


def test_a_duration_that_is_not_whole_steps_is_refused():
    with pytest.raises(ValueError, match="whole number of steps"):
        simulate_tool_force(ARM, [0, 0], [0, 0], [0, 0], [0, 0], duration=1.0005, dt=1e-3)


# -- the live simulator pushed at the tool -----------------------------------------------------------------------
def _live_run(steps, method="rk4", dt=5e-4):
    live = LiveSim(ARM, [0.3, 1.0], [0.5, -1.0], dt=dt, torque=[2.0, -1.0], method=method)
    live.set_tool_force(PUSH)
    rows = [(live.q, live.work, live.work_ext)]
    for _ in range(steps):
        live.step()
        rows.append((live.q, live.work, live.work_ext))
    return live, rows


def test_the_live_simulator_pushed_at_the_tool_follows_the_batch_run_and_books_W_ext(run):
    """The live simulator's pushed step (the lab's) against simulate_tool_force's own RK4 loop, and its W_ext
    against h_eᵀ Δp from the geometry."""
    live, rows = _live_run(len(run.t) - 1)
    q = np.array([r[0] for r in rows])
    np.testing.assert_allclose(q, run.q, atol=1e-10)
    np.testing.assert_allclose([r[1] for r in rows], run.work_tau, atol=1e-10)
    np.testing.assert_allclose([r[2] for r in rows], [PUSH @ (_tip(p) - _tip(q[0])) for p in q], atol=1e-8)
    gap = ARM.total_energy(live.q, live.qd) - ARM.total_energy([0.3, 1.0], [0.5, -1.0]) - live.work - live.work_ext
    assert abs(gap) < 1e-8


def test_the_push_survives_a_snapshot_and_stops_when_set_to_none():
    live, _ = _live_run(100)
    saved = live.snapshot()
    live.set_tool_force(None)
    live.advance(100)
    unpushed_q, unpushed_ext = live.q, live.work_ext
    live.restore(saved)
    np.testing.assert_array_equal(live.tool_force, PUSH)
    live.advance(100)
    assert not np.allclose(live.q, unpushed_q, atol=1e-6)      # the push came back with the snapshot
    assert live.work_ext != unpushed_ext and unpushed_ext == saved.work_ext   # no push, no W_ext


def test_a_push_is_refused_for_a_model_without_a_tool_or_a_bad_force():
    with pytest.raises(ValueError, match="Pendulum has no tool to push"):
        LiveSim(Pendulum(), [0.1], [0.0], dt=1e-3).set_tool_force([1.0, 0.0])
    with pytest.raises(ValueError, match=r"h_e is the tool force \(f_x, f_y\) in N"):
        LiveSim(ARM, [0.1, 0.0], [0.0, 0.0], dt=1e-3).set_tool_force([1.0, np.nan])
