"""A slider's keyboard step: one arrow press moves it far enough that a task is a few presses away.

ipywidgets moves a slider one ``step`` per arrow press; a fine slider (lesson 4's force, 0.1 N over ±20 N) then
needs 150 presses to reach its task's 15 N. The kit's :func:`~course_lib.lab.controls.key_step` gives every
slider a keyboard step, a whole number of its steps, that crosses its range in a few dozen presses (Shift
keeps the fine step), and the built widget carries it for the browser (access.js, class ``cl-key-steps-N``).
"""

from __future__ import annotations

import importlib
import math

import pytest

from course_lib.lab import controls as c
from course_lib.lessons import LESSONS
from course_lib.lessons.cart_pole import lab as cart_pole

SLIDERS = [(f"{lesson.package}.{module}:{name}.{spec.key}", spec) for lesson in LESSONS
           for name, module in lesson.exports.items() if name.endswith("Lab")
           for spec in getattr(getattr(importlib.import_module(f"{lesson.package}.{module}"), name), "CONTROLS", ())
           if isinstance(spec, c.Slider)]


def presses(spec: c.Slider, distance: float) -> int:
    """Arrow presses that move ``spec`` by ``distance`` (its own units)."""
    return math.ceil(round(abs(distance) / spec.keyboard_step, 9))


def test_lesson_4s_force_reaches_its_task_in_a_few_presses_each_way():
    force = next(s for s in cart_pole.CartPoleLab.CONTROLS if s.key == "force")
    assert presses(force, cart_pole.FORCE_TASK) <= 20, (force.keyboard_step, cart_pole.FORCE_TASK)
    assert presses(force, 2 * cart_pole.FORCE_TASK) <= 40


@pytest.mark.parametrize(("where", "spec"), SLIDERS, ids=[w for w, _ in SLIDERS])
def test_every_slider_crosses_its_range_in_few_presses_by_whole_steps(where, spec):
    steps = spec.keyboard_step / spec.step
    assert steps >= 1 and abs(steps - round(steps)) < 1e-9, f"{where}: {spec.keyboard_step} is not whole steps"
    assert presses(spec, spec.hi - spec.lo) <= max(c.FINE_PRESSES, c.KEY_PRESSES), where


def test_the_built_slider_carries_its_keyboard_step_for_the_browser():
    built = c.Slider("F", "", -20, 20, 0.1, 0.0).build("F [N]")
    assert f"{c.KEY_STEPS_CLASS}10" in built._dom_classes
    assert f"{c.KEY_STEPS_CLASS}1" in c.Slider("b", "", 0, 2, 0.05, 0.0).build("b")._dom_classes


def test_a_key_step_that_is_not_whole_steps_is_refused_naming_the_slider():
    with pytest.raises(ValueError, match="'F'.*whole number"):
        c.Slider("F", "", -20, 20, 0.1, 0.0, key_step=0.25).build("F [N]")
