"""Simulation: integrators and the energy ledger.

A model gives q̈ = f(q, q̇, τ). Integrating it needs a stepper; three are
provided so their difference can be *seen*:

- :func:`explicit_euler_step`   q ← q + h q̇,  q̇ ← q̇ + h q̈           (first order)
- :func:`semi_implicit_euler_step` q̇ ← q̇ + h q̈, then q ← q + h q̇_new (first order)
- :func:`rk4_step`              classic fourth-order Runge–Kutta

Each stepper also integrates the power delivered by the torques and friction,
P = q̇ᵀτ − q̇ᵀ b q̇, with the same rule it uses for the state, so
:func:`simulate` can keep the ledger E(t) − E(0) versus W(t) (work–energy
principle: Ė = q̇ᵀτ − b‖q̇‖²). For an exact integrator the two curves would
coincide; the gap is the integrator's error.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

import numpy as np

from course_lib.physics import _checks
from course_lib.physics.models.base import ManipulatorModel

#: ``dynamics(q, qd) -> (qdd, power)``
Dynamics = Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]
#: ``controller(t, q, qd) -> tau``
Controller = Callable[[float, np.ndarray, np.ndarray], Any]

Step = tuple[np.ndarray, np.ndarray, np.ndarray]


def explicit_euler_step(dynamics: Dynamics, q: np.ndarray, qd: np.ndarray, h: float) -> Step:
    """One explicit (forward) Euler step; returns (q, q̇, work done during the step)."""
    qdd, power = dynamics(q, qd)
    return q + h * qd, qd + h * qdd, h * power


def semi_implicit_euler_step(dynamics: Dynamics, q: np.ndarray, qd: np.ndarray, h: float) -> Step:
    """One semi-implicit (symplectic-Euler form) step: velocity first, then position.

    For a constant mass matrix it is symplectic; for an arm whose M depends on
    q it is not, and its energy drifts too.
    """
    qdd, power = dynamics(q, qd)
    qd_new = qd + h * qdd
    return q + h * qd_new, qd_new, h * power


def rk4_step(dynamics: Dynamics, q: np.ndarray, qd: np.ndarray, h: float) -> Step:
    """One classic Runge–Kutta 4 step; returns (q, q̇, work done during the step).

    >>> from course_lib.physics.models import Pendulum
    >>> p = Pendulum()
    >>> dyn = lambda q, qd: (p.forward_dynamics(q, qd, [0.0]), 0.0 * qd[..., 0])
    >>> q, qd, w = rk4_step(dyn, np.array([0.5]), np.array([0.0]), 0.01)
    >>> bool(q[0] < 0.5 and qd[0] < 0.0)
    True
    """
    half, sixth = 0.5 * h, h / 6.0
    a1, p1 = dynamics(q, qd)
    v1 = qd
    v2 = qd + half * a1  # each stage's velocity is also the next stage's argument
    a2, p2 = dynamics(q + half * v1, v2)
    v3 = qd + half * a2
    a3, p3 = dynamics(q + half * v2, v3)
    v4 = qd + h * a3
    a4, p4 = dynamics(q + h * v3, v4)
    q_new = q + sixth * (v1 + 2 * v2 + 2 * v3 + v4)
    qd_new = qd + sixth * (a1 + 2 * a2 + 2 * a3 + a4)
    work = sixth * (p1 + 2 * p2 + 2 * p3 + p4)
    return q_new, qd_new, work


def rk4_step_floats(dynamics: Callable[[list, list], tuple[list, float]], q: list[float], qd: list[float],
                    h: float) -> tuple[list[float], list[float], float]:
    """:func:`rk4_step` on lists of floats: the same stages, in the same order, on plain numbers.

    For a state of a few numbers (one arm, or a few arms side by side) each numpy call
    costs more than the arithmetic it does, so the simulator steps a model with closed
    forms on floats (``model.has_float_forms``) by ``model.rk4_step_floats``, which is
    this function unless the model writes the step out itself. Each entry goes
    through exactly the operations :func:`rk4_step` applies to it, so q and q̇ agree
    with it bit for bit (the work, a sum over joints, to rounding); a test checks this.

    >>> from course_lib.physics.models import TwoLinkArm
    >>> dyn = model_dynamics_floats(TwoLinkArm(), [0.0, 0.0])
    >>> q, qd, w = rk4_step_floats(dyn, [0.5, 0.0], [0.0, 0.0], 0.001)
    >>> bool(q[0] < 0.5 and qd[0] < 0.0)
    True
    """
    half, sixth = 0.5 * h, h / 6.0
    a1, p1 = dynamics(q, qd)
    v1 = qd
    v2 = [w + half * a for w, a in zip(qd, a1)]
    a2, p2 = dynamics([x + half * v for x, v in zip(q, v1)], v2)
    v3 = [w + half * a for w, a in zip(qd, a2)]
    a3, p3 = dynamics([x + half * v for x, v in zip(q, v2)], v3)
    v4 = [w + h * a for w, a in zip(qd, a3)]
    a4, p4 = dynamics([x + h * v for x, v in zip(q, v3)], v4)
    q_new = [x + sixth * (b1 + 2 * b2 + 2 * b3 + b4) for x, b1, b2, b3, b4 in zip(q, v1, v2, v3, v4)]
    qd_new = [w + sixth * (b1 + 2 * b2 + 2 * b3 + b4) for w, b1, b2, b3, b4 in zip(qd, a1, a2, a3, a4)]
    work = sixth * (p1 + 2 * p2 + 2 * p3 + p4)
    return q_new, qd_new, work


STEPPERS: dict[str, Callable[[Dynamics, np.ndarray, np.ndarray, float], Step]] = {
    "explicit_euler": explicit_euler_step,
    "semi_implicit_euler": semi_implicit_euler_step,
    "rk4": rk4_step,
}


def model_dynamics(model: ManipulatorModel, tau: Any) -> Dynamics:
    """Close a model over a torque held constant: ``(q, q̇) -> (q̈, P)``.

    P = q̇ᵀτ − q̇ᵀ τ_f (W) is the power of the joint torques and friction, τ_f = model._friction(q̇)
    (b q̇ for most models).
    """
    tau = np.asarray(tau, dtype=float)

    one = model.forward_dynamics_one

    def dynamics(q: np.ndarray, qd: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        # inputs are checked once, by the caller; one state takes the model's fast path
        qdd = one(q, qd, tau) if q.ndim == 1 else model._forward_dynamics(q, qd, tau)
        pushed = tau - model._friction(qd)
        power = qd @ pushed if qd.ndim == 1 else np.sum(qd * pushed, axis=-1)
        return qdd, power

    return dynamics


def model_dynamics_floats(model: ManipulatorModel, tau: list[float]) -> Callable[[list, list], tuple[list, float]]:
    """:func:`model_dynamics` on lists of floats: ``(q, q̇) -> (q̈, P)`` for :func:`rk4_step_floats`."""
    accel, friction = model.forward_dynamics_list, model.friction_list

    def dynamics(q: list[float], qd: list[float]) -> tuple[list[float], float]:
        power = sum([w * (u - f) for w, u, f in zip(qd, tau, friction(qd))])
        return accel(q, qd, tau), power

    return dynamics


def step(model: ManipulatorModel, q: Any, qd: Any, tau: Any, h: float, method: str = "rk4") -> Step:
    """Advance one step of ``h`` seconds under a constant torque ``tau``.

    Returns (q, q̇, W) with W the work (J) of torque and friction over the step.
    This is the call a lab's play loop makes once per frame.
    """
    stepper = STEPPERS[_checks.choice("method", method, tuple(STEPPERS))]
    h = _checks.positive("h", h)
    q = _checks.states("q", q, model.n_dof)
    qd = _checks.states("qd", qd, model.n_dof)
    tau = _checks.states("tau", tau, model.n_dof)
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
    from course_lib.physics.simulate.live import LiveSim  # the lab's simulator: one stepping code for both

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


def _controller_torque(value: Any, t: float, n: int) -> np.ndarray:
    if value is None:
        raise ValueError(f"the controller returned None at t = {t:.4g} s; it must return a torque of shape ({n},)")
    return _single_state("the controller's torque", value, n)


def _single_state(name: str, value: Any, n: int) -> np.ndarray:
    arr = _checks.states(name, value, n)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one state of shape ({n},), got shape {arr.shape}")
    return arr.copy()
