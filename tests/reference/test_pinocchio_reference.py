"""The course's closed forms agree with Pinocchio, a general rigid-body dynamics library.

Pinocchio rebuilds each system from joints and bodies only
(:mod:`tests.reference.pinocchio_arm`) and computes the dynamics with
spatial-vector algorithms (CRBA, RNEA, ABA) that share no formula with ours.
Agreement to 1e-10 at random states, for arms that differ in every parameter,
checks every term of the manipulator equation and the kinematics.

Our quantities are evaluated on a whole batch of states at once (the
vectorised path the labs use); Pinocchio's one state at a time.
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib import Pendulum, TwoLinkArm
from course_lib.physics.simulate.integrators import simulate

pytest.importorskip(
    "pinocchio", reason="Pinocchio (the `pin` package of the test extra) is not installed"
)

from tests.reference import (
    arm_model,
    pendulum_model,
    rk4_trajectory,  # noqa: E402
)

RTOL = 1e-10
N_STATES = 40

#: the course's arm, and one with a payload, off-centre links, own inertias and gravity
ARMS = {
    "seed_arm": TwoLinkArm(),
    "payload_off_centre": TwoLinkArm(
        l1=0.9, l2=0.65, m1=2.7, m2=1.1, payload=0.8, lc1=0.3, lc2=0.45, I1=0.21, I2=0.037, g=9.78
    ),
}
PENDULUMS = {
    "unit_pendulum": Pendulum(),
    "long_light_pendulum_on_the_moon": Pendulum(m=0.4, l=1.7, g=1.62),
}


def assert_matches(ours: np.ndarray, reference: np.ndarray) -> None:
    """Equal to 1e-10 relative to the largest entry of the reference (entries may be 0)."""
    reference = np.asarray(reference, dtype=float)
    scale = max(1.0, float(np.max(np.abs(reference))))
    np.testing.assert_allclose(ours, reference, rtol=RTOL, atol=RTOL * scale)


def random_states(rng: np.random.Generator, n_dof: int) -> dict[str, np.ndarray]:
    """Angles anywhere on the circle, rates and torques of lab size."""
    shape = (N_STATES, n_dof)
    return {
        "q": rng.uniform(-np.pi, np.pi, shape),
        "qd": rng.normal(0.0, 3.0, shape),
        "qdd": rng.normal(0.0, 10.0, shape),
        "tau": rng.normal(0.0, 20.0, shape),
    }


def per_state(fn, *arrays: np.ndarray) -> np.ndarray:
    """Pinocchio's answer for each state of a batch, stacked."""
    return np.array([fn(*row) for row in zip(*arrays)])


@pytest.fixture(params=list(ARMS), ids=list(ARMS))
def arm(request) -> TwoLinkArm:
    return ARMS[request.param]


@pytest.fixture(params=list(PENDULUMS), ids=list(PENDULUMS))
def pendulum(request) -> Pendulum:
    return PENDULUMS[request.param]


@pytest.fixture
def states2(rng) -> dict[str, np.ndarray]:
    return random_states(rng, 2)


@pytest.fixture
def states1(rng) -> dict[str, np.ndarray]:
    return random_states(rng, 1)


# -- the 2R arm: the four terms of the manipulator equation -------------------
def test_arm_mass_matrix_is_the_composite_rigid_body_inertia(arm, states2):
    """M(q) equals Pinocchio's CRBA: the payload and each inertia sit where they should."""
    ref = arm_model(arm)
    assert_matches(arm.mass_matrix(states2["q"]), per_state(ref.mass_matrix, states2["q"]))


def test_arm_christoffel_coriolis_matrix_equals_pinocchio_coriolis_matrix(arm, states2):
    """Christoffel C(q, q̇) equals Pinocchio's: with two joints, Ṁ = C + Cᵀ and C q̇ fix C."""
    ref = arm_model(arm)
    q, qd = states2["q"], states2["qd"]
    assert_matches(arm.coriolis_matrix(q, qd), per_state(ref.coriolis_matrix, q, qd))


def test_arm_alternative_coriolis_matrix_differs_from_pinocchio_but_gives_same_torques(arm, states2):
    """The non-skew C_b is not Pinocchio's matrix, yet C_b q̇ is the same Coriolis torque."""
    ref = arm_model(arm)
    q, qd = states2["q"], states2["qd"]
    C_ref = per_state(ref.coriolis_matrix, q, qd)
    C_alt = arm.coriolis_matrix(q, qd, form="alternative")
    assert np.all(np.abs(C_alt - C_ref).max(axis=(1, 2)) > 1e-6)
    assert_matches(np.einsum("nij,nj->ni", C_alt, qd), np.einsum("nij,nj->ni", C_ref, qd))


