"""Lesson 8, lab 1: three joint-space controllers track the same sinusoidal target.

The target is one sinusoid per joint of the 2R arm (θ₁ from the horizontal, θ₂ relative):

    q_d(t) = CENTRE + AMPLITUDE ⊙ sin(OMEGA t),   OMEGA = (2.2, 3.0) rad/s

and three copies of the same arm follow it, each with its own law from
:mod:`course_lib.physics.control` (gains K_p = 150, K_d = 20):

- PD:                τ = K_p e + K_d ė                                  (N·m per rad: the gains are torques)
- PD + gravity:      τ = K_p e + K_d ė + ĝ(q)
- computed torque:   τ = M̂(q)(q̈_d + K_d ė + K_p e) + Ĉ q̇ + ĝ            (the gains act on accelerations)

with e = q_d − q and the hatted terms from the model the controller *believes*
(masses off by a "model error", and no payload). The controller runs at
500 Hz and its torque is held in between (zero-order hold).

All three arms live in one :class:`~course_lib.physics.models.arm_team.ArmTeam`
model, so one simulator step moves all of them and one controller call
samples all three laws.

>>> t = np.array([0.0, 1.0])
>>> q_d, qd_d, qdd_d = target(t)
>>> q_d[0].tolist() == list(CENTRE)
True
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from course_lib.physics.models import TwoLinkArm
from course_lib.physics.models.arm_team import ArmTeam
from course_lib.physics.simulate import fast_2r

#: the lesson's gains: K_p (1/s² for computed torque, N·m/rad for the PD laws) and K_d (1/s, N·m·s/rad)
KP, KD = 150.0, 20.0
#: the controller's sampling period (s): 500 Hz, output held in between
CONTROL_PERIOD = 1 / 500
#: the simulator's RK4 step (s): one step per control period (a test checks 1 ms gives the same errors)
DT = 1 / 500
#: the target's angular frequencies per joint (rad/s)
OMEGA = (2.2, 3.0)
#: our choice: amplitudes (rad) and the centre posture (rad)
AMPLITUDE = (0.4, 0.5)
CENTRE = (0.5, 0.5)
#: the order of the controllers in the stacked state, and how the lab names them
CONTROLLERS = ("pd", "pdg", "ct")
#: readouts: the RMS error is taken over this window (s)
RMS_WINDOW = 2.0


def target(t: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """q_d, q̇_d, q̈_d at times ``t`` (s): each of shape ``t.shape + (2,)``, in rad, rad/s, rad/s².

    >>> q, qd, qdd = target(0.0)
    >>> bool(np.allclose(qdd, 0.0)) and bool(np.allclose(qd, np.multiply(AMPLITUDE, OMEGA)))
    True
    """
    t = np.asarray(t, dtype=float)[..., None]
    w, a = np.asarray(OMEGA), np.asarray(AMPLITUDE)
    s, c = np.sin(w * t), np.cos(w * t)
    return np.asarray(CENTRE) + a * s, a * w * c, -a * w**2 * s


def start_state() -> tuple[np.ndarray, np.ndarray]:
    """Every arm starts on the target at t = 0: (q, q̇) of the stacked state, shape (6,) each."""
    q_d, qd_d, _ = target(0.0)
    return np.tile(q_d, 3), np.tile(qd_d, 3)


def plant(payload: float = 0.0, arm: TwoLinkArm | None = None) -> ArmTeam:
    """Three copies of the true arm (the course's arm unless given) with ``payload`` kg at the tip."""
    return ArmTeam((arm or TwoLinkArm()).replace(payload=payload), len(CONTROLLERS))


def believed(model_error: float = 0.0, arm: TwoLinkArm | None = None) -> TwoLinkArm:
    """The arm the controllers believe in: every mass and inertia times 1 + model_error, no payload."""
    return (arm or TwoLinkArm()).replace(payload=0.0).with_mass_error(model_error)


def three_laws(model: TwoLinkArm, kp: float = KP, kd: float = KD
               ) -> Callable[[float, np.ndarray, np.ndarray], np.ndarray]:
    """The controller of the stacked arms: PD, PD + gravity and computed torque, each on its own arm.

    The same laws as :func:`course_lib.physics.control.pd`, :func:`~course_lib.physics.control.pd_gravity` (tracking form,
    with q̇_d) and :func:`~course_lib.physics.control.computed_torque`, written on plain floats because the
    simulator samples them 500 times per simulated second (a test checks that they agree).

    Args:
        model: the arm the laws believe in (:func:`believed`).
        kp, kd: the gains (numbers).

    Returns:
        ``controller(t, q, qd) -> τ`` for :class:`~course_lib.physics.simulate.live.LiveSim`, q and τ of shape (6,).
    """
    kp, kd = float(kp), float(kd)
    (c1, c2), (a1, a2), (w1, w2) = CENTRE, AMPLITUDE, OMEGA
    k = fast_2r.constants(model)  # τ = M q̈ + C q̇ + g (+ b q̇) on floats, for a TwoLinkArm exactly

    def controller(t: float, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
        s1, s2 = math.sin(w1 * t), math.sin(w2 * t)
        r1, r2 = c1 + a1 * s1, c2 + a2 * s2  # the target q_d(t), q̇_d(t), q̈_d(t), as target(t)
        v1, v2 = a1 * w1 * math.cos(w1 * t), a2 * w2 * math.cos(w2 * t)
        dd1, dd2 = -a1 * w1 * w1 * s1, -a2 * w2 * w2 * s2
        x, v = q.tolist(), qd.tolist()
        # K_p e + K_d ė of each arm, joint 1 and joint 2
        f = [(kp * (r1 - x[i]) + kd * (v1 - v[i]), kp * (r2 - x[i + 1]) + kd * (v2 - v[i + 1])) for i in (0, 2, 4)]
        g1, g2 = fast_2r.inverse(k, x[2], x[3], 0.0, 0.0, 0.0, 0.0)  # at rest, not accelerating: τ = g(q)
        t1, t2 = fast_2r.inverse(k, x[4], x[5], v[4], v[5], dd1 + f[2][0], dd2 + f[2][1])  # computed torque
        return np.array((f[0][0], f[0][1], f[1][0] + g1, f[1][1] + g2, t1, t2))

    return controller


def tracking_errors(t: Any, q: np.ndarray) -> np.ndarray:
    """‖q_d(t) − q‖ (rad) of each controller's arm: shape ``(N, 3)`` for N states of the stacked arms."""
    q_d, _, _ = target(t)
    e = q_d[:, None, :] - np.asarray(q).reshape(-1, 3, 2)
    return np.linalg.norm(e, axis=-1)


def windowed_rms(t: np.ndarray, err: np.ndarray, window: float = RMS_WINDOW) -> np.ndarray:
    """RMS of ``err`` over the samples in (t − window, t] at each sample time (rows), per column.

    Args:
        t: sample times (s), increasing, shape (N,).
        err: errors, shape (N, k).

    Returns:
        shape (N, k).

    >>> windowed_rms(np.array([0.0, 1.0, 2.0, 3.0]), np.array([[1.0], [1.0], [3.0], [3.0]]), 1.5).ravel().tolist()
    [1.0, 1.0, 2.23606797749979, 3.0]
    """
    t = np.asarray(t, dtype=float)
    sq = np.vstack([np.zeros((1, err.shape[1])), np.cumsum(np.asarray(err, dtype=float) ** 2, axis=0)])
    first = np.searchsorted(t, t - window, side="right")
    count = np.arange(1, len(t) + 1) - first
    return np.sqrt((sq[1:] - sq[first]) / count[:, None])


def run(model_error: float = 0.0, payload: float = 0.0, duration: float = 6.0, dt: float = DT,
        control_period: float | None = CONTROL_PERIOD):
    """The lab's run as one batch simulation: a :class:`~course_lib.physics.simulate.integrators.Trajectory` of the stacked arms."""
    from course_lib.physics.simulate.integrators import simulate

    q0, qd0 = start_state()
    return simulate(plant(payload), q0, qd0, duration, dt=dt, controller=three_laws(believed(model_error)),
                    control_period=control_period)
