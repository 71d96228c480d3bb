"""Lesson 5's library: M from centre-of-mass Jacobians, its eigen-directions, κ and the energy ellipse.

References that share no code with course_lib: sympy.physics.mechanics (kinetic
energy of rigid bodies from reference frames, M as its Hessian in q̇), Pinocchio's
CRBA, numpy's SVD-based condition number, and brute force over the ellipse.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest
import sympy as sp
from sympy.physics.mechanics import Point, ReferenceFrame, RigidBody, dynamicsymbols, inertia

from course_lib.physics import quadratic_forms as qf
from course_lib.physics.models import TwoLinkArm
from course_lib.physics.models.jacobian_mass_matrix import link_mass_matrices, mass_matrix_from_jacobians
from course_lib.physics.models.two_link import LinkParameters
from course_lib.physics.symbolic import mass_matrix as symbolic_mass_matrix
from course_lib.physics.symbolic import two_link_energies

RNG = np.random.default_rng(5)
STATES = RNG.uniform(-np.pi, np.pi, (12, 2))
ARMS = [TwoLinkArm(), TwoLinkArm(payload=1.3), TwoLinkArm(l1=0.7, l2=1.1, m1=3.0, m2=0.6, lc1=0.2, I2=0.09)]


@lru_cache(maxsize=None)
def mechanics_mass_matrix(l1, l2, m1, m2, lc1, lc2, I1, I2):
    """M of the 2R arm from sympy.physics.mechanics: T of two rigid bodies, M = ∂²T/∂q̇²."""
    q1, q2 = dynamicsymbols("q1 q2")
    u1, u2 = dynamicsymbols("q1 q2", 1)
    N = ReferenceFrame("N")
    A = N.orientnew("A", "Axis", [q1, N.z])
    B = A.orientnew("B", "Axis", [q2, A.z])
    O = Point("O")
    O.set_vel(N, 0)
    elbow = O.locatenew("E", l1 * A.x)
    c1, c2 = O.locatenew("C1", lc1 * A.x), elbow.locatenew("C2", lc2 * B.x)
    for point in (c1, elbow, c2):
        point.v2pt_theory(O if point is not c2 else elbow, N, A if point is not c2 else B)
    bodies = [RigidBody("L1", c1, A, m1, (inertia(A, 0, 0, I1), c1)),
              RigidBody("L2", c2, B, m2, (inertia(B, 0, 0, I2), c2))]
    T = sum(b.kinetic_energy(N) for b in bodies)
    u = sp.symbols("u1 u2")
    qs = sp.symbols("x1 x2")
    T = T.subs({u1: u[0], u2: u[1]}).subs({q1: qs[0], q2: qs[1]})
    M = sp.hessian(T, u)
    return sp.lambdify(qs, M, "numpy")


def reference_M(arm, q):
    p = arm.params
    return np.array(mechanics_mass_matrix(p.l1, p.l2, p.m1, p.m2, p.lc1, p.lc2, p.I1, p.I2)(*q), dtype=float)


# -- M from the Jacobians ----------------------------------------------------------------------
@pytest.mark.parametrize("arm", ARMS, ids=["seed", "payload", "other"])
def test_jacobian_mass_matrix_equals_lagrange_closed_form(arm):
    np.testing.assert_allclose(mass_matrix_from_jacobians(arm, STATES), arm.mass_matrix(STATES), rtol=0, atol=1e-12)


@pytest.mark.parametrize("arm", ARMS, ids=["seed", "payload", "other"])
def test_jacobian_mass_matrix_equals_sympy_mechanics_rigid_bodies(arm):
    for q in STATES[:5]:
        np.testing.assert_allclose(mass_matrix_from_jacobians(arm, q), reference_M(arm, q), rtol=0, atol=1e-12)


def test_jacobian_mass_matrix_equals_lesson3_lagrange_hessian_with_payload_as_third_body():
    """The Lagrange M of course_lib.physics.symbolic keeps the payload as a separate point mass: no merging."""
    arm = TwoLinkArm(payload=0.4)
    raw = LinkParameters(arm.l1, arm.l2, arm.m1, arm.m2, arm.lc1, arm.lc2, arm.I1, arm.I2, arm.g)
    T, _, q = two_link_energies(raw, payload=arm.payload)
    M_sym = symbolic_mass_matrix(T, [qi.diff() for qi in q])
    f = sp.lambdify(q, M_sym, "numpy")
    for q_ in STATES[:4]:
        np.testing.assert_allclose(mass_matrix_from_jacobians(arm, q_), np.array(f(*q_), dtype=float),
                                   rtol=0, atol=1e-12)


def test_jacobian_mass_matrix_equals_pinocchio_crba():
    pytest.importorskip("pinocchio", reason="Pinocchio (the `pin` package of the test extra) is not installed")
    from tests.reference.pinocchio_arm import arm_model

    arm = TwoLinkArm(payload=0.9)
    ref = arm_model(arm)
    for q in STATES[:6]:
        np.testing.assert_allclose(mass_matrix_from_jacobians(arm, q), ref.mass_matrix(q), rtol=0, atol=1e-12)


def test_each_link_share_is_symmetric_positive_semidefinite_and_link1_moves_only_with_theta1():
    first, second = link_mass_matrices(TwoLinkArm(), STATES)
    for share in (first, second):
        np.testing.assert_allclose(share, np.swapaxes(share, -1, -2), atol=1e-15)
        assert np.linalg.eigvalsh(share).min() > -1e-12
    assert np.abs(first[:, 0, 1]).max() == 0 and np.abs(first[:, 1, 1]).max() == 0


def test_mass_matrix_does_not_change_when_only_theta1_moves_but_does_with_theta2():
    arm = TwoLinkArm(payload=0.5)
    q = STATES
    turned = q + np.array([0.7, 0.0])
    assert np.abs(mass_matrix_from_jacobians(arm, turned) - mass_matrix_from_jacobians(arm, q)).max() < 1e-12
    bent = q + np.array([0.0, 0.7])
    assert np.abs(arm.mass_matrix(bent) - arm.mass_matrix(q)).max() > 0.05


# -- eigen-directions and κ --------------------------------------------------------------------
def test_eigenpairs_satisfy_M_v_equals_lambda_v_smallest_first():
    M = TwoLinkArm(payload=0.8).mass_matrix(STATES)
    lam, vec = qf.spd_eigen(M)
    assert (lam[:, 0] <= lam[:, 1]).all()
    for k in range(2):
        v = vec[:, :, k]
        np.testing.assert_allclose(np.einsum("nij,nj->ni", M, v), lam[:, k:k + 1] * v, atol=1e-12)
        np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-12)


def test_condition_number_equals_numpy_svd_condition_number():
    M = TwoLinkArm(payload=1.1).mass_matrix(STATES)
    np.testing.assert_allclose(qf.condition_number(M), np.linalg.cond(M, 2), rtol=1e-10)


def test_bare_arm_condition_number_spans_the_seed_range_round_about_5_flat_about_45():
    """Seed pitfall 1: κ(M) about 45 stretched, about 5 bent; the round task's 5.6 is reachable."""
    arm = TwoLinkArm()
    th2 = np.radians(np.arange(-180, 181))
    kappa = qf.condition_number(arm.mass_matrix(np.stack([0 * th2, th2], -1)))
    assert 44 < kappa.max() < 47 and kappa.argmax() == 180  # θ₂ = 0
    assert 5.0 < kappa.min() < 5.6


