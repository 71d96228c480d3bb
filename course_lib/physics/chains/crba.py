"""Composite-rigid-body algorithm (CRBA): the mass matrix M(q), O(n²), motor rotors included.

Backward pass: lump each subtree into one rigid body, its composite inertia
I^c_i = I_i + Σ X_jᵀ I^c_j X_j over its children j (λ(j) = i). Then
M_ii = S_iᵀ I^c_i S_i, and walking from joint i towards the base through its
ancestors j = λ(i), λ(λ(i)), …, the same force I^c_i S_i (the subtree's
"unit-acceleration force") moved into joint j's frame gives M_ij = S_jᵀ F.

Physics note: the walk visits only joint i's ancestors, so in a tree every
M_ij with neither of i, j on the other's path to the base stays exactly 0
(:meth:`Chain.same_branch`): accelerating one branch alone asks no torque of
another. A serial chain has no such entry; its walk visits every j < i.

>>> from course_lib.physics.chains.chain import Chain
>>> crba(Chain.planar([1.0, 0.8], masses=[2.0, 1.5]), [0.3, 1.5707963267948966]).round(4)
array([[2.4867, 0.32  ],
       [0.32  , 0.32  ]])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.physics.chains.chain import Chain


def crba(chain: Chain, q: Any) -> np.ndarray:
    """M(q) (kg·m², kg for prismatic rows), symmetric positive definite, rotors included.

    A rotor of joint i (the textbook motor model) rides on joint i's parent link: it joins
    that link's composite inertia as a rigid body, and its spin k_r q̇_i adds
    k_r² I_m to M_ii and k_r sᵀ I_r (the carrier's motion due to joint j) to
    M_ij for every joint j that moves the carrier (k_r2 I_m2 in the 2R arm).

    Args:
        chain: the chain or tree.
        q: joint positions (rad or m), shape (n,).

    Returns:
        M, shape (n, n), exactly 0 where ``chain.same_branch()`` is False.
    """
    q = chain.q_vector("q", q)
    n = chain.n
    X = [chain.X(i, q[i]) for i in range(n)]
    Ic = [chain.I(i).copy() for i in range(n)]
    if chain.has_rotors:
        for i in range(n):                       # rotor i is part of its parent link's body
            p = chain.parent(i)
            if p >= 0:
                X_r = chain.X_rotor(i)
                Ic[p] += X_r.T @ chain.rotor_spatial_inertia(i) @ X_r
    for i in reversed(range(n)):                 # children before parents
        p = chain.parent(i)
        if p >= 0:
            Ic[p] += X[i].T @ Ic[i] @ X[i]       # I^c_λ(i) += X_iᵀ I^c_i X_i
    M = np.zeros((n, n))
    for i in range(n):
        F = Ic[i] @ chain.S(i)                   # force of the subtree for q̈_i = 1
        M[i, i] = chain.S(i) @ F                 # M_ii = S_iᵀ I^c_i S_i
        j = i
        while chain.parent(j) >= 0:
            F = X[j].T @ F                       # carry it one joint towards the base
            j = chain.parent(j)
            M[i, j] = M[j, i] = chain.S(j) @ F   # M_ij = S_jᵀ F
    if chain.has_rotors:
        _add_rotor_spin(chain, X, M)
    return M


def _add_rotor_spin(chain: Chain, X: list[np.ndarray], M: np.ndarray) -> None:
    """The spin terms of each rotor, added to M in place."""
    for i in range(chain.n):
        s = np.concatenate([chain.axes[i], np.zeros(3)])      # spin axis [u; 0]
        k, I_r = chain.gear[i], chain.rotor_spatial_inertia(i)
        M[i, i] += k**2 * (s @ I_r @ s)                       # k_r² I_m
        if chain.parent(i) < 0:
            continue                                          # a rotor on the fixed base
        F = chain.X_rotor(i).T @ (k * I_r @ s)                # spin momentum, in the carrier's frame
        for j in chain.support(chain.parent(i)):              # the joints that move the carrier
            M[i, j] += chain.S(j) @ F                         # k_r sᵀ I_r X S_j
            M[j, i] = M[i, j]
            F = X[j].T @ F
