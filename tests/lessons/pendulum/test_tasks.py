"""The pendulum lab's three "Try this" tasks (lesson 2): scripted sessions that meet each one, near misses
that stay open and say why, and prompts that show the thresholds the checks use.

Sessions use only the headless API a learner's actions map to (``set``, ``drag``, ``advance``).
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from course_lib.lessons.pendulum.lab import PendulumLab
from course_lib.physics.models import Pendulum
from tests.helpers.pendulum_session import G, drag_to_degrees, send_drag, shown_text


# -- its three tasks -----------------------------------------------------------------
def test_task1_rest_at_45_degrees_with_damping_is_detected():
    """With b = 0.6 and the holding torque m g l sin 45°, the pendulum settles at 45° and the task turns ✓."""
    lab = PendulumLab()
    lab.set("reset", None)
    lab.set("b", 0.6)
    lab.set("tau", round(float(Pendulum().holding_torque(np.pi / 4)), 2))
    lab.advance(30.0)
    assert lab.task_done("rest45")
    assert abs(lab.readout("theta") - np.pi / 4) < 0.03
    assert "θ = 0.78" in lab.tasks.value("rest45")


def test_task1_not_met_with_too_little_damping_or_the_wrong_torque():
    """Resting at 45° with b = 0.4 (< 0.5), or at the wrong angle with b = 0.6, leaves task 1 open."""
    weak = PendulumLab()
    weak.set("b", 0.4)
    weak.set("tau", round(float(Pendulum().holding_torque(np.pi / 4)), 2))
    weak.advance(40.0)
    assert abs(weak.readout("theta") - np.pi / 4) < 0.03 and abs(weak.readout("theta_dot")) < 0.05
    assert not weak.task_done("rest45")
    off = PendulumLab()
    off.set("b", 0.6)
    off.set("tau", round(float(Pendulum().holding_torque(np.pi / 4 + 0.06)), 2))
    off.advance(30.0)
    assert not off.task_done("rest45")


def test_task1_a_turning_point_near_45_degrees_does_not_count():
    """A swing that momentarily stops near 45° (θ̇ = 0 at the top of the swing) is not 'rest'."""
    lab = PendulumLab(theta0=45.5)
    lab.set("b", 0.6)
    lab.advance(0.2)
    assert not lab.task_done("rest45")


def test_task2_energy_decay_after_release_above_120_degrees():
    """Released at 130° with b = 0.3, the energy drops below 10 % of m g l (1 − cos 130°): task 2 ✓."""
    lab = PendulumLab()
    lab.set("b", 0.3)
    drag_to_degrees(lab, 130.0)
    start = lab.readout("energy")
    assert start == pytest.approx(G * (1 - np.cos(np.radians(130.0))), rel=0.01)
    lab.advance(15.0)
    assert lab.task_done("decay")
    assert lab.readout("energy") < 0.1 * start


@pytest.mark.parametrize("release_deg, b", [(110.0, 0.5), (130.0, 0.2)])
def test_task2_not_met_from_too_low_or_with_too_little_damping(release_deg, b):
    """Releasing below 120°, or with b < 0.3, leaves task 2 open even when the energy decays."""
    lab = PendulumLab()
    lab.set("b", b)
    drag_to_degrees(lab, release_deg)
    start = lab.readout("energy")
    lab.advance(25.0)
    assert lab.readout("energy") < 0.1 * start
    assert not lab.task_done("decay")


def test_task2_says_a_torque_keeps_feeding_energy_in_and_ticks_once_it_is_zero():
    """With τ = 6.95 N·m and b = 0.6 released from 170°, the ball goes over the top and keeps spinning: each turn τ
    puts in 2π τ and friction takes ∮ b θ̇ dθ, so it settles near θ̇ = τ / b ≈ 11.6 rad/s and E never falls below
    10 %. The task says why (τ θ̇ feeds energy in) instead of nothing, and ticks once τ = 0."""
    lab = PendulumLab()
    lab.set("tau", 6.95)
    lab.set("b", 0.6)
    drag_to_degrees(lab, 170.0)
    lab.advance(20.0)
    assert abs(lab.theta_dot) == pytest.approx(6.95 / 0.6, rel=0.1)
    assert not lab.task_done("decay")
    assert "set τ to 0" in lab.tasks.reason("decay") and "6.95" in lab.tasks.reason("decay")
    lab.set("tau", 0.0)
    lab.advance(20.0)
    assert lab.task_done("decay")


def test_task2_lowering_damping_during_the_decay_cancels_it():
    """Dropping b below 0.3 after the release voids that attempt."""
    lab = PendulumLab()
    lab.set("b", 0.3)
    drag_to_degrees(lab, 140.0)
    lab.advance(1.0)
    lab.set("b", 0.1)
    lab.advance(1.0)
    lab.set("b", 1.0)
    lab.advance(15.0)
    assert not lab.task_done("decay")


def test_task3_tension_above_25_newtons_in_the_newton_view():
    """Released from 150° without friction, the rod tension at the bottom is m g (3 − 2 cos 150°) ≈ 46 N > 25 N."""
    lab = PendulumLab()
    lab.set("newton", True)
    drag_to_degrees(lab, 150.0)
    lab.advance(1.5)
    assert lab.task_done("tension")
    value = float(re.search(r"T_c = ([\d.]+) N", lab.tasks.value("tension")).group(1))
    assert 25.0 < value <= G * (3 - 2 * np.cos(np.radians(150.0))) + 0.1


def test_task3_not_met_without_the_newton_view_or_from_a_low_release():
    """The same swing with the Newton view off, or a release from 60° (max tension 2 m g ≈ 19.6 N), leaves task 3 open."""
    hidden = PendulumLab()
    drag_to_degrees(hidden, 150.0)
    hidden.advance(1.5)
    assert not hidden.task_done("tension")
    low = PendulumLab()
    low.set("newton", True)
    drag_to_degrees(low, 60.0)
    low.advance(3.0)
    assert not low.task_done("tension")


def test_task_prompts_show_the_thresholds_the_checks_use():
    """The checklist's numbers are formatted from the constants the task checks compare against."""
    from course_lib.lessons.pendulum import lab as pl

    prompts = [t.prompt for t in PendulumLab().tasks.tasks]
    assert f"b ≥ {pl.REST_B:g}" in prompts[0] and f"{np.degrees(pl.REST_ANGLE):g}°" in prompts[0]
    assert f"within {pl.REST_TOL:g} rad" in prompts[0] and f"< {pl.REST_SPEED:g} rad/s" in prompts[0]
    assert f"{np.degrees(pl.DECAY_ANGLE):g}°" in prompts[1] and f"b ≥ {pl.DECAY_B:g}" in prompts[1]
    assert f"{100 * pl.DECAY_FRACTION:g} %" in prompts[1]
    assert f"{pl.TENSION_TARGET:g} N" in prompts[2]


def test_a_release_is_judged_where_the_drag_ended_not_at_the_last_throttled_move():
    """The browser throttles moves: the last move may be mid-drag (111°) while the release is at 150.7°.

    The release angle (energy-decay task) and the task's "not yet" reason must use the end's own x, y.
    """
    lab = PendulumLab()
    lab.set("b", 0.5)
    drag_to_degrees(lab, 111.0)  # an earlier release, too low for the task
    assert "111" in lab.tasks.reason("decay")
    x0, y0 = lab.handles["bob"].position()
    send_drag(lab, "start", x0, y0)
    mid, end = np.radians(111.0), np.radians(150.7)
    send_drag(lab, "move", float(np.sin(mid)), float(-np.cos(mid)))
    send_drag(lab, "end", float(np.sin(end)), float(-np.cos(end)))
    assert np.degrees(lab.readout("theta")) == pytest.approx(150.7, abs=1e-9)
    assert lab.release.at["theta_deg"] == pytest.approx(150.7, abs=1e-9)
    assert "111" not in lab.tasks.reason("decay") and "111" not in shown_text(lab)
    assert lab.controls["theta"].value == 151.0  # the slider shows the release angle
