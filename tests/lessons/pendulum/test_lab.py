"""The pendulum lab (lesson 2): physics shown, robustness (its tasks: test_pendulum_lab_tasks.py; dragging and the
θ slider that follows the motion: test_pendulum_lab_hands.py).

Scripted sessions use only the headless API a learner's actions map to:
``set`` (sliders, toggles, buttons), ``drag`` (the ball, through the scene's
browser messages) and ``advance`` (simulated time, the same simulator Play
runs). What the browser draws is read from the scene: the values it was
last given (``scene.values``) and its shapes' bindings.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from course_lib.lessons.pendulum.lab import PendulumLab
from course_lib.physics.models import Pendulum
from tests.helpers.pendulum_session import G, drag_to_degrees, shape, shown_text


# -- physics on screen ------------------------------------------------------------------
def test_released_at_horizontal_accelerates_at_minus_g_over_l():
    """Seed check-yourself Q1: at θ = 90°, at rest, τ = b = 0, θ̈ = −(g/l) sin 90° = −9.81 rad/s²."""
    lab = PendulumLab()
    lab.set("theta", 90.0)
    assert lab.readout("theta_ddot") == pytest.approx(-G, abs=1e-12)


def test_simulated_motion_obeys_the_equation_shown_live():
    """θ̈ from finite differences of the lab's own θ(t) satisfies m l² θ̈ + m g l sin θ = τ − b θ̇ (shown live).

    The readout's two sides agree by construction (θ̈ is solved from the equation), so
    this test differentiates the simulated motion instead: a five-point central
    difference over frames h = 1/30 s, truncation error h⁴/30 · θ⁽⁶⁾ ≈ 1e-5 rad/s² for
    this swing, hence the 1e-4 tolerance. A wrong sign or factor in the model, or an
    integrator that does not follow it, shows up here as an error of order 1 rad/s².
    """
    lab = PendulumLab()
    lab.set("tau", 3.0)
    lab.set("b", 0.4)
    h = 1 / 30
    for _ in range(20):
        lab.advance(0.25)
        times, thetas, shown = [], [], []
        for i in range(5):
            if i:
                lab.advance(h)
            times.append(lab.t)
            thetas.append(lab.readout("theta"))
            shown.append(dict(lab.readouts))
        assert np.diff(times) == pytest.approx([h] * 4, abs=1e-12)
        th = np.array(thetas)
        acc = (-th[4] + 16 * th[3] - 30 * th[2] + 16 * th[1] - th[0]) / (12 * h * h)
        r = shown[2]  # the readouts at the centre of the stencil
        assert r["theta_ddot"] == pytest.approx(acc, abs=1e-4)
        # the live balance, with θ̈ replaced by the measured one (m = l = 1)
        assert r["lhs"] == pytest.approx(acc + G * np.sin(r["theta"]), abs=1e-4)
        assert r["rhs"] == pytest.approx(acc + G * np.sin(r["theta"]), abs=1e-4)
        # the right-hand side, written from the textbook equation
        assert r["rhs"] == pytest.approx(3.0 - 0.4 * r["theta_dot"], abs=1e-12)


def test_energy_is_constant_without_torque_and_friction():
    """With τ = 0 and b = 0, T + V stays at m g l (1 − cos θ₀) over 10 s of RK4 (to 1e-6 J)."""
    lab = PendulumLab(theta0=150.0)
    e0 = G * (1 - np.cos(np.radians(150.0)))
    assert lab.readout("energy") == pytest.approx(e0, abs=1e-12)
    for _ in range(10):
        lab.advance(1.0)
        assert lab.readout("energy") == pytest.approx(e0, abs=1e-6)


def test_swing_frequency_matches_small_angle_theory_with_its_amplitude_correction():
    """From 5°, the swing follows θ₀ cos ωt with ω = √(g/l) / (1 + θ₀²/16): the period is 0.05 % longer than 2π√(l/g).

    Checked after 60 frames (2.000 s, the frame nearest one period, 2.006 s). The
    waveform's third harmonic is at most θ₀³/192 ≈ 3.5e-6 rad, so θ must match within
    1e-5 rad (1.2e-4 of θ₀) and θ̇ within 1e-4 rad/s. Leaving out the 0.05 % amplitude
    correction moves θ̇ by 8e-4 rad/s, which this tolerance resolves (asserted below).
    """
    lab = PendulumLab(theta0=5.0)
    th0, w0 = np.radians(5.0), np.sqrt(G / 1.0)
    w = w0 / (1 + th0**2 / 16)
    lab.advance(round(2 * np.pi / w0 * 30) / 30)
    t = lab.t
    assert t == pytest.approx(2.0, abs=1e-12)
    assert lab.readout("theta") == pytest.approx(th0 * np.cos(w * t), abs=1e-5)
    assert lab.readout("theta_dot") == pytest.approx(-th0 * w * np.sin(w * t), abs=1e-4)
    assert abs(lab.readout("theta_dot") + th0 * w0 * np.sin(w0 * t)) > 5e-4  # the correction is resolved


def test_energy_bars_and_phase_marker_follow_the_state():
    """The bars are bound to T, V, T+V and the phase marker and trace to (θ, θ̇); the scene holds those values."""
    lab = PendulumLab()
    lab.advance(0.4)
    r, shown = lab.readouts, lab.scene.values
    channels = lab.scene.channels
    for bar, key in (("T", "T"), ("V", "V"), ("E", "E")):
        assert shape(lab, bar)["props"]["height"]["ch"] == channels.index(key)
    assert (shown["T"], shown["V"], shown["E"]) == (r["T"], r["V"], r["energy"])
    assert shown["E"] == pytest.approx(shown["T"] + shown["V"], abs=1e-12)
    for sid in ("state", "trace"):
        props = shape(lab, sid)["props"]
        assert (channels[props["x"]["ch"]], channels[props["y"]["ch"]]) == ("theta_w", "theta_dot")
    assert (shown["theta_w"], shown["theta_dot"]) == pytest.approx((r["theta"], r["theta_dot"]), abs=1e-12)


NEWTON_SHAPES = ("gravity", "tension", "tangential", "radial", "tangential_eq", "legend_gravity", "legend_tension",
                  "legend_tangential")


def test_newton_view_draws_tension_along_the_rod_with_its_value():
    """The rod-force arrow starts at the ball, points at the pivot, is T_c long (× scale); the legend shows T_c."""
    lab = PendulumLab()
    lab.set("newton", True)
    lab.advance(0.3)
    r, shown = lab.readouts, lab.scene.values
    expected_tension = 1.0 * 1.0 * r["theta_dot"] ** 2 + 1.0 * G * np.cos(r["theta"])
    assert r["tension"] == pytest.approx(expected_tension, abs=1e-12)
    arrow = shape(lab, "tension")["props"]
    channels = lab.scene.channels
    assert (channels[arrow["x"]["ch"]], channels[arrow["y"]["ch"]]) == ("bx", "by")
    vector = np.array([shown["tx"], shown["ty"]])
    assert vector / np.linalg.norm(vector) == pytest.approx(-np.array([shown["bx"], shown["by"]]), abs=1e-9)
    assert np.linalg.norm(vector) == pytest.approx(expected_tension, abs=1e-9)
    assert "{tension:.3g}" in shape(lab, "legend_tension")["props"]["text"]  # 3 significant digits, by scene.js
    assert all(shape(lab, k)["props"]["visible"] for k in NEWTON_SHAPES)
    lab.set("newton", False)
    assert not any(shape(lab, k)["props"]["visible"] for k in NEWTON_SHAPES)


def test_newton_arrows_grow_between_19_5_and_25_newtons_and_never_reach_past_the_pivot():
    """Arrow length is proportional to the force up to 36 N (19.5 N and 25 N look different); longer ones stop short of the pivot."""
    lab = PendulumLab()
    lab.set("newton", True)
    scale = shape(lab, "tension")["props"]["scale"]
    lengths = {}
    for speed in (np.sqrt(19.5 - G), np.sqrt(25.0 - G), 12.0):  # at the bottom T_c = m l θ̇² + m g
        lab.set("theta", 0.0)
        lab.put(qd=[float(speed)])
        lab.refresh()
        lengths[round(lab.readout("tension"), 1)] = scale * np.hypot(lab.scene.values["tx"], lab.scene.values["ty"])
    short, medium, long = lengths.values()
    assert list(lengths)[:2] == [19.5, 25.0]
    assert medium / short == pytest.approx(25.0 / 19.5, rel=1e-9)
    assert long < 1.0  # the rod is 1 m: a 153 N arrow is capped before the pivot


def test_newton_equations_shown_live_hold_with_the_numbers_they_show():
    """Radial T_c − m g cos θ = m l θ̇² and tangential m l θ̈ = −m g sin θ + (τ − b θ̇)/l, with the lab's own numbers."""
    lab = PendulumLab()
    lab.set("tau", 2.5)
    lab.set("b", 0.3)
    lab.set("newton", True)
    for _ in range(5):
        lab.advance(0.37)
        v = lab.scene.values
        th, om = lab.readout("theta"), lab.readout("theta_dot")
        assert v["tension"] - v["mg_cos"] == pytest.approx(1.0 * om**2, abs=1e-9)  # m l θ̇², written out here
        assert v["mg_cos"] == pytest.approx(G * np.cos(th), abs=1e-12)
        assert v["ml_acc"] == pytest.approx(-G * np.sin(th) + (2.5 - 0.3 * om), abs=1e-9)
        assert v["ft"] == pytest.approx(2.5 - 0.3 * om, abs=1e-12)
    for key in ("radial", "tangential_eq"):
        template = shape(lab, key)["props"]["text"]
        assert all("{" + name in template for name in (("tension", "mg_cos", "centripetal") if key == "radial"
                                                       else ("ml_acc", "mg_sin", "ft")))


