"""Lesson 3's Hold gives the torques back when it is switched off: the learner's τ from before Hold, in the
sliders and in the model, so that a Run 10 s that follows (the integrator pitfall) starts from them."""

from __future__ import annotations

import numpy as np
import pytest

import course_lib
from course_lib.lessons.two_link.lab import ArmSimLab
from tests.helpers.playback import Clock, need

#: the learner's own torques before Hold (N·m), on the sliders' 0.01 grid
MINE = (3.0, -1.25)


def torques(lab) -> tuple[tuple[float, float], tuple[float, float]]:
    """(the sliders' τ, the model's τ)."""
    return ((lab.controls["tau1"].value, lab.controls["tau2"].value), tuple(float(v) for v in lab.now.tau))


def set_mine(lab) -> None:
    lab.set("tau1", MINE[0])
    lab.set("tau2", MINE[1])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_switching_hold_off_restores_the_torques_from_before_hold_and_run10_starts_from_them(lang):
    course_lib.set_language(lang)
    try:
        lab = ArmSimLab()
        set_mine(lab)
        lab.set("hold", True)
        held = torques(lab)
        gravity = tuple(float(v) for v in lab.model.gravity(lab.now.q))
        assert held[1] == pytest.approx(gravity, abs=1e-12) and held[0] != MINE, held   # Hold shows g(q)
        lab.set("hold", False)
        assert torques(lab) == (MINE, MINE)
        lab.set("method", "explicit_euler")
        lab.set("run10", None)
        assert tuple(lab._run["tau"]) == MINE, lab._run["tau"]
        assert lab.message.value == ""
    finally:
        course_lib.set_language("en")


def test_hold_off_restores_the_torques_after_a_reset_and_during_play():
    clock = Clock()
    lab = ArmSimLab(clock=clock)
    set_mine(lab)
    lab.set("hold", True)
    lab.set("reset", None)            # Hold stays on and holds the start posture: still the same torques to restore
    lab.set("play", None)
    clock.now += 0.3
    need(lab)
    lab.set("hold", False)            # during Play, from the frame shown
    assert torques(lab) == (MINE, MINE)
    assert all(np.array_equal(s.tau, MINE) for s, _ in lab._queue if s.t > lab.now.t), "frames sent after it"
    lab.set("play", None)
    assert torques(lab) == (MINE, MINE) and lab.message.value == ""


def test_a_torque_set_by_hand_ends_hold_and_keeps_the_hand_set_value():
    lab = ArmSimLab()
    set_mine(lab)
    lab.set("hold", True)
    hold_tau2 = lab.controls["tau2"].value
    lab.set("tau1", 5.0)              # the learner takes over: Hold is off, their τ₁ and Hold's τ₂ stay
    assert lab.controls["hold"].value is False
    sliders, model = torques(lab)
    assert sliders == (5.0, hold_tau2) and model[0] == 5.0
    assert model[1] == pytest.approx(hold_tau2, abs=0.005)   # Hold's g(q)₂, which its slider shows to its 0.01 step
