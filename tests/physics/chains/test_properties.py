"""Physical properties of course_lib.physics.chains, the 2R special case, motors, friction, regressor.

References: the closed forms of TwoLinkArm, lesson 11's two-link arm with
motors written out by hand, the identity M q̈ + h = τ, and the energy balance
dE/dt = q̇ᵀτ − q̇ᵀτ_f integrated along a simulated motion.
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib import TwoLinkArm
from course_lib.physics import chains

ARMS = {
    "seed_arm": TwoLinkArm(),
    "payload_off_centre": TwoLinkArm(l1=0.9, l2=0.65, m1=2.7, m2=1.1, payload=0.8, lc1=0.3,
                                     lc2=0.45, I1=0.21, I2=0.037, g=9.78),
}


def with_rotors(chain: chains.Chain, rng: np.random.Generator) -> chains.Chain:
    """The chain with a geared rotor on every joint (gear ratios up to 100, I_m up to 1e-3)."""
    n = chain.n
    return chain.replace(gear=rng.uniform(-100.0, 100.0, n), rotor_inertia=rng.uniform(1e-5, 1e-3, n),
                         rotor_mass=rng.uniform(0.1, 1.0, n),
                         rotor_inertia_transverse=rng.uniform(0.0, 5e-4, n))


@pytest.fixture(scope="module")
def motor_chains() -> list[chains.Chain]:
    """Four serial chains, then two trees (a fork at the base, a fork on link 1 and a branch on link 3)."""
    rng = np.random.default_rng(11)
    serial = [with_rotors(chains.random_chain(n, rng), rng) for n in (1, 2, 4, 7)]
    return serial + [with_rotors(chains.random_chain(len(parents), rng, parents=parents), rng)
                     for parents in ((0, 0, 2), (0, 1, 1, 3, 3, 2))]


# -- the mass matrix and forward dynamics ------------------------------------------
def test_mass_matrix_is_symmetric_positive_definite(motor_chains):
    rng = np.random.default_rng(1)
    for chain in motor_chains + [chains.panda_like(), chains.random_chain(30, rng)]:
        for _ in range(3):
            q = rng.uniform(-np.pi, np.pi, chain.n)
            M = chains.mass_matrix(chain, q)
            np.testing.assert_allclose(M, M.T, atol=1e-12 * np.abs(M).max())
            np.linalg.cholesky(M)  # raises unless positive definite


def test_aba_equals_m_inverse_times_tau_minus_c_minus_g():
    rng = np.random.default_rng(2)
    for n in (1, 3, 7, 12):
        chain = chains.random_chain(n, rng)
        q, qd, tau = rng.uniform(-3, 3, n), rng.normal(0, 2, n), rng.normal(0, 10, n)
        expected = np.linalg.solve(chains.crba(chain, q), tau - chains.coriolis_torque(chain, q, qd)
                                   - chains.gravity_torque(chain, q))
        np.testing.assert_allclose(chains.aba(chain, q, qd, tau), expected, rtol=1e-10, atol=1e-10)


def test_crba_with_rotors_equals_m_by_id_columns(motor_chains):
    rng = np.random.default_rng(13)
    for chain in motor_chains:
        q = rng.uniform(-3, 3, chain.n)
        expected = chains.mass_matrix_by_columns(chain, q)
        np.testing.assert_allclose(chains.crba(chain, q), expected, rtol=1e-12,
                                   atol=1e-12 * np.abs(expected).max())


def test_forward_dynamics_with_rotors_inverts_rnea(motor_chains):
    rng = np.random.default_rng(3)
    for chain in motor_chains:
        q, qd, tau = rng.uniform(-3, 3, chain.n), rng.normal(0, 2, chain.n), rng.normal(0, 10, chain.n)
        qdd = chains.forward_dynamics(chain, q, qd, tau)
        np.testing.assert_allclose(chains.rnea(chain, q, qd, qdd), tau, rtol=1e-10, atol=1e-9)


def test_kinetic_energy_from_link_velocities_is_half_qd_m_qd(motor_chains):
    rng = np.random.default_rng(4)
    for chain in motor_chains:
        q, qd = rng.uniform(-3, 3, chain.n), rng.normal(0, 2, chain.n)
        T = chains.kinetic_energy(chain, q, qd)
        assert T == pytest.approx(0.5 * qd @ chains.mass_matrix(chain, q) @ qd, rel=1e-12)


def lagrange_velocity_torques(chain: chains.Chain, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
    """c = Ṁ q̇ − ½ ∂(q̇ᵀ M q̇)/∂q, with ∂M/∂q_k by central differences of M(q)."""
    n, h = chain.n, 1e-5
    dM = np.array([(chains.mass_matrix(chain, q + h * e) - chains.mass_matrix(chain, q - h * e)) / (2 * h)
                   for e in np.eye(n)])  # dM[k] = ∂M/∂q_k
    M_dot = np.einsum("kij,k->ij", dM, qd)
    return M_dot @ qd - 0.5 * np.einsum("kij,i,j->k", dM, qd, qd)


def test_velocity_terms_with_rotors_are_lagranges_for_the_rotor_augmented_m(motor_chains):
    """Seed 004 derives C from B(q) (links and rotors) by Lagrange; RNEA must give the same c,
    including the gyroscopic torques of rotors spinning on links that turn about other axes."""
    rng = np.random.default_rng(10)
    for chain in motor_chains[1:]:
        q, qd = rng.uniform(-3, 3, chain.n), rng.normal(0, 2, chain.n)
        expected = lagrange_velocity_torques(chain, q, qd)
        np.testing.assert_allclose(chains.coriolis_torque(chain, q, qd), expected,
                                   rtol=1e-6, atol=1e-6 * max(1.0, np.abs(expected).max()))


def test_half_angle_cos_and_sin_of_the_batch_equal_numpys_to_rounding():
    """rnea_batch takes cos q, sin q from tan(q/2): equal to cos, sin, also at ±π and far out."""
    from course_lib.physics.chains.batch import cos_sin

    q = np.concatenate([np.random.default_rng(13).uniform(-40.0, 40.0, 20_000),
                        [0.0, np.pi, -np.pi, np.pi / 2, 3 * np.pi, 1e-300, 1e5]])
    c, s = cos_sin(q)
    np.testing.assert_allclose(c, np.cos(q), rtol=0, atol=1e-15)
    np.testing.assert_allclose(s, np.sin(q), rtol=0, atol=1e-15)


def test_batched_rnea_equals_rnea_state_by_state():
    rng = np.random.default_rng(12)
    for chain in (chains.panda_like(), chains.random_chain(9, rng), chains.random_chain(1, rng),
                  chains.random_tree(9, rng)):
        Q, QD, QDD = (rng.normal(0, 2, (25, chain.n)) for _ in range(3))
        expected = np.array([chains.rnea(chain, *state) for state in zip(Q, QD, QDD)])
        np.testing.assert_allclose(chains.rnea_batch(chain, Q, QD, QDD), expected,
                                   rtol=1e-12, atol=1e-12 * np.abs(expected).max())


# -- the 2R arm as a special case --------------------------------------------------
@pytest.mark.parametrize("name", list(ARMS))
def test_two_link_chain_agrees_with_the_closed_forms(name):
    arm = ARMS[name]
    chain = chains.from_two_link(arm)
    rng = np.random.default_rng(5)
    for _ in range(10):
        q, qd, tau = rng.uniform(-np.pi, np.pi, 2), rng.normal(0, 3, 2), rng.normal(0, 20, 2)
        np.testing.assert_allclose(chains.crba(chain, q), arm.mass_matrix(q), rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(chains.gravity_torque(chain, q), arm.gravity(q), atol=1e-11)
        np.testing.assert_allclose(chains.coriolis_torque(chain, q, qd),
                                   arm.coriolis_matrix(q, qd) @ qd, atol=1e-11)
        np.testing.assert_allclose(chains.aba(chain, q, qd, tau), arm.forward_dynamics(q, qd, tau),
                                   rtol=1e-10, atol=1e-10)


# -- motors, as lesson 11 models them -------------------------------------------------
def seed_two_link_with_motors(p, kr, Im, mm2, q, qd):
    """Seed 004's B(q), c and g of the two-link arm with motors, written out by hand.

    Seed notation: ℓ = l_c, a = l; rotor 2 (mass m_m2) sits at the elbow, carried by link 1.
    """
    c2, s2 = np.cos(q[1]), np.sin(q[1])
    b11 = (p.I1 + p.m1 * p.lc1**2 + kr[0] ** 2 * Im[0] + p.I2
           + p.m2 * (p.l1**2 + p.lc2**2 + 2 * p.l1 * p.lc2 * c2) + Im[1] + mm2 * p.l1**2)
    b12 = p.I2 + p.m2 * (p.lc2**2 + p.l1 * p.lc2 * c2) + kr[1] * Im[1]
    b22 = p.I2 + p.m2 * p.lc2**2 + kr[1] ** 2 * Im[1]
    h = -p.m2 * p.l1 * p.lc2 * s2  # lesson 11's h (the opposite sign to TwoLinkArm's)
    c = np.array([2 * h * qd[0] * qd[1] + h * qd[1] ** 2, -h * qd[0] ** 2])
    c12 = np.cos(q[0] + q[1])
    g = np.array([(p.m1 * p.lc1 + mm2 * p.l1 + p.m2 * p.l1) * p.g * np.cos(q[0])
                  + p.m2 * p.lc2 * p.g * c12, p.m2 * p.lc2 * p.g * c12])
    return np.array([[b11, b12], [b12, b22]]), c, g


@pytest.mark.parametrize("name", list(ARMS))
def test_two_link_arm_with_motors_matches_seed_004(name):
    """k_r² I_m on the diagonal, k_r2 I_m2 off it, I_m2 + m_m2 a₁² in b₁₁, m_m2 in gravity."""
    arm = ARMS[name]
    kr, Im, mm = np.array([100.0, 50.0]), np.array([2e-4, 1e-4]), np.array([0.4, 0.3])
    chain = chains.from_two_link(arm, gear=kr, rotor_inertia=Im, rotor_mass=mm)
    rng = np.random.default_rng(6)
    for _ in range(10):
        q, qd = rng.uniform(-np.pi, np.pi, 2), rng.normal(0, 3, 2)
        B, c, g = seed_two_link_with_motors(arm.params, kr, Im, mm[1], q, qd)
        np.testing.assert_allclose(chains.mass_matrix(chain, q), B, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(chains.coriolis_torque(chain, q, qd), c, atol=1e-11)
        np.testing.assert_allclose(chains.gravity_torque(chain, q), g, atol=1e-11)


# -- friction -------------------------------------------------------------------------
def test_a_joint_at_rest_breaks_away_exactly_when_the_torque_exceeds_fs():
    """2R arm, gravity off, Coulomb F_s on both joints, constant τ₁: breakaway at τ₁ = F_s1."""
    chain = chains.from_two_link(TwoLinkArm(g=0.0))
    q, rest, Fs = np.array([0.3, 0.9]), np.zeros(2), np.array([2.0, 1.5])
    held = chains.forward_dynamics(chain, q, rest, [0.999 * Fs[0], 0.0], Fs=Fs)
    moving = chains.forward_dynamics(chain, q, rest, [1.001 * Fs[0], 0.0], Fs=Fs)
    np.testing.assert_array_equal(held, 0.0)
    assert moving[0] > 0


def test_stuck_joints_hold_against_gravity_within_fs():
    arm = TwoLinkArm()
    chain, q = chains.from_two_link(arm), np.array([0.2, 0.4])
    g = arm.gravity(q)
    assert np.all(chains.forward_dynamics(chain, q, np.zeros(2), np.zeros(2), Fs=1.01 * np.abs(g)) == 0)
    assert np.any(chains.forward_dynamics(chain, q, np.zeros(2), np.zeros(2), Fs=0.9 * np.abs(g)) != 0)


def test_smoothed_sign_gives_no_friction_at_rest_so_the_arm_creeps():
    """The pitfall: tanh(q̇/ε) is 0 at rest, so the friction that should hold the arm is gone."""
    assert chains.smooth_sign(0.0, eps=1e-3) == 0.0
    arm = TwoLinkArm()
    chain, q = chains.from_two_link(arm), np.array([0.2, 0.4])
    Fs = 2.0 * np.abs(arm.gravity(q))
    smoothed = np.linalg.solve(arm.mass_matrix(q), -arm.gravity(q) - Fs * chains.smooth_sign(0.0, 1e-3))
    assert np.all(np.abs(smoothed) > 1.0)  # rad/s²: it falls
    np.testing.assert_array_equal(chains.forward_dynamics(chain, q, np.zeros(2), np.zeros(2), Fs=Fs), 0.0)


def test_energy_balance_along_a_simulated_motion(motor_chains):
    """E(t) − E(0) = ∫ q̇ᵀτ dt − ∫ q̇ᵀτ_f dt, rotors, viscous and Coulomb friction on."""
    chain = motor_chains[1]  # a prismatic and a revolute joint, a geared rotor on each
    rng = np.random.default_rng(8)
    amplitude, freq = rng.normal(0, 3, chain.n), rng.uniform(1, 3, chain.n)
    qd0 = np.full(chain.n, 3.0) * np.sign(rng.normal(size=chain.n))
    traj = chains.simulate(chain, rng.uniform(-1, 1, chain.n), qd0,
                           lambda t: amplitude * np.sin(freq * t), duration=0.1, dt=1e-3,
                           Fv=0.05, Fs=0.02)
    assert np.all(np.sign(traj.qd) == np.sign(qd0)), "precondition: no joint stops in this motion"
    assert traj.work_friction[-1] > 0.01
    ledger = traj.energy - traj.energy[0] - (traj.work_in - traj.work_friction)
    scale = max(1.0, float(np.abs(traj.energy).max()))
    assert np.max(np.abs(ledger)) < 1e-8 * scale


# -- linearity in the parameters ---------------------------------------------------------
def test_eleven_parameter_regressor_reproduces_rnea(motor_chains):
    rng = np.random.default_rng(9)
    for chain in motor_chains + [chains.panda_like()]:
        pi = chains.link_parameters(chain)
        assert pi.shape == (chain.n, 11)
        for _ in range(3):
            q, qd, qdd = rng.uniform(-3, 3, chain.n), rng.normal(0, 2, chain.n), rng.normal(0, 5, chain.n)
            tau = chains.rnea(chain, q, qd, qdd)
            Y = chains.regressor(chain, q, qd, qdd)
            np.testing.assert_allclose(Y @ pi.ravel(), tau, rtol=1e-10, atol=1e-10 * np.abs(tau).max())


# -- bad input ------------------------------------------------------------------------------
def test_bad_input_gets_a_clear_value_error():
    chain = chains.panda_like()
    with pytest.raises(ValueError, match="q must be 7 finite numbers"):
        chains.rnea(chain, np.zeros(6), np.zeros(7), np.zeros(7))
    with pytest.raises(ValueError, match="link must be an integer from 1 to 7"):
        chains.jacobian_transpose_force(chain, np.zeros(7), 0, np.zeros(6))
    with pytest.raises(ValueError, match="joint kinds must be"):
        chain.replace(kinds=("R",) * 6 + ("S",))
    with pytest.raises(ValueError, match="masses must be >= 0"):
        chain.replace(masses=-np.ones(7))
    with pytest.raises(ValueError, match="Fs must be finite and >= 0"):
        chains.friction_torque(np.ones(2), Fs=-1.0)
    with pytest.raises(ValueError, match="motor rotors"):
        chains.aba(chain.replace(rotor_inertia=1e-4, gear=10.0), np.zeros(7), np.zeros(7), np.zeros(7))


def test_saved_scaling_figures_cover_every_algorithm_at_every_n():
    from course_lib.physics.chains.scaling import load_scaling, log_log_slope

    data = load_scaling()
    assert data["n"][0] == 2 and data["n"][-1] == 300
    assert {"rnea", "crba+cholesky", "aba"} <= set(data["us"])
    for algorithm, times in data["us"].items():
        assert len(times) == len(data["n"]) and all(t > 0 for t in times), algorithm
    with pytest.raises(ValueError, match="positive"):
        log_log_slope([1, 2], [0.0, 1.0])
