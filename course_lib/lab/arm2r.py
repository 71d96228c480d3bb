"""The planar 2R arm in a lab: its shapes, its readouts, and the one way to pose it (sliders or drags).

Angles are θ₁ from the horizontal and θ₂ relative to link 1. A drag of the
elbow turns θ₁ to the shoulder→pointer direction and keeps θ₂; a drag of the
tip turns θ₂ so that link 2 points at the pointer. Every posture set by hand
(an angle slider or a drag) goes through :meth:`PosedArm.pose_arm`: it is
wrapped into −180…180° there, snapped to the angle sliders' step when the lab
has them, and then shown; the sliders follow the state (``follow=``), so the
slider, the readout and the picture show one angle.

>>> round(shoulder_angle(0.0, 2.0), 6)
90.0
>>> drag_tip(np.array([0.0, 0.0]), (1.0, 0.0), 1.0, 1.0).round(4).tolist()
[0.0, 1.5708]
>>> float(np.degrees(drag_elbow(np.array([0.0, 0.5]), 1.0, 0.3, step_deg=1.0)[0]))
17.0
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, Sequence

import numpy as np

from course_lib.lab.drags import DragHandle
from course_lib.lab.numbers import slider_angle, wrap_degrees
from course_lib.lab.scene import Disc, Handle, Link

#: the keys of a lab's two angle sliders (degrees), and the readouts they follow
ANGLE_KEYS = ("theta1", "theta2")
ANGLE_READOUTS = ("theta1_deg", "theta2_deg")


# -- geometry: the angles a drag asks for ------------------------------------------------------------
# The rules are written once against ``lib``: numpy for the kernel, the kit's SYMPY_LIB for the browser's
# prediction of a drag (course_lib/lab/predict.py).
def shoulder_degrees(x: Any, y: Any, lib: Any = np) -> Any:
    """θ₁ (degrees, wrapped into (−180, 180]) pointing link 1 from the shoulder (0, 0) at the pointer (x, y) (m)."""
    return wrap_degrees(lib.degrees(lib.arctan2(y, x)), lib)


def elbow_degrees(elbow: Sequence[Any], theta1: Any, x: Any, y: Any, lib: Any = np) -> Any:
    """θ₂ (degrees, wrapped) pointing link 2 from ``elbow`` (m) at the pointer (x, y) (m), link 1 at ``theta1`` (rad)."""
    return wrap_degrees(lib.degrees(lib.arctan2(y - elbow[1], x - elbow[0]) - theta1), lib)


def snap_degrees(degrees: Any, step_deg: float | None, lib: Any = np) -> Any:
    """An angle (degrees) rounded to the sliders' step within −180…180 (None: kept as it is)."""
    return degrees if step_deg is None else lib.clip(lib.round(degrees / step_deg) * step_deg, -180, 180)


def shoulder_angle(x: float, y: float) -> float:
    """θ₁ (degrees, −180…180) that points link 1 from the shoulder (0, 0) toward the pointer (x, y) in m.

    Raises:
        ValueError: for a non-finite position.
    """
    _finite(x, y)
    return float(shoulder_degrees(float(x), float(y)))


def elbow_angle(elbow: Sequence[float], theta1: float, x: float, y: float) -> float:
    """θ₂ (degrees, relative to link 1) that points link 2 from ``elbow`` (m) toward the pointer (x, y) (m).

    Args:
        elbow: the elbow's position (m). theta1: link 1's angle (rad). x, y: the pointer (m).

    Raises:
        ValueError: for a non-finite position.

    >>> round(elbow_angle((1.0, 0.0), 0.0, 1.0, 1.0), 6)
    90.0
    """
    _finite(x, y)
    return float(elbow_degrees(elbow, float(theta1), float(x), float(y)))


def drag_elbow(q: np.ndarray, x: float, y: float, step_deg: float | None = None) -> np.ndarray:
    """(θ₁, θ₂) in rad after dragging the elbow to (x, y) (m): θ₁ points link 1 at the pointer, θ₂ stays.

    With ``step_deg`` the new θ₁ is rounded to that many degrees (the slider's step).
    """
    return np.array([np.radians(_snap(shoulder_angle(x, y), step_deg)), float(q[1])])


