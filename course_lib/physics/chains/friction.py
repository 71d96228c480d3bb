"""Joint friction: viscous F_v q̇ and Coulomb F_s sgn(q̇), with a stick–slip rule at rest.

The textbook's standard form is  M q̈ + C q̇ + F_v q̇ + F_s sgn(q̇) + g = τ.
At q̇ = 0 the Coulomb term is not a function of q̇ at all: a joint at rest
*sticks* while the torque it would need to stay at rest is within ±F_s, and
breaks away, with friction F_s against the push, once that torque exceeds
F_s. So the breakaway torque is exactly F_s plus whatever gravity and the
other joints load it with (:func:`course_lib.physics.chains.dynamics.forward_dynamics`
applies the rule).

Pitfall, the smoothed sign: replacing sgn(q̇) by tanh(q̇/ε) makes the model
smooth, but a joint at rest then feels *no* friction at all, so an arm that
should stick slowly creeps under gravity, at a rate set by ε, and there is no
well-defined breakaway torque. :func:`smooth_sign` is here to show that.

>>> friction_torque([0.5, -2.0, 0.0], Fv=[0.1, 0.1, 0.1], Fs=[1.0, 1.0, 1.0])
array([ 1.05, -1.2 ,  0.  ])
"""

from __future__ import annotations

from typing import Any

import numpy as np


def friction_torque(qd: Any, Fv: Any = 0.0, Fs: Any = 0.0) -> np.ndarray:
    """τ_f = F_v q̇ + F_s sgn(q̇) (N·m) for moving joints; joints at rest get 0 here.

    Args:
        qd: joint rates (rad/s).
        Fv: viscous coefficients (N·m·s/rad), >= 0, one per joint or one for all.
        Fs: Coulomb levels (N·m), >= 0.

    Returns:
        The torque friction takes away, the same sign as q̇ (the model's τ_f).
    """
    qd = np.asarray(qd, dtype=float)
    Fv, Fs = _coefficients(Fv, Fs, qd.shape)
    return Fv * qd + Fs * np.sign(qd)


def smooth_sign(v: Any, eps: float) -> np.ndarray:
    """tanh(v/ε): the smoothed sign function, a pitfall for Coulomb friction.

    It is 0 at v = 0, so a resting joint feels no Coulomb friction: see the
    module docstring. ε (rad/s) > 0.
    """
    if not eps > 0:
        raise ValueError(f"eps must be > 0 (rad/s), got {eps!r}")
    return np.tanh(np.asarray(v, dtype=float) / eps)


def friction_power(qd: Any, Fv: Any = 0.0, Fs: Any = 0.0) -> float:
    """q̇ᵀ τ_f = Σ F_v q̇² + F_s |q̇| (W), the power friction turns into heat, >= 0."""
    qd = np.asarray(qd, dtype=float)
    return float(qd @ friction_torque(qd, Fv, Fs))


def _coefficients(Fv: Any, Fs: Any, shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    out = []
    for name, value in (("Fv", Fv), ("Fs", Fs)):
        arr = np.asarray(value, dtype=float)
        try:
            arr = np.broadcast_to(arr, shape)
        except ValueError:
            raise ValueError(f"{name} must be one number or one per joint {shape}, got {value!r}") from None
        if not np.all(np.isfinite(arr)) or np.any(arr < 0):
            raise ValueError(f"{name} must be finite and >= 0 (friction removes energy), got {value!r}")
        out.append(arr)
    return out[0], out[1]
