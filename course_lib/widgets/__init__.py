"""The interactive labs and the small kit they are built from.

Kit: :mod:`~course_lib.widgets.scene` (the browser-drawn picture),
:mod:`~course_lib.widgets.lab` (:class:`Lab`: controls, drags, guarded
callbacks, the headless API), :mod:`~course_lib.widgets.simlab`
(:class:`SimLab`: play, pause, step, reset, speed over a live simulation),
:mod:`~course_lib.widgets.controls`, :mod:`~course_lib.widgets.tasks`,
:mod:`~course_lib.widgets.numbers` (angles checked and wrapped, arrows capped) and
:mod:`~course_lib.widgets.messages` (the kit's own sentences).

Labs, one module each with its own message table:
:mod:`~course_lib.widgets.arm_preview` (start here),
:mod:`~course_lib.widgets.action_lab` (lesson 1),
:mod:`~course_lib.widgets.pendulum_lab` (lesson 2),
:mod:`~course_lib.widgets.arm_sim_lab` (lesson 3),
:mod:`~course_lib.widgets.cart_pole_lab` (lesson 4),
:mod:`~course_lib.widgets.mass_matrix_lab` (lesson 5),
:mod:`~course_lib.widgets.christoffel_lab` (lesson 6),
:mod:`~course_lib.widgets.operational_space_lab` (lesson 7),
:mod:`~course_lib.widgets.tool_path_lab` (lesson 8, lab 2),
:mod:`~course_lib.widgets.identification_lab` (lesson 9),
:mod:`~course_lib.widgets.rnea_lab` (lesson 10). See docs/adding_a_lab.md.

Imports are lazy: ``import course_lib.widgets`` loads nothing heavy, and a
lab's module is imported the first time its name is used.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "ActionLab": "course_lib.widgets.action_lab",
    "ArmPreviewLab": "course_lib.widgets.arm_preview",
    "ArmSimLab": "course_lib.widgets.arm_sim_lab",
    "PendulumLab": "course_lib.widgets.pendulum_lab",
    "MassMatrixLab": "course_lib.widgets.mass_matrix_lab",
    "CartPoleLab": "course_lib.widgets.cart_pole_lab",
    "ChristoffelLab": "course_lib.widgets.christoffel_lab",
    "OperationalSpaceLab": "course_lib.widgets.operational_space_lab",
    "RneaLab": "course_lib.widgets.rnea_lab",
    "IdentificationLab": "course_lib.widgets.identification_lab",
    "ToolPathLab": "course_lib.widgets.tool_path_lab",
    "Lab": "course_lib.widgets.lab",
    "SimLab": "course_lib.widgets.simlab",
    "Scene": "course_lib.widgets.scene",
    "ComputedTorqueLab": "course_lib.widgets.computed_torque_lab",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'course_lib.widgets' has no attribute {name!r}")
