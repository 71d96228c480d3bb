"""The live simulator: one state that time steps forward, shared by labs and :func:`~course_lib.physics.simulate.integrators.simulate`.

A :class:`LiveSim` holds what a running simulation is at one instant: the
joint positions q and velocities q̇, the time t, the work W done so far by the
torques and friction, and the torque τ the controller last output (a digital
controller's output is held between its samples). A 2R arm may also be pushed
at its tool by a held force h_e (:meth:`LiveSim.set_tool_force`): it adds Jᵀ h_e
to the joint equation, and its work W_ext is integrated beside W by the same rule
(:func:`~course_lib.physics.simulate.tool_force.pushed_dynamics`). :meth:`LiveSim.step`
advances that by one integration step. :func:`course_lib.physics.simulate.integrators.simulate` calls
the very same :meth:`~LiveSim.step` in its loop, so a lab and a batch
simulation started from the same state and inputs agree bit for bit.

A lab changes parameters between steps by swapping in a new model
(``live.model = live.model.replace(b=0.5)``) or a new constant torque; it can
take a :meth:`~LiveSim.snapshot` of every frame and :meth:`~LiveSim.restore`
one later (to rewind to where the browser's playback stood).

>>> from course_lib.physics.models import Pendulum
>>> live = LiveSim(Pendulum(), [0.5], [0.0], dt=0.01)
>>> live.advance(100)
>>> round(live.t, 9), bool(abs(live.q[0]) < 0.5)
(1.0, True)
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np

from course_lib.physics import _checks
from course_lib.physics.models.base import ManipulatorModel
from course_lib.physics.simulate.fast_2r import float_step, pushed_float_step
from course_lib.physics.simulate.steppers import STEPPERS, Controller, model_dynamics
from course_lib.physics.simulate.tool_force import pushed_dynamics, tool_force


@dataclasses.dataclass(frozen=True)
class SimState:
    """Everything needed to continue a simulation from one instant (immutable).

    Attributes:
        k: integration steps taken since t = 0.
        t: time (s), ``k * dt``.
        q, qd: joint positions and velocities, shape ``(n,)`` (read-only copies).
        work: work W (J) done by torques and friction since t = 0.
        tau: the torque held at this instant (N·m), shape ``(n,)``.
        model: the model in force (models are immutable, so this is a reference).
        dt, method: the integration step (s) and method in force.
        base: (t₀, k₀) of the last change of step, so t = t₀ + (k − k₀)·dt is recomputed exactly.
        work_ext: work W_ext (J) done by the tool force since t = 0.
        tool_force: the tool force h_e held at this instant (N, world axes), shape ``(2,)``, or None.
    """

    k: int
    t: float
    q: np.ndarray
    qd: np.ndarray
    work: float
    tau: np.ndarray
    model: ManipulatorModel
    dt: float = 0.0
    method: str = "rk4"
    base: tuple[float, int] = (0.0, 0)
    work_ext: float = 0.0
    tool_force: np.ndarray | None = None


class LiveSim:
    """A simulation that advances one step at a time, with parameters that may change between steps.

    Args:
        model: the system (any :class:`~course_lib.physics.models.base.ManipulatorModel`).
        q0, qd0: initial state, shape ``(n,)``.
        dt: integration step (s), > 0.
        torque: a constant torque (N·m), shape ``(n,)``; default zero. Not
            together with ``controller``.
        controller: ``controller(t, q, qd) -> tau``, sampled every
            ``control_period`` seconds; its output is held in between.
        control_period: the controller's sampling period (s), rounded to whole
            steps; default ``dt``.
        method: ``"rk4"``, ``"explicit_euler"`` or ``"semi_implicit_euler"``.
        names: how errors call the initial state (``simulate`` says ``q0``, ``qd0``).

    Raises:
        ValueError: naming the argument, for a bad state, step, torque,
            controller, period or method.
    """

    def __init__(self, model: ManipulatorModel, q0: Any, qd0: Any, dt: float, torque: Any = None,
                 controller: Controller | None = None, control_period: float | None = None,
                 method: str = "rk4", names: tuple[str, str] = ("q", "qd")):
        if not isinstance(model, ManipulatorModel):
            raise ValueError(f"model must be one of the course's models (a ManipulatorModel), got {model!r}")
        self._stepper = STEPPERS[_checks.choice("method", method, tuple(STEPPERS))]
        self.method = method
        self.dt = _checks.positive("dt", dt)
        n = model.n_dof
        q = _single_state(names[0], q0, n)
        qd = _single_state(names[1], qd0, n)
        if controller is not None and torque is not None:
            raise ValueError("give either a constant torque or a controller, not both")
        if controller is not None and not callable(controller):
            raise ValueError(f"controller must be a function controller(t, q, qd) -> tau, got {controller!r}")
        self.controller = controller
        self.control_period = None if control_period is None else _checks.positive("control_period", control_period)
        self._set_hold()
        self._model = model
        self._floats_for: tuple | None = None
        self._pushed_for: tuple | None = None
        self._pushed_step = None
        self._tau = np.zeros(n) if torque is None else _single_state("torque", torque, n)
        self._h_e: np.ndarray | None = None  # the tool force held (N), None: no push
        self._set_dynamics()
        self._q, self._qd, self._k, self._work, self._work_ext = q, qd, 0, 0.0, 0.0
        self._t0, self._k0 = 0.0, 0  # t = t0 + (k − k0)·dt: the step may change, time runs on

    def _set_dynamics(self) -> None:
        """The closed-over dynamics for the torque (and push) held now: on floats when the model has float dynamics."""
        built = self._floats_for
        if built is None or built[0] is not self._model or built[1] != self.method:  # once per model and method
            self._floats_for, self._float_step = (self._model, self.method), float_step(self._model, self.method)
        push, built = (None if self._h_e is None else tuple(self._h_e.tolist())), self._pushed_for
        if push is not None and (built is None or built[0] is not self._model or built[1:] != (self.method, push)):
            self._pushed_for = (self._model, self.method, push)
            self._pushed_step = pushed_float_step(self._model, self._h_e, self.method)
        step = self._float_step if push is None else self._pushed_step
        self._floats = step is not None
        if self._floats:  # the step on floats, under this torque (and push)
            self._tau_list = self._tau.tolist()
        elif self._h_e is not None:  # powers (P_τ, P_ext): the stepper integrates W and W_ext together
            self._dynamics = pushed_dynamics(self._model, self._tau, self._h_e)
        else:
            self._dynamics = model_dynamics(self._model, self._tau)

    def _set_hold(self) -> None:
        self.hold = 1 if self.control_period is None else max(1, int(round(self.control_period / self.dt)))

    # -- the state, read-only views ------------------------------------------------------
    @property
    def q(self) -> np.ndarray:
        """Joint positions (rad or m), a copy."""
        return self._q.copy()

    @property
    def qd(self) -> np.ndarray:
        """Joint velocities (rad/s or m/s), a copy."""
        return self._qd.copy()

    @property
    def t(self) -> float:
        """Time (s): steps taken × dt (since the last change of step), so it never drifts from the step grid."""
        return self._t0 + (self._k - self._k0) * self.dt

    @property
    def work(self) -> float:
        """Work W (J) done by torques and friction since t = 0."""
        return self._work

    @property
    def work_ext(self) -> float:
        """Work W_ext (J) done by the tool force since t = 0."""
        return self._work_ext

    @property
    def tool_force(self) -> np.ndarray | None:
        """The tool force h_e (N) applied during the next step, a copy, or None when nothing pushes."""
        return None if self._h_e is None else self._h_e.copy()

    @property
    def tau(self) -> np.ndarray:
        """The torque applied during the next step (N·m), a copy."""
        return self._tau.copy()

    def current(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
        """(q, q̇, τ, W) without copies, for a loop that records them at once (do not modify the arrays)."""
        return self._q, self._qd, self._tau, self._work

    # -- inputs that may change between steps --------------------------------------------------
    @property
    def model(self) -> ManipulatorModel:
        """The model in force; assign a new one (``live.model = live.model.replace(b=1.0)``)."""
        return self._model

    @model.setter
    def model(self, model: ManipulatorModel) -> None:
        if not isinstance(model, ManipulatorModel) or model.n_dof != self._model.n_dof:
            raise ValueError(f"the new model must have {self._model.n_dof} degrees of freedom, got {model!r}")
        self._model = model
        self._set_dynamics()

    def set_step(self, dt: float | None = None, method: str | None = None) -> None:
        """Integrate with another step ``dt`` (s) and/or ``method`` from the next step on; t runs on."""
        if method is not None:
            self._stepper = STEPPERS[_checks.choice("method", method, tuple(STEPPERS))]
            self.method = method
            self._set_dynamics()
        if dt is not None:
            dt = _checks.positive("dt", dt)
            self._t0, self._k0, self.dt = self.t, self._k, dt
            self._set_hold()

    def set_torque(self, torque: Any) -> None:
        """Hold a new constant torque (N·m), shape ``(n,)``, from the next step on."""
        if self.controller is not None:
            raise ValueError("this simulation's torque comes from its controller; it cannot be set by hand")
        self._tau = _single_state("torque", torque, self._model.n_dof)
        self._set_dynamics()

    def set_tool_force(self, h_e: Any) -> None:
        """Push the tool with a held force h_e = (f_x, f_y) (N, world axes) from the next step on; None: stop.

        Only for models with a tip Jacobian ``jacobian(q)`` of shape (2, n) (the 2R arms).

        Raises:
            ValueError: for a model without a tool, or a force that is not two finite numbers.
        """
        if h_e is None:
            self._h_e = None
        else:
            if not callable(getattr(self._model, "jacobian", None)):
                raise ValueError(f"{type(self._model).__name__} has no tool to push (no jacobian(q)); "
                                 "a tool force needs a 2R arm")
            self._h_e = tool_force(h_e)
        self._set_dynamics()

    def sample_controller(self) -> None:
        """Sample the controller at the current state now and hold its output (its inputs just changed).

        A lab whose controller reads a learner's input (a push, a mode) calls this after a
        change, so that the torque held at this instant already shows it. Between samples the
        output is held, as always; the sampling grid (every ``hold`` steps) is unchanged.
        """
        if self.controller is None:
            raise ValueError("this simulation has no controller to sample; set its torque with set_torque")
        t = self.t
        self._tau = _controller_torque(self.controller(t, self._q.copy(), self._qd.copy()), t, self._model.n_dof)
        self._set_dynamics()

    def set_state(self, q: Any, qd: Any) -> None:
        """Put the system at (q, q̇) by hand (a drag); time and work carry on."""
        n = self._model.n_dof
        self._q, self._qd = _single_state("q", q, n), _single_state("qd", qd, n)

    def reset(self, q0: Any, qd0: Any) -> None:
        """Start again at (q₀, q̇₀), t = 0, W = W_ext = 0 (a tool force held stays held)."""
        self.set_state(q0, qd0)
        self._k, self._work, self._work_ext, self._t0, self._k0 = 0, 0.0, 0.0, 0.0, 0

    # -- time stepping ---------------------------------------------------------------------------
    def step(self) -> None:
        """Advance by one step ``dt``; the controller (if any) is sampled first when it is due.

        After the step the model's :meth:`~course_lib.physics.models.base.ManipulatorModel.impact`
        may replace the state (an end stop); the work ledger counts the torques only.

        Raises:
            FloatingPointError: when the state stops being finite, with the time.
        """
        if self.controller is not None and self._k % self.hold == 0:
            t = self.t
            self._tau = _controller_torque(self.controller(t, self._q.copy(), self._qd.copy()), t,
                                           self._model.n_dof)
            self._set_dynamics()
        if self._floats:  # 2R arms with float dynamics: the same RK4 without numpy's overhead
            try:
                step = self._float_step if self._h_e is None else self._pushed_step
                q_list, qd_list, w = step(self._q.tolist(), self._qd.tolist(), self._tau_list, self.dt)
            except (ValueError, OverflowError, ZeroDivisionError):  # math.cos(inf) and the like: a blow-up
                raise self._diverged() from None
            q, qd = np.array(q_list), np.array(qd_list)
        else:
            q, qd, w = self._stepper(self._dynamics, self._q, self._qd, self.dt)
        w_ext = 0.0
        if self._h_e is not None:  # the pushed dynamics' two powers: (P_τ, P_ext)
            w, w_ext = float(w[0]), float(w[1])
        m = self._model
        stopped = m.stop_reversals(self._qd, qd)  # Coulomb friction catches a reversing joint
        if stopped is not None or m.straddles_friction_jump(self._qd, qd):
            # Coulomb friction's power jumps where a rate crosses 0 (sgn q̇): its RK4 quadrature is only first
            # order across the jump, and a stop removes kinetic energy, both friction's doing. The torque is
            # held over the step, so its work is exactly τ·Δq; friction's is the rest of the energy change.
            qd = qd if stopped is None else stopped
            energy = [m._kinetic_energy(a, b) + m._potential_energy(a) for a, b in ((self._q, self._qd), (q, qd))]
            w = float(energy[1] - energy[0]) - w_ext  # = τ·Δq + friction's work
        hit = self._model.impact(q, qd)  # an end stop, for the models that have one
        if hit is not None:
            q, qd = hit
        if not all(map(math.isfinite, q.tolist() + qd.tolist())):  # plain floats: cheaper than numpy for a few
            raise self._diverged()
        self._q, self._qd, self._k, self._work = q, qd, self._k + 1, self._work + float(w)
        self._work_ext += w_ext

    def _diverged(self) -> FloatingPointError:
        return FloatingPointError(f"the simulation diverged at t = {self.t + self.dt:.4g} s; "
                                  "try a smaller dt or smaller gains")

    def advance(self, steps: int) -> None:
        """Take ``steps`` steps (overflow inside a step is reported by :meth:`step`, in words)."""
        with np.errstate(over="ignore", invalid="ignore"):
            for _ in range(steps):
                self.step()

    def frames(self, count: int, steps_per_frame: int) -> list[SimState]:
        """Run ``count`` frames of ``steps_per_frame`` steps each; the state after each frame."""
        out = []
        with np.errstate(over="ignore", invalid="ignore"):
            for _ in range(count):
                for _ in range(steps_per_frame):
                    self.step()
                out.append(self.snapshot())
        return out

    # -- snapshots ----------------------------------------------------------------------------------
    def snapshot(self) -> SimState:
        """The current state, to :meth:`restore` later."""
        q, qd, tau = self._q.copy(), self._qd.copy(), self._tau.copy()
        for a in (q, qd, tau):
            a.setflags(write=False)
        h_e = None if self._h_e is None else self._h_e.copy()
        if h_e is not None:
            h_e.setflags(write=False)
        return SimState(self._k, self.t, q, qd, self._work, tau, self._model, self.dt, self.method,
                        (self._t0, self._k0), self._work_ext, h_e)

    def restore(self, state: SimState) -> None:
        """Continue from ``state`` (taken from this simulation): state, time, work, torque and model."""
        self._q, self._qd = state.q.copy(), state.qd.copy()
        self._k, self._work, self._tau = state.k, state.work, state.tau.copy()
        self._work_ext = state.work_ext
        self._h_e = None if state.tool_force is None else state.tool_force.copy()
        self._model = state.model
        self.set_step(method=state.method)
        self.dt, (self._t0, self._k0) = state.dt or self.dt, state.base
        self._set_hold()
        self._set_dynamics()


def _controller_torque(value: Any, t: float, n: int) -> np.ndarray:
    if value is None:
        raise ValueError(f"the controller returned None at t = {t:.4g} s; it must return a torque of shape ({n},)")
    return _single_state("the controller's torque", value, n)


def _single_state(name: str, value: Any, n: int) -> np.ndarray:
    arr = _checks.states(name, value, n)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one state of shape ({n},), got shape {arr.shape}")
    return arr.copy()
