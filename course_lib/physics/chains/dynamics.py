"""Forward dynamics with rotors and friction, and a simulation with an energy ledger.

:func:`forward_dynamics` solves M q̈ = τ − h − τ_f with M from CRBA, applying the
stick–slip rule of :mod:`course_lib.physics.models.stick_slip` to joints at rest.
:func:`simulate` integrates it with RK4 and integrates the input power q̇ᵀτ
and the friction power alongside, so that E(t) − E(0) = W_in − W_friction
can be checked along the motion.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

import numpy as np

from course_lib.physics.chains.chain import Chain
from course_lib.physics.chains.crba import crba
from course_lib.physics.chains.friction import _coefficients, friction_torque
from course_lib.physics.chains.kinematics import kinetic_energy, potential_energy
from course_lib.physics.chains.rnea import bias_torque
from course_lib.physics.models.stick_slip import stick_slip

#: a joint slower than this (rad/s or m/s) counts as at rest for the stick–slip rule
REST_SPEED = 1e-9

__all__ = ["REST_SPEED", "ChainTrajectory", "forward_dynamics", "mass_matrix", "simulate", "stick_slip"]


def mass_matrix(chain: Chain, q: Any) -> np.ndarray:
    """M(q) by CRBA (rotors included); see :func:`mass_matrix_by_columns` for the ID route."""
    return crba(chain, q)


def forward_dynamics(chain: Chain, q: Any, qd: Any, tau: Any, Fv: Any = 0.0, Fs: Any = 0.0,
                     rest_speed: float = REST_SPEED) -> np.ndarray:
    """q̈ from M q̈ + h + F_v q̇ + F_s sgn(q̇) = τ, with stick–slip for joints at rest.

    A joint at rest (|q̇| <= rest_speed) with F_s > 0 first assumes it sticks
    (q̈ = 0). The friction torque that needs is the torque left over on that
    joint; if it exceeds F_s, the joint with the largest excess breaks away,
    with friction F_s against the push, and the others are checked again.

    Args:
        chain: the chain (rotors allowed).
        q, qd, tau: state and joint torques, shape (n,).
        Fv, Fs: viscous (N·m·s/rad) and Coulomb (N·m) coefficients, >= 0.

    Returns:
        q̈, shape (n,).
    """
    q, qd, tau = (chain.q_vector(name, v) for name, v in (("q", q), ("qd", qd), ("tau", tau)))
    Fv, Fs = _coefficients(Fv, Fs, qd.shape)
    M = mass_matrix(chain, q)
    resting = np.abs(qd) <= rest_speed
    rhs = tau - bias_torque(chain, q, qd) - friction_torque(np.where(resting, 0.0, qd), Fv, Fs)
    return stick_slip(M, rhs, resting, Fs)


@dataclasses.dataclass
class ChainTrajectory:
    """A simulated motion: times (N,), q and q̇ (N, n), energy and the two works (N,), in J."""

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    energy: np.ndarray
    work_in: np.ndarray
    work_friction: np.ndarray


def simulate(chain: Chain, q0: Any, qd0: Any, tau: Callable[[float], Any] | Any,
             duration: float, dt: float, Fv: Any = 0.0, Fs: Any = 0.0) -> ChainTrajectory:
    """RK4 with step dt; the works ∫ q̇ᵀτ dt and ∫ q̇ᵀτ_f dt ride along in the state.

    A joint whose rate changes sign within a step is set to rest at the end of
    the step, so that the stick–slip rule decides what it does next.

    Args:
        tau: constant joint torques, or a function of time returning them.
    """
    if not (dt > 0 and duration > 0):
        raise ValueError(f"dt and duration must be > 0, got dt={dt!r}, duration={duration!r}")
    n = chain.n
    torque = tau if callable(tau) else (lambda t, c=chain.q_vector("tau", tau): c)

    def f(t: float, x: np.ndarray) -> np.ndarray:
        q, qd = x[:n], x[n:2 * n]
        u = np.asarray(torque(t), dtype=float)
        qdd = forward_dynamics(chain, q, qd, u, Fv, Fs)
        return np.concatenate([qd, qdd, [qd @ u, qd @ friction_torque(qd, Fv, Fs)]])

    steps = int(round(duration / dt))
    x = np.concatenate([chain.q_vector("q0", q0), chain.q_vector("qd0", qd0), [0.0, 0.0]])
    out = np.zeros((steps + 1, x.size))
    out[0] = x
    for k in range(steps):
        t = k * dt
        k1 = f(t, x)
        k2 = f(t + dt / 2, x + dt / 2 * k1)
        k3 = f(t + dt / 2, x + dt / 2 * k2)
        k4 = f(t + dt, x + dt * k3)
        new = x + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        crossed = np.sign(new[n:2 * n]) * np.sign(x[n:2 * n]) < 0
        new[n:2 * n][crossed & (np.asarray(np.broadcast_to(Fs, (n,))) > 0)] = 0.0
        x = out[k + 1] = new
    t = np.arange(steps + 1) * dt
    energy = np.array([kinetic_energy(chain, s[:n], s[n:2 * n]) + potential_energy(chain, s[:n])
                       for s in out])
    return ChainTrajectory(t, out[:, :n], out[:, n:2 * n], energy, out[:, -2], out[:, -1])
