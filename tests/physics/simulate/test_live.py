"""Kit: the simulator applies a model's impact events after each step, and a controller can be resampled at once."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics.models import CartPole, Pendulum
from course_lib.physics.simulate.integrators import simulate
from course_lib.physics.simulate.live import LiveSim


def test_live_sim_and_simulate_apply_the_models_end_stop_after_every_step():
    cp = CartPole(rail=0.5)
    live = LiveSim(cp, [0.4, 0.0], [2.0, 0.0], dt=0.01)
    live.advance(5)
    assert live.q[0] == 0.5 and live.qd[0] == 0.0  # it reached the stop in 0.05 s and was stopped there
    live.advance(15)
    tr = simulate(cp, [0.4, 0.0], [2.0, 0.0], duration=0.2, dt=0.01)
    assert tr.q[:, 0].max() == 0.5
    np.testing.assert_array_equal(tr.q[-1], live.q)  # one stepping code for both
    free = simulate(CartPole(), [0.4, 0.0], [2.0, 0.0], duration=0.2, dt=0.01)
    assert free.q[-1, 0] > 0.7  # without a rail nothing stops it


def test_sample_controller_holds_the_new_output_at_once_and_needs_a_controller():
    gain = {"k": 1.0}
    live = LiveSim(Pendulum(), [0.2], [0.0], dt=0.01, controller=lambda t, q, qd: [-gain["k"] * q[0]])
    live.advance(1)
    gain["k"] = 5.0
    live.sample_controller()
    assert live.tau[0] == pytest.approx(-5.0 * live.q[0])
    with pytest.raises(ValueError, match="no controller"):
        LiveSim(Pendulum(), [0.2], [0.0], dt=0.01).sample_controller()