def test_a_negative_tension_is_explained_as_compression():
    """Spinning slowly over the top, T_c = m l θ̇² + m g cos θ < 0: the readout says the rod is in compression."""
    lab = PendulumLab(theta0=180.0)
    lab.set("newton", True)
    lab.put(qd=[1.0])
    lab.refresh()
    assert lab.readout("tension") == pytest.approx(1.0 - G, abs=1e-9)
    assert "compression" in lab.readout_html.value
    lab.set("theta", 0.0)
    assert "compression" not in lab.readout_html.value


def test_theta_readout_is_wrapped_to_plus_minus_180_degrees():
    """After spinning several turns θ keeps counting, but the readout and the phase portrait show (−180°, 180°]."""
    lab = PendulumLab()
    lab.set("tau", 10.0)
    lab.advance(6.0)
    assert abs(lab.readout("theta")) > 4 * np.pi
    deg = lab.readout("theta_deg")
    assert -180.0 < deg <= 180.0
    assert deg == pytest.approx((np.degrees(lab.readout("theta")) + 180.0) % 360.0 - 180.0, abs=1e-9)
    assert lab.scene.values["theta_w"] == pytest.approx(np.radians(deg), abs=1e-12)
    assert f"({deg:.1f}°)" in lab.readout_html.value


