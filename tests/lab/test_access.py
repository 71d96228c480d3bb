"""Every lab carries what assistive technology needs (course_lib/lab/access.py): the hidden helper that
names its controls, a checklist whose rows sit in a list box, a polite announcer that says a task ticked
(in the language in force) and a message line marked as the alert. The browser side is checked by
tests/browser/test_accessibility_in_browser.py (axe-core)."""

from __future__ import annotations

import importlib

import pytest

import course_lib
from course_lib import TwoLinkArm
from course_lib.lab.access import ANNOUNCE_CLASS, HELPER_CLASS, LIST_CLASS, MESSAGE_CLASS, Access
from course_lib.lab.tasks import Task, TaskList
from course_lib.lessons import LESSONS

LABS = [(name, f"{lesson.package}.{module}") for lesson in LESSONS for name, module in lesson.exports.items()
        if name.endswith("Lab")]


@pytest.mark.parametrize(("name", "module"), LABS, ids=[n for n, _ in LABS])
def test_every_lab_box_carries_the_helper_a_task_list_an_announcer_and_an_alert_line(name, module):
    cls = getattr(importlib.import_module(module), name)
    lab = cls(TwoLinkArm()) if name == "ArmPreviewLab" else cls()
    helpers = [c for c in lab.widget.children if isinstance(c, Access)]
    assert helpers == [lab.access] and "cl-lab" in lab.widget._dom_classes, f"{name}: {lab.widget.children}"
    assert HELPER_CLASS in lab.access._dom_classes and lab.access.layout.display == "none"
    assert MESSAGE_CLASS in lab.message._dom_classes
    assert LIST_CLASS in lab.tasks.rows._dom_classes and len(lab.tasks.rows.children) == len(lab.tasks.tasks)
    assert ANNOUNCE_CLASS in lab.tasks.announcer._dom_classes and lab.tasks.announcer in lab.tasks.widget.children
    assert lab.access.texts["value_of"] == "value of {label}"


def test_a_task_that_ticks_is_announced_once_in_the_language_in_force_and_reset_clears_it():
    tl = TaskList([Task("big", "Make x large.", lambda x: f"x = {x}" if x > 3 else None)])
    tl.update(1)
    assert tl.announcer.value == ""
    tl.update(5)
    assert tl.announcer.value == "Task done: Make x large. (x = 5)"
    tl.clear()
    assert tl.announcer.value == ""
    course_lib.set_language("zh")
    try:
        tl.update(5)
        assert tl.announcer.value.startswith("任务完成："), tl.announcer.value
    finally:
        course_lib.set_language("en")


def test_the_helper_speaks_the_language_in_force_after_a_switch():
    from course_lib.lessons.pendulum.lab import PendulumLab
    lab = PendulumLab()
    course_lib.set_language("zh")
    try:
        assert lab.access.texts["value_of"] == "{label} 的数值"
    finally:
        course_lib.set_language("en")
    assert lab.access.texts["value_of"] == "value of {label}"


@pytest.mark.parametrize(("name", "module"), LABS, ids=[n for n, _ in LABS])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_slider_is_named_by_its_label_with_its_unit_in_words(name, module, lang):
    """The helper carries each slider's accessible name: the quantity its label shows, then the unit the
    label writes ("[°]", "%") spelt out in the language in force (en "θ₂ in degrees", zh "θ₂，单位：度");
    a label that writes no unit (a pure number such as "samples N") is its own name."""
    import ipywidgets as w

    from course_lib.lab.access import UNIT_WORDS, label_unit
    from course_lib.lab.messages import KIT

    course_lib.set_language(lang)
    try:
        lab = getattr(importlib.import_module(module), name)
        lab = lab(TwoLinkArm()) if name == "ArmPreviewLab" else lab()
        sliders = [wd for wd in lab.controls.values() if isinstance(wd, w.FloatSlider)]
        for slider in sliders:
            label = slider.description
            spoken = lab.access.names.get(label)
            quantity, unit = label_unit(label)
            assert spoken, f"{name} [{lang}]: the slider {label!r} has no accessible name in {lab.access.names}"
            assert "[" not in spoken and "%" not in spoken and quantity in spoken, f"{name} [{lang}]: {label!r} -> {spoken!r}"
            if unit is None:
                assert spoken == label, f"{name} [{lang}]: {label!r} writes no unit, yet is named {spoken!r}"
                continue
            assert unit in UNIT_WORDS, f"{name} [{lang}]: the unit {unit!r} of {label!r} has no words (access.UNIT_WORDS)"
            words = KIT.messages[lang][UNIT_WORDS[unit]]
            said = {"en": f"{quantity} in {words}", "zh": f"{quantity}，单位：{words}"}[lang]
            assert spoken == said, f"{name} [{lang}]: {label!r} is named {spoken!r}, not {said!r}"
    finally:
        course_lib.set_language("en")


def test_the_names_follow_a_language_switch():
    from course_lib.lessons.pendulum.lab import PendulumLab
    lab = PendulumLab()
    assert lab.access.names["τ [N·m]"] == "τ in newton metres"
    course_lib.set_language("zh")
    try:
        assert lab.access.names["τ [N·m]"] == "τ，单位：牛米" and lab.access.names["速度"] == "速度"
    finally:
        course_lib.set_language("en")
    assert lab.access.names["θ [°]"] == "θ in degrees"


@pytest.mark.parametrize(("name", "module"), LABS, ids=[n for n, _ in LABS])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_angle_is_written_in_degrees_as_the_sign_and_spoken_as_the_word(name, module, lang):
    """No control label nor axis of a lab writes "deg" (the Chinese labels once read "θ₂ 中心 [deg]"): an
    angle's unit is "[°]" in both languages, and its accessible name says degrees in words (en "… in degrees",
    zh "…，单位：度"), never the sign."""
    import ipywidgets as w

    course_lib.set_language(lang)
    try:
        lab = getattr(importlib.import_module(module), name)
        lab = lab(TwoLinkArm()) if name == "ArmPreviewLab" else lab()
        labels = [wd.description for wd in lab.controls.values() if isinstance(wd, (w.FloatSlider, w.Dropdown))]
        axes = [p.get(k) or "" for p in lab.scene.panels for k in ("xlabel", "ylabel")] if lab.scene else []
        assert not [t for t in labels + axes if "deg" in t], f"{name} [{lang}]: {labels + axes}"
        word = {"en": " in degrees", "zh": "，单位：度"}[lang]
        for label in labels:
            if label.endswith("[°]"):
                assert lab.access.names[label] == label[:-3].strip() + word and "°" not in lab.access.names[label]
    finally:
        course_lib.set_language("en")


def test_lesson_9s_elbow_slider_reads_the_degree_sign_and_is_spoken_in_degrees_in_chinese():
    from course_lib.lessons.identification.lab import IdentificationLab

    course_lib.set_language("zh")
    try:
        lab = IdentificationLab()
        label = lab.controls["theta2"].description
        assert label == "θ₂ 中心 [°]" and lab.access.names[label] == "θ₂ 中心，单位：度"
    finally:
        course_lib.set_language("en")
