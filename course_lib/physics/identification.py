"""Identifying the 2R arm's inertial parameters from torque data (lesson 9).

The rigid-body torques are linear in the five base parameters π = (a, b, c, d, e)
(:meth:`~course_lib.physics.models.TwoLinkArm.base_parameters`):

    τ = Y(q, q̇, q̈) π                        (Y from :meth:`TwoLinkArm.regressor`)

An experiment drives the arm along an *excitation* q(t), records N samples of
(q, q̇, q̈, τ) with noisy torques, stacks the 2 × 5 blocks Y_k into the
2N × 5 matrix A and the torques into b, and solves A π ≈ b by least squares
(:func:`numpy.linalg.lstsq`). How much the torque noise is amplified into
the estimate is set by the condition number κ(A) = σ_max / σ_min: a motion that
barely accelerates the arm leaves the inertia columns of A tiny, κ(A) large and
the inertias lost in the noise.

Conventions: θ₁ from the horizontal, θ₂ relative to link 1 (rad); torques in
N·m; noise σ in N·m, independent and Gaussian on each joint and sample, drawn
from ``numpy.random.default_rng(seed)``, so the same seed gives the same data.

>>> from course_lib.physics.models import TwoLinkArm
>>> arm = TwoLinkArm()
>>> data = experiment(arm, EXCITATIONS["rich"], n_samples=60, sigma=0.0, seed=1)
>>> fit = estimate(data.A, data.b)
>>> bool(np.allclose(fit.pi, arm.base_parameters(), atol=1e-9))
True
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

import numpy as np

from course_lib.physics import _checks
from course_lib.physics.models import TwoLinkArm

#: the base parameters' names, in the order of π and of Y's columns
PARAMETER_NAMES = ("a", "b", "c", "d", "e")
#: their units
PARAMETER_UNITS = ("kg·m²", "kg·m²", "kg·m²", "kg·m", "kg·m")
#: the experiment's length (s): every excitation is sampled evenly over it
DURATION = 6.0
#: the most samples an experiment may take (keeps a lab's Resample quick)
MAX_SAMPLES = 5000


# -- the excitations ------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Excitation:
    """A joint motion q(t) = centre + amplitude · sin(2π f t), one sine per joint.

    Attributes:
        centre: (θ₁, θ₂) about which each joint swings (rad); the start pose, since sin 0 = 0.
        amplitude: swing of each joint (rad), >= 0; 0 freezes that joint at its centre.
        frequency: of each joint's swing (Hz), > 0.

    Joint 1's swing reaches q̈ = −(2π f)² A sin(...): the amplitude and frequency,
    squared, set how loudly the inertias speak in the torques.
    """

    centre: tuple[float, float]
    amplitude: tuple[float, float]
    frequency: tuple[float, float]

    def __post_init__(self) -> None:
        for name in ("centre", "amplitude", "frequency"):
            value = np.asarray(getattr(self, name), dtype=float)
            if value.shape != (2,) or not np.all(np.isfinite(value)):
                raise ValueError(f"Excitation.{name} must be two finite numbers (one per joint), got "
                                 f"{getattr(self, name)!r}")
        if min(self.amplitude) < 0:
            raise ValueError(f"Excitation.amplitude must be >= 0 rad per joint, got {self.amplitude}")
        if min(self.frequency) <= 0:
            raise ValueError(f"Excitation.frequency must be > 0 Hz per joint, got {self.frequency}")

    def states(self, t: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(q, q̇, q̈) at times ``t`` (s), each of shape ``(len(t), 2)``, exact derivatives of the sines."""
        t = np.asarray(t, dtype=float)[:, None]
        c, A = np.asarray(self.centre), np.asarray(self.amplitude)
        w = 2 * np.pi * np.asarray(self.frequency)
        s, co = np.sin(w * t), np.cos(w * t)
        return c + A * s, A * w * co, -A * w**2 * s

    def replace(self, **changes: Any) -> "Excitation":
        """A copy with some fields changed (checked again)."""
        return dataclasses.replace(self, **changes)


#: lesson 9's three excitations; joint 2 swings about, or is frozen at, θ₂ = 60°
EXCITATIONS: dict[str, Excitation] = {
    "rich": Excitation(centre=(0.3, np.pi / 3), amplitude=(1.2, 1.2), frequency=(0.45, 0.7)),
    "joint1": Excitation(centre=(0.3, np.pi / 3), amplitude=(1.2, 0.0), frequency=(0.45, 0.7)),
    "slow": Excitation(centre=(0.3, np.pi / 3), amplitude=(0.1, 0.1), frequency=(0.05, 0.08)),
}


# -- stacking and solving ---------------------------------------------------------------------------
class Experiment(NamedTuple):
    """The data of one identification run.

    Attributes:
        t: sample times (s), shape (N,).
        q, qd, qdd: the joint states (rad, rad/s, rad/s²), each (N, 2).
        tau_true: the noise-free torques (N·m), (N, 2).
        A: the stacked regressor, (2N, p); rows 2k, 2k+1 are Y(q_k, q̇_k, q̈_k).
        b: the measured torques stacked the same way (N·m), (2N,).
    """

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    qdd: np.ndarray
    tau_true: np.ndarray
    A: np.ndarray
    b: np.ndarray


