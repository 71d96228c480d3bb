"""The action lab (lesson 1): what it shows, its two tasks with their near misses, robustness.

Scripted sessions use only the headless API a learner's actions map to: ``set`` (the ε
slider, the mode and system menus) and ``drag`` (the amber handle, through the scene's
browser messages). What the browser draws is read from the scene: its last values and its
shapes' bindings.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from course_lib.lab.numbers import significant
from course_lib.lessons.action.lab import MODE3_EPS, MODE3_K, VALLEY_BACK, VALLEY_OUT, ActionLab
from course_lib.physics.action import Ball, action_change, ball_delta_s, perturbed_path
from course_lib.physics.pendulum_bvp import PendulumSwing
from tests.helpers.lab_source import shape


def props(lab: ActionLab, shape_id: str) -> dict:
    """The properties of one shape of the lab's scene."""
    return shape(lab, shape_id)["props"]


def bound(prop, values: dict) -> float:
    """A shape property as the browser computes it: k · channel + c, or the number itself."""
    if isinstance(prop, dict):
        return prop["k"] * values[list(values)[prop["ch"]]] + prop["c"]
    return prop


def drag_eps(lab: ActionLab, eps: float) -> None:
    """Drag the amber handle to ε (its height is the true path's at the crest, plus ε)."""
    x, y = lab.handles["grab"].position()
    lab.drag("grab", x, y - lab.eps + eps)


# -- what the lab shows ------------------------------------------------------------------------
@pytest.mark.parametrize("k", (1, 3, 5))
def test_ball_readouts_show_the_exact_delta_s_beside_the_numeric_one(k):
    lab = ActionLab(k=k)
    lab.set("eps", 0.25)
    exact = ball_delta_s(Ball(), 0.25, k)
    assert lab.readout("exact") == pytest.approx(exact, rel=1e-14)
    assert lab.readout("dS") == pytest.approx(exact, rel=1e-6)
    assert lab.readout("diff") == pytest.approx(lab.readout("dS") - exact, abs=1e-15)
    assert significant(exact, 3) in lab.shown_text() and "numerical − exact" in lab.shown_text()


def test_dashed_path_drawn_by_the_browser_is_the_perturbed_path(k=2):
    lab = ActionLab(system="pendulum", k=k)
    drag_eps(lab, 0.2)
    assert lab.eps == pytest.approx(0.2, abs=1e-12) and lab.controls["eps"].value == pytest.approx(0.2, abs=1e-12)
    values = lab.scene.values
    for j in (0, 7, 23):
        d = props(lab, f"dash{j}")
        t, y = d["x0"], bound(d["y0"], values)
        assert y == pytest.approx(float(perturbed_path(PendulumSwing(), t, 0.2, k)[0]), abs=1e-12)
    end = props(lab, "end")
    assert (end["x"], end["y"]) == (pytest.approx(0.8), pytest.approx(-0.3))


def test_action_curve_and_current_point_are_s_of_eps_minus_s_of_0():
    lab = ActionLab(system="pendulum", k=3)
    lab.set("eps", -0.4)
    curve = props(lab, "curve")
    xs, ys = np.array(curve["xs"]), np.array(curve["ys"])
    assert np.allclose(ys, action_change(PendulumSwing(), xs, 3), rtol=1e-12, atol=1e-12)
    assert ys.min() == ys[np.argmin(np.abs(xs))]  # the bottom of the drawn valley is ε = 0
    assert lab.scene.values["dS"] == pytest.approx(action_change(PendulumSwing(), -0.4, 3), rel=1e-12)
    assert "θ(0) = 0.300 rad, θ(T) = -0.300 rad" in lab.setup_html.value.replace("−", "-")


# -- task 1: out beyond VALLEY_OUT, back within VALLEY_BACK ---------------------------------------
def test_valley_task_is_met_going_out_and_back_by_slider_and_by_drag():
    lab = ActionLab()
    lab.set("eps", VALLEY_OUT + 0.05)
    assert not lab.task_done("valley") and "bring ε back" in lab.tasks.reason("valley")
    lab.set("eps", VALLEY_BACK - 0.01)
    assert lab.task_done("valley")
    dragged = ActionLab(system="pendulum")
    drag_eps(dragged, -(VALLEY_OUT + 0.1))
    drag_eps(dragged, 0.0)
    assert dragged.task_done("valley")


