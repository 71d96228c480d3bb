"""The pendulum lab under the learner's hands: dragging the ball, and the θ slider that follows the motion.

Drags go through the scene's browser messages, as the browser sends them; Play runs on a clock the test moves.
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.lessons.pendulum.lab import PendulumLab
from tests.helpers.pendulum_session import send_drag


# -- dragging -------------------------------------------------------------------------------
def test_drag_sets_the_angle_and_pauses_the_simulation_while_held():
    """While the ball is held, time does not advance; on release θ is where the ball was put, θ̇ = 0."""
    lab = PendulumLab()
    th = np.radians(100.0)
    x0, y0 = lab.handles["bob"].position()
    send_drag(lab, "start", x0, y0)
    send_drag(lab, "move", float(np.sin(th)), float(-np.cos(th)))
    t_held = lab.t
    lab.advance(1.0)
    assert lab.t == t_held
    send_drag(lab, "end", float(np.sin(th)), float(-np.cos(th)))
    assert lab.readout("theta") == pytest.approx(th, abs=1e-12)
    assert lab.readout("theta_dot") == 0.0
    assert lab.controls["theta"].value == 100.0  # the slider follows the ball
    lab.advance(0.5)
    assert lab.t > t_held


def test_a_drag_from_anywhere_on_the_ball_follows_the_pointer_direction_from_the_pivot():
    """Wherever the drag starts, the ball goes to the pointer's direction from the pivot (θ from straight down)."""
    lab = PendulumLab()
    send_drag(lab, "start", -1.0, 1.0)
    send_drag(lab, "move", -1.0, 0.0)
    send_drag(lab, "end", -1.0, 0.0)
    assert lab.readout("theta") == pytest.approx(-np.pi / 2, abs=1e-12)


def test_the_theta_slider_follows_the_motion_without_setting_the_state():
    """After Play/Pause and Step the θ slider shows the current angle (rounded to its step); during Play it
    follows at playhead reports, at most every ``FOLLOW_EVERY`` wall seconds (not at every report).

    Moving it there does not run its callback (no reset of the simulation, no feedback loop): the state
    stays bit for bit what the headless run computes.
    """
    class Clock:
        now = 100.0

        def __call__(self):
            return self.now

    clock = Clock()
    lab, calls = PendulumLab(clock=clock), []
    original = lab.on_theta
    lab.on_theta = lambda v: (calls.append(v), original(v))
    lab.set("play", None)
    clock.now += 0.2
    lab.scene.browser_message({"type": "playhead", "t": 0.2, "reason": "tick"})
    deg = np.degrees(lab.readout("theta"))
    assert deg < 55.0 and lab.controls["theta"].value == round(deg)  # during play the slider follows
    clock.now += 0.1
    lab.scene.browser_message({"type": "playhead", "t": 0.3, "reason": "tick"})
    assert lab.controls["theta"].value == round(deg) != round(np.degrees(lab.readout("theta")))  # ... not at once
    clock.now += 0.1
    lab.set("play", None)  # pause
    assert lab.controls["theta"].value == round(np.degrees(lab.readout("theta")))
    lab.set("step", None)
    assert lab.controls["theta"].value == round(np.degrees(lab.readout("theta")))
    headless = PendulumLab()
    headless.advance(lab.t)
    assert calls == [] and lab.now.q.tobytes() == headless.now.q.tobytes()
    lab.set("theta", lab.controls["theta"].value + 1.0)  # a nudge starts from the angle shown, not from 60°
    assert np.degrees(lab.readout("theta")) == pytest.approx(round(np.degrees(headless.readout("theta"))) + 1.0)


def test_a_front_end_echo_of_the_followed_theta_never_stops_the_swing():
    """Pause moves the θ slider twice (kernel's frame, then the browser's); an echo of the first value that
    reaches the kernel after the second is no learner's move: θ̇ and the energy are kept.

    Seen by a student: 2 of 7 pauses dropped the ball at a whole degree at rest (E 4.905 → 2.295 J).
    """
    lab = PendulumLab()
    lab.advance(0.37)                      # swinging, θ̇ far from zero
    before = (lab.now.q.copy(), lab.now.qd.copy(), lab.readout("energy"))
    assert abs(before[1][0]) > 1.0
    shown = lab.controls["theta"].value
    first, second = shown - 3.0, shown      # what two quick follows showed, in that order
    lab.move_control("theta", first)
    lab.move_control("theta", second)
    lab.controls["theta"].value = first     # the front end sends the first one back, late
    assert lab.now.q.tobytes() == before[0].tobytes() and lab.now.qd.tobytes() == before[1].tobytes()
    assert lab.readout("energy") == before[2]
    assert lab.controls["theta"].value == second   # the slider shows the kit's latest value again
    lab.controls["theta"].value = second + 10.0    # a real move by the learner still sets the angle
    assert np.degrees(lab.readout("theta")) == pytest.approx(second + 10.0) and lab.now.qd[0] == 0.0
