"""The closed-loop error of computed torque: ë + K_d ė + K_p e = 0, derived, solved and tuned.

- :func:`closed_loop_error_expr`  ë under computed torque with a perfect model, derived by sympy for the 2R arm's
  general symmetric M and bias b (it is −K_d ė − K_p e: M cancels)
- :func:`gains_for`               (K_p, K_d) = (ωₙ², 2ζωₙ) for a requested ωₙ and ζ
- :func:`natural_frequency`       (ωₙ, ζ) of given gains
- :func:`error_response`          the analytic e(t) of ë + K_d ė + K_p e = 0 from (e₀, ė₀)
- :func:`simulate_continuous`     a closed loop with the law evaluated inside every RK4 stage (no sampling, no hold)

Conventions: e = q_d − q per joint (rad), gains per joint as numbers.

>>> wn, zeta = natural_frequency(150.0, 20.0)   # the lesson's gains
>>> round(wn, 3), round(zeta, 3)
(12.247, 0.816)
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np
import sympy as sp

from course_lib.physics import _checks
from course_lib.physics.models.base import ManipulatorModel
from course_lib.physics.simulate.integrators import rk4_step


def closed_loop_error_expr() -> tuple[sp.Matrix, dict[str, sp.Symbol]]:
    """ë = q̈_d − q̈ when τ = M(q̈_d + K_d ė + K_p e) + b drives M q̈ + b = τ (M, b the true ones).

    M is a general symmetric 2 × 2 matrix (invertible), b = C q̇ + g any bias; the plant's
    q̈ = M⁻¹(τ − b) is solved by sympy and subtracted from q̈_d.

    Returns:
        ``(edd, symbols)``: ë as a 2-vector, and the scalar symbols a learner may type
        (``e``, ``edot``, ``Kp``, ``Kd``) for one joint.

    >>> edd, s = closed_loop_error_expr()
    >>> edd[0]
    -Kd*edot1 - Kp*e1
    """
    Kp, Kd = sp.symbols("Kp Kd", positive=True)
    m11, m12, m22, b1, b2 = sp.symbols("M11 M12 M22 b1 b2", real=True)
    e = sp.Matrix(sp.symbols("e1 e2", real=True))
    ed = sp.Matrix(sp.symbols("edot1 edot2", real=True))
    qdd_d = sp.Matrix(sp.symbols("qdd_d1 qdd_d2", real=True))
    M, b = sp.Matrix([[m11, m12], [m12, m22]]), sp.Matrix([b1, b2])
    tau = M * (qdd_d + Kd * ed + Kp * e) + b  # computed torque with the true M and b
    qdd = M.LUsolve(tau - b)  # the plant: M q̈ + b = τ
    edd = sp.simplify(qdd_d - qdd)
    one = {"e": sp.Symbol("e1", real=True), "edot": sp.Symbol("edot1", real=True), "Kp": Kp, "Kd": Kd}
    return edd, one


def gains_for(omega_n: float, zeta: float = 1.0) -> tuple[float, float]:
    """(K_p, K_d) = (ωₙ², 2ζωₙ): the gains whose error equation has natural frequency ωₙ and damping ratio ζ.

    Args:
        omega_n: natural frequency (rad/s), > 0.
        zeta: damping ratio, > 0 (1: critically damped, fastest without overshoot).

    Returns:
        (K_p in 1/s², K_d in 1/s).

    >>> gains_for(10.0)
    (100.0, 20.0)
    """
    wn, zeta = _checks.positive("omega_n", omega_n), _checks.positive("zeta", zeta)
    return wn * wn, 2.0 * zeta * wn


def natural_frequency(kp: float, kd: float) -> tuple[float, float]:
    """(ωₙ, ζ) of ë + K_d ė + K_p e = 0: ωₙ = √K_p, ζ = K_d / (2√K_p).

    >>> natural_frequency(100.0, 20.0)
    (10.0, 1.0)
    """
    kp, kd = _checks.positive("kp", kp), _checks.non_negative("kd", kd)
    wn = math.sqrt(kp)
    return wn, kd / (2.0 * wn)


def error_response(t: Any, e0: Any, ed0: Any, kp: float, kd: float) -> np.ndarray:
    """e(t) solving ë + K_d ė + K_p e = 0 with e(0) = e₀, ė(0) = ė₀ (each joint on its own).

    The roots of s² + K_d s + K_p are s = −ζωₙ ± ωₙ√(ζ² − 1); the three cases
    (under-, critically, over-damped) are written out.

    Args:
        t: times (s), shape (N,); e0, ed0: initial error and rate per joint, shape (n,).

    Returns:
        e, shape (N, n).

    >>> float(error_response([0.0], [0.1], [0.0], 100.0, 20.0)[0, 0])
    0.1
    """
    t = np.asarray(t, dtype=float)[:, None]
    e0, ed0 = np.atleast_1d(np.asarray(e0, dtype=float)), np.atleast_1d(np.asarray(ed0, dtype=float))
    wn, zeta = natural_frequency(kp, kd)
    sigma = zeta * wn
    if abs(zeta - 1.0) < 1e-12:
        return (e0 + (ed0 + sigma * e0) * t) * np.exp(-sigma * t)
    if zeta < 1.0:
        wd = wn * math.sqrt(1.0 - zeta * zeta)
        return np.exp(-sigma * t) * (e0 * np.cos(wd * t) + (ed0 + sigma * e0) / wd * np.sin(wd * t))
    r = wn * math.sqrt(zeta * zeta - 1.0)
    s1, s2 = -sigma + r, -sigma - r
    a = (ed0 - s2 * e0) / (s1 - s2)
    return a * np.exp(s1 * t) + (e0 - a) * np.exp(s2 * t)


def simulate_continuous(model: ManipulatorModel, law: Callable[[float, np.ndarray, np.ndarray], Any], q0: Any,
                        qd0: Any, duration: float, dt: float = 1e-3) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Integrate the closed loop q̈ = FD(q, q̇, law(t, q, q̇)) by RK4: the law is continuous, not sampled.

    :func:`course_lib.physics.simulate.integrators.simulate` holds a controller's output over each step (a digital controller);
    here the torque is recomputed at every RK4 stage, so the loop is the continuous-time one up to
    RK4's own error, O(dt⁴).

    Args:
        model: the plant; law: ``law(t, q, qd) -> tau``; q0, qd0: the start, shape (n,).
        duration, dt: seconds, > 0.

    Returns:
        (t, q, qd): shapes (N,), (N, n), (N, n).
    """
    duration, dt = _checks.positive("duration", duration), _checks.positive("dt", dt)
    q, qd = np.asarray(q0, dtype=float).copy(), np.asarray(qd0, dtype=float).copy()
    steps = int(round(duration / dt))
    t = np.arange(steps + 1) * dt
    Q, QD = np.empty((steps + 1, q.size)), np.empty((steps + 1, q.size))
    Q[0], QD[0] = q, qd
    for k in range(steps):
        clock = {"t": t[k]}

        def dynamics(x: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, float]:
            return model.forward_dynamics(x, v, law(clock["t"], x, v)), 0.0

        # rk4_step calls the stages at t, t + dt/2, t + dt/2, t + dt: tell the law which time it is
        times = iter((t[k], t[k] + dt / 2, t[k] + dt / 2, t[k] + dt))

        def timed(x: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, float]:
            clock["t"] = next(times)
            return dynamics(x, v)

        q, qd, _ = rk4_step(timed, q, qd, dt)
        Q[k + 1], QD[k + 1] = q, qd
    return t, Q, QD
