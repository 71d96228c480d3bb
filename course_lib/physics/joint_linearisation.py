"""Each joint on its own: the linearised joint model, and why a high gear ratio makes it good.

Around an operating point q̄ at rest, with gravity's torque g(q̄) supplied, a small motion δq of the arm
with motors obeys

    M(q̄) δq̈ + F_v δq̇ + G δq = δτ,    G = ∂g/∂q (q̄)

(C q̇ is second order in δq̇, and drops). Keeping only the diagonal of M and G gives one second-order
system per joint,

    J_i δq̈_i + F_vi δq̇_i + G_ii δq_i = δτ_i,   J_i = M_ii(q̄) = k_ri² I_mi + (the link's share),

the independent-joint model a PID loop is tuned on. What it leaves out is the coupling: the off-diagonal
M_ij and the change of M_ii with the posture. Both come from the links, while the diagonal grows with the
rotor's k_r² I_m; so relative to k_r² I_m they shrink like 1/k_r² (and M₁₂'s own rotor term k_r2 I_m2 like
1/k_r). Physics note: seen from the motor, joint i's inertia is I_m + M_ii^link / k_r²: the gear divides
the link's inertia, and its variation, by k_r².

:func:`decoupling_error` measures the model's error on the input matrix M(q̄)⁻¹ of the full linearisation.

>>> from course_lib.physics.torque_breakdown import textbook_motor_arm
>>> rows = gear_sweep(textbook_motor_arm(), [10.0, 100.0])
>>> [round(r.coupling, 3) for r in rows]         # max |M₁₂| over θ₂ / (k_r² I_m)
[47.6, 0.485]
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

import numpy as np

from course_lib.physics import _checks
from course_lib.physics.models import MotorArm

#: the elbow angles (rad) over which the coupling and the variation of M₁₁ are taken
THETA2_GRID = np.linspace(-np.pi, np.pi, 361)
#: the step of the finite differences of g (rad)
EPS = 1e-6


@dataclasses.dataclass(frozen=True)
class JointModel:
    """The independent-joint model at q̄. Attributes (per joint, shape (2,)):
        inertia: J_i = M_ii(q̄) (kg·m²);  rotor: k_ri² I_mi (kg·m²), its share of J_i;
        damping: F_vi (N·m·s/rad);  stiffness: G_ii = ∂g_i/∂q_i (N·m/rad, negative above an unstable rest).
    """

    inertia: np.ndarray
    rotor: np.ndarray
    damping: np.ndarray
    stiffness: np.ndarray


def gravity_stiffness(arm: MotorArm, q_bar: Any) -> np.ndarray:
    """G = ∂g/∂q at q̄ (N·m/rad), 2×2, by central differences of ``arm.gravity``."""
    q_bar = _checks.states("q_bar", q_bar, 2)
    return np.stack([(arm.gravity(q_bar + EPS * e) - arm.gravity(q_bar - EPS * e)) / (2 * EPS) for e in np.eye(2)],
                    axis=1)


def joint_models(arm: MotorArm, q_bar: Any) -> JointModel:
    """The per-joint second-order models at the operating point q̄ (rad)."""
    M = arm.mass_matrix(_checks.states("q_bar", q_bar, 2))
    rotor = np.array([arm.kr1**2 * arm.Im1, arm.kr2**2 * arm.Im2]) if arm.rotors else np.zeros(2)
    return JointModel(inertia=np.diag(M).copy(), rotor=rotor, damping=np.asarray(arm.b, dtype=float).copy(),
                      stiffness=np.diag(gravity_stiffness(arm, q_bar)).copy())


def decoupling_error(arm: MotorArm, q_bar: Any) -> float:
    """max |M(q̄)⁻¹ − diag(1/J)| / max |M(q̄)⁻¹|: how far the joints' true response to a torque step is from
    the independent-joint model's, relative to its size (0 for a diagonal M)."""
    M_inv = np.linalg.inv(arm.mass_matrix(_checks.states("q_bar", q_bar, 2)))
    model = np.diag(1.0 / joint_models(arm, q_bar).inertia)
    return float(np.abs(M_inv - model).max() / np.abs(M_inv).max())


@dataclasses.dataclass(frozen=True)
class GearRow:
    """One gear ratio of :func:`gear_sweep`. Attributes:
        ratio: k_r of both joints;  rotor: k_r² I_m of joint 2 (kg·m², the smaller diagonal's rotor);
        coupling: max over θ₂ of |M₁₂| / (k_r2² I_m2);
        variation: (max − min over θ₂ of M₁₁) / (k_r1² I_m1);
        error: :func:`decoupling_error` at q̄.
    """

    ratio: float
    rotor: float
    coupling: float
    variation: float
    error: float


def gear_sweep(arm: MotorArm, ratios: Sequence[float], q_bar: Any = (0.0, np.pi / 2)) -> list[GearRow]:
    """The coupling terms relative to k_r² I_m as both gear ratios run through ``ratios`` (>= 1).

    Args:
        arm: the arm (its rotors' I_m are kept; its k_r are replaced).
        ratios: the gear ratios k_r.
        q_bar: the operating point for :func:`decoupling_error` (rad).

    Returns:
        One :class:`GearRow` per ratio.
    """
    rows = []
    for kr in ratios:
        geared = arm.replace(kr1=float(kr), kr2=float(kr))
        m11, m12, _ = geared._entries(THETA2_GRID)
        rotor1, rotor2 = geared.kr1**2 * geared.Im1, geared.kr2**2 * geared.Im2
        rows.append(GearRow(ratio=float(kr), rotor=rotor2, coupling=float(np.abs(m12).max() / rotor2),
                            variation=float((m11.max() - m11.min()) / rotor1),
                            error=decoupling_error(geared, q_bar)))
    return rows
