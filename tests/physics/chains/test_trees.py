"""Kinematic trees: RNEA, CRBA and ABA agree with Pinocchio to 1e-10 on random trees of up to 30 bodies.

Pinocchio rebuilds each tree from its parent array, joints and bodies
(:func:`tests.reference.tree_model`: joint i added to the joint of body λ(i),
the bodies in depth-first order as Pinocchio's CRBA needs, results read back
in the tree's own numbering) and runs its own C++ algorithms. The trees come from
:func:`course_lib.physics.chains.random_tree` (random joint kinds, axes,
placements, inertias, gravity and parents with 0 <= λ(i) < i, most of them not
numbered depth-first), plus a star (every body on the base) and the two-armed
torso of lesson 10.

The facts tested besides: M(q) is exactly zero where two bodies are on
different branches, and non-zero where one is on the other's path to the base;
a wrong parent is caught by the comparison; a bad parent array is refused.
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics import chains

pytest.importorskip("pinocchio", reason="Pinocchio (the `pin` package of the test extra) is not installed")

from tests.physics.chains.test_against_pinocchio import assert_matches  # noqa: E402
from tests.reference import depth_first_order, reference_case, tree_model  # noqa: E402

SIZES = (5, 8, 13, 21, 30)
#: small trees with random bodies on a given parent array: two bodies on the base, a fork, a star
SHAPES = {"fork_2": (0, 0), "fork_3": (0, 1, 1), "star_6": (0,) * 6}
N_STATES = 3
CASE_IDS = [f"random_tree_{n}" for n in SIZES] + list(SHAPES) + ["two_armed_torso"]


def _case(chain: chains.Chain, rng: np.random.Generator) -> dict:
    return reference_case(chain, rng, tree_model, N_STATES)


@pytest.fixture(scope="module")
def cases() -> dict[str, dict]:
    """One Pinocchio model per tree, built once for the whole module."""
    rng = np.random.default_rng(20261202)
    out = {f"random_tree_{n}": _case(chains.random_tree(n, rng), rng) for n in SIZES}
    out.update({name: _case(chains.random_chain(len(parents), rng, parents=parents), rng)
                for name, parents in SHAPES.items()})
    out["two_armed_torso"] = _case(chains.two_armed_torso(), rng)
    return out


@pytest.fixture(params=CASE_IDS)
def case(request, cases) -> dict:
    return cases[request.param]


def related_by_pinocchio(ref, n: int) -> np.ndarray:
    """True where body i is on body j's path to the base or j on i's, from Pinocchio's ``model.supports``."""
    on = np.zeros((n, n), dtype=bool)
    for j in range(n):
        for i in ref.supports(j):
            on[i, j] = on[j, i] = True
    return on


# -- the trees are trees, and the reference is the same tree ---------------------------------
def test_the_random_trees_branch_deeply_and_mix_joint_kinds(cases):
    kinds = "".join("".join(c["chain"].kinds) for c in cases.values())
    assert "R" in kinds and "P" in kinds
    big = cases["random_tree_30"]["chain"]
    most_children = max(len(big.children(i)) for i in range(-1, big.n))
    deepest = max(len(big.support(i)) for i in range(big.n))
    assert most_children >= 3 and deepest >= 6, (big.parents, most_children, deepest)
    assert not any(c["chain"].is_serial for c in cases.values())
    renumbered = [c for c in cases.values() if depth_first_order(c["chain"].parents) != list(range(c["chain"].n))]
    assert len(renumbered) >= 4, "most random trees are not numbered depth-first"


def test_pinocchios_parent_array_is_the_trees(case):
    chain, ref = case["chain"], case["ref"]
    assert [ref.parent(i) for i in range(chain.n)] == [chain.parent(i) for i in range(chain.n)]


# -- the three algorithms -------------------------------------------------------------------
def test_rnea_on_a_tree_gives_pinocchios_inverse_dynamics(case):
    for s in case["states"]:
        assert_matches(chains.rnea(case["chain"], s["q"], s["qd"], s["qdd"]),
                       case["ref"].rnea(s["q"], s["qd"], s["qdd"]))


def test_crba_on_a_tree_gives_pinocchios_mass_matrix(case):
    for s in case["states"]:
        assert_matches(chains.crba(case["chain"], s["q"]), case["ref"].mass_matrix(s["q"]))
        assert_matches(chains.mass_matrix_by_columns(case["chain"], s["q"]), case["ref"].mass_matrix(s["q"]))


def test_aba_on_a_tree_gives_pinocchios_forward_dynamics(case):
    for s in case["states"]:
        assert_matches(chains.aba(case["chain"], s["q"], s["qd"], s["tau"]),
                       case["ref"].aba(s["q"], s["qd"], s["tau"]))


def test_each_body_of_the_tree_carries_pinocchios_velocity_acceleration_and_force(case):
    """RNEA's V_i, A_i and F_i (angular part first) are Pinocchio's data.v, a_gf, f (linear first)."""
    chain, ref = case["chain"], case["ref"]
    swap = np.r_[3:6, 0:3]
    for s in case["states"]:
        passes = chains.rnea_passes(chain, s["q"], s["qd"], s["qdd"])
        ref.rnea(s["q"], s["qd"], s["qdd"])
        data = ref.ref.data
        for i in range(chain.n):
            k = ref.joint_id(i)
            assert_matches(passes.V[i], data.v[k].vector[swap])
            assert_matches(passes.A[i], data.a_gf[k].vector[swap])
            assert_matches(passes.F[i], data.f[k].vector[swap])


