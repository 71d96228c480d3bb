"""Simulation: fixed-step integrators, the energy ledger, and the live stepper the labs share.

- :mod:`~course_lib.physics.simulate.steppers`     explicit and semi-implicit Euler, RK4 on arrays and on floats
- :mod:`~course_lib.physics.simulate.fast_2r`      the 2R arms' equation on plain floats (the fast path)
- :mod:`~course_lib.physics.simulate.live`         :class:`LiveSim`, one state stepped forward by a lab
- :mod:`~course_lib.physics.simulate.integrators`  :func:`simulate` and its energy ledger (with the steppers)

>>> from course_lib.physics.models import Pendulum
>>> traj = simulate(Pendulum(), q0=[0.3], qd0=[0.0], duration=1.0, dt=0.01)
>>> round(float(traj.t[-1]), 9)
1.0
"""

from course_lib.physics.simulate.integrators import (
    STEPPERS,
    Controller,
    Dynamics,
    Step,
    Trajectory,
    explicit_euler_step,
    model_dynamics,
    rk4_step,
    rk4_step_floats,
    semi_implicit_euler_step,
    simulate,
    step,
)
from course_lib.physics.simulate.live import LiveSim, SimState

__all__ = [
    "STEPPERS", "Controller", "Dynamics", "LiveSim", "SimState", "Step", "Trajectory", "explicit_euler_step",
    "model_dynamics", "rk4_step", "rk4_step_floats", "semi_implicit_euler_step",
    "simulate", "step",
]
