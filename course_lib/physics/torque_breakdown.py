"""How big each term of the standard form is along a motion: inertial, centrifugal, Coriolis, gravity, friction.

Along a joint trajectory q(t) the torque τ = M q̈ + C q̇ + g + F_v q̇ + F_s sgn(q̇) splits into

- the inertial torques M_ij q̈_j, one per pair (i, j): the diagonal ones follow each joint's own acceleration,
  the off-diagonal ones (M₁₂ q̈₂ on joint 1, M₂₁ q̈₁ on joint 2) are the coupling;
- the centrifugal torques Σ_j Γ_ijj q̇_j² (a joint's speed squared) and the Coriolis torques, the rest of
  C q̇ (products q̇_j q̇_k of two different joints);
- gravity g(q) and friction.

The motion is a trapezoidal velocity profile (:func:`trapezoid`): constant acceleration, cruise, constant
deceleration, so the accelerations are piecewise constant. The arm is the textbook's example of a two-link
planar arm with motors (:func:`textbook_motor_arm`): a heavy arm with high gear ratios.

>>> arm = textbook_motor_arm()
>>> t = np.linspace(0.0, DURATION, 201)
>>> q, qd, qdd = trapezoid(START, GOAL, DURATION, ACCEL_TIME, t)
>>> parts = torque_breakdown(arm, q, qd, qdd)
>>> bool(np.allclose(parts.total, arm.inverse_dynamics(q, qd, qdd)))
True
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from course_lib.physics import _checks
from course_lib.physics.christoffel import christoffel_symbols, velocity_torque_parts
from course_lib.physics.models import MotorArm

#: the motion: both joints from START to GOAL (rad) in DURATION (s), accelerating for ACCEL_TIME (s)
START, GOAL, DURATION, ACCEL_TIME = (0.0, 0.0), (np.pi / 2, np.pi / 2), 0.5, 0.1


def textbook_motor_arm() -> MotorArm:
    """The textbook's two-link planar arm with motors: links 1 m long, centres at 0.5 m, 50 kg and 10 kg·m²
    (about the centre) each; gear ratios 100; rotors of 0.01 kg·m²; motor 2's 5 kg at the elbow.

    >>> textbook_motor_arm().rotor_entries()    # k_r1² I_m1 + I_m2 + m_m2 l₁², k_r2 I_m2, k_r2² I_m2 (kg·m²)
    (105.01, 1.0, 100.0)
    """
    return MotorArm(l1=1.0, l2=1.0, m1=50.0, m2=50.0, lc1=0.5, lc2=0.5, I1=10.0, I2=10.0,
                    kr1=100.0, kr2=100.0, Im1=0.01, Im2=0.01, mm2=5.0)


def trapezoid(q0: Any, q1: Any, duration: float, accel_time: float, t: Any) -> tuple[np.ndarray, ...]:
    """(q, q̇, q̈) at times t (s) of a trapezoidal velocity profile from q0 to q1 (rad), one per joint.

    Each joint accelerates at a constant rate for ``accel_time``, cruises, and decelerates for
    ``accel_time``, arriving at rest at ``duration``. Shapes (N, n) for t of shape (N,).

    Raises:
        ValueError: unless 0 < 2 accel_time <= duration.

    >>> q, qd, qdd = trapezoid([0.0], [1.0], 1.0, 0.25, np.array([0.0, 0.5, 1.0]))
    >>> q.ravel().round(6).tolist(), qd.ravel().round(6).tolist()   # cruise speed 1/(1 − 0.25) rad/s
    ([0.0, 0.5, 1.0], [0.0, 1.333333, 0.0])
    """
    q0, q1 = np.atleast_1d(np.asarray(q0, dtype=float)), np.atleast_1d(np.asarray(q1, dtype=float))
    duration, accel_time = _checks.positive("duration", duration), _checks.positive("accel_time", accel_time)
    if 2 * accel_time > duration:
        raise ValueError(f"accel_time must be at most half the duration: got {accel_time} s for {duration} s")
    t = np.clip(np.asarray(t, dtype=float), 0.0, duration)[:, None]
    speed = (q1 - q0) / (duration - accel_time)          # the cruise speed (rad/s)
    a = speed / accel_time
    rising, falling = t < accel_time, t > duration - accel_time
    to_end = duration - t
    s = np.where(rising, 0.5 * a * t**2, np.where(falling, (q1 - q0) - 0.5 * a * to_end**2,
                                                  speed * (t - accel_time / 2)))
    v = np.where(rising, a * t, np.where(falling, a * to_end, speed))
    acc = np.where(rising, a, np.where(falling, -a, 0.0)) * np.ones_like(t)
    return q0 + s, v, acc


@dataclasses.dataclass(frozen=True)
class TorqueBreakdown:
    """The terms of τ along a motion (N·m). Attributes:
        inertial: M_ij q̈_j, shape (N, 2, 2): [:, i, j] is joint j's acceleration's torque on joint i.
        centrifugal: Σ_j Γ_ijj q̇_j², shape (N, 2).
        coriolis: C q̇ minus the centrifugal part, shape (N, 2).
        gravity: g(q), shape (N, 2).
        friction: F_v q̇ + F_s sgn(q̇), shape (N, 2).
        total: the sum, τ, shape (N, 2).
    """

    inertial: np.ndarray
    centrifugal: np.ndarray
    coriolis: np.ndarray
    gravity: np.ndarray
    friction: np.ndarray
    total: np.ndarray

    def peaks(self) -> dict[str, np.ndarray]:
        """The largest |value| of each term over the motion, per joint (N·m): the inertial ones as a 2×2."""
        return {"inertial": np.abs(self.inertial).max(axis=0), "centrifugal": np.abs(self.centrifugal).max(axis=0),
                "coriolis": np.abs(self.coriolis).max(axis=0), "gravity": np.abs(self.gravity).max(axis=0),
                "friction": np.abs(self.friction).max(axis=0)}


def torque_breakdown(arm: MotorArm, q: Any, qd: Any, qdd: Any) -> TorqueBreakdown:
    """Split the torque of ``arm`` along (q, q̇, q̈) (shape (N, 2) each, rad, rad/s, rad/s²) into its terms.

    The centrifugal and Coriolis parts are lesson 6's split of C q̇ by the Christoffel symbols
    (:func:`~course_lib.physics.christoffel.velocity_torque_parts`); the total uses the model's own C q̇.

    Returns:
        A :class:`TorqueBreakdown`.
    """
    q, qd, qdd = (_checks.states(name, v, 2) for name, v in (("q", q), ("qd", qd), ("qdd", qdd)))
    q, qd, qdd = (np.atleast_2d(v) for v in (q, qd, qdd))
    inertial = arm.mass_matrix(q) * qdd[:, None, :]
    velocity = np.einsum("nij,nj->ni", arm.coriolis_matrix(q, qd), qd)
    centrifugal, coriolis = velocity_torque_parts(christoffel_symbols(arm.mass_matrix, q), qd)
    gravity, friction = arm.gravity(q), arm.friction(qd)
    return TorqueBreakdown(inertial=inertial, centrifugal=centrifugal, coriolis=coriolis,
                           gravity=gravity, friction=friction,
                           total=inertial.sum(axis=2) + velocity + gravity + friction)
