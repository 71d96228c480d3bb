"""The identification lab (lesson 9): what it shows, its two tasks, seeds, and bad input.

Scripted sessions use the headless API a learner's actions map to (``set`` on
the excitation, the sliders and the Resample button); what the browser draws
is read from the scene.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from course_lib.lab.numbers import significant
from course_lib.lessons.identification.lab import (
    BAR_COLORS,
    LOG_LO,
    RICH_LIMIT,
    RICH_SIGMA,
    SLOW_LIMIT,
    SLOW_SIGMA,
    IdentificationLab,
    bar_channels,
)
from course_lib.physics import identification as ident
from course_lib.physics.models import TwoLinkArm


@pytest.fixture
def lab() -> IdentificationLab:
    return IdentificationLab()


def shown(lab: IdentificationLab) -> str:
    return lab.shown_text()


# -- what the lab shows is course_lib's estimate --------------------------------------------------------------
def test_lab_estimate_and_kappa_are_the_library_least_squares_of_the_same_experiment(lab):
    """One source of truth: the lab's π̂, errors and κ are identification.estimate/condition_number of its data."""
    lab.set("n_samples", 80)
    lab.set("sigma", 0.7)
    data = ident.experiment(TwoLinkArm(), ident.EXCITATIONS["rich"], 80, 0.7, seed=lab.seed)
    fit = ident.estimate(data.A, data.b)
    for name, value in zip(ident.PARAMETER_NAMES, fit.pi):
        assert lab.readout(f"pi_hat_{name}") == pytest.approx(value, rel=1e-12)
    assert lab.readout("kappa") == pytest.approx(ident.condition_number(data.A))
    assert lab.readout("residual") == pytest.approx(fit.residual_rms)
    assert f"{ident.condition_number(data.A):.3g}" in lab.summary_html.value


def test_path_panel_shows_the_sampled_joint_angles_in_degrees(lab):
    """The excitation path is the N sampled (θ₁, θ₂), in degrees; frozen joint 2 is a horizontal line."""
    lab.set("excitation", "joint1")
    lab.set("theta2", 45.0)
    lab.set("n_samples", 30)
    path = next(s for s in lab.scene.shapes if s["id"] == "path")["props"]
    assert len(path["xs"]) == 30 and np.allclose(path["ys"], 45.0)
    assert max(path["xs"]) - min(path["xs"]) > 100  # joint 1 swings ±1.2 rad ≈ ±69°


@pytest.mark.parametrize("error, colour", [(0.0049, "g"), (0.0499, "g"), (0.05, "a"), (0.30, "a"), (0.3001, "r"),
                                           (25.0, "r")])
def test_error_bar_colour_follows_the_seed_classes_and_height_the_log_scale(error, colour):
    """Green below 5 %, amber 5–30 %, red above; height log₁₀(%) above 0.1 %, clipped at 100 %."""
    ch = bar_channels(np.full(5, error))
    assert [k for k in BAR_COLORS if ch[f"a_{k}"] > 0] == [colour]
    assert ch["a_" + colour] == pytest.approx(min(np.log10(100 * error), 2.0) - LOG_LO)
    assert ch["err_a"] == pytest.approx(100 * error)


# -- the tasks, each reached by a scripted session ---------------------------------------------------------------
def test_rich_task_ticks_at_the_seed_threshold_sigma(lab):
    lab.set("excitation", "slow")
    lab.set("sigma", RICH_SIGMA)
    lab.set("excitation", "rich")
    assert lab.task_done("rich") and lab.readout("worst_error") < RICH_LIMIT
    assert re.match(r"worst error \d[\d.]* % \([a-e]\)", lab.tasks.value("rich"))


def test_rich_task_near_miss_sigma_just_below_threshold_stays_open(lab):
    assert not lab.task_done("rich")  # the lab starts on "rich" with σ below the task's
    lab.set("sigma", RICH_SIGMA - 0.05)
    assert lab.readout("worst_error") < RICH_LIMIT  # the errors alone would pass
    assert not lab.task_done("rich")
    assert "σ ≥ 0.5 N·m" in lab.tasks.reason("rich")