def regressor(arm: TwoLinkArm, q: Any, qd: Any, qdd: Any, friction: bool = False) -> np.ndarray:
    """Y(q, q̇, q̈) for the base parameters, optionally with viscous friction.

    Args:
        arm: gives g (the regressor's gravity columns carry it).
        q, qd, qdd: one state (2,) or a batch (N, 2).
        friction: append the columns diag(q̇) for the joints' viscous coefficients (b₁, b₂),
            so that Y (π, b₁, b₂) = τ including friction.

    Returns:
        (2, p) or (N, 2, p) with p = 5, or 7 with friction.
    """
    Y = arm.regressor(q, qd, qdd)
    if not friction:
        return Y
    qd = np.asarray(qd, dtype=float)
    F = np.zeros(qd.shape[:-1] + (2, 2))
    F[..., 0, 0], F[..., 1, 1] = qd[..., 0], qd[..., 1]
    return np.concatenate([Y, F], axis=-1)


def stack(Y: Any, tau: Any) -> tuple[np.ndarray, np.ndarray]:
    """Stack N regressor blocks (N, 2, p) and torques (N, 2) into A (2N, p) and b (2N,).

    >>> A, b = stack(np.ones((3, 2, 5)), np.zeros((3, 2)))
    >>> A.shape, b.shape
    ((6, 5), (6,))
    """
    Y, tau = np.asarray(Y, dtype=float), np.asarray(tau, dtype=float)
    if Y.ndim != 3 or tau.shape != Y.shape[:2]:
        raise ValueError(f"stack needs Y of shape (N, n, p) and tau of shape (N, n); got Y {Y.shape} and "
                         f"tau {tau.shape}")
    return Y.reshape(-1, Y.shape[-1]), tau.reshape(-1)


def torque_noise(shape: tuple[int, ...], sigma: float, seed: int) -> np.ndarray:
    """Gaussian torque noise (N·m) of standard deviation ``sigma``; the same seed gives the same numbers."""
    sigma = _checks.non_negative("sigma", sigma)
    return sigma * np.random.default_rng(_seed(seed)).standard_normal(shape)


def experiment(arm: TwoLinkArm, excitation: Excitation, n_samples: int = 60, sigma: float = 0.0,
               seed: int = 0, duration: float = DURATION) -> Experiment:
    """Drive ``arm`` along ``excitation``, sample it ``n_samples`` times and record noisy torques.

    The torques are the arm's own inverse dynamics (friction included) plus
    :func:`torque_noise`. Samples are evenly spaced over [0, duration).

    Raises:
        ValueError: for fewer than 3 samples (6 equations for 5 unknowns), more
            than :data:`MAX_SAMPLES`, a negative σ or a duration that is not > 0.
    """
    n = _samples(n_samples)
    duration = _checks.positive("duration", duration)
    t = np.arange(n) * (duration / n)
    q, qd, qdd = excitation.states(t)
    tau = arm.inverse_dynamics(q, qd, qdd)
    measured = tau + torque_noise(tau.shape, sigma, seed)
    A, b = stack(arm.regressor(q, qd, qdd), measured)
    return Experiment(t, q, qd, qdd, tau, A, b)


class Fit(NamedTuple):
    """A least-squares estimate.

    Attributes:
        pi: the estimate π̂ (p,).
        residual_rms: sqrt(‖A π̂ − b‖² / rows) (N·m), what the fit leaves unexplained.
        rank: rank of A as lstsq found it.
        singular_values: of A, largest first.
    """

    pi: np.ndarray
    residual_rms: float
    rank: int
    singular_values: np.ndarray


def estimate(A: Any, b: Any) -> Fit:
    """π̂ = argmin ‖A π − b‖² by :func:`numpy.linalg.lstsq` (SVD; the least-norm π̂ if A is rank-deficient)."""
    A, b = _matrix(A), np.asarray(b, dtype=float)
    if b.shape != (A.shape[0],):
        raise ValueError(f"b must have one entry per row of A ({A.shape[0]}), got shape {b.shape}")
    pi, _, rank, sv = np.linalg.lstsq(A, b, rcond=None)
    r = A @ pi - b
    return Fit(pi, float(np.sqrt(r @ r / len(b))), int(rank), sv)


def covariance(A: Any, sigma: float) -> np.ndarray:
    """Cov(π̂) = σ² (AᵀA)⁻¹ for independent torque noise of standard deviation σ (N·m).

    Raises:
        ValueError: when A is rank-deficient (some combination of π is not determined at all).
    """
    A = _matrix(A)
    sigma = _checks.non_negative("sigma", sigma)
    if np.linalg.matrix_rank(A) < A.shape[1]:
        raise ValueError(f"A has rank {np.linalg.matrix_rank(A)} < {A.shape[1]}: the excitation does not "
                         "determine every parameter, so the covariance is unbounded")
    return sigma**2 * np.linalg.inv(A.T @ A)