def drag_tip(q: np.ndarray, elbow: tuple[float, float], x: float, y: float,
             step_deg: float | None = None) -> np.ndarray:
    """(θ₁, θ₂) in rad after dragging the tip to (x, y) (m): θ₂ points link 2 from the elbow at the pointer.

    With ``step_deg`` the new θ₂ is rounded to that many degrees (the slider's step).
    """
    return np.array([float(q[0]), np.radians(_snap(elbow_angle(elbow, float(q[0]), x, y), step_deg))])


def wrap_posture(q: Any) -> np.ndarray:
    """Joint angles (rad) outside −π…π brought into (−π, π]; angles within −π…π are kept (−π stays −π).

    >>> wrap_posture([4.0, -3.0]).round(4).tolist()
    [-2.2832, -3.0]
    """
    q = np.asarray(q, dtype=float)
    return np.where(np.abs(q) <= math.pi, q, np.radians(wrap_degrees(np.degrees(q))))


def _snap(degrees: float, step_deg: float | None) -> float:
    return float(snap_degrees(float(degrees), step_deg))


def _finite(x: float, y: float) -> None:
    if not (math.isfinite(float(x)) and math.isfinite(float(y))):
        raise ValueError(f"the pointer position must be finite numbers (m), got ({x!r}, {y!r})")


# -- the picture: shapes and readouts -----------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class ArmLook:
    """How the arm is drawn: link width (px) and colour, a shoulder disc or not, handle radii (px) and colours.

    The posing arm's joints and handles share one colour (amber): one meaning, "the arm's joints you move".
    """

    width: float = 9
    color: str = "ink"
    shoulder: bool = True
    elbow_r: float = 11
    tip_r: float = 12
    elbow_color: str = "secondary"
    tip_color: str = "secondary"


#: the posing labs' arm (lessons 0, 5, 6, 7); the simulators' (lessons 3, 11) is plain
BOLD = ArmLook()
PLAIN = ArmLook(width=7, color="primary", shoulder=False, elbow_r=10, tip_r=10, elbow_color="primary",
                tip_color="primary")


def arm_shapes(panel: str = "world", look: ArmLook = BOLD, between: Sequence[Any] = ()) -> list:
    """The arm's shapes on channels ex, ey (elbow) and tx, ty (tip): links, shoulder, ``between``, handles.

    ``between`` is drawn over the links and under the handles ("elbow", "tip"), which stay on top.
    """
    link = dict(width=look.width, color=look.color)
    return [Link("link1", panel, x0=0, y0=0, x1="ex", y1="ey", **link),
            Link("link2", panel, x0="ex", y0="ey", x1="tx", y1="ty", **link),
            *([Disc("shoulder", panel, r_px=7, color=look.elbow_color)] if look.shoulder else []),
            *between,
            Handle("elbow", panel, x="ex", y="ey", r_px=look.elbow_r, color=look.elbow_color, circle=(0.0, 0.0)),
            Handle("tip", panel, x="tx", y="ty", r_px=look.tip_r, color=look.tip_color)]


def arm_readouts(arm: Any, q: Any) -> dict[str, Any]:
    """Elbow and tip (m), θ₁, θ₂ (rad) and θ₁, θ₂ in degrees wrapped into (−180, 180], for q of shape (2,) or (N, 2).

    >>> r = arm_readouts(__import__("course_lib").TwoLinkArm(), np.radians([370.0, 90.0]))
    >>> round(r["theta1_deg"], 6), round(r["tx"], 3)
    (10.0, 0.846)
    """
    q = np.asarray(q, dtype=float)
    pts = arm.joint_positions(q)
    out = dict(ex=pts[..., 1, 0], ey=pts[..., 1, 1], tx=pts[..., 2, 0], ty=pts[..., 2, 1], theta1=q[..., 0],
               theta2=q[..., 1], theta1_deg=wrap_degrees(np.degrees(q[..., 0])),
               theta2_deg=wrap_degrees(np.degrees(q[..., 1])))
    return {k: float(v) for k, v in out.items()} if q.ndim == 1 else out


