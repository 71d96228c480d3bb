"""The Christoffel lab (lesson 6): physics shown, its three tasks, robustness.

Scripted sessions use only what a learner's actions map to: ``set`` (sliders,
the C selector) and ``drag`` (elbow and tip, through the scene's browser
messages). What the browser draws is read from ``lab.scene.values``.
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.lessons.coriolis.lab import (
    ALT_SKEW,
    CANCEL_QD,
    CANCEL_SIN2,
    CANCEL_TAU1,
    SPIN_QD1,
    SPIN_TAU2,
    ChristoffelLab,
    task_prompts,
)
from course_lib.physics.models import TwoLinkArm
from tests.helpers.lab_source import message_keys
from tests.reference.newton import newton_torques


def pose(lab: ChristoffelLab, theta1: float, theta2: float, qd1: float, qd2: float) -> None:
    """Move the sliders as a learner would, θ̇₁ last (so no task passes on the way)."""
    for key, v in (("qd2", qd2), ("theta2", theta2), ("theta1", theta1), ("qd1", qd1)):
        lab.set(key, v)


# -- physics on screen --------------------------------------------------------------------------
def test_shown_velocity_torque_equals_newtons_r_cross_m_a_of_the_links():
    """τ shown = Newton–Euler moments of m a (tests/newton.py, g = 0, q̈ = 0) at several states."""
    lab = ChristoffelLab()
    flat = TwoLinkArm(g=0.0)
    for th1, th2, w1, w2 in ((30, 60, 1.0, 0.0), (-100, 135, -2.5, 3.0), (170, -45, 4.0, -1.5)):
        pose(lab, th1, th2, w1, w2)
        ref = newton_torques(flat, np.radians([th1, th2]), [w1, w2], [0.0, 0.0])
        shown = np.array([lab.scene.values["tau1"], lab.scene.values["tau2"]])
        np.testing.assert_allclose(shown, ref, atol=1e-4 * (1 + np.abs(ref).max()))


def test_round_off_readouts_are_at_round_off_for_both_forms():
    """'Newton − formula' and 'Christoffel − closed form' < 1e-7; they would be O(1) for a wrong C."""
    lab = ChristoffelLab()
    pose(lab, 20, 75, 3.0, -2.0)
    for form in ("christoffel", "alternative"):
        lab.set("form", form)
        assert lab.readout("newton_err") < 1e-7 and lab.readout("closed_err") < 1e-7


def test_bars_are_the_seeds_centrifugal_and_coriolis_parts():
    """τ₁ = −h θ̇₂² − 2h θ̇₁θ̇₂, τ₂ = h θ̇₁², τ₂'s Coriolis part 0, with h = m₂ l₁ l_c₂ sin θ₂."""
    lab = ChristoffelLab()
    pose(lab, 10, 50, 1.5, 2.5)
    v, h = lab.scene.values, 1.5 * 1.0 * 0.4 * np.sin(np.radians(50))
    assert v["t1_cf"] == pytest.approx(-h * 2.5**2, abs=1e-7)
    assert v["t1_cor"] == pytest.approx(-2 * h * 1.5 * 2.5, abs=1e-7)
    assert v["t2_cf"] == pytest.approx(h * 1.5**2, abs=1e-7)
    assert v["t2_cor"] == pytest.approx(0.0, abs=1e-7)
    assert v["t1_cf"] + v["t1_cor"] == pytest.approx(v["tau1"], abs=1e-7)


def test_selector_changes_the_matrix_and_skew_error_but_not_the_torques():
    lab = ChristoffelLab()
    pose(lab, 0, 100, 2.0, 1.0)
    a = dict(lab.readouts)
    lab.set("form", "alternative")
    b = dict(lab.readouts)
    assert (b["tau1"], b["tau2"]) == pytest.approx((a["tau1"], a["tau2"]), abs=1e-12)
    assert abs(b["c11"] - a["c11"]) > 0.1
    assert a["skew"] < 1e-8 < ALT_SKEW < b["skew"]
    assert abs(a["weak"]) < 1e-7 and abs(b["weak"]) < 1e-7   # weak form holds for both


