"""Christoffel symbols, the C they build and skew-symmetry (lesson 6), against independent references.

References: central differences of M(q) (``mass_matrix_derivative``), the
closed forms of lesson 6, the symbolic derivation of course_lib.physics.symbolic (sympy
differentiating M), and Newton's r × m a from tests/newton.py.
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from course_lib.physics import christoffel as chr_
from course_lib.physics.models import TwoLinkArm
from course_lib.physics.models.two_link import mass_matrix_entries
from course_lib.physics.newton_torques import newton_velocity_torques
from course_lib.physics.symbolic import christoffel_symbols as sym_christoffel
from course_lib.physics.symbolic import two_link_symbols
from tests.reference.newton import newton_torques


def random_states(rng, n=40, min_sin=0.0, min_speed=0.0):
    """Random (q, q̇) with |sin θ₂| > min_sin and |q̇| > min_speed (seeded)."""
    qs, qds = [], []
    while len(qs) < n:
        q, qd = rng.uniform(-np.pi, np.pi, 2), rng.uniform(-4, 4, 2)
        if abs(np.sin(q[1])) > min_sin and np.linalg.norm(qd) > min_speed:
            qs.append(q), qds.append(qd)
    return np.array(qs), np.array(qds)


def test_christoffel_coriolis_matrix_from_differences_of_M_equals_the_closed_form(arm, rng):
    """C built from c_ijk of finite differences of M equals the closed-form Christoffel C to 1e-8."""
    q, qd = random_states(rng)
    c = chr_.christoffel_symbols(arm.mass_matrix, q)
    np.testing.assert_allclose(chr_.coriolis_from_christoffel(c, qd), arm.coriolis_matrix(q, qd), atol=1e-8)


def test_christoffel_symbols_of_the_2r_arm_are_the_seeds_plus_minus_h(rng):
    """Seed: c₂₁₁ = c₁₂₁ = c₂₂₁ = −h, c₁₁₂ = h (its indexing; ours is reversed), all others 0, h = m₂l₁l_c₂ sin θ₂."""
    arm = TwoLinkArm()
    q, _ = random_states(rng, 10)
    c = chr_.christoffel_symbols(arm.mass_matrix, q)
    h = arm.params.m2 * arm.params.l1 * arm.params.lc2 * np.sin(q[:, 1])
    expected = np.zeros((len(q), 2, 2, 2))
    expected[:, 0, 0, 1] = expected[:, 0, 1, 0] = expected[:, 0, 1, 1] = -h   # seed c₂₁₁, c₁₂₁, c₂₂₁
    expected[:, 1, 0, 0] = h                                                  # seed c₁₁₂
    np.testing.assert_allclose(c, expected, atol=1e-8)


def test_numeric_christoffel_symbols_equal_sympys_derivatives_of_M():
    """The numeric c_ijk equal course_lib.physics.symbolic's (sympy differentiating the same M) at a posture."""
    p = two_link_symbols()
    th1, th2 = sp.symbols("theta1 theta2", real=True)
    m11, m12, m22 = mass_matrix_entries(th2, p, sp)
    sym = sym_christoffel(sp.Matrix([[m11, m12], [m12, m22]]), [th1, th2])
    arm = TwoLinkArm()
    values = dict(zip(p, [arm.params.l1, arm.params.l2, arm.params.m1, arm.params.m2, arm.params.lc1,
                          arm.params.lc2, arm.params.I1, arm.params.I2, arm.params.g]))
    values.update({th1: 0.4, th2: 1.1})
    sym_num = np.array(sym.subs(values).tolist(), dtype=float)
    num = chr_.christoffel_symbols(arm.mass_matrix, [0.4, 1.1])
    np.testing.assert_allclose(num, sym_num, atol=1e-8)


def test_christoffel_form_makes_Mdot_minus_2C_skew_at_random_states(arm, rng):
    """Strong form: ‖N + Nᵀ‖ < 1e-9·scale for the Christoffel C, Ṁ from central differences of M."""
    q, qd = random_states(rng)
    err = chr_.skew_error(arm.mass_matrix_derivative(q, qd), arm.coriolis_matrix(q, qd))
    assert np.max(err) < 1e-8


