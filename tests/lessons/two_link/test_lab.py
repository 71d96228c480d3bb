"""The 2R arm simulator (lesson 3): the live equation, the energy ledger, robustness (tasks: test_arm_sim_lab_tasks.py).

Scripted sessions use only the headless API a learner's actions map to: ``set`` (sliders, switches,
the integrator, buttons), ``drag`` (the elbow and the tip, through the scene's browser messages) and
``advance`` (simulated time, the simulator Play runs).
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from course_lib.lab.messages import KIT
from course_lib.lessons.two_link import lab as module
from course_lib.lessons.two_link.lab import ArmSimLab
from course_lib.lessons.two_link.messages import ARM_SIM
from course_lib.lessons.two_link.quiz import two_link_quiz
from course_lib.physics.models import TwoLinkArm
from course_lib.physics.models.pitfalls import TwoLinkArmWithoutCoriolis
from course_lib.physics.simulate.integrators import simulate
from tests.helpers.arm_sim_session import run
from tests.helpers.lab_source import message_keys

ROOT = Path(__file__).resolve().parents[3]


def five_point_samples(lab: ArmSimLab, spacing: float) -> tuple[np.ndarray, float, dict]:
    """q at five frames ``spacing`` apart (whole steps), the exact spacing, and the readouts at the middle one."""
    lab.FRAME = spacing  # frames of the lab's own simulator, finer than its 1/30 s
    qs, ts, rows = [], [], []
    for i in range(5):
        if i:
            lab.advance(spacing)
        qs.append(lab.now.q.copy())
        ts.append(lab.t)
        rows.append(dict(lab.readouts))
    h = np.diff(ts)
    assert h == pytest.approx([h[0]] * 4, abs=1e-12)
    return np.array(qs), float(h[0]), rows[2]


# -- the live equation against the motion ----------------------------------------------------------
def test_live_equation_holds_for_accelerations_taken_from_finite_differences_of_the_simulated_motion():
    """q̈ from a five-point difference of the lab's q(t) satisfies the equation the lab shows, term by term.

    The shown sides agree by construction (q̈ is solved from them), so the motion itself is
    differentiated: frames 5 ms apart, truncation error h⁴/30 · q⁽⁶⁾ below 2e-3 rad/s² on this
    run, against accelerations of tens of rad/s². A wrong sign or a lost term in the model, or an
    integrator that does not follow it, shows as an error of order 1.
    """
    lab = ArmSimLab()
    lab.set("tau1", 5.0)
    lab.set("tau2", -2.0)
    lab.set("b", 0.3)
    for _ in range(12):
        lab.FRAME = 1 / 30
        lab.advance(0.3)
        q, h, r = five_point_samples(lab, 0.005)
        acc = (-q[4] + 16 * q[3] - 30 * q[2] + 16 * q[1] - q[0]) / (12 * h * h)
        assert [r["qdd1"], r["qdd2"]] == pytest.approx(acc, abs=5e-3)
        Mqdd = lab.model.mass_matrix(q[2]) @ acc
        assert [r["Mqdd1"], r["Mqdd2"]] == pytest.approx(Mqdd, abs=5e-3)
        lhs = Mqdd + np.array([r["Cqd1"], r["Cqd2"]]) + np.array([r["g1"], r["g2"]])
        rhs = np.array([r["tau1"] - r["bqd1"], r["tau2"] - r["bqd2"]])
        assert lhs == pytest.approx(rhs, abs=5e-3)
        assert [r["bqd1"], r["bqd2"]] == pytest.approx(0.3 * np.array([r["qd1"], r["qd2"]]), abs=1e-12)


def test_every_term_of_the_equation_is_a_live_field_of_the_formula_coloured_as_the_seed_says():
    """The formula shows M q̈, C q̇, g, τ, Jᵀh_e and b q̇ for both joints as live fields; inertia and velocity
    cyan, gravity amber, inputs purple, the push red; hovering each term lights up shapes the scene has."""
    lab = ArmSimLab()
    f = lab.scene.formula
    texts = "".join(p["text"] for p in f["parts"])
    for k in (1, 2):
        for name in ("Mqdd", "Cqd", "g", "tau", "JTh", "bqd"):
            assert f"{{{name}{k}:.3g}}" in texts
    colour = {p["term"]: p["color"] for p in f["parts"] if p["term"]}
    assert colour == {"inertia": module.COLORS["inertia"], "velocity": module.COLORS["inertia"],
                      "gravity": module.COLORS["gravity"], "tau": module.COLORS["input"],
                      "friction": module.COLORS["input"], "push": module.COLORS["push"]}
    assert f["terms"]["push"] == ["push"]
    shape_ids = {s["id"] for s in lab.scene.shapes}
    assert f["terms"]["gravity"] == ["weight1", "weight2"] and f["terms"]["velocity"] == ["v1", "v2"]
    assert all(set(ids) <= shape_ids and ids for ids in f["terms"].values())


# -- the energy ledger ---------------------------------------------------------------------------------
@pytest.mark.parametrize("method, dt, tau, b", [("explicit_euler", 0.01, (0.0, 0.0), 0.0),
                                                ("rk4", 0.002, (4.0, -1.5), 0.4)])
def test_ledger_gap_is_sims_energy_error_for_the_same_motion(method, dt, tau, b):
    """After Run 10 s from the default posture the lab's gap (E − E₀) − W equals ``simulate``'s energy_error."""
    lab = ArmSimLab()
    lab.set("method", method)
    lab.set("dt", dt)
    lab.set("tau1", tau[0])
    lab.set("tau2", tau[1])
    lab.set("b", b)
    lab.set("run10", None)
    tr = simulate(TwoLinkArm(b=b), module.Q0, [0, 0], duration=lab.t, dt=dt, torque=tau, method=method)
    assert tr.t[-1] == pytest.approx(lab.t, abs=1e-9)
    assert lab.readout("gap") == pytest.approx(tr.energy_error[-1], rel=1e-9, abs=1e-12)
    assert lab.readout("W") == pytest.approx(tr.work[-1], rel=1e-9, abs=1e-12)
    ledger = {s["id"]: s["props"] for s in lab.scene.shapes if s["id"] in ("ledger_E", "ledger_W")}
    assert ledger["ledger_E"]["xs"][-1] == pytest.approx(lab.t)
    assert ledger["ledger_E"]["ys"][-1] == pytest.approx(lab.readout("dE"))
    assert ledger["ledger_W"]["ys"][-1] == pytest.approx(lab.readout("W"))


def test_dropping_c_qdot_breaks_the_ledger_that_the_true_arm_keeps():
    """τ = 0, b = 0, RK4 at 1 ms for 3 s: the true arm's gap stays below 1e-6 J, the arm without C q̇ gains or
    loses more than 0.1 J (its kinetic energy changes with θ₂ while nothing does work)."""
    gaps = {}
    for drop in (False, True):
        lab = ArmSimLab()
        lab.set("drop_c", drop)
        lab.advance(3.0)
        gaps[drop] = abs(lab.readout("gap"))
        assert isinstance(lab.model, TwoLinkArmWithoutCoriolis) is drop
    assert gaps[False] < 1e-6
    assert gaps[True] > 0.1
    assert "C q̇ is dropped" in lab.readout_html.value


# -- robustness -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("q0", [(float("nan"), 0.0), (0.1,), "up", (0.0, float("inf"))])
def test_bad_start_posture_is_refused_with_what_is_allowed(q0):
    with pytest.raises(ValueError, match="q0 must be two finite angles in radians"):
        ArmSimLab(q0=q0)


@pytest.mark.parametrize("key, bad", [("tau1", float("nan")), ("b", float("inf")), ("tau2", "x"), ("dt", 0.003), ("method", "euler")])
def test_bad_control_values_show_a_message_and_change_nothing(key, bad):
    lab = ArmSimLab()
    before = (lab.now.q.copy(), lab.now.tau.copy(), lab.live.dt, lab.live.method, lab.model.b.copy())
    lab.set(key, bad)
    assert lab.message.value
    assert (lab.now.q.tolist(), lab.now.tau.tolist(), lab.live.dt, lab.live.method, lab.model.b.tolist()) == \
        (before[0].tolist(), before[1].tolist(), before[2], before[3], before[4].tolist())


def test_a_blow_up_shows_a_message_never_nan():
    """Explicit Euler at h = 20 ms from an absurd speed overflows: the lab says so, resets, and shows numbers."""
    lab = ArmSimLab()
    lab.set("method", "explicit_euler")
    lab.set("dt", 0.02)
    lab.put(qd=[1e80, -1e80])
    lab.set("run10", None)
    assert "blew up" in lab.message.value
    assert lab._run is None
    assert all(np.isfinite(v) for v in lab.readouts.values())
    assert np.all(np.isfinite(list(lab.scene.values.values())))
    text = lab.readout_html.value + lab.tasks.html + lab.message.value
    assert not re.search(r"\b(nan|inf)\b", text, flags=re.IGNORECASE)
    lab.set("method", "rk4")
    lab.set("dt", 0.001)
    lab.advance(0.5)  # still usable
    assert lab.t == pytest.approx(0.495, abs=0.04)


def test_every_message_key_the_lab_uses_is_in_its_table():
    used = message_keys("course_lib/lessons/two_link/lab.py", "course_lib/lessons/two_link/tasks.py")
    assert len(used) > 25
    assert not {k for k in used if k not in ARM_SIM and k not in KIT}
    for k in (1, 2):
        assert f"arm_formula_row{k}" in ARM_SIM


# -- the quiz --------------------------------------------------------------------------------------------
def test_quiz_holding_torques_come_from_the_model_and_need_the_right_unit():
    quiz = two_link_quiz()
    tau = TwoLinkArm().gravity([0.0, 0.0])
    assert quiz[0].expected == tau[0] and quiz[1].expected == tau[1]
    assert quiz[0].check(f"{tau[0]:.2f} N·m").correct
    assert not quiz[0].check(f"{tau[0]:.2f} kg").correct
    assert not quiz[0].check(f"{tau[0] + 1:.2f} N*m").correct
    assert not quiz[1].check("30.41 Nm").correct  # τ₁'s value is not τ₂'s
    assert quiz[2].check("A").correct and not quiz[2].check("B").correct
    arm = TwoLinkArm()
    ratio = arm.mass_matrix([0, 0])[0, 0] / arm.mass_matrix([0, np.pi])[0, 0]
    assert quiz[3].expected == pytest.approx(ratio) and 2 < ratio < 3


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("key, value", [("gravity", False), ("drop_c", False), ("hold", True)])
def test_a_switch_moved_during_play_takes_effect_at_the_frame_shown_and_keeps_the_ledger(key, value):
    """Play (fake clock and scripted browser messages), move a switch at 0.3 s, play on, pause: the change starts
    at the playhead's frame, and the RK4 ledger's gap stays at rounding level (E₀ follows the jump in V)."""
    clock = FakeClock()
    lab = ArmSimLab(clock=clock)
    lab.set("play", None)
    for _ in range(3):
        clock.now += 0.1
        lab.scene.browser_message({"type": "need", "t": lab.playhead(), "t_last": lab._queue[-1][0].t})
    lab.set(key, value)
    changed_at = lab.t
    assert changed_at == pytest.approx(0.3, abs=0.02)
    for _ in range(5):
        clock.now += 0.1
        lab.scene.browser_message({"type": "need", "t": lab.playhead(), "t_last": lab._queue[-1][0].t})
    lab.set("play", None)  # pause
    assert lab.t == pytest.approx(0.8, abs=0.02)
    assert abs(lab.readout("gap")) < 1e-6
    if key == "gravity":
        assert lab.model.g == 0.0
    if key == "hold":
        assert lab.now.tau == pytest.approx(TwoLinkArm().gravity(lab._hold[0]), abs=1e-12)
        assert "switched on while the arm moved" in lab.tasks.reason("hold")


# -- Run 10 s: exactly 10 s, every step, one ledger ------------------------------
@pytest.mark.parametrize("method, dt", [("explicit_euler", 0.01), ("rk4", 0.02), ("rk4", 0.0025)])
def test_run_10_s_simulates_exactly_10_s_and_its_largest_gap_is_simulates_over_every_step(method, dt):
    """h = 10 ms and 20 ms do not divide the 1/30 s frame: the run still ends at t = 10 s (not 10.02 s), and
    its largest |gap| is ``simulate``'s largest |energy_error| over every step, not only at frame ends."""
    lab = ArmSimLab()
    run(lab, method, dt)
    assert lab.t == pytest.approx(module.RUN, abs=1e-9)
    tr = simulate(TwoLinkArm(), module.Q0, [0, 0], duration=module.RUN, dt=dt, method=method)
    assert lab._run["error"] == pytest.approx(np.abs(tr.energy_error).max(), rel=1e-9, abs=1e-15)
    assert lab._run["duration"] == pytest.approx(module.RUN, abs=1e-9)
    assert module.energy_text(lab._run["error"]) in lab.readout_html.value