def test_arm_gravity_torques_equal_generalized_gravity(arm, states2):
    """g(q) equals Pinocchio's generalized gravity with gravity along −y."""
    ref = arm_model(arm)
    assert_matches(arm.gravity(states2["q"]), per_state(ref.gravity, states2["q"]))


def test_arm_bias_torques_equal_nonlinear_effects(arm, states2):
    """C(q, q̇) q̇ + g(q) equals Pinocchio's nonLinearEffects."""
    ref = arm_model(arm)
    q, qd = states2["q"], states2["qd"]
    assert_matches(arm.bias(q, qd), per_state(ref.bias, q, qd))


# -- the 2R arm: inverse and forward dynamics ---------------------------------
def test_arm_inverse_dynamics_equals_recursive_newton_euler(arm, states2):
    """Without friction, τ = M q̈ + C q̇ + g equals Pinocchio's RNEA."""
    ref = arm_model(arm)
    q, qd, qdd = states2["q"], states2["qd"], states2["qdd"]
    assert_matches(arm.inverse_dynamics(q, qd, qdd), per_state(ref.rnea, q, qd, qdd))


def test_arm_forward_dynamics_equals_articulated_body_algorithm(arm, states2):
    """Without friction, q̈ = M⁻¹(τ − C q̇ − g) equals Pinocchio's ABA."""
    ref = arm_model(arm)
    q, qd, tau = states2["q"], states2["qd"], states2["tau"]
    assert_matches(arm.forward_dynamics(q, qd, tau), per_state(ref.aba, q, qd, tau))


def test_arm_viscous_friction_adds_b_qdot_to_the_rigid_body_torques(arm, states2):
    """With friction b, τ = RNEA + b q̇ and q̈ = ABA(τ − b q̇): friction is a joint torque."""
    rubbing = arm.replace(b=(0.35, 0.12))
    ref = arm_model(rubbing)
    q, qd, qdd, tau = states2["q"], states2["qd"], states2["qdd"], states2["tau"]
    friction = np.array([0.35, 0.12]) * qd
    assert_matches(rubbing.inverse_dynamics(q, qd, qdd), per_state(ref.rnea, q, qd, qdd) + friction)
    assert_matches(rubbing.forward_dynamics(q, qd, tau), per_state(ref.aba, q, qd, tau - friction))


# -- the 2R arm: energy -------------------------------------------------------
def test_arm_kinetic_energy_equals_pinocchio_kinetic_energy(arm, states2):
    """T = ½ q̇ᵀ M q̇ equals the kinetic energy Pinocchio sums over the bodies."""
    ref = arm_model(arm)
    q, qd = states2["q"], states2["qd"]
    assert_matches(arm.kinetic_energy(q, qd), per_state(ref.kinetic_energy, q, qd))


def test_arm_potential_energy_changes_equal_pinocchio_potential_energy_changes(arm, states2):
    """V(q) − V(q₀) equals Pinocchio's: the potentials agree up to the choice of zero."""
    ref = arm_model(arm)
    q = states2["q"]
    ours = arm.potential_energy(q)
    theirs = per_state(ref.potential_energy, q)
    assert_matches(ours - ours[0], theirs - theirs[0])


def test_arm_total_mass_includes_the_payload(arm):
    """The reference model carries m₁ + m₂ + payload: nothing is lost merging the payload."""
    assert arm_model(arm).total_mass() == pytest.approx(arm.m1 + arm.m2 + arm.payload, rel=RTOL)


# -- the 2R arm: kinematics ---------------------------------------------------
def test_arm_tip_position_equals_tip_frame_placement(arm, states2):
    """Our tip (x, y) equals the translation of Pinocchio's "tip" frame."""
    ref = arm_model(arm)
    q = states2["q"]
    assert_matches(arm.tip(q), per_state(ref.frame_position, q))


def test_arm_tip_jacobian_equals_frame_jacobian(arm, states2):
    """J(q) = ∂tip/∂q equals the linear rows of Pinocchio's frame Jacobian in world axes."""
    ref = arm_model(arm)
    q = states2["q"]
    assert_matches(arm.jacobian(q), per_state(ref.frame_jacobian, q))


# -- the pendulum -------------------------------------------------------------
def test_pendulum_inertia_is_m_l_squared_as_in_crba(pendulum, states1):
    """M = m l² at every angle, as Pinocchio's CRBA finds for a point mass on a rod."""
    ref = pendulum_model(pendulum)
    assert_matches(pendulum.mass_matrix(states1["q"]), per_state(ref.mass_matrix, states1["q"]))


