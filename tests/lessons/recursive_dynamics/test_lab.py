"""Lesson 10's RNEA lab: what each pass shows, checked against closed forms and finite differences.

Sessions use the learner's actions only: ``set`` (sliders), ``press`` (Next / Back),
``drag`` (the tip). What the browser draws is read from ``scene.values``.
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.lab.numbers import significant
from course_lib.lessons.recursive_dynamics.lab import LENGTH, MASS, PER_F, TIP_TOL, RneaLab

G = 9.81


def run_to(lab: RneaLab, step: int) -> None:
    """Press Next or Back until the lab is at ``step``."""
    while lab.step < step:
        lab.press("next")
    while lab.step > step:
        lab.press("back")


def absolute_angles(lab: RneaLab) -> np.ndarray:
    return np.cumsum(lab.q)


def test_forward_pass_draws_arrows_only_on_links_it_has_reached():
    """After step k of the forward pass, links 1…k have v and a arrows, later links none, and no link a force."""
    lab = RneaLab(n=5)
    lab.set("qd", 1.0)
    run_to(lab, 3)
    shown = lab.scene.values
    for i in range(1, 6):
        has_v = np.hypot(shown[f"vx{i}"], shown[f"vy{i}"]) > 0
        has_a = np.hypot(shown[f"ax{i}"], shown[f"ay{i}"]) > 0
        assert (has_v, has_a) == (i <= 3 and i > 1, i <= 3), i   # joint 1 sits at the fixed base: v = 0
        assert shown[f"fx{i}"] == shown[f"fy{i}"] == 0.0, i
    assert lab.current_link() == 3


def test_backward_pass_reaches_links_from_the_tip_and_draws_their_forces():
    """Step n + 2 of the backward pass has reached links n and n − 1: their forces are drawn, the others' not."""
    lab = RneaLab(n=4)
    run_to(lab, 6)
    shown = lab.scene.values
    drawn = [np.hypot(shown[f"fx{i}"], shown[f"fy{i}"]) > 0 for i in range(1, 5)]
    assert drawn == [False, False, True, True]
    assert lab.current_link() == 3


def test_at_rest_every_link_accelerates_upward_at_g():
    """Gravity as a base acceleration: with q̇ = q̈ = 0 each link's acceleration is (0, +g), as the task says."""
    lab = RneaLab(n=6)
    lab.set("qd", 0.0)
    lab.set("qdd", 0.0)
    run_to(lab, 6)
    assert (lab.readout("ax"), lab.readout("ay")) == pytest.approx((0.0, G), abs=1e-12)
    assert lab.task_done("rest")


def test_classical_acceleration_shown_matches_finite_differences_of_the_joint_position():
    """a + ω×v of joint k (panel) equals d²p/dt² + (0, g) of the joint's position along q(t) = q + q̇t + ½q̈t²."""
    lab = RneaLab(n=5)
    lab.set("qd", 1.3)
    lab.set("qdd", 2.0)
    run_to(lab, 4)
    h = 1e-4
    q0, qd, qdd = lab.q.copy(), np.full(5, 1.3), np.full(5, 2.0)

    def joint4(t: float) -> np.ndarray:
        th = np.cumsum(q0 + qd * t + 0.5 * qdd * t**2)
        l = LENGTH / 5
        return l * np.array([np.cos(th[:3]).sum(), np.sin(th[:3]).sum()])

    acc = (joint4(h) - 2 * joint4(0.0) + joint4(-h)) / h**2 + [0.0, G]
    v = (joint4(h) - joint4(-h)) / (2 * h)
    assert (lab.readout("vx"), lab.readout("vy")) == pytest.approx(tuple(v), abs=1e-6)
    assert (lab.readout("acx"), lab.readout("acy")) == pytest.approx(tuple(acc), abs=1e-4)
    assert "+" * (lab.readout("acx") >= 0) + significant(lab.readout("acx"), 3) in lab.panel_html.value


def test_backward_pass_force_on_joint_1_at_rest_is_the_whole_chains_weight():
    """At rest f₁ = Σ m g upward (Newton for the whole chain), and the task ticks for n ≥ 6."""
    lab = RneaLab(n=4)
    lab.set("qd", 0.0)
    lab.set("qdd", 0.0)
    lab.set("n", 7)
    run_to(lab, 14)
    assert (lab.readout("fx"), lab.readout("fy")) == pytest.approx((0.0, MASS * G), abs=1e-9)
    assert lab.task_done("weight")


def test_weight_task_waits_for_enough_links_and_the_full_backward_pass():
    lab = RneaLab(n=4)
    lab.set("qd", 0.0)
    lab.set("qdd", 0.0)
    run_to(lab, 8)
    assert not lab.task_done("weight") and "at least 6" in lab.tasks.reason("weight")
    lab.set("n", 6)
    run_to(lab, 11)
    assert not lab.task_done("weight") and "step 11 of the 12" in lab.tasks.reason("weight")