def test_readouts_are_laid_out_in_the_lab_widget_and_name_the_posture():
    """The text readouts are part of what the learner sees (not just a widget the lab keeps), θ₁ included."""
    import ipywidgets as w

    lab = ChristoffelLab(theta1=30.0)

    def children(widget):
        yield widget
        for child in getattr(widget, "children", ()):
            yield from children(child)

    assert any(x is lab.readout_html for x in children(lab.widget))
    before = lab.readout_html.value
    lab.set("theta1", 31.0)
    assert lab.readout_html.value != before and "θ₁ = 31°" in lab.readout_html.value
    assert isinstance(lab.readout_html, w.HTML)


def test_seed_question_2_is_readable_in_the_lab():
    lab = ChristoffelLab()
    pose(lab, 0, 90, 2.0, 0.0)
    assert lab.readout("tau2") == pytest.approx(2.4, abs=1e-9)


def test_mass_times_acceleration_arrows_point_at_the_base_when_only_joint_1_spins():
    """With θ̇₂ = 0 both centres move on circles about the base: m a points at it (arrows not capped here)."""
    lab = ChristoffelLab()
    pose(lab, 40, 70, 2.0, 0.0)
    v = lab.scene.values
    for i in (1, 2):
        c, f = np.array([v[f"c{i}x"], v[f"c{i}y"]]), np.array([v[f"f{i}x"], v[f"f{i}y"]])
        assert np.dot(c, f) / (np.linalg.norm(c) * np.linalg.norm(f)) == pytest.approx(-1.0, abs=1e-6)


# -- Play: the arm turns at the set rates ------------------------------------------------------------------
def test_play_turns_the_arm_at_the_set_rates_and_the_torques_follow_theta2():
    """Headless Play (the simulator Play runs): q̈ = 0, θ₂ advances by θ̇₂ t, τ₂ = h(θ₂(t)) θ̇₁² at every frame."""
    lab = ChristoffelLab(theta1=0.0, theta2=30.0, qd1=2.0, qd2=0.5)
    lab.advance(1.5)
    assert lab.readout("qd1") == 2.0 and lab.readout("qd2") == 0.5
    assert lab.readout("theta2") == pytest.approx(np.radians(30.0) + 0.75, abs=1e-9)
    assert lab.readout("theta1") == pytest.approx(3.0, abs=1e-9)
    h = 1.5 * 1.0 * 0.4 * np.sin(lab.readout("theta2"))
    assert lab.readout("tau2") == pytest.approx(h * 4.0, abs=1e-9)
    assert lab.controls["theta2"].value == round(np.degrees(lab.readout("theta2")))   # the slider follows


def test_switching_the_form_during_play_replaces_the_frames_ahead_and_keeps_the_motion():
    class Clock:
        now = 10.0

        def __call__(self):
            return self.now

    clock = Clock()
    lab = ChristoffelLab(theta2=80.0, qd1=1.5, qd2=1.0, clock=clock)
    lab.set("play", None)
    clock.now += 0.1
    lab.scene.outbox.clear()
    lab.set("form", "alternative")
    assert lab.playing and any(kind == "chunk" for kind, _ in lab.scene.outbox)
    clock.now += 0.1
    lab.set("play", None)  # pause at the frame shown
    assert not lab.playing and lab.readout("skew") > ALT_SKEW and lab.task_done("alt")
    assert lab.readout("qd1") == 1.5 and lab.now.t > 0.15


# -- tasks -------------------------------------------------------------------------------------------
def test_task_spin1_met_by_spinning_joint_1_with_the_elbow_bent():
    lab = ChristoffelLab()
    pose(lab, 0, 90, 3.05, 0.0)
    assert lab.task_done("spin1")
    assert lab.readout("tau2") > SPIN_TAU2


@pytest.mark.parametrize("theta2, qd1, qd2, why", [
    (90, 3.0, 0.0, "not above"),        # |θ̇₁| = 3 is not > 3
    (90, 4.0, 0.05, "ω₂"),               # joint 2 also moving
    (15, 4.0, 0.0, "τ₂"),               # elbow nearly straight: τ₂ = 0.6 sin 15° · 16 = 2.48 N·m
])
def test_task_spin1_near_misses_stay_unchecked(theta2, qd1, qd2, why):
    lab = ChristoffelLab()
    pose(lab, 0, theta2, qd1, qd2)
    assert not lab.task_done("spin1")
    assert why in lab.tasks.reason("spin1")


