"""Simulation: the integrators and the energy ledger, :func:`simulate` and its :class:`Trajectory`.

The steppers (:func:`explicit_euler_step`, :func:`semi_implicit_euler_step`, :func:`rk4_step`)
live in :mod:`~course_lib.physics.simulate.steppers` and are importable from here, the module
lessons 2 and 3 open as ``sim``. :func:`simulate` keeps the ledger E(t) − E(0) versus W(t): for
an exact integrator the two curves would coincide; the gap is the integrator's error. It steps
with :class:`~course_lib.physics.simulate.live.LiveSim`, the labs' simulator, so a lab and a batch
simulation agree bit for bit.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from course_lib.physics import _checks
from course_lib.physics.models.base import ManipulatorModel
from course_lib.physics.simulate import fast_2r
from course_lib.physics.simulate.live import LiveSim
from course_lib.physics.simulate.steppers import (
    STEPPERS,
    Controller,
    Dynamics,
    FloatDynamics,
    Step,
    explicit_euler_step,
    model_dynamics,
    rk4_step,
    rk4_step_floats,
    semi_implicit_euler_step,
)

__all__ = [
    "STEPPERS", "Controller", "Dynamics", "FloatDynamics", "Step", "Trajectory", "explicit_euler_step",
    "model_dynamics", "rk4_step", "rk4_step_floats", "semi_implicit_euler_step", "simulate", "step",
]


def step(model: ManipulatorModel, q: Any, qd: Any, tau: Any, h: float, method: str = "rk4") -> Step:
    """Advance one step of ``h`` seconds under a constant torque ``tau``.

    Returns (q, q̇, W) with W the work (J) of torque and friction over the step.
    One state steps as :class:`~course_lib.physics.simulate.live.LiveSim` steps it (on floats for
    the 2R arms of :mod:`~course_lib.physics.simulate.fast_2r` under RK4), so ``step`` is the first
    step of :func:`simulate` bit for bit; a batch of states ``(N, n)`` steps on arrays.

    >>> from course_lib.physics.models import Pendulum
    >>> q, qd, w = step(Pendulum(), [0.5], [0.0], [0.0], 0.01)
    >>> bool(q[0] < 0.5 and qd[0] < 0.0), float(w)
    (True, 0.0)
    """
    stepper = STEPPERS[_checks.choice("method", method, tuple(STEPPERS))]
    h = _checks.positive("h", h)
    q = _checks.states("q", q, model.n_dof)
    qd = _checks.states("qd", qd, model.n_dof)
    tau = _checks.states("tau", tau, model.n_dof)
    fast = fast_2r.float_step(model, method) if q.ndim == qd.ndim == tau.ndim == 1 else None
    if fast is not None:
        q_new, qd_new, work = fast(q.tolist(), qd.tolist(), tau.tolist(), h)
        return np.array(q_new), np.array(qd_new), np.float64(work)
    return stepper(model_dynamics(model, tau), q, qd, h)


@dataclasses.dataclass
class Trajectory:
    """A recorded simulation. Arrays are indexed by sample k = 0 … K.

    Attributes:
        t: times (s), shape (K+1,).
        q, qd: positions and velocities, shape (K+1, n).
        tau: the torque applied *from* t[k] to t[k+1] (zero-order hold), shape (K+1, n);
            the last row repeats the one before it.
        energy: total energy E = T + V (J), shape (K+1,).
        work: work W done by torques and friction since t = 0 (J), shape (K+1,).
    """

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    tau: np.ndarray
    energy: np.ndarray
    work: np.ndarray

    @property
    def energy_error(self) -> np.ndarray:
        """The ledger's gap (E − E₀) − W (J): zero for an exact integrator."""
        return self.energy - self.energy[0] - self.work


def simulate(
    model: ManipulatorModel,
    q0: Any,
    qd0: Any,
    duration: float,
    dt: float = 1e-3,
    torque: Any = None,
    controller: Controller | None = None,
    control_period: float | None = None,
    method: str = "rk4",
) -> Trajectory:
    """Integrate ``model`` from (q₀, q̇₀) for ``duration`` seconds at step ``dt``.

    Args:
        model: any :class:`~course_lib.physics.models.base.ManipulatorModel`.
        q0, qd0: initial state, shape ``(n,)``.
        duration: simulated time (s), > 0.
        dt: integration step (s), > 0.
        torque: a constant torque (N·m), shape ``(n,)``; default zero. Not
            together with ``controller``.
        controller: ``controller(t, q, qd) -> tau``, sampled every
            ``control_period`` seconds and held constant in between (zero-order
            hold), as a real digital controller is.
        control_period: the controller's sampling period (s); default ``dt``.
            Rounded to a whole number of steps.
        method: ``"rk4"``, ``"explicit_euler"`` or ``"semi_implicit_euler"``.

    Returns:
        A :class:`Trajectory` with time, state, torque, energy and work.

    Example — with no torque and no friction, RK4 keeps the energy:

    >>> from course_lib.physics.models import TwoLinkArm
    >>> tr = simulate(TwoLinkArm(), [0.0, 0.0], [0.0, 0.0], duration=1.0, dt=1e-3)
    >>> bool(abs(tr.energy[-1] - tr.energy[0]) < 1e-6)
    True
    """
    duration = _checks.positive("duration", duration)
    live = LiveSim(model, q0, qd0, dt=dt, torque=torque, controller=controller,
                   control_period=control_period, method=method, names=("q0", "qd0"))
    if duration < live.dt:
        raise ValueError(f"duration must be at least one step dt = {live.dt} s, got {duration} s")
    n, steps = model.n_dof, int(round(duration / live.dt))
    Q = np.empty((steps + 1, n))
    QD = np.empty((steps + 1, n))
    TAU = np.empty((steps + 1, n))
    W = np.zeros(steps + 1)
    Q[0], QD[0] = live.q, live.qd
    with np.errstate(over="ignore", invalid="ignore"):  # divergence is reported by LiveSim, in words
        for k in range(steps):
            live.step()
            Q[k + 1], QD[k + 1], TAU[k], W[k + 1] = live.current()
    TAU[-1] = TAU[-2]  # duration >= dt, so there is at least one step
    energy = np.asarray(model.total_energy(Q, QD), dtype=float)
    return Trajectory(t=np.arange(steps + 1) * live.dt, q=Q, qd=QD, tau=TAU, energy=energy, work=W)
