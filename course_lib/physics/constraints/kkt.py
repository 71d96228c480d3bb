"""Constrained forward dynamics: the KKT system of M q̈ + b = τ + Aᵀ λ with A q̈ = −Ȧ q̇.

A holonomic constraint φ(q) = 0 (m equations on n coordinates) is kept by a
force the mechanism cannot choose: the multiplier λ (one number per equation)
enters the joint equation through A = ∂φ/∂q, and the acceleration must keep
φ̈ = A q̈ + Ȧ q̇ at zero. Together they form one linear system,

    [ M  Aᵀ ] [ q̈ ]   [ τ − b  ]
    [ A  0  ] [ −λ ] = [ −Ȧ q̇ ],

which has one solution when M is positive definite and A has full row rank m.
Conventions: λ is the generalised constraint force *on* the mechanism, so
Aᵀ λ is added to τ; for φ = n·p_tool − d (a frictionless surface with unit
normal n) λ is the normal force along n in N. Units: q in rad (or m), q̈ in
rad/s², b and τ in N·m, φ in m.

Plain integration keeps φ̈ = 0 only; the rounding and step errors in φ and φ̇
are never corrected, so φ drifts. Baumgarte stabilisation asks instead for
φ̈ + 2α φ̇ + β² φ = 0 (α, β in 1/s), which pulls φ back to zero like a damped
spring: the right-hand side −Ȧ q̇ becomes −Ȧ q̇ − 2α A q̇ − β² φ.

>>> import numpy as np
>>> point = HolonomicConstraint(phi=lambda q: np.array([q[0] - 1.0]),
...                             jacobian=lambda q: np.array([[1.0, 0.0]]),
...                             bias=lambda q, qd: np.zeros(1), name="x = 1")
>>> qdd, lam = kkt_solve(np.eye(2), np.array([0.0, 9.81]), point.jacobian([1.0, 0.0]),
...                      point.bias([1.0, 0.0], [0.0, 0.0]), np.array([2.0, 0.0]))
>>> qdd.round(2), lam.round(2)
(array([ 0.  , -9.81]), array([-2.]))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

#: the smallest singular value of A (relative to its largest) below which A counts as rank-deficient
RANK_TOLERANCE = 1e-9

__all__ = [
    "RANK_TOLERANCE", "ConstrainedSystem", "ConstrainedTrajectory", "HolonomicConstraint", "kkt_solve",
]


@dataclasses.dataclass(frozen=True)
class HolonomicConstraint:
    """φ(q) = 0 with the two derivatives the KKT system needs.

    Attributes:
        phi: q ↦ φ(q), shape (m,) (m or rad).
        jacobian: q ↦ A(q) = ∂φ/∂q, shape (m, n).
        bias: (q, q̇) ↦ Ȧ q̇ = (∂(A q̇)/∂q) q̇, shape (m,) (m/s²); the part of φ̈ that q̈ does not drive.
        name: what the constraint says, used in error messages.
    """

    phi: Callable[[Any], np.ndarray]
    jacobian: Callable[[Any], np.ndarray]
    bias: Callable[[Any, Any], np.ndarray]
    name: str


def kkt_solve(M: np.ndarray, b: np.ndarray, A: np.ndarray, Adot_qd: np.ndarray, tau: np.ndarray,
              rhs_extra: np.ndarray | None = None, where: str = "") -> tuple[np.ndarray, np.ndarray]:
    """Solve [M Aᵀ; A 0] [q̈; −λ] = [τ − b; −Ȧq̇ + rhs_extra] for q̈ and λ.

    Args:
        M: mass matrix (kg·m²), shape (n, n), symmetric positive definite.
        b: bias torque C q̇ + g (+ friction) (N·m), shape (n,).
        A: constraint Jacobian ∂φ/∂q, shape (m, n), m < n, full row rank.
        Adot_qd: Ȧ q̇, shape (m,).
        tau: joint torques (N·m), shape (n,).
        rhs_extra: added to the lower right-hand side (Baumgarte's −2α φ̇ − β² φ), shape (m,).
        where: the state, named in the error when A loses rank there.

    Returns:
        (q̈ in rad/s², shape (n,); λ, shape (m,)).

    Raises:
        ValueError: on mismatched shapes, or when A is rank-deficient (the KKT matrix is singular):
            the constraints then do not fix the constraint force.
    """
    M, b, A, Adot_qd, tau = (np.asarray(x, dtype=float) for x in (M, b, A, Adot_qd, tau))
    n = M.shape[0] if M.ndim == 2 else -1
    if M.shape != (n, n) or n < 1:
        raise ValueError(f"M must be a square (n, n) matrix, got shape {M.shape}")
    if A.ndim != 2 or A.shape[1] != n or not 1 <= A.shape[0] < n:
        raise ValueError(f"A must have shape (m, {n}) with 1 <= m < {n}, got shape {A.shape}")
    m = A.shape[0]
    for name, vec, size in (("b", b, n), ("tau", tau, n), ("Adot_qd", Adot_qd, m)):
        if vec.shape != (size,):
            raise ValueError(f"{name} must have shape ({size},), got {vec.shape}")
    lower = -Adot_qd if rhs_extra is None else -Adot_qd + np.asarray(rhs_extra, dtype=float)
    s = np.linalg.svd(A, compute_uv=False)
    if s[-1] <= RANK_TOLERANCE * max(s[0], 1.0):
        raise ValueError(
            f"the KKT matrix is singular{where}: the constraint Jacobian A has rank < {m} "
            f"(smallest singular value {s[-1]:.2e}), so the constraints do not fix λ there; "
            "choose a posture away from it")
    K = np.block([[M, A.T], [A, np.zeros((m, m))]])
    x = np.linalg.solve(K, np.concatenate([tau - b, lower]))
    return x[:n], -x[n:]


@dataclasses.dataclass
class ConstrainedTrajectory:
    """A constrained simulation sampled at t[k], k = 0 … K.

    Attributes:
        t: times (s), shape (K+1,).
        q, qd: positions and velocities, shape (K+1, n).
        lam: the multiplier λ at each sample, shape (K+1, m).
        phi: the constraint residual φ(q) at each sample, shape (K+1, m) — zero for exact motion.
    """

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    lam: np.ndarray
    phi: np.ndarray


@dataclasses.dataclass(frozen=True)
class ConstrainedSystem:
    """A mechanism (M and b as functions of the state) held by a holonomic constraint.

    Attributes:
        mass_matrix: q ↦ M(q) (kg·m²), shape (n, n).
        bias: (q, q̇) ↦ C q̇ + g (N·m), shape (n,).
        constraint: the :class:`HolonomicConstraint`.
        n: number of coordinates.
    """

    mass_matrix: Callable[[np.ndarray], np.ndarray]
    bias: Callable[[np.ndarray, np.ndarray], np.ndarray]
    constraint: HolonomicConstraint
    n: int

    def _vector(self, name: str, value: Any) -> np.ndarray:
        arr = np.asarray(value, dtype=float)
        if arr.shape != (self.n,) or not np.all(np.isfinite(arr)):
            raise ValueError(f"{name} must be {self.n} finite numbers, got {np.asarray(value).tolist()!r}")
        return arr

    def accelerations(self, q: Any, qd: Any, tau: Any,
                      baumgarte: tuple[float, float] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """q̈ and λ at one state.

        Args:
            q, qd, tau: state (rad, rad/s) and joint torques (N·m), shape (n,).
            baumgarte: (α, β) in 1/s, both >= 0, to ask for φ̈ + 2α φ̇ + β² φ = 0; None for φ̈ = 0.

        Returns:
            (q̈ in rad/s², λ).
        """
        q, qd, tau = self._vector("q", q), self._vector("qd", qd), self._vector("tau", tau)
        c = self.constraint
        A = np.atleast_2d(c.jacobian(q))
        extra = None
        if baumgarte is not None:
            alpha, beta = _baumgarte(baumgarte)
            extra = -2 * alpha * (A @ qd) - beta**2 * np.atleast_1d(c.phi(q))
        where = f" for '{c.name}' at q = {np.round(q, 4).tolist()}"
        return kkt_solve(self.mass_matrix(q), self.bias(q, qd), A, np.atleast_1d(c.bias(q, qd)), tau,
                         extra, where)

    def simulate(self, q0: Any, qd0: Any, tau: Callable[[float], Any] | Any, h: float, steps: int,
                 baumgarte: tuple[float, float] | None = None, method: str = "rk4") -> ConstrainedTrajectory:
        """Integrate the constrained motion from (q0, q̇0) with fixed steps.

        Args:
            q0, qd0: initial state; it should satisfy φ = 0 and A q̇ = 0 (a residual is not corrected
                unless ``baumgarte`` is given).
            tau: joint torques (N·m), constant or a function of t (s).
            h: step (s), > 0.  steps: number of steps, >= 1.
            baumgarte: (α, β) in 1/s, or None for plain integration.
            method: ``"rk4"`` or ``"euler"`` (explicit Euler, to show drift quickly).

        Returns:
            A :class:`ConstrainedTrajectory`.

        >>> from course_lib.physics.constraints.examples import tool_on_wall
        >>> from course_lib.physics.models import TwoLinkArm
        >>> wall = tool_on_wall(TwoLinkArm(), x_wall=1.2)
        >>> q0 = wall.posture_on_wall(height=-0.3)
        >>> traj = wall.system.simulate(q0, [0.0, 0.0], [0.0, 0.0], 0.01, 50)
        >>> bool(abs(traj.phi).max() < 1e-3)   # RK4 keeps φ̈ = 0, not φ = 0: it drifts a little
        True
        """
        if not (isinstance(h, (int, float)) and np.isfinite(h) and h > 0):
            raise ValueError(f"h is the step in seconds, a number > 0; got {h!r}")
        if not (isinstance(steps, int) and steps >= 1):
            raise ValueError(f"steps must be an integer >= 1, got {steps!r}")
        if method not in ("rk4", "euler"):
            raise ValueError(f"method must be 'rk4' or 'euler', got {method!r}")
        if callable(tau):
            torque = tau
        else:
            fixed = self._vector("tau", tau)

            def torque(t: float) -> np.ndarray:
                return fixed
        q, qd = self._vector("q0", q0), self._vector("qd0", qd0)

        def f(t: float, q: np.ndarray, qd: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            return qd, self.accelerations(q, qd, torque(t), baumgarte)[0]

        ts, qs, qds = [0.0], [q], [qd]
        for k in range(steps):
            t = k * h
            if method == "euler":
                dq, dqd = f(t, q, qd)
                q, qd = q + h * dq, qd + h * dqd
            else:
                k1 = f(t, q, qd)
                k2 = f(t + h / 2, q + h / 2 * k1[0], qd + h / 2 * k1[1])
                k3 = f(t + h / 2, q + h / 2 * k2[0], qd + h / 2 * k2[1])
                k4 = f(t + h, q + h * k3[0], qd + h * k3[1])
                q = q + h / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
                qd = qd + h / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
            ts.append((k + 1) * h)
            qs.append(q)
            qds.append(qd)
        t_arr = np.array(ts)
        lam = np.array([self.accelerations(qk, qdk, torque(tk), baumgarte)[1]
                        for tk, qk, qdk in zip(t_arr, qs, qds)])
        phi = np.array([np.atleast_1d(self.constraint.phi(qk)) for qk in qs])
        return ConstrainedTrajectory(t=t_arr, q=np.array(qs), qd=np.array(qds), lam=lam, phi=phi)


def _baumgarte(gains: Sequence[float]) -> tuple[float, float]:
    try:
        alpha, beta = (float(g) for g in gains)
    except (TypeError, ValueError):
        raise ValueError(f"baumgarte must be a pair (alpha, beta) of numbers >= 0 in 1/s, got {gains!r}") from None
    if not (alpha >= 0 and beta >= 0 and np.isfinite(alpha) and np.isfinite(beta)):
        raise ValueError(f"baumgarte must be a pair (alpha, beta) of numbers >= 0 in 1/s, got {gains!r}")
    return alpha, beta
