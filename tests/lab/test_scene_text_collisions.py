"""The browser tests' rule for colliding scene texts (tests/browser/scene_texts.py) sees what it must."""

from __future__ import annotations

from tests.browser.scene_texts import collisions


def box(text, left, top, width=40, height=12, clip=None):
    return {"text": text, "left": left, "top": top, "right": left + width, "bottom": top + height, "clip": clip}


def canvas(*texts):
    return {"width": 400, "height": 300, "texts": list(texts)}


def test_two_labels_drawn_over_each_other_collide():
    (line,) = collisions(canvas(box("payload 2 kg", 100, 100), box("link 2", 120, 105)))
    assert "'payload 2 kg' and 'link 2' overlap by 20.0 × 7.0 px" == line


def test_labels_side_by_side_and_a_label_drawn_twice_do_not_collide():
    assert collisions(canvas(box("m₁", 100, 100), box("m₂", 141, 100), box("m₁", 100, 100))) == []


def test_a_label_cut_off_by_its_panel_or_the_canvas_is_a_collision():
    panel = {"left": 0, "top": 0, "right": 200, "bottom": 300}
    lines = collisions(canvas(box("0.031 %", 180, 50, clip=panel), box("κ", 390, 10)))
    assert lines == ["'0.031 %' runs 20.0 px past the edge of its panel", "'κ' runs 30.0 px past the edge of the canvas"]
