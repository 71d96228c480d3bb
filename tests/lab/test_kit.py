"""The lab kit: one scene reused, drags through the scene's messages, guarded callbacks, per-lab message tables.

Checked on the start-here lab (the 2R arm preview), whose geometry has an
independent reference: the tip of a 2R arm at θ₁, θ₂ is
(l₁ cos θ₁ + l₂ cos(θ₁+θ₂), l₁ sin θ₁ + l₂ sin(θ₁+θ₂)).
"""

from __future__ import annotations

import importlib
import pathlib
import re

import numpy as np
import pytest

from course_lib.lab.numbers import significant
from course_lib.lab import messages
from course_lib.lessons import _WHERE
from course_lib.lessons.action.lab import ActionLab
from course_lib.lessons.pendulum.lab import PendulumLab
from course_lib.lessons.start_here.lab import ArmPreviewLab
from course_lib.physics.models import TwoLinkArm
from tests.helpers.lab_source import message_keys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_tip_readout_matches_planar_arm_geometry():
    """The tip readout is l₁(cos θ₁, sin θ₁) + l₂(cos(θ₁+θ₂), sin(θ₁+θ₂)) for the course's arm."""
    lab = ArmPreviewLab()
    lab.set("theta1", 40.0)
    lab.set("theta2", -70.0)
    t1, t12 = np.radians(40.0), np.radians(40.0 - 70.0)
    expected = (1.0 * np.cos(t1) + 0.8 * np.cos(t12), 1.0 * np.sin(t1) + 0.8 * np.sin(t12))
    assert lab.readout("tip_x") == pytest.approx(expected[0], abs=1e-12)
    assert lab.readout("tip_y") == pytest.approx(expected[1], abs=1e-12)


def test_slider_moves_update_the_scene_values_without_new_widgets():
    """Fifty slider moves change the numbers the scene shows, never the scene, its shapes or the widget count."""
    import ipywidgets.widgets.widget as widget_module

    lab = ArmPreviewLab()
    scene, shapes = lab.scene, list(lab.scene.shapes)
    count = len(widget_module._instances)
    old = dict(lab.scene.values)
    for k in range(50):
        lab.set("theta1", float(-90 + 3 * k))
    assert lab.scene is scene and lab.scene.shapes == shapes
    assert len(widget_module._instances) == count
    assert lab.scene.values["tx"] != old["tx"]


def test_first_slider_visibly_changes_the_scene():
    """The browser test moves the first slider: the numbers the scene draws must change (both labs)."""
    for lab in (ArmPreviewLab(), PendulumLab(), ActionLab()):
        first = next(iter(lab.controls))
        before = dict(lab.scene.values)
        lab.set(first, float(lab.controls[first].value) + 40.0)
        moved = [k for k in before if abs(lab.scene.values[k] - before[k]) > 1e-3]
        assert len(moved) >= 2, (type(lab).__name__, moved)


def test_labs_draw_on_one_scene_widget_beside_their_controls():
    """Each lab shows one Scene (anywidget) with its first slider and its checklist in the column beside it."""
    from course_lib.lab.scene import Scene

    for lab in (ArmPreviewLab(), PendulumLab(), ActionLab()):
        row = lab.widget.children[0]
        scene, column = row.children
        assert isinstance(scene, Scene) and scene is lab.scene
        assert next(iter(lab.controls.values())) in column.children
        assert lab.tasks.widget in column.children  # the checklist sits right under the controls


def test_dragging_the_elbow_sets_theta1_and_keeps_theta2():
    """A drag on the canvas (press, moves, release) turns link 1 toward the pointer."""
    lab = ArmPreviewLab()
    theta2 = lab.readout("theta2")
    lab.drag("elbow", -0.5, 0.5)
    assert lab.readout("theta1") == pytest.approx(np.radians(135.0), abs=np.radians(1.0))
    assert lab.readout("theta2") == theta2
    assert lab.controls["theta1"].value == pytest.approx(135.0, abs=1.0)


def test_a_move_or_release_without_a_grab_moves_nothing():
    """Stray pointer messages (a move or a release of a handle that was never grabbed) leave the arm as it is."""
    lab = ArmPreviewLab()
    state = dict(lab.readouts)
    lab.scene.browser_message({"type": "drag", "id": "tip", "phase": "move", "x": -1.2, "y": -0.4})
    lab.scene.browser_message({"type": "drag", "id": "tip", "phase": "end", "x": -1.2, "y": -0.4})
    assert lab.readouts == state


