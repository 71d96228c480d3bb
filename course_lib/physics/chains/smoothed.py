"""The geared 2R arm with Coulomb friction smoothed: F_s tanh(q̇/ε) in place of F_s sgn(q̇).

:class:`SmoothedMotorArm` is :class:`~course_lib.physics.models.MotorArm` with one change, the
pitfall of lesson 11: the Coulomb term is F_s :func:`~course_lib.physics.chains.friction.smooth_sign`
(q̇, ε). The equations of motion are then smooth, and there is no stick–slip rule: a joint at rest
feels no Coulomb friction at all, so an arm that real friction would hold creeps, at a rate of
order ε, and there is no breakaway torque.

Energy: friction takes the power q̇ᵀ τ_f = Σ F_v q̇² + F_s q̇ tanh(q̇/ε) (W), which is less than the
F_s |q̇| of true Coulomb friction at every speed, and much less at speeds of order ε. The
simulator books exactly this power (the model's :meth:`friction`), so E(t) − E(0) = W_τ − W_f
balances only when W_f is taken with the same smoothed law.

>>> arm = SmoothedMotorArm(eps=0.01, Fs=1.0)
>>> arm.friction([0.0, 0.01]).round(4).tolist()   # nothing at rest; tanh(1) of F_s at q̇ = ε
[0.0, 0.7616]
>>> float(MotorArm(Fs=1.0).friction([0.0, 0.01])[1])   # true Coulomb friction: the full level
1.0
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.physics.chains.friction import smooth_sign
from course_lib.physics.models.motor_arm import MotorArm


class SmoothedMotorArm(MotorArm):
    """:class:`~course_lib.physics.models.MotorArm` with F_s tanh(q̇/ε) for its Coulomb friction.

    Args:
        eps: the smoothing speed ε (rad/s), > 0: tanh(q̇/ε) reaches 0.76 at q̇ = ε.
        (other arguments): as :class:`~course_lib.physics.models.MotorArm`; ``b`` is F_v (N·m·s/rad),
            ``Fs`` the Coulomb levels F_s (N·m).

    Raises:
        ValueError: naming the argument and what is allowed.

    Physics note: M, C and g are the motor arm's; only the friction law changes, so
    :meth:`forward_dynamics` is the plain solve M q̈ = τ − C q̇ − g − F_v q̇ − F_s tanh(q̇/ε), with no
    joint ever held at rest.
    """

    parameter_names = MotorArm.parameter_names + ("eps",)

    def __init__(self, *args: Any, eps: float = 0.01, **kwargs: Any):
        eps_value = float(eps) if isinstance(eps, (int, float, np.floating, np.integer)) else None
        if eps_value is None or not (np.isfinite(eps_value) and eps_value > 0):
            raise ValueError(f"eps (the smoothing speed, rad/s) must be a finite number > 0, got {eps!r}")
        object.__setattr__(self, "eps", eps_value)
        super().__init__(*args, **kwargs)

    def __repr__(self) -> str:
        return super().__repr__().replace("MotorArm(", f"SmoothedMotorArm(eps={self.eps:g}, ", 1)

    def _friction(self, qd: np.ndarray) -> np.ndarray:
        """F_v q̇ + F_s tanh(q̇/ε) (N·m): smooth, and 0 for a joint at rest."""
        return self.b * qd + self.Fs * smooth_sign(qd, self.eps)

    def _forward_dynamics(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        rhs = tau - self._bias(q, qd) - self._friction(qd)
        return np.linalg.solve(self._mass_matrix(q), rhs[..., None])[..., 0]

    def _forward_dynamics_one(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        return self._forward_dynamics(q, qd, tau)

    def stop_reversals(self, qd_before: np.ndarray, qd: np.ndarray) -> None:
        """None: with a smoothed sign nothing stops a joint (there is no stick–slip rule)."""
        return None

    def straddles_friction_jump(self, qd_before: np.ndarray, qd: np.ndarray) -> bool:
        """False: tanh has no jump, so the simulator's quadrature of friction's power stays fourth order."""
        return False

    def breakaway_torque(self, q: Any) -> float:
        """Refused: a smoothed joint never sticks, so no torque is the one at which it starts to move."""
        raise ValueError(f"a smoothed sign has no breakaway torque: with F_s tanh(q̇/ε), ε = {self.eps:g} rad/s, "
                         "a joint at rest feels no Coulomb friction and moves under any unbalanced torque; "
                         "use MotorArm (the stick–slip rule) for the breakaway torque")