# -- posing: one way, for every arm lab ---------------------------------------------------------------
class PosedArm:
    """Mixin for a :class:`~course_lib.lab.base.Lab` that shows a 2R arm at ``self.q`` (rad).

    It gives the elbow and tip handles (:meth:`add_arm_handles`) and the callbacks of the angle sliders
    ``theta1`` and ``theta2`` (degrees, −180…180). Every hand-set posture goes through :meth:`pose_arm`.
    A lab changes where the posture lives with :meth:`posture` and :meth:`put_posture`.
    """

    q: np.ndarray

    def arm_model(self) -> Any:
        """The model whose kinematics place the handles."""
        return self.arm

    def posture(self) -> np.ndarray:
        """The joint angles shown now (rad)."""
        return self.q

    def put_posture(self, q: np.ndarray, joint: int, source: str) -> None:
        """Make ``q`` (rad, already wrapped and snapped) the lab's posture and show it.

        Args:
            joint: the joint that moved (0 or 1). source: ``"slider"`` or ``"drag"``.
        """
        self.q = q
        self.show_message("")
        self.refresh()

    def arm_drag_started(self, joint: int) -> None:
        """A drag of joint ``joint``'s handle began (elbow: 0, tip: 1)."""

    def arm_drag_ended(self) -> None:
        """The drag was released."""

    def pose_arm(self, q: Any, joint: int, source: str) -> None:
        """Pose the arm at ``q`` (rad): wrapped into −π…π, and shown (the sliders follow)."""
        self.put_posture(wrap_posture(q), joint, source)

    def angle_step(self) -> float | None:
        """The angle sliders' step (degrees), which a drag snaps to; None without angle sliders."""
        steps = [spec.step for spec in self.CONTROLS if spec.key in ANGLE_KEYS]
        return min(steps) if steps else None

    def add_arm_handles(self, panel: str = "world") -> None:
        """Register the ``"elbow"`` and ``"tip"`` handles (the scene has them: :func:`arm_shapes`)."""
        points = lambda: self.arm_model().joint_positions(self.posture())  # noqa: E731 - read at drag time
        step = self.angle_step()

        def elbow(x: float, y: float) -> None:
            self.pose_arm(drag_elbow(self.posture(), x, y, step), 0, "drag")

        def tip(x: float, y: float) -> None:
            self.pose_arm(drag_tip(self.posture(), tuple(points()[1]), x, y, step), 1, "drag")

        position = lambda i: lambda: tuple(float(v) for v in points()[i])  # noqa: E731
        self.add_handle(DragHandle("elbow", panel, position(1), elbow, lambda: self.arm_drag_started(0),
                                   self.arm_drag_ended))
        self.add_handle(DragHandle("tip", panel, position(2), tip, lambda: self.arm_drag_started(1),
                                   self.arm_drag_ended))

    def on_theta1(self, degrees: float) -> None:
        """The θ₁ slider moved (degrees)."""
        self._slide(0, degrees)

    def on_theta2(self, degrees: float) -> None:
        """The θ₂ slider moved (degrees)."""
        self._slide(1, degrees)

    def _slide(self, joint: int, degrees: float) -> None:
        self.check_input(angle=degrees)
        q = np.array(self.posture(), dtype=float)
        q[joint] = math.radians(slider_angle(ANGLE_KEYS[joint], degrees))
        self.pose_arm(q, joint, "slider")


class PosedSimArm(PosedArm):
    """:class:`PosedArm` for a :class:`~course_lib.lab.simlab.SimLab`: a posture set by hand becomes the
    simulation's state (at rest, unless :meth:`pose_rates` says otherwise)."""

    def arm_model(self) -> Any:
        return self.model

    def posture(self) -> np.ndarray:
        return self.now.q

    def pose_rates(self) -> np.ndarray:
        """The joint rates (rad/s) a posture set by hand starts with: at rest."""
        return np.zeros(2)

    def put_posture(self, q: np.ndarray, joint: int, source: str) -> None:
        self.show_message("")
        self.set_state(q, self.pose_rates())
