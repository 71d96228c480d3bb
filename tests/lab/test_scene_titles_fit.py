"""Every lab's panel titles stay inside the canvas, in both languages (lesson 10's ran to the canvas edge).

A title is drawn centred over its panel's plot area at 15 px (scene.js ``drawAxes``) in JupyterLab's UI font;
its width is measured here with matplotlib's metrics of DejaVu Sans (Chromium's sans-serif on this system)
and Noto Sans CJK for Chinese, both at 15 px. The plot area is the panel less scene.js's margins; an
equal-aspect panel's area is taken as the same (its centre moves little). The browser layout test measures
the drawn canvas itself; this one is the fast check of every title in both languages.
"""

from __future__ import annotations

import importlib

import pytest
from matplotlib.font_manager import FontProperties, findfont
from matplotlib.textpath import TextToPath

from course_lib.i18n import set_language
from course_lib.lessons import LESSONS

#: scene.js drawAxes: the title's size (px) with axes, and the margins (left with / without a y label, right)
TITLE_PX, LEFT_YLABEL, LEFT_PLAIN, RIGHT, FRAMELESS = 15, 58, 44, 12, 4
#: a title must stay this far (px) from the canvas's left and right edges
EDGE = 4
LABS = [(lesson.package, name) for lesson in LESSONS for name, module in lesson.exports.items()
        if name.endswith("Lab") and module.endswith("lab")]


def title_width(text: str) -> float:
    """The width (px) of ``text`` at TITLE_PX, Latin in DejaVu Sans, anything else in a CJK font."""
    latin = FontProperties(family="DejaVu Sans", size=TITLE_PX)
    cjk = FontProperties(family=["Noto Sans CJK SC", "Noto Sans CJK JP", "WenQuanYi Zen Hei"], size=TITLE_PX)
    tp = TextToPath()
    runs, width = [], 0.0
    for ch in text:
        kind = ord(ch) < 0x2E80
        if runs and runs[-1][0] == kind:
            runs[-1][1] += ch
        else:
            runs.append([kind, ch])
    for kind, run in runs:
        width += tp.get_text_width_height_descent(run, latin if kind else cjk, ismath=False)[0]
    return width


def test_the_measure_sees_the_old_lesson_10_title_overrun_its_plot():
    old = "Planar chain of equal rods, 1.6 m and 4 kg in all; drag the tip"
    centre = LEFT_YLABEL + (500 - LEFT_YLABEL - RIGHT) / 2  # RneaLab: one 500 px panel with a y label
    assert centre + title_width(old) / 2 > 500 - EDGE


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("package, name", LABS)
def test_every_panel_title_fits_over_its_plot(package, name, language):
    if language == "zh" and "CJK" not in findfont(FontProperties(family="Noto Sans CJK SC"), fallback_to_default=True):
        pytest.skip("no CJK font to measure with")
    set_language(language)
    try:
        lab = getattr(importlib.import_module(f"{package}.{LABS_MODULE[(package, name)]}"), name)()
        for panel in lab.scene.panels:
            if not panel.get("title"):
                continue
            axes = panel.get("axes", True)
            left = (LEFT_YLABEL if panel.get("ylabel") else LEFT_PLAIN) if axes else FRAMELESS
            right = RIGHT if axes else FRAMELESS
            x0, w = panel["x"] * lab.scene.width, panel["w"] * lab.scene.width
            centre = x0 + left + (w - left - right) / 2
            half = title_width(panel["title"]) / 2
            assert EDGE <= centre - half and centre + half <= lab.scene.width - EDGE, \
                f"{name} {panel['id']}: {panel['title']!r} runs from {centre - half:.0f} to {centre + half:.0f} px " \
                f"on a {lab.scene.width} px canvas"
    finally:
        set_language("en")


LABS_MODULE = {(lesson.package, name): module for lesson in LESSONS for name, module in lesson.exports.items()}
