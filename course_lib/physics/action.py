"""The action of a path, S = ∫ L dt, for the two systems of lesson 1: a thrown ball and a pendulum.

Hamilton's principle says the true motion between two fixed end points makes
S stationary: perturb the path by ε·η(t) with η(0) = η(T) = 0 and S changes by
nothing at first order in ε. Lesson 1 perturbs with the modes
η(t) = sin(kπt/T), k = 1, 2, …, and plots S(ε) − S(0).

Conventions and units (SI):

- time t from 0 to the horizon T (s); the end points q(0) and q(T) are fixed;
- the ball: q is the height (m), L = ½ m q̇² − m g q, in J; S in J·s;
- the pendulum: q = θ (rad) from straight down, counter-clockwise positive,
  L = ½ m l² θ̇² − m g l (1 − cos θ), from :class:`~course_lib.physics.models.Pendulum`.

S is integrated numerically (Simpson's rule on ``n`` samples); the ball's
exact answer, ΔS = m π² k² ε² / (4T), is :func:`ball_delta_s`.

Physics note: for the ball L is quadratic in q̇ and linear in q, so ΔS is
exactly ½ m ∫ (ε η̇)² dt, positive for every ε: the true path is a minimum.
For the pendulum the second variation ∫ (m l² η̇² − m g l cos θ η²) dt turns
negative once the horizon passes about half a period (π/ω₀ ≈ 1.003 s for small
swings; 1.0087 s, half the period of a 0.3 rad swing, for the ends ±0.3 rad;
:func:`saddle_horizon`): the action is then stationary but no longer smallest,
the valley has become a saddle. Past that horizon several paths join the same
end points; :class:`PendulumSwing` follows the one that continues the short-horizon
path (:func:`~course_lib.physics.pendulum_bvp.pendulum_branch`); the shooting lives in
:mod:`course_lib.physics.pendulum_bvp`.

>>> ball = Ball()
>>> round(float(action_change(ball, 0.3, k=2)), 6), round(float(ball_delta_s(ball, 0.3, k=2)), 6)
(0.888264, 0.888264)
>>> swing = PendulumSwing()
>>> abs(first_variation(swing, k=1)) < 1e-6
True
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np
from scipy.integrate import simpson
from scipy.optimize import brentq

from course_lib.physics._checks import finite, positive
from course_lib.physics.pendulum_bvp import PendulumSwing

#: samples of the path used for the quadrature of S (odd, for Simpson's rule)
SAMPLES = 2001


def check_mode(k: Any) -> int:
    """``k`` as a mode number: a whole number ≥ 1.

    Raises:
        ValueError: for anything else (naming what is allowed).
    """
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise ValueError(f"the mode number k must be a whole number 1, 2, 3, …, got {k!r}")
    return int(k)


def _epsilons(eps: Any) -> np.ndarray:
    e = np.asarray(eps, dtype=float) if not isinstance(eps, str) else None
    if e is None or e.dtype.kind not in "fiu" or not np.all(np.isfinite(e)):
        raise ValueError(f"ε must be a finite number (or an array of them), in metres or radians; got {eps!r}")
    return e


def mode_shape(t: Any, horizon: float, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The perturbation shape η(t) = sin(kπt/T) and its rate η̇(t) (1/s).

    Args:
        t: times (s), any shape.
        horizon: T (s), > 0.
        k: mode number, 1, 2, 3, … (k half-waves between the fixed ends).

    Returns:
        (η, η̇), each shaped like ``t``. η is zero at t = 0 and t = T.

    >>> eta, _ = mode_shape([0.0, 0.25, 1.0], 1.0, 2)
    >>> np.round(eta, 12).tolist()
    [0.0, 1.0, -0.0]
    """
    horizon, k = positive("the horizon T (s)", horizon), check_mode(k)
    w = k * np.pi / horizon
    t = np.asarray(t, dtype=float)
    return np.sin(w * t), w * np.cos(w * t)


