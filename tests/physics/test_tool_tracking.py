"""Lesson 8, tool path: inverse kinematics, the joint reference, task-space computed torque, the experiment."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from course_lib.physics import control
from course_lib.physics import tool_tracking as tt
from course_lib.physics.inverse_kinematics import ELBOW_DOWN, ELBOW_UP, inverse_kinematics, joint_reference, reach
from course_lib.physics.models import TwoLinkArm
from course_lib.physics.models.arm_team import ArmTeam
from course_lib.physics.operational_space import operational_space
from course_lib.physics.simulate import fast_2r
from course_lib.physics.simulate.integrators import simulate
from course_lib.physics.task_space_control import task_space_computed_torque, tool_state
from course_lib.physics.tool_paths import ToolPath

ARM = TwoLinkArm()
RNG = np.random.default_rng(8)


def annulus_points(n: int) -> np.ndarray:
    lo, hi = reach(ARM)
    r, phi = RNG.uniform(lo, hi, n), RNG.uniform(-np.pi, np.pi, n)
    return np.stack([r * np.cos(phi), r * np.sin(phi)], -1)


# -- inverse kinematics -------------------------------------------------------------------------------------
@pytest.mark.parametrize("elbow", [ELBOW_DOWN, ELBOW_UP])
def test_inverse_kinematics_puts_the_tool_on_the_point_on_each_elbow_branch(elbow):
    x = annulus_points(200)
    q = inverse_kinematics(ARM, x, elbow)
    np.testing.assert_allclose(ARM.tip(q), x, atol=1e-12)
    assert np.all(np.sign(q[:, 1]) == elbow)  # θ₂ > 0 elbow down, θ₂ < 0 elbow up
    one = inverse_kinematics(ARM, x[0], elbow)  # a single point gives the batch's first row
    np.testing.assert_allclose(one, q[0], atol=1e-15)


def test_the_two_elbow_branches_are_mirror_images_about_the_line_to_the_tool():
    x = annulus_points(50)
    down, up = inverse_kinematics(ARM, x, ELBOW_DOWN), inverse_kinematics(ARM, x, ELBOW_UP)
    np.testing.assert_allclose(up[:, 1], -down[:, 1], atol=1e-12)  # θ₂ flips sign
    line = np.arctan2(x[:, 1], x[:, 0])  # link 1 lies as far on one side of the line as on the other
    np.testing.assert_allclose(np.angle(np.exp(1j * (down[:, 0] - line))),
                               -np.angle(np.exp(1j * (up[:, 0] - line))), atol=1e-12)


@pytest.mark.parametrize("x", [(1.79, 0.0), (0.0, 2.5), (0.21, 0.0), (0.0, 0.0), (-0.1, 0.12)])
def test_inverse_kinematics_refuses_points_near_or_beyond_the_workspace_boundary(x):
    with pytest.raises(ValueError, match=r"workspace boundary.*allows 0.25 m <= r <= 1.75 m"):
        inverse_kinematics(ARM, x)


def test_inverse_kinematics_accepts_points_just_inside_the_margin_and_names_bad_arguments():
    q = inverse_kinematics(ARM, (1.749, 0.0))
    assert abs(np.sin(q[1])) > 0.1  # J is far from singular there
    with pytest.raises(ValueError, match="elbow must be"):
        inverse_kinematics(ARM, (1.0, 0.5), elbow=0)
    with pytest.raises(ValueError, match="finite"):
        inverse_kinematics(ARM, (np.nan, 0.5))
    with pytest.raises(ValueError, match="the tool point x = \\(1.000, 1.700\\)"):  # the batch's bad row is named
        inverse_kinematics(ARM, [(1.0, 0.5), (1.0, 1.7)])


# -- the reference: q̇ = J⁻¹ ẋ and q̈ = J⁻¹ (ẍ − J̇ q̇) ----------------------------------------------------------
@pytest.mark.parametrize("shape", ["circle", "figure_eight"])
def test_tool_path_velocity_and_acceleration_are_the_time_derivatives_of_its_position(shape):
    path, t, h = ToolPath(shape, tt.CENTRE, 0.38, 1.5), np.linspace(0, 1.5, 17), 1e-5
    x, xd, xdd = path.at(t)
    np.testing.assert_allclose((path.at(t + h)[0] - path.at(t - h)[0]) / (2 * h), xd, atol=1e-8)
    np.testing.assert_allclose((path.at(t + h)[1] - path.at(t - h)[1]) / (2 * h), xdd, atol=1e-7)


def test_the_seed_circle_runs_at_about_1_6_m_per_s_and_stays_inside_the_workspace():
    path = ToolPath("circle", tt.CENTRE)
    _, xd, _ = path.at(np.linspace(0, path.period, 50))
    assert np.hypot(*xd.T) == pytest.approx(0.38 * 2 * np.pi / 1.5, rel=1e-12) and abs(np.hypot(*xd[0]) - 1.6) < 0.02
    for shape in ("circle", "figure_eight"):
        r = np.hypot(*ToolPath(shape, tt.CENTRE).points(400).T)
        assert reach(ARM)[0] + 0.3 < r.min() and r.max() < reach(ARM)[1] - 0.25  # margin to both boundaries


@pytest.mark.parametrize("shape", ["circle", "figure_eight"])
def test_joint_reference_rates_are_finite_differences_of_the_inverse_kinematics(shape):
    path, h = ToolPath(shape, tt.CENTRE, 0.38, 1.5), 1e-5
    t = np.linspace(0, 1.5, 23)
    ref = joint_reference(ARM, *path.at(t))
    q_plus, q_minus = (inverse_kinematics(ARM, path.at(t + s)[0]) for s in (h, -h))
    np.testing.assert_allclose((q_plus - q_minus) / (2 * h), ref.qd, atol=1e-7)
    qd_plus, qd_minus = (joint_reference(ARM, *path.at(t + s)).qd for s in (h, -h))
    np.testing.assert_allclose((qd_plus - qd_minus) / (2 * h), ref.qdd, atol=1e-5)


def test_jacobian_and_jdot_qdot_used_by_the_reference_match_finite_differences():
    h = 1e-6
    for q, qd in zip(RNG.uniform(-2, 2, (10, 2)), RNG.normal(0, 2, (10, 2))):
        J = ARM.jacobian(q)
        num = np.stack([(ARM.tip(q + h * e) - ARM.tip(q - h * e)) / (2 * h) for e in np.eye(2)], -1)
        np.testing.assert_allclose(J, num, atol=1e-8)
        jdot_qd = ARM.jacobian_derivative(q, qd) @ qd  # d/dt (J q̇) at constant q̇
        num = (ARM.jacobian(q + h * qd) - ARM.jacobian(q - h * qd)) @ qd / (2 * h)
        np.testing.assert_allclose(jdot_qd, num, atol=1e-7)


# -- task-space computed torque --------------------------------------------------------------------------
def tool_acceleration(arm, q, qd, tau):
    qdd = arm.forward_dynamics(q, qd, tau)
    return arm.jacobian(q) @ qdd + arm.jacobian_derivative(q, qd) @ qd


def test_task_space_computed_torque_with_a_perfect_model_makes_the_tool_error_obey_e_dd_plus_kd_ed_plus_kp_e_zero():
    kp, kd = 64.0, 16.0
    for q, qd in zip(RNG.uniform([-1, 0.4], [1.5, 2.6], (8, 2)), RNG.normal(0, 1.5, (8, 2))):
        x_des, xd_des, xdd_des = RNG.normal(0, 0.2, 2) + ARM.tip(q), RNG.normal(0, 1, 2), RNG.normal(0, 3, 2)
        tau = task_space_computed_torque(ARM, q, qd, x_des, xd_des, xdd_des, kp, kd)
        x, xd = tool_state(ARM, q, qd)
        e, ed, edd = x_des - x, xd_des - xd, xdd_des - tool_acceleration(ARM, q, qd, tau)
        np.testing.assert_allclose(edd + kd * ed + kp * e, 0.0, atol=1e-9)


def test_task_space_computed_torque_with_a_wrong_model_leaves_a_residual():
    q, qd, kp, kd = np.array([0.5, 1.1]), np.array([0.7, -0.4]), 64.0, 16.0
    x_des = ARM.tip(q) + 0.05
    tau = task_space_computed_torque(ARM.with_mass_error(0.2), q, qd, x_des, [0.0, 0.0], [0.0, 0.0], kp, kd)
    x, xd = tool_state(ARM, q, qd)
    residual = -tool_acceleration(ARM, q, qd, tau) - kd * xd + kp * (x_des - x)
    assert np.linalg.norm(residual) > 0.5  # m/s²: the 20 % heavier model over-pushes


def test_task_space_law_is_joint_computed_torque_with_the_commanded_acceleration_mapped_by_j_inverse():
    """Jᵀ (Λ a + μ + p) = M J⁻¹ (a − J̇ q̇) + C q̇ + g for a square, invertible J (Λ = J⁻ᵀ M J⁻¹)."""
    q, qd, a = np.array([0.3, 1.4]), np.array([-0.6, 1.1]), np.array([2.0, -1.0])
    Lam, mu, p = operational_space(ARM, q, qd)
    lhs = ARM.jacobian(q).T @ (Lam @ a + mu + p)
    v = np.linalg.solve(ARM.jacobian(q), a - ARM.jacobian_derivative(q, qd) @ qd)
    np.testing.assert_allclose(lhs, ARM.inverse_dynamics(q, qd, v), atol=1e-10)


# -- the experiment ----------------------------------------------------------------------------------------------
def test_fast_torques_equal_the_library_control_laws_for_every_controller():
    exp = tt.Tracking(controllers=tt.CONTROLLERS, delta=0.13, b=0.3, omega_n=9.0)
    for t in (0.0, 0.237, 1.1):
        q = np.tile(exp.reference(t)[0].q, 4) + RNG.normal(0, 0.2, 8)
        qd = RNG.normal(0, 1.5, 8)
        slow = np.concatenate([exp.torque(n, t, q[2 * i:2 * i + 2], qd[2 * i:2 * i + 2])
                               for i, n in enumerate(exp.controllers)])
        np.testing.assert_allclose(exp.torques(t, q, qd), slow, atol=1e-10)
    i = 0
    ref, _ = exp.reference(0.237)
    np.testing.assert_allclose(exp.torque("pd", 0.237, q[:2], qd[:2], ref, None),
                               control.pd(q[:2], qd[:2], ref.q, ref.qd, exp.kp_pd, exp.kd_pd), atol=0)
    assert i == 0


def test_pd_gains_are_the_average_inertia_along_the_reference_times_omega_n_squared_and_two_omega_n():
    exp = tt.Tracking(omega_n=8.0, delta=-0.2)
    Mbar = np.mean(tt.believed_arm(-0.2).mass_matrix(exp.ref.q), axis=0)
    np.testing.assert_allclose(exp.kp_pd, 64.0 * Mbar, rtol=1e-12)
    np.testing.assert_allclose(exp.kd_pd, 16.0 * Mbar, rtol=1e-12)
    assert exp.ref.q.shape == (1500, 2)  # one period, one row per control sample


def test_arm_team_copies_move_exactly_as_each_arm_alone():
    arm = TwoLinkArm(b=0.2)
    team = ArmTeam(arm, 2)
    q0, qd0 = np.array([0.2, 1.0, -0.5, 2.0]), np.array([0.3, -0.1, 1.0, 0.0])
    tau = np.array([3.0, -1.0, 20.0, 2.0])
    together = simulate(team, q0, qd0, 0.5, 1e-3, torque=tau)
    for i in range(2):
        alone = simulate(arm, q0[2 * i:2 * i + 2], qd0[2 * i:2 * i + 2], 0.5, 1e-3, torque=tau[2 * i:2 * i + 2])
        np.testing.assert_allclose(together.q[:, 2 * i:2 * i + 2], alone.q, atol=1e-13)
    np.testing.assert_allclose(team.forward_dynamics(np.stack([q0, q0]), np.stack([qd0, qd0]), np.stack([tau, tau]))[0],
                               team.forward_dynamics(q0, qd0, tau), atol=1e-12)
    M = team.mass_matrix(q0)
    assert np.all(M[:2, 2:] == 0) and np.allclose(M[2:, 2:], arm.mass_matrix(q0[2:]))
    with pytest.raises(ValueError, match="count must be"):
        ArmTeam(arm, 0)


@functools.lru_cache(maxsize=None)
def run(**setting):
    return tt.simulate_tracking(3.0, **setting)


def test_exact_model_computed_torque_under_a_millimetre_while_plain_pd_misses_by_centimetres():
    r = run()
    assert r.rms["computed_torque"] < 1e-3 and r.rms["pd"] > 0.05
    assert r.rms["pd"] > 2 * 0.05  # the default ωₙ leaves margin; at ωₙ = 20 PD sits near the threshold
    assert run(omega_n=20.0).rms["pd"] == pytest.approx(0.05, abs=0.015)


@pytest.mark.parametrize("delta", [-0.05, 0.05])
def test_soft_gains_with_a_nearly_right_model_pd_misses_by_30_cm_computed_torque_within_3_cm(delta):
    r = run(delta=delta, b=0.2, omega_n=6.5)  # the worst corner of |δ| ≤ 5 %, b ≤ 0.2
    assert r.rms["pd"] > 0.30 and r.rms["computed_torque"] <= 0.03


def test_a_too_light_model_hurts_computed_torque_about_twice_as_much_as_a_too_heavy_one():
    light, heavy = run(delta=-0.3), run(delta=0.3)
    assert 1.5 < light.rms["computed_torque"] / heavy.rms["computed_torque"] < 2.5
    for r in (light, heavy):  # and computed torque still beats PD + gravity (by 1.1–2.5×)
        assert 1.1 < r.rms["pd_gravity"] / r.rms["computed_torque"] < 2.5


def test_perfect_model_computed_torque_error_decays_as_the_critically_damped_response():
    """Joint error of CT with an exact model, 1 kHz ZOH: e(t) ≈ e₀ (1 + ωₙ t) e^{−ωₙ t} (ė₀ = 0)."""
    r = tt.simulate_tracking(1.5, controllers=("computed_torque",), omega_n=10.0)
    exp = tt.Tracking(controllers=("computed_torque",))
    ref = np.array([exp.reference(t)[0].q for t in r.t[:1500]])
    e = ref - r.q[:1500]
    w, t = 10.0, r.t[:1500, None]
    analytic = -np.asarray(tt.Q0_ERROR) * (1 + w * t) * np.exp(-w * t)  # e = q_d − q starts at −Q0_ERROR
    assert np.max(np.abs(e - analytic)) < 2e-3  # first order in the 1 ms hold
    assert np.max(np.abs(e - analytic)) > 1e-6  # the hold is visible: this is not a tautology


def test_tracking_refuses_bad_settings_naming_them():
    with pytest.raises(ValueError, match="omega_n"):
        tt.Tracking(omega_n=0.0)
    with pytest.raises(ValueError, match="delta must be > -1"):
        tt.Tracking(delta=-1.0)
    with pytest.raises(ValueError, match="controllers must be"):
        tt.Tracking(controllers=("lqr",))
    with pytest.raises(ValueError, match="period"):
        tt.Tracking(period=-1.5)


@pytest.mark.parametrize("arm", [TwoLinkArm(), TwoLinkArm(payload=0.7, b=(0.3, 0.1), m1=2.4)])
def test_float_fast_paths_of_the_2r_arm_equal_its_matrix_dynamics(arm):
    """fast_2r's forward dynamics / inverse (base-parameter form) = M⁻¹(τ − Cq̇ − g − bq̇) / Mq̈ + Cq̇ + g + bq̇."""
    k, dynamics = fast_2r.constants(arm), fast_2r.float_dynamics(arm)
    for q, qd, u in zip(RNG.uniform(-3, 3, (20, 2)), RNG.normal(0, 3, (20, 2)), RNG.normal(0, 20, (20, 2))):
        np.testing.assert_allclose(dynamics(*q, *qd, *u)[:2],
                                   np.linalg.solve(arm.mass_matrix(q), u - arm.bias(q, qd) - arm.b * qd),
                                   rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(fast_2r.inverse(k, *q, *qd, *u), arm.inverse_dynamics(q, qd, u),
                                   rtol=1e-12, atol=1e-12)


def test_per_sample_tool_errors_are_the_distance_from_the_reference_point_to_each_tool():
    exp = tt.Tracking(controllers=tt.CONTROLLERS, shape="figure_eight")
    q = np.tile(exp.reference(0.4)[0].q, 4) + RNG.normal(0, 0.3, 8)
    tau, errors = exp.torques_and_errors(0.4, q, np.zeros(8))
    tips = ARM.tip(q.reshape(4, 2))
    np.testing.assert_allclose(errors, np.linalg.norm(tips - exp.path.at(0.4)[0], axis=1), atol=1e-14)
    np.testing.assert_allclose(errors, exp.tool_errors(0.4, q), atol=1e-14)
    np.testing.assert_allclose(tau, exp.torques(0.4, q, np.zeros(8)), atol=0)
