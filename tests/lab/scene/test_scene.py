"""The scene widget's Python side, headless: what it sends, what it refuses, what it calls back.

The browser side (course_lib/lab/scene.js) has its own unit tests under
tests/js/, run by Node (tests/test_scene_js.py), and is driven in a real
browser by tests/browser/.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from course_lib.lab.scene import (
    FALLBACK_TEXT,
    Arrow,
    Bind,
    Disc,
    Formula,
    Handle,
    HoldButton,
    Link,
    Panel,
    Polyline,
    Scene,
    Text,
    Trace,
)

CHANNELS = ["theta", "bx", "by", "W"]


def pendulum_scene(**kwargs) -> Scene:
    """A pendulum drawn from its bob's position (bx, by) and weight W."""
    return Scene(
        width=600, height=300,
        panels=[Panel("world", w=0.5, xlim=(-1.3, 1.3), ylim=(-1.3, 1.3), equal=True),
                Panel("phase", x=0.5, w=0.5, xlim=(-4, 4), ylim=(-8, 8))],
        channels=CHANNELS,
        shapes=[Link("rod", panel="world", x1="bx", y1="by"),
                Disc("bob", panel="world", x="bx", y="by"),
                Arrow("weight", panel="world", x="bx", y="by", dx=0, dy="-W", scale=0.02, label="mg"),
                Trace("path", panel="phase", x="theta", y=Bind("bx", 2.0, 0.5)),
                Polyline("separatrix", panel="phase", xs=[0, 1], ys=[1, 0], dash=True),
                Text("readout", panel="world", x=-1.2, y=1.1, text="θ = {theta:.1f}°"),
                Handle("bob_handle", panel="world", x="bx", y="by")],
        formula=Formula(["m l² θ̈ + ", ("m g l sin θ", "gravity"), " = τ"], {"gravity": ["weight"]}),
        keys=True, buttons=[HoldButton("push_left", "◀ push")], **kwargs)


def test_bindings_name_channels_by_column_with_sign_and_scale():
    scene = pendulum_scene()
    spec = {s["id"]: s["props"] for s in scene.shapes}
    assert spec["rod"]["x1"] == {"ch": 1, "k": 1.0, "c": 0.0}
    assert spec["weight"]["dy"] == {"ch": 3, "k": -1.0, "c": 0.0}, "'-W' is the weight channel negated"
    assert spec["path"]["y"] == {"ch": 1, "k": 2.0, "c": 0.5}
    assert spec["rod"]["x0"] == 0.0, "an unbound property stays a number"


def test_a_binding_to_an_unknown_channel_is_refused_by_name():
    with pytest.raises(ValueError, match=r"shape 'bob' \(Disc\), property 'x' is bound to channel 'bz'.*"
                                         r"\['theta', 'bx', 'by', 'W'\]"):
        Scene(channels=CHANNELS, panels=[Panel("world")], shapes=[Disc("bob", panel="world", x="bz")])


@pytest.mark.parametrize("build, message", [
    (lambda: Scene(channels=["a", "a"]), "channel names must be unique"),
    (lambda: Scene(channels=["a"], shapes=[Disc("d"), Disc("d")]), r"repeated: \['d'\]"),
    (lambda: Scene(channels=["a"], shapes=[Disc("d", panel="nowhere")]), "panel 'nowhere'.*panels are"),
    (lambda: Scene(panels=[Panel("p", xlim=(0, math.nan))]), "xlim must be two finite numbers"),
    (lambda: Scene(panels=[Panel("p", x=0.6, w=0.6)]), "box must lie within 0..1"),
    (lambda: Scene(channels=["a"], shapes=[Disc("d", r=math.inf)]), "property 'r' must be finite"),
    (lambda: Scene(width=10), "width and height are whole CSS pixels"),
    (lambda: Scene(channels=["a"], periodic={"b": 360}), "must name a channel"),
    (lambda: Formula([("x", "missing")], {}).spec(), "term 'missing' has no entry"),
    (lambda: Scene(channels=["a"], shapes=[Disc("d")], formula=Formula([("x", "t")], {"t": ["e"]})),
     r"highlights unknown shapes \['e'\]"),
])
def test_a_bad_description_is_refused_with_what_is_allowed(build, message):
    with pytest.raises(ValueError, match=message):
        build()


