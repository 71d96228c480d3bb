"""course_lib.physics.chains agrees with Pinocchio to 1e-10 on random chains and a Panda-like arm.

Pinocchio rebuilds every chain from its joints and bodies
(:func:`tests.reference.chain_model`) and runs its own C++ RNEA, CRBA
and ABA. The chains have 1 to 30 joints with random kinds (revolute and
prismatic), axes, placements, masses, centres of mass, inertias and gravity;
the 7-DoF arm has the Panda's published kinematics and identified inertias
(``course_lib.physics.chains.panda_like``; example-robot-data itself is a 131 MB
wheel, so the numbers are typed in from its URDF instead of installed).
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics import chains

pytest.importorskip("pinocchio", reason="Pinocchio (the `pin` package of the test extra) is not installed")

from tests.reference import chain_model, reference_case  # noqa: E402

RTOL = 1e-10
SIZES = (1, 2, 3, 5, 8, 13, 21, 30)
N_STATES = 3


def _case(chain: chains.Chain, rng: np.random.Generator) -> dict:
    return reference_case(chain, rng, chain_model, N_STATES)


@pytest.fixture(scope="module")
def cases() -> dict[str, dict]:
    """One Pinocchio model per chain, built once for the whole module."""
    rng = np.random.default_rng(20261201)
    out = {f"random_{n}_joints": _case(chains.random_chain(n, rng), rng) for n in SIZES}
    out["panda_like"] = _case(chains.panda_like(), rng)
    return out


CASE_IDS = [f"random_{n}_joints" for n in SIZES] + ["panda_like"]


@pytest.fixture(params=CASE_IDS)
def case(request, cases) -> dict:
    return cases[request.param]


def assert_matches(ours: np.ndarray, reference: np.ndarray) -> None:
    """Equal to 1e-10 relative to the largest entry of the reference (at least 1)."""
    scale = max(1.0, float(np.max(np.abs(reference))))
    np.testing.assert_allclose(ours, reference, rtol=RTOL, atol=RTOL * scale)


def test_random_chains_mix_revolute_and_prismatic_joints(cases):
    kinds = "".join("".join(c["chain"].kinds) for c in cases.values())
    assert "R" in kinds and "P" in kinds


def test_rnea_gives_pinocchios_inverse_dynamics(case):
    for s in case["states"]:
        assert_matches(chains.rnea(case["chain"], s["q"], s["qd"], s["qdd"]),
                       case["ref"].rnea(s["q"], s["qd"], s["qdd"]))


def test_batched_rnea_gives_pinocchios_inverse_dynamics_state_by_state(case, monkeypatch):
    """rnea_batch (link frames turned so each joint axis is z, states in blocks) is pin.rnea.

    Blocks of 4 states over 11 states: two full blocks and a partial one.
    """
    from course_lib.physics.chains import batch

    monkeypatch.setattr(batch, "BLOCK", 4)
    rng = np.random.default_rng(11)
    n = case["chain"].n
    Q = rng.uniform(-np.pi, np.pi, (11, n))
    QD, QDD = rng.normal(0, 2, (11, n)), rng.normal(0, 5, (11, n))
    expected = np.array([case["ref"].rnea(*state) for state in zip(Q, QD, QDD)])
    assert_matches(chains.rnea_batch(case["chain"], Q, QD, QDD), expected)


def test_crba_gives_pinocchios_mass_matrix(case):
    for s in case["states"]:
        assert_matches(chains.crba(case["chain"], s["q"]), case["ref"].mass_matrix(s["q"]))


def test_mass_matrix_by_id_columns_equals_pinocchios_crba(case):
    for s in case["states"]:
        assert_matches(chains.mass_matrix_by_columns(case["chain"], s["q"]),
                       case["ref"].mass_matrix(s["q"]))


def test_mass_matrix_summed_over_the_links_body_jacobians_equals_pinocchios_crba(case):
    """Lesson 10: M = Σ J_iᵀ 𝓘_i J_i, with J_i link i's body Jacobian (V_i = J_i q̇), is Pinocchio's M."""
    for s in case["states"]:
        assert_matches(chains.mass_matrix_from_jacobians(case["chain"], s["q"]), case["ref"].mass_matrix(s["q"]))


def test_aba_gives_pinocchios_forward_dynamics(case):
    for s in case["states"]:
        assert_matches(chains.aba(case["chain"], s["q"], s["qd"], s["tau"]),
                       case["ref"].aba(s["q"], s["qd"], s["tau"]))


def test_id_with_zero_motion_is_pinocchios_generalized_gravity(case):
    for s in case["states"]:
        assert_matches(chains.gravity_torque(case["chain"], s["q"]), case["ref"].gravity(s["q"]))


def test_id_with_zero_acceleration_is_pinocchios_nonlinear_effects(case):
    for s in case["states"]:
        assert_matches(chains.bias_torque(case["chain"], s["q"], s["qd"]),
                       case["ref"].bias(s["q"], s["qd"]))
        assert_matches(chains.coriolis_torque(case["chain"], s["q"], s["qd"]),
                       case["ref"].bias(s["q"], s["qd"]) - case["ref"].gravity(s["q"]))


def test_external_force_on_a_link_gives_its_jacobian_transpose(case):
    """J_kᵀ F from ID equals Pinocchio's LOCAL joint Jacobian (rows [v; ω]) times F."""
    chain, ref = case["chain"], case["ref"]
    pin = ref.pin
    rng = np.random.default_rng(7)
    for s in case["states"]:
        link = int(rng.integers(1, chain.n + 1))
        force = rng.normal(0.0, 5.0, 6)  # [n; f], angular first
        J = pin.computeJointJacobian(ref.model, ref.data, s["q"], link)  # LOCAL, [v; ω]
        expected = J.T @ np.concatenate([force[3:], force[:3]])
        assert_matches(chains.jacobian_transpose_force(chain, s["q"], link, force), expected)


def test_kinetic_and_potential_energy_match_pinocchio(case):
    for s in case["states"]:
        T = chains.kinetic_energy(case["chain"], s["q"], s["qd"])
        U = chains.potential_energy(case["chain"], s["q"])
        assert abs(T - case["ref"].kinetic_energy(s["q"], s["qd"])) <= RTOL * max(1.0, abs(T))
        assert abs(U - case["ref"].potential_energy(s["q"])) <= RTOL * max(1.0, abs(U))


def test_each_pass_carries_pinocchios_link_velocity_acceleration_and_force(case):
    """RNEA's V_i, A_i (gravity as a base acceleration) and F_i are Pinocchio's data.v, a_gf, f.

    Pinocchio orders spatial vectors linear part first; ours put the angular part first.
    """
    chain, ref = case["chain"], case["ref"]
    swap = np.r_[3:6, 0:3]
    for s in case["states"]:
        passes = chains.rnea_passes(chain, s["q"], s["qd"], s["qdd"])
        ref.pin.rnea(ref.model, ref.data, s["q"], s["qd"], s["qdd"])
        for i in range(chain.n):
            assert_matches(passes.V[i], ref.data.v[i + 1].vector[swap])
            assert_matches(passes.A[i], ref.data.a_gf[i + 1].vector[swap])
            assert_matches(passes.F[i], ref.data.f[i + 1].vector[swap])
