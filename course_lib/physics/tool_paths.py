"""Periodic tool paths in the plane: where the tool should be, how fast, and how it accelerates.

A path is a closed curve run through once per ``period`` T (s), at phase
φ = 2π t / T:

- ``"circle"``: x = c + r (cos φ, sin φ); the speed is constant, r 2π / T
  (r = 0.38 m, T = 1.5 s: about 1.6 m/s), and the acceleration r (2π/T)²
  points to the centre.
- ``"figure_eight"``: x = c + r (sin φ, ½ sin 2φ), a lemniscate of Gerono of
  width 2r, crossing itself at the centre; it is fastest there (about √2 r 2π/T).

Each position comes with its exact time derivatives ẋ (m/s) and ẍ (m/s²), so a
controller's feedforward needs no numerical differentiation.

>>> p = ToolPath("circle", centre=(0.0, 0.0), radius=0.38, period=1.5)
>>> x, xd, xdd = p.at(0.0)
>>> x.round(3).tolist(), round(float(np.hypot(*xd)), 2)
([0.38, 0.0], 1.59)
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np

from course_lib.physics import _checks

SHAPES = ("circle", "figure_eight")
#: the lesson's circle: radius (m) and default period (s)
RADIUS, PERIOD = 0.38, 1.5


@dataclasses.dataclass(frozen=True)
class ToolPath:
    """A closed tool path x(t) run once per period.

    Attributes:
        shape: ``"circle"`` or ``"figure_eight"``.
        centre: (x, y) of the centre (m).
        radius: r (m), > 0: the circle's radius, the figure-eight's half-width.
        period: T (s), > 0.

    Raises:
        ValueError: naming the field, for an unknown shape or a non-positive radius or period.
    """

    shape: str = "circle"
    centre: tuple[float, float] = (0.0, 0.0)
    radius: float = RADIUS
    period: float = PERIOD

    def __post_init__(self) -> None:
        _checks.choice("shape", self.shape, SHAPES)
        c = np.asarray(self.centre, dtype=float)
        if c.shape != (2,) or not np.all(np.isfinite(c)):
            raise ValueError(f"centre must be a point (x, y) of finite numbers in m, got {self.centre!r}")
        object.__setattr__(self, "centre", (float(c[0]), float(c[1])))
        object.__setattr__(self, "radius", _checks.positive("radius", self.radius))
        object.__setattr__(self, "period", _checks.positive("period", self.period))

    def at(self, t: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(x, ẋ, ẍ) at time(s) t (s): each (2,) for a number, (N, 2) for an array of N times."""
        t = np.asarray(t, dtype=float)
        w = 2 * math.pi / self.period
        ph = w * t
        s, c, r = np.sin(ph), np.cos(ph), self.radius
        if self.shape == "circle":
            rel = (r * c, r * s)
            vel = (-r * w * s, r * w * c)
            acc = (-r * w * w * c, -r * w * w * s)
        else:
            s2, c2 = np.sin(2 * ph), np.cos(2 * ph)
            rel = (r * s, 0.5 * r * s2)
            vel = (r * w * c, r * w * c2)
            acc = (-r * w * w * s, -2 * r * w * w * s2)
        x = np.stack([self.centre[0] + rel[0], self.centre[1] + rel[1]], -1)
        return x, np.stack(vel, -1), np.stack(acc, -1)

    def points(self, n: int = 121) -> np.ndarray:
        """n points along one period (m), shape (n, 2), closed (first = last): for drawing."""
        return self.at(np.linspace(0.0, self.period, int(n)))[0]
