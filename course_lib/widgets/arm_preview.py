"""The start-here lab: the seeds' planar 2R arm, posed by two angle sliders.

No dynamics yet: the figure draws the arm from
:meth:`~course_lib.models.TwoLinkArm.joint_positions` and reads out the tip.
It shows at a glance that sliders, the ipympl figure and dragging work.

Draggable handles (for the browser test): one figure, one axes (``lab.ax``),
data coordinates in metres, shoulder at (0, 0). At the initial state
θ₁ = 30°, θ₂ = 45° the ``"elbow"`` handle sits at (l₁ cos 30°, l₁ sin 30°)
≈ (0.866, 0.500) and the ``"tip"`` handle at ≈ (1.073, 1.273).
``lab.handle_pixels(name)`` gives the same points in canvas pixels (from the
top-left corner). A press within 30 px grabs the nearest handle. Dragging the
elbow turns θ₁; dragging the tip turns θ₂. The notebook never moves this lab
from code, so the handles are where this says until the learner moves them.
The first slider is θ₁; moving it swings the whole arm.

>>> lab = ArmPreviewLab()
>>> lab.set("theta1", 90.0); lab.set("theta2", 0.0)
>>> round(lab.readout("tip_y"), 3), lab.task_done("reach_high")
(1.8, True)
"""

from __future__ import annotations

import numpy as np
import ipywidgets as w

from course_lib.models import TwoLinkArm
from course_lib.widgets import controls
from course_lib.widgets.base import Lab, StaticBackground, new_figure, slider_angle
from course_lib.widgets.messages import text
from course_lib.widgets.tasks import Task, TaskList

#: the height the tiny task asks for (m)
TARGET_HEIGHT = 1.7
#: a press this close (pixels) to a handle grabs it; the nearest handle wins
GRAB_PX = 30.0


class ArmPreviewLab(Lab):
    """Two angle sliders and a drawing of the 2R arm with its tip position.

    Args:
        arm: the arm to draw; default the seeds' arm (l₁ = 1 m, l₂ = 0.8 m).
        theta1, theta2: initial angles (degrees, within the sliders' −180…180); θ₁ from
            the horizontal, θ₂ relative to link 1.

    Raises:
        ValueError: naming the argument and the allowed range, for an angle outside
            the sliders' range or not finite.
    """

    def __init__(self, arm: TwoLinkArm | None = None, theta1: float = 30.0, theta2: float = 45.0):
        super().__init__()
        theta1, theta2 = slider_angle("theta1", theta1), slider_angle("theta2", theta2)
        self.arm = arm if arm is not None else TwoLinkArm()
        self.q0 = np.deg2rad([theta1, theta2])
        self.q = self.q0.copy()
        reach = self.arm.l1 + self.arm.l2

        self.fig = new_figure(4.2, 4.0)
        self.ax = ax = self.fig.add_axes((0.15, 0.12, 0.8, 0.78))
        ax.set_xlim(-1.1 * reach, 1.1 * reach)
        ax.set_ylim(-1.1 * reach, 1.1 * reach)
        ax.set_aspect("equal")
        ax.grid(True, alpha=0.3)
        ax.set_xlabel("x [m]")
        ax.set_ylabel("y [m]")
        ax.set_title(text("arm_title", l1=self.arm.l1, l2=self.arm.l2), fontsize=10)
        ax.axhline(TARGET_HEIGHT, color="#2a9d8f", lw=0.8, ls="--")
        (self.links,) = ax.plot([], [], "-", lw=5, color="#264653", solid_capstyle="round")
        (self.joints,) = ax.plot([], [], "o", ms=9, color="#e9c46a", mec="#264653")
        (self.tip_marker,) = ax.plot([], [], "o", ms=11, color="#e76f51", mec="#264653")
        self.tip_text = ax.text(0.02, 0.03, "", transform=ax.transAxes, va="bottom", fontsize=9)

        s1 = self.add_control("theta1", controls.slider(text("arm_theta1"), -180, 180, 1, theta1, ".0f"),
                              lambda v: self._set_angle(0, v))
        s2 = self.add_control("theta2", controls.slider(text("arm_theta2"), -180, 180, 1, theta2, ".0f"),
                              lambda v: self._set_angle(1, v))
        self.add_handle("elbow", ax, lambda: tuple(self._points()[1]), lambda: None,
                        self._drag_elbow, lambda: None, radius_px=GRAB_PX)
        self.add_handle("tip", ax, lambda: tuple(self._points()[2]), lambda: None,
                        self._drag_tip, lambda: None, radius_px=GRAB_PX)

        self.readout_html = controls.html()
        self.tasks = TaskList([
            Task("reach_high", text("arm_task_high", y=TARGET_HEIGHT), self._check_high,
                 text("arm_task_high_hint")),
        ])
        self.widget = controls.beside(
            self.fig.canvas,
            w.VBox([s1, s2, self.readout_html, self.tasks.widget, self.message], layout={"width": "400px"}),
        )
        self.background = StaticBackground(self.fig, [self.links, self.joints, self.tip_marker, self.tip_text])
        self.background.freeze()
        self.redraw()

    # -- state -> picture ------------------------------------------------------------------
    def _points(self) -> np.ndarray:
        return self.arm.joint_positions(self.q)

    def redraw(self) -> None:
        pts = self._points()
        self.check_finite(tip_x=pts[2, 0], tip_y=pts[2, 1])
        self.links.set_data(pts[:, 0], pts[:, 1])
        self.joints.set_data(pts[:2, 0], pts[:2, 1])
        self.tip_marker.set_data(pts[2:, 0], pts[2:, 1])
        self.readouts.update(theta1=float(self.q[0]), theta2=float(self.q[1]),
                             tip_x=float(pts[2, 0]), tip_y=float(pts[2, 1]))
        label = text("arm_readout", x=pts[2, 0], y=pts[2, 1])
        self.tip_text.set_text(label)
        self.readout_html.value = f"<b>{text('arm_tip')}</b>: {label}"
        self.tasks.update(self)
        self.fig.canvas.draw_idle()

    def reset_state(self) -> None:
        self.q = self.q0.copy()

    def _check_high(self, lab: "ArmPreviewLab") -> str | None:
        y = self.readouts["tip_y"]
        return text("arm_task_value", y=y) if y >= TARGET_HEIGHT else None

    # -- callbacks (run guarded) -------------------------------------------------------------
    def _set_angle(self, i: int, degrees: float) -> None:
        self.check_input(angle=degrees)
        self.q = self.q.copy()
        self.q[i] = np.deg2rad(degrees)
        self.show_message("")
        self.redraw()

    def _drag_elbow(self, x: float, y: float) -> None:
        self.check_input(x=x, y=y)
        # θ₁ is the direction of the shoulder→pointer line; θ₂ keeps its value.
        self._sync_slider("theta1", np.degrees(np.arctan2(y, x)))

    def _drag_tip(self, x: float, y: float) -> None:
        self.check_input(x=x, y=y)
        elbow = self._points()[1]
        absolute = np.arctan2(y - elbow[1], x - elbow[0])
        relative = (absolute - self.q[0] + np.pi) % (2 * np.pi) - np.pi
        self._sync_slider("theta2", np.degrees(relative))

    def _sync_slider(self, key: str, degrees: float) -> None:
        # Moving the slider runs its observer, which updates the state and the figure.
        self.controls[key].value = float(np.clip(np.round(degrees), -180, 180))