def test_alternative_form_breaks_the_skew_symmetry_where_h_and_speed_are_not_zero(arm, rng):
    """The alternative C's skew error exceeds 1e-3 at states with |sin θ₂| > 0.3 and |q̇| > 0.5."""
    q, qd = random_states(rng, min_sin=0.3, min_speed=0.5)
    err = chr_.skew_error(arm.mass_matrix_derivative(q, qd), arm.coriolis_matrix(q, qd, form="alternative"))
    assert np.min(err) > 1e-3


def test_alternative_skew_error_vanishes_with_the_arm_straight_or_at_rest(arm):
    """h = 0 (θ₂ = 0 or π) or q̇ = 0: both forms are the zero-difference case, skew error ~ 0."""
    for q, qd in (([0.3, 0.0], [1.0, 2.0]), ([0.3, np.pi], [1.0, -2.0]), ([0.3, 1.0], [0.0, 0.0])):
        err = chr_.skew_error(arm.mass_matrix_derivative(q, qd), arm.coriolis_matrix(q, qd, form="alternative"))
        assert err < 1e-8


def test_weak_form_holds_for_both_factorizations_but_strong_form_only_for_christoffel(arm, rng):
    """q̇ᵀ(Ṁ − 2C)q̇ = 0 for both C; wᵀ(Ṁ − 2C)w ≠ 0 for the alternative with a w ≠ q̇ (lesson 11)."""
    q, qd = random_states(rng, min_sin=0.3, min_speed=0.5)
    mdot = arm.mass_matrix_derivative(q, qd)
    w = np.array([1.0, -0.7])
    for form in ("christoffel", "alternative"):
        C = arm.coriolis_matrix(q, qd, form=form)
        assert np.max(np.abs(chr_.power_form(mdot, C, qd))) < 1e-7
        strong = np.einsum("i,nij,j->n", w, chr_.passivity_matrix(mdot, C), w)
        if form == "christoffel":
            assert np.max(np.abs(strong)) < 1e-7
        else:
            assert np.min(np.abs(strong)) > 1e-4


def test_both_forms_give_the_same_velocity_torque(arm, rng):
    """C q̇ is unique even though C is not."""
    q, qd = random_states(rng)
    a = np.einsum("nij,nj->ni", arm.coriolis_matrix(q, qd), qd)
    b = np.einsum("nij,nj->ni", arm.coriolis_matrix(q, qd, form="alternative"), qd)
    np.testing.assert_allclose(a, b, atol=1e-12)


def test_velocity_torque_equals_newtons_moments_of_m_a(arm, rng):
    """C q̇ equals r × m a of both links at q̈ = 0, g = 0 (tests/newton.py and course_lib.physics.newton_torques)."""
    q, qd = random_states(rng, 15)
    flat = arm.replace(g=0.0, b=0.0)
    Cqd = np.einsum("nij,nj->ni", arm.coriolis_matrix(q, qd), qd)
    ref = np.array([newton_torques(flat, qi, qdi, np.zeros(2)) for qi, qdi in zip(q, qd)])
    np.testing.assert_allclose(Cqd, ref, atol=2e-5 * (1 + np.abs(ref)).max())
    np.testing.assert_allclose(newton_velocity_torques(arm, q, qd), Cqd, atol=1e-7)


def test_centrifugal_and_coriolis_parts_are_the_seeds_four_bars(rng):
    """τ₁ = −h θ̇₂² (centrifugal) − 2h θ̇₁θ̇₂ (Coriolis); τ₂ = h θ̇₁² (centrifugal) + 0 (Coriolis)."""
    arm = TwoLinkArm()
    q, qd = random_states(rng)
    h = arm.params.m2 * arm.params.l1 * arm.params.lc2 * np.sin(q[:, 1])
    cf, cor = chr_.velocity_torque_parts(chr_.christoffel_symbols(arm.mass_matrix, q), qd)
    np.testing.assert_allclose(cf, np.stack([-h * qd[:, 1] ** 2, h * qd[:, 0] ** 2], -1), atol=1e-7)
    np.testing.assert_allclose(cor, np.stack([-2 * h * qd[:, 0] * qd[:, 1], 0 * h], -1), atol=1e-7)