def test_set_values_keeps_unnamed_channels_and_bumps_the_frame_seq():
    scene = pendulum_scene(values={"bx": 0.3})
    seq = scene.frame["seq"]
    scene.set_values({"by": -0.9})
    assert scene.values == {"theta": 0.0, "bx": 0.3, "by": -0.9, "W": 0.0}
    assert scene.frame == {"seq": seq + 1, "gen": 0, "values": [0.0, 0.3, -0.9, 0.0]}
    scene.set_values({"by": -0.9})
    assert scene.frame["seq"] == seq + 2, "the same values sent again still reach the browser (new seq)"


@pytest.mark.parametrize("values, message", [
    ({"bx": math.nan}, "channel 'bx' must be a finite number, got nan"),
    ({"bx": math.inf}, "channel 'bx' must be a finite number, got inf"),
    ({"bx": "1.0x"}, "channel 'bx' must be a finite number"),
    ({"q": 1.0}, r"unknown channel 'q'; the scene's channels are \['theta', 'bx', 'by', 'W'\]"),
])
def test_set_values_refuses_what_cannot_be_drawn_and_keeps_the_last_state(values, message):
    scene = pendulum_scene(values={"bx": 0.3})
    before = dict(scene.frame)
    with pytest.raises(ValueError, match=message):
        scene.set_values(values)
    assert scene.frame == before, "a refused state is not sent"


def test_send_chunk_sends_float64_frames_in_one_buffer(monkeypatch):
    scene = pendulum_scene()
    sent = []
    monkeypatch.setattr(scene, "send", lambda content, buffers=None: sent.append((content, buffers)))
    frames = np.arange(12.0).reshape(3, 4)
    scene.send_chunk(1.0, 0.5, frames, replace_from=1.25, final=True)
    content, buffers = sent[0]
    assert content == {"type": "chunk", "t0": 1.0, "dt": 0.5, "n": 3, "replace_from": 1.25, "final": True,
                       "seek": False, "gen": 0}
    assert np.array_equal(np.frombuffer(buffers[0], dtype="<f8").reshape(3, 4), frames)
    scene.send_chunk(2.0, 0.5, frames)
    assert sent[1][0]["replace_from"] == 2.0, "a chunk supersedes queued frames from its own start"


@pytest.mark.parametrize("t0, dt, frames, message", [
    (0.0, 0.1, np.zeros((3, 2)), r"shape \(n ≥ 1, 4\).*got shape \(3, 2\)"),
    (0.0, 0.1, np.zeros((0, 4)), r"got shape \(0, 4\)"),
    (0.0, 0.1, np.zeros(4), r"got shape \(4,\)"),
    (0.0, 0.0, np.zeros((3, 4)), "dt is the time between frames and must be > 0"),
    (math.nan, 0.1, np.zeros((3, 4)), "t0 must be a finite number"),
    (0.0, 0.1, np.array([[0, 0, 0, 0], [0, 0, math.nan, 0.0]]), r"frame 1 \(t = 0.1 s\) has a non-finite by = nan"),
])
def test_send_chunk_refuses_a_wrong_shape_or_non_finite_frames(t0, dt, frames, message):
    scene = pendulum_scene()
    n = len(scene.outbox)
    with pytest.raises(ValueError, match=message):
        scene.send_chunk(t0, dt, frames)
    assert len(scene.outbox) == n, "nothing is sent"


def test_browser_messages_reach_the_callbacks():
    scene = pendulum_scene()
    calls = []
    for name in ("drag", "key", "hold", "need", "playhead"):
        getattr(scene, f"on_{name}")(lambda *args, name=name: calls.append((name, *args)))
    scene.browser_message({"type": "drag", "id": "bob_handle", "phase": "end", "x": 0.1, "y": -0.2})
    scene.browser_message({"type": "key", "key": "ArrowLeft", "phase": "down"})
    scene.browser_message({"type": "hold", "id": "push_left", "phase": "up"})
    scene.browser_message({"type": "need", "t": 0.5, "t_last": 1.5})
    scene.browser_message({"type": "need", "t": 0.52, "t_last": 1.5})  # a second view asking the same
    scene.browser_message({"type": "playhead", "t": 0.75, "reason": "pause"})
    assert calls == [("drag", "bob_handle", "end", 0.1, -0.2), ("key", "ArrowLeft", "down"),
                     ("hold", "push_left", "up"), ("need", 0.5, 1.5), ("playhead", 0.75)]
    assert scene.playhead == 0.75 and scene.playhead_estimate() == 0.75, "paused: the estimate is the report"


