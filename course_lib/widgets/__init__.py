"""The interactive labs and the small kit they are built from.

Kit: :mod:`~course_lib.widgets.base` (the :class:`Lab` class and figure
factory), :mod:`~course_lib.widgets.controls`, :mod:`~course_lib.widgets.tasks`,
:mod:`~course_lib.widgets.drag`, :mod:`~course_lib.widgets.animation`,
:mod:`~course_lib.widgets.messages` (every user-facing text, one table).

Labs, one module each: :mod:`~course_lib.widgets.arm_preview` (start here),
:mod:`~course_lib.widgets.pendulum_lab` (lesson 2, with its task thresholds in
:mod:`~course_lib.widgets.pendulum_tasks`).
"""

from course_lib.widgets.arm_preview import ArmPreviewLab
from course_lib.widgets.base import Lab, new_figure
from course_lib.widgets.pendulum_lab import PendulumLab

__all__ = ["ArmPreviewLab", "Lab", "PendulumLab", "new_figure"]
