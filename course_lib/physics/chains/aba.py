"""Articulated-body algorithm (ABA): forward dynamics q̈ = M⁻¹(τ − h) in O(n).

Three passes, on a serial chain or a tree (each body reads its parent λ(i)):

1. base to tips: velocities V_i and the velocity-product accelerations
   c_i = V_i × S_i q̇_i, and each link's own bias force p_i = V_i ×* I_i V_i;
2. tips to base: each link's articulated inertia I^A_i (the inertia it
   shows when the joints beyond it are free and driven by their torques),
   obtained by eliminating one joint acceleration at a time and handed to
   the parent, which sums what all its children hand it;
3. base to tips: with the parent's acceleration known, solve for q̈_i, a
   scalar division.

Physics note: a branch's joints are eliminated before the body it hangs from,
so the elimination never fills in entries between branches; that is why
ABA stays O(n) on a tree although M⁻¹ couples every joint with every other.

>>> from course_lib.physics.chains.chain import Chain
>>> arm = Chain.planar([1.0, 0.8], masses=[2.0, 1.5])
>>> from course_lib.physics.chains.rnea import gravity_torque
>>> hold = gravity_torque(arm, [0.0, 0.0])          # the torques that hold it stretched out
>>> bool(np.allclose(aba(arm, [0.0, 0.0], [0.0, 0.0], hold), 0.0))
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.physics.chains.chain import Chain
from course_lib.physics.chains.spatial import crf, crm


def aba(chain: Chain, q: Any, qd: Any, tau: Any, f_ext: Any = None) -> np.ndarray:
    """Joint accelerations q̈ (rad/s² or m/s²) for torques τ (rigid links, no friction).

    Args:
        chain: the chain or tree (without rotors; see :func:`course_lib.physics.chains.forward_dynamics`).
        q, qd, tau: joint positions, rates and torques, shape (n,).
        f_ext: optional (n, 6) spatial forces on the links, as in :func:`rnea`.

    Returns:
        q̈, shape (n,).
    """
    if chain.has_rotors:
        raise ValueError("aba covers rigid links only; this chain has motor rotors: use "
                         "forward_dynamics(chain, q, qd, tau), which includes them")
    q, qd, tau = (chain.q_vector(name, v) for name, v in (("q", q), ("qd", qd), ("tau", tau)))
    n = chain.n
    f_ext = np.zeros((n, 6)) if f_ext is None else np.asarray(f_ext, dtype=float).reshape(n, 6)
    X = [chain.X(i, q[i]) for i in range(n)]
    V, c, IA, pA = np.zeros((n, 6)), np.zeros((n, 6)), np.zeros((n, 6, 6)), np.zeros((n, 6))
    parent = [chain.parent(i) for i in range(n)]

    # pass 1, base to tips: velocities and velocity-product terms
    for i in range(n):
        V_p = np.zeros(6) if parent[i] < 0 else V[parent[i]]
        V_J = chain.S(i) * qd[i]
        V[i] = X[i] @ V_p + V_J                      # V_i = X_i V_λ(i) + S_i q̇_i
        c[i] = crm(V[i]) @ V_J                       # c_i = V_i × S_i q̇_i
        IA[i] = chain.I(i)                           # start from the link alone
        pA[i] = crf(V[i]) @ (chain.I(i) @ V[i]) - f_ext[i]  # p_i = V_i ×* I_i V_i − F_ext

    # pass 2, tips to base: articulated inertias, one joint eliminated at a time
    U, D, u = np.zeros((n, 6)), np.zeros(n), np.zeros(n)
    for i in reversed(range(n)):
        S = chain.S(i)
        U[i] = IA[i] @ S                             # U_i = I^A_i S_i
        D[i] = S @ U[i]                              # D_i = S_iᵀ U_i (the joint's own inertia)
        u[i] = tau[i] - S @ pA[i]                    # u_i = τ_i − S_iᵀ p_i
        if parent[i] >= 0:
            Ia = IA[i] - np.outer(U[i], U[i]) / D[i]  # what the parent feels through a free joint
            pa = pA[i] + Ia @ c[i] + U[i] * u[i] / D[i]
            IA[parent[i]] += X[i].T @ Ia @ X[i]
            pA[parent[i]] += X[i].T @ pa

    # pass 3, base to tips: accelerations
    qdd, A = np.zeros(n), np.zeros((n, 6))
    A_base = np.concatenate([np.zeros(3), -chain.gravity])  # gravity: accelerate the base
    for i in range(n):
        A_i = X[i] @ (A_base if parent[i] < 0 else A[parent[i]]) + c[i]  # before joint i acts
        qdd[i] = (u[i] - U[i] @ A_i) / D[i]          # q̈_i = (u_i − U_iᵀ A) / D_i
        A[i] = A_i + chain.S(i) * qdd[i]             # A_i = X_i A_λ(i) + c_i + S_i q̈_i
    return qdd
