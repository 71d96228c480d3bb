"""Constrained dynamics against references that never form the KKT system of course_lib.

- Pinocchio's ``forwardDynamics(model, data, q, v, τ, J, γ)``, with J and γ = J̇ v taken from
  Pinocchio's own frame Jacobian and classical frame acceleration (so A and Ȧ q̇ are checked too).
- The same mechanism in one minimal coordinate (tests/reference/minimal_coordinates.py): its
  trajectory, mapped to joint angles, and its Newton–Euler contact force.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from course_lib.physics.constraints import parallelogram_four_bar, tool_on_wall
from course_lib.physics.models import TwoLinkArm
from tests.reference.minimal_coordinates import FourBarMinimal, WallMinimal

pin = pytest.importorskip("pinocchio", reason="Pinocchio (the `pin` package of the test extra) is not installed")
from tests.reference.pinocchio_arm import arm_model
from tests.reference.pinocchio_chain import chain_model

TIGHT = {"method": "DOP853", "rtol": 1e-12, "atol": 1e-12}
TRAJECTORY_TOL = 1e-8


def _pinocchio_constrained(ref, frame_id, q, qd, tau, rows):
    m, d = ref.model, ref.data
    pin.forwardKinematics(m, d, q, qd, np.zeros_like(q))
    pin.updateFramePlacements(m, d)
    gamma = pin.getFrameClassicalAcceleration(m, d, frame_id, pin.LOCAL_WORLD_ALIGNED).linear[rows]
    pin.computeJointJacobians(m, d, q)
    J = pin.getFrameJacobian(m, d, frame_id, pin.LOCAL_WORLD_ALIGNED)[rows]
    qdd = pin.forwardDynamics(m, d, q, qd, tau, J.copy(), gamma.copy(), 0.0).copy()
    return qdd, d.lambda_c.copy()


def test_wall_contact_gives_pinocchios_constrained_accelerations_and_force():
    arm = TwoLinkArm()
    wall, ref = tool_on_wall(arm, 1.2), arm_model(arm)
    rng = np.random.default_rng(27)
    for _ in range(20):
        q, qd, tau = rng.uniform(-2, 2, 2), rng.uniform(-2, 2, 2), rng.uniform(-20, 20, 2)
        qdd, lam = wall.system.accelerations(q, qd, tau)
        qdd_ref, lam_ref = _pinocchio_constrained(ref, ref.frame_id, q, qd, tau, [0])
        np.testing.assert_allclose(qdd, qdd_ref, atol=1e-10)
        np.testing.assert_allclose(lam, lam_ref, atol=1e-10)


def test_four_bar_gives_pinocchios_constrained_accelerations_and_pin_force():
    bar = parallelogram_four_bar()
    ref = chain_model(bar.chain)
    end = ref.model.addFrame(pin.Frame("rocker_end", ref.model.njoints - 1,
                                       pin.SE3(np.eye(3), np.array([bar.a, 0.0, 0.0])), pin.FrameType.OP_FRAME))
    ref.data = ref.model.createData()
    rng = np.random.default_rng(4)
    for _ in range(20):
        q, _ = bar.closed_state(rng.uniform(0.3, 2.8))
        qd, tau = rng.uniform(-2, 2, 3), rng.uniform(-10, 10, 3)
        qdd, lam = bar.system.accelerations(q, qd, tau)
        qdd_ref, lam_ref = _pinocchio_constrained(ref, end, q, qd, tau, [0, 1])
        np.testing.assert_allclose(qdd, qdd_ref, atol=1e-10)
        np.testing.assert_allclose(lam, lam_ref, atol=1e-10)


def _kkt_trajectory(system, q0, qd0, tau, times):
    def f(t, x):
        n = system.n
        return np.concatenate([x[n:], system.accelerations(x[:n], x[n:], tau)[0]])
    return solve_ivp(f, (0, times[-1]), np.concatenate([q0, qd0]), t_eval=times, **TIGHT).y.T


def test_tool_sliding_on_the_wall_follows_the_minimal_coordinate_motion_and_newtons_wall_force():
    arm = TwoLinkArm()
    p, wall = arm.params, tool_on_wall(arm, 1.2)
    ref = WallMinimal(p.l1, p.l2, p.m1, p.m2, p.lc1, p.lc2, p.I1, p.I2, p.g, 1.2)
    tau = np.array([3.0, -1.0])
    times = np.linspace(0.0, 0.4, 9)           # the tool slides 0.6 m down, well short of the stretched arm
    y = solve_ivp(ref.rhs, (0, times[-1]), [-0.3, 0.0], args=(tau,), t_eval=times, **TIGHT).y.T
    x = _kkt_trajectory(wall.system, wall.posture_on_wall(-0.3), np.zeros(2), tau, times)
    assert y[-1, 0] < -0.8                      # it did move
    for (yk, ydk), xk in zip(y, x):
        q, qd, qdd = ref.joints(yk, ydk, ref.rhs(0, [yk, ydk], tau)[1])
        np.testing.assert_allclose(xk[:2], q, atol=TRAJECTORY_TOL)
        np.testing.assert_allclose(xk[2:], qd, atol=TRAJECTORY_TOL)
        _, lam = wall.system.accelerations(q, qd, tau)
        assert lam[0] == pytest.approx(ref.wall_force(q, qd, qdd, tau), abs=1e-8)


def test_closed_four_bar_follows_the_crank_pendulum_and_newtons_pin_force():
    bar = parallelogram_four_bar()
    ref = FourBarMinimal(bar.a, bar.d, bar.chain.masses, 9.81)
    tau = np.array([2.0, 0.5, -0.5])
    times = np.linspace(0.0, 1.0, 11)
    th = solve_ivp(ref.rhs, (0, times[-1]), [-0.9, 0.5], args=(tau,), t_eval=times, **TIGHT).y.T
    # the crank swings below the ground line, away from the folded postures θ = 0 and −π
    assert th[:, 0].min() > -2.9 and th[:, 0].max() < -0.3 and np.ptp(th[:, 0]) > 0.5
    q0, qd0 = bar.closed_state(-0.9, 0.5)
    x = _kkt_trajectory(bar.system, q0, qd0, tau, times)
    for (thk, wk), xk in zip(th, x):
        q, qd = bar.closed_state(thk, wk)
        np.testing.assert_allclose(xk[:3], q, atol=TRAJECTORY_TOL)
        np.testing.assert_allclose(xk[3:], qd, atol=TRAJECTORY_TOL)
        _, lam = bar.system.accelerations(q, qd, tau)
        np.testing.assert_allclose(lam, ref.pin_force(thk, wk, ref.rhs(0, [thk, wk], tau)[1], tau), atol=1e-8)
