"""Every lab whose scene takes keys tells them in one line under it, from the kit's messages, in either language.

The keys (scene.js): Tab and Shift+Tab pick a handle, the arrows move it (Shift: a fine step), Space plays and
pauses a simulated lab, a ``keyboard`` scene has keys of its own. Lessons 3 and 11 (arm simulators with handles
and Play) are the cases the issue names; every lab is checked.
"""

from __future__ import annotations

import importlib

import pytest

from course_lib import TwoLinkArm, set_language
from course_lib.lab.keys import KEYS_CLASS, keys_key
from course_lib.lab.messages import KIT
from course_lib.lessons import LESSONS

LABS = [(lesson.number, name, f"{lesson.package}.{module}") for lesson in LESSONS
        for name, module in lesson.exports.items() if name.endswith("Lab")]


def built(name: str, module: str):
    cls = getattr(importlib.import_module(module), name)
    return cls(TwoLinkArm()) if name == "ArmPreviewLab" else cls()


def keys_lines(lab) -> list[str]:
    return [child.value for child in lab.widget.children if KEYS_CLASS in getattr(child, "_dom_classes", ())]


def test_keys_key_names_handles_play_and_own_keys():
    handle = [{"kind": "handle"}]
    assert keys_key(handle, True, False) == "keys_handles_play" and keys_key(handle, False, False) == "keys_handles"
    assert keys_key([], True, False) == "keys_play" and keys_key(handle, False, True) == "keys_own"
    assert keys_key([{"kind": "link"}], False, False) is None


@pytest.mark.parametrize(("number", "name", "module"), LABS, ids=[n for _, n, _ in LABS])
def test_a_lab_tells_the_keys_its_scene_takes(number, name, module):
    lab = built(name, module)
    scene = lab.scene
    takes = any(s["kind"] == "handle" for s in scene.shapes) or scene.play_key or scene.keyboard
    lines = keys_lines(lab)
    if not takes:
        assert lines == [], name
        return
    key = keys_key(scene.shapes, scene.play_key, scene.keyboard)
    assert lines == [KIT.text(key)], (name, lines)
    if any(s["kind"] == "handle" for s in scene.shapes):
        assert "Tab" in lines[0] and "Shift + arrow" in lines[0]
    if scene.play_key:
        assert "Space plays and pauses" in lines[0]


@pytest.mark.parametrize("name", ["ArmSimLab", "MotorLab"])
def test_lesson_3_and_11_tell_tab_arrows_shift_and_space_and_switch_to_chinese(name):
    _, _, module = next(x for x in LABS if x[1] == name)
    lab = built(name, module)
    assert keys_lines(lab) == [KIT.text("keys_handles_play")]
    try:
        set_language("zh")
        assert keys_lines(lab) == [KIT.text("keys_handles_play")] and "空格键播放或暂停" in keys_lines(lab)[0]
    finally:
        set_language("en")
