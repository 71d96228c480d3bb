"""Seed 004's two special arms: the Cartesian arm (M constant and diagonal) and the parallelogram arm
(M diagonal exactly when m₃′ l_c3′ / (m₂′ l_c2′) = a₁′ / a₁″)."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from course_lib.physics import chains
from course_lib.physics.symbolic.parallelogram import parallelogram_mass_matrix, parallelogram_symbols


def angles(M: sp.Matrix) -> dict[str, sp.Symbol]:
    """The angle symbols M depends on, by name."""
    return {x.name: x for x in M.free_symbols if x.name.startswith("theta")}


def test_parallelogram_mass_matrix_is_diagonal_and_constant_under_the_seeds_rule():
    s = parallelogram_symbols()
    M = parallelogram_mass_matrix()
    rule = {s["m3p"]: s["m2p"] * s["lc2p"] * s["a1p"] / (s["a1pp"] * s["lc3p"])}   # m₃′l_c3′/(m₂′l_c2′) = a₁′/a₁″
    designed = M.subs(rule).applyfunc(sp.simplify)
    assert designed[0, 1] == 0 and designed[1, 0] == 0
    assert set(angles(M)) == {"theta1p", "theta1pp"} and not angles(designed)


def test_parallelogram_off_the_rule_couples_the_joints():
    """Masses 10 % off the rule: b₁₂ ≠ 0 wherever cos(θ₁′ − θ₁″) ≠ 0 (the check can fail)."""
    s = parallelogram_symbols()
    M = parallelogram_mass_matrix()
    values = {s["a1p"]: 0.4, s["a1pp"]: 0.3, s["m2p"]: 2.0, s["lc2p"]: 0.15, s["lc3p"]: 0.2}
    m3_rule = 2.0 * 0.15 * 0.4 / (0.3 * 0.2)
    th = angles(M)
    theta = {th["theta1p"]: 0.3, th["theta1pp"]: 1.2}
    on_rule = float(M[0, 1].subs(values).subs(s["m3p"], m3_rule).subs(theta))
    off_rule = float(M[0, 1].subs(values).subs(s["m3p"], 1.1 * m3_rule).subs(theta))
    # 10 % more m₃′ l_c3′ a₁″ than m₂′ l_c2′ a₁′ leaves b₁₂ = −0.1 m₂′ l_c2′ a₁′ cos(θ₁′ − θ₁″)
    assert abs(on_rule) < 1e-12
    assert off_rule == pytest.approx(-0.1 * 2.0 * 0.15 * 0.4 * np.cos(0.3 - 1.2), rel=1e-9)


def test_cartesian_arm_with_motors_has_seed_004s_constant_diagonal_m():
    """Two perpendicular prismatic joints with geared rotors: M = diag(m₁ + m_m2 + k_r1² I_m1 + m₂, m₂ + k_r2² I_m2)
    at every pose, by CRBA on spatial inertias (the rotor of joint 2 rides on link 1)."""
    m1, m2, mm2 = 3.0, 2.0, 0.5
    kr, Im = np.array([300.0, 200.0]), np.array([1e-4, 2e-4])     # rad of rotor per metre of travel
    rot_x_to_y = chains.spatial.rotation_about(np.array([0.0, 0.0, 1.0]), np.pi / 2)
    chain = chains.Chain(kinds=("P", "P"), axes=np.array([[1.0, 0.0, 0.0], [1.0, 0.0, 0.0]]),
                         placement_rotations=np.array([np.eye(3), rot_x_to_y]),
                         placement_origins=np.zeros((2, 3)), masses=np.array([m1, m2]),
                         coms=np.array([[0.1, 0.0, 0.0], [0.0, 0.2, 0.0]]),
                         inertias=np.array([np.diag([0.01, 0.02, 0.03])] * 2),
                         gear=kr, rotor_inertia=Im, rotor_mass=np.array([0.0, mm2]))
    expected = np.diag([m1 + mm2 + kr[0] ** 2 * Im[0] + m2, m2 + kr[1] ** 2 * Im[1]])
    for q in np.random.default_rng(11).uniform(-1.0, 1.0, (5, 2)):
        np.testing.assert_allclose(chains.mass_matrix(chain, q), expected, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(chains.coriolis_torque(chain, q, [0.7, -1.3]), 0.0, atol=1e-12)