def test_a_second_run_starts_a_new_ledger_so_the_readout_gap_and_the_runs_largest_gap_are_one_ledgers():
    """Run 10 s twice (explicit Euler, 10 ms): the second run's ledger starts at the first run's end, so the
    readout's gap is ``simulate``'s from there, and it is at most the run's largest |gap|."""
    lab = ArmSimLab()
    run(lab, "explicit_euler", 0.01)
    q1, qd1 = lab.now.q.copy(), lab.now.qd.copy()
    lab.set("run10", None)
    tr = simulate(TwoLinkArm(), q1, qd1, duration=module.RUN, dt=0.01, method="explicit_euler")
    assert lab.readout("dE") == pytest.approx(tr.energy[-1] - tr.energy[0], rel=1e-9, abs=1e-12)
    assert lab.readout("gap") == pytest.approx(tr.energy_error[-1], rel=1e-9, abs=1e-12)
    assert lab._run["error"] == pytest.approx(np.abs(tr.energy_error).max(), rel=1e-9)
    assert abs(lab.readout("gap")) <= lab._run["error"]
    assert "starts a new ledger" in lab.readout_html.value
    assert "Reset" in lab.tasks.tasks[1].prompt  # task 2 ("halve h") says what to do between runs


def test_reset_goes_back_to_the_start_posture_and_says_the_controls_keep_their_values():
    lab = ArmSimLab()
    lab.set("dt", 0.005)
    lab.set("b", 0.5)
    lab.set("hold", True)
    lab.advance(0.5)
    lab.drag("tip", 0.3, 1.2)
    lab.set("reset", None)
    assert lab.t == 0 and np.allclose(lab.now.q, module.Q0) and not np.any(lab.now.qd)
    assert (lab.controls["dt"].value, lab.controls["b"].value, lab.controls["hold"].value) == (0.005, 0.5, True)
    assert np.allclose(lab.now.tau, lab.model.gravity(module.Q0))  # Hold holds the start posture
    tip = lab.controls["reset"].tooltip
    assert "start posture" in tip and "controls keep their values" in tip and "Hold" in tip


