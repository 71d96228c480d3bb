"""The scene's Ellipse shape (kit): bound to channels, checked like every shape."""

from __future__ import annotations

import pytest

from course_lib.lab.scene import Ellipse, Panel, Scene


def test_ellipse_binds_centre_axes_and_direction_to_channels():
    scene = Scene(width=200, height=200, channels=["a", "b", "ux", "uy"],
                  panels=[Panel("p", 0, 0, 1, 1, (-2, 2), (-2, 2))],
                  shapes=[Ellipse("e", "p", a="a", b="b", ux="ux", uy="-uy")])
    props = next(s for s in scene.shapes if s["id"] == "e")["props"]
    assert scene.shapes[0]["kind"] == "ellipse"
    assert props["a"] == {"ch": 0, "k": 1.0, "c": 0.0} and props["uy"] == {"ch": 3, "k": -1.0, "c": 0.0}
    assert props["x"] == 0.0 and props["n"] == 72.0


def test_ellipse_bound_to_an_unknown_channel_is_refused_naming_it():
    with pytest.raises(ValueError, match="bound to channel 'nope'"):
        Scene(width=200, height=200, channels=["a"], panels=[Panel("p")], shapes=[Ellipse("e", "p", a="nope")])
