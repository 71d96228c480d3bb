"""Balancing the lesson's cart-pole: its limits, its LQR gain and the Auto-balance force law, defined once.

The lab (:mod:`course_lib.lessons.cart_pole.lab`), the lesson's static plots
and the tests all use these, so the gain and the limits shown are the ones
tested. The rail and the force limit are this course's choice (the lesson's
setup gives none): a ±1.5 m rail and ±20 N, which covers the lab's ±15 N task.

>>> tr = auto_balance(theta0_deg=15.0, duration=6.0)
>>> bool(abs(tr.q[-1, 1]) < 1e-3), bool(abs(tr.tau[:, 0]).max() <= FORCE_LIMIT)
(True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.physics import control
from course_lib.physics.models import CartPole
from course_lib.physics.simulate.integrators import Trajectory, simulate

#: the rail's half-length (m): end stops at x = ±RAIL; and the actuator's force limit (N)
RAIL, FORCE_LIMIT = 1.5, 20.0
#: LQR weights on z = (x, θ, ẋ, θ̇) and on F (1/N²): they keep |F| and |x| inside the limits after the lab's kick
LQR_Q, LQR_R = np.diag([1.0, 20.0, 1.0, 1.0]), 0.05
#: the lab's kick: a horizontal impulse at the pole's tip (N·s)
KICK = 0.3
#: the lab's integration step (s); the controller is sampled every step
DT = 1 / 240


def lesson_cart_pole() -> CartPole:
    """The lesson's cart-pole (M_c = 1 kg, m = 0.3 kg, l = 0.8 m) on the ±RAIL rail."""
    return CartPole(rail=RAIL)


def lqr_gain(model: CartPole) -> np.ndarray:
    """K (1 × 4) of F = −K z about the upright: the model's linearization and scipy's Riccati solver."""
    A, B = model.linearize((0.0, 0.0))
    return control.lqr(A, B, LQR_Q, LQR_R)[0]


def balance_force(K: np.ndarray, q: Any, qd: Any, auto: bool, hand: float = 0.0) -> float:
    """The force on the cart (N): clip(hand + (auto ? −K z : 0), ±FORCE_LIMIT), with θ in z wrapped to (−π, π].

    Args:
        K: the LQR gain (1 × 4); q, qd: the state (m, rad; m/s, rad/s).
        auto: whether Auto-balance is on; hand: the learner's force (N).
    """
    u = float(hand)
    if auto:
        theta = (q[1] + np.pi) % (2 * np.pi) - np.pi
        u += float(control.state_feedback(K, [q[0], theta, qd[0], qd[1]])[0])
    return float(control.saturate(u, FORCE_LIMIT))


def auto_balance(theta0_deg: float = 0.0, qd0: Any = (0.0, 0.0), duration: float = 6.0,
                 kick: bool = False) -> Trajectory:
    """Auto-balance on the nonlinear cart-pole, exactly as the lab runs it (same law, step, rail and limit).

    Args:
        theta0_deg: start angle (degrees from upright), at x = 0.
        qd0: start velocities (m/s, rad/s).
        duration: simulated time (s).
        kick: start with the lab's kick (KICK N·s at the tip) added to qd0.

    Returns:
        The :class:`~course_lib.physics.simulate.integrators.Trajectory` (t, q, qd, tau = (F, 0)).
    """
    cp = lesson_cart_pole()
    K = lqr_gain(cp)
    q0 = [0.0, np.radians(theta0_deg)]
    if kick:
        qd0 = cp.tip_impulse(q0, qd0, KICK)
    return simulate(cp, q0, qd0, duration=duration, dt=DT,
                    controller=lambda t, q, qd: [balance_force(K, q, qd, auto=True), 0.0])
