"""The apparent-mass lab (lesson 7): numbers shown, its two tasks, singular postures, robustness."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.lessons.operational_space.lab import (
    HEAVY_MASS,
    ISO_KAPPA,
    KAPPA_TOP,
    POLAR_CUT,
    PUSH_PER_N,
    OperationalSpaceLab,
    kappa_curve,
    polar_radius,
    task_prompts,
)
from course_lib.lessons.operational_space.messages import OPERATIONAL_SPACE
from course_lib.physics import operational_space as osp
from course_lib.physics.models import TwoLinkArm
from tests.helpers.lab_source import message_keys, shape


def test_readouts_are_lambda_of_the_bare_seed_arm():
    lab = OperationalSpaceLab(theta1=-30.0, theta2=75.0)
    q = np.radians([-30.0, 75.0])
    lam = osp.task_inertia(TwoLinkArm(), q)
    assert (lab.readout("lam11"), lab.readout("lam12"), lab.readout("lam22")) == pytest.approx(
        (lam[0, 0], lam[0, 1], lam[1, 1]), rel=1e-12)
    assert lab.readout("kappa") == pytest.approx(np.linalg.cond(lam), rel=1e-9)


def test_push_acceleration_arrow_is_lambda_inverse_F_and_mass_along_push_is_F_over_u_dot_a():
    lab = OperationalSpaceLab(theta1=0.0, theta2=90.0)
    tip = TwoLinkArm().tip(np.radians([0.0, 90.0]))
    F = np.array([0.6, 0.8])
    lab.drag("push", *(tip - PUSH_PER_N * F))        # the disc sits at the tail of the push pressing on the tip
    inv = osp.inverse_task_inertia(TwoLinkArm(), np.radians([0.0, 90.0]))
    v = lab.scene.values
    np.testing.assert_allclose([v["ax"], v["ay"]], 0.3 * inv @ F, atol=1e-9)
    assert lab.readout("m_push") == pytest.approx(osp.apparent_mass(TwoLinkArm(), np.radians([0.0, 90.0]), F),
                                                  rel=1e-12)


def test_velocity_ellipse_points_have_unit_kinetic_energy_form():
    """Each point ẋ of the amber curve (0.3 m per m/s, centred on the tip) has ẋᵀ Λ ẋ = 1."""
    lab = OperationalSpaceLab(theta1=10.0, theta2=50.0)
    q = np.radians([10.0, 50.0])
    s = shape(lab, "vel_ellipse")["props"]
    xd = (np.array([s["xs"], s["ys"]]) - TwoLinkArm().tip(q)[:, None]) / 0.3
    np.testing.assert_allclose(np.einsum("in,ij,jn->n", xd, osp.task_inertia(TwoLinkArm(), q), xd), 1.0, atol=2e-4)


def test_kappa_curve_has_its_minimum_4_33_at_90_degrees_and_no_nan_at_straight():
    deg, k = kappa_curve(TwoLinkArm())
    assert np.all(np.isfinite(k)) and k.max() == KAPPA_TOP
    assert abs(deg[np.argmin(k)]) == 90.0 and k.min() == pytest.approx(4.33, abs=0.005)


# -- tasks -------------------------------------------------------------------------------------------
def test_task_iso_met_with_the_elbow_near_90_and_missed_at_72():
    lab = OperationalSpaceLab(theta2=30.0)
    lab.set("theta2", 72.0)                       # κ = 4.62
    assert not lab.task_done("iso") and "not below 4.6" in lab.tasks.reason("iso")
    lab.set("theta2", 73.0)                       # κ = 4.59
    assert lab.task_done("iso")
    assert lab.readout("kappa") < ISO_KAPPA


def test_task_heavy_met_near_straight_and_missed_one_degree_before():
    lab = OperationalSpaceLab()
    lab.set("theta2", 15.0)                       # 18.5 kg
    assert not lab.task_done("heavy") and "not above 20 kg" in lab.tasks.reason("heavy")
    lab.set("theta2", 14.0)                       # 21.0 kg
    assert lab.task_done("heavy") and lab.readout("m_max") > HEAVY_MASS


def test_task_heavy_not_met_at_the_exactly_straight_arm_where_lambda_does_not_exist():
    lab = OperationalSpaceLab()
    lab.set("theta2", 0.0)
    assert not lab.task_done("heavy") and "no value" in lab.tasks.reason("heavy")


def test_singular_posture_is_explained_in_words_never_inf_or_nan():
    lab = OperationalSpaceLab()
    for deg in (0.0, 180.0, -180.0):
        lab.set("theta2", deg)
        text = lab.shown_text().lower()
        assert "does not exist" in text and "inf" not in text.replace("infinite", "") and "nan" not in text
        assert all(np.isfinite(v) for v in lab.scene.values.values())
        assert all(np.all(np.isfinite(shape(lab, k)["props"]["xs"])) for k in ("vel_ellipse", "mass", "manip"))
    assert not lab.message.value


def test_task_prompts_show_the_thresholds_the_checks_use():
    p = task_prompts()
    assert f"κ(Λ) < {ISO_KAPPA:g}" in p["iso"] and f"{HEAVY_MASS:g} kg" in p["heavy"] and "3.5 kg" in p["heavy"]


# -- robustness --------------------------------------------------------------------------------------
def test_a_push_dragged_onto_the_tip_keeps_a_direction_and_says_so():
    lab = OperationalSpaceLab(theta1=0.0, theta2=90.0)
    tip = TwoLinkArm().tip(np.radians([0.0, 90.0]))
    lab.drag("push", *tip)
    assert lab.readout("F") == pytest.approx(0.1) and lab.message.value


def test_a_huge_push_is_held_at_2_newtons():
    lab = OperationalSpaceLab()
    lab.drag("push", 50.0, 50.0)
    assert lab.readout("F") == pytest.approx(2.0)


@pytest.mark.parametrize("handle, x, y", [("push", np.nan, 0.0), ("tip", 0.0, np.inf)])
def test_bad_drags_show_a_message_and_change_nothing(handle, x, y):
    lab = OperationalSpaceLab()
    before = dict(lab.readouts)
    lab.drag(handle, x, y)
    assert lab.message.value and lab.readouts == before


@pytest.mark.parametrize("kw, name", [({"theta2": 500.0}, "theta2"), ({"push": (0.0, 0.0)}, "push"),
                                      ({"push": (np.nan, 1.0)}, "push_x")])
def test_bad_start_values_are_rejected_by_name(kw, name):
    with pytest.raises(ValueError, match=name):
        OperationalSpaceLab(**kw)


def test_every_message_key_the_lab_uses_is_in_its_table():
    used = message_keys("course_lib/lessons/operational_space/lab.py")
    assert len(used) > 10 and not {k for k in used if k not in OPERATIONAL_SPACE}


# -- drawing inside the panels, readable polar cut, whole-degree drags ---------------------
def _panel(lab, pid):
    return next(p for p in lab.scene.panels if p["id"] == pid)


@pytest.mark.parametrize("theta1, theta2", [(0, 0), (0, 30), (90, 0), (180, 0), (-90, 0), (45, 90), (0, 180)])
@pytest.mark.parametrize("angle", [0.0, 90.0, 180.0, 270.0, 45.0])
def test_push_disc_and_both_arrows_stay_inside_the_arm_panel(theta1, theta2, angle):
    """The arm pointing any way, the push at its largest (2 N) in any direction: nothing leaves the panel."""
    F = 2.0 * np.array([np.cos(np.radians(angle)), np.sin(np.radians(angle))])
    lab = OperationalSpaceLab(theta1=theta1, theta2=theta2, push=tuple(F))
    v, (x0, x1), (y0, y1) = lab.scene.values, *(_panel(lab, "world")[k] for k in ("xlim", "ylim"))
    for x, y in ((v["px"], v["py"]), (v["tx"] + v["ax"], v["ty"] + v["ay"]), (v["px"] + v["fx"], v["py"] + v["fy"])):
        assert x0 < x < x1 and y0 < y < y1


def test_push_arrow_presses_on_the_tip_and_the_acceleration_leaves_it():
    """F is drawn from the disc to the tip, Λ⁻¹F from the tip: they lie on opposite sides, not on top of each other."""
    lab = OperationalSpaceLab(theta1=0.0, theta2=60.0, push=(1.0, 0.0))
    v = lab.scene.values
    assert (v["px"] + v["fx"], v["py"] + v["fy"]) == pytest.approx((v["tx"], v["ty"]), abs=1e-12)
    assert (v["px"] - v["tx"]) * v["ax"] + (v["py"] - v["ty"]) * v["ay"] < 0


def test_polar_curve_is_log_radius_with_a_marked_cut_near_a_straight_arm():
    lab = OperationalSpaceLab(theta1=0.0, theta2=10.0)
    s = shape(lab, "mass")["props"]
    radius = np.hypot(s["xs"], s["ys"])
    heavy, light = (float(polar_radius(lab.readout(k))) for k in ("m_max", "m_min"))
    assert lab.readout("m_max") > 20 and heavy * 0.95 < radius.max() <= heavy + 1e-9  # 5° samples; not cut at 20 kg
    assert light - 1e-9 <= radius.min() < light * 1.02
    cut = shape(lab, "cut")["props"]
    assert np.hypot(cut["xs"], cut["ys"]) == pytest.approx(float(polar_radius(POLAR_CUT)), abs=1e-4)
    lab.set("theta2", 0.0)                                       # straight: the heavy direction meets the cut ring
    s = shape(lab, "mass")["props"]
    assert np.hypot(s["xs"], s["ys"]).max() == pytest.approx(float(polar_radius(POLAR_CUT)), abs=1e-4)


def test_kappa_plot_has_several_x_ticks():
    assert len(_panel(OperationalSpaceLab(), "kappa")["xticks"]) >= 3


@pytest.mark.parametrize("handle, x, y", [("elbow", 0.9, 0.31), ("tip", 1.5, 0.93), ("tip", 0.2, 1.9)])
def test_a_drag_lands_on_whole_degrees_so_readouts_and_sliders_agree(handle, x, y):
    lab = OperationalSpaceLab(theta1=0.0)
    lab.drag(handle, x, y)
    for key in ("theta1", "theta2"):
        deg = np.degrees(lab.readout(key))
        assert deg == pytest.approx(round(deg), abs=1e-9)
        assert lab.controls[key].value == pytest.approx(deg, abs=1e-9)


def test_canvas_texts_avoid_combining_dots_that_headless_fonts_drop():
    for key in ("os_title_world", "os_title_polar", "os_title_kappa", "os_legend_vel", "os_legend_manip",
                "os_legend_F", "os_legend_acc", "os_scene_push"):
        assert "\u0307" not in OPERATIONAL_SPACE.text(key), key
