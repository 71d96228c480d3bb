"""Seed 004's two-link arm with motors by course_lib.physics.symbolic: B(q), the sign of h, strong and weak skew-symmetry."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from course_lib import TwoLinkArm
from course_lib.physics import chains
from course_lib.physics.symbolic import two_link_symbols
from course_lib.physics.symbolic.motors import (
    christoffel_c,
    motor_mass_matrix,
    motor_symbols,
    other_valid_c,
    plain_symbols,
    skew_test,
    textbook_h,
    textbook_mass_matrix,
)

KR, IM, MM2 = (100.0, 50.0), (2e-4, 1e-4), 0.4


def test_lagranges_mass_matrix_with_rotors_is_seed_004s_b_term_by_term():
    assert (motor_mass_matrix() - textbook_mass_matrix()).applyfunc(sp.expand) == sp.zeros(2, 2)


def test_symbolic_mass_matrix_equals_the_spatial_crba_with_rotors_at_random_poses():
    """Two independent routes: T by hand in sympy, and CRBA on spatial rotor inertias (1e-12)."""
    arm = TwoLinkArm()
    p, sym = arm.params, two_link_symbols()
    kr1, kr2, Im1, Im2, mm2 = motor_symbols()
    values = {getattr(sym, k): getattr(p, k) for k in ("l1", "l2", "m1", "m2", "lc1", "lc2", "I1", "I2")}
    values.update({kr1: KR[0], kr2: KR[1], Im1: IM[0], Im2: IM[1], mm2: MM2})
    M = sp.lambdify(plain_symbols()[0], motor_mass_matrix().subs(values), "numpy")
    chain = chains.from_two_link(arm, gear=np.array(KR), rotor_inertia=np.array(IM),
                                 rotor_mass=np.array([0.0, MM2]))
    for q in np.random.default_rng(4).uniform(-np.pi, np.pi, (5, 2)):
        np.testing.assert_allclose(np.array(M(*q), dtype=float), chains.mass_matrix(chain, q), rtol=1e-12)


def test_christoffel_c_uses_seed_004s_h_with_its_sign():
    """C₁₁ = h θ̇₂ with lesson 11's h = −m₂ l₁ l_c2 s₂ (lessons 3 and 6 call +m₂ l₁ l_c2 s₂ h)."""
    C, _, qd = christoffel_c()
    assert sp.expand(C[0, 0] - textbook_h() * qd[1]) == 0
    assert sp.expand(C[1, 0] + textbook_h() * qd[0]) == 0


def test_christoffel_c_is_skew_in_the_strong_form():
    C, _, _ = christoffel_c()
    sym, weak = skew_test(C)
    assert sym == sp.zeros(2, 2) and weak == 0


def test_another_valid_c_gives_the_same_torques_but_only_the_weak_form():
    C, _, qd = christoffel_c()
    other, v = other_valid_c(), sp.Matrix(qd)
    assert (C * v - other * v).applyfunc(sp.expand) == sp.zeros(2, 1)
    sym, weak = skew_test(other)
    assert sym != sp.zeros(2, 2) and weak == 0


def test_the_skew_test_sees_a_wrong_c():
    """A C with a wrong factor breaks even the weak form: the check can fail."""
    C, _, _ = christoffel_c()
    assert skew_test(2 * C)[1] != 0
