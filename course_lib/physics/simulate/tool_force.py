"""A force at the tool: it enters the joint equation as Jᵀ h_e, and the ledger as its own work W_ext.

A force h_e = (f_x, f_y) (N, world axes) applied *to* the 2R arm's tool adds the generalized force
Jᵀ(q) h_e to the right-hand side (the virtual work h_eᵀ δp = (Jᵀ h_e)ᵀ δq):

    M q̈ + C q̇ + g + b q̇ = τ + Jᵀ h_e.

The energy ledger then has two work terms, both integrated by the same RK4 as the state:

    E(t) − E(0) = W_τ + W_ext,   W_τ = ∫ q̇ᵀ(τ − b q̇) dt,   W_ext = ∫ (Jᵀ h_e)ᵀ q̇ dt.

Holding the arm still while something pushes on the tool therefore takes τ = g(q) − Jᵀ h_e
(:func:`holding_torque`). Seed 004's standard form writes the same force on the other side,
τ − Jᵀ h_e, for the force the tool exerts *on* the environment: h_e there is −h_e here.

>>> from course_lib.physics.models import TwoLinkArm
>>> arm = TwoLinkArm()
>>> tr = simulate_tool_force(arm, [0.3, 1.0], [0.0, 0.0], [0.0, 0.0], [5.0, 0.0], duration=1.0, dt=1e-3)
>>> bool(abs(tr.ledger_gap).max() < 1e-8), bool(tr.work_ext[-1] != 0.0)
(True, True)
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from course_lib.physics import _checks
from course_lib.physics.models import TwoLinkArm

__all__ = ["ToolForceTrajectory", "holding_torque", "pushed_dynamics", "simulate_tool_force", "tool_force",
           "tool_force_torque"]


def tool_force(value: Any) -> np.ndarray:
    """``value`` checked as a tool force h_e = (f_x, f_y) (N, world axes): a float array of shape (2,).

    Raises:
        ValueError: for anything but two finite numbers.
    """
    return _force(value)


def _generalized(arm: TwoLinkArm, q: np.ndarray, h_e: np.ndarray) -> np.ndarray:
    """Jᵀ(q) h_e on checked inputs, one state (n,) or a batch (N, n): the one place the formula is written."""
    return np.einsum("...ji,j->...i", arm.jacobian(q), h_e)


def _force(value: Any) -> np.ndarray:
    h_e = np.asarray(value, dtype=float)
    if h_e.shape != (2,) or not np.all(np.isfinite(h_e)):
        raise ValueError(f"h_e is the tool force (f_x, f_y) in N, two finite numbers; got {np.asarray(value).tolist()!r}")
    return h_e


def tool_force_torque(arm: TwoLinkArm, q: Any, h_e: Any) -> np.ndarray:
    """Jᵀ(q) h_e (N·m): the joint torques a tool force h_e = (f_x, f_y) (N) produces.

    >>> tool_force_torque(TwoLinkArm(), [0.0, 0.0], [0.0, 10.0]).round(6)   # 10 N up, stretched arm
    array([18.,  8.])
    """
    return _generalized(arm, _checks.states("q", q, 2), _force(h_e))


def holding_torque(arm: TwoLinkArm, q: Any, h_e: Any) -> np.ndarray:
    """τ = g(q) − Jᵀ h_e (N·m): the torques that keep the arm at rest at q while h_e (N) pushes on the tool.

    >>> holding_torque(TwoLinkArm(), [0.0, 0.0], [0.0, 0.0]).round(2)
    array([30.41,  5.89])
    """
    return arm.gravity(_checks.states("q", q, 2)) - tool_force_torque(arm, q, h_e)


def pushed_dynamics(arm: TwoLinkArm, tau: Any, h_e: Any):
    """The live simulator's dynamics under a held torque τ (N·m) and tool force h_e (N): ``(q, q̇) -> (q̈, P)``.

    q̈ solves M q̈ + C q̇ + g + b q̇ = τ + Jᵀ h_e; P = (q̇ᵀ(τ − b q̇), q̇ᵀ Jᵀ h_e) (W) are the powers of the
    joint torques with friction and of the tool force, so a stepper's quadrature of P gives (W_τ, W_ext)
    by the same rule as the state.

    >>> dyn = pushed_dynamics(TwoLinkArm(), [0.0, 0.0], [0.0, 10.0])
    >>> qdd, power = dyn(np.array([0.0, 0.0]), np.array([1.0, 0.0]))
    >>> power.round(6).tolist()     # 10 N up at the stretched arm's tip, 1.8 m from the base: 18 W
    [0.0, 18.0]
    """
    tau, h_e = np.asarray(tau, dtype=float), _force(h_e)
    friction = arm._friction

    def dynamics(q: np.ndarray, qd: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        ext = _generalized(arm, q, h_e)
        qdd = arm._forward_dynamics(q, qd, tau + ext)
        pushed = tau - friction(qd)
        return qdd, np.stack([np.sum(qd * pushed, axis=-1), np.sum(qd * ext, axis=-1)], axis=-1)

    return dynamics


@dataclasses.dataclass
class ToolForceTrajectory:
    """A run under joint torques τ and a tool force h_e, with the two-term ledger, sampled at t[k].

    Attributes:
        t: times (s), shape (K+1,).
        q, qd: states, shape (K+1, 2).
        energy: E = T + V (J), shape (K+1,).
        work_tau: W_τ, the work of τ and joint friction since t = 0 (J).
        work_ext: W_ext, the work of the tool force since t = 0 (J).
        ledger_gap: (E − E₀) − W_τ − W_ext (J), zero for an exact integration.
    """

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    energy: np.ndarray
    work_tau: np.ndarray
    work_ext: np.ndarray
    ledger_gap: np.ndarray


def simulate_tool_force(arm: TwoLinkArm, q0: Any, qd0: Any, tau: Any, h_e: Any,
                        duration: float, dt: float) -> ToolForceTrajectory:
    """RK4 with fixed step dt (s) for ``duration`` (s) under constant τ (N·m) and tool force h_e (N).

    The works W_τ and W_ext are integrated as two extra states by the same RK4 stages.

    Returns:
        A :class:`ToolForceTrajectory`.
    """
    q, qd = _checks.states("q0", q0, 2), _checks.states("qd0", qd0, 2)
    tau, h_e = _checks.states("tau", tau, 2), _force(h_e)
    dt, duration = _checks.positive("dt", dt), _checks.positive("duration", duration)
    steps = round(duration / dt)
    if steps < 1 or abs(steps * dt - duration) > 1e-9 * duration:
        raise ValueError(f"duration must be a whole number of steps dt; got duration={duration}, dt={dt}")

    def f(x: np.ndarray) -> np.ndarray:
        q, qd = x[:2], x[2:4]
        ext = _generalized(arm, q, h_e)
        qdd = arm.forward_dynamics(q, qd, tau + ext)
        return np.concatenate([qd, qdd, [qd @ (tau - arm.b * qd), qd @ ext]])

    x = np.concatenate([q, qd, [0.0, 0.0]])
    xs = [x]
    for _ in range(steps):
        k1 = f(x)
        k2 = f(x + dt / 2 * k1)
        k3 = f(x + dt / 2 * k2)
        k4 = f(x + dt * k3)
        x = x + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        xs.append(x)
    X = np.array(xs)
    energy = np.asarray(arm.total_energy(X[:, :2], X[:, 2:4]), dtype=float)
    gap = energy - energy[0] - X[:, 4] - X[:, 5]
    return ToolForceTrajectory(t=np.arange(steps + 1) * dt, q=X[:, :2], qd=X[:, 2:4], energy=energy,
                               work_tau=X[:, 4], work_ext=X[:, 5], ledger_gap=gap)