def test_rich_task_stays_open_while_an_error_is_10_percent_or_more():
    """Few samples and strong noise on "rich": an error above 10 % is named, and the task stays open."""
    lab = IdentificationLab(seed=0)
    lab.set("n_samples", 10)
    lab.set("sigma", 2.0)
    for _ in range(20):  # resample until one draw misses (seeded: the same draws every run)
        if lab.readout("worst_error") >= RICH_LIMIT:
            break
        lab.set("resample", None)
    assert lab.readout("worst_error") >= RICH_LIMIT and not lab.task_done("rich")
    assert re.search(r"[a-e] is still off by \d[\d.]* % \(needs < 10 %\)", lab.tasks.reason("rich"))


def test_slow_task_ticks_with_the_worst_parameter_beyond_100_percent(lab):
    lab.set("excitation", "slow")
    assert not lab.task_done("slow")
    lab.set("sigma", SLOW_SIGMA)
    assert lab.task_done("slow") and lab.readout("worst_error") > SLOW_LIMIT
    assert "κ(A) = 7900" in lab.tasks.value("slow")


def test_slow_task_near_misses_stay_open(lab):
    """Slow and small with σ = 0.45, or "joint 1 only" at σ = 0.5: neither counts."""
    lab.set("sigma", SLOW_SIGMA - 0.05)
    lab.set("excitation", "slow")
    assert lab.readout("worst_error") > SLOW_LIMIT and not lab.task_done("slow")
    lab.set("excitation", "joint1")
    lab.set("sigma", SLOW_SIGMA)
    assert not lab.task_done("slow")
    assert "needs \"slow and small\"" in lab.tasks.reason("slow")


# -- seeds ---------------------------------------------------------------------------------------------------------
def test_resample_draws_new_noise_and_the_same_seed_gives_the_same_estimate():
    one, two = IdentificationLab(seed=4), IdentificationLab(seed=4)
    assert one.readouts == two.readouts
    before = one.readout("pi_hat_a")
    one.set("resample", None)
    assert one.readout("seed") == 5 and one.readout("pi_hat_a") != before
    assert one.readouts == IdentificationLab(seed=5).readouts


# -- "joint 1 only" ---------------------------------------------------------------------------------------------------
def test_joint1_at_straight_elbow_names_the_lost_combination(lab):
    lab.set("excitation", "joint1")
    lab.set("theta2", 0.0)
    text = lab.summary_html.value
    assert "(-1.00, +0.50, -0.50, +0.00, +0.00)" in text and "lost outright" in text and "rank 4" in text
    assert lab.readout("rank") == 4


def test_joint1_elsewhere_only_worsens_the_estimate(lab):
    """At θ₂ = 60° nothing is lost (rank 5), but κ(A) is larger than for "rich"; the weakest combination is named."""
    kappa_rich = lab.readout("kappa")
    lab.set("excitation", "joint1")
    assert lab.readout("rank") == 5 and lab.readout("kappa") > 3 * kappa_rich
    assert "determine worst" in lab.summary_html.value and "lost outright" not in lab.summary_html.value


def test_own_excitation_follows_its_sliders(lab):
    lab.set("excitation", "own")
    lab.set("amp1", 60.0)
    lab.set("freq2", 1.0)
    ex = lab.excitation()
    assert ex.amplitude[0] == pytest.approx(np.radians(60.0)) and ex.frequency[1] == 1.0
    lab.set("amp2", 0.0)
    lab.set("amp1", 0.0)  # nothing moves: only gravity at one pose, rank 2
    assert lab.readout("rank") == 2 and "undetermined" in lab.summary_html.value


# -- bad input -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key, value", [("sigma", float("nan")), ("n_samples", float("inf")), ("amp1", "x")])
def test_bad_control_values_show_a_message_and_change_nothing(lab, key, value):
    before = dict(lab.readouts)
    lab.set(key, value)
    assert key in lab.message.value and lab.readouts == before


def test_bad_seed_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="seed must be a whole number >= 0"):
        IdentificationLab(seed=-2)


@pytest.mark.parametrize("kind", ["rich", "joint1", "slow", "own"])
def test_no_lab_text_shows_nan_or_inf_even_when_rank_deficient(lab, kind):
    lab.set("excitation", kind)
    for theta2 in (0.0, 180.0, 60.0):
        lab.set("theta2", theta2)
        text = shown(lab).lower()
        assert "nan" not in text and "inf" not in text
        assert all(np.isfinite(v) for v in lab.scene.values.values())


