"""Lesson 5's lab: what it shows, the two tasks by scripted sessions, robustness.

Sessions use only the headless API a learner's actions map to: ``set`` (sliders)
and ``drag`` (elbow, tip, velocity handle, through the scene's browser messages).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from course_lib.lab.numbers import significant
from course_lib.lessons.mass_matrix.lab import (
    QD_RANGE,
    ROUND_KAPPA,
    MassMatrixLab,
    mass_matrix_curves,
)
from course_lib.physics import quadratic_forms as qf
from course_lib.physics.models import TwoLinkArm
from tests.helpers.lab_source import message_keys_in, shape


def light_axis(lab):
    """The smallest eigenvalue's eigenvector, computed here with numpy's eigh (not the lab's code)."""
    M = TwoLinkArm(payload=lab.arm.payload).mass_matrix(np.radians([lab.readout("theta1_deg"),
                                                                     lab.readout("theta2_deg")]))
    lam, vec = np.linalg.eigh(M)
    return M, lam, vec[:, 0]


def drag_velocity_along(lab, degrees_off, energy_factor):
    """Drag q̇ to the light axis turned by ``degrees_off``, scaled so that T = energy_factor · E."""
    M, _, v = light_axis(lab)
    a = math.radians(degrees_off)
    d = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]]) @ v
    scale = math.sqrt(2 * energy_factor * lab.readout("E") / (d @ M @ d))
    lab.drag("qd", *(scale * d))


# -- what the lab shows ------------------------------------------------------------------------
def test_readouts_of_M_eigenvalues_and_kappa_match_an_independent_eigh():
    lab = MassMatrixLab()
    lab.set("payload", 0.7)
    lab.set("theta2", 63.0)
    M, lam, _ = light_axis(lab)
    assert [lab.readout(k) for k in ("M11", "M12", "M22")] == pytest.approx([M[0, 0], M[0, 1], M[1, 1]], abs=1e-12)
    assert [lab.readout("lam1"), lab.readout("lam2")] == pytest.approx(lam, abs=1e-12)
    assert lab.readout("kappa") == pytest.approx(np.linalg.cond(M), rel=1e-10)


def test_kinetic_energy_of_the_handle_is_half_qdT_M_qd():
    lab = MassMatrixLab()
    lab.drag("qd", 1.5, -2.0)
    M, _, _ = light_axis(lab)
    qd = np.array([1.5, -2.0])
    assert lab.readout("T") == pytest.approx(0.5 * qd @ M @ qd, rel=1e-12)
    assert lab.scene.values["qd1"] == 1.5 and lab.scene.values["qd2"] == -2.0


def ellipse_points(lab, shape_id, n=64):
    """Points of a drawn Ellipse from its channel bindings: centre + a cos t û + b sin t û⊥."""
    props, v = shape(lab, shape_id)["props"], lab.scene.values
    at = lambda p: v[lab.scene.channels[p["ch"]]] * p["k"] + p["c"] if isinstance(p, dict) else p
    a, b, ux, uy = (at(props[k]) for k in ("a", "b", "ux", "uy"))
    u = np.array([ux, uy]) / math.hypot(ux, uy) if (ux or uy) else np.array([1.0, 0.0])
    t = np.linspace(0, 2 * np.pi, n)[:, None]
    return a * np.cos(t) * u + b * np.sin(t) * np.array([-u[1], u[0]])


def test_drawn_ellipses_are_the_level_sets_at_E_and_through_the_handle():
    lab = MassMatrixLab()
    lab.set("E", 0.8)
    lab.drag("qd", 0.8, 1.4)
    M, _, _ = light_axis(lab)
    for sid, energy in (("ellipse_E", 0.8), ("ellipse_T", lab.readout("T"))):
        pts = ellipse_points(lab, sid)
        np.testing.assert_allclose(0.5 * np.einsum("ni,ij,nj->n", pts, M, pts), energy, rtol=1e-10)
    np.testing.assert_allclose(np.linalg.norm(ellipse_points(lab, "circle"), axis=1), math.hypot(0.8, 1.4),
                               rtol=1e-12)


