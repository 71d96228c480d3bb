"""Posing the planar 2R arm by dragging its elbow or its tip: the joint angles a drag asks for.

Shared by the posture labs (lessons 6 and 7): dragging the elbow turns θ₁ to the
shoulder→pointer direction and keeps θ₂; dragging the tip turns θ₂ so that link 2
points at the pointer. Angles are in radians, θ₁ from the horizontal, θ₂ relative
to link 1 and folded into (−π, π]. The geometry is :mod:`course_lib.lab.arm_pose`'s
(in degrees, for the labs whose sliders show degrees).

>>> q = drag_elbow(np.array([0.0, 0.5]), 0.0, 2.0)
>>> q.round(4).tolist()
[1.5708, 0.5]
>>> drag_tip(np.array([0.0, 0.0]), (1.0, 0.0), 1.0, 1.0).round(4).tolist()
[0.0, 1.5708]

A lab whose angle sliders move in whole degrees passes ``step_deg=1.0``: the dragged angle is then
snapped to that grid, so the sliders, the readouts and a learner's own calculation show the same posture.

>>> float(np.degrees(drag_elbow(np.array([0.0, 0.5]), 1.0, 0.3, step_deg=1.0)[0]))
17.0
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.lab.arm_pose import elbow_angle, shoulder_angle


def drag_elbow(q: np.ndarray, x: float, y: float, step_deg: float | None = None) -> np.ndarray:
    """(θ₁, θ₂) after dragging the elbow to (x, y) (m): θ₁ points link 1 at the pointer, θ₂ stays.

    With ``step_deg`` the new θ₁ is rounded to that many degrees (the slider's step).
    """
    return np.array([np.radians(_snap(shoulder_angle(x, y), step_deg)), float(q[1])])


def drag_tip(q: np.ndarray, elbow: tuple[float, float], x: float, y: float,
             step_deg: float | None = None) -> np.ndarray:
    """(θ₁, θ₂) after dragging the tip to (x, y) (m): θ₂ points link 2 from the elbow at the pointer.

    With ``step_deg`` the new θ₂ is rounded to that many degrees (the slider's step).
    """
    return np.array([float(q[0]), np.radians(_snap(elbow_angle(elbow, float(q[0]), x, y), step_deg))])


def _snap(degrees: float, step_deg: float | None) -> float:
    """``degrees`` on the grid of ``step_deg`` (unchanged without a step), kept within −180…180."""
    if step_deg is None:
        return float(degrees)
    return float(np.clip(round(float(degrees) / step_deg) * step_deg, -180.0, 180.0))


class PosableArm:
    """Mixin for a :class:`~course_lib.lab.base.Lab` that shows ``self.arm`` at ``self.q`` (rad).

    It provides the elbow and tip handles (panel ``"world"``, metres) and the callbacks of two angle
    sliders keyed ``"theta1"`` and ``"theta2"`` (degrees, −180…180). A drag moves the sliders without
    running their callbacks. The lab provides ``refresh()``.
    """

    arm: Any
    q: np.ndarray

    def add_arm_handles(self) -> None:
        """Register the ``"elbow"`` and ``"tip"`` handles (the scene needs Handles with these ids)."""
        from course_lib.lab.base import DragHandle

        points = lambda: self.arm.joint_positions(self.q)  # noqa: E731 - read at drag time
        self.add_handle(DragHandle("elbow", "world", lambda: tuple(points()[1]),
                                   lambda x, y: self.show_pose(drag_elbow(self.q, x, y, self.DRAG_STEP_DEG))))
        self.add_handle(DragHandle("tip", "world", lambda: tuple(points()[2]),
                                   lambda x, y: self.show_pose(
                                       drag_tip(self.q, tuple(points()[1]), x, y, self.DRAG_STEP_DEG))))

    def show_pose(self, q: np.ndarray) -> None:
        """Put the arm at q (rad), show it on the angle sliders and refresh."""
        self.q = np.asarray(q, dtype=float)
        for i, key in enumerate(("theta1", "theta2")):
            self.move_control(key, float(np.clip(np.round(np.degrees(self.q[i])), -180, 180)))
        self.show_message("")
        self.refresh()

    def on_theta1(self, degrees: float) -> None:
        self._slide(0, degrees)

    def on_theta2(self, degrees: float) -> None:
        self._slide(1, degrees)

    def _slide(self, i: int, degrees: float) -> None:
        from course_lib.lab.numbers import slider_angle

        self.check_input(**{f"θ{'₁₂'[i]}": degrees})
        q = self.q.copy()
        q[i] = np.radians(slider_angle(f"theta{i + 1}", degrees))
        self.q = q
        self.show_message("")
        self.refresh()