def test_start_here_task_is_met_only_when_the_tip_is_high_enough():
    """The tiny task turns ✓ at y ≥ 1.7 m, keeps the value that met it, and stays ✓."""
    lab = ArmPreviewLab()
    lab.set("theta1", 60.0)
    lab.set("theta2", 0.0)  # tip height 1.8 sin 60° ≈ 1.56 m < 1.7 m
    assert not lab.task_done("reach_high")
    lab.set("theta1", 80.0)  # 1.8 sin 80° ≈ 1.77 m
    assert lab.task_done("reach_high")
    assert f"{significant(TwoLinkArm().tip(np.radians([80.0, 0.0]))[1], 3)}" in lab.tasks.value("reach_high")
    lab.set("theta1", 0.0)
    assert lab.task_done("reach_high") and "☑" in lab.tasks.html


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "ninety"])
def test_bad_slider_value_shows_a_message_and_keeps_the_lab_usable(bad):
    """An unusable angle shows a message; the arm keeps its pose and later moves still work."""
    lab = ArmPreviewLab()
    pose = dict(lab.readouts)
    lab.set("theta1", bad)
    assert lab.message.value and "theta1" in lab.message.value
    assert lab.readouts == pose
    lab.set("theta1", 10.0)
    assert lab.readout("theta1") == pytest.approx(np.radians(10.0))


def test_nan_reaching_a_callback_through_the_widget_is_caught():
    """A NaN written straight into the slider widget reaches the guarded callback, which shows a message."""
    lab = ArmPreviewLab()
    lab.controls["theta2"].value = float("nan")
    assert "angle must be a finite number" in lab.message.value
    assert all(np.isfinite(v) for v in lab.readouts.values())


def test_unknown_control_or_handle_is_a_value_error_naming_the_choices():
    """Misusing the headless API raises ValueError listing what exists."""
    lab = ArmPreviewLab()
    with pytest.raises(ValueError, match="theta1"):
        lab.set("theta3", 1.0)
    with pytest.raises(ValueError, match="elbow"):
        lab.drag("wrist", 0.0, 0.0)
    with pytest.raises(ValueError, match="tip_x"):
        lab.readout("speed")


@pytest.mark.parametrize("kw, name", [({"theta1": 500.0}, "theta1"), ({"theta2": float("nan")}, "theta2"),
                                      ({"theta1": -181.0}, "theta1")])
def test_start_here_lab_rejects_start_angles_outside_the_sliders(kw, name):
    """ArmPreviewLab's start angles must be finite and within the sliders' −180…180°; the error names which."""
    with pytest.raises(ValueError, match=rf"{name} must be a finite angle in degrees from -180 to 180"):
        ArmPreviewLab(**kw)


def test_every_message_key_used_exists_in_its_own_table_in_every_language():
    """Each lab, the kit and the quizzes have their own table; every key a module asks for is in the table it uses."""
    from course_lib import i18n as core
    from course_lib.lessons.cart_pole import messages as cart_pole_messages
    from course_lib.lessons.identification import messages as identification_messages
    from course_lib.lessons.pendulum import messages as pendulum_messages
    from course_lib.lessons.recursive_dynamics import messages as rnea_messages
    from course_lib.lessons.start_here import messages as arm_preview_messages
    from course_lib.quiz import messages as quiz_messages

    owners = {  # module -> the tables its text("...") / self.T("...") calls draw from
        "course_lib/lessons/pendulum/lab.py": [pendulum_messages.PENDULUM, messages.KIT],
        "course_lib/lessons/start_here/lab.py": [arm_preview_messages.ARM_PREVIEW, messages.KIT],
        "course_lib/lessons/cart_pole/lab.py": [cart_pole_messages.CART_POLE, messages.KIT],
        "course_lib/lessons/recursive_dynamics/lab.py": [rnea_messages.RNEA_LAB, messages.KIT],
        "course_lib/lessons/identification/lab.py": [identification_messages.IDENTIFICATION, messages.KIT],
        "course_lib/lab/base.py": [messages.KIT], "course_lib/lab/simlab.py": [messages.KIT],
        "course_lib/lab/tasks.py": [messages.KIT], "course_lib/lab/numbers.py": [messages.KIT],
        "course_lib/quiz/questions.py": [quiz_messages.QUIZ], "course_lib/quiz/view.py": [quiz_messages.QUIZ],
        "course_lib/quiz/symbolic.py": [quiz_messages.QUIZ], "course_lib/quiz/worker.py": [quiz_messages.QUIZ],
    }
    total = 0
    for path, tables in owners.items():
        used = message_keys(path)
        missing = {k for k in used if not any(k in t for t in tables)}
        assert not missing, (path, missing)
        total += len(used)
    assert total > 40
    for table in core.TABLES.values():
        for language, entries in table.messages.items():
            assert set(entries) == set(table.messages["en"]), (table.name, language)