def test_a_frame_sent_while_handling_a_drag_names_the_view_and_count_it_answers():
    scene = pendulum_scene()
    scene.on_drag(lambda handle, phase, x, y: scene.set_values({"bx": x, "by": y}))
    assert "answers" not in scene.frame, "no drag handled yet: a frame answers none"
    scene.browser_message({"type": "drag", "id": "bob_handle", "phase": "move", "x": 0.1, "y": -0.2,
                           "view": "v1", "n": 7})
    assert scene.frame["answers"] == {"view": "v1", "n": 7}
    assert scene.frame["values"][1:3] == [0.1, -0.2], "the frame that answers n = 7 holds that move"
    scene.set_values({"W": 2.0})
    assert scene.frame["answers"] == {"view": "v1", "n": 7}, "a later frame still names the last drag handled"
    scene.browser_message({"type": "drag", "id": "bob_handle", "phase": "end", "x": 0.3, "y": -0.1,
                           "view": "v2", "n": 2})
    assert scene.frame["answers"] == {"view": "v2", "n": 2}, "another view's drag: its own count"


@pytest.mark.parametrize("message, error", [
    ({"type": "teleport"}, "unknown browser message"),
    ({"type": "drag", "id": "bob_handle", "phase": "move", "x": 0, "y": 0, "view": "v", "n": "3"},
     r"a drag's view must be a short string and n a count \(an int ≥ 0\), got view='v', n='3'"),
    ({"type": "drag", "id": "bob_handle", "phase": "move", "x": 0, "y": 0, "view": "", "n": 3}, "view must be"),
    ({"type": "drag", "id": "bob_handle", "phase": "move", "x": 0, "y": 0, "view": "v", "n": True}, "n a count"),
    ({"type": "drag", "id": "rod", "phase": "move", "x": 0, "y": 0}, r"not a Handle; handles: \['bob_handle'\]"),
    ({"type": "drag", "id": "bob_handle", "phase": "fling", "x": 0, "y": 0}, "phase must be one of"),
    ({"type": "drag", "id": "bob_handle", "phase": "move", "x": None, "y": 0}, "drag: x must be a finite number"),
    ({"type": "key", "key": "Enter", "phase": "down"}, "key must be one of"),
    ({"type": "hold", "id": "push_up", "phase": "down"}, r"unknown button 'push_up'; buttons: \['push_left'\]"),
])
def test_a_malformed_browser_message_is_refused(message, error):
    with pytest.raises(ValueError, match=error):
        pendulum_scene().browser_message(message)


def test_a_failing_callback_never_raises_into_the_comm():
    scene = pendulum_scene()
    scene.on_key(lambda key, phase: 1 / 0)
    scene._on_custom_msg(scene, {"type": "key", "key": " ", "phase": "down"}, [])
    assert isinstance(scene.callback_errors[-1], ZeroDivisionError)


def test_set_shape_and_set_panel_check_before_they_change_anything():
    scene = pendulum_scene()
    scene.set_shape("separatrix", xs=[0, 1, 2], ys=[0, 1, 0])
    assert next(s for s in scene.shapes if s["id"] == "separatrix")["props"]["xs"] == [0.0, 1.0, 2.0]
    with pytest.raises(ValueError, match=r"no settable field \['radius'\]"):
        scene.set_shape("bob", radius=2)
    with pytest.raises(ValueError, match="bound to channel 'nope'"):
        scene.set_shape("bob", x="nope")
    assert next(s for s in scene.shapes if s["id"] == "bob")["props"]["x"] == {"ch": 1, "k": 1.0, "c": 0.0}
    scene.set_panel("phase", ylim=(0, 12))
    assert next(p for p in scene.panels if p["id"] == "phase")["ylim"] == [0.0, 12.0]
    with pytest.raises(ValueError, match="ylim must be two finite numbers"):
        scene.set_panel("phase", ylim=(3, math.inf))
    with pytest.raises(ValueError, match="no panel 'energy'"):
        scene.set_panel("energy", ylim=(0, 1))


