"""The six arm labs posed one way (course_lib.lab.arm2r): drags through the scene's messages, sliders that
follow without lying (echoes told by identity, angles wrapped once), after any sequence of a learner's actions."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.lessons.coriolis.lab import ChristoffelLab
from course_lib.lessons.mass_matrix.lab import MassMatrixLab
from course_lib.lessons.motors.lab import MotorLab
from course_lib.lessons.operational_space.lab import OperationalSpaceLab
from course_lib.lessons.start_here.lab import ArmPreviewLab
from course_lib.lessons.two_link.lab import ArmSimLab
from tests.helpers.playback import Clock, need

ARM_LABS = [ArmPreviewLab, ArmSimLab, MassMatrixLab, ChristoffelLab, OperationalSpaceLab, MotorLab]
#: the labs with θ₁, θ₂ sliders (degrees) that follow the posture
ANGLE_LABS = [ArmPreviewLab, MassMatrixLab, ChristoffelLab, OperationalSpaceLab]


def browser_drag(lab, handle: str, to: tuple[float, float], steps: int = 4) -> None:
    """Grab ``handle`` where the lab draws it and move it to ``to``, as scene.js's messages do."""
    send = lab.scene.browser_message
    x0, y0 = lab.handles[handle].position()
    send({"type": "drag", "id": handle, "phase": "start", "x": x0, "y": y0})
    for k in range(1, steps + 1):
        f = k / steps
        send({"type": "drag", "id": handle, "phase": "move", "x": x0 + f * (to[0] - x0), "y": y0 + f * (to[1] - y0)})
    send({"type": "drag", "id": handle, "phase": "end", "x": to[0], "y": to[1]})


def error_text(lab) -> str:
    """The lab's error line, as text ("" when empty)."""
    import re

    return re.sub(r"<[^>]+>", "", lab.message.value).strip()


@pytest.mark.parametrize("make", ARM_LABS, ids=lambda c: c.__name__)
def test_dragging_the_elbow_and_the_tip_poses_the_arm_there_and_leaves_the_error_line_empty(make):
    lab = make()
    browser_drag(lab, "elbow", (0.0, -1.0))          # link 1 straight down: θ₁ = −90°
    assert error_text(lab) == ""
    np.testing.assert_allclose(lab.handles["elbow"].position(), (0.0, -1.0), atol=1e-9)
    elbow = np.array(lab.handles["elbow"].position())
    browser_drag(lab, "tip", tuple(elbow + [0.8, 0.0]))  # link 2 horizontal: θ₁ + θ₂ = 0
    assert error_text(lab) == ""
    np.testing.assert_allclose(lab.handles["tip"].position(), elbow + [0.8, 0.0], atol=1e-9)


def shown_angle_agrees(lab) -> None:
    """θ₁, θ₂: the slider, the readout and the model show one angle (the slider to its step, ±180 alike)."""
    q = lab.now.q if hasattr(lab, "now") else lab.q
    for i, key in enumerate(("theta1", "theta2")):
        model = np.degrees(q[i])
        readout = lab.readout(f"{key}_deg")
        slider = lab.controls[key].value
        assert -180.0 <= slider <= 180.0 and -180.0 <= readout <= 180.0
        turn = lambda a, b: abs((a - b + 180.0) % 360.0 - 180.0)  # noqa: E731 - distance on the circle
        assert turn(model, readout) < 1e-9, (key, model, readout)
        assert turn(slider, readout) <= 0.5 + 1e-9, (key, slider, readout)


def test_lesson_6_theta2_slider_follows_past_180_degrees_on_step_and_play():
    lab = ChristoffelLab(theta2=170.0, qd1=0.0, qd2=3.0)
    lab.advance(0.2)                              # θ₂ = 170° + 34° → −156°
    shown_angle_agrees(lab)
    assert lab.controls["theta2"].value == pytest.approx(round(lab.readout("theta2_deg")))
    clock = Clock()
    played = ChristoffelLab(theta2=170.0, qd1=0.0, qd2=3.0, clock=clock)
    played.set("play", None)
    for _ in range(6):                            # 3 s of Play, θ₂ over 1.4 turns: the slider follows it
        clock.now += played.FOLLOW_EVERY          # a playhead report after the follow period
        need(played)
        played.scene.browser_message({"type": "playhead", "t": played.playhead(), "reason": "tick"})
        shown_angle_agrees(played)
    played.set("play", None)
    shown_angle_agrees(played)


@pytest.mark.parametrize("make", [MassMatrixLab, ChristoffelLab], ids=lambda c: c.__name__)
def test_a_slider_moved_away_and_back_to_its_last_shown_value_at_once_is_heard_both_times(make):
    lab = make()
    key = "payload" if make is MassMatrixLab else "qd2"
    start = lab.controls[key].value
    lab.set(key, start + 0.5)
    lab.set(key, start)                           # within a millisecond: not an echo
    assert lab.controls[key].value == start
    if make is MassMatrixLab:
        assert lab.arm.payload == start
    else:
        assert lab.now.qd[1] == start
    lab.set("theta2", lab.controls["theta2"].value + 1.0)
    lab.set("theta2", lab.controls["theta2"].value - 1.0)
    shown_angle_agrees(lab)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("make", ANGLE_LABS, ids=lambda c: c.__name__)
def test_after_any_sequence_of_moves_play_pause_step_and_reset_slider_readout_and_model_agree(make, seed):
    rng = np.random.default_rng(seed)
    clock = Clock()
    sim = make in (ChristoffelLab,)
    lab = make(clock=clock) if sim else make()
    actions = ["slider", "drag_elbow", "drag_tip", "back_and_forth"] + (["play", "tick", "step", "reset"] if sim else [])
    for _ in range(25):
        action = actions[rng.integers(len(actions))]
        if action == "slider":
            lab.set(("theta1", "theta2")[rng.integers(2)], float(rng.integers(-180, 181)))
        elif action == "back_and_forth":
            key = ("theta1", "theta2")[rng.integers(2)]
            shown = lab.controls[key].value
            lab.set(key, float(np.clip(shown + rng.choice([-3.0, 3.0]), -180, 180)))
            lab.set(key, shown)
        elif action.startswith("drag"):
            browser_drag(lab, action[5:], tuple(rng.uniform(-1.8, 1.8, 2)))
        elif action == "play":
            lab.set("play", None)
        elif action == "tick" and lab.playing:
            clock.now += lab.FOLLOW_EVERY
            need(lab)
            lab.scene.browser_message({"type": "playhead", "t": lab.playhead(), "reason": "tick"})
        elif action in ("step", "reset"):
            lab.set(action, None)
        assert error_text(lab) == "", (action, error_text(lab))
        shown_angle_agrees(lab)
    if sim and lab.playing:
        lab.set("play", None)
    shown_angle_agrees(lab)
