"""Posing the planar 2R arm by dragging its elbow or its tip: the joint angles a drag asks for.

Shared by the posture labs (lessons 6 and 7): dragging the elbow turns θ₁ to the
shoulder→pointer direction and keeps θ₂; dragging the tip turns θ₂ so that link 2
points at the pointer. Angles are in radians, θ₁ from the horizontal, θ₂ relative
to link 1 and folded into (−π, π].

>>> q = drag_elbow(np.array([0.0, 0.5]), 0.0, 2.0)
>>> q.round(4).tolist()
[1.5708, 0.5]
>>> drag_tip(np.array([0.0, 0.0]), (1.0, 0.0), 1.0, 1.0).round(4).tolist()
[0.0, 1.5708]
"""

from __future__ import annotations

from typing import Any

import numpy as np


def _finite(x: Any, y: Any) -> tuple[float, float]:
    x, y = float(x), float(y)
    if not (np.isfinite(x) and np.isfinite(y)):
        raise ValueError(f"a drag must end at finite coordinates, got ({x}, {y})")
    return x, y


def drag_elbow(q: np.ndarray, x: float, y: float) -> np.ndarray:
    """(θ₁, θ₂) after dragging the elbow to (x, y) (m): θ₁ points link 1 at the pointer, θ₂ stays."""
    x, y = _finite(x, y)
    return np.array([np.arctan2(y, x), float(q[1])])


def drag_tip(q: np.ndarray, elbow: tuple[float, float], x: float, y: float) -> np.ndarray:
    """(θ₁, θ₂) after dragging the tip to (x, y) (m): θ₂ points link 2 from the elbow at the pointer."""
    x, y = _finite(x, y)
    absolute = np.arctan2(y - float(elbow[1]), x - float(elbow[0]))
    relative = (absolute - float(q[0]) + np.pi) % (2 * np.pi) - np.pi
    if relative == -np.pi:
        relative = np.pi
    return np.array([float(q[0]), relative])
