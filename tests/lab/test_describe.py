"""Every lab describes its scene in words, in English and Chinese: its main readouts, each with its unit.

The description (course_lib/lab/describe.py) is the scene's accessible description and the plain text
under it. Each lab declares the sentence (``DESCRIPTION``) and its main readouts with their units
(``DESCRIBES``); here each is checked in every language of the lab's table: the sentence names every
main readout, the readout's unit follows it (before the next readout), and the text on the scene is
the sentence filled from the lab's readouts of the moment (it changes when one of them does).
"""

from __future__ import annotations

import importlib
import re
import string

import pytest

import course_lib
from course_lib import TwoLinkArm
from course_lib.lab.describe import PLAY_EVERY, Described
from course_lib.lessons import LESSONS

LABS = [(name, f"{lesson.package}.{module}") for lesson in LESSONS for name, module in lesson.exports.items()
        if name.endswith("Lab")]


def make(name: str, module: str):
    cls = getattr(importlib.import_module(module), name)
    return cls(TwoLinkArm()) if name == "ArmPreviewLab" else cls()


def unit_follows(template: str, field: str, unit: str) -> bool:
    """Whether ``unit`` is written after ``{field...}`` in ``template`` and before the next field (or the end)."""
    m = re.search(r"\{" + re.escape(field) + r"(?::[^}]*)?\}", template)
    if m is None:
        return False
    rest = template[m.end():]
    nxt = re.search(r"\{", rest)
    return unit in (rest[:nxt.start()] if nxt else rest)


def test_unit_follows_sees_a_missing_or_misplaced_unit():
    assert unit_follows("x {x:.2f} m, y {y:.2f} m", "y", "m")
    assert not unit_follows("at ({x:.2f}, {y:.2f}) m", "x", "m"), "the unit belongs to the field after"
    assert not unit_follows("x {x:.2f}", "x", "m") and not unit_follows("y {y} m", "x", "m")


@pytest.mark.parametrize(("name", "module"), LABS, ids=[n for n, _ in LABS])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_labs_description_names_its_main_readouts_with_their_units(name, module, lang):
    course_lib.set_language(lang)
    try:
        lab = make(name, module)
        assert lab.DESCRIPTION and lab.DESCRIBES, f"{name} declares no description (DESCRIPTION, DESCRIBES)"
        template = lab.messages.messages[lang][lab.DESCRIPTION]
        fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
        assert set(lab.DESCRIBES) <= fields, f"{name} [{lang}]: names none of {sorted(set(lab.DESCRIBES) - fields)}"
        assert fields <= set(lab.readouts), f"{name} [{lang}]: {sorted(fields - set(lab.readouts))} are no readouts"
        for field, unit in lab.DESCRIBES.items():
            assert not unit or unit_follows(template, field, unit), f"{name} [{lang}]: {field} without its unit {unit!r}"
        said = lab.scene.description
        assert said == lab.description() and said and "{" not in said and "nan" not in said.lower(), said
        changed = dict(lab.readouts, **{f: lab.readouts[f] + 7.0 for f in lab.DESCRIBES})
        assert lab.T(lab.DESCRIPTION, **changed) != said, f"{name}: the description does not follow its readouts"
    finally:
        course_lib.set_language("en")


def test_the_description_follows_a_move_and_a_language_switch():
    from course_lib.lessons.start_here.lab import ArmPreviewLab
    lab = ArmPreviewLab(TwoLinkArm())
    lab.set("theta2", 80.0)
    assert "θ₂ 80°" in lab.scene.description, lab.scene.description
    course_lib.set_language("zh")
    try:
        assert lab.scene.description.startswith("机械臂") and "θ₂ 80°" in lab.scene.description
    finally:
        course_lib.set_language("en")
    assert lab.scene.description.startswith("Arm at")


def test_during_play_the_description_is_written_at_most_once_a_second(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr("course_lib.lab.describe.time.monotonic", lambda: clock[0])

    class Toy(Described):
        DESCRIPTION, playing = "d", True

        def __init__(self):
            self.readouts, self.scene = {"x": 0.0}, type("S", (), {"description": ""})()

        def T(self, key, **values):
            return f"x {values['x']:.0f} m"

    toy = Toy()
    toy.describe_scene()
    toy.readouts["x"] = 5.0
    clock[0] += PLAY_EVERY / 2
    toy.describe_scene()
    assert toy.scene.description == "x 0 m", "written again within a second of Play"
    clock[0] += PLAY_EVERY / 2
    toy.describe_scene()
    assert toy.scene.description == "x 5 m"
    toy.playing, toy.readouts["x"] = False, 6.0
    toy.describe_scene()
    assert toy.scene.description == "x 6 m", "paused: written at once"


def test_during_play_the_description_follows_the_frames_the_browser_has_shown():
    """The cart-pole's sentence names its time: after 2 s of Play it names a frame the browser showed at most
    PLAY_EVERY s before the one on screen (it is rewritten at most once a second), not t = 0; on Pause, that one."""
    import re

    from course_lib.lessons.cart_pole.lab import CartPoleLab
    from tests.helpers.playback import playing, play_chunks

    lab, clock = playing(CartPoleLab)
    at_start = lab.scene.description
    play_chunks(lab, clock, int(round(2 * PLAY_EVERY / lab.CHUNK)))
    assert lab.playing and lab.t > 1.5 * PLAY_EVERY
    said = float(re.search(r"t (\d+\.\d+) s", lab.scene.description).group(1))
    assert lab.t - PLAY_EVERY - 0.005 <= said <= lab.t + 0.005, (lab.t, lab.scene.description)
    lab.set("play", None)
    assert lab.scene.description == lab.description() != at_start, (at_start, lab.scene.description)
    assert f"t {lab.t:.2f} s" in lab.scene.description, (lab.t, lab.scene.description)


def test_a_simulated_arm_is_described_with_its_angles_wrapped_as_its_readout_shows_them():
    """After the arm has swung past ±π, the description gives θ within ±π, as the readout under the scene does."""
    import math

    from course_lib.lessons.two_link.lab import ArmSimLab

    lab = ArmSimLab()
    lab.put(q=[math.radians(170.0) + 4 * math.pi, math.radians(-100.0) - 2 * math.pi], qd=[0.0, 0.0])
    lab.refresh()   # as after a run that ended there
    said = lab.scene.description
    assert "θ₁ 2.97 rad" in said and "θ₂ −1.75 rad" in said, said


def test_a_stretched_arm_is_described_as_such_not_with_the_last_apparent_mass():
    """At θ₂ = 0, where Λ does not exist, lesson 7's scene says so; it keeps no apparent mass of an earlier posture."""
    from course_lib.lessons.operational_space.lab import OperationalSpaceLab

    lab = OperationalSpaceLab()
    lab.set("theta2", 1.0)
    assert "apparent mass" in lab.scene.description
    lab.set("theta2", 0.0)
    said = lab.scene.description
    assert "stretched straight" in said and "kg" not in said and "θ₂ 0°" in said, said


def test_a_sentence_that_cannot_be_filled_leaves_the_scene_undescribed_not_describing_an_old_state():
    class Toy(Described):
        DESCRIPTION, playing = "d", False

        def __init__(self):
            self.readouts, self.scene = {"x": 1.0}, type("S", (), {"description": ""})()

        def T(self, key, **values):
            return f"x {values['x']:.0f} m"

    toy = Toy()
    toy.describe_scene()
    assert toy.scene.description == "x 1 m"
    del toy.readouts["x"]
    toy.describe_scene()
    assert toy.scene.description == ""
