"""RNEA over many states at once: the same two passes, every quantity for N states side by side.

A spatial vector of N states is a (6, N) array, one column per state, so each
component is one contiguous row and every line below is a handful of numpy
calls on rows of N numbers; there is one Python loop over the joints and none
over the states.

Four choices make it fast without changing the passes of
:func:`course_lib.physics.chains.rnea`:

- **Each link's frame is turned so that its joint axis is z.** Joint torques
  do not depend on the frame a link's quantities are written in
  (τ_i = S_iᵀ F_i is a power per unit rate), so we may pick, once per chain,
  a rotation Z_i with Z_i u_i = e_z. Then the joint's motion subspace is
  S = [e_z; 0] (revolute) or [0; e_z] (prismatic), τ_i is one row of F_i,
  and the joint's own motion is a turn about z (two rows mix with cos q and
  sin q) or a shift along z.
- **X_i = X_J(q_i) · C_i.** The part of X_i that does not depend on q (the
  placement, with the turns Z of link i and of its parent folded in) is one
  constant 6×6 matrix C_i per joint, applied to all states by one matrix
  product (V and A go through it together); only the cheap joint part
  X_J(q_i) is written out, row by row.
- **cos q and sin q from tan(q/2)** (:func:`cos_sin`): numpy's tan is
  vectorised, its sin and cos mostly are not.
- **Blocks of a few thousand states**, so that one block's arrays stay in the
  processor's cache.

On the Panda-like arm (n = 7) this is two to three times as fast as a Python
loop of Pinocchio's C++ ``rnea`` over the same 10⁴ states (``make bench`` prints
the ratio); the single-state :func:`course_lib.physics.chains.rnea` remains the one to
read first.

>>> import numpy as np
>>> from course_lib.physics.chains.chain import Chain
>>> arm = Chain.planar([1.0, 0.8], masses=[2.0, 1.5])
>>> rnea_batch(arm, np.zeros((3, 2)), np.zeros((3, 2)), np.zeros((3, 2))).round(2)
array([[30.41,  5.89],
       [30.41,  5.89],
       [30.41,  5.89]])
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from course_lib.physics.chains.chain import Chain
from course_lib.physics.chains.spatial import motion_transform, skew, spatial_inertia

# Rows of a (6, N) spatial vector [ω; v] holding x components (0, 3) and y components (1, 4).
X_ROWS, Y_ROWS = slice(0, 6, 3), slice(1, 6, 3)


def cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a × b for each column, (3, N) × (3, N) → (3, N)."""
    out = np.empty(np.broadcast_shapes(a.shape, b.shape))
    out[0] = a[1] * b[2] - a[2] * b[1]
    out[1] = a[2] * b[0] - a[0] * b[2]
    out[2] = a[0] * b[1] - a[1] * b[0]
    return out