# -- the lesson's quiz --------------------------------------------------------------------------------------------
def test_quiz_kappa_is_what_the_lab_shows_for_slow_and_small(lab):
    from course_lib.lessons.identification.quiz import identification_quiz

    quiz = identification_quiz()
    lab.set("excitation", "slow")
    assert quiz[0].expected == pytest.approx(lab.readout("kappa"), rel=1e-12)
    assert quiz[0].check(f"{lab.readout('kappa'):.0f}").correct and not quiz[0].check("25").correct


def test_quiz_payload_answer_is_the_mass_that_changed_e():
    """e = m₂l_c₂ grows by m_p l₂ for a tip mass m_p: the question's answer is the payload the arm was given."""
    from course_lib.lessons.identification.quiz import identification_quiz

    arm = TwoLinkArm(l2=0.6)
    q = identification_quiz(arm)[4]
    delta_e = TwoLinkArm(l2=0.6, payload=q.expected).base_parameters()[4] - arm.base_parameters()[4]
    assert delta_e == pytest.approx(q.expected * 0.6, rel=1e-12)
    assert q.check("0.5 kg").correct and not q.check("0.4 kg").correct
    assert identification_quiz()[1].check("C").correct and identification_quiz()[2].check("A").correct


def test_dragging_the_centre_moves_the_swing_and_the_theta2_slider(lab):
    """The handle is the swing's centre in the (θ₁, θ₂) plane: the path moves with it, θ₂'s slider follows."""
    lab.drag("centre", -40.0, 10.0)
    assert lab.controls["theta2"].value == 10.0
    assert lab.excitation().centre == pytest.approx((np.radians(-40.0), np.radians(10.0)))
    assert lab.scene.values["c1"] == pytest.approx(-40.0) and lab.scene.values["c2"] == pytest.approx(10.0)
    path = next(s for s in lab.scene.shapes if s["id"] == "path")["props"]
    assert path["xs"][0] == pytest.approx(-40.0) and path["ys"][0] == pytest.approx(10.0)  # sin 0 = 0: the start
    lab.set("excitation", "joint1")
    lab.drag("centre", 30.0, 0.4)  # θ₂ rounds to 0°: the straight elbow
    assert lab.readout("rank") == 4


def test_log_scale_labels_start_inside_the_error_panel_so_none_is_clipped(lab):
    """The scale's labels "0.1 %" … "100 %" are drawn from inside the panel rightwards (the browser clips a panel)."""
    panel = next(p for p in lab.scene.panels if p["id"] == "errors")
    ticks = [s for s in lab.scene.shapes if s["id"].startswith("tick")]
    assert [t["props"]["text"] for t in ticks] == ["0.1 %", "1 %", "10 %", "100 %"]
    for t in ticks:
        assert t["props"]["anchor"] == "start" and t["props"]["x"] >= panel["xlim"][0]
        assert t["props"]["x"] + 0.9 <= min(s["props"]["xs"][0] for s in lab.scene.shapes if s["id"].startswith("grid"))


# -- what a learner reads ------------------------------------------------------------------------------------
def test_quiz_q1_names_the_centre_its_answer_depends_on_and_reset_centre_restores_it(lab):
    """κ of "slow and small" changes with the centre: the question names it, and "Reset centre" puts it back."""
    from course_lib.lessons.identification.quiz import identification_quiz

    q = identification_quiz()[0]
    assert "θ₁ = 17.2°" in q.prompt and "θ₂ = 60°" in q.prompt and "Reset centre" in q.prompt
    lab.set("excitation", "slow")
    lab.drag("centre", -90.0, 120.0)
    assert not q.check(f"{lab.readout('kappa'):.6g}").correct  # elsewhere the answer differs
    lab.controls["recentre"].click()
    assert lab.controls["theta2"].value == 60.0
    assert q.check(f"{lab.readout('kappa'):.6g}").correct


def test_quiz_q4_gives_hints_for_the_usual_wrong_factors():
    from course_lib.lessons.identification.quiz import identification_quiz

    q = identification_quiz()[3]
    assert q.check("0.5").correct
    for wrong, word in (("2", "shrinks"), ("0.25", "1/√N"), ("4", "smaller")):
        result = q.check(wrong)
        assert not result.correct and word in result.message, (wrong, result.message)