def test_pendulum_has_no_coriolis_matrix(pendulum, states1):
    """C = 0 for one joint of constant inertia, and Pinocchio agrees."""
    ref = pendulum_model(pendulum)
    q, qd = states1["q"], states1["qd"]
    assert_matches(pendulum.coriolis_matrix(q, qd), per_state(ref.coriolis_matrix, q, qd))


def test_pendulum_gravity_torque_equals_generalized_gravity(pendulum, states1):
    """g(θ) = m g l sin θ with θ from straight down, as Pinocchio computes it."""
    ref = pendulum_model(pendulum)
    assert_matches(pendulum.gravity(states1["q"]), per_state(ref.gravity, states1["q"]))


def test_pendulum_inverse_dynamics_equals_recursive_newton_euler(pendulum, states1):
    """τ = m l² θ̈ + m g l sin θ equals Pinocchio's RNEA."""
    ref = pendulum_model(pendulum)
    q, qd, qdd = states1["q"], states1["qd"], states1["qdd"]
    assert_matches(pendulum.inverse_dynamics(q, qd, qdd), per_state(ref.rnea, q, qd, qdd))


def test_pendulum_angular_acceleration_equals_articulated_body_algorithm(pendulum, states1):
    """θ̈ from forward_dynamics and from the elementwise formula both equal Pinocchio's ABA."""
    ref = pendulum_model(pendulum)
    q, qd, tau = states1["q"], states1["qd"], states1["tau"]
    theirs = per_state(ref.aba, q, qd, tau)
    assert_matches(pendulum.forward_dynamics(q, qd, tau), theirs)
    assert_matches(pendulum.angular_acceleration(q[:, 0], qd[:, 0], tau[:, 0]), theirs[:, 0])


def test_pendulum_energy_changes_equal_pinocchio_energy_changes(pendulum, states1):
    """T agrees exactly; V differs only by its zero (ours: hanging, Pinocchio's: the pivot)."""
    ref = pendulum_model(pendulum)
    q, qd = states1["q"], states1["qd"]
    assert_matches(pendulum.kinetic_energy(q, qd), per_state(ref.kinetic_energy, q, qd))
    ours = pendulum.potential_energy(q)
    theirs = per_state(ref.potential_energy, q)
    assert_matches(ours - ours[0], theirs - theirs[0])


def test_pendulum_bob_position_equals_bob_frame_placement(pendulum, states1):
    """The bob hangs at (l sin θ, −l cos θ), where Pinocchio's "bob" frame is."""
    ref = pendulum_model(pendulum)
    q = states1["q"]
    assert_matches(pendulum.bob_position(q[:, 0]), per_state(ref.frame_position, q))


# -- the reference itself -----------------------------------------------------
def test_reference_points_gravity_along_minus_y():
    """The reference's gravity is (0, −g, 0), the course's convention, not Pinocchio's default −z."""
    arm = ARMS["payload_off_centre"]
    gravity = arm_model(arm).model.gravity.linear
    np.testing.assert_array_equal(gravity, [0.0, -arm.g, 0.0])


def test_missing_pinocchio_is_reported_with_how_to_install(monkeypatch):
    """Without pinocchio, building a reference raises an ImportError that names `pip install pin`."""
    import sys

    from tests.reference import PinocchioUnavailableError

    monkeypatch.setitem(sys.modules, "pinocchio", None)  # makes `import pinocchio` fail
    with pytest.raises(PinocchioUnavailableError, match="pip install pin"):
        arm_model(TwoLinkArm())


def test_simulate_reproduces_rk4_on_pinocchio_dynamics():
    """simulate's RK4 on our model follows the same RK4 fed by Pinocchio's ABA, step for step.

    Over 1 s of free swinging (10³ steps) the two trajectories stay within
    1e-10 rad: the integrator and the dynamics it integrates are both right,
    and the benchmark's Pinocchio loop (``rk4_trajectory``) integrates the same scheme.
    """
    arm = ARMS["payload_off_centre"]
    q0, qd0 = np.array([0.4, -0.3]), np.array([1.5, -2.0])
    ours = simulate(arm, q0, qd0, duration=1.0, dt=1e-3)
    Q, QD = rk4_trajectory(arm_model(arm), q0, qd0, np.zeros(2), duration=1.0, dt=1e-3)
    assert np.abs(ours.q - Q).max() < 1e-10
    assert np.abs(ours.qd - QD).max() < 1e-10