def condition_number(A: Any, scaled: bool = False) -> float:
    """κ(A) = σ_max / σ_min (inf when A is rank-deficient).

    Args:
        scaled: divide each column by its norm first. This removes the units'
            share of κ (kg·m² against kg·m columns) and leaves the share that
            comes from columns pointing in nearly the same direction.
    """
    A = _matrix(A)
    if scaled:
        norms = np.linalg.norm(A, axis=0)
        A = A / np.where(norms > 0, norms, 1.0)
    sv = np.linalg.svd(A, compute_uv=False)
    return float(sv[0] / sv[-1]) if sv[-1] > sv[0] * 1e-15 else float("inf")


def weakest_direction(A: Any) -> np.ndarray:
    """The unit combination of parameters that the data determine worst (A's last right singular vector).

    Sign fixed so the first non-zero entry (beyond 1e-9) is negative, e.g. ∝ (−2, 1, −1, 0, 0).
    """
    v = np.linalg.svd(_matrix(A))[2][-1]
    first = v[np.argmax(np.abs(v) > 1e-9)]
    return -v if first > 0 else v


def relative_errors(estimate: Any, truth: Any) -> np.ndarray:
    """|π̂ᵢ − πᵢ| / |πᵢ| for each parameter (a fraction: 0.05 is 5 %)."""
    est, true = np.asarray(estimate, dtype=float), np.asarray(truth, dtype=float)
    if est.shape != true.shape or np.any(true == 0):
        raise ValueError(f"estimate and truth must have the same shape and truth no zero entry; got {est.shape}, "
                         f"{true.shape}, truth = {true}")
    return np.abs(est - true) / np.abs(true)


def score_excitation(arm: TwoLinkArm, excitation: Excitation, n_samples: int = 60) -> float:
    """An excitation's score: κ(A) of its noise-free regressor (lower is better)."""
    return condition_number(experiment(arm, excitation, n_samples).A)


def error_study(arm: TwoLinkArm, excitation: Excitation, n_samples: int, sigma: float,
                seeds: int = 200) -> float:
    """Mean over ``seeds`` noise draws (seeds 0, 1, ...) of the largest relative error of π̂.

    The noise enters π̂ linearly, π̂ − π = A⁺ ε, so the error grows like σ and
    falls like 1/√N: a straight line of slope −½ against N on log–log axes.
    """
    data = experiment(arm, excitation, n_samples)
    pinv, truth = np.linalg.pinv(data.A), arm.base_parameters()
    noise = np.stack([torque_noise(data.tau_true.shape, sigma, s).reshape(-1) for s in range(seeds)])
    err = np.abs(noise @ pinv.T) / np.abs(truth)  # (seeds, 5): π̂ − π = A⁺ ε for each draw
    return float(err.max(axis=1).mean())


def expected_errors(arm: TwoLinkArm, excitation: Excitation, n_samples: int, sigma: float) -> np.ndarray:
    """Each parameter's expected relative error, √Cov(π̂)ᵢᵢ / |πᵢ|, from the covariance: no noise is drawn.

    Exactly proportional to σ, and close to 1/√N for a periodic motion sampled evenly (AᵀA grows like N).

    Raises:
        ValueError: when the excitation leaves some combination undetermined (see :func:`covariance`).
    """
    cov = covariance(experiment(arm, excitation, n_samples).A, sigma)
    return np.sqrt(np.diag(cov)) / np.abs(arm.base_parameters())


def payload_mass(pi_before: Any, pi_after: Any, arm: TwoLinkArm) -> float:
    """The tip payload (kg) that best explains the change of the base parameters.

    A point mass m_p at the tip adds m_p (l₁² + l₂², l₁ l₂, l₂², l₁, l₂) to
    (a, b, c, d, e); m_p is the least-squares fit of that direction to π_after − π_before.
    """
    delta = np.asarray(pi_after, dtype=float) - np.asarray(pi_before, dtype=float)
    if delta.shape != (5,):
        raise ValueError(f"pi_before and pi_after must be the five base parameters, got shape {delta.shape}")
    l1, l2 = arm.l1, arm.l2
    u = np.array([l1**2 + l2**2, l1 * l2, l2**2, l1, l2])
    return float(u @ delta / (u @ u))


# -- checks -------------------------------------------------------------------------------------------
def _matrix(A: Any) -> np.ndarray:
    A = np.asarray(A, dtype=float)
    if A.ndim != 2 or A.shape[0] < A.shape[1] or not np.all(np.isfinite(A)):
        raise ValueError(f"A must be a finite matrix with at least as many rows as columns, got shape {A.shape}")
    return A


def _samples(n: Any) -> int:
    if isinstance(n, bool) or not float(n).is_integer() or not 3 <= int(n) <= MAX_SAMPLES:
        raise ValueError(f"n_samples must be a whole number from 3 to {MAX_SAMPLES}, got {n!r}")
    return int(n)


def _seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    return int(seed)
