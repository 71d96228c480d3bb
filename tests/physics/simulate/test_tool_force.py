"""A tool force in the joint equation (Jᵀ h_e) and in the ledger (W_ext), against references it was not built from."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics.models import TwoLinkArm
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
