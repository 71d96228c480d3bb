"""Input checks shared by the models and the simulator.

Every public function of the course validates what it is given and raises a
``ValueError`` that names the argument, says what was wrong and what is
allowed. These helpers keep those messages uniform.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np


def positive(name: str, value: Any) -> float:
    """Return ``value`` as a float, or raise if it is not a finite number > 0."""
    x = _finite_scalar(name, value)
    if x <= 0.0:
        raise ValueError(f"{name} must be > 0, got {x!r}")
    return x


def non_negative(name: str, value: Any) -> float:
    """Return ``value`` as a float, or raise if it is not a finite number >= 0."""
    x = _finite_scalar(name, value)
    if x < 0.0:
        raise ValueError(f"{name} must be >= 0, got {x!r}")
    return x


def finite(name: str, value: Any) -> float:
    """Return ``value`` as a float, or raise if it is NaN, infinite or not a number."""
    return _finite_scalar(name, value)


def _finite_scalar(name: str, value: Any) -> float:
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a real number, got the boolean {value!r}")
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a real number, got {value!r}") from None
    if not math.isfinite(x):
        raise ValueError(f"{name} must be finite, got {x!r}")
    return x


def damping(name: str, value: Any, n: int) -> np.ndarray:
    """Viscous friction: a scalar for every joint, or one value per joint, each >= 0.

    Returns an array of shape ``(n,)``.
    """
    arr = np.asarray(value, dtype=float) if not isinstance(value, bool) else None
    if arr is None or arr.ndim > 1 or (arr.ndim == 1 and arr.shape[0] != n):
        raise ValueError(
            f"{name} must be a number or a sequence of {n} numbers (one per joint), got {value!r}"
        )
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite, got {value!r}")
    if np.any(arr < 0):
        raise ValueError(f"{name} must be >= 0 (friction removes energy), got {value!r}")
    return np.broadcast_to(arr, (n,)).astype(float).copy()


def states(name: str, value: Any, n: int) -> np.ndarray:
    """Return ``value`` as a float array of shape ``(n,)`` or ``(N, n)``.

    For a one-degree-of-freedom system (``n == 1``) a plain number is accepted
    too and treated as shape ``(1,)``.
    """
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be an array of numbers, got {value!r}") from None
    if n == 1 and arr.ndim == 0:
        arr = arr.reshape(1)
    if arr.ndim not in (1, 2) or arr.shape[-1] != n:
        raise ValueError(
            f"{name} must have shape ({n},) for one state or (N, {n}) for a batch, "
            f"got shape {arr.shape}"
        )
    finite_entries = all(map(math.isfinite, arr.tolist())) if arr.ndim == 1 else np.isfinite(arr).all()
    if not finite_entries:
        raise ValueError(f"{name} contains NaN or inf; every entry must be finite")
    return arr


def matching(names: tuple[str, ...], arrays: tuple[np.ndarray, ...]) -> tuple[np.ndarray, ...]:
    """Broadcast a single state against a batch; refuse batches of different lengths."""
    try:
        return tuple(np.broadcast_arrays(*arrays))
    except ValueError:
        shapes = ", ".join(f"{k} {a.shape}" for k, a in zip(names, arrays))
        raise ValueError(
            f"{' and '.join(names)} must describe the same states: shapes {shapes} do not match "
            "(use one state, or batches of the same length N)"
        ) from None


def choice(name: str, value: Any, allowed: tuple[str, ...]) -> str:
    """Return ``value`` if it is one of ``allowed``, else raise listing the options."""
    if value not in allowed:
        options = ", ".join(repr(a) for a in allowed)
        raise ValueError(f"{name} must be one of {options}; got {value!r}")
    return value
