"""The 2R arm's sympy forms (the browser's prediction is generated from them) against independent references.

M against the numeric model, the eigen-pairs against numpy's eigh (with the course's sign convention), the
Christoffel symbols against central differences of M, Λ⁻¹ against numpy's solve, and the centres'
accelerations at held rates against the derivative of the centres' Jacobians along the motion.
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from course_lib.physics import christoffel as chr_
from course_lib.physics import operational_space as osp
from course_lib.physics import quadratic_forms as qf
from course_lib.physics.models import TwoLinkArm
from course_lib.physics.newton_torques import com_accelerations
from course_lib.physics.symbolic.two_link_forms import RAW_PARAMETERS, symmetric_eigen, two_link_forms

F = two_link_forms()
ARGS = [*F.q, *F.qd, *(F.raw[n] for n in RAW_PARAMETERS)]


def numeric(expr):
    return sp.lambdify(ARGS, expr, modules="numpy")


def arms(n=40, seed=7):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        l1, l2 = rng.uniform(0.5, 1.5), rng.uniform(0.4, 1.2)
        arm = TwoLinkArm(l1=l1, l2=l2, m1=rng.uniform(0.5, 3), m2=rng.uniform(0.5, 3), payload=rng.uniform(0, 2),
                         lc1=rng.uniform(0.2, 0.8) * l1, lc2=rng.uniform(0.2, 0.8) * l2, I1=rng.uniform(0.01, 0.3),
                         I2=rng.uniform(0.01, 0.3))
        yield arm, rng.uniform(-np.pi, np.pi, 2), rng.uniform(-5, 5, 2)


def at(arm, q, qd):
    return [*q, *qd, *(getattr(arm, n) for n in RAW_PARAMETERS)]


M_fn, J_fn = numeric(F.M), numeric(F.jacobian)
C_fn = numeric(sp.Array(F.christoffel))
INV_fn = numeric(F.inverse_task_inertia())
ACC_fn = numeric(sp.Matrix([F.com_acc1, F.com_acc2]))
E = symmetric_eigen(*sp.symbols("a b d", real=True))
EIG_fn = sp.lambdify(sp.symbols("a b d", real=True), [E["lam1"], E["lam2"], E["v1x"], E["v1y"], E["v2x"], E["v2y"]])


@pytest.mark.parametrize("case", list(arms()), ids=lambda c: f"q={c[1].round(2).tolist()}")
def test_forms_agree_with_independent_numbers(case):
    arm, q, qd = case
    x = at(arm, q, qd)
    M = np.array(M_fn(*x), dtype=float)
    np.testing.assert_allclose(M, arm.mass_matrix(q), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(np.array(J_fn(*x), dtype=float), arm.jacobian(q), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(np.array(C_fn(*x), dtype=float), chr_.christoffel_symbols(arm.mass_matrix, q),
                               atol=1e-8)  # central differences: ~1e-10 round-off
    C = np.einsum("ijk,k->ij", np.array(C_fn(*x), dtype=float), qd)
    np.testing.assert_allclose(C, arm.coriolis_matrix(q, qd), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(np.array(INV_fn(*x), dtype=float), osp.inverse_task_inertia(arm, q), rtol=1e-10,
                               atol=1e-12)
    np.testing.assert_allclose(np.array(ACC_fn(*x), dtype=float), com_accelerations(arm, q, qd), atol=1e-6)
    lam, vec = qf.spd_eigen(M)
    got = EIG_fn(M[0, 0], M[0, 1], M[1, 1])
    np.testing.assert_allclose(got[:2], lam, rtol=1e-12)
    np.testing.assert_allclose([got[2:4], got[4:6]], vec.T, atol=1e-10)
