"""The action of a path, S = ∫ L dt, for the two systems of lesson 1: a thrown ball and a pendulum.

Hamilton's principle says the true motion between two fixed end points makes
S stationary: perturb the path by ε·η(t) with η(0) = η(T) = 0 and S changes by
nothing at first order in ε. Lesson 1 perturbs with the modes
η(t) = sin(kπt/T), k = 1, 2, …, and plots S(ε) − S(0).

Conventions and units (SI):

- time t from 0 to the horizon T (s); the end points q(0) and q(T) are fixed;
- the ball: q is the height (m), L = ½ m q̇² − m g q, in J; S in J·s;
- the pendulum: q = θ (rad) from straight down, counter-clockwise positive,
  L = ½ m l² θ̇² − m g l (1 − cos θ), from :class:`~course_lib.models.Pendulum`.

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
path (:func:`pendulum_branch`).

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
from typing import Any, NamedTuple

import numpy as np
from scipy.integrate import simpson, solve_ivp
from scipy.optimize import brentq

from course_lib.models import Pendulum

#: samples of the path used for the quadrature of S (odd, for Simpson's rule)
SAMPLES = 2001
#: the pendulum's end points (rad); the seed gives none. A swing from +0.3 rad to −0.3 rad (±17°).
THETA_START, THETA_END = 0.3, -0.3
#: the pendulum's shooting starts at this fraction of half a small-swing period π/ω₀. Below π/ω₀ one path joins
#: the ends: the rate's effect on θ(T), J(T) with Jdd = −(g/l) cos θ J, stays positive (Sturm: g/l cos θ ≤ ω₀²).
SHORT_HORIZON = 0.9
#: the largest step in T (s) when the path is continued from a short horizon to a long one
CONTINUATION_STEP = 0.1


def _positive(name: str, value: Any) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a positive number, got {value!r}") from None
    if not (math.isfinite(v) and v > 0):
        raise ValueError(f"{name} must be a positive, finite number, got {value!r}")
    return v


def _finite(name: str, value: Any) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a finite number, got {value!r}") from None
    if not math.isfinite(v):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    return v


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
    horizon, k = _positive("the horizon T (s)", horizon), check_mode(k)
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
            _positive(f"Ball: {name}", getattr(self, name))
        _finite("Ball: q_start (m)", self.q_start)
        _finite("Ball: q_end (m)", self.q_end)

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


class BranchPoint(NamedTuple):
    """A known path on a branch of the pendulum's two-point problem: where a continuation can start.

    ``pendulum``, ``theta_start`` and ``theta_end`` name the problem, ``horizon`` (s) and ``rate``
    (θ̇(0), rad/s) the path, and ``slope`` (rad/s per s) how θ̇(0) changes with the horizon there.
    """

    pendulum: Pendulum
    theta_start: float
    theta_end: float
    horizon: float
    rate: float
    slope: float


@dataclasses.dataclass(frozen=True)
class PendulumSwing:
    """The pendulum's true path between two fixed angles: a two-point boundary-value problem.

    Args:
        pendulum: the model (default m = l = 1 kg, m, no friction); b must be 0 (friction has no L).
        horizon: T (s), > 0.
        theta_start, theta_end: θ(0) and θ(T) (rad, from straight down), within ±π.
        continue_from: optional, a :class:`BranchPoint` of the same problem (``other.branch_point``) to
            continue from instead of from a short horizon; a point of another problem is ignored.

    The path is found by shooting: the initial rate θ̇(0) is adjusted (Newton's method) until integrating
    m l² θ̈ = −m g l sin θ from θ(0) lands on θ(T). Near half a period and beyond, several paths join the
    same ends, so the answer is followed along ONE branch: solved first at a short horizon, where the
    path is unique, then continued in steps of T, each solve starting from the previous θ̇(0) extrapolated
    (:data:`CONTINUATION_STEP`). θ̇(0) is then continuous in T, and for the ends ±0.3 rad it passes
    through 0 at half the period of a 0.3 rad swing, where the true path starts from rest.

    Raises:
        ValueError: bad arguments, or when shooting finds no path (naming the miss).

    >>> s = PendulumSwing()
    >>> round(float(s.true_path(0.8)[0]), 9), round(s.theta_dot_start, 4)
    (-0.3, -0.3143)
    """

    pendulum: Pendulum = dataclasses.field(default_factory=lambda: Pendulum(m=1.0, l=1.0))
    horizon: float = 0.8
    theta_start: float = THETA_START
    theta_end: float = THETA_END
    continue_from: BranchPoint | None = dataclasses.field(default=None, repr=False, compare=False)
    _solution: Any = dataclasses.field(default=None, init=False, repr=False, compare=False)
    _slope: float = dataclasses.field(default=0.0, init=False, repr=False, compare=False)
    _sampled: dict = dataclasses.field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.pendulum, Pendulum):
            raise ValueError(f"PendulumSwing: pendulum must be a Pendulum, got {type(self.pendulum).__name__}")
        if float(self.pendulum.b[0]) != 0.0:
            raise ValueError(f"PendulumSwing: the action principle needs a frictionless pendulum (b = 0), "
                             f"got b = {float(self.pendulum.b[0])}")
        _positive("PendulumSwing: horizon (s)", self.horizon)
        for name in ("theta_start", "theta_end"):
            v = _finite(f"PendulumSwing: {name} (rad)", getattr(self, name))
            if abs(v) >= np.pi:
                raise ValueError(f"PendulumSwing: {name} must lie within ±π rad, got {v}")
        if self.continue_from is not None and not isinstance(self.continue_from, BranchPoint):
            raise ValueError("PendulumSwing: continue_from must be a BranchPoint (another swing's .branch_point), "
                             f"got {type(self.continue_from).__name__}")
        solution, slope = self._shoot()
        object.__setattr__(self, "_solution", solution)
        object.__setattr__(self, "_slope", slope)

    # -- the physics -------------------------------------------------------------------------
    def lagrangian(self, q: Any, qd: Any) -> np.ndarray:
        """L = T − V of the pendulum (J), elementwise, from the model's own energies."""
        q, qd = np.asarray(q, dtype=float), np.asarray(qd, dtype=float)
        flat_q, flat_qd = q.reshape(-1, 1), qd.reshape(-1, 1)
        p = self.pendulum
        return np.reshape(p.kinetic_energy(flat_q, flat_qd) - p.potential_energy(flat_q), q.shape)

    def acceleration(self, q: Any, qd: Any) -> np.ndarray:
        """θ̈ from Euler–Lagrange, m l² θ̈ = −m g l sin θ (rad/s²), elementwise."""
        return np.asarray(self.pendulum.angular_acceleration(q, qd), dtype=float)

    def _integrate(self, horizon: float, rate: float, dense: bool = False, rough: bool = False) -> Any:
        """Integrate the path from (θ(0), rate) to ``horizon``, with J = ∂θ/∂θ̇(0), the response to the rate.

        The state is (θ, θ̇, J, J̇); J obeys the equation of motion linearised along the path (the Jacobi
        equation), J(0) = 0, J̇(0) = 1. J(T) is the slope Newton's method needs; where it is zero, neighbouring
        paths from θ(0) all arrive at the same θ(T) (a conjugate point) and the shooting is ill-conditioned.
        ``rough``: a looser tolerance, for the intermediate steps of a continuation.
        """
        step, zero, h = self.pendulum.forward_dynamics_one, np.zeros(1), 1e-7  # the model's own θdd

        def rates(t: float, y: np.ndarray) -> list[float]:
            q, qd = y[:1], y[1:2]
            acc = float(step(q, qd, zero)[0])
            stiffness = (float(step(q + h, qd, zero)[0]) - acc) / h  # ∂θdd/∂θ, enough for Newton's slope
            return [y[1], acc, y[3], stiffness * y[2]]

        rtol, atol = (1e-8, 1e-10) if rough else (1e-11, 1e-12)
        return solve_ivp(rates, (0.0, horizon), [self.theta_start, rate, 0.0, 1.0], method="DOP853", rtol=rtol,
                         atol=atol, dense_output=dense)

    def _newton(self, horizon: float, guess: float, reach: float, rough: bool = False) -> tuple[float, Any] | None:
        """θ̇(0) that lands on θ(T) = theta_end, by Newton's method from ``guess``; None if it leaves ``reach`` of it.

        Returns θ̇(0) and the integration that landed (with dense output unless ``rough``). ``rough``: land
        within 1e-7 rad instead of 1e-12 (intermediate steps of a continuation).
        """
        rate, close, accept = guess, (1e-7 if rough else 1e-12), (1e-6 if rough else 1e-9)
        near = False  # the last miss was small: Newton's next try lands, so keep its dense output
        for _ in range(60):
            run = self._integrate(horizon, rate, dense=near and not rough, rough=rough)
            miss, slope = float(run.y[0, -1]) - self.theta_end, float(run.y[2, -1])
            if abs(miss) < close:
                return rate, run
            change = -miss / slope if slope != 0.0 else math.copysign(reach, -miss)
            rate += max(-reach, min(reach, change))
            if not (math.isfinite(rate) and abs(rate - guess) <= reach):
                return None
            if abs(change) < 1e-13 * (1.0 + abs(rate)):
                break
            near = abs(miss) < 1e-5
        run = self._integrate(horizon, rate, dense=not rough, rough=rough)
        return (rate, run) if abs(float(run.y[0, -1]) - self.theta_end) < accept else None

    def _start(self) -> tuple[float, float, float]:
        """(T, θ̇(0), dθ̇(0)/dT) of a path on the branch: the one continued from, or the short-horizon one."""
        bp, p = self.continue_from, self.pendulum
        if bp is not None and (bp.theta_start, bp.theta_end) == (self.theta_start, self.theta_end) and (
                (bp.pendulum.m, bp.pendulum.l, bp.pendulum.g) == (p.m, p.l, p.g)):
            return float(bp.horizon), float(bp.rate), float(bp.slope)
        w0, a, b = p.small_angle_frequency(), self.theta_start, self.theta_end
        T0 = min(self.horizon, SHORT_HORIZON * math.pi / w0)  # shorter than π/ω₀: one path joins the ends
        guess = w0 * (b - a * math.cos(w0 * T0)) / math.sin(w0 * T0)
        found = self._newton(T0, guess, reach=10.0 * (1.0 + abs(guess)), rough=True)  # made exact in _shoot
        if found is None:
            raise ValueError(f"shooting found no pendulum path from θ = {a} rad to θ = {b} rad in T = {T0:.3g} s; "
                             "try end points closer together")
        rate, end = found[0], found[1].y[:, -1]
        return T0, rate, -float(end[1]) / float(end[2])  # along the branch θ(T) = b: dθ̇(0)/dT = −θ̇(T)/J(T)

    def _shoot(self) -> tuple[Any, float]:
        """The path on the branch at this horizon, and dθ̇(0)/dT there, by continuation in T."""
        target = self.horizon
        T, rate, slope = self._start()
        step, solved = CONTINUATION_STEP, False
        while not solved:
            last = abs(target - T) <= step * (1 + 1e-9)
            T_next = target if last else T + math.copysign(step, target - T)
            dT = T_next - T
            guess = rate + slope * dT  # predictor: along the branch's last known direction
            found = self._newton(T_next, guess, reach=0.05 + 0.5 * abs(slope * dT), rough=not last)
            if found is None:  # Newton left the neighbourhood of the branch: take a shorter step
                step /= 2
                if step < 1e-5:
                    raise ValueError(f"shooting lost the pendulum's path from θ = {self.theta_start} rad to "
                                     f"θ = {self.theta_end} rad near T = {T:.4g} s; try another horizon")
                continue
            if abs(dT) > 1e-6:
                slope = (found[0] - rate) / dT
            T, rate, solved = T_next, found[0], last
            step = min(CONTINUATION_STEP, 2 * step)
        run = found[1]
        return (run if run.sol is not None else self._integrate(target, rate, dense=True)), slope

    @property
    def branch_point(self) -> BranchPoint:
        """This path as a :class:`BranchPoint`, to continue the same branch to another horizon."""
        return BranchPoint(self.pendulum, float(self.theta_start), float(self.theta_end), float(self.horizon),
                           self.theta_dot_start, float(self._slope))

    @property
    def theta_dot_start(self) -> float:
        """θ̇(0) of the true path (rad/s), the shooting's answer."""
        return float(self._solution.y[1, 0])

    def true_path(self, t: Any) -> tuple[np.ndarray, np.ndarray]:
        """(θ, θ̇) of the true path at times ``t`` (s, within 0…T)."""
        t = np.asarray(t, dtype=float)
        y = self._solution.sol(t.ravel())
        return y[0].reshape(t.shape), y[1].reshape(t.shape)

    def samples(self, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(t, θ, θ̇) on ``n`` evenly spaced times from 0 to T, kept for the next call (the lab asks often)."""
        if n not in self._sampled:
            t = np.linspace(0.0, self.horizon, n)
            self._sampled[n] = (t, *self.true_path(t))
        return self._sampled[n]

    @property
    def q_start(self) -> float:
        return float(self.theta_start)

    @property
    def q_end(self) -> float:
        return float(self.theta_end)


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
    h = _positive("h", h)
    return float((action(system, h, k, n) - action(system, -h, k, n)) / (2 * h))


def second_variation(system: System, k: int = 1, h: float = 1e-2, n: int = SAMPLES) -> float:
    """d²S/dε² at ε = 0 (J·s per m² or rad²), by a central second difference of the numerical S.

    Positive: the true path is at the bottom of a valley along this mode; negative: a saddle.
    """
    h = _positive("h", h)
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


def pendulum_branch(swing: PendulumSwing, horizons: Any) -> list[PendulumSwing]:
    """The swing's path at each horizon (s), followed along one branch: each continued from the one before.

    Same paths as ``PendulumSwing(horizon=T)`` one by one (both continue from a short horizon), in fewer
    solves. Give the horizons in order, increasing or decreasing, so that each step stays short.

    Raises:
        ValueError: for a horizon that is not a positive number, or when the shooting fails.
    """
    out: list[PendulumSwing] = []
    previous = swing.continue_from
    for T in np.atleast_1d(np.asarray(horizons, dtype=float)):
        out.append(dataclasses.replace(swing, horizon=_positive("a horizon T (s)", T), continue_from=previous))
        previous = out[-1].branch_point
    return out


def saddle_horizon(swing: PendulumSwing | None = None, k: int = 1, bracket: tuple[float, float] = (0.6, 1.4),
                   step: float = 0.1) -> float:
    """The horizon T (s) at which the pendulum's valley along mode k turns into a saddle.

    The true path between the swing's end points is followed along its branch (:func:`pendulum_branch`)
    from ``bracket[0]`` in steps of ``step`` until d²S/dε² along sin(kπt/T) changes sign; the crossing
    is then found between the last two horizons, each solve continued from the path before it. For small
    swings and k = 1 it is half a period, π/ω₀ = π√(l/g) ≈ 1.003 s (mode k: k half-periods); for the
    lab's ends ±0.3 rad it is half the period of a 0.3 rad swing, 1.0087 s: the true path there starts
    from rest, and neighbouring paths from θ(0) all arrive at θ(T) (a conjugate point).

    Raises:
        ValueError: when d²S/dε² keeps one sign over ``bracket``.
    """
    swing = swing if swing is not None else PendulumSwing()
    k = check_mode(k)
    lo, hi = sorted(_positive("bracket", b) for b in bracket)
    step = _positive("step", step)
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
