"""RNEA over many states at once: the same two passes, every quantity for N states side by side.

A spatial velocity of N states is a (6, N) array, one column per state (so
each component is one contiguous row, which is what makes numpy fast), and
the 6×6 products of :mod:`course_lib.chains.spatial` are written out as the
3-vector operations they stand for:

- X V    = [R ω; r × (R ω) + R v]           (X = [[R, 0], [[r]× R, R]])
- Xᵀ F   = [Rᵀ (n − r × f); Rᵀ f]
- V × W  = [ω × ω_W; v × ω_W + ω × v_W]
- V ×* F = [ω × n + v × f; ω × f]

It is :func:`course_lib.chains.rnea` with one Python loop over the joints and
none over the states: torques along a whole trajectory, or for a regression,
in one call.

>>> import numpy as np
>>> from course_lib.chains.chain import Chain
>>> arm = Chain.planar([1.0, 0.8], masses=[2.0, 1.5])
>>> rnea_batch(arm, np.zeros((3, 2)), np.zeros((3, 2)), np.zeros((3, 2))).round(2)
array([[30.41,  5.89],
       [30.41,  5.89],
       [30.41,  5.89]])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.chains.chain import Chain
from course_lib.chains.spatial import skew


def cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a × b for each column, (3, N) × (3, N) → (3, N)."""
    return np.array([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]])


class JointRotation:
    """The rotation R of X_i at N joint positions, applied without forming N matrices.

    R = R_J(q)ᵀ Eᵀ with E the joint's placement rotation and R_J(q) the joint's
    own rotation (the identity for a prismatic joint). A rotation by θ about
    u acts on a vector b by Rodrigues' formula,
    b + sin θ (u × b) + (1 − cos θ) u × (u × b), so R a turns Eᵀ a by −q.
    """

    def __init__(self, E: np.ndarray, u: np.ndarray, angle: np.ndarray | None):
        self.E, self.K = E, skew(u)
        self.sin = None if angle is None else np.sin(angle)
        self.cos1 = None if angle is None else 1.0 - np.cos(angle)

    def _turn(self, b: np.ndarray, sign: float) -> np.ndarray:
        if self.sin is None:
            return b
        ub = self.K @ b                                     # u × b, for every state
        return b + sign * self.sin * ub + self.cos1 * (self.K @ ub)

    def apply(self, a: np.ndarray) -> np.ndarray:
        """R a, parent coordinates into child coordinates, shape (3, N)."""
        return self._turn(self.E.T @ a, -1.0)

    def apply_transpose(self, a: np.ndarray) -> np.ndarray:
        """Rᵀ a, child coordinates back into parent coordinates."""
        return self.E @ self._turn(a, 1.0)


def apply_X(R: JointRotation, r: np.ndarray, V: np.ndarray) -> np.ndarray:
    """X V = [R ω; r × (R ω) + R v], motion from the parent into the child frame."""
    w = R.apply(V[:3])
    return np.concatenate([w, cross(r, w) + R.apply(V[3:])])


def apply_X_transpose(R: JointRotation, r: np.ndarray, F: np.ndarray) -> np.ndarray:
    """Xᵀ F = [Rᵀ(n − r × f); Rᵀ f], a force from the child back into the parent frame."""
    n, f = F[:3], F[3:]
    return np.concatenate([R.apply_transpose(n - cross(r, f)), R.apply_transpose(f)])


def cross_motion(V: np.ndarray, W: np.ndarray) -> np.ndarray:
    """V × W = [ω × ω_W; v × ω_W + ω × v_W]."""
    w, v = V[:3], V[3:]
    return np.concatenate([cross(w, W[:3]), cross(v, W[:3]) + cross(w, W[3:])])


def cross_force(V: np.ndarray, F: np.ndarray) -> np.ndarray:
    """V ×* F = [ω × n + v × f; ω × f]."""
    w, v = V[:3], V[3:]
    return np.concatenate([cross(w, F[:3]) + cross(v, F[3:]), cross(w, F[3:])])


def transforms_batch(chain: Chain, i: int, qi: np.ndarray) -> tuple[JointRotation, np.ndarray]:
    """(R, r) of X_i at each of N joint positions q_i; r has shape (3, N).

    R turns parent coordinates into link i's, r is the parent's origin seen
    from link i (see :meth:`Chain.X`).
    """
    E, p, u = chain.placement_rotations[i], chain.placement_origins[i], chain.axes[i]
    if chain.kinds[i] == "R":   # rotation about u by q_i, origin fixed at p
        R = JointRotation(E, u, qi)
        return R, -R.apply(np.repeat(p[:, None], qi.shape[0], axis=1))
    R = JointRotation(E, u, None)  # translation along u by q_i: origin at p + E u q_i
    return R, -(E.T @ p)[:, None] - u[:, None] * qi


def rnea_batch(chain: Chain, q: Any, qd: Any, qdd: Any) -> np.ndarray:
    """τ for N states at once; q, qd, qdd of shape (N, n), τ of shape (N, n). Rigid links only."""
    if chain.has_rotors:
        raise ValueError("rnea_batch covers rigid links only; this chain has motor rotors: "
                         "call rnea(chain, q, qd, qdd) state by state")
    q, qd, qdd = (np.asarray(v, dtype=float) for v in (q, qd, qdd))
    if not (q.ndim == 2 and q.shape[1] == chain.n and q.shape == qd.shape == qdd.shape):
        raise ValueError(f"q, qd, qdd must all have shape (N, {chain.n}), got "
                         f"{q.shape}, {qd.shape}, {qdd.shape}")
    N, n = q.shape
    q, qd, qdd = q.T.copy(), qd.T.copy(), qdd.T.copy()     # one row per joint
    X = [transforms_batch(chain, i, q[i]) for i in range(n)]
    F = np.zeros((n, 6, N))
    V = np.zeros((6, N))
    A = np.repeat(np.concatenate([np.zeros(3), -chain.gravity])[:, None], N, axis=1)  # gravity
    for i in range(n):  # forward pass
        S, I = chain.S(i)[:, None], chain.I(i)
        V_J = S * qd[i]                                                 # S_i q̇_i
        V = apply_X(*X[i], V) + V_J                                     # V_i = X_i V_{i−1} + V_J
        A = apply_X(*X[i], A) + S * qdd[i] + cross_motion(V, V_J)       # + S q̈ + V × V_J
        F[i] = I @ A + cross_force(V, I @ V)                            # I A + V ×* I V
    tau = np.zeros((n, N))
    for i in reversed(range(n)):  # backward pass
        tau[i] = chain.S(i) @ F[i]                                      # τ_i = S_iᵀ F_i
        if i > 0:
            F[i - 1] += apply_X_transpose(*X[i], F[i])                  # F_{i−1} += X_iᵀ F_i
    return tau.T