def test_seed_question_2_tau2_is_2_4_Nm_by_newton_and_by_formula():
    """θ₂ = 90°, θ̇₁ = 2 rad/s, θ̇₂ = 0: τ₂ = h θ̇₁² = 0.6 × 4 = 2.4 N·m."""
    arm, q, qd = TwoLinkArm(), [0.7, np.pi / 2], [2.0, 0.0]
    assert (arm.coriolis_matrix(q, qd) @ qd)[1] == pytest.approx(2.4, abs=1e-12)
    assert newton_torques(arm.replace(g=0.0), q, qd, [0.0, 0.0])[1] == pytest.approx(2.4, abs=1e-5)


@pytest.mark.parametrize("bad", [[np.nan, 0.0], [1.0], [[[0.0, 0.0]]], ["a", 1.0]])
def test_bad_states_are_refused_with_a_message(bad):
    with pytest.raises(ValueError, match="q must"):
        chr_.christoffel_symbols(TwoLinkArm().mass_matrix, bad)


def test_bad_difference_step_is_refused():
    with pytest.raises(ValueError, match="eps"):
        chr_.christoffel_symbols(TwoLinkArm().mass_matrix, [0.0, 1.0], eps=0.0)


@pytest.mark.parametrize("mass_matrix_from", ["course_lib", "pinocchio"])
def test_no_joint_of_a_seven_joint_arm_is_driven_by_its_own_rate_squared(rng, mass_matrix_from):
    """Lesson 6: c_iii = ½ ∂M_ii/∂q_i = 0 at every joint of a serial arm (a joint's own rate never drives that
    joint), for M of the Panda-like arm from course_lib's CRBA and from Pinocchio's; the other symbols are not zero."""
    from course_lib.physics.chains import crba, panda_like

    chain = panda_like()
    if mass_matrix_from == "pinocchio":
        pytest.importorskip("pinocchio", reason="Pinocchio (the `pin` package of the test extra) is not installed")
        from tests.reference import chain_model
        mass_matrix = chain_model(chain).mass_matrix
    else:
        def mass_matrix(q):
            return crba(chain, q)
    for q in rng.uniform(-np.pi, np.pi, (3, chain.n)):
        c = chr_.christoffel_symbols(mass_matrix, q)
        assert np.abs(np.einsum("iii->i", c)).max() < 1e-7, "a joint's own rate squared drives that joint"
        assert np.abs(c).max() > 1e-2, "every Christoffel symbol vanished: the check would pass on any arm"


def test_from_three_joints_on_a_second_coriolis_matrix_also_keeps_mdot_minus_2c_skew(rng):
    """Lesson 6: for a three-link arm, C' = C + α[q̇]× gives the same C q̇ and keeps Ṁ − 2C' skew-symmetric, so the
    strong form does not single out the Christoffel C beyond two joints (M from CRBA, Ṁ from differences of M)."""
    from course_lib.physics.chains import Chain, crba
    from course_lib.physics.chains.spatial import skew

    chain = Chain.planar([1.0, 0.8, 0.6], [2.0, 1.5, 1.0])

    def mass_matrix(q):
        return crba(chain, q)

    for _ in range(3):
        q, qd = rng.uniform(-np.pi, np.pi, 3), rng.uniform(-3.0, 3.0, 3)
        C = chr_.coriolis_from_christoffel(chr_.christoffel_symbols(mass_matrix, q), qd)
        mdot = np.einsum("kij,k->ij", chr_.mass_matrix_gradient(mass_matrix, q), qd)
        other = C + 0.7 * skew(qd)
        assert chr_.skew_error(mdot, C) < 1e-7, "the Christoffel C lost the strong form"
        np.testing.assert_allclose(other @ qd, C @ qd, atol=1e-12)
        assert np.abs(other - C).max() > 0.1, "the second matrix is the Christoffel C itself"
        assert chr_.skew_error(mdot, other) < 1e-7, "C + α[q̇]× broke the skew-symmetry of Ṁ − 2C"