def test_valley_task_near_misses_stay_unchecked():
    short = ActionLab()
    short.set("eps", VALLEY_OUT - 0.01)  # not quite out
    short.set("eps", 0.0)
    assert not short.task_done("valley") and short.tasks.reason("valley") == ""
    not_back = ActionLab()
    not_back.set("eps", -0.4)
    not_back.set("eps", -(VALLEY_BACK + 0.01))  # not quite back
    assert not not_back.task_done("valley")
    exactly = ActionLab()
    exactly.set("eps", VALLEY_OUT)  # |ε| > 0.3 is strict
    exactly.set("eps", 0.0)
    assert not exactly.task_done("valley")


# -- task 2: k = MODE3_K and |ε| ≥ MODE3_EPS, ball and pendulum --------------------------------
def test_mode3_task_needs_both_systems_at_k3():
    lab = ActionLab()
    lab.set("k", MODE3_K)
    lab.set("eps", MODE3_EPS)
    assert not lab.task_done("mode3") and "now the pendulum" in lab.tasks.reason("mode3")
    lab.set("system", "pendulum")
    lab.set("eps", -MODE3_EPS)  # a move of ε with the pendulum shown
    assert lab.task_done("mode3")
    dragged = ActionLab(k=MODE3_K)
    drag_eps(dragged, MODE3_EPS + 0.05)
    dragged.set("system", "pendulum")
    drag_eps(dragged, -(MODE3_EPS + 0.05))
    assert dragged.task_done("mode3")


def test_mode3_task_is_not_met_by_switching_the_system_with_eps_kept():
    # a near miss: ε = −0.35 reached with the ball, then the system switched to the pendulum
    lab = ActionLab()
    lab.set("k", MODE3_K)
    lab.set("eps", -0.35)
    lab.set("system", "pendulum")
    assert lab.eps == -0.35 and not lab.task_done("mode3")
    assert "only a move of ε made with the pendulum" in lab.tasks.reason("mode3")
    lab.set("k", 2)
    lab.set("k", MODE3_K)  # nor by switching the mode back and forth
    assert not lab.task_done("mode3")
    lab.set("eps", -0.36)  # the learner's own move with the pendulum shown counts
    assert lab.task_done("mode3")


def test_mode3_task_is_not_met_by_switching_the_mode_to_k3_with_eps_kept():
    lab = ActionLab(k=2)
    lab.set("eps", 0.4)
    lab.set("system", "pendulum")
    lab.set("eps", -0.4)
    lab.set("k", MODE3_K)  # ε = −0.4 was reached at k = 2
    lab.set("system", "ball")
    lab.set("k", MODE3_K)
    assert not lab.task_done("mode3") and lab.tasks.reason("mode3").startswith("move ε")
    preset = ActionLab(k=MODE3_K, eps=0.4)  # nor by a lab built with ε already out
    assert not preset.task_done("mode3")


def test_mode3_task_near_misses_stay_unchecked():
    wrong_k = ActionLab(k=2)
    for system in ("ball", "pendulum"):
        wrong_k.set("system", system)
        wrong_k.set("eps", -0.45)
    assert not wrong_k.task_done("mode3") and "k = 2" in wrong_k.tasks.reason("mode3")
    too_small = ActionLab(k=MODE3_K)
    for system in ("ball", "pendulum"):
        too_small.set("system", system)
        too_small.set("eps", MODE3_EPS - 0.01)
    assert not too_small.task_done("mode3")
    one = ActionLab(system="pendulum", k=MODE3_K)
    one.set("eps", 0.35)
    assert not one.task_done("mode3") and "now the ball" in one.tasks.reason("mode3")


# -- the lab shows the answer, its text does not give it away ------------------------------------------------
def test_task_hints_and_done_messages_do_not_state_the_quizs_answers():
    from course_lib.lessons.action.quiz import action_quiz

    lab = ActionLab()
    lab.set("k", MODE3_K)
    lab.set("eps", 0.4)
    lab.set("eps", 0.0)
    lab.set("system", "pendulum")
    lab.set("eps", -0.4)
    assert lab.task_done("valley") and lab.task_done("mode3")
    shown = lab.shown_text().replace("−", "-")
    for answer in ("lowest point is at ε = 0", "ε = 0, the true path", "bottom of the valley is ε = 0",
                   "the true path, ε = 0"):
        assert answer.lower() not in shown.lower()
    q1, q2 = action_quiz().questions[:2]
    for question in (q1, q2):
        (right,) = [o.text for o in question.options if o.correct]
        assert right.split(":")[0].lower() not in shown.lower()  # "the true path, ε = 0", "yes, for both"