def test_last_joint_torque_is_its_links_weight_times_lever_arm():
    """τₙ at rest = (m/n) g (l/2) cos θₙ,abs, the closed form of one rod held at one end."""
    lab = RneaLab(n=3)
    lab.set("qd", 0.0)
    lab.set("qdd", 0.0)
    run_to(lab, 4)
    th = absolute_angles(lab)[-1]
    assert lab.readout("tau") == pytest.approx(MASS / 3 * G * LENGTH / 6 * np.cos(th), rel=1e-12)


def test_dragging_the_tip_upright_zeroes_the_last_torque_and_ticks_the_task():
    lab = RneaLab(n=3)
    lab.set("qd", 0.0)
    lab.set("qdd", 0.0)
    run_to(lab, 6)
    assert not lab.task_done("tip") and "τ3" in lab.tasks.reason("tip")
    joint = lab.points[-2]
    lab.drag("tip", float(joint[0]), float(joint[1] + 0.5))
    assert abs(lab.readout("tau_last")) < TIP_TOL / 100 * lab.tip_most()
    assert lab.task_done("tip")
    assert lab.scene.values["tipx"] == pytest.approx(joint[0], abs=1e-9)


def test_moving_chain_blocks_the_rest_tasks_with_a_reason():
    lab = RneaLab(n=2)
    lab.set("qd", 1.0)
    run_to(lab, 4)
    assert not lab.task_done("rest") and "q̇ = 1" in lab.tasks.reason("rest")


def test_force_arrows_are_drawn_at_the_fixed_scale_while_short_enough():
    """f₁ of 39.24 N is drawn 0.589 m long (PER_F), under the 0.6 m limit, so the fixed scale holds."""
    lab = RneaLab(n=8)
    lab.set("qd", 0.0)
    lab.set("qdd", 0.0)
    run_to(lab, 16)
    assert np.hypot(lab.scene.values["fx1"], lab.scene.values["fy1"]) == pytest.approx(MASS * G * PER_F)
    assert lab.scene.values["sf"] == PER_F


def arrow_lengths(lab: RneaLab, kind: str) -> np.ndarray:
    v = lab.scene.values
    return np.array([np.hypot(v[f"{kind}x{i}"], v[f"{kind}y{i}"]) for i in range(1, lab.n + 1)])


def test_arrows_of_a_kind_share_one_scale_fitted_to_the_largest_so_their_lengths_compare():
    """With q̈ = 10 rad/s² the tip's acceleration would be drawn far past 0.6 m: every a arrow shrinks by the
    same factor, the longest is exactly 0.6 m, and length ratios equal the accelerations' ratios."""
    lab = RneaLab(n=8)
    lab.set("qd", 0.0)
    lab.set("qdd", 10.0)
    run_to(lab, 8)
    lengths = arrow_lengths(lab, "a")
    sizes = np.array([np.hypot(lab.readouts["ax"], lab.readouts["ay"])])  # the current link (8): the largest
    assert lengths.max() == pytest.approx(0.6, rel=1e-12) and lengths[-1] == lengths.max()
    scale = lab.scene.values["sa"]
    assert scale < 0.03 and lengths[-1] == pytest.approx(sizes[0] * scale, rel=1e-12)
    assert np.all(np.diff(lengths) > 0)                 # farther out, larger: no two capped to the same length
    legend = next(s for s in lab.scene.shapes if s["id"] == "legend_a")["props"]["text"]
    assert "{sa:.3g} m per m/s²" in legend           # the legend states the scale in use (a format scene.js fills)


def test_the_current_links_arrows_are_drawn_again_bold_and_the_current_joint_has_a_ring():
    lab = RneaLab(n=8)
    run_to(lab, 5)
    v = lab.scene.values
    for kind in "va":
        assert (v[f"{kind}x_cur"], v[f"{kind}y_cur"]) == (v[f"{kind}x5"], v[f"{kind}y5"])
    shapes = {s["id"]: s for s in lab.scene.shapes}
    assert shapes["a_current"]["props"]["width"] > 2 * shapes["a3"]["props"]["width"]
    assert shapes["current"]["kind"] == "ellipse"        # an outline: the joint disc under it stays visible
    assert (v["cx"], v["cy"]) == (v["jx4"], v["jy4"])


def test_the_panel_never_shows_a_negative_zero():
    """At rest, ω = α = 0 and v = 0 exactly; they must read +0.000, never −0.000 (nor −0.00)."""
    import re
    lab = RneaLab(n=5)
    lab.set("qd", 0.0)
    lab.set("qdd", 0.0)
    for step in range(1, 11):
        run_to(lab, step)
        assert not re.search(r"-0\.0+(?![0-9])", lab.panel_html.value), (step, lab.panel_html.value)


