"""Linearity in the dynamic parameters: τ = Y(q, q̇, q̈) π with 11 parameters per link.

The textbook parameters of link i are

    π_i = [m, m c_x, m c_y, m c_z, Î_xx, Î_xy, Î_xz, Î_yy, Î_yz, Î_zz, I_m]

with c the centre of mass and Î the inertia about the link frame's origin,
both in link axes, and I_m the inertia of rotor i about its spin axis. As in
the textbook, link i is *augmented* with the mass and transverse inertia of the
rotors it carries, those of its children's joints (joint i + 1 in a serial
chain; Steiner moves them to the link's origin).
The spin axis inertia I_m is kept apart: it is what the gear multiplies.

Why it is linear: a link's spatial inertia is linear in its ten inertial
numbers, and so is its force I A + V ×* I V for known V and A. Column k of
a link's 6×10 block is the force of a "link" whose only parameter is π_k = 1.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.physics.chains.chain import Chain
from course_lib.physics.chains.rnea import rnea
from course_lib.physics.chains.spatial import crf, crm, skew

PARAMETER_NAMES = ("m", "m*cx", "m*cy", "m*cz", "Ixx", "Ixy", "Ixz", "Iyy", "Iyz", "Izz", "Im")


def _basis_inertias() -> np.ndarray:
    """The ten 6×6 spatial inertias with one of the first ten parameters = 1."""
    basis = np.zeros((10, 6, 6))
    basis[0, 3:, 3:] = np.eye(3)                              # m
    for k in range(3):                                        # m c: the first moment
        h = np.eye(3)[k]
        basis[1 + k, :3, 3:], basis[1 + k, 3:, :3] = skew(h), skew(h).T
    pairs = ((0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2))  # Î about the origin
    for k, (a, b) in enumerate(pairs):
        basis[4 + k, a, b] = basis[4 + k, b, a] = 1.0
    return basis


BASIS = _basis_inertias()


def link_parameters(chain: Chain) -> np.ndarray:
    """π, shape (n, 11): each link augmented with the rotors it carries (see module docstring).

    Args:
        chain: the chain or tree.

    Returns:
        π_i in the order of :data:`PARAMETER_NAMES` (kg, kg·m, kg·m², kg·m²), one row per link.
    """
    n = chain.n
    pi = np.zeros((n, 11))
    for i in range(n):
        m, c = chain.masses[i], chain.coms[i]
        I_o = chain.inertias[i] + m * skew(c) @ skew(c).T     # Steiner: about the link origin
        mc = m * c
        for j in chain.children(i):  # the rotor of child joint j rides on link i at that joint's origin
            p, mm = chain.placement_origins[j], chain.rotor_mass[j]
            u = chain.placement_rotations[j] @ chain.axes[j]
            I_o = I_o + chain.rotor_inertia_transverse[j] * (np.eye(3) - np.outer(u, u)) \
                + mm * skew(p) @ skew(p).T
            m, mc = m + mm, mc + mm * p
        pi[i, :4] = m, *mc
        pi[i, 4:10] = I_o[0, 0], I_o[0, 1], I_o[0, 2], I_o[1, 1], I_o[1, 2], I_o[2, 2]
        pi[i, 10] = chain.rotor_inertia[i]
    return pi


def regressor(chain: Chain, q: Any, qd: Any, qdd: Any) -> np.ndarray:
    """Y(q, q̇, q̈), shape (n, 11 n), with τ = Y @ link_parameters(chain).ravel().

    Gravity enters through the base acceleration, as in RNEA. Link i's
    parameters reach only the joints of its support κ(i) (i and its
    ancestors): the other entries of its columns are 0.

    Args:
        chain: the chain or tree.
        q, qd, qdd: joint positions (rad or m), rates, accelerations, shape (n,).

    Returns:
        Y, shape (n, 11 n), rows in N·m (or N) per unit of each parameter.
    """
    q, qd, qdd = (chain.q_vector(name, v) for name, v in (("q", q), ("qd", qd), ("qdd", qdd)))
    n = chain.n
    Y = np.zeros((n, 11 * n))
    X = [chain.X(i, q[i]) for i in range(n)]
    V, A = np.zeros((n, 6)), np.zeros((n, 6))
    base = (np.zeros(6), np.concatenate([np.zeros(3), -chain.gravity]))
    for i in range(n):  # forward pass of RNEA: the motion of each link
        V_p, A_p = base if chain.parent(i) < 0 else (V[chain.parent(i)], A[chain.parent(i)])
        V_J = chain.S(i) * qd[i]
        V[i] = X[i] @ V_p + V_J
        A[i] = X[i] @ A_p + chain.S(i) * qdd[i] + crm(V[i]) @ V_J
        K = np.stack([B @ A[i] + crf(V[i]) @ (B @ V[i]) for B in BASIS], axis=1)  # 6×10: F_i = K_i π_i
        for j in chain.support(i):  # backward pass for this block: τ_j = S_jᵀ F
            Y[j, 11 * i:11 * i + 10] = chain.S(j) @ K
            K = X[j].T @ K
    # the rotor columns: RNEA of the chain with only rotor i, of unit spin inertia, present
    bare = chain.replace(masses=np.zeros(n), inertias=np.zeros((n, 3, 3)), rotor_mass=np.zeros(n),
                         rotor_inertia_transverse=np.zeros(n))
    for i in range(n):
        if chain.gear[i] != 0 or chain.rotor_inertia[i] != 0:
            Y[:, 11 * i + 10] = rnea(bare.replace(rotor_inertia=np.eye(n)[i]), q, qd, qdd)
    return Y