def test_task_cancel_met_with_2_qd1_plus_qd2_zero():
    lab = ChristoffelLab()
    pose(lab, 0, 90, 1.5, -3.0)
    assert lab.task_done("cancel")
    assert abs(lab.readout("tau1")) < CANCEL_TAU1


@pytest.mark.parametrize("theta2, qd1, qd2, why", [
    (90, 1.5, -2.5, "not below"),     # τ₁ = −h θ̇₂(2θ̇₁ + θ̇₂) = 0.6·2.5·0.5 = 0.75 N·m
    (15, 1.5, -3.0, "sin"),           # |sin 15°| = 0.26 < 0.35 although τ₁ is 0
    (90, 1.0, -2.0, "exceed"),        # |θ̇₁| = 1 is not > 1
])
def test_task_cancel_near_misses_stay_unchecked(theta2, qd1, qd2, why):
    lab = ChristoffelLab()
    pose(lab, 0, theta2, qd1, qd2)
    assert not lab.task_done("cancel")
    assert why in lab.tasks.reason("cancel")


def test_task_alt_met_when_the_alternative_shows_a_skew_error():
    lab = ChristoffelLab()
    pose(lab, 0, 60, 1.0, 1.0)
    assert not lab.task_done("alt")
    lab.set("form", "alternative")
    assert lab.task_done("alt")


def test_task_alt_not_met_where_both_forms_agree():
    """Straight arm (h = 0): the alternative's skew error is 0, the task explains why."""
    lab = ChristoffelLab()
    pose(lab, 0, 0, 2.0, 1.0)
    lab.set("form", "alternative")
    assert not lab.task_done("alt")
    assert "h = 0" in lab.tasks.reason("alt")


def test_task_prompts_show_the_thresholds_the_checks_use():
    p = task_prompts()
    assert f"{SPIN_QD1:g} rad/s" in p["spin1"] and f"{SPIN_TAU2:g} N·m" in p["spin1"]
    assert f"{CANCEL_TAU1:g} N·m" in p["cancel"] and f"{CANCEL_SIN2:g}" in p["cancel"]
    assert f"{CANCEL_QD:g}" in p["cancel"] and f"{ALT_SKEW:g}" in p["alt"]


# -- drags and robustness ---------------------------------------------------------------------------
def test_dragging_the_tip_turns_theta2_and_the_slider_follows():
    lab = ChristoffelLab()
    lab.set("theta1", 0.0)
    lab.drag("tip", 1.0, 0.8)        # link 2 straight up from the elbow at (1, 0)
    assert lab.readout("theta2") == pytest.approx(np.pi / 2, abs=1e-9)
    assert lab.controls["theta2"].value == 90.0


def test_dragging_the_elbow_turns_theta1_and_keeps_theta2():
    lab = ChristoffelLab(theta2=45.0)
    lab.drag("elbow", 0.0, 1.0)
    assert lab.readout("theta1") == pytest.approx(np.pi / 2, abs=1e-9)
    assert lab.readout("theta2") == pytest.approx(np.radians(45.0), abs=1e-12)


@pytest.mark.parametrize("key, bad", [("qd1", float("nan")), ("theta2", float("inf")), ("form", "other")])
def test_bad_control_values_show_a_message_and_change_nothing(key, bad):
    lab = ChristoffelLab()
    before = dict(lab.readouts)
    lab.set(key, bad)
    assert lab.message.value
    assert lab.readouts == before
    assert "nan" not in lab.shown_text().lower()


def test_bad_drag_shows_a_message():
    lab = ChristoffelLab()
    lab.drag("tip", float("nan"), 0.0)
    assert lab.message.value and "nan" not in lab.shown_text().lower().replace("finite", "")


@pytest.mark.parametrize("kw, name", [({"theta1": 200.0}, "theta1"), ({"qd2": 7.0}, "qd2"),
                                      ({"qd1": float("nan")}, "qd1"), ({"arm": "arm"}, "arm")])
