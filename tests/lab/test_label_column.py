"""Every lab's sliders share one label column, so their tracks start at one x (en, zh, and after a switch).

The column is as wide as the lab's widest slider label needs (controls.label_px, 100–160 px): no label is
cut for the sake of alignment. The browser measures the tracks themselves
(tests/browser/test_lab_layout_in_browser.py); this is the kernel's side, for every lab class.
"""

from __future__ import annotations

import importlib

import ipywidgets as w
import pytest

import course_lib
from course_lib import TwoLinkArm
from course_lib.lab.controls import LABEL_MAX_PX, LABEL_MIN_PX, label_px
from course_lib.lessons import LESSONS

LABS = [(name, f"{lesson.package}.{module}") for lesson in LESSONS for name, module in lesson.exports.items()
        if name.endswith("Lab")]


def make(name: str, module: str):
    cls = getattr(importlib.import_module(module), name)
    return cls(TwoLinkArm()) if name == "ArmPreviewLab" else cls()


def label_columns(lab) -> set[str]:
    return {x.style.description_width for x in lab.controls.values() if isinstance(x, (w.FloatSlider, w.IntSlider))}


def assert_one_column(lab, when: str) -> None:
    sliders = [x for x in lab.controls.values() if isinstance(x, (w.FloatSlider, w.IntSlider))]
    widths = label_columns(lab)
    assert len(widths) <= 1, f"{when}: the sliders' labels take {sorted(widths)}: their tracks start at different x"
    if sliders:
        px = int(widths.pop().removesuffix("px"))
        need = min(max(max(label_px(x.description) for x in sliders), LABEL_MIN_PX), LABEL_MAX_PX)
        assert px == need, f"{when}: the column is {px} px, its widest label needs {need} px"


@pytest.mark.parametrize(("name", "module"), LABS, ids=[n for n, _ in LABS])
def test_a_labs_sliders_share_one_label_column_in_both_languages_and_after_a_switch(name, module):
    try:
        for lang in ("en", "zh"):
            course_lib.set_language(lang)
            lab = make(name, module)
            assert_one_column(lab, f"{name} made in {lang}")
            course_lib.set_language("zh" if lang == "en" else "en")
            assert_one_column(lab, f"{name} made in {lang}, switched")
            lab.close()
    finally:
        course_lib.set_language("en")
