"""The pendulum's true path between two fixed angles: a two-point boundary-value problem, solved by shooting.

Lesson 1 needs the path θ(t) that leaves θ(0) and arrives at θ(T) after exactly T seconds, to compare
its action with that of perturbed paths (:mod:`course_lib.physics.action`). Unlike an initial-value problem,
this one can have several answers: past about half a period several swings join the same end points.
:class:`PendulumSwing` finds one by shooting (Newton's method on the initial rate θ̇(0)) and follows ONE
branch as the horizon grows, by continuation from a short horizon where the path is unique.

Conventions and units (SI): θ (rad) from straight down, counter-clockwise positive; t from 0 to the
horizon T (s); the model is :class:`~course_lib.physics.models.Pendulum` (frictionless, b = 0).

Physics note: the shooting's slope is J(T) = ∂θ(T)/∂θ̇(0), from the Jacobi equation
J̈ = −(g/l) cos θ J, J(0) = 0, J̇(0) = 1. Where J(T) = 0, neighbouring paths from θ(0) all arrive at
θ(T) (a conjugate point): for the ends ±0.3 rad at half the period of a 0.3 rad swing, 1.0087 s.

>>> s = PendulumSwing()
>>> round(float(s.true_path(0.8)[0]), 9), round(s.theta_dot_start, 4)
(-0.3, -0.3143)
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, NamedTuple

import numpy as np
from scipy.integrate import solve_ivp

from course_lib.physics._checks import finite, positive
from course_lib.physics.models import Pendulum

#: the pendulum's end points (rad), chosen for the lab: a swing from +0.3 rad to −0.3 rad (±17°).
THETA_START, THETA_END = 0.3, -0.3
#: the pendulum's shooting starts at this fraction of half a small-swing period π/ω₀. Below π/ω₀ one path joins
#: the ends: the rate's effect on θ(T), J(T) with Jdd = −(g/l) cos θ J, stays positive (Sturm: g/l cos θ ≤ ω₀²).
SHORT_HORIZON = 0.9
#: the largest step in T (s) when the path is continued from a short horizon to a long one
CONTINUATION_STEP = 0.1


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
        positive("PendulumSwing: horizon (s)", self.horizon)
        for name in ("theta_start", "theta_end"):
            v = finite(f"PendulumSwing: {name} (rad)", getattr(self, name))
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
        step, zero, h = self.pendulum._forward_dynamics_one, np.zeros(1), 1e-7  # the model's own θdd

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
        out.append(dataclasses.replace(swing, horizon=positive("a horizon T (s)", T), continue_from=previous))
        previous = out[-1].branch_point
    return out