def plot_area(lab: ActionLab, panel_id: str) -> tuple[dict, float, float]:
    """The panel, and its plot area's width and height in CSS px (the margins of panelTransform in scene.js)."""
    p = next(p for p in lab.scene.panels if p["id"] == panel_id)
    left, right = (58 if p.get("ylabel") else 44), 12
    top, bottom = (26 if p.get("title") else 10), (42 if p.get("xlabel") else 26)
    return p, p["w"] * lab.scene.width - left - right, p["h"] * lab.scene.height - top - bottom


@pytest.mark.parametrize("system", ("ball", "pendulum"))
def test_amber_point_stays_whole_inside_the_action_panel_at_the_ends_of_the_slider(system):
    lab = ActionLab(system=system)
    r = props(lab, "now")["r_px"]
    for k in (1, 5):
        lab.set("k", k)
        for eps in (-0.5, 0.5):
            lab.set("eps", eps)
            panel, width, height = plot_area(lab, "action")
            (x0, x1), (y0, y1) = panel["xlim"], panel["ylim"]
            dS = lab.scene.values["dS"]
            assert min(eps - x0, x1 - eps) * width / (x1 - x0) >= r + 1, (k, eps, panel["xlim"])
            assert min(dS - y0, y1 - dS) * height / (y1 - y0) >= r + 1, (k, eps, panel["ylim"])


# -- robustness --------------------------------------------------------------------------------------
def all_shown_numbers_are_finite(lab: ActionLab) -> bool:
    values = list(lab.scene.values.values()) + list(lab.readouts.values())
    for s in lab.scene.shapes:
        for v in s["props"].values():
            values += [x for x in (v if isinstance(v, list) else [v]) if isinstance(x, float)]
    return all(math.isfinite(v) for v in values) and "nan" not in lab.shown_text().lower()


def test_bad_values_show_a_message_and_never_nan():
    lab = ActionLab(system="pendulum", k=2)
    lab.set("eps", 0.1)
    for key, value in (("eps", float("nan")), ("eps", float("inf")), ("k", 7), ("system", "rocket")):
        lab.set(key, value)
        assert lab.message.value and all_shown_numbers_are_finite(lab)
        assert (lab.eps, lab.k, lab.system) == (0.1, 2, "pendulum")
    lab.scene.browser_message({"type": "drag", "id": "grab", "phase": "start", "x": 0.2, "y": 0.0})
    lab.scene.browser_message({"type": "drag", "id": "grab", "phase": "end", "x": 0.2, "y": 1e300})
    assert abs(lab.eps) <= 0.5 and all_shown_numbers_are_finite(lab)  # a drag far off the panel stops at ±0.5
    for k in (1, 2, 3, 4, 5):
        for system in ("ball", "pendulum"):
            lab.set("system", system)
            lab.set("k", k)
            lab.set("eps", -0.5)
            assert all_shown_numbers_are_finite(lab)


@pytest.mark.parametrize("kwargs, message", [
    (dict(system="rocket"), "system must be one of"),
    (dict(k=6), "k must be one of"),
    (dict(k=0), "whole number"),
    (dict(eps=0.8), "within ±0.5"),
    (dict(eps=float("nan")), "finite"),
])
def test_bad_constructor_arguments_give_clear_value_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ActionLab(**kwargs)


def test_the_canvas_label_and_s_point_read_no_channel_a_drag_overrides_so_eps_and_s_are_one_states():
    """While the handle is held the browser draws it (and every shape bound to its channel) at the pointer,
    unsnapped (ε = 0.399); the label ε and the S point must read what the kernel set together with S(ε)."""
    lab = ActionLab()
    scene = lab.scene
    overridden = {scene.channels[s["props"][axis]["ch"]] for s in scene.shapes if s["kind"] == "handle"
                  for axis in ("x", "y") if isinstance(s["props"][axis], dict)}
    assert overridden == {"eps"}
    label = next(s for s in scene.shapes if s["id"] == "readout")["props"]["text"]
    assert "dS" in set(re.findall(r"\{(\w+)", label)) and not set(re.findall(r"\{(\w+)", label)) & overridden
    point = next(s for s in scene.shapes if s["id"] == "now")["props"]
    assert not {scene.channels[point[a]["ch"]] for a in ("x", "y")} & overridden
    lab.set("eps", 0.4)
    values = dict(zip(scene.channels, scene.frame["values"]))
    assert values["eps_now"] == 0.4 and values["dS"] == pytest.approx(lab.readouts["dS"], abs=0.0)