def test_no_lab_text_shows_nan():
    """Readouts, steps, tasks and messages never contain 'nan' or 'inf'."""
    lab = PendulumLab()
    lab.set("newton", True)
    lab.advance(2.0)
    lab.set("b", float("nan"))
    html = lab.shown_text()
    assert not re.search(r"\b(nan|inf)\b", html, flags=re.IGNORECASE)


def test_benchmark_reads_the_browser_latency_report(tmp_path, monkeypatch):
    """benchmarks/labs.py picks the notebook's entry from reports/browser_latency.json, per front end."""
    import json
    import sys

    sys.path.insert(0, str(ROOT))
    from benchmarks import labs

    report = tmp_path / "browser_latency.json"
    report.write_text(json.dumps({"02_pendulum.ipynb": {
        "lab": {"latency_ms": {"median": 81.5, "p90": 96.0, "n": 12}},
        "notebook7": {"latency_ms": {"median": 110.0, "p90": 140.0, "n": 12}}}}))
    monkeypatch.setattr(labs, "BROWSER_REPORT", report)
    got = labs._browser_latency("02_pendulum.ipynb")
    assert got == {"browser_lab_median_ms": 81.5, "browser_lab_p90_ms": 96.0, "browser_lab_n": 12,
                   "browser_notebook7_median_ms": 110.0, "browser_notebook7_p90_ms": 140.0,
                   "browser_notebook7_n": 12}
    assert labs._browser_latency("00_start_here.ipynb") == {}
    monkeypatch.setattr(labs, "BROWSER_REPORT", tmp_path / "missing.json")
    assert labs._browser_latency("02_pendulum.ipynb") == {}


def test_dragging_the_tip_turns_only_theta2_and_its_slider_follows():
    """A drag of the tip to the point above the elbow sets θ₂ = 90° (θ₁ = 0) and moves the θ₂ slider with it."""
    lab = ArmPreviewLab(theta1=0.0, theta2=30.0)  # elbow (1, 0), tip ≈ (1.69, 0.40)
    theta1 = lab.readout("theta1")
    lab.drag("tip", 1.0, 0.8)
    assert lab.readout("theta1") == theta1
    assert lab.readout("theta2") == pytest.approx(np.radians(90.0), abs=1e-12)
    assert lab.controls["theta2"].value == 90.0


def test_an_arm_drag_release_uses_the_end_position_not_the_last_throttled_move():
    """The browser throttles moves; the tip's release at θ₁ = 90° (y ≥ 1.7 m) must tick the task, not a mid-drag point."""
    lab = ArmPreviewLab(theta1=30.0, theta2=0.0)
    send = lab.scene.browser_message
    x0, y0 = lab.handles["elbow"].position()
    send({"type": "drag", "id": "elbow", "phase": "start", "x": x0, "y": y0})
    send({"type": "drag", "id": "elbow", "phase": "move", "x": 0.7, "y": 0.7})  # 45°, mid-drag
    send({"type": "drag", "id": "elbow", "phase": "end", "x": 0.0, "y": 1.0})  # 90°, the release
    assert lab.controls["theta1"].value == 90.0
    assert lab.readout("tip_y") == pytest.approx(1.8, abs=1e-9)
    assert lab.task_done("reach_high")


def test_readouts_never_show_a_negative_zero():
    """A tiny negative number rounds to zero: the kit's message formatting shows 0.000, never −0.000 (nor −0.0)."""
    from course_lib.i18n import MessageTable

    table = MessageTable("test_negative_zero", {"en": {"a": "θ̈ = {x:.3f}", "b": "{x:+.1f}|{x:.0f}|{n}"}})
    assert table.text("a", x=-1e-12) == "θ̈ = 0.000"
    assert table.text("a", x=np.float64(-4e-4)) == "θ̈ = 0.000"
    assert table.text("a", x=-6e-4) == "θ̈ = -0.001"  # a real negative value keeps its sign
    assert table.text("b", x=-0.01, n=-3) == "+0.0|0|-3"
    lab = PendulumLab(theta0=0.0)
    lab.put(q=[-1e-13])
    lab.refresh()
    # significant writes the tiny values as they are (θ̈ = 9.81 × 10⁻¹³ rad/s² here), never a signed zero
    shown = lab.readout_html.value
    assert "-0.000" not in shown and "−0 " not in shown and "−0." not in shown and "θ̈ = 9.81 × 10⁻¹³" in shown


