"""The KKT solve's own rules: drift and Baumgarte, holding still against a push, and bad input."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics.constraints import kkt_solve, parallelogram_four_bar, tool_on_wall


@pytest.fixture(scope="module")
def wall():
    return tool_on_wall(None, 1.2)


def _drift(wall, baumgarte):
    q0 = wall.posture_on_wall(-0.3)
    traj = wall.system.simulate(q0, [0.0, 0.0], [0.0, 0.0], 0.01, 300, baumgarte=baumgarte)
    return np.abs(traj.phi[:, 0])


def test_plain_integration_lets_phi_drift_and_grow(wall):
    phi = _drift(wall, None)
    assert phi[:75].max() > 1e-6                       # RK4 at h = 10 ms leaves the wall measurably
    assert phi.max() > 10 * phi[:75].max()             # and the error keeps growing over 3 s


def test_baumgarte_stabilisation_bounds_phi(wall):
    plain, held = _drift(wall, None), _drift(wall, (10.0, 10.0))
    assert held.max() == pytest.approx(held[:75].max(), rel=1e-6)   # no growth after the first 0.75 s
    assert held.max() < plain.max() / 100


def test_baumgarte_with_zero_gains_is_plain_integration(wall):
    np.testing.assert_array_equal(_drift(wall, (0.0, 0.0)), _drift(wall, None))


def test_holding_torque_keeps_the_arm_still_and_the_wall_pushes_back_with_the_chosen_force(wall):
    q = wall.posture_on_wall(-0.3)
    for push in (-5.0, -20.0, 0.0):
        qdd, lam = wall.system.accelerations(q, [0.0, 0.0], wall.holding_torque(q, push))
        np.testing.assert_allclose(qdd, 0.0, atol=1e-12)
        assert lam[0] == pytest.approx(push, abs=1e-12)


def test_the_multiplier_changes_sign_when_the_arm_falls_along_the_wall(wall):
    """A frictionless wall on the side x > x_tool can only push (λ <= 0); the KKT answer has no such rule."""
    q0 = wall.posture_on_wall(-0.3)
    lam = wall.system.simulate(q0, [0.0, 0.0], [0.0, 0.0], 0.01, 300).lam[:, 0]
    assert lam[0] < 0 < lam.max()


def test_a_folded_four_bar_is_refused_with_its_posture():
    bar = parallelogram_four_bar()
    q, qd = bar.closed_state(0.0)
    with pytest.raises(ValueError, match=r"singular for 'rocker pinned at D = \(1.0, 0\) m' at q = \[0.0, -0.0, 3.1416\]"):
        bar.system.accelerations(q, qd, np.zeros(3))
    bar.system.accelerations(*bar.closed_state(0.05), np.zeros(3))   # 0.05 rad away it solves


@pytest.mark.parametrize("args, match", [
    ((np.eye(2), np.zeros(2), np.ones((1, 3)), np.zeros(1), np.zeros(2)), r"A must have shape \(m, 2\)"),
    ((np.eye(2), np.zeros(2), np.ones((2, 2)), np.zeros(2), np.zeros(2)), r"1 <= m < 2"),
    ((np.ones((2, 3)), np.zeros(2), np.ones((1, 2)), np.zeros(1), np.zeros(2)), "square"),
    ((np.eye(2), np.zeros(3), np.ones((1, 2)), np.zeros(1), np.zeros(2)), r"b must have shape \(2,\)"),
    ((np.eye(2), np.zeros(2), np.ones((1, 2)), np.zeros(2), np.zeros(2)), r"Adot_qd must have shape \(1,\)"),
    ((np.eye(2), np.zeros(2), np.zeros((1, 2)), np.zeros(1), np.zeros(2)), "singular"),
])
def test_kkt_solve_names_the_wrong_shape(args, match):
    with pytest.raises(ValueError, match=match):
        kkt_solve(*args)


@pytest.mark.parametrize("kwargs, match", [
    ({"q": [0.1], "qd": [0.0, 0.0], "tau": [0.0, 0.0]}, "q must be 2 finite numbers"),
    ({"q": [0.1, np.nan], "qd": [0.0, 0.0], "tau": [0.0, 0.0]}, "q must be 2 finite numbers"),
    ({"q": [0.1, 0.2], "qd": [0.0, 0.0], "tau": [0.0, 0.0], "baumgarte": (1.0, -1.0)}, "pair .* >= 0"),
    ({"q": [0.1, 0.2], "qd": [0.0, 0.0], "tau": [0.0, 0.0], "baumgarte": 3.0}, "pair"),
])
def test_accelerations_refuse_bad_states(wall, kwargs, match):
    with pytest.raises(ValueError, match=match):
        wall.system.accelerations(**kwargs)


def test_simulate_and_builders_refuse_bad_settings(wall):
    with pytest.raises(ValueError, match="h is the step"):
        wall.system.simulate([0.1, 0.2], [0.0, 0.0], [0.0, 0.0], 0.0, 10)
    with pytest.raises(ValueError, match="method must be"):
        wall.system.simulate([0.1, 0.2], [0.0, 0.0], [0.0, 0.0], 0.01, 10, method="rk45")
    with pytest.raises(ValueError, match=r"x_wall must be a number in \(0, l1 \+ l2\)"):
        tool_on_wall(None, 2.0)
