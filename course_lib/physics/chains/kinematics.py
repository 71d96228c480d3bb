"""Where the links are, and the chain's energy: T = Σ ½ Vᵀ I V and U = −Σ mᵢ gᵀ p_cᵢ.

>>> from course_lib.physics.chains.chain import Chain
>>> arm = Chain.planar([1.0, 0.8], masses=[2.0, 1.5])
>>> round(potential_energy(arm, [1.5707963267948966, 0.0]), 3)   # both links straight up
30.411
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.physics.chains.chain import Chain


def link_poses(chain: Chain, q: Any) -> tuple[np.ndarray, np.ndarray]:
    """Each link frame's rotation (n, 3, 3) and origin (n, 3) in base coordinates (m), chain or tree."""
    q = chain.q_vector("q", q)
    rotations, origins = np.zeros((chain.n, 3, 3)), np.zeros((chain.n, 3))
    for i in range(chain.n):
        R, p = _parent_pose(chain, i, rotations, origins)
        R_i, p_i = chain.joint_pose(i, q[i])
        rotations[i], origins[i] = R @ R_i, p + R @ p_i    # ⁰T_i = ⁰T_λ(i) ^λ(i)T_i
    return rotations, origins


def _parent_pose(chain: Chain, i: int, rotations: np.ndarray,
                 origins: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(rotation, origin) of body i's parent in base coordinates: the base's own for λ(i) = 0."""
    p = chain.parent(i)
    return (np.eye(3), np.zeros(3)) if p < 0 else (rotations[p], origins[p])


def rotor_positions(chain: Chain, q: Any) -> np.ndarray:
    """Each rotor's centre (n, 3) in base coordinates (m): joint i's origin at q_i = 0."""
    rotations, origins = link_poses(chain, q)
    out = np.zeros((chain.n, 3))
    for i in range(chain.n):
        R, p = _parent_pose(chain, i, rotations, origins)
        out[i] = p + R @ chain.placement_origins[i]
    return out


def potential_energy(chain: Chain, q: Any) -> float:
    """U(q) = −Σ m gᵀ p over links and rotors (J), zero with every mass at the base origin."""
    rotations, origins = link_poses(chain, q)
    rotors = rotor_positions(chain, q)
    U = 0.0
    for i in range(chain.n):
        p_c = origins[i] + rotations[i] @ chain.coms[i]   # link i's centre of mass
        U -= chain.masses[i] * chain.gravity @ p_c
        U -= chain.rotor_mass[i] * chain.gravity @ rotors[i]  # rotor i, carried by the parent
    return float(U)


def kinetic_energy(chain: Chain, q: Any, qd: Any) -> float:
    """T = Σ ½ V_iᵀ I_i V_i over links and rotors (J), from RNEA's velocity pass.

    Equal to ½ q̇ᵀ M q̇, but computed without M, so the two check each other.
    """
    q, qd = chain.q_vector("q", q), chain.q_vector("qd", qd)
    V, T = np.zeros((chain.n, 6)), 0.0
    for i in range(chain.n):
        V_p = np.zeros(6) if chain.parent(i) < 0 else V[chain.parent(i)]
        if chain.has_rotors:  # rotor i: its carrier's velocity plus the spin k_r q̇_i
            spin = np.concatenate([chain.axes[i], np.zeros(3)]) * chain.gear[i] * qd[i]
            V_r = chain.X_rotor(i) @ V_p + spin
            T += 0.5 * V_r @ chain.rotor_spatial_inertia(i) @ V_r
        V[i] = chain.X(i, q[i]) @ V_p + chain.S(i) * qd[i]    # V_i = X_i V_λ(i) + S_i q̇_i
        T += 0.5 * V[i] @ chain.I(i) @ V[i]
    return float(T)


def body_jacobian(chain: Chain, q: Any, i: int) -> np.ndarray:
    """J_i of link i: its spatial velocity V_i = J_i q̇, in its own axes about its origin (angular part first).

    Column j is X_{i←j} S_j for every joint j on the path from the base to link i (the product of the
    X's from joint j out to link i), and zero for every other joint.

    Args:
        chain: the chain or tree.
        q: joint positions (rad or m), shape (n,).
        i: the link (0-based).

    Returns:
        J_i, shape (6, n).
    """
    q = chain.q_vector("q", q)
    J, X, j = np.zeros((6, chain.n)), np.eye(6), i
    while j >= 0:
        J[:, j] = X @ chain.S(j)
        X = X @ chain.X(j, q[j])
        j = chain.parent(j)
    return J


def mass_matrix_from_jacobians(chain: Chain, q: Any) -> np.ndarray:
    """M = Σ_i J_iᵀ 𝓘_i J_i (kg·m²): T = Σ ½ V_iᵀ 𝓘_i V_i read as a quadratic form in q̇ (links only).

    Args:
        chain: the chain or tree, without rotors (their spin is not a link's motion).
        q: joint positions (rad or m), shape (n,).

    Returns:
        M, shape (n, n).
    """
    if chain.has_rotors:
        raise ValueError("mass_matrix_from_jacobians sums the links only; this chain has motor rotors (use crba)")
    return sum(body_jacobian(chain, q, i).T @ chain.I(i) @ body_jacobian(chain, q, i) for i in range(chain.n))