def test_drawn_axes_point_along_eigenvectors_with_lengths_sqrt_2E_over_lambda():
    lab = MassMatrixLab()
    lab.set("theta2", -40.0)
    M, lam, v = light_axis(lab)
    values = lab.scene.values
    light = np.array([values["lx"], values["ly"]])
    heavy = np.array([values["hx"], values["hy"]])
    assert np.linalg.norm(light) == pytest.approx(math.sqrt(2 * values["E"] / lam[0]), rel=1e-10)
    assert np.linalg.norm(heavy) == pytest.approx(math.sqrt(2 * values["E"] / lam[1]), rel=1e-10)
    assert qf.axis_angle(light, v) < 1e-6


def test_moving_only_theta1_reports_no_change_of_M_and_theta2_a_real_one():
    lab = MassMatrixLab()
    lab.set("theta1", -75.0)
    assert lab.readout("dM") < 1e-12
    assert "θ₁ moved by -105°" in lab.readout_html.value
    lab.set("theta2", 20.0)
    before = TwoLinkArm().mass_matrix([0.0, math.radians(90.0)])
    after = TwoLinkArm().mass_matrix([0.0, math.radians(20.0)])
    assert lab.readout("dM") == pytest.approx(np.abs(after - before).max(), rel=1e-12) and lab.readout("dM") > 0.5


def largest_change(theta2_from, theta2_to, payload=0.0):
    arm = TwoLinkArm(payload=payload)
    return np.abs(arm.mass_matrix([0.0, math.radians(theta2_to)]) - arm.mass_matrix([0.0, math.radians(theta2_from)])).max()


def tip_for(lab, theta2_deg):
    """Where the tip is with θ₂ = theta2_deg at the lab's θ₁ (forward kinematics written out here)."""
    t1 = math.radians(lab.readout("theta1_deg"))
    t12 = t1 + math.radians(theta2_deg)
    return math.cos(t1) + 0.8 * math.cos(t12), math.sin(t1) + 0.8 * math.sin(t12)


def test_a_multi_step_drag_reports_the_whole_move_since_the_grab_not_its_last_step():
    lab = MassMatrixLab()  # θ₂ = 90°
    lab.drag("tip", *tip_for(lab, 30.0), steps=5)  # the end message repeats the last move: a zero step
    assert lab.readout("theta2_deg") == pytest.approx(30.0)
    assert "θ₂ moved by -60°" in lab.readout_html.value
    assert lab.readout("dM") == pytest.approx(largest_change(90.0, 30.0), rel=1e-9)


def test_mid_drag_the_readout_is_the_move_so_far():
    lab = MassMatrixLab()
    send = lab.scene.browser_message
    send({"type": "drag", "id": "tip", "phase": "start", "x": lab.readout("tx"), "y": lab.readout("ty")})
    for degrees in (100.0, 110.0, 120.0):
        send({"type": "drag", "id": "tip", "phase": "move", "x": tip_for(lab, degrees)[0], "y": tip_for(lab, degrees)[1]})
    assert "θ₂ moved by +30°" in lab.readout_html.value
    assert lab.readout("dM") == pytest.approx(largest_change(90.0, 120.0), rel=1e-9)


def test_a_new_drag_starts_a_new_move():
    lab = MassMatrixLab()
    lab.drag("tip", *tip_for(lab, 120.0))
    lab.drag("tip", *tip_for(lab, 130.0))
    assert "θ₂ moved by +10°" in lab.readout_html.value
    assert lab.readout("dM") == pytest.approx(largest_change(120.0, 130.0), rel=1e-9)


def test_a_slider_moved_in_steps_reports_the_whole_move_and_a_pause_starts_a_new_one():
    lab = MassMatrixLab()
    clock = [100.0]
    lab._clock = lambda: clock[0]
    for degrees in (95.0, 100.0, 110.0, 120.0):  # a browser slider sends a value per step
        clock[0] += 0.05
        lab.set("theta2", degrees)
    assert "θ₂ moved by +30°" in lab.readout_html.value
    assert lab.readout("dM") == pytest.approx(largest_change(90.0, 120.0), rel=1e-9)
    clock[0] += 5.0  # let go, come back later
    lab.set("theta2", 100.0)
    assert "θ₂ moved by -20°" in lab.readout_html.value
    assert lab.readout("dM") == pytest.approx(largest_change(120.0, 100.0), rel=1e-9)
    lab.set("theta1", 10.0)  # another joint: its own move, and M does not change
    assert "θ₁ moved by -20°" in lab.readout_html.value and lab.readout("dM") < 1e-12


