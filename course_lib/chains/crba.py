"""Composite-rigid-body algorithm (CRBA): the mass matrix M(q), O(n²).

Backward pass: lump each subtree into one rigid body, its composite inertia
I^c_i = I_i + Σ X_jᵀ I^c_j X_j over its children. Then M_ii = S_iᵀ I^c_i S_i,
and walking from joint i towards the base, the same force I^c_i S_i (the
subtree's "unit-acceleration force") moved into joint j's frame gives
M_ij = S_jᵀ F.

>>> from course_lib.chains.chain import Chain
>>> crba(Chain.planar([1.0, 0.8], masses=[2.0, 1.5]), [0.3, 1.5707963267948966]).round(4)
array([[2.4867, 0.32  ],
       [0.32  , 0.32  ]])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.chains.chain import Chain


def crba(chain: Chain, q: Any) -> np.ndarray:
    """M(q) (kg·m², kg for prismatic rows), symmetric positive definite.

    Rotors: CRBA here covers the links only; for a chain with motor rotors use
    :func:`course_lib.chains.mass_matrix_by_columns`, which includes them.
    """
    if chain.has_rotors:
        raise ValueError("crba covers rigid links only; this chain has motor rotors: use "
                         "mass_matrix_by_columns(chain, q), which includes them")
    q = chain.q_vector("q", q)
    n = chain.n
    X = [chain.X(i, q[i]) for i in range(n)]
    Ic = [chain.I(i).copy() for i in range(n)]
    for i in reversed(range(1, n)):
        Ic[i - 1] += X[i].T @ Ic[i] @ X[i]       # I^c_{i−1} += X_iᵀ I^c_i X_i
    M = np.zeros((n, n))
    for i in range(n):
        F = Ic[i] @ chain.S(i)                   # force of the subtree for q̈_i = 1
        M[i, i] = chain.S(i) @ F                 # M_ii = S_iᵀ I^c_i S_i
        for j in reversed(range(i)):
            F = X[j + 1].T @ F                   # carry it one joint towards the base
            M[i, j] = M[j, i] = chain.S(j) @ F   # M_ij = S_jᵀ F
    return M
