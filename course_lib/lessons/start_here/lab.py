"""The start-here lab: the course's planar 2R arm, posed by two angle sliders.

No dynamics yet: the scene draws the arm from
:meth:`~course_lib.physics.models.TwoLinkArm.joint_positions` and reads out the tip.
It shows at a glance that sliders, the scene and dragging work.

Draggable handles: ``"elbow"`` and ``"tip"``, in panel ``"world"`` (metres,
shoulder at (0, 0)). At θ₁ = 30°, θ₂ = 45° the elbow sits at
(l₁ cos 30°, l₁ sin 30°) ≈ (0.866, 0.500) and the tip at ≈ (1.073, 1.273);
``lab.handle_pixels(name)`` gives them in the scene's CSS pixels. Dragging
the elbow turns θ₁, dragging the tip turns θ₂; the sliders follow. The first
slider is θ₁.

>>> lab = ArmPreviewLab()
>>> lab.set("theta1", 90.0); lab.set("theta2", 0.0)
>>> round(lab.readout("tip_y"), 3), lab.task_done("reach_high")
(1.8, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.lab import controls as c
from course_lib.lab.arm2r import PosedArm, arm_readouts, arm_shapes
from course_lib.lab.base import Lab
from course_lib.lab.numbers import slider_angle
from course_lib.lab.predict import (Predicted, Prediction, angle_inputs, arm_outputs, arm_parameter_values, arm_parameters,
                                    posture_from_degrees, with_arm_drags)
from course_lib.lab.scene import Panel, Polyline, Scene, Text
from course_lib.lab.tasks import NotYet, Task, TaskList
from course_lib.lessons.start_here.messages import ARM_PREVIEW
from course_lib.physics.models import TwoLinkArm

#: the height the tiny task asks for (m)
TARGET_HEIGHT = 1.7


class ArmPreviewLab(Predicted, PosedArm, Lab):
    """Two angle sliders and a drawing of the 2R arm with its tip position.

    Args:
        arm: the arm to draw; default the course's arm (l₁ = 1 m, l₂ = 0.8 m).
        theta1, theta2: initial angles (degrees, within the sliders' −180…180); θ₁ from
            the horizontal, θ₂ relative to link 1.

    Raises:
        ValueError: naming the argument and the allowed range, for an angle outside
            the sliders' range or not finite.
    """

    messages = ARM_PREVIEW
    #: the scene in words (the kit's describe.py), and the main readouts it names with their units
    DESCRIPTION = "arm_description"
    DESCRIBES = {"theta1_deg": "°", "theta2_deg": "°", "tip_x": "m", "tip_y": "m"}
    CONTROLS = (c.Slider("theta1", "arm_theta1", -180, 180, 1, 30.0, ".0f", on="on_theta1",
                         follow="theta1_deg", period=360),
                c.Slider("theta2", "arm_theta2", -180, 180, 1, 45.0, ".0f", on="on_theta2",
                         follow="theta2_deg", period=360))

    def __init__(self, arm: TwoLinkArm | None = None, theta1: float = 30.0, theta2: float = 45.0):
        super().__init__()
        theta1, theta2 = slider_angle("theta1", theta1), slider_angle("theta2", theta2)
        self.arm = arm if arm is not None else TwoLinkArm()
        self.q0 = np.deg2rad([theta1, theta2])
        self.q = self.q0.copy()
        self.tasks = TaskList([Task("reach_high", self.T("arm_task_high", y=TARGET_HEIGHT), check=self._check_high,
                                    hint=self.T("arm_task_high_hint"))])
        self.add_arm_handles()
        self.readout_html = c.html()
        self.attach_scene(self._scene())
        column = self.build_controls()
        self.move_control("theta1", theta1)
        self.move_control("theta2", theta2)
        self.layout(column + [self.readout_html])
        self.start_prediction()
        self.refresh()

    @classmethod
    def prediction(cls) -> Prediction:
        """The browser draws the arm and its tip from the angle sliders before the kernel answers."""
        angles = angle_inputs()
        out = arm_outputs(angles)
        return with_arm_drags(Prediction(angles, dict(out, tip_x=out["tx"], tip_y=out["ty"]), arm_parameters(),
                                         derived=posture_from_degrees(angles)), cls)

    def prediction_params(self) -> list[float]:
        return arm_parameter_values(self.arm)

    def _scene(self) -> Scene:
        reach = 1.1 * (self.arm.l1 + self.arm.l2)
        return Scene(width=440, height=440, channels=["ex", "ey", "tx", "ty", "tip_x", "tip_y", "theta1_deg",
                                                      "theta2_deg"], panels=[
            Panel("world", 0, 0, 1, 1, (-reach, reach), (-reach, reach), equal=True, grid=True, xlabel="x [m]",
                  ylabel="y [m]", title=self.T("arm_title", l1=self.arm.l1, l2=self.arm.l2))], shapes=[
            Polyline("target", "world", xs=[-reach, reach], ys=[TARGET_HEIGHT] * 2, dash=True, color="good"),
            Text("target_label", "world", x=-reach, y=TARGET_HEIGHT, text=self.T("arm_target"), color="good",
                 dx_px=4, dy_px=-12),  # text is centred on y + dy_px: clear of the dashed line
            *arm_shapes("world"),
            Text("readout", "world", x=-reach, y=-reach, text=self.T("arm_scene_readout"), dy_px=-6),
            Text("angles", "world", x=-reach, y=-reach, text=self.T("arm_scene_angles"), dy_px=-24)])

    # -- state -> picture ------------------------------------------------------------------
    def refresh(self) -> None:
        r = arm_readouts(self.arm, self.q)
        r.update(tip_x=r["tx"], tip_y=r["ty"])
        self.check_finite(r)
        self.readouts.update(r)
        self.scene.set_values({k: r[k] for k in self.scene.channels})
        self.readout_html.value = f"<b>{self.T('arm_tip')}</b> {self.T('arm_readout', x=r['tip_x'], y=r['tip_y'])}"
        self.tasks.update(self)
        self.follow_controls()

    def reset_state(self) -> None:
        self.q = self.q0.copy()

    def _check_high(self, lab: "ArmPreviewLab") -> str | NotYet:
        y = self.readouts["tip_y"]
        if y >= TARGET_HEIGHT:
            return self.T("arm_task_value", y=y)
        return NotYet(self.T("arm_why_high", y=y, target=TARGET_HEIGHT))