def cos_sin(q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """cos q and sin q from t = tan(q/2): cos q = 2/(1 + t²) − 1, sin q = t · 2/(1 + t²).

    The half-angle (Weierstrass) formulas give the same numbers to rounding; they
    are here because numpy vectorises tan but, on most processors, not sin and cos,
    which made the two calls a quarter of the batch's time. At q = π, t is
    ~1.6e16 and the formulas still give cos = −1 and sin ≈ 1.2e-16, as np.sin does.

    >>> c, s = cos_sin(np.array([0.0, np.pi / 2, np.pi, -2.0]))
    >>> bool(np.allclose(c, np.cos([0.0, np.pi / 2, np.pi, -2.0]), rtol=0, atol=1e-15))
    True
    """
    t = np.tan(0.5 * q)
    two_over = 2.0 / (1.0 + t * t)
    return two_over - 1.0, t * two_over


def axis_to_z(u: np.ndarray) -> np.ndarray:
    """A rotation Z (3×3) with Z u = e_z: its rows are a right-handed basis (e₁, e₂, u).

    >>> Z = axis_to_z(np.array([1.0, 0.0, 0.0]))
    >>> bool(np.allclose(Z @ [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]))
    True
    >>> bool(np.isclose(np.linalg.det(Z), 1.0))
    True
    """
    e1 = np.eye(3)[np.argmin(np.abs(u))]   # the base axis least parallel to u,
    e1 = e1 - (e1 @ u) * u                 # made perpendicular to it (Gram–Schmidt)
    e1 /= np.linalg.norm(e1)
    return np.array([e1, skew(u) @ e1, u])  # e₂ = u × e₁


class BatchJoint(NamedTuple):
    """What the batched passes need of joint i, once per call (link i's frame turned by Z_i).

    Attributes:
        revolute: True for a revolute joint (a turn about z), False for a prismatic one
            (a shift along z).
        parent: index of the parent body, −1 for the base.
        C: the constant part of X_i, from the parent's turned frame into link i's at
            q_i = 0 (6×6).
        I: link i's spatial inertia in its turned frame (6×6).
    """

    revolute: bool
    parent: int
    C: np.ndarray
    I: np.ndarray


def batch_joints(chain: Chain) -> list[BatchJoint]:
    """The per-joint constants of :func:`rnea_batch`, in frames whose joint axis is z.

    At q_i = 0, X_i = X(E_iᵀ, −E_iᵀ p_i) (placement E_i, p_i, see :meth:`Chain.X`).
    Written between turned frames (a vector a of link i reads Z_i a), it becomes
    C_i = X(Z_i E_iᵀ Z_λ(i)ᵀ, −Z_i E_iᵀ p_i), and link i's centre of mass and
    inertia read Z_i c_i and Z_i I_c,i Z_iᵀ. The base is not turned (Z_0 = 1).
    """
    joints, Zs = [], []
    for i in range(chain.n):
        Z, Et = axis_to_z(chain.axes[i]), chain.placement_rotations[i].T
        Z_parent = np.eye(3) if chain.parent(i) < 0 else Zs[chain.parent(i)]
        C = motion_transform(Z @ Et @ Z_parent.T, -Z @ Et @ chain.placement_origins[i])
        I = spatial_inertia(chain.masses[i], Z @ chain.coms[i], Z @ chain.inertias[i] @ Z.T)
        joints.append(BatchJoint(chain.kinds[i] == "R", chain.parent(i), C, I))
        Zs.append(Z)
    return joints


def joint_motion(W: np.ndarray, revolute: bool, cos: np.ndarray, sin: np.ndarray,
                 qi: np.ndarray) -> None:
    """W ← X_J(q_i) W in place, for motion vectors W (…, 6, N) already carried by C_i.

    A frame turned by q about z sees a vector (x, y) as (c x + s y, −s x + c y),
    for ω (rows 0, 1) and v (rows 3, 4) alike. A frame shifted by q along z
    sees the point velocity v − q e_z × ω: v_x += q ω_y, v_y −= q ω_x.
    """
    x, y = W[..., X_ROWS, :], W[..., Y_ROWS, :]   # views: rows (0, 3) and (1, 4)
    if revolute:  # in place, y first while x is still the old x
        sin_y = sin * y
        y *= cos
        y -= sin * x
        x *= cos
        x += sin_y
    else:
        W[..., 3, :] += qi * W[..., 1, :]
        W[..., 4, :] -= qi * W[..., 0, :]


def joint_force_back(F: np.ndarray, revolute: bool, cos: np.ndarray, sin: np.ndarray,
                     qi: np.ndarray) -> None:
    """F ← X_J(q_i)ᵀ F in place, a force (6, N) from link i back to before the joint.

    The transpose of the turn above turns back by q: (c x − s y, s x + c y).
    Shifted back along z, the moment about the old origin is n + q e_z × f:
    n_x −= q f_y, n_y += q f_x.
    """
    x, y = F[X_ROWS], F[Y_ROWS]
    if revolute:  # in place, y first while x is still the old x
        sin_y = sin * y
        y *= cos
        y += sin * x
        x *= cos
        x -= sin_y
    else:
        F[0] -= qi * F[4]
        F[1] += qi * F[3]


def add_cross_force(F: np.ndarray, V: np.ndarray, H: np.ndarray) -> None:
    """F += V ×* H = [ω × h_n + v × h_f; ω × h_f] in place, for (6, N) arrays."""
    w, v, hn, hf = V[:3], V[3:], H[:3], H[3:]
    F[:3] += cross(w, hn)
    F[:3] += cross(v, hf)
    F[3:] += cross(w, hf)


#: States per block: the arrays of one block stay in the processor's cache, so numpy's
#: row operations read fast memory; far larger blocks are slower, far smaller ones pay
#: numpy's per-call cost too often.
BLOCK = 4096


def rnea_batch(chain: Chain, q: Any, qd: Any, qdd: Any) -> np.ndarray:
    """τ for N states at once; q, qd, qdd of shape (N, n), τ of shape (N, n). Chain or tree, rigid links only.

    The same passes as :func:`course_lib.physics.chains.rnea`, in link frames turned so
    that every joint axis is z (see the module docstring), so S_i q̇_i adds q̇_i
    to one row and τ_i = S_iᵀ F_i reads one row. The states go through in
    blocks of :data:`BLOCK`.
    """
    if chain.has_rotors:
        raise ValueError("rnea_batch covers rigid links only; this chain has motor rotors: "
                         "call rnea(chain, q, qd, qdd) state by state")
    q, qd, qdd = (np.asarray(v, dtype=float) for v in (q, qd, qdd))
    if not (q.ndim == 2 and q.shape[1] == chain.n and q.shape == qd.shape == qdd.shape):
        raise ValueError(f"q, qd, qdd must all have shape (N, {chain.n}), got "
                         f"{q.shape}, {qd.shape}, {qdd.shape}")
    joints = batch_joints(chain)
    tau = np.empty(q.shape)
    for start in range(0, q.shape[0], BLOCK):
        rows = slice(start, start + BLOCK)
        tau[rows] = rnea_block(joints, chain.gravity, q[rows].T, qd[rows].T, qdd[rows].T).T
    return tau


def rnea_block(joints: list[BatchJoint], gravity: np.ndarray, q: np.ndarray, qd: np.ndarray,
               qdd: np.ndarray) -> np.ndarray:
    """RNEA's two passes for one block; q, qd, qdd and the returned τ are (n, N)."""
    n, N = q.shape
    q, qd, qdd = (np.ascontiguousarray(v) for v in (q, qd, qdd))
    cos, sin = cos_sin(q)
    base = np.zeros((2, 6, N))                # [V; A] of the base: at rest, and
    base[1, 3:] = -gravity[:, None]           # gravity as an upward acceleration
    F = np.empty((n, 6, N))
    # each body's [V; A] is kept until its last child has read it (in a serial chain, one step)
    last_child = {J.parent: i for i, J in enumerate(joints)}
    VA_of: dict[int, np.ndarray] = {}

    for i, J in enumerate(joints):  # forward pass: motion, base to tips
        VA = J.C @ (base if J.parent < 0 else VA_of[J.parent])       # X_i V_λ(i), X_i A_λ(i)
        if last_child.get(J.parent) == i:
            VA_of.pop(J.parent, None)
        joint_motion(VA, J.revolute, cos[i], sin[i], q[i])
        V, A = VA
        z = 2 if J.revolute else 5                                   # S_i = e_z in ω or in v
        V[z] += qd[i]                                   # V_i = X_i V_λ(i) + S_i q̇_i
        A[z] += qdd[i]                                  # A_i = X_i A_λ(i) + S_i q̈_i
        if J.revolute:  # + V_i × S_i q̇_i = q̇_i [ω × e_z; v × e_z], a × e_z = (a_y, −a_x, 0)
            A[X_ROWS] += qd[i] * V[Y_ROWS]
            A[Y_ROWS] -= qd[i] * V[X_ROWS]
        else:           # + V_i × S_i q̇_i = q̇_i [0; ω × e_z]
            A[3] += qd[i] * V[1]
            A[4] -= qd[i] * V[0]
        np.matmul(J.I, A, out=F[i])                                  # F_i = I A_i
        add_cross_force(F[i], V, J.I @ V)                            #       + V_i ×* I V_i
        if i in last_child:                                          # its children read it
            VA_of[i] = VA

    tau = np.empty((n, N))
    for i in reversed(range(n)):  # backward pass: forces, tips to base
        J = joints[i]
        tau[i] = F[i, 2 if J.revolute else 5]                        # τ_i = S_iᵀ F_i
        if J.parent >= 0:                                            # F_λ(i) += X_iᵀ F_i
            joint_force_back(F[i], J.revolute, cos[i], sin[i], q[i])
            F[J.parent] += J.C.T @ F[i]
    return tau
