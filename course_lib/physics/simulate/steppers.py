"""The fixed-step rules: explicit and semi-implicit Euler and RK4, each with its work ledger.

A model gives q̈ = f(q, q̇, τ). Integrating it needs a stepper; three are
provided so their difference can be *seen*:

- :func:`explicit_euler_step`   q ← q + h q̇,  q̇ ← q̇ + h q̈           (first order)
- :func:`semi_implicit_euler_step` q̇ ← q̇ + h q̈, then q ← q + h q̇_new (first order)
- :func:`rk4_step`              classic fourth-order Runge–Kutta, on arrays
- :func:`rk4_step_floats` and the two Euler rules' ``*_floats``: the same steps for two joints on plain floats
  (the live simulator's 2R path, :data:`FLOAT_STEPPERS`)

Each stepper also integrates the power delivered by the torques and friction,
P = q̇ᵀτ − q̇ᵀ b q̇, with the same rule it uses for the state, so the work W can be
set beside the energy change (work–energy principle: Ė = q̇ᵀτ − b‖q̇‖²).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from course_lib.physics.models.base import ManipulatorModel

#: ``dynamics(q, qd) -> (qdd, power)``
Dynamics = Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]
#: ``controller(t, q, qd) -> tau``
Controller = Callable[[float, np.ndarray, np.ndarray], Any]

Step = tuple[np.ndarray, np.ndarray, np.ndarray]
#: ``dynamics(θ₁, θ₂, θ̇₁, θ̇₂, τ₁, τ₂) -> (θ̈₁, θ̈₂, power)`` on plain floats, for :func:`rk4_step_floats`
FloatDynamics = Callable[[float, float, float, float, float, float], tuple[float, float, float]]


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


def rk4_step_floats(dynamics: FloatDynamics, q: list[float], qd: list[float], tau: list[float],
                    h: float) -> tuple[list[float], list[float], float]:
    """:func:`rk4_step` for two joints on plain floats: the same stages, in the same order: (q, q̇, W).

    For a state of two numbers each numpy call costs more than the arithmetic it does, so the
    live simulator steps a 2R arm by this function when :mod:`~course_lib.physics.simulate.fast_2r`
    has float dynamics for it. Each entry goes through exactly the operations :func:`rk4_step`
    applies to it, so q and q̇ agree with it bit for bit (the work, a sum over joints, to rounding).

    Args:
        dynamics: ``dynamics(θ₁, θ₂, θ̇₁, θ̇₂, τ₁, τ₂) -> (θ̈₁, θ̈₂, P)`` with P the power of torque
            and friction (W).
        q, qd, tau: the two joints' angles (rad), rates (rad/s) and the held torque (N·m).
        h: the step (s).

    Returns:
        (q, q̇, W): the new angles and rates as lists, and the work (J) done over the step.

    >>> free = lambda t1, t2, w1, w2, u1, u2: (u1, u2, w1 * u1 + w2 * u2)   # unit inertias
    >>> q, qd, w = rk4_step_floats(free, [0.0, 0.0], [0.0, 0.0], [1.0, 2.0], 0.5)
    >>> q, qd, round(w, 12)   # q = τ h²/2, q̇ = τ h, W = ½ |q̇|²
    ([0.125, 0.25], [0.5, 1.0], 0.625)
    """
    half, sixth = 0.5 * h, h / 6.0
    (t1, t2), (qd1, qd2), (u1, u2) = q, qd, tau
    a11, a12, p1 = dynamics(t1, t2, qd1, qd2, u1, u2)
    v21, v22 = qd1 + half * a11, qd2 + half * a12
    a21, a22, p2 = dynamics(t1 + half * qd1, t2 + half * qd2, v21, v22, u1, u2)
    v31, v32 = qd1 + half * a21, qd2 + half * a22
    a31, a32, p3 = dynamics(t1 + half * v21, t2 + half * v22, v31, v32, u1, u2)
    v41, v42 = qd1 + h * a31, qd2 + h * a32
    a41, a42, p4 = dynamics(t1 + h * v31, t2 + h * v32, v41, v42, u1, u2)
    return ([t1 + sixth * (qd1 + 2 * v21 + 2 * v31 + v41), t2 + sixth * (qd2 + 2 * v22 + 2 * v32 + v42)],
            [qd1 + sixth * (a11 + 2 * a21 + 2 * a31 + a41), qd2 + sixth * (a12 + 2 * a22 + 2 * a32 + a42)],
            rk4_quadrature(h, p1, p2, p3, p4))


def rk4_quadrature(h: float, p1: float, p2: float, p3: float, p4: float) -> float:
    """RK4's rule for the integral over one step h (s) of a rate sampled at its four stages: h (p₁ + 2p₂ + 2p₃ + p₄)/6.

    >>> rk4_quadrature(0.5, 1.0, 1.0, 1.0, 1.0)
    0.5
    """
    return h / 6.0 * (p1 + 2 * p2 + 2 * p3 + p4)


def explicit_euler_step_floats(dynamics: FloatDynamics, q: list[float], qd: list[float], tau: list[float],
                               h: float) -> tuple[list[float], list[float], float]:
    """:func:`explicit_euler_step` for two joints on plain floats (see :func:`rk4_step_floats`): (q, q̇, W)."""
    (t1, t2), (qd1, qd2), (u1, u2) = q, qd, tau
    a1, a2, p = dynamics(t1, t2, qd1, qd2, u1, u2)
    return [t1 + h * qd1, t2 + h * qd2], [qd1 + h * a1, qd2 + h * a2], euler_quadrature(h, p)


def semi_implicit_euler_step_floats(dynamics: FloatDynamics, q: list[float], qd: list[float], tau: list[float],
                                    h: float) -> tuple[list[float], list[float], float]:
    """:func:`semi_implicit_euler_step` for two joints on plain floats: velocity first, then position."""
    (t1, t2), (qd1, qd2), (u1, u2) = q, qd, tau
    a1, a2, p = dynamics(t1, t2, qd1, qd2, u1, u2)
    v1, v2 = qd1 + h * a1, qd2 + h * a2
    return [t1 + h * v1, t2 + h * v2], [v1, v2], euler_quadrature(h, p)


def euler_quadrature(h: float, p1: float) -> float:
    """Both Euler rules' integral over one step h (s) of a rate sampled once, at the step's start: h p₁."""
    return h * p1


#: each method's float step for two joints, and its quadrature of a rate from the values at its stages
FLOAT_STEPPERS: dict[str, tuple[Callable[..., tuple[list, list, float]], Callable[..., float]]] = {
    "explicit_euler": (explicit_euler_step_floats, euler_quadrature),
    "semi_implicit_euler": (semi_implicit_euler_step_floats, euler_quadrature),
    "rk4": (rk4_step_floats, rk4_quadrature),
}

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

    one = model._forward_dynamics_one

    def dynamics(q: np.ndarray, qd: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        # inputs are checked once, by the caller; one state takes the model's single-state path
        qdd = one(q, qd, tau) if q.ndim == 1 else model._forward_dynamics(q, qd, tau)
        pushed = tau - model._friction(qd)
        power = qd @ pushed if qd.ndim == 1 else np.sum(qd * pushed, axis=-1)
        return qdd, power

    return dynamics