def test_bad_start_values_are_rejected_by_name(kw, name):
    with pytest.raises(ValueError, match=name):
        ChristoffelLab(**kw)


def test_every_shown_value_is_finite_over_the_whole_slider_range():
    lab = ChristoffelLab()
    for th2 in (-180, -90, 0, 90, 180):
        pose(lab, 180, th2, -6.0, 6.0)
        assert all(np.isfinite(v) for v in lab.readouts.values())
    assert not lab.message.value


def test_every_message_key_the_lab_uses_is_in_its_table():
    """Keys passed to self.T / CHRISTOFFEL.text exist in the lab's table."""
    from course_lib.lessons.coriolis.messages import CHRISTOFFEL

    used = message_keys("course_lib/lessons/coriolis/lab.py")
    assert len(used) > 15
    assert not {k for k in used if k not in CHRISTOFFEL}


# -- reset, chart size, whole-degree drags ----------------------------------------------
def test_reset_shows_the_start_rates_on_the_rate_sliders():
    lab = ChristoffelLab()
    lab.set("qd1", 3.0)
    lab.set("qd2", -2.0)
    lab.set("reset", None)
    assert (lab.readout("qd1"), lab.readout("qd2")) == (1.0, 0.0)
    assert (lab.controls["qd1"].value, lab.controls["qd2"].value) == (1.0, 0.0)
    assert (lab.controls["theta1"].value, lab.controls["theta2"].value) == (30.0, 60.0)


def test_bar_chart_holds_the_largest_part_the_rate_sliders_can_reach():
    """At θ₂ = 90° and both rates at the slider's end, −2h ω₁ω₂ = −2 · 0.6 · 36 = −43.2 N·m must fit the chart."""
    lab = ChristoffelLab()
    pose(lab, 0.0, 90.0, 6.0, 6.0)
    lo, hi = next(p for p in lab.scene.panels if p["id"] == "bars")["ylim"]
    tallest = max(abs(lab.readout(k)) for k in ("t1_cor", "t1_cf", "t2_cf", "t2_cor"))
    assert tallest == pytest.approx(2 * 1.5 * 1.0 * 0.4 * 36, rel=1e-6)
    assert -lo >= tallest and hi >= tallest and hi < 1.2 * tallest


@pytest.mark.parametrize("handle, x, y", [("elbow", 1.0, 0.3), ("tip", 1.7, 0.45), ("elbow", -0.37, 0.81)])
def test_a_drag_lands_on_whole_degrees_so_readouts_and_sliders_agree(handle, x, y):
    lab = ChristoffelLab(theta1=0.0)
    lab.drag(handle, x, y)
    for key in ("theta1", "theta2"):
        deg = np.degrees(lab.readout(key))
        assert deg == pytest.approx(round(deg), abs=1e-9)
        assert lab.controls[key].value == pytest.approx(deg, abs=1e-9)


def test_lab_texts_avoid_combining_dots_that_headless_fonts_drop():
    """θ̇ and q̇ are a letter plus U+0307, which headless Chromium's fonts do not draw (canvas or HTML): "|θ̇₂| < 0.01"
    read "|θ₂| < 0.01" in the checklist. The lab writes rates as ω = dθ/dt."""
    from course_lib.lessons.coriolis.messages import CHRISTOFFEL

    lab = ChristoffelLab()
    assert "\u0307" not in lab.shown_text()
    for key in ("chr_title_world", "chr_title_bars", "chr_scene_tau", "chr_scene_rates", "chr_scene_C",
                "chr_scene_parts", "chr_scene_arrows"):
        assert "\u0307" not in CHRISTOFFEL.text(key), key


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_negative_angle_is_written_with_the_minus_sign_in_every_text_of_the_lab(language):
    """θ₂ = −137° reads "−137" (U+2212) in the description, the readout and the checklist, as the slider and the
    scene write it, never with the hyphen "-137"."""
    import course_lib

    course_lib.set_language(language)
    try:
        lab = ChristoffelLab()
        lab.set("theta2", -137.0)
        texts = lab.description() + " " + lab.shown_text()
        assert "\u2212137" in texts and "-137" not in texts, texts
    finally:
        course_lib.set_language("en")