@dataclasses.dataclass(frozen=True)
class Ball:
    """A ball thrown straight up at t = 0 that comes back to the same height at t = T.

    Args:
        m: mass (kg), > 0.
        horizon: flight time T (s), > 0.
        g: gravitational acceleration (m/s²), > 0.
        q_start, q_end: heights at t = 0 and t = T (m).

    The true path is the parabola q(t) = q_start + (q_end − q_start) t/T + (g/2) t (T − t).

    >>> round(float(Ball().true_path(0.5)[0]), 5)   # top of the flight: g T²/8
    1.22625
    """

    m: float = 1.0
    horizon: float = 1.0
    g: float = 9.81
    q_start: float = 0.0
    q_end: float = 0.0

    def __post_init__(self) -> None:
        for name in ("m", "horizon", "g"):
            positive(f"Ball: {name}", getattr(self, name))
        finite("Ball: q_start (m)", self.q_start)
        finite("Ball: q_end (m)", self.q_end)

    def lagrangian(self, q: Any, qd: Any) -> np.ndarray:
        """L = ½ m q̇² − m g q (J), elementwise."""
        q, qd = np.asarray(q, dtype=float), np.asarray(qd, dtype=float)
        return 0.5 * self.m * qd**2 - self.m * self.g * q

    def acceleration(self, q: Any, qd: Any) -> np.ndarray:
        """q̈ from Euler–Lagrange: m q̈ = −m g (m/s²)."""
        return np.full_like(np.asarray(q, dtype=float), -self.g)

    def true_path(self, t: Any) -> tuple[np.ndarray, np.ndarray]:
        """(q, q̇) of the true flight at times ``t`` (s)."""
        t, T = np.asarray(t, dtype=float), self.horizon
        q = self.q_start + (self.q_end - self.q_start) * t / T + 0.5 * self.g * t * (T - t)
        qd = (self.q_end - self.q_start) / T + 0.5 * self.g * (T - 2 * t)
        return q, qd

    def samples(self, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(t, q, q̇) on ``n`` evenly spaced times from 0 to T."""
        t = np.linspace(0.0, self.horizon, n)
        return (t, *self.true_path(t))


System = Ball | PendulumSwing


def _samples(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 3 or n % 2 == 0:
        raise ValueError(f"n, the number of samples of the path, must be an odd whole number ≥ 3, got {n!r}")
    return int(n)


def perturbed_path(system: System, t: Any, eps: Any, k: int) -> tuple[np.ndarray, np.ndarray]:
    """(q, q̇) of the perturbed path q_true(t) + ε sin(kπt/T) at times ``t``.

    Args:
        system: a :class:`Ball` or a :class:`PendulumSwing`.
        t: times (s).
        eps: ε (m for the ball, rad for the pendulum); an array gives one path per entry (leading axis).
        k: mode number ≥ 1.
    """
    e, t = _epsilons(eps), np.asarray(t, dtype=float)
    eta, eta_dot = mode_shape(t, system.horizon, k)
    q, qd = system.true_path(t)
    e = e[..., None] if e.ndim else e
    return q + e * eta, qd + e * eta_dot


def action(system: System, eps: Any = 0.0, k: int = 1, n: int = SAMPLES) -> np.ndarray | float:
    """S = ∫₀ᵀ L(q, q̇) dt of the perturbed path (J·s), by Simpson's rule on ``n`` samples.

    Args:
        system: a :class:`Ball` or a :class:`PendulumSwing`.
        eps: ε (m or rad), a number or an array of them.
        k: mode number ≥ 1.
        n: odd number of samples ≥ 3.

    Returns:
        S, shaped like ``eps`` (a float for a number).

    Raises:
        ValueError: for a non-finite ε, a bad k or n.
    """
    e = _epsilons(eps)
    t, q, qd = system.samples(_samples(n))
    eta, eta_dot = mode_shape(t, system.horizon, k)
    if e.ndim:
        e = e[..., None]
    q, qd = q + e * eta, qd + e * eta_dot
    s = simpson(system.lagrangian(q, qd), x=t, axis=-1)
    return float(s) if np.ndim(s) == 0 else s


def action_change(system: System, eps: Any, k: int = 1, n: int = SAMPLES) -> np.ndarray | float:
    """S(ε) − S(0) (J·s): how much the perturbation raises (or lowers) the action."""
    return action(system, eps, k, n) - action(system, 0.0, k, n)


def first_variation(system: System, k: int = 1, h: float = 1e-4, n: int = SAMPLES) -> float:
    """dS/dε at ε = 0 (J·s per m or rad), by a central difference of the numerical S.

    Zero on the true path (Hamilton's principle), whatever the mode k.
    """
    h = positive("h", h)
    return float((action(system, h, k, n) - action(system, -h, k, n)) / (2 * h))


def second_variation(system: System, k: int = 1, h: float = 1e-2, n: int = SAMPLES) -> float:
    """d²S/dε² at ε = 0 (J·s per m² or rad²), by a central second difference of the numerical S.

    Positive: the true path is at the bottom of a valley along this mode; negative: a saddle.
    """
    h = positive("h", h)
    return float((action(system, h, k, n) - 2 * action(system, 0.0, k, n) + action(system, -h, k, n)) / h**2)


def ball_delta_s(ball: Ball, eps: Any, k: int = 1) -> np.ndarray | float:
    """The ball's exact ΔS = m π² k² ε² / (4T) (J·s).

    Only the kinetic term changes at second order and V is linear in q, so this holds for any ε.

    >>> round(float(ball_delta_s(Ball(), 0.1, 1)), 6)
    0.024674
    """
    if not isinstance(ball, Ball):
        raise ValueError(f"ball_delta_s is the ball's formula; got a {type(ball).__name__}")
    e, k = _epsilons(eps), check_mode(k)
    d = ball.m * np.pi**2 * k**2 * e**2 / (4 * ball.horizon)
    return float(d) if np.ndim(d) == 0 else d


def saddle_horizon(swing: PendulumSwing | None = None, k: int = 1, bracket: tuple[float, float] = (0.6, 1.4),
                   step: float = 0.1) -> float:
    """The horizon T (s) at which the pendulum's valley along mode k turns into a saddle.

    The true path between the swing's end points is followed along its branch (as
    :func:`~course_lib.physics.pendulum_bvp.pendulum_branch` does) from ``bracket[0]`` in steps of ``step`` until d²S/dε² along sin(kπt/T) changes sign; the crossing
    is then found between the last two horizons, each solve continued from the path before it. For small
    swings and k = 1 it is half a period, π/ω₀ = π√(l/g) ≈ 1.003 s (mode k: k half-periods); for the
    lab's ends ±0.3 rad it is half the period of a 0.3 rad swing, 1.0087 s: the true path there starts
    from rest, and neighbouring paths from θ(0) all arrive at θ(T) (a conjugate point).

    Raises:
        ValueError: when d²S/dε² keeps one sign over ``bracket``.
    """
    swing = swing if swing is not None else PendulumSwing()
    k = check_mode(k)
    lo, hi = sorted(positive("bracket", b) for b in bracket)
    step = positive("step", step)
    grid = np.linspace(lo, hi, max(2, math.ceil((hi - lo) / step - 1e-9) + 1))
    previous, curvatures = swing.continue_from, []
    for T in grid:
        here = dataclasses.replace(swing, horizon=float(T), continue_from=previous)
        curvatures.append(second_variation(here, k))
        if len(curvatures) > 1 and curvatures[-2] * curvatures[-1] <= 0:
            break
        start, previous = here, here.branch_point
    else:
        raise ValueError(f"d²S/dε² has the same sign at T = {lo} s ({curvatures[0]:.3g}) and T = {hi} s "
                         f"({curvatures[-1]:.3g}); give a bracket around the change")
    end = here
    if curvatures[-1] == 0.0:
        return float(end.horizon)
    slope = (end.theta_dot_start - start.theta_dot_start) / (end.horizon - start.horizon)  # the branch's chord
    from_start = start.branch_point._replace(slope=slope)

    def curvature(T: float) -> float:
        return second_variation(dataclasses.replace(swing, horizon=T, continue_from=from_start), k)

    return float(brentq(curvature, start.horizon, end.horizon, xtol=1e-6))