def test_own_sliders_are_live_only_for_your_own_excitation(lab):
    assert all(lab.controls[k].disabled for k in ("amp1", "freq1", "amp2", "freq2"))
    lab.set("excitation", "own")
    assert not any(lab.controls[k].disabled for k in ("amp1", "freq1", "amp2", "freq2"))
    lab.set("excitation", "joint1")
    assert lab.controls["amp1"].disabled


def test_tiny_errors_keep_a_visible_bar_and_two_significant_digits():
    from course_lib.lessons.identification.lab import MIN_BAR, percent

    ch = bar_channels(np.array([1.2e-4, 0.5, 7.485, 10.88, 0.0]))
    assert ch["a_g"] == pytest.approx(MIN_BAR) and MIN_BAR >= 0.05
    assert ch["e_g"] == pytest.approx(MIN_BAR)
    assert [percent(x) for x in (1.2e-4, 0.043, 0.45, 7.485)] == ["0.012", "4.3", "45", "750"]


def test_error_labels_are_staggered_so_neighbours_never_overlap(lab):
    labels = [s for s in lab.scene.shapes if s["id"].startswith("err_")]
    offsets = [t["props"]["dy_px"] for t in labels]
    assert all(a != b for a, b in zip(offsets, offsets[1:]))
    assert all(t["props"]["text"].endswith(" %") for t in labels)


def test_kappa_is_shown_with_three_significant_digits():
    from course_lib.lessons.identification.lab import _kappa_text

    assert [_kappa_text(x, 5, None) for x in (7.1, 7.744, 28.7, 112.4, 7428.2, 0.0123)] == \
        ["7.10", "7.74", "28.7", "112", "7430", "0.0123"]


def test_at_sigma_0_the_error_column_and_the_bar_labels_read_0_not_round_off():
    """σ = 0: the fit recovers π to round-off (about 1e-15); the table once read "0.000000000000089 %"."""
    from course_lib.lessons.identification.lab import ERROR_FLOOR

    lab = IdentificationLab()
    lab.set("sigma", 0.0)
    cells = re.findall(r"<td>([^<]*) %</td>", lab.table_html.value)
    assert len(cells) == 5 and set(cells) == {"0"}
    values = dict(zip(lab.scene.channels, lab.scene.frame["values"]))
    assert all(values[f"err_{n}"] == 0.0 for n in ident.PARAMETER_NAMES)
    assert ERROR_FLOOR < 1e-6  # far below any error σ > 0 gives (0.01 % at the least, the tests above)


def test_the_summary_shows_the_swing_centre_as_numbers(lab):
    lab.drag("centre", -40.0, 10.0)
    assert "(-40°, 10°)" in lab.summary_html.value


def test_the_path_panel_has_room_for_a_swing_about_a_corner(lab):
    """Centre at (180°, 180°), "rich" swings ±69°: the whole path stays inside the panel."""
    lab.drag("centre", 180.0, 180.0)
    panel = next(p for p in lab.scene.panels if p["id"] == "path")
    path = next(s for s in lab.scene.shapes if s["id"] == "path")["props"]
    assert max(path["xs"]) <= panel["xlim"][1] and max(path["ys"]) <= panel["ylim"][1]


@pytest.mark.parametrize("theta2", [0.0, 180.0])
def test_the_scene_in_words_names_a_lost_rank_as_a_count_and_kappa_as_infinite(theta2):
    """Joint 1 alone with the elbow straight or folded loses a column: the description says rank 4 and κ ∞, as
    the readout line does, never a capped 1.00 × 10³⁰⁰ or a rank of 4.00."""
    import course_lib

    course_lib.set_language("en")
    lab = IdentificationLab()
    lab.set("excitation", "joint1")
    lab.set("theta2", theta2)
    words = lab.description()
    assert "Fit of rank 4, condition number κ ∞ (rank 4 < 5)" in words, words
    assert "10³⁰⁰" not in words and "4.00" not in words, words


def test_the_scene_in_words_gives_a_full_rank_fit_its_condition_number():
    import course_lib

    course_lib.set_language("en")
    lab = IdentificationLab()
    kappa = ident.condition_number(lab.data.A)
    assert f"Fit of rank 5, condition number κ {significant(kappa, digits=3)};" in lab.description()