def test_without_a_front_end_the_scene_says_what_to_do():
    text = repr(pendulum_scene())
    assert text == FALLBACK_TEXT and "pip install anywidget" in text and "restart" in text


def test_the_es_module_ships_inside_the_package():
    from course_lib.lab.scene import ESM_PATH
    source = ESM_PATH.read_text()
    assert ESM_PATH.name == "scene.js" and "export default" in source


def test_each_scene_has_its_own_id_for_the_page():
    a, b = pendulum_scene(), pendulum_scene()
    assert a.scene_id != b.scene_id and a.scene_id.startswith("scene-")


def test_an_error_reported_by_the_browser_is_kept_for_the_lab():
    scene = pendulum_scene()
    scene.browser_message({"type": "error", "text": "TypeError: x is undefined"})
    assert scene.browser_errors == ["TypeError: x is undefined"] and scene.received["error"] == 1


def test_set_shape_changes_only_this_scene_not_the_shared_definition():
    line = Polyline("curve", xs=[0, 1], ys=[0, 1])
    a, b = Scene(shapes=[line]), Scene(shapes=[line])
    a.set_shape("curve", xs=[0, 2], ys=[0, 2])
    assert line.xs == [0, 1] and next(s for s in b.shapes if s["id"] == "curve")["props"]["xs"] == [0.0, 1.0]


def test_formula_with_live_numbers_and_term_colours_reaches_the_browser_and_is_checked():
    """A formula's ``{channel}`` fields and its terms' colours are sent as the browser reads them; a field that is
    not a channel, or a colour for a term that does not exist, is refused with the names allowed."""
    f = Formula([("M q̈ = {mqdd:.2f}", "inertia"), " + ", ("g = {g1:.2f}", "gravity")],
                {"inertia": ["link"], "gravity": ["link"]}, colors={"gravity": "#d48806"})
    s = Scene(channels=["mqdd", "g1"], shapes=[Link("link")], formula=f)
    parts = s.formula["parts"]
    assert [p["text"] for p in parts] == ["M q̈ = {mqdd:.2f}", " + ", "g = {g1:.2f}"]
    assert [p["color"] for p in parts] == [None, None, "#d48806"]
    assert s.formula["terms"]["gravity"] == ["link"]
    assert s.formula["below"] is False and Formula(["x"], below=True).spec()["below"] is True
    with pytest.raises(ValueError, match=r"live fields \['tau'\] are not channels"):
        Scene(channels=["mqdd", "g1"], shapes=[Link("link")],
              formula=Formula(["{mqdd:.1f} = {tau:.1f}"], {}))
    with pytest.raises(ValueError, match=r"colors name terms \['input'\]"):
        Formula([("τ", "gravity")], {"gravity": []}, colors={"input": "purple"}).spec()


def test_set_shapes_changes_several_shapes_in_one_update_or_none_at_all():
    scene = pendulum_scene()
    updates = []
    scene.observe(lambda change: updates.append(change), names="shapes")
    scene.set_shapes({"separatrix": {"xs": [0, 1], "ys": [1, 0]}, "bob": {"color": "bad"}})
    shapes = {s["id"]: s["props"] for s in scene.shapes}
    assert len(updates) == 1 and shapes["separatrix"]["ys"] == [1.0, 0.0] and shapes["bob"]["color"] == "bad"
    with pytest.raises(ValueError, match="bound to channel 'nope'"):
        scene.set_shapes({"separatrix": {"xs": [5, 6]}, "bob": {"x": "nope"}})
    shapes = {s["id"]: s["props"] for s in scene.shapes}
    assert len(updates) == 1 and shapes["separatrix"]["xs"] == [0.0, 1.0]  # the first change was rolled back
    assert scene._shapes["separatrix"].xs == [0, 1]
