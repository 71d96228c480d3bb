"""Christoffel symbols of a mass matrix, the C they build, and the skew-symmetry of Ṁ − 2C.

Conventions (those of :func:`course_lib.physics.symbolic.christoffel_symbols`, so the
numeric and the symbolic arrays hold the same numbers at the same indices):
the Christoffel symbols of the first kind are

    c_ijk = ½ (∂M_ij/∂q_k + ∂M_ik/∂q_j − ∂M_jk/∂q_i)        (kg·m²/rad)

stored as ``c[..., i, j, k]``; they are symmetric in j, k. The Coriolis matrix
built from them is C_ij = Σ_k c_ijk q̇_k, and the velocity torque is
(C q̇)_i = Σ_jk c_ijk q̇_j q̇_k. Terms with j = k are *centrifugal* (a joint's own
rate squared), terms with j ≠ k *Coriolis* (a product of two rates). Some texts
write the same symbols with the torque's row last (their c_ijk is our c_kji).

Everything here is computed from M(q) alone, by central differences, so it is
an independent check of any closed form of C (e.g.
:meth:`~course_lib.physics.models.TwoLinkArm.coriolis_matrix`).

Physics note: many matrices C give the same C q̇ (add any S with S q̇ = 0);
only the Christoffel one makes N = Ṁ − 2C skew-symmetric for every q̇ (the
*strong* form, wᵀ N w = 0 for all w). The *weak* form q̇ᵀ N q̇ = 0 holds for
every valid C: it is the power balance Ṫ = q̇ᵀ(τ − g), the statement that
Coriolis and centrifugal torques do no work.

>>> from course_lib.physics.models import TwoLinkArm
>>> arm = TwoLinkArm()
>>> q, qd = np.array([0.3, np.pi / 2]), np.array([2.0, 0.0])
>>> c = christoffel_symbols(arm.mass_matrix, q)
>>> round(float(c[1, 0, 0]), 6)            # c₂₁₁ = h = m₂ l₁ l_c₂ sin θ₂ (c₁₁₂ with the row last): 0.6
0.6
>>> velocity_torque_parts(c, qd)[0].round(6)   # centrifugal part: τ₂ = h θ̇₁² = 2.4 N·m
array([0. , 2.4])
>>> skew_error(arm.mass_matrix_derivative(q, qd), coriolis_from_christoffel(c, qd)) < 1e-8
True
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from course_lib.physics import _checks

#: central-difference step for ∂M/∂q (rad); round-off ~1e-16/EPS, truncation ~EPS²: both ~1e-10
EPS = 1e-6


def mass_matrix_gradient(mass_matrix: Callable[[np.ndarray], np.ndarray], q: Any, eps: float = EPS) -> np.ndarray:
    """∂M/∂q_k by central differences, stored as ``dM[..., k, i, j]`` (kg·m²/rad).

    Args:
        mass_matrix: M(q), accepting q of shape (n,) or (N, n) like the course's models.
        q: joint angles (rad), shape (n,) or (N, n).
        eps: difference step (rad), > 0.

    Returns:
        Shape (n, n, n) or (N, n, n, n).
    """
    q = _q(q)
    eps = _checks.positive("eps", eps)
    n = q.shape[-1]
    out = []
    for k in range(n):
        step = np.zeros(n)
        step[k] = eps
        out.append((np.asarray(mass_matrix(q + step)) - np.asarray(mass_matrix(q - step))) / (2 * eps))
    return np.stack(out, axis=-3)


def christoffel_symbols(mass_matrix: Callable[[np.ndarray], np.ndarray], q: Any, eps: float = EPS) -> np.ndarray:
    """c_ijk = ½ (∂_k M_ij + ∂_j M_ik − ∂_i M_jk) from differences of M (see the module docstring).

    Args:
        mass_matrix: M(q) of the system (kg·m²).
        q: joint angles (rad), shape (n,) or (N, n).
        eps: difference step (rad).

    Returns:
        ``c[..., i, j, k]``, shape (n, n, n) or (N, n, n, n), symmetric in j, k.
    """
    d = mass_matrix_gradient(mass_matrix, q, eps)  # d[..., a, b, c] = ∂M_bc/∂q_a
    return 0.5 * (np.einsum("...kij->...ijk", d) + np.einsum("...jik->...ijk", d) - d)


def coriolis_from_christoffel(c: np.ndarray, qd: Any) -> np.ndarray:
    """C_ij = Σ_k c_ijk q̇_k (kg·m²/s), shape (n, n) or (N, n, n).

    Args:
        c: Christoffel symbols ``c[..., i, j, k]``.
        qd: joint rates (rad/s), shape (n,) or (N, n).
    """
    return np.einsum("...ijk,...k->...ij", c, _q(qd, "qd"))


def velocity_torque_parts(c: np.ndarray, qd: Any) -> tuple[np.ndarray, np.ndarray]:
    """(centrifugal, Coriolis) parts of C q̇ (N·m): Σ_k c_ikk q̇_k² and Σ_{j≠k} c_ijk q̇_j q̇_k.

    Their sum is C q̇ for *every* valid C: the split belongs to the vector, not to a matrix.
    """
    qd = _q(qd, "qd")
    total = np.einsum("...ijk,...j,...k->...i", c, qd, qd)
    centrifugal = np.einsum("...ikk,...k->...i", c, qd**2)
    return centrifugal, total - centrifugal


def largest_velocity_torque_part(mass_matrix: Callable[[np.ndarray], np.ndarray], rate_limit: float,
                                 step_deg: float = 0.5) -> float:
    """The largest |centrifugal| or |Coriolis| part of C q̇ (N·m) of a planar 2R arm with |q̇ᵢ| ≤ rate_limit.

    M depends on θ₂ only, so θ₂ is scanned (θ₁ = 0) in ``step_deg`` steps; each part is a product of two
    rates times a function of θ₂, so over the square of rates it is largest at a corner.

    >>> from course_lib.physics.models import TwoLinkArm
    >>> round(largest_velocity_torque_part(TwoLinkArm().mass_matrix, 6.0), 2)   # 2 h_max 6², h_max = m₂l₁l_c₂
    43.2
    """
    deg = np.arange(-180.0, 180.0, step_deg)
    c = christoffel_symbols(mass_matrix, np.stack([np.zeros_like(deg), np.radians(deg)], -1))
    corners = [np.array([a, b]) * rate_limit for a in (-1.0, 1.0) for b in (-1.0, 1.0)]
    return max(float(np.abs(part).max()) for qd in corners
               for part in velocity_torque_parts(c, np.broadcast_to(qd, (len(deg), 2))))


def passivity_matrix(mdot: np.ndarray, C: np.ndarray) -> np.ndarray:
    """N = Ṁ − 2C (kg·m²/s), the matrix whose skew-symmetry is the strong form."""
    return np.asarray(mdot) - 2 * np.asarray(C)


def skew_error(mdot: np.ndarray, C: np.ndarray) -> np.ndarray | float:
    """‖N + Nᵀ‖ (Frobenius, kg·m²/s) with N = Ṁ − 2C: zero iff N is skew-symmetric (the strong form).

    Args:
        mdot: Ṁ, shape (n, n) or (N, n, n), e.g. from ``model.mass_matrix_derivative``.
        C: a Coriolis matrix of the same shape.
    """
    N = passivity_matrix(mdot, C)
    err = np.linalg.norm(N + np.swapaxes(N, -1, -2), axis=(-2, -1))
    return float(err) if np.ndim(err) == 0 else err


def power_form(mdot: np.ndarray, C: np.ndarray, qd: Any) -> np.ndarray | float:
    """q̇ᵀ (Ṁ − 2C) q̇ (W·2): zero for every C with the right C q̇ (the weak form, energy balance)."""
    qd = _q(qd, "qd")
    val = np.einsum("...i,...ij,...j->...", qd, passivity_matrix(mdot, C), qd)
    return float(val) if np.ndim(val) == 0 else val


def _q(q: Any, name: str = "q") -> np.ndarray:
    try:
        arr = np.asarray(q, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be joint values (numbers), shape (n,) or (N, n); got {q!r}") from None
    if arr.ndim not in (1, 2) or arr.shape[-1] < 1:
        raise ValueError(f"{name} must have shape (n,) or (N, n), got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite numbers, got {arr.tolist()}")
    return arr
