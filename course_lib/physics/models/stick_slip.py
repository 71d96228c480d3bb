"""The stick–slip rule of Coulomb friction: which resting joints stick, and the q̈ of the rest.

A joint at rest with Coulomb level F_s > 0 stays at rest while the torque it would need to
stay put is within ±F_s; past that it breaks away, with sliding friction F_s against the push.
The motors lesson's geared arm (:class:`~course_lib.physics.models.MotorArm`) and the n-joint chains
(:func:`course_lib.physics.chains.dynamics.forward_dynamics`) both apply this one rule.
"""

from __future__ import annotations

import numpy as np


def stick_slip(M: np.ndarray, rhs: np.ndarray, resting: np.ndarray, Fs: np.ndarray) -> np.ndarray:
    """q̈ from M q̈ = rhs, where resting joints with Coulomb level F_s > 0 stick unless pushed past it.

    Args:
        M: mass matrix (n, n).
        rhs: τ − h − friction of the moving joints (N·m), shape (n,).
        resting: which joints are at rest, shape (n,) of bool.
        Fs: Coulomb levels (N·m), shape (n,).

    Returns:
        q̈ (rad/s²), with 0 for every joint that sticks.

    >>> M = np.eye(2)
    >>> stick_slip(M, np.array([0.5, 3.0]), np.array([True, True]), np.array([1.0, 1.0])).tolist()
    [0.0, 2.0]
    """
    rhs = np.array(rhs, dtype=float)
    n = rhs.shape[0]
    stuck = resting & (Fs > 0)                       # assume every resting joint sticks
    while True:
        free = ~stuck
        qdd = np.zeros(n)
        qdd[free] = np.linalg.solve(M[np.ix_(free, free)], rhs[free])
        hold = rhs - M @ qdd                         # friction torque each stuck joint needs
        excess = np.where(stuck, np.abs(hold) - Fs, -np.inf)
        if not np.any(excess > 0):
            return qdd
        j = int(np.argmax(excess))                   # the joint pushed hardest breaks away
        stuck[j] = False
        rhs[j] -= Fs[j] * np.sign(hold[j])           # sliding friction, against the push
