"""Recursive Newton–Euler (RNEA): inverse dynamics in two passes, O(n).

Given q, q̇, q̈, the forward pass (base to tips) finds each link's spatial
velocity V_i and acceleration A_i from its parent's, V_λ(i) and A_λ(i); the
backward pass (tips to base) adds up the spatial force F_i each link needs
for itself and for its whole subtree, hands it to its parent, and projects
it on the joint: τ_i = S_iᵀ F_i. Gravity enters as an acceleration of the
base, A_0 = [0; −g]. In a serial chain the parent is λ(i) = i − 1; in a tree
the forward pass runs in body order (parents come first) and the backward
pass in reverse (children come first), so each pass still visits each body
once, O(n).

The rest of this module is "inverse dynamics as a tool" (lecture notes,
§2.3): with chosen inputs the same function returns g(q), c(q, q̇), the
columns of M(q), and Jᵀ F.

>>> from course_lib.physics.chains.chain import Chain
>>> arm = Chain.planar([1.0, 0.8], masses=[2.0, 1.5])
>>> gravity_torque(arm, [0.0, 0.0]).round(2)      # the stretched 2R arm held still
array([30.41,  5.89])
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from course_lib.physics.chains.chain import Chain
from course_lib.physics.chains.spatial import crf, crm


class RneaPasses(NamedTuple):
    """What each pass of RNEA carries, link by link (row i = link i + 1), in link frames.

    Attributes:
        V: spatial velocities [ω; v] (rad/s; m/s), shape (n, 6).
        A: spatial accelerations, gravity included as the base's upward
            acceleration (rad/s²; m/s²), shape (n, 6).
        F_self: each link's own need I A + V ×* I V − F_ext (N·m; N), with the rotor
            it carries, if any, shape (n, 6).
        F: the force across joint i, for link i and its whole subtree, shape (n, 6).
        tau: joint torques τ_i = S_iᵀ F_i (plus the rotor's share), shape (n,).
    """

    V: np.ndarray
    A: np.ndarray
    F_self: np.ndarray
    F: np.ndarray
    tau: np.ndarray


def rnea(chain: Chain, q: Any, qd: Any, qdd: Any, f_ext: Any = None,
         gravity: Any = None) -> np.ndarray:
    """Joint torques τ = M q̈ + c + g − Σ Jᵢᵀ F_ext,i that produce q̈ (rigid bodies, no friction).

    Args:
        chain: the chain or tree.
        q, qd, qdd: joint positions (rad or m), rates, accelerations, shape (n,).
        f_ext: optional (n, 6) spatial forces [n; f] that the environment applies
            to each link, in the link's frame about its origin (N·m; N).
        gravity: gravity vector in base axes (m/s²); default ``chain.gravity``.

    Returns:
        τ, shape (n,), N·m for revolute and N for prismatic joints.
    """
    return rnea_passes(chain, q, qd, qdd, f_ext, gravity).tau


def rnea_passes(chain: Chain, q: Any, qd: Any, qdd: Any, f_ext: Any = None,
                gravity: Any = None) -> RneaPasses:
    """RNEA's two passes, keeping every link's V, A and F (arguments as :func:`rnea`)."""
    q, qd, qdd = (chain.q_vector(name, v) for name, v in (("q", q), ("qd", qd), ("qdd", qdd)))
    n = chain.n
    g = chain.gravity if gravity is None else np.asarray(gravity, dtype=float)
    f_ext = np.zeros((n, 6)) if f_ext is None else np.asarray(f_ext, dtype=float).reshape(n, 6)
    X = [chain.X(i, q[i]) for i in range(n)]
    V, A, F = np.zeros((n, 6)), np.zeros((n, 6)), np.zeros((n, 6))
    V_base, A_base = np.zeros(6), np.concatenate([np.zeros(3), -g])  # gravity: accelerate the base
    tau = np.zeros(n)

    # forward pass: motion, base to tip
    for i in range(n):                                   # parents before children
        p = chain.parent(i)
        V_p, A_p = (V_base, A_base) if p < 0 else (V[p], A[p])
        S, I = chain.S(i), chain.I(i)
        V_J = S * qd[i]                                  # V_J,i = S_i q̇_i
        V[i] = X[i] @ V_p + V_J                          # V_i = X_i V_λ(i) + V_J,i
        A[i] = X[i] @ A_p + S * qdd[i] + crm(V[i]) @ V_J  # A_i = X_i A_λ(i) + S_i q̈_i + V_i × V_J,i
        F[i] = I @ A[i] + crf(V[i]) @ (I @ V[i]) - f_ext[i]  # F_i^self = I A + V ×* I V − F_ext
        if chain.has_rotors:  # rotor i rides on the parent link and spins at k_r q̇_i about the joint axis
            tau[i] += _rotor_load(chain, i, V_p, A_p, qd[i], qdd[i], F[p] if p >= 0 else None)
    F_self = F.copy()

    # backward pass: forces, tip to base
    for i in reversed(range(n)):                         # children before parents
        tau[i] += chain.S(i) @ F[i]                      # τ_i = S_iᵀ F_i
        p = chain.parent(i)
        if p >= 0:
            F[p] += X[i].T @ F[i]                        # F_λ(i) += X_iᵀ F_i
    return RneaPasses(V, A, F_self, F, tau)


def _rotor_load(chain: Chain, i: int, V_p: np.ndarray, A_p: np.ndarray, qdi: float, qddi: float,
                F_parent: np.ndarray | None) -> float:
    """Rotor i as one more body: its force goes to the parent link, k_r s·F to joint i.

    The rotor's angular velocity is the parent's plus k_r q̇_i about the joint
    axis (ω_m = ω_λ(i) + k_r q̇_i z_m), so it moves like a joint of
    its own with rate k_r q̇_i. Returns the torque it adds at joint i and adds
    its force, moved to the parent's frame, to ``F_parent`` in place.
    """
    X_r, I_r = chain.X_rotor(i), chain.rotor_spatial_inertia(i)
    s = np.concatenate([chain.axes[i], np.zeros(3)])     # spin axis [u; 0]
    k = chain.gear[i]
    V_J = s * k * qdi
    V_r = X_r @ V_p + V_J
    A_r = X_r @ A_p + s * k * qddi + crm(V_r) @ V_J
    F_r = I_r @ A_r + crf(V_r) @ (I_r @ V_r)
    if F_parent is not None:
        F_parent += X_r.T @ F_r                          # the housing carries the rotor
    return k * (s @ F_r)                                 # through the gear: τ = k_r sᵀ F_r


# -- inverse dynamics as a tool ---------------------------------------------------
def gravity_torque(chain: Chain, q: Any) -> np.ndarray:
    """g(q) = ID(q, 0, 0): the torques that hold the chain still (N·m)."""
    zero = np.zeros(chain.n)
    return rnea(chain, q, zero, zero)


def bias_torque(chain: Chain, q: Any, qd: Any) -> np.ndarray:
    """h(q, q̇) = c + g = ID(q, q̇, 0) (Pinocchio's ``nonLinearEffects``)."""
    return rnea(chain, q, qd, np.zeros(chain.n))


def coriolis_torque(chain: Chain, q: Any, qd: Any) -> np.ndarray:
    """c(q, q̇) = C(q, q̇) q̇ = ID(q, q̇, 0) − g(q): centrifugal and Coriolis torques."""
    return bias_torque(chain, q, qd) - gravity_torque(chain, q)


def mass_matrix_by_columns(chain: Chain, q: Any) -> np.ndarray:
    """M(q), column j = ID(q, 0, e_j) − g(q): n + 1 calls of RNEA, O(n²).

    Column j is the torque every joint needs to give joint j a unit
    acceleration with all else at rest.
    """
    n = chain.n
    g = gravity_torque(chain, q)
    M = np.zeros((n, n))
    for j in range(n):
        M[:, j] = rnea(chain, q, np.zeros(n), np.eye(n)[j]) - g
    return M


def jacobian_transpose_force(chain: Chain, q: Any, link: int, force: Any) -> np.ndarray:
    """J_linkᵀ F: the joint torques a spatial force F on one link is worth.

    ID with the force as the only input (no motion, no gravity) returns the
    torques that *balance* it, −Jᵀ F; the sign flips that back.

    Args:
        chain: the chain or tree.
        q: joint positions.
        link: which link (1 … n, as in the notes) the force acts on.
        force: [n; f] in that link's frame about its origin (N·m; N).

    Returns:
        Jᵀ F with J the link's body Jacobian (angular rows first, link axes).
    """
    if not (isinstance(link, (int, np.integer)) and 1 <= link <= chain.n):
        raise ValueError(f"link must be an integer from 1 to {chain.n}, got {link!r}")
    f_ext = np.zeros((chain.n, 6))
    f_ext[link - 1] = np.asarray(force, dtype=float).reshape(6)
    zero = np.zeros(chain.n)
    return -rnea(chain, q, zero, zero, f_ext=f_ext, gravity=np.zeros(3))