# -- robustness ------------------------------------------------------------------------------
def test_blow_up_shows_a_message_and_resets_to_a_finite_state():
    """An absurd speed overflows RK4; the lab says so, resets to θ₀ and shows no NaN."""
    lab = PendulumLab(theta0=60.0)
    lab.put(qd=[1e300])  # an absurd speed, placed as a script could
    lab.advance(1.0)
    assert "blew up" in lab.message.value
    assert lab.readout("theta") == pytest.approx(np.radians(60.0))
    assert all(np.isfinite(v) for v in lab.readouts.values())
    assert not re.search(r"\b(nan|inf)\b", shown_text(lab), flags=re.IGNORECASE)
    lab.advance(0.5)
    assert lab.t == pytest.approx(0.5)


@pytest.mark.parametrize("key, bad", [("tau", float("nan")), ("b", float("inf")), ("tau", "strong"),
                                      ("newton", "maybe"), ("speed", 7.0)])
def test_bad_control_values_show_a_message_instead_of_raising(key, bad):
    """Unusable values leave the state as it was and explain the problem in the lab."""
    lab = PendulumLab()
    before = dict(lab.readouts)
    lab.set(key, bad)
    assert lab.message.value
    assert lab.readouts == before


def test_callback_error_inside_the_physics_is_shown_not_raised(monkeypatch):
    """If the model itself fails mid-run, the error is shown and the lab stays usable."""
    lab = PendulumLab()

    def broken(*args, **kwargs):
        raise ValueError("broken model")

    monkeypatch.setattr(Pendulum, "forward_dynamics", broken)  # models are immutable: patch the class
    lab.set("tau", 1.0)
    assert "broken model" in lab.message.value
    monkeypatch.undo()
    lab.set("tau", 2.0)
    lab.advance(0.5)
    assert lab.t == pytest.approx(0.5)


def test_reset_returns_to_the_start_angle_at_rest():
    """Reset puts θ back to θ₀ with θ̇ = 0, t = 0 and an empty trace; the θ slider follows."""
    lab = PendulumLab(theta0=30.0)
    lab.advance(1.0)
    drag_to_degrees(lab, 120.0)
    lab.advance(1.0)
    lab.scene.outbox.clear()
    lab.set("reset", None)
    assert (lab.readout("theta"), lab.readout("theta_dot"), lab.t) == (pytest.approx(np.radians(30.0)), 0.0, 0.0)
    assert lab.controls["theta"].value == 30.0
    assert "clear" in [kind for kind, _ in lab.scene.outbox]  # a new generation: the browser's traces and queue go


