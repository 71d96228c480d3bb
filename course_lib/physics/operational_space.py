"""The arm seen from its tool: Λ ẍ + μ + p = F (Khatib's operational-space form).

For a tool point with Jacobian J (ẋ = J q̇, m/rad) and joint torques τ = Jᵀ F,
eliminating q̈ from M q̈ + C q̇ + g = Jᵀ F and ẍ = J q̈ + J̇ q̇ gives

    Λ = (J M⁻¹ Jᵀ)⁻¹                 task-space inertia (kg)
    μ = Λ (J M⁻¹ C − J̇) q̇           velocity forces at the tool (N)
    p = Λ J M⁻¹ g                    gravity force at the tool (N)

The apparent mass along a unit direction u is m(u) = 1 / (uᵀ Λ⁻¹ u) (kg):
push the resting tool with 1 N along u and its acceleration along u is 1/m.
Λ⁻¹ = J M⁻¹ Jᵀ is always finite; Λ itself is not. Where J loses rank (the 2R
arm stretched or folded, sin θ₂ = 0) Λ⁻¹ has a zero eigenvalue and the
apparent mass along the lost direction grows without bound: the joints cannot
accelerate the tool that way at all. This module refuses such postures with a
:class:`SingularPostureError` (a ValueError) instead of returning a huge or
infinite number.

Physics note: with M = 1 (unit joint inertia) Λ⁻¹ = J Jᵀ and the apparent
masses are 1/σᵢ², σᵢ the singular values of J: the manipulability ellipse's
long axis is the light direction. Units: the 2R arm's task is a position,
so Λ is in kg throughout (never mix positions and angles in one Λ).

>>> from course_lib.physics.models import TwoLinkArm
>>> arm = TwoLinkArm()
>>> q = [0.0, np.pi / 2]
>>> task_inertia(arm, q).round(3)          # elbow at 90°: light along x (0.5 kg), heavy along y
array([[0.5  , 0.   ],
       [0.   , 2.167]])
>>> round(apparent_mass(arm, q, [0.0, 1.0]), 3), round(task_inertia_condition(arm, q), 2)
(2.167, 4.33)
>>> task_inertia(arm, [0.0, 0.0])
Traceback (most recent call last):
...
course_lib.physics.operational_space.SingularPostureError: Λ = (J M⁻¹ Jᵀ)⁻¹ does not exist at q = (0.000, 0.000) rad: the smallest singular value of J is 0 m/rad (below 0.001): the arm is stretched or folded and the tool cannot accelerate along one direction
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from course_lib.physics.models.base import matvec
from course_lib.physics.models.two_link import TwoLinkArm

#: below this smallest singular value of J (m/rad) the posture counts as singular; the apparent mass along
#: the lost direction then exceeds roughly λ_max(M) / SIGMA_MIN² ≈ 10⁶ kg for the course's arm
SIGMA_MIN = 1e-3


class SingularPostureError(ValueError):
    """Λ is unbounded here: J has (nearly) lost rank. A ValueError, so labs show it as a message.

    Args:
        q: the posture (rad), shape (2,).
        sigma: the smallest singular value of J there (m/rad).
        sigma_min: the least σ_min(J) accepted (m/rad).

    >>> err = SingularPostureError(np.array([0.3, 0.0]), 0.0, 1e-3)
    >>> err.q.tolist(), err.sigma, err.sigma_min
    ([0.3, 0.0], 0.0, 0.001)
    """

    def __init__(self, q: np.ndarray, sigma: float, sigma_min: float):
        self.q, self.sigma, self.sigma_min = q, sigma, sigma_min
        super().__init__(
            f"Λ = (J M⁻¹ Jᵀ)⁻¹ does not exist at q = ({q[0]:.3f}, {q[1]:.3f}) rad: the smallest singular value "
            f"of J is {sigma:.3g} m/rad (below {sigma_min:g}): the arm is stretched or folded and the tool cannot "
            "accelerate along one direction")


class OperationalSpace(NamedTuple):
    """The terms of Λ ẍ + μ + p = F at one state (or a batch).

    Attributes:
        Lambda: task-space inertia Λ (kg), shape (2, 2) or (N, 2, 2).
        mu: velocity forces μ (N), shape (2,) or (N, 2).
        p: gravity force p (N), shape (2,) or (N, 2).
    """

    Lambda: np.ndarray
    mu: np.ndarray
    p: np.ndarray


def inverse_task_inertia(arm: TwoLinkArm, q: Any) -> np.ndarray:
    """Λ⁻¹ = J M⁻¹ Jᵀ (1/kg), the tool's acceleration per unit force; finite in every posture.

    Args:
        arm: the arm (payload included).
        q: joint angles (rad), θ₁ from the horizontal, θ₂ relative; shape (2,) or (N, 2).
    """
    J, M = arm.jacobian(q), arm.mass_matrix(q)
    return J @ np.linalg.solve(M, np.swapaxes(J, -1, -2))


def check_regular(arm: TwoLinkArm, q: Any, sigma_min: float = SIGMA_MIN) -> None:
    """Raise :class:`SingularPostureError` if σ_min(J) < ``sigma_min`` at q (any state of a batch)."""
    q = np.asarray(q, dtype=float)
    sig = np.linalg.svd(arm.jacobian(q), compute_uv=False)[..., -1]
    bad = np.nonzero(np.atleast_1d(sig) < sigma_min)[0]
    if bad.size:
        k = int(bad[0])
        qk, sk = np.atleast_2d(q)[k], float(np.atleast_1d(sig)[k])
        raise SingularPostureError(qk, sk, sigma_min)


def task_inertia(arm: TwoLinkArm, q: Any, sigma_min: float = SIGMA_MIN) -> np.ndarray:
    """Λ = (J M⁻¹ Jᵀ)⁻¹ (kg), shape (2, 2) or (N, 2, 2).

    Raises:
        SingularPostureError: where σ_min(J) < ``sigma_min`` (stretched or folded arm).
    """
    check_regular(arm, q, sigma_min)
    return np.linalg.inv(inverse_task_inertia(arm, q))


def apparent_mass(arm: TwoLinkArm, q: Any, u: Any, sigma_min: float = SIGMA_MIN) -> float:
    """m(u) = 1 / (uᵀ Λ⁻¹ u) (kg): the mass the tool feels like when pushed along u (one state).

    Args:
        arm: the arm.
        q: joint angles (rad), shape (2,).
        u: push direction (x, y), any non-zero length (it is normalised).

    Raises:
        ValueError: for a zero or non-finite u; SingularPostureError at a singular posture.
    """
    u = np.asarray(u, dtype=float)
    if u.shape != (2,) or not np.all(np.isfinite(u)) or np.hypot(*u) == 0.0:
        raise ValueError(f"u must be a non-zero direction (x, y) of finite numbers, got {u.tolist()}")
    check_regular(arm, q, sigma_min)
    u = u / np.hypot(*u)
    return float(1.0 / (u @ inverse_task_inertia(arm, q) @ u))


def apparent_mass_range(arm: TwoLinkArm, q: Any, sigma_min: float = SIGMA_MIN) -> tuple[Any, Any]:
    """(lightest, heaviest) apparent mass (kg) over all directions: 1/eigenvalues of Λ⁻¹.

    Raises:
        SingularPostureError: at a singular posture (the heaviest would be unbounded).
    """
    check_regular(arm, q, sigma_min)
    lam = np.linalg.eigvalsh(inverse_task_inertia(arm, q))
    return _scalar(1.0 / lam[..., 1]), _scalar(1.0 / lam[..., 0])


def task_inertia_condition(arm: TwoLinkArm, q: Any, sigma_min: float = SIGMA_MIN) -> Any:
    """κ(Λ) = heaviest / lightest apparent mass (1 = the tool feels equally heavy every way).

    κ(Λ) depends on θ₂ only: turning θ₁ turns Λ's ellipse without changing its shape.
    """
    light, heavy = apparent_mass_range(arm, q, sigma_min)
    return _scalar(np.asarray(heavy) / np.asarray(light))


def operational_space(arm: TwoLinkArm, q: Any, qd: Any, sigma_min: float = SIGMA_MIN) -> OperationalSpace:
    """Λ, μ, p of the tool at state (q, q̇) (see the module docstring for the formulas).

    Args:
        arm: the arm; its g sets p (g = 0 gives p = 0).
        q, qd: joint angles (rad) and rates (rad/s), shape (2,) or (N, 2).

    Raises:
        SingularPostureError: at a singular posture.
    """
    q, qd = arm._q_qd(q, qd)
    Lam = task_inertia(arm, q, sigma_min)
    J, M = arm.jacobian(q), arm.mass_matrix(q)
    JMinv = np.swapaxes(np.linalg.solve(M, np.swapaxes(J, -1, -2)), -1, -2)  # J M⁻¹ (M symmetric)
    Cqd = matvec(arm.coriolis_matrix(q, qd), qd)
    mu = matvec(Lam, matvec(JMinv, Cqd) - matvec(arm.jacobian_derivative(q, qd), qd))
    p = matvec(Lam, matvec(JMinv, arm.gravity(q)))
    return OperationalSpace(Lam, mu, p)


def _scalar(x: Any) -> Any:
    return float(x) if np.ndim(x) == 0 else np.asarray(x)