def test_the_arm_readout_says_tip_once():
    """00's readout line reads "tip position: x = …, y = …", not "tip position: tip x = …"."""
    lab = ArmPreviewLab()
    assert lab.readout_html.value.lower().count("tip") == 1


def test_the_target_label_sits_clear_of_its_dashed_line():
    """The "target height" text (drawn centred on its y + dy_px) stays clear of the dashed line at the target."""
    lab = ArmPreviewLab()
    label = next(s["props"] for s in lab.scene.shapes if s["id"] == "target_label")
    line = next(s["props"] for s in lab.scene.shapes if s["id"] == "target")
    assert label["y"] == line["ys"][0]
    half_height = label["size"] / 2
    assert abs(label["dy_px"]) - half_height >= line.get("width", 2) / 2 + 2


def test_a_held_task_counts_only_after_its_condition_held_without_a_break():
    """Task(hold=1.0): met at t = 0…0.9 s, broken at 1.0 s, met again from 1.1 s: done at 2.1 s, not before."""
    from types import SimpleNamespace

    from course_lib.lab.tasks import Task, TaskList

    lab = SimpleNamespace(t=0.0, ok=True)
    tasks = TaskList([Task("rest", "Rest.", lambda lab: "still" if lab.ok else None, hold=1.0)])
    for k in range(22):
        lab.t, lab.ok = k / 10, k != 10
        tasks.update(lab)
        assert tasks.done("rest") == (k >= 21), f"t = {lab.t:.1f} s"


def test_a_view_toggle_shows_and_hides_its_shapes():
    """Toggle(shows=...): the Newton view's arrows and equations are drawn only while it is on."""
    lab = PendulumLab()
    arrows = [s for s in lab.scene.shapes if s["id"] in ("gravity", "tension", "tangential")]
    assert len(arrows) == 3 and not any(s["props"]["visible"] for s in arrows)
    lab.set("newton", True)
    assert all(s["props"]["visible"] for s in lab.scene.shapes if s["id"] in ("gravity", "tension", "tangential"))
    lab.set("newton", False)
    assert not any(s["props"]["visible"] for s in lab.scene.shapes if s["id"] in ("gravity", "tension"))


#: a str.format field left unfilled: "{n}", "{tol:g}" (not a LaTeX group, which follows a backslash, _ or ^)
UNFILLED = re.compile(r"(?<![\\_^])\{[A-Za-z_][A-Za-z0-9_]*(?:[:!][^{}]*)?\}")


@pytest.mark.parametrize("name", sorted(n for n in _WHERE if n.endswith("Lab") and n not in ("Lab", "SimLab")))
def test_no_task_prompt_or_hint_shown_has_an_unfilled_placeholder(name):
    """Every lab's checklist as drawn (status lines and hint widgets) names values, never "{n}" or "{n_min}"."""
    lab = getattr(importlib.import_module(_WHERE[name]), name)()
    assert lab.tasks.tasks, name
    shown = lab.tasks.html
    assert not UNFILLED.findall(shown), (name, UNFILLED.findall(shown))


def test_checklist_fills_each_hint_with_the_values_given_for_it():
    from course_lib.lab.tasks import checklist
    from course_lib.lessons.recursive_dynamics.messages import RNEA_LAB

    class Fake:
        T = staticmethod(RNEA_LAB.text)

    tl = checklist(Fake(), {"weight": "prompt"}, "rnea_task_{key}_hint", checks={"weight": lambda lab: None},
                   hint_values={"weight": {"n_min": 6}})
    assert "n ≥ 6" in tl.hints["weight"].value and "{n_min}" not in tl.hints["weight"].value


def test_a_lab_with_readouts_under_scene_puts_its_rows_in_the_scenes_column_not_under_the_lab():
    """READOUTS_UNDER_SCENE: the rows below go under the scene (no empty block beside a tall control column)."""
    from course_lib.lessons.computed_torque.tool_path_lab import ToolPathLab

    lab = ToolPathLab()
    row = lab.widget.children[0]
    left, column = row.children
    assert left.children[0] is lab.scene and lab.readout_html in left.children
    assert lab.readout_html not in lab.widget.children and lab.tasks.widget in column.children
    plain = PendulumLab()  # the default keeps the rows under the whole lab
    assert plain.widget.children[0].children[0] is plain.scene