def test_the_backward_step_heading_keeps_its_formula_on_one_line():
    lab = RneaLab(n=3)
    run_to(lab, 5)
    assert "τ2\u00a0=\u00a0S2ᵀ\u00a0F2." in lab.stage_html.value  # the joint's number on every symbol, one line


@pytest.mark.parametrize("n", [2, 8])
def test_tip_task_near_miss_at_a_few_pixels_of_drag(n):
    """The tolerance scales with the last link (5 % of m g l/2 ≈ 2.9° from vertical): 2° off ticks it at
    n = 2 and n = 8, 4° off does not. (Approached from the start pose's side, so the drag never passes
    through vertical on the way.)"""
    for off, ticks in ((4.0, False), (2.0, True)):
        lab = RneaLab(n=n)
        lab.set("qd", 0.0)
        lab.set("qdd", 0.0)
        run_to(lab, 2 * n)
        joint, start = lab.points[-2], np.degrees(absolute_angles(lab)[-1])
        vertical = 90.0 if start > 0 else -90.0
        ang = np.radians(vertical + off * np.sign(start - vertical))
        lab.drag("tip", float(joint[0] + 0.3 * np.cos(ang)), float(joint[1] + 0.3 * np.sin(ang)))
        assert lab.task_done("tip") is ticks, (n, off, lab.tasks.reason("tip"))
        if not ticks:
            assert "% of m g l/2" in lab.tasks.reason("tip")


def test_changing_n_keeps_the_angles_of_the_joints_that_remain():
    lab = RneaLab(n=4)
    joint = lab.points[-2]
    lab.drag("tip", float(joint[0] + 0.1), float(joint[1] - 0.3))
    before = lab.q.copy()
    lab.set("n", 6)
    assert np.array_equal(lab.q[:4], before)
    lab.set("n", 3)
    assert np.array_equal(lab.q, before[:3])


def folded(lab: RneaLab) -> list[bool]:
    """For links 1…8: drawn with zero length at the tip (folded away under the tip's handle)."""
    v = lab.scene.values
    return [v[f"jx{i}"] == v[f"jx{i - 1}"] == v["tipx"] and v[f"jy{i}"] == v[f"jy{i - 1}"] == v["tipy"]
            for i in range(1, 9)]


def test_changing_n_folds_the_unused_links_into_the_tip_and_keeps_the_step_within_range():
    lab = RneaLab(n=8)
    run_to(lab, 16)
    lab.set("n", 3)
    assert folded(lab) == [False] * 3 + [True] * 5
    assert lab.step == 6


def test_a_new_lab_shows_only_its_own_links():
    lab = RneaLab(n=2)
    assert folded(lab) == [False] * 2 + [True] * 6


def test_a_bad_n_shows_a_message_and_changes_nothing():
    lab = RneaLab(n=4)
    lab.on_n_guarded = lab.guard(lab.on_n)
    lab.on_n_guarded(11.0)
    assert "from 2 to 8" in lab.message.value and lab.n == 4
    with pytest.raises(ValueError, match="integer from 2 to 8"):
        RneaLab(n=1)


def test_every_field_in_the_scenes_texts_is_a_channel_in_a_format_the_browser_fills():
    """scene.js fills {name}, {name:.Nf} / {name:+.Nf} and {name:.Ng} (significant digits) only; anything else would
    show raw."""
    import re
    lab = RneaLab()
    for shape in lab.scene.shapes:
        if shape["kind"] == "text":
            for name, spec in re.findall(r"\{([^{}:]+)(:[^{}]*)?\}", shape["props"]["text"]):
                assert name in lab.scene.channels and re.fullmatch(r"(:\+?\.\d+[fg])?", spec), (shape["id"], name, spec)


def test_the_tip_handle_turns_about_the_last_joint_so_the_arrow_keys_follow_the_kernel():
    """The keyboard moves the tip by 2° about its circle (scene.js keyStep); the kernel keeps the tip at the
    last link's length from the last joint: the circle must be that joint, after any change of the chain."""
    import math

    from course_lib.lessons.recursive_dynamics.lab import RneaLab

    lab = RneaLab()
    for change in (lambda: None, lambda: lab.set("n", 6), lambda: lab.drag("tip", -0.4, 1.2)):
        change()
        circle = next(s for s in lab.scene.shapes if s["id"] == "tip")["props"]["circle"]
        assert circle == pytest.approx(lab.points[-2].tolist(), abs=1e-12), (circle, lab.points[-2])
    joint, tip = lab.points[-2], lab.points[-1]
    turned = math.atan2(tip[1] - joint[1], tip[0] - joint[0]) + math.radians(2.0)
    r = math.hypot(*(tip - joint))
    lab.drag("tip", joint[0] + r * math.cos(turned), joint[1] + r * math.sin(turned))
    assert lab.points[-1] == pytest.approx([joint[0] + r * math.cos(turned), joint[1] + r * math.sin(turned)], abs=1e-9)