def test_curves_over_theta2_are_recomputed_for_the_payload():
    lab = MassMatrixLab()
    bare = shape(lab, "curve_M11")["props"]["ys"]
    lab.set("payload", 1.5)
    heavy = shape(lab, "curve_M11")["props"]["ys"]
    ref = mass_matrix_curves(TwoLinkArm(payload=1.5))
    np.testing.assert_allclose(heavy, ref["M11"], rtol=1e-12)
    # a point mass at the tip adds m_p |tip|² to M₁₁, |tip|² = l₁² + l₂² + 2 l₁ l₂ cos θ₂ (law of cosines)
    th2 = np.radians(shape(lab, "curve_M11")["props"]["xs"])
    np.testing.assert_allclose(np.subtract(heavy, bare), 1.5 * (1.0 + 0.64 + 1.6 * np.cos(th2)), atol=1e-12)


def test_dragging_the_elbow_sets_theta1_and_the_tip_sets_theta2():
    lab = MassMatrixLab()
    lab.drag("elbow", 0.0, -1.0)
    assert lab.readout("theta1_deg") == pytest.approx(-90.0)
    assert lab.controls["theta1"].value == -90.0
    ex, ey = lab.readout("ex"), lab.readout("ey")
    lab.drag("tip", ex + 0.8, ey)  # link 2 horizontal: θ₂ = 0 − θ₁ = 90°
    assert lab.readout("theta2_deg") == pytest.approx(90.0)


# -- task "round": κ(M) < 5.6 with no payload --------------------------------------------------
def test_round_task_met_with_the_elbow_bent_far():
    lab = MassMatrixLab()
    lab.set("theta2", 145.0)
    assert lab.readout("kappa") < ROUND_KAPPA
    assert lab.task_done("round")


def test_round_task_met_early_in_the_band_names_the_roundest_posture_found_on_a_fine_grid():
    """Ticked at 128° (κ 5.50, inside the band), the task still answers "how far is the elbow bent?": the
    roundest posture, which a 0.01° grid of numpy's eigenvalues puts at the same θ₂ and κ."""
    lab = MassMatrixLab()
    lab.set("theta2", 128.0)
    assert lab.task_done("round")
    arm, theta2 = TwoLinkArm(), np.radians(np.arange(0.0, 180.0, 0.01))
    lam = np.linalg.eigvalsh(arm.mass_matrix(np.stack([np.zeros_like(theta2), theta2], -1)))
    kappa = lam[:, 1] / lam[:, 0]
    best = int(np.argmin(kappa))
    said = lab.tasks["round"].value
    assert f"roundest is κ(M) = {kappa[best]:.2f}, at θ₂ = ±{np.degrees(theta2[best]):.0f}°" in said, said
    assert "at θ₂ = 128°" in said


def test_round_task_near_miss_just_above_the_threshold_stays_unchecked():
    lab = MassMatrixLab()
    kappa = mass_matrix_curves(TwoLinkArm(), 361)["kappa"]
    near = [d for d, k in zip(range(-180, 181), kappa) if ROUND_KAPPA <= k < ROUND_KAPPA + 0.3 and d > 0]
    lab.set("theta2", float(near[0]))
    assert not lab.task_done("round")
    assert "needs to be below 5.6" in lab.tasks.reason("round")


def test_round_task_not_met_with_a_payload_even_when_kappa_is_small():
    lab = MassMatrixLab()
    lab.set("payload", 1.0)
    lab.set("theta2", 145.0)
    assert lab.readout("kappa") < ROUND_KAPPA  # the payload makes it rounder, but the task is for the bare arm
    assert not lab.task_done("round")
    assert "bare arm" in lab.tasks.reason("round")


# -- task "light": q̇ within 5° of the light eigenvector, T within 10 % of E -----------------------
def test_light_task_met_on_the_long_axis_at_energy_E():
    lab = MassMatrixLab()
    drag_velocity_along(lab, 3.0, 1.06)
    assert lab.task_done("light")


