"""How many inertial combinations of the planar 2R arm the torques determine (lesson 9's text).

Checked against a Lagrange derivation written here in the standard per-link parameters
(m, m x_C, m y_C, I_zz about the joint), independent of course_lib.physics.symbolic: the regressor
in those parameters has rank 6 for centres of mass anywhere in the plane and rank 4 with the
centres of mass on the link axes; the course's five grouped parameters a…e satisfy b = l₁e, so
only four of them are independent, yet the five-column A has full rank for a generic motion.
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from course_lib.physics import identification as ident
from course_lib.physics.models import TwoLinkArm

t1, t2, d1, d2, a1, a2 = sp.symbols("t1 t2 d1 d2 a1 a2", real=True)
m1, mx1, my1, zz1, m2, mx2, my2, zz2 = sp.symbols("m1 mx1 my1 zz1 m2 mx2 my2 zz2", real=True)
STANDARD = [m1, mx1, my1, zz1, m2, mx2, my2, zz2]
L1, G = 1.0, 9.81


def _rot(angle):
    return sp.Matrix([[sp.cos(angle), -sp.sin(angle)], [sp.sin(angle), sp.cos(angle)]])


def _standard_regressor():
    """∂τ/∂p for the eight standard planar parameters p, τ from Lagrange's equations (sympy)."""
    J = sp.Matrix([[0, -1], [1, 0]])
    # link 1 turns about joint 1: T₁ = ½ I_zz1 θ̇₁², V₁ = g · (y of its first moment)
    T1 = sp.Rational(1, 2) * zz1 * d1**2
    V1 = G * (_rot(t1) * sp.Matrix([mx1, my1]))[1]
    # link 2: elbow velocity v_e, angular rate w; v_C = v_e + w J R c, so ½m v_C² expands linearly in m, m c, I_zz
    v_e = sp.Matrix([-L1 * sp.sin(t1) * d1, L1 * sp.cos(t1) * d1])
    w, R = d1 + d2, _rot(t1 + t2)
    T2 = (sp.Rational(1, 2) * m2 * v_e.dot(v_e) + w * v_e.dot(J * R * sp.Matrix([mx2, my2]))
          + sp.Rational(1, 2) * zz2 * w**2)
    V2 = G * (m2 * L1 * sp.sin(t1) + (R * sp.Matrix([mx2, my2]))[1])
    L = T1 + T2 - V1 - V2
    q, qd, qdd = (t1, t2), (d1, d2), (a1, a2)
    tau = []
    for i in range(2):
        p = sp.diff(L, qd[i])
        dt = sum(sp.diff(p, q[j]) * qd[j] + sp.diff(p, qd[j]) * qdd[j] for j in range(2))
        tau.append(sp.expand(dt - sp.diff(L, q[i])))
    return sp.Matrix([[sp.diff(tau_i, p) for p in STANDARD] for tau_i in tau])


@pytest.fixture(scope="module")
def stacked():
    """The standard regressor stacked over 40 random states, shape (80, 8)."""
    f = sp.lambdify((t1, t2, d1, d2, a1, a2), _standard_regressor(), "numpy")
    states = np.random.default_rng(3).normal(scale=2.0, size=(40, 6))
    return np.vstack([np.array(f(*s), dtype=float) for s in states])


def _rank(A, rtol=1e-9):
    s = np.linalg.svd(A, compute_uv=False)
    return int(np.sum(s > rtol * s[0]))


def test_planar_2r_with_general_centres_of_mass_has_six_identifiable_combinations(stacked):
    """m₁ never appears; the other seven standard parameters give a regressor of rank 6."""
    assert np.allclose(stacked[:, STANDARD.index(m1)], 0.0)
    assert _rank(stacked) == 6


def test_planar_2r_with_centres_of_mass_on_the_link_axes_has_four(stacked):
    """With y_C = 0 on both links (our arm), the regressor of (m x₁, I_zz1, m₂, m x₂, I_zz2) has rank 4."""
    on_axes = [STANDARD.index(p) for p in (mx1, zz1, m2, mx2, zz2)]
    assert _rank(stacked[:, on_axes]) == 4


def test_b_is_l1_times_e_for_every_arm():
    rng = np.random.default_rng(4)
    for _ in range(20):
        l1, l2, ma, mb = rng.uniform(0.2, 2.0, size=4)
        arm = TwoLinkArm(l1=l1, l2=l2, m1=ma, m2=mb, lc1=rng.uniform(0, l1), lc2=rng.uniform(0, l2),
                         I1=rng.uniform(0, 1), I2=rng.uniform(0, 1), payload=rng.uniform(0, 1))
        a, b, c, d, e = arm.base_parameters()
        assert b == pytest.approx(arm.l1 * e, rel=1e-12)


def test_the_five_grouped_parameters_depend_on_only_four_combinations_of_the_masses():
    """The Jacobian of (a…e) with respect to (m₁, l_c1, I₁, m₂, l_c2, I₂), lengths l₁, l₂ fixed, has rank 4."""
    p0 = np.array([2.0, 0.45, 0.17, 1.5, 0.35, 0.08])

    def pi(p):
        return TwoLinkArm(m1=p[0], lc1=p[1], I1=p[2], m2=p[3], lc2=p[4], I2=p[5]).base_parameters()

    h = 1e-6
    jac = np.column_stack([(pi(p0 + h * e) - pi(p0 - h * e)) / (2 * h) for e in np.eye(6)])
    assert _rank(jac, rtol=1e-6) == 4


def test_the_five_column_A_still_has_full_rank_for_a_generic_motion():
    """a…e are separate unknowns of the lab: b's column (inertial) and e's (gravity) are independent, so rank 5."""
    A = ident.experiment(TwoLinkArm(), ident.EXCITATIONS["rich"], 60).A
    assert _rank(A) == 5 and np.isfinite(ident.condition_number(A))
