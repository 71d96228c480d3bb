"""The simulator's push at the tool: the f_x, f_y sliders' force h_e, and the torque that holds against it.

A constant force h_e (N, world axes) on the tool adds Jᵀ(q) h_e to the joints' side of the equation
(:mod:`course_lib.physics.simulate.tool_force`); the live simulator integrates it, and its work W_ext
beside the work W of τ and friction. Holding the arm still at q under the push takes
τ = g(q) − Jᵀ(q) h_e: Hold computes that once, for the posture and the push it sees.

>>> from course_lib.physics.models import TwoLinkArm
>>> ToolPush._holding(TwoLinkArm(), (np.zeros(2), 0.0, np.array([0.0, 10.0]))).round(2)  # 10 N up, stretched
array([12.41, -2.11])
"""

from __future__ import annotations

import numpy as np

from course_lib.physics.models import TwoLinkArm
from course_lib.physics.simulate.tool_force import holding_torque


class ToolPush:
    """Mixin of :class:`~course_lib.lessons.two_link.lab.ArmSimLab`: the sliders ``fx``, ``fy`` and Hold's torque."""

    @staticmethod
    def _holding(model: TwoLinkArm, hold: tuple) -> np.ndarray:
        """The torque Hold holds (N·m): τ = g(q) − Jᵀ(q) h_e for ``hold`` = (q, speed, h_e)."""
        return holding_torque(model, hold[0], hold[2])

    def _push(self) -> np.ndarray:
        """The tool force the sliders set (N)."""
        return np.array([float(self.controls["fx"].value), float(self.controls["fy"].value)])

    def on_push(self, _value: float) -> None:
        """A tool-force slider moved: push the tool with (f_x, f_y) from the frame shown on (none at 0 N).

        Hold keeps the torque it computed for the push it saw: a new push is not cancelled until Hold
        is switched on again."""
        h_e = self._push()
        self.change(lambda: self.live.set_tool_force(h_e if np.any(h_e) else None))