@pytest.mark.parametrize("degrees_off, factor, words", [
    (6.0, 1.0, "off the light axis"),          # just outside 5°
    (90.0, 1.0, "off the light axis"),         # along the heavy axis
    (0.0, 1.12, "away from E"),                # 12 % too much energy
    (0.0, 0.88, "away from E"),                # 12 % too little
])
def test_light_task_near_misses_stay_unchecked(degrees_off, factor, words):
    lab = MassMatrixLab()
    drag_velocity_along(lab, degrees_off, factor)
    assert not lab.task_done("light")
    assert words in lab.tasks.reason("light")


# -- robustness ----------------------------------------------------------------------------------
@pytest.mark.parametrize("key", ["theta1", "theta2", "payload", "E"])
def test_nan_on_a_slider_shows_a_message_and_changes_nothing(key):
    lab = MassMatrixLab()
    before = dict(lab.readouts)
    lab.set(key, float("nan"))
    assert "finite" in lab.message.value
    assert lab.readouts == before


def test_velocity_handle_dragged_far_out_is_kept_in_the_plane_and_nothing_is_nan():
    lab = MassMatrixLab()
    lab.drag("qd", 1e9, -1e9)
    assert lab.readout("qd1") == QD_RANGE and lab.readout("qd2") == -QD_RANGE
    assert all(np.isfinite(v) for v in lab.scene.values.values())


def test_velocity_handle_at_zero_shrinks_the_level_set_through_it_to_a_point_and_says_why():
    lab = MassMatrixLab()
    lab.drag("qd", 0.0, 0.0)
    assert lab.readout("T") == 0.0
    assert np.abs(ellipse_points(lab, "ellipse_T")).max() == 0.0
    assert "drag it out" in lab.tasks.reason("light")


def test_drag_with_a_nan_position_shows_a_message():
    lab = MassMatrixLab()
    lab.drag("qd", float("nan"), 1.0)
    assert "finite" in lab.message.value
    assert lab.readout("qd1") == 1.0


@pytest.mark.parametrize("kwargs, words", [
    ({"theta1": 400.0}, "theta1 must be a finite angle"),
    ({"qd": (1.0, float("nan"))}, "qd must be two finite joint speeds"),
    ({"qd": (9.0, 0.0)}, "qd must be two finite joint speeds"),
    ({"E": 0.0}, "energy E must be a finite number > 0"),
    ({"E": 1.5}, "E must be within"),
    ({"arm": TwoLinkArm(payload=3.0)}, "payload must be within"),
])
def test_bad_start_values_raise_a_clear_value_error(kwargs, words):
    with pytest.raises(ValueError, match=words):
        MassMatrixLab(**kwargs)


def test_every_message_key_the_lab_uses_is_in_its_table_and_every_entry_is_used():
    """Keys are read from the module's source: literal ones, and the f-string families of legends and hints;
    the notebook's ``say`` keys use the same table."""
    import re
    from pathlib import Path

    from course_lib.lessons.mass_matrix import lab as mass_matrix_lab
    from course_lib.lessons.mass_matrix.messages import MASS_MATRIX

    source = Path(mass_matrix_lab.__file__).read_text()
    used = message_keys_in(source)
    used |= {f"mm_legend_{k}" for k in ("M11", "M12", "M22", "lam1", "lam2")}
    used |= {f"mm_task_{k}_hint" for k in re.findall(r"def _check_(\w+)", source)}
    used |= {spec.label for spec in mass_matrix_lab.MassMatrixLab.CONTROLS}
    notebook = Path(__file__).resolve().parents[3] / "notebooks" / "05_mass_matrix.ipynb"
    used |= set(re.findall(r'say\(\\"(\w+)\\"', notebook.read_text(encoding="utf-8")))
    table = set(MASS_MATRIX.messages["en"])
    assert used <= table, used - table
    assert table <= used, table - used


# -- what the learner can see -------------------------------------------------------------------
HANDLE_PX, WORLD_PX_PER_M = 12.0, 51.1  # the tip handle's radius; the posture panel's scale (199 px for 3.9 m)


@pytest.mark.parametrize("kg", [0.1, 2.0])
def test_a_payload_is_drawn_larger_than_the_tip_handle_and_labelled_with_its_mass(kg):
    lab = MassMatrixLab()
    assert not shape(lab, "payload")["props"]["visible"]
    lab.set("payload", kg)
    assert shape(lab, "payload")["props"]["visible"] and shape(lab, "payload_label")["props"]["visible"]
    assert lab.scene.values["payload_r"] * WORLD_PX_PER_M > HANDLE_PX + 2  # a ring shows around the handle
    assert f"{significant(kg, 3)} kg" in shape(lab, "payload_label")["props"]["text"]