@pytest.mark.parametrize("joules, shown", [(-3824.588323, "−3.82 × 10³ J"), (37.81, "37.8 J"), (0.0123, "12.3 mJ"),
                                          (4.5e-6, "4.50 µJ"), (2e-9, "2.00 × 10⁻⁹ J"), (0.0, "0 J"),
                                          (999.96, "1.00 × 10³ J"), (0.99996, "1.00 J")])
def test_an_energy_is_shown_with_three_significant_digits_at_any_size(joules, shown):
    assert module.energy_text(joules) == shown


def test_the_gap_under_the_plot_is_a_three_significant_digit_field_never_millijoules_with_three_decimals():
    """−3824588.323 mJ was unreadable: the scene's gap is {gap:.3g} J (the browser shows −3.82×10⁶ J)."""
    lab = ArmSimLab()
    texts = {s["id"]: s["props"]["text"] for s in lab.scene.shapes if s["kind"] == "text"}
    assert "{gap:.3g} J" in texts["ledger"]
    assert not any("mJ" in t for t in texts.values())
    fields = {name.strip() for t in texts.values() for name in re.findall(r"\{([^{}:]+)(?::[^{}]*)?\}", t)}
    assert fields <= set(lab.scene.channels), f"fields the browser cannot fill: {fields - set(lab.scene.channels)}"


