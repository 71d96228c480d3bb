"""Lesson 10's lab text names each arrow and the handle by the colour the lab draws it in (en + zh): the text
once said "red the force" for vermilion arrows and "the red tip" for a blue handle."""

from __future__ import annotations

import json
import pathlib

import pytest

from course_lib.lessons.recursive_dynamics.lab import RneaLab

REPO = pathlib.Path(__file__).resolve().parents[3]
#: a palette role (course_lib/lab/scene/layout.py, PALETTE and its comments) → how each language names its colour
ROLE_WORDS = {
    "force": {"en": "vermilion", "zh": "朱红色"},
    "velocity": {"en": "green", "zh": "绿色"},
    "gravity": {"en": "purple", "zh": "紫色"},
    "primary": {"en": "blue", "zh": "蓝色"},
}
#: the lab's shape → how the lesson's text says "<colour> … this shape" (the colour word goes in at {})
PHRASES = {
    "f_current": {"en": "{} the force across its joint", "zh": "{}是穿过其关节的力"},
    "v_current": {"en": "{} the velocity of its", "zh": "{}是其关节点的速度"},
    "a_current": {"en": "{} the linear part of its", "zh": "{}是其**空间**加速度"},
    "tip": {"en": "Drag the {} tip", "zh": "拖动{}末端"},
}
NOTEBOOKS = {"en": REPO / "notebooks" / "10_recursive_dynamics.ipynb",
             "zh": REPO / "notebooks" / "zh" / "10_recursive_dynamics.ipynb"}


def markdown(lang: str) -> str:
    """The lesson's Markdown in ``lang``, joined, with each source line's breaks turned into spaces."""
    cells = json.loads(NOTEBOOKS[lang].read_text(encoding="utf-8"))["cells"]
    text = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return " ".join(line.strip() for line in text.splitlines())


def colour_named(text: str, phrase: str, lang: str) -> str | None:
    """The role whose colour word ``text`` puts into ``phrase``, or None if no colour word is there."""
    found = [role for role, words in ROLE_WORDS.items() if phrase.format(words[lang]) in text]
    return found[0] if found else None


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("shape", sorted(PHRASES))
def test_the_text_names_the_colour_the_lab_draws(shape, lang):
    drawn = {s["id"]: s for s in RneaLab().scene.shapes}[shape]["props"]["color"]
    assert colour_named(markdown(lang), PHRASES[shape][lang], lang) == drawn, (shape, lang, drawn)


def test_the_check_sees_a_wrong_colour_word():
    assert colour_named("… rest), vermilion the force across its joint.", PHRASES["f_current"]["en"], "en") == "force"
    assert colour_named("… rest), purple the force across its joint.", PHRASES["f_current"]["en"], "en") == "gravity"
    assert colour_named("紫色是其**空间**加速度", PHRASES["a_current"]["zh"], "zh") == "gravity"
    assert colour_named("红色是穿过其关节的力", PHRASES["f_current"]["zh"], "zh") is None
