"""Geometry of a 2×2 symmetric positive-definite matrix: eigen-directions, κ and level-set ellipses.

A quadratic form ½ vᵀ A v with A symmetric positive definite (SPD) measures an
energy: the mass matrix M of the 2R arm gives the kinetic energy
T = ½ q̇ᵀ M q̇ in joint-velocity space, the operational-space inertia Λ gives it
at the tool. The set where the form equals E is an ellipse whose semi-axes lie
along the eigenvectors of A, with lengths √(2E/λᵢ): a large eigenvalue is a
"heavy" direction (little speed for the energy, a short axis), a small one a
"light" direction (a long axis). The condition number κ = λ_max/λ_min says
how far the ellipse is from a circle (κ = 1).

Every function accepts one matrix, shape ``(2, 2)``, or a stack ``(N, 2, 2)``,
and refuses a matrix that is not SPD with a ValueError that says which and why.

>>> lam, vec = spd_eigen(np.array([[2.0, 0.0], [0.0, 0.5]]))
>>> lam.tolist(), condition_number(np.diag([2.0, 0.5]))
([0.5, 2.0], 4.0)
>>> semi_axes(np.diag([2.0, 0.5]), 1.0).round(3).tolist()
[2.0, 1.0]
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np


def check_spd(A: Any, name: str = "M") -> np.ndarray:
    """``A`` as a float array of SPD 2×2 matrices, or a ValueError that says what is wrong.

    Args:
        A: one matrix ``(2, 2)`` or a stack ``(N, 2, 2)``.
        name: how the message names the matrix.

    Returns:
        ``A`` as a float array of the same shape.

    Raises:
        ValueError: wrong shape, a non-finite entry, not symmetric, or not positive definite
            (naming the first offending matrix and its entries).

    >>> check_spd([[1.0, 2.0], [2.0, 1.0]])
    Traceback (most recent call last):
    ...
    ValueError: M must be positive definite (both eigenvalues > 0); M = [[1, 2], [2, 1]] has eigenvalues -1 and 3
    """
    try:
        A = np.asarray(A, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a 2×2 matrix of numbers (or a stack of them), got {A!r}") from None
    if A.ndim < 2 or A.shape[-2:] != (2, 2):
        raise ValueError(f"{name} must be a 2×2 matrix or a stack of shape (N, 2, 2), got shape {A.shape}")
    flat = A.reshape(-1, 2, 2)
    bad = ~np.isfinite(flat).all(axis=(1, 2))
    if bad.any():
        raise ValueError(f"{name} must have finite entries; {name} = {_show(flat[bad.argmax()])}")
    asym = np.abs(flat[:, 0, 1] - flat[:, 1, 0]) > 1e-9 * (1.0 + np.abs(flat).max(axis=(1, 2)))
    if asym.any():
        raise ValueError(f"{name} must be symmetric; {name} = {_show(flat[asym.argmax()])} is not")
    lam = _eigenvalues(flat)
    notpd = lam[:, 0] <= 0
    if notpd.any():
        k = notpd.argmax()
        raise ValueError(f"{name} must be positive definite (both eigenvalues > 0); {name} = {_show(flat[k])} "
                         f"has eigenvalues {lam[k, 0]:.4g} and {lam[k, 1]:.4g}")
    return A


def spd_eigen(A: Any, name: str = "M") -> tuple[np.ndarray, np.ndarray]:
    """Eigenvalues (ascending) and unit eigenvectors of SPD 2×2 matrices.

    Args:
        A: ``(2, 2)`` or ``(N, 2, 2)``, symmetric positive definite.
        name: how an error message names the matrix.

    Returns:
        ``lam`` of shape ``(2,)`` or ``(N, 2)`` with ``lam[..., 0] <= lam[..., 1]``,
        and ``vec`` of shape ``(2, 2)`` or ``(N, 2, 2)`` whose *columns* are the
        eigenvectors: ``vec[..., :, 0]`` belongs to the smallest eigenvalue (the light
        direction). Each eigenvector is chosen with a non-negative first entry (a sign
        convention only: −v is the same axis).

    Raises:
        ValueError: see :func:`check_spd`.
    """
    A = check_spd(A, name)
    lam, vec = np.linalg.eigh(A)
    flip = np.where(vec[..., 0:1, :] < 0, -1.0, 1.0)
    return lam, vec * flip


def condition_number(A: Any, name: str = "M") -> np.ndarray | float:
    """κ = λ_max / λ_min ≥ 1 (dimensionless): 1 for a circle, large for a flat ellipse.

    Raises:
        ValueError: see :func:`check_spd`.

    >>> condition_number([[3.0, 1.0], [1.0, 3.0]])
    2.0
    """
    lam = _eigenvalues(check_spd(A, name).reshape(-1, 2, 2))
    kappa = lam[:, 1] / lam[:, 0]
    return float(kappa[0]) if np.ndim(A) == 2 else kappa


def semi_axes(A: Any, E: float, name: str = "M") -> np.ndarray:
    """Semi-axis lengths √(2E/λ) of the ellipse ½ vᵀ A v = E, longest first.

    Args:
        A: SPD ``(2, 2)`` or ``(N, 2, 2)`` (e.g. M in kg·m²).
        E: the energy of the level set (J), finite and > 0.

    Returns:
        ``(2,)`` or ``(N, 2)``: the long semi-axis (along the smallest eigenvalue's
        eigenvector) then the short one, in the units of v (rad/s for M).

    Raises:
        ValueError: for a bad E or a matrix that is not SPD.
    """
    E = check_energy(E)
    lam, _ = spd_eigen(A, name)
    return np.sqrt(2.0 * E / lam)


def level_set(A: Any, E: float, n: int = 121, name: str = "M") -> np.ndarray:
    """Points v on the ellipse ½ vᵀ A v = E, going once round, closed (first point = last).

    The unit circle mapped by √(2E) A^(−½): each point u on the circle becomes
    v = √(2E) V diag(λ^(−½)) Vᵀ u, so ½ vᵀ A v = E exactly.

    Args:
        A: one SPD 2×2 matrix.
        E: the energy (J), finite and > 0.
        n: number of points (≥ 8).

    Returns:
        Array ``(n, 2)`` of points (v₁, v₂).

    Raises:
        ValueError: for a bad E, n, or a matrix that is not SPD or not a single 2×2.
    """
    E = check_energy(E)
    if not isinstance(n, (int, np.integer)) or n < 8:
        raise ValueError(f"n must be a whole number of points >= 8, got {n!r}")
    lam, vec = spd_eigen(A, name)
    if lam.ndim != 1:
        raise ValueError(f"{name} must be one 2×2 matrix here, got a stack of shape {np.shape(A)}")
    phi = np.linspace(0.0, 2.0 * np.pi, n)
    circle = np.stack([np.cos(phi), np.sin(phi)], -1)
    root_inv = vec @ np.diag(1.0 / np.sqrt(lam)) @ vec.T
    return math.sqrt(2.0 * E) * circle @ root_inv.T


def axis_angle(v: Any, axis: Any) -> float:
    """Angle (degrees, 0…90) between vector v and the line along ``axis`` (±axis are the same line).

    Raises:
        ValueError: if either vector is zero or not finite.

    >>> round(axis_angle([1.0, 1.0], [-1.0, 0.0]), 6)
    45.0
    """
    v, axis = np.asarray(v, dtype=float), np.asarray(axis, dtype=float)
    nv, na = float(np.hypot(*v)), float(np.hypot(*axis))
    if not (math.isfinite(nv) and math.isfinite(na)) or nv == 0.0 or na == 0.0:
        raise ValueError(f"an angle needs two finite non-zero vectors, got {v.tolist()} and {axis.tolist()}")
    c = min(1.0, abs(float(v @ axis)) / (nv * na))
    return math.degrees(math.acos(c))


def check_energy(E: Any) -> float:
    """E as a float, or a ValueError unless it is finite and > 0 (J)."""
    try:
        E = float(E)
    except (TypeError, ValueError):
        E = math.nan
    if not (math.isfinite(E) and E > 0):
        raise ValueError(f"the energy E must be a finite number > 0 (J), got {E!r}")
    return E


def _eigenvalues(flat: np.ndarray) -> np.ndarray:
    """Ascending eigenvalues of symmetric 2×2 matrices, closed form (N, 2)."""
    a, b, d = flat[:, 0, 0], 0.5 * (flat[:, 0, 1] + flat[:, 1, 0]), flat[:, 1, 1]
    mean, r = 0.5 * (a + d), np.hypot(0.5 * (a - d), b)
    return np.stack([mean - r, mean + r], -1)


def _show(A: np.ndarray) -> str:
    return "[[" + ", ".join(f"{x:.4g}" for x in A[0]) + "], [" + ", ".join(f"{x:.4g}" for x in A[1]) + "]]"
