"""Posing the 2R arm by dragging: which joint angles put the elbow or the tip under the pointer.

A lab that lets the learner drag the arm turns a pointer position into angles:
the elbow handle moves on a circle about the shoulder and sets θ₁; the tip
handle swings link 2 about the elbow and sets θ₂ (relative to link 1). Angles
are in degrees, θ₁ from the horizontal, wrapped into (−180°, 180°].

>>> round(shoulder_angle(0.0, 2.0), 6)
90.0
>>> round(elbow_angle((1.0, 0.0), 0.0, 1.0, 1.0), 6)
90.0
"""

from __future__ import annotations

import math
from typing import Sequence

from course_lib.lab.numbers import wrap_degrees


def shoulder_angle(x: float, y: float) -> float:
    """θ₁ (degrees) that points link 1 from the shoulder (0, 0) toward the pointer (x, y) in m.

    Raises:
        ValueError: for a non-finite position.
    """
    _finite(x, y)
    return float(wrap_degrees(math.degrees(math.atan2(y, x))))


def elbow_angle(elbow: Sequence[float], theta1: float, x: float, y: float) -> float:
    """θ₂ (degrees, relative to link 1) that points link 2 from ``elbow`` toward the pointer (x, y).

    Args:
        elbow: the elbow's position (m).
        theta1: link 1's angle (rad) from the horizontal.
        x, y: the pointer (m).

    Raises:
        ValueError: for a non-finite position.
    """
    _finite(x, y)
    absolute = math.atan2(y - elbow[1], x - elbow[0])
    return float(wrap_degrees(math.degrees(absolute - theta1)))


def _finite(x: float, y: float) -> None:
    if not (math.isfinite(float(x)) and math.isfinite(float(y))):
        raise ValueError(f"the pointer position must be finite numbers (m), got ({x!r}, {y!r})")
