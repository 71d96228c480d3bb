"""The interactive labs and the small kit they are built from.

Kit: :mod:`~course_lib.widgets.scene` (the browser-drawn picture),
:mod:`~course_lib.widgets.lab` (:class:`Lab`: controls, drags, guarded
callbacks, the headless API), :mod:`~course_lib.widgets.simlab`
(:class:`SimLab`: play, pause, step, reset, speed over a live simulation),
:mod:`~course_lib.widgets.controls`, :mod:`~course_lib.widgets.tasks`,
:mod:`~course_lib.widgets.numbers` (angles checked and wrapped, arrows capped) and
:mod:`~course_lib.widgets.messages` (the kit's own sentences).

Labs, one module each with its own message table:
:mod:`~course_lib.widgets.arm_preview` (start here) and
:mod:`~course_lib.widgets.pendulum_lab` (lesson 2),
:mod:`~course_lib.widgets.identification_lab` (lesson 9). See docs/adding_a_lab.md.

Imports are lazy: ``import course_lib.widgets`` loads nothing heavy, and a
lab's module is imported the first time its name is used.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "ArmPreviewLab": "course_lib.widgets.arm_preview",
    "PendulumLab": "course_lib.widgets.pendulum_lab",
    "IdentificationLab": "course_lib.widgets.identification_lab",
    "Lab": "course_lib.widgets.lab",
    "SimLab": "course_lib.widgets.simlab",
    "Scene": "course_lib.widgets.scene",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'course_lib.widgets' has no attribute {name!r}")