def test_level_set_points_have_energy_E_and_extreme_radii_equal_semi_axes():
    M = TwoLinkArm().mass_matrix([0.2, 1.1])
    E = 0.8
    pts = qf.level_set(M, E, n=4001)
    np.testing.assert_allclose(0.5 * np.einsum("ni,ij,nj->n", pts, M, pts), E, rtol=1e-12)
    radii = np.linalg.norm(pts, axis=1)
    long, short = qf.semi_axes(M, E)
    assert radii.max() == pytest.approx(long, rel=1e-6) and radii.min() == pytest.approx(short, rel=1e-6)
    lam, vec = qf.spd_eigen(M)
    assert qf.axis_angle(pts[radii.argmax()], vec[:, 0]) < 0.1  # the long axis is the light direction


def test_axis_angle_treats_opposite_vectors_as_the_same_axis():
    assert qf.axis_angle([0.0, -2.0], [0.0, 1.0]) == pytest.approx(0.0, abs=1e-12)
    assert qf.axis_angle([1.0, 0.0], [0.0, 1.0]) == pytest.approx(90.0)


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize("A, words", [
    ([[1.0, 2.0], [2.0, 1.0]], "positive definite"),
    ([[1.0, 0.2], [0.0, 1.0]], "symmetric"),
    ([[1.0, np.nan], [np.nan, 1.0]], "finite"),
    ([1.0, 2.0], "2×2"),
    ("abc", "2×2"),
])
def test_bad_matrix_is_refused_with_a_message_saying_what_is_wrong(A, words):
    with pytest.raises(ValueError, match=words):
        qf.spd_eigen(A)


@pytest.mark.parametrize("E", [0.0, -1.0, np.nan, np.inf, "x"])
def test_bad_energy_is_refused(E):
    with pytest.raises(ValueError, match="energy E must be a finite number > 0"):
        qf.level_set(np.eye(2), E)


def test_zero_vector_has_no_angle():
    with pytest.raises(ValueError, match="non-zero"):
        qf.axis_angle([0.0, 0.0], [1.0, 0.0])