def test_batched_rnea_on_a_tree_gives_pinocchios_inverse_dynamics(case, monkeypatch):
    from course_lib.physics.chains import batch

    monkeypatch.setattr(batch, "BLOCK", 4)
    rng = np.random.default_rng(12)
    n = case["chain"].n
    Q, QD, QDD = rng.uniform(-np.pi, np.pi, (9, n)), rng.normal(0, 2, (9, n)), rng.normal(0, 5, (9, n))
    expected = np.array([case["ref"].rnea(*state) for state in zip(Q, QD, QDD)])
    assert_matches(chains.rnea_batch(case["chain"], Q, QD, QDD), expected)


def test_energies_and_jacobian_transposes_on_a_tree_match_pinocchio(case):
    chain, ref = case["chain"], case["ref"]
    rng = np.random.default_rng(5)
    for s in case["states"]:
        T, U = chains.kinetic_energy(chain, s["q"], s["qd"]), chains.potential_energy(chain, s["q"])
        assert abs(T - ref.kinetic_energy(s["q"], s["qd"])) <= 1e-10 * max(1.0, abs(T))
        assert abs(U - ref.potential_energy(s["q"])) <= 1e-10 * max(1.0, abs(U))
        link = int(rng.integers(1, chain.n + 1))
        force = rng.normal(0.0, 5.0, 6)  # [n; f]
        J = ref.joint_jacobian(s["q"], link - 1)  # LOCAL, rows [v; ω]
        assert_matches(chains.jacobian_transpose_force(chain, s["q"], link, force),
                       J.T @ np.concatenate([force[3:], force[:3]]))


# -- branch-induced sparsity ----------------------------------------------------------------
def test_the_mass_matrix_is_exactly_zero_between_branches_and_non_zero_along_them(case):
    """M_ij = 0.0 exactly where neither body is the other's ancestor (Pinocchio's ``supports``), and
    |M_ij| > 1e-9 max |M| where one is. Pinocchio's own M has the same zeros."""
    chain, ref = case["chain"], case["ref"]
    related = related_by_pinocchio(ref, chain.n)
    assert (~related).any(), "a tree has bodies on different branches"
    np.testing.assert_array_equal(chain.same_branch(), related)
    for s in case["states"]:
        M, M_pin = chains.crba(chain, s["q"]), ref.mass_matrix(s["q"])
        assert np.all(M[~related] == 0.0)
        assert np.all(np.abs(M[related]) > 1e-9 * np.abs(M).max())
        assert np.all(np.abs(M_pin[~related]) <= 1e-14 * np.abs(M_pin).max())


def test_the_torsos_two_arms_share_no_entry_of_m():
    torso = chains.two_armed_torso()
    left, right = (torso.subtree(k) for k in torso.children(0))
    assert (left, right) == ([1, 2, 3], [4, 5, 6])
    M = chains.crba(torso, np.random.default_rng(3).uniform(-1, 1, torso.n))
    assert np.all(M[np.ix_(left, right)] == 0.0) and np.all(M[np.ix_(right, left)] == 0.0)
    assert np.all(M[0] != 0.0)


# -- the checks can fail ----------------------------------------------------------------------
def test_one_wrong_parent_is_caught_by_the_comparison(cases):
    """Moving one body of the 13-body tree to another parent makes τ, M and q̈ disagree with Pinocchio."""
    case = cases["random_tree_13"]
    chain = case["chain"]
    body = next(i for i in range(chain.n - 1, 0, -1) if chain.parents[i] != 0)   # 0-based index
    moved = chain.replace(parents=chain.parents[:body] + (0,) + chain.parents[body + 1:])
    s = case["states"][0]
    with pytest.raises(AssertionError):
        assert_matches(chains.rnea(moved, s["q"], s["qd"], s["qdd"]), case["ref"].rnea(s["q"], s["qd"], s["qdd"]))
    with pytest.raises(AssertionError):
        assert_matches(chains.crba(moved, s["q"]), case["ref"].mass_matrix(s["q"]))
    with pytest.raises(AssertionError):
        assert_matches(chains.aba(moved, s["q"], s["qd"], s["tau"]), case["ref"].aba(s["q"], s["qd"], s["tau"]))


# -- the serial chain is the default tree; bad parent arrays --------------------------------
def test_a_serial_chain_is_the_tree_with_parents_i_minus_1():
    serial = chains.random_chain(6, np.random.default_rng(21))
    explicit = chains.random_chain(6, np.random.default_rng(21), parents=(0, 1, 2, 3, 4, 5))
    assert serial.parents == explicit.parents == (0, 1, 2, 3, 4, 5) and serial.is_serial
    assert serial.same_branch().all() and [serial.support(i) for i in (0, 3)] == [[0], [3, 2, 1, 0]]
    rng = np.random.default_rng(22)
    q, qd, qdd = rng.normal(size=6), rng.normal(size=6), rng.normal(size=6)
    np.testing.assert_array_equal(chains.rnea(serial, q, qd, qdd), chains.rnea(explicit, q, qd, qdd))
    np.testing.assert_array_equal(chains.crba(serial, q), chains.crba(explicit, q))


@pytest.mark.parametrize("parents, message", [
    ((0, 1, 5, 2), r"parent of body 3 is 5, but a parent must come before its child \(λ\(i\) < i\)"),
    ((0, 1, 3, 2), r"parent of body 3 is 3, but a parent must come before its child"),
    ((0, -1, 1, 2), r"parent of body 2 is -1, but body numbers start at 0 \(the fixed base\)"),
    ((0, 1, 2), r"parents must list one parent per body, λ\(1\) … λ\(4\)"),
    ((0, 1, 1.5, 2), r"parent of body 3 is 1.5, but a parent is a body number"),
])
def test_a_bad_parent_array_gets_a_value_error_saying_which_body(parents, message):
    chain = chains.random_chain(4, np.random.default_rng(1))
    with pytest.raises(ValueError, match=message):
        chain.replace(parents=parents)
