"""A learner's gestures on the pendulum lab, as the tests script them, and what the scene draws."""

from __future__ import annotations

import numpy as np

from course_lib.lessons.pendulum.lab import PendulumLab
from tests.helpers.lab_source import shape  # noqa: F401  (the pendulum tests take it from here)

G = 9.81


def drag_to_degrees(lab: PendulumLab, degrees: float) -> None:
    """Drag the ball to the angle ``degrees`` (from straight down) on the rod's circle."""
    th = np.radians(degrees)
    lab.drag("bob", float(np.sin(th)), float(-np.cos(th)))


def shown_text(lab: PendulumLab) -> str:
    return lab.shown_text()


def send_drag(lab: PendulumLab, phase: str, x: float, y: float) -> None:
    """One pointer message for the ball, as the browser sends it."""
    lab.scene.browser_message({"type": "drag", "id": "bob", "phase": phase, "x": x, "y": y})
