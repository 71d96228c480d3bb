"""Scene.set_shapes (kit): several shapes changed in one update of the shape list, all or nothing."""

from __future__ import annotations

import pytest

from course_lib.lab.scene import Panel, Polyline, Scene


def scene():
    return Scene(width=200, height=200, channels=["x"], panels=[Panel("p")],
                 shapes=[Polyline("a", "p"), Polyline("b", "p")])


def test_set_shapes_changes_every_shape_with_one_update_of_the_list():
    s = scene()
    updates = []
    s.observe(lambda change: updates.append(change), names="shapes")
    s.set_shapes({"a": {"xs": [0, 1], "ys": [0, 1]}, "b": {"xs": [1, 2], "ys": [3, 4], "visible": False}})
    assert len(updates) == 1
    by_id = {sh["id"]: sh["props"] for sh in s.shapes}
    assert by_id["a"]["xs"] == [0.0, 1.0] and by_id["b"]["ys"] == [3.0, 4.0] and by_id["b"]["visible"] is False


def test_set_shapes_with_one_bad_change_changes_nothing():
    s = scene()
    before = [dict(sh) for sh in s.shapes]
    with pytest.raises(ValueError, match="must be finite"):
        s.set_shapes({"a": {"xs": [0, 1], "ys": [0, 1]}, "b": {"xs": [float("nan")], "ys": [0]}})
    assert s.shapes == before
    with pytest.raises(ValueError, match="no shape 'c'"):
        s.set_shapes({"a": {"xs": [5, 6]}, "c": {"xs": [0]}})
    assert s.shapes == before
    s.set_shapes({"a": {"visible": True}})  # a's spec rebuilt from its fields: the failed calls left them alone
    assert next(sh for sh in s.shapes if sh["id"] == "a")["props"]["xs"] == []