def test_hold_shows_g_q_on_the_torque_sliders_to_the_hundredth():
    """Hold at the stretched posture: the sliders show g(q) to 0.01 N·m (29.66, not 29.70)."""
    lab = ArmSimLab(q0=(0.0, 0.0))
    lab.set("hold", True)
    g = lab.model.gravity([0.0, 0.0])
    assert lab.controls["tau1"].value == pytest.approx(g[0], abs=0.005)
    assert lab.controls["tau2"].value == pytest.approx(g[1], abs=0.005)


@pytest.mark.parametrize("ms", module.STEPS_MS)
def test_play_sends_frames_with_the_time_between_them_for_every_step_h(ms):
    """h that does not divide 1/60 s (2.5, 10, 20 ms): each chunk's dt is the simulated time between its frames,
    so the browser plays them at the chosen speed (a chunk's dt off by a factor would play slow or fast)."""
    lab = ArmSimLab()
    lab.set("dt", ms / 1000)
    sent = []
    lab.scene.send_chunk = lambda t0, dt, frames, **kw: sent.append((t0, dt, len(frames)))
    lab.play()
    lab._on_need(lab._queue[-1][0].t, lab._queue[-1][0].t)
    times = np.array([s.t for s, _ in lab._queue])
    assert np.allclose(np.diff(times), sent[0][1], rtol=1e-9)
    assert sent[1][0] == pytest.approx(sent[0][0] + sent[0][2] * sent[0][1])  # the next chunk follows on
    assert sent[0][1] >= ms / 1000 - 1e-12 and sent[0][1] < 1 / 60 + ms / 1000
