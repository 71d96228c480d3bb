"""The textbook 2R arm with geared motors and joint friction: M q̈ + C q̇ + F_v q̇ + F_s sgn(q̇) + g = τ.

The links are :class:`~course_lib.physics.models.TwoLinkArm`'s (θ₁ from the horizontal,
θ₂ relative). Each joint is driven through a gear of ratio k_r by a motor whose
rotor has inertia I_m about its spin axis. Rotor 1 sits at the base; rotor 2 sits
at the elbow, carried by link 1 (mass m_m2 there). By Lagrange
(:mod:`course_lib.physics.symbolic.motors`) the rotors add constants to M:

    M₁₁ += k_r1² I_m1 + I_m2 + m_m2 l₁²,   M₁₂ += k_r2 I_m2,   M₂₂ += k_r2² I_m2,

and m_m2 g l₁ cos θ₁ to g₁. Because they are constant, C is the links' C.
τ is the joint torque, k_r times the motor torque τ_m.

Friction: viscous F_v q̇ (the ``b`` of every course model) and Coulomb
F_s sgn(q̇) with the stick–slip rule of :func:`course_lib.physics.models.stick_slip.stick_slip`:
a joint at rest stays at rest while the torque it would need is within ±F_s.
A joint whose rate changes sign within a step is stopped at the end of that
step (:meth:`MotorArm.stop_reversals`), so the rule decides what happens next.

>>> arm = MotorArm(kr1=100, Im1=1e-4, Im2=0.0, rotors=True)
>>> float(arm.rotor_mass_matrix()[0, 0])  # k_r1² I_m1
1.0
>>> arm.replace(rotors=False).rotor_mass_matrix().tolist()
[[0.0, 0.0], [0.0, 0.0]]
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from course_lib.physics import _checks
from course_lib.physics.models.base import matvec
from course_lib.physics.models.stick_slip import stick_slip
from course_lib.physics.models.two_link import TwoLinkArm, coriolis_entries, gravity_entries, mass_matrix_entries

#: the lab's ranges: gear ratio k_r and rotor inertia I_m (kg·m²); a servo rotor is ~1e-4
GEAR_RANGE, ROTOR_INERTIA_RANGE = (1.0, 160.0), (1e-5, 1e-3)
#: a joint with Coulomb friction slower than this (rad/s) after a step is at rest: RK4's stages straddle
#: the jump of sgn(q̇) there, and the joint would otherwise hover at a few 1e-4 rad/s instead of stopping
REST_SPEED = 2e-3


class MotorArm(TwoLinkArm):
    """The 2R arm with geared rotors and viscous + Coulomb friction.

    Args:
        (link arguments): as :class:`~course_lib.physics.models.TwoLinkArm`; ``b`` is F_v (N·m·s/rad).
        kr1, kr2: gear ratios k_r (rad of rotor per rad of joint), >= 1.
        Im1, Im2: rotor inertias about their spin axes (kg·m²), >= 0.
        mm2: mass of motor 2, carried at the elbow (kg), >= 0.
        Fs: Coulomb friction levels F_s (N·m), a number or one per joint, >= 0.
        rotors: include the rotor inertias in M (False: the links alone, the "forgot the motors" model).

    Raises:
        ValueError: naming the argument and what is allowed.
    """

    parameter_names = TwoLinkArm.parameter_names + ("kr1", "kr2", "Im1", "Im2", "mm2", "Fs", "rotors")

    def __init__(self, l1: float = 1.0, l2: float = 0.8, m1: float = 2.0, m2: float = 1.5, payload: float = 0.0,
                 b: Any = 0.0, g: float = 9.81, lc1: float | None = None, lc2: float | None = None,
                 I1: float | None = None, I2: float | None = None, kr1: float = 50.0, kr2: float = 50.0,
                 Im1: float = 1e-4, Im2: float = 1e-4, mm2: float = 0.0, Fs: Any = 0.0, rotors: bool = True):
        for name, value in (("kr1", kr1), ("kr2", kr2)):
            if not _checks.finite(name, value) >= 1.0:
                raise ValueError(f"{name} (gear ratio) must be >= 1, got {value!r}")
        object.__setattr__(self, "kr1", float(kr1))
        object.__setattr__(self, "kr2", float(kr2))
        object.__setattr__(self, "Im1", _checks.non_negative("Im1", Im1))
        object.__setattr__(self, "Im2", _checks.non_negative("Im2", Im2))
        object.__setattr__(self, "mm2", _checks.non_negative("mm2", mm2))
        object.__setattr__(self, "Fs", _checks.damping("Fs", Fs, 2))
        if not isinstance(rotors, (bool, np.bool_)):
            raise ValueError(f"rotors must be True or False, got {rotors!r}")
        object.__setattr__(self, "rotors", bool(rotors))
        object.__setattr__(self, "_coefficients", (tuple(_checks.damping("b", b, 2).tolist()),
                                                   tuple(self.Fs.tolist())))  # plain floats for the hot path
        l1 = _checks.positive("l1", l1)
        object.__setattr__(self, "_rotor_entries", (
            self.kr1**2 * self.Im1 + self.Im2 + self.mm2 * l1**2,   # rotor 1 geared, rotor 2 spun by link 1
            self.kr2 * self.Im2,                                      # rotor 2's gear couples the joints
            self.kr2**2 * self.Im2) if self.rotors else (0.0, 0.0, 0.0))
        super().__init__(l1, l2, m1, m2, payload, b, g, lc1, lc2, I1, I2)

    def __repr__(self) -> str:
        return (f"MotorArm(kr1={self.kr1:g}, kr2={self.kr2:g}, Im1={self.Im1:g}, Im2={self.Im2:g}, "
                f"b={tuple(self.b)}, Fs={tuple(self.Fs)}, g={self.g}, rotors={self.rotors})")

    # -- the rotors' share of M, and the whole M ---------------------------------------------
    def rotor_entries(self) -> tuple[float, float, float]:
        """(ΔM₁₁, ΔM₁₂, ΔM₂₂) the rotors add to M (kg·m²), constants; zeros with ``rotors=False``."""
        return self._rotor_entries

    def reflected_rotor_inertias(self) -> np.ndarray:
        """(k_r1² I_m1, k_r2² I_m2) (kg·m²): each rotor's inertia seen through its gear at its own joint; zeros
        with ``rotors=False``. The rest of M's diagonal is the links' and what they carry (rotor 2's own I_m2
        and motor 2's mass turn with link 1).

        >>> MotorArm(kr1=100, kr2=10, Im1=1e-4, Im2=2e-4).reflected_rotor_inertias().tolist()
        [1.0, 0.02]
        """
        if not self.rotors:
            return np.zeros(2)
        return np.array([self.kr1**2 * self.Im1, self.kr2**2 * self.Im2])

    def rotor_mass_matrix(self) -> np.ndarray:
        """The rotors' constant share of M (kg·m²), 2×2."""
        d11, d12, d22 = self.rotor_entries()
        return np.array([[d11, d12], [d12, d22]])

    def link_mass_matrix(self, q: Any) -> np.ndarray:
        """The links' share of M (kg·m²), :class:`TwoLinkArm`'s M."""
        return TwoLinkArm._mass_matrix(self, self._q(q))

    def _entries(self, theta2: Any, lib: Any = np) -> tuple[Any, Any, Any]:
        m11, m12, m22 = mass_matrix_entries(theta2, self.params, lib)
        d11, d12, d22 = self.rotor_entries()
        return m11 + d11, m12 + d12, m22 + d22

    def _mass_matrix(self, q: np.ndarray) -> np.ndarray:
        return TwoLinkArm._mass_matrix(self, q) + self.rotor_mass_matrix()

    def condition_number(self, theta2: Any) -> np.ndarray:
        """κ(M) = λ_max / λ_min at elbow angles θ₂ (rad); M does not depend on θ₁."""
        m11, m12, m22 = self._entries(np.asarray(theta2, dtype=float))
        mean, half = (m11 + m22) / 2, np.hypot((m11 - m22) / 2, m12)
        return (mean + half) / (mean - half)

    # -- gravity: motor 2's mass rides at the elbow --------------------------------------------
    def _motor2_weight(self) -> float:
        return self.mm2 * self.g * self.l1 if self.rotors else 0.0

    def _gravity(self, q: np.ndarray) -> np.ndarray:
        out = TwoLinkArm._gravity(self, q)
        out[..., 0] = out[..., 0] + self._motor2_weight() * np.cos(q[..., 0])
        return out

    def _potential_energy(self, q: np.ndarray) -> np.ndarray:
        return TwoLinkArm._potential_energy(self, q) + self._motor2_weight() * np.sin(q[..., 0])

    # -- friction ------------------------------------------------------------------------------------
    def _friction(self, qd: np.ndarray) -> np.ndarray:
        """F_v q̇ + F_s sgn(q̇) (N·m); 0 for a joint at rest (there the stick–slip rule decides)."""
        return self.b * qd + self.Fs * np.sign(qd)

    def breakaway_torque(self, q: Any) -> float:
        """The τ₁ at which joint 1, at rest at q with τ₂ = 0, breaks away: g₁(q) + F_s1 (N·m).

        Joint 2 must stay at rest meanwhile (|g₂(q)| <= F_s2, always so with gravity off):
        then the torque joint 1 needs to stay put is exactly τ₁ − g₁, so it sticks for
        g₁ − F_s1 <= τ₁ <= g₁ + F_s1 and this returns the upper edge, where it starts turning
        in the positive direction (the lower edge g₁ − F_s1 if the upper one is not positive).
        With gravity off it is F_s1, the smallest τ₁ > 0 that moves the joint; when |g₁| > F_s1
        the joint cannot rest at τ₁ = 0 and has to be held until τ₁ is applied.
        """
        q = self._q(q)
        g1, g2 = self._gravity(q).tolist()
        if abs(g2) > self.Fs[1]:
            raise ValueError(f"joint 2 does not stay at rest at q = ({q[0]:.3f}, {q[1]:.3f}): gravity needs "
                             f"{abs(g2):.3f} N·m there, more than F_s2 = {self.Fs[1]:.3f} N·m")
        return g1 + float(self.Fs[0]) if g1 + self.Fs[0] > 0 else g1 - float(self.Fs[0])

    def stop_reversals(self, qd_before: np.ndarray, qd: np.ndarray) -> np.ndarray | None:
        """Rates after a step: a joint with Coulomb friction whose rate changed sign, or that is
        slowing down below :data:`REST_SPEED`, is set to rest (a joint breaking away speeds up)."""
        slowing = (np.abs(qd) < REST_SPEED) & (np.abs(qd) < np.abs(qd_before))  # not a breakaway
        crossed = ((qd * qd_before < 0) | slowing) & (self.Fs > 0)
        if not crossed.any():
            return None
        return np.where(crossed, 0.0, qd)

    def straddles_friction_jump(self, qd_before: np.ndarray, qd: np.ndarray) -> bool:
        """A joint with Coulomb friction whose rate changed by more than half its smaller end value may
        have passed q̇ = 0 inside the step (RK4's stages lie between), where sgn q̇ jumps."""
        speed_before, speed = np.abs(qd_before), np.abs(qd)
        return bool(np.any((self.Fs > 0) & (2 * np.abs(qd - qd_before) >= np.minimum(speed_before, speed))))

    # -- forward dynamics with stick–slip ----------------------------------------------------------------
    def _forward_dynamics_one(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        return np.array(self._forward_dynamics_floats(*q.tolist(), *qd.tolist(), *tau.tolist()))

    def _friction_floats(self, qd1: float, qd2: float) -> tuple[float, float]:
        """F_v q̇ + F_s sgn(q̇) (N·m) on plain floats, as :meth:`_friction`."""
        (b1, b2), (s1, s2) = self._coefficients
        return b1 * qd1 + math.copysign(s1, qd1) * (qd1 != 0.0), b2 * qd2 + math.copysign(s2, qd2) * (qd2 != 0.0)

    def _forward_dynamics_floats(self, t1: float, t2: float, qd1: float, qd2: float, u1: float,
                                 u2: float) -> tuple[float, float]:
        """(θ̈₁, θ̈₂) with stick–slip at one state of plain floats: the closed forms, Cramer's rule off rest."""
        p = self.params
        m11, m12, m22 = self._entries(t2, math)
        c11, c12, c21, c22 = coriolis_entries(t2, qd1, qd2, p, "christoffel", math)
        g1, g2 = gravity_entries(t1, t2, p, math)
        g1 += self._motor2_weight() * math.cos(t1)
        f1, f2 = self._friction_floats(qd1, qd2)
        r1 = u1 - c11 * qd1 - c12 * qd2 - g1 - f1
        r2 = u2 - c21 * qd1 - c22 * qd2 - g2 - f2
        (s1, s2) = self._coefficients[1]
        if (qd1 == 0.0 and s1 > 0) or (qd2 == 0.0 and s2 > 0):  # a joint at rest: stick or slip
            M = np.array([[m11, m12], [m12, m22]])
            a1, a2 = stick_slip(M, np.array([r1, r2]), np.array([qd1 == 0.0, qd2 == 0.0]), self.Fs).tolist()
            return a1, a2
        det = m11 * m22 - m12 * m12
        return (m22 * r1 - m12 * r2) / det, (m11 * r2 - m12 * r1) / det

    def _forward_dynamics(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        if q.ndim == 1:
            return self._forward_dynamics_one(q, qd, tau)
        return np.array([self._forward_dynamics_one(a, b, c) for a, b, c in zip(q, qd, tau)])

    def inverse_dynamics(self, q: Any, qd: Any, qdd: Any) -> np.ndarray:
        """τ = M q̈ + C q̇ + g + F_v q̇ + F_s sgn(q̇) (N·m) for a moving arm."""
        q, qd = self._q_qd(q, qd)
        qdd = self._q(qdd, "qdd")
        return matvec(self._mass_matrix(q), qdd) + self._bias(q, qd) + self._friction(qd)
