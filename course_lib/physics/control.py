"""Control laws, each a small pure function: state in, torque (or force) out.

- :func:`lqr`                  the optimal gain K of u = −K z for ż = A z + B u (scipy's Riccati solver)
- :func:`controllability_matrix` [B, AB, …, Aⁿ⁻¹B]; full rank means every state can be steered
- :func:`state_feedback`       u = u* − K (z − z*), e.g. with an LQR gain
- :func:`pd`                   τ = K_p e + K_d ė
- :func:`pd_gravity`           τ = K_p e − K_d q̇ + g(q)
- :func:`computed_torque`      τ = M(q)(q̈_d + K_d ė + K_p e) + C q̇ + g (+ b q̇)
- :func:`saturate`             clip to an actuator's limit

Conventions: e = q_d − q (the error points toward the goal), gains are
numbers or matrices (n × n). None of these functions keeps state or knows
about time: sampling and the zero-order hold of a digital controller live in
one place, the simulator (:class:`~course_lib.physics.simulate.live.LiveSim`,
:func:`~course_lib.physics.simulate.integrators.simulate` with ``controller=`` and ``control_period=``).
A controller for the simulator is a closure ``lambda t, q, qd: ...`` over one
of these laws.

>>> from course_lib.physics.models import Pendulum
>>> p = Pendulum()
>>> tau = computed_torque(p, [0.1], [0.0], q_des=[0.1], qd_des=[0.0], qdd_des=[0.0], kp=25.0, kd=10.0)
>>> bool(np.allclose(tau, p.gravity([0.1])))  # at the goal, at rest: just hold it against gravity
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
import scipy.linalg

from course_lib.physics.models.base import ManipulatorModel


def _matrix(name: str, value: Any, shape: tuple[int, int] | None = None) -> np.ndarray:
    arr = np.atleast_2d(np.asarray(value, dtype=float))
    if arr.ndim != 2 or (shape is not None and arr.shape != shape):
        want = "a 2-D matrix" if shape is None else f"shape {shape}"
        raise ValueError(f"{name} must have {want}, got shape {np.shape(value)}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must contain finite numbers only, got {arr.tolist()}")
    return arr


def _gain(name: str, value: Any, n: int) -> np.ndarray:
    """A gain as an (n, n) matrix: a number means that number times the identity."""
    if np.ndim(value) == 0:
        return float(value) * np.eye(n)
    arr = np.asarray(value, dtype=float)
    if arr.ndim == 1 and arr.shape == (n,):
        return np.diag(arr)
    return _matrix(name, arr, (n, n))


def _vector(name: str, value: Any, n: int) -> np.ndarray:
    arr = np.asarray(value, dtype=float).reshape(-1) if np.ndim(value) <= 1 else np.asarray(value)
    if arr.shape != (n,) or not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be {n} finite numbers, got {value!r}")
    return arr


def controllability_matrix(A: Any, B: Any) -> np.ndarray:
    """[B, AB, A²B, …, Aⁿ⁻¹B] of ż = A z + B u: shape (n, n·m).

    Rank n (full) means that the input can steer the linear system from any state to any other.

    >>> controllability_matrix([[0, 1], [0, 0]], [[0], [1]])  # a double integrator: rank 2
    array([[0., 1.],
           [1., 0.]])
    """
    A = _matrix("A", A)
    n = A.shape[0]
    A = _matrix("A", A, (n, n))
    B = _matrix("B", B)
    if B.shape[0] != n:
        raise ValueError(f"B must have {n} rows like A, got shape {B.shape}")
    blocks = [B]
    for _ in range(n - 1):
        blocks.append(A @ blocks[-1])
    return np.hstack(blocks)


def lqr(A: Any, B: Any, Q: Any, R: Any) -> tuple[np.ndarray, np.ndarray]:
    """The linear-quadratic regulator: K minimising ∫ zᵀQz + uᵀRu dt under ż = A z + B u, u = −K z.

    S solves the continuous algebraic Riccati equation AᵀS + SA − SBR⁻¹BᵀS + Q = 0
    (``scipy.linalg.solve_continuous_are``) and K = R⁻¹BᵀS.

    Args:
        A: (n, n); B: (n, m); Q: (n, n) symmetric, ≥ 0; R: (m, m) symmetric, > 0
            (a number for m = 1).

    Returns:
        ``(K, S)``: the gain (m, n) and the Riccati solution (n, n). A − BK is stable.

    Raises:
        ValueError: for mismatched shapes, R not positive definite, or a pair
            (A, B) that cannot be stabilised (scipy's solver fails).

    >>> K, S = lqr([[0, 1], [0, 0]], [[0], [1]], np.eye(2), 1.0)  # a unit mass: u = −z₁ − √3 z₂
    >>> K.round(4)
    array([[1.    , 1.7321]])
    """
    A = _matrix("A", A)
    n = A.shape[0]
    A = _matrix("A", A, (n, n))
    B = _matrix("B", B)
    if B.shape[0] != n:
        raise ValueError(f"B must have {n} rows like A, got shape {B.shape}")
    Q = _matrix("Q", Q, (n, n))
    R = _matrix("R", R, (B.shape[1], B.shape[1]))
    if not np.allclose(Q, Q.T) or np.linalg.eigvalsh(Q).min() < -1e-12:
        raise ValueError(f"Q must be symmetric positive semi-definite, got {Q.tolist()}")
    if not np.allclose(R, R.T) or np.linalg.eigvalsh(R).min() <= 0:
        raise ValueError(f"R must be symmetric positive definite, got {R.tolist()}")
    try:
        S = scipy.linalg.solve_continuous_are(A, B, Q, R)
    except (np.linalg.LinAlgError, ValueError) as exc:
        raise ValueError(f"no stabilising LQR gain for this (A, B, Q): {exc}") from exc
    return np.linalg.solve(R, B.T @ S), S


def state_feedback(K: Any, z: Any, z_eq: Any = None, u_eq: Any = None) -> np.ndarray:
    """u = u* − K (z − z*): linear state feedback about an equilibrium (z*, u*).

    Args:
        K: gain (m, n); z: the state (n,); z_eq: the equilibrium (default 0); u_eq: its input (default 0).

    Returns:
        u, shape (m,).

    >>> state_feedback([[1.0, 2.0]], [0.5, 0.0], z_eq=[0.5, 0.0])
    array([0.])
    """
    K = _matrix("K", K)
    m, n = K.shape
    z = _vector("z", z, n)
    dz = z - (np.zeros(n) if z_eq is None else _vector("z_eq", z_eq, n))
    return (np.zeros(m) if u_eq is None else _vector("u_eq", u_eq, m)) - K @ dz


def saturate(u: Any, limit: float) -> np.ndarray:
    """u clipped to ±limit: what an actuator with a force or torque limit delivers.

    >>> saturate([30.0, -5.0], 20.0)
    array([20., -5.])
    """
    limit = float(limit)
    if not (np.isfinite(limit) and limit > 0):
        raise ValueError(f"limit must be a finite number > 0, got {limit!r}")
    return np.clip(np.asarray(u, dtype=float), -limit, limit)


def pd(q: Any, qd: Any, q_des: Any, qd_des: Any, kp: Any, kd: Any) -> np.ndarray:
    """τ = K_p (q_d − q) + K_d (q̇_d − q̇): a spring and a damper toward the goal, per joint.

    Args:
        q, qd: the state (n,); q_des, qd_des: the goal (n,); kp, kd: gains (numbers, (n,) or (n, n)).

    Returns:
        τ, shape (n,). Under gravity it settles *beside* the goal: the spring
        must stretch to hold the weight (use :func:`pd_gravity`).

    >>> pd([0.0], [0.0], [1.0], [0.0], kp=10.0, kd=2.0)
    array([10.])
    """
    q = np.atleast_1d(np.asarray(q, dtype=float))
    n = q.shape[0]
    e, ed = _vector("q_des", q_des, n) - q, _vector("qd_des", qd_des, n) - _vector("qd", qd, n)
    return _gain("kp", kp, n) @ e + _gain("kd", kd, n) @ ed


def pd_gravity(model: ManipulatorModel, q: Any, qd: Any, q_des: Any, kp: Any, kd: Any) -> np.ndarray:
    """τ = K_p (q_d − q) − K_d q̇ + g(q): PD toward a fixed goal plus the torque that holds up the weight.

    With K_p, K_d positive definite the goal is reached exactly (no droop).

    >>> from course_lib.physics.models import Pendulum
    >>> p = Pendulum()
    >>> bool(np.allclose(pd_gravity(p, [0.3], [0.0], [0.3], 5.0, 1.0), p.gravity([0.3])))
    True
    """
    q = _vector("q", q, model.n_dof)
    return pd(q, qd, q_des, np.zeros(model.n_dof), kp, kd) + model.gravity(q)


def computed_torque(model: ManipulatorModel, q: Any, qd: Any, q_des: Any, qd_des: Any, qdd_des: Any,
                    kp: Any, kd: Any) -> np.ndarray:
    """τ = M(q)(q̈_d + K_d ė + K_p e) + C(q, q̇) q̇ + g(q) + b q̇, with e = q_d − q.

    Inverse dynamics of a commanded acceleration: with a perfect model the
    closed loop is ë + K_d ė + K_p e = 0, a linear system whose poles the gains
    choose. Only for a fully actuated model (one torque per joint).

    Args:
        model: the model the controller believes in (may differ from the plant).
        q, qd: the measured state (n,); q_des, qd_des, qdd_des: the desired motion (n,).
        kp, kd: gains (numbers, (n,) or (n, n)).

    Returns:
        τ, shape (n,).
    """
    n = model.n_dof
    q, qd = _vector("q", q, n), _vector("qd", qd, n)
    v = _vector("qdd_des", qdd_des, n) + pd(q, qd, q_des, qd_des, kp, kd)
    return model.inverse_dynamics(q, qd, v)