def test_advance_rejects_negative_or_nan_durations():
    """advance(seconds) is API, not a callback: a bad duration is a ValueError."""
    lab = PendulumLab()
    for bad in (-1.0, float("nan"), "1s"):
        with pytest.raises(ValueError, match="seconds"):
            lab.advance(bad)


def panel(lab: PendulumLab, panel_id: str) -> dict:
    return next(p for p in lab.scene.panels if p["id"] == panel_id)


def test_energy_axis_grows_when_a_spin_exceeds_it_and_bars_stay_in_view():
    """A strong torque spins the pendulum past the bar scale; the axis the browser draws grows to keep T+V in view."""
    lab = PendulumLab()
    top = panel(lab, "energy")["ylim"][1]
    lab.set("tau", 10.0)
    lab.advance(4.0)
    assert lab.readout("energy") > top
    assert panel(lab, "energy")["ylim"][1] >= lab.readout("energy")


def test_reset_rescales_every_axis_after_a_long_spin():
    """τ = 10 N·m for 30 s grows the energy and phase axes; Reset brings both back to their start ranges."""
    lab = PendulumLab()
    start = {k: panel(lab, k)["ylim"] for k in ("energy", "phase")}
    lab.set("tau", 10.0)
    lab.advance(30.0)
    grown = {k: panel(lab, k)["ylim"] for k in ("energy", "phase")}
    assert grown["energy"][1] > 100 * start["energy"][1] and grown["phase"][1] > start["phase"][1]
    lab.set("reset", None)
    assert {k: panel(lab, k)["ylim"] for k in ("energy", "phase")} == start
    assert lab.axis_range("energy", "ylim") == tuple(start["energy"])


def test_pendulum_callbacks_reuse_the_scene_and_its_shapes():
    """Sliders, toggles, drags, steps and an axis rescale change numbers, never the scene or its set of shapes."""
    import ipywidgets.widgets.widget as widget_module

    lab = PendulumLab()
    scene, ids = lab.scene, [s["id"] for s in lab.scene.shapes]
    widgets_before = len(widget_module._instances)
    for k in range(10):
        lab.set("tau", 10.0 * (k % 2))
        lab.set("newton", k % 3 == 0)
        lab.set("theta", 20.0 * k - 90.0)
        lab.advance(0.5)
    drag_to_degrees(lab, 170.0)
    lab.set("step", None)
    lab.set("tau", 10.0)
    lab.advance(4.0)
    assert lab.scene is scene and [s["id"] for s in lab.scene.shapes] == ids
    assert len(widget_module._instances) == widgets_before


@pytest.mark.parametrize("bad", [1000.0, -180.5, float("nan"), float("inf"), "sixty"])
def test_start_angle_outside_the_slider_range_is_rejected_by_name(bad):
    """PendulumLab(theta0=...) accepts only finite angles within the θ slider's −180…180°, and says so."""
    with pytest.raises(ValueError, match=r"theta0 must be a finite angle in degrees from -180 to 180"):
        PendulumLab(theta0=bad)


def test_start_angle_at_the_slider_ends_is_accepted():
    """The slider's end points ±180° are valid start angles; the ball is then straight up."""
    for degrees in (-180.0, 180.0):
        lab = PendulumLab(theta0=degrees)
        assert lab.readout("theta") == pytest.approx(np.radians(degrees))
        assert lab.controls["theta"].value == degrees


@pytest.mark.parametrize("kw, name", [({"m": 0.0}, "m"), ({"l": float("nan")}, "l")])
def test_bad_mass_or_length_is_rejected_by_name(kw, name):
    """Mass and rod length must be positive finite numbers; the error names the argument."""
    with pytest.raises(ValueError, match=rf"^{name} must be"):
        PendulumLab(**kw)


def test_a_valid_angle_clears_an_earlier_error_message():
    """After a rejected θ the message shows; moving the θ slider to a valid angle clears it."""
    lab = PendulumLab()
    lab.set("theta", float("nan"))
    assert lab.message.value
    lab.set("theta", 30.0)
    assert lab.message.value == ""
    assert lab.readout("theta") == pytest.approx(np.radians(30.0))
