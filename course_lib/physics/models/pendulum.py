"""The simple pendulum: a point mass on a light rod, one joint.

Convention: θ = 0 is the bob hanging at rest below the pivot, and θ grows
counter-clockwise. A motor at the pivot applies τ; the bearing resists with
a torque proportional to the rate, b θ̇. The equation of motion is

    m l² θ̈ + m g l sin θ = τ − b θ̇ .
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from course_lib.physics import _checks
from course_lib.physics.models.base import ManipulatorModel


class Pendulum(ManipulatorModel):
    """A point mass ``m`` on a massless rod of length ``l``.

    Args:
        m: bob mass (kg), > 0.
        l: rod length (m), > 0.
        b: viscous friction at the pivot (N·m·s/rad), >= 0.
        g: gravitational acceleration (m/s²), >= 0.

    The generic interface takes ``q`` of shape ``(1,)`` or ``(N, 1)`` (a plain
    number is accepted as one state). :meth:`angular_acceleration` and
    :meth:`rod_tension` work elementwise on numbers or arrays of angles.

    Example — released from rest at the horizontal, it falls back at g/l:

    >>> p = Pendulum(m=1.0, l=1.0)
    >>> float(p.angular_acceleration(np.pi / 2, 0.0))
    -9.81
    >>> p.mass_matrix(0.3)
    array([[1.]])
    """

    n_dof = 1
    parameter_names = ("m", "l", "b", "g")

    def __init__(self, m: float = 1.0, l: float = 1.0, b: float = 0.0, g: float = 9.81):
        self.m = _checks.positive("m", m)
        self.l = _checks.positive("l", l)
        self.g = _checks.non_negative("g", g)
        self.b = _checks.damping("b", b, 1)
        self._freeze()

    def __repr__(self) -> str:
        return f"Pendulum(m={self.m}, l={self.l}, b={self.b[0]}, g={self.g})"

    # -- the manipulator-equation terms --------------------------------------
    @property
    def inertia(self) -> float:
        """m l² (kg·m²): the bob's moment of inertia about the pivot."""
        return self.m * self.l**2

    def _mass_matrix(self, q: np.ndarray) -> np.ndarray:
        # M = [m l²], the same at every angle.
        return np.full(q.shape + (1,), self.inertia)

    def _coriolis_matrix(self, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
        # C = [0]: one constant inertia makes no velocity torques.
        return np.zeros(q.shape + (1,))

    def _gravity(self, q: np.ndarray) -> np.ndarray:
        return self._gravity_torque(q)

    def _gravity_torque(self, theta: np.ndarray) -> np.ndarray:
        # m g l sin θ (N·m): the torque gravity makes about the pivot, pulling toward θ = 0
        return self.m * self.g * self.l * np.sin(theta)

    def _forward_dynamics_one(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        # θ̈ = (τ − b θ̇ − m g l sin θ) / (m l²) on plain floats: the simulation loop's fast path
        theta, rate = float(q[0]), float(qd[0])
        torque = float(tau[0]) - float(self.b[0]) * rate - self.m * self.g * self.l * math.sin(theta)
        return np.array((torque / (self.m * self.l * self.l),))

    def _potential_energy(self, q: np.ndarray) -> np.ndarray:
        # V = m g l (1 − cos θ) (J), zero when hanging straight down.
        return self.m * self.g * self.l * (1.0 - np.cos(q[..., 0]))

    # -- scalar, lesson-friendly forms ---------------------------------------
    def angular_acceleration(self, theta: Any, theta_dot: Any, tau: Any = 0.0) -> np.ndarray:
        """θ̈ = (τ − b θ̇ − m g l sin θ) / (m l²) (rad/s²), elementwise."""
        theta, theta_dot, tau = _elementwise(theta=theta, theta_dot=theta_dot, tau=tau)
        return (tau - self.b[0] * theta_dot - self._gravity_torque(theta)) / self.inertia

    def rod_tension(self, theta: Any, theta_dot: Any) -> np.ndarray:
        """Tension in the rod T_c = m l θ̇² + m g cos θ (N), elementwise.

        Newton's radial equation for the bob: the rod pulls toward the pivot
        with T_c, gravity's radial component is m g cos θ outward, and the bob
        needs the centripetal force m l θ̇². The tension is a constraint force:
        it never appears in Lagrange's equation, which is why it must be
        recovered afterwards from Newton's law. Positive means the rod pulls.

        >>> round(float(Pendulum().rod_tension(0.0, 3.0)), 2)
        18.81
        """
        theta, theta_dot = _elementwise(theta=theta, theta_dot=theta_dot)
        return self.m * self.l * theta_dot**2 + self.m * self.g * np.cos(theta)

    def bob_position(self, theta: Any) -> np.ndarray:
        """Bob position (x, y) in metres, pivot at the origin, y up; shape ``(..., 2)``."""
        (theta,) = _elementwise(theta=theta)
        return np.stack([self.l * np.sin(theta), -self.l * np.cos(theta)], axis=-1)

    def holding_torque(self, theta: Any) -> np.ndarray:
        """Torque (N·m) that holds the pendulum still at θ: it balances gravity, τ = m g l sin θ."""
        (theta,) = _elementwise(theta=theta)
        return self._gravity_torque(theta)

    def separatrix_speed(self, theta: Any) -> np.ndarray:
        """θ̇ ≥ 0 on the separatrix (rad/s): the motion whose energy is exactly 2 m g l.

        With that energy the pendulum creeps up to the inverted position and
        never quite gets there; less energy swings, more energy spins. From
        ½ m l² θ̇² + m g l (1 − cos θ) = 2 m g l.
        """
        (theta,) = _elementwise(theta=theta)
        return np.sqrt(2.0 * self.g / self.l * (1.0 + np.cos(theta)))

    def small_angle_frequency(self) -> float:
        """Natural frequency ω₀ = √(g/l) (rad/s) of the linearised pendulum."""
        return float(np.sqrt(self.g / self.l))


def _elementwise(**values: Any) -> tuple[np.ndarray, ...]:
    out = []
    for name, v in values.items():
        try:
            a = np.asarray(v, dtype=float)
        except (TypeError, ValueError):
            raise ValueError(f"{name} must be a number or an array of numbers, got {v!r}") from None
        if not np.all(np.isfinite(a)):
            raise ValueError(f"{name} must be finite (no NaN or inf), got {v!r}")
        out.append(a)
    try:
        return tuple(np.broadcast_arrays(*out))
    except ValueError:
        shapes = ", ".join(f"{k} {a.shape}" for k, a in zip(values, out))
        raise ValueError(f"array shapes do not broadcast together: {shapes}") from None