def test_heavier_payload_is_drawn_bigger():
    lab = MassMatrixLab()
    lab.set("payload", 0.5)
    small = lab.scene.values["payload_r"]
    lab.set("payload", 2.0)
    assert lab.scene.values["payload_r"] > small


def test_kappa_plot_resolves_the_dip_below_the_threshold_for_the_bare_arm():
    """The dip from κ(180°) = 5.56 to the minimum 5.17 must span a visible share of the plot's height."""
    lab = MassMatrixLab()
    lo, hi = next(p for p in lab.scene.panels if p["id"] == "kappa")["ylim"]
    kappa = mass_matrix_curves(TwoLinkArm(), 361)["kappa"]
    assert lo < kappa.min() and ROUND_KAPPA < hi
    assert (kappa[-1] - kappa.min()) / (hi - lo) > 0.1


def test_axis_labels_sit_apart_outside_the_ellipse_and_away_from_the_handle():
    """Label boxes (about 38 × 14 px, 0.95 × 0.35 rad/s half-sizes) must not touch each other, the handle or the ellipse."""
    half = np.array([0.95, 0.35])
    for theta2, qd_on_light in ((145.0, True), (145.0, False), (90.0, False), (-160.0, True)):
        lab = MassMatrixLab()
        lab.set("theta2", theta2)
        if qd_on_light:
            drag_velocity_along(lab, 0.0, 1.0)
        v = lab.scene.values
        light, heavy = np.array([v["label_lx"], v["label_ly"]]), np.array([v["label_hx"], v["label_hy"]])
        assert (np.abs(light - heavy) > 2 * half).any(), theta2
        handle = np.array([v["qd1"], v["qd2"]])
        for spot in (light, heavy):
            assert (np.abs(spot - handle) > half + 0.5).any(), (theta2, qd_on_light)  # 0.5 rad/s: the handle's 10 px
            M, _, _ = light_axis(lab)
            corners = spot + half * np.array([[1, 1], [1, -1], [-1, 1], [-1, -1]])
            assert (0.5 * np.einsum("ni,ij,nj->n", corners, M, corners) > v["E"]).all()  # outside T = E


def test_a_slider_move_from_0_to_180_degrees_reads_plus_180_and_back_minus_180():
    """The move's convention (turn_degrees): shortest signed turns summed, a half turn counted the way the
    angle grew in (−180°, 180°]."""
    lab = MassMatrixLab(theta2=0.0)
    lab.set("theta2", 180.0)
    assert "θ₂ moved by +180°" in lab.readout_html.value
    lab._end_move()
    lab.set("theta2", 0.0)
    assert "θ₂ moved by -180°" in lab.readout_html.value


def shape_visible(lab, sid):
    return next(s for s in lab.scene.shapes if s["id"] == sid)["props"]["visible"]


def test_the_off_scale_note_shows_exactly_when_the_current_kappa_is_above_the_plot():
    lab = MassMatrixLab(theta2=0.0)  # stretched: κ ≈ 46, far above the zoomed plot
    assert lab.readout("kappa") > lab.klim[1] and shape_visible(lab, "kappa_off")
    lab.set("payload", 2.0)
    lab.set("theta2", 90.0)  # the payload makes κ small: the dot is on the plot
    assert lab.klim[0] <= lab.readout("kappa") <= lab.klim[1] and not shape_visible(lab, "kappa_off")
    lab.set("theta2", 0.0)
    assert shape_visible(lab, "kappa_off")


def test_the_reported_change_of_m_follows_a_payload_changed_after_the_move():
    """θ₂ 90° → 143° with 0.6 kg, then the payload back to 0: the readout gives the bare arm's change over that
    move (the bare model's M at both postures), not the loaded arm's any more."""
    lab = MassMatrixLab()
    lab.set("payload", 0.6)
    lab.set("theta2", 143.0)
    loaded = lab.readout("dM")
    lab.set("payload", 0.0)
    assert "θ₂ moved by +53°" in lab.readout_html.value
    assert lab.readout("dM") == pytest.approx(largest_change(90.0, 143.0), rel=1e-9)
    assert lab.readout("dM") < 0.8 * loaded
