"""The 2R arm's equation of motion on plain floats: the simulator's fast path and the float controllers'.

For one state of two joints, each numpy call costs more than its arithmetic. So the live
simulator steps the course's 2R arms by :func:`~course_lib.physics.simulate.steppers.rk4_step_floats`
on the float dynamics this module gives, and the controllers that are sampled a thousand times
per simulated second compute τ = M q̈ + C q̇ + g + b q̇ with :func:`inverse`.

The formulas are the closed forms of :mod:`course_lib.physics.models.two_link` in their
base-parameter form (:func:`~course_lib.physics.models.two_link.base_parameter_entries`), written
once, in :func:`terms`; tests check them against the matrix path to 1e-12.

Rule: a fast path belongs to one exact class. :func:`float_dynamics` knows
:class:`~course_lib.physics.models.TwoLinkArm`, :class:`~course_lib.physics.models.MotorArm` and
:class:`~course_lib.physics.models.held_rates.HeldRatesArm` by their exact type; any other model,
a subclass included (it may have changed the physics: no C, rotors, …), gets None and is
simulated on arrays from its own M, C and g.

>>> from course_lib.physics.models import TwoLinkArm
>>> k = constants(TwoLinkArm())
>>> [round(x, 4) for x in inverse(k, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)]   # τ = g(q) held still
[30.411, 5.886]
"""

from __future__ import annotations

import functools
import math
from typing import Callable, NamedTuple, Sequence

from course_lib.physics.models.arm_team import ArmTeam
from course_lib.physics.models.base import ManipulatorModel
from course_lib.physics.models.held_rates import HeldRatesArm
from course_lib.physics.models.motor_arm import MotorArm
from course_lib.physics.models.two_link import TwoLinkArm, base_parameter_entries, tool_torque_entries
from course_lib.physics.simulate.steppers import FLOAT_STEPPERS, FloatDynamics

#: ``step(q, q̇, τ, h) -> (q, q̇, W)`` on lists of floats, for a model's whole state
FloatStep = Callable[[list, list, list, float], tuple[list, list, float]]
#: ``step(q, q̇, τ, h) -> (q, q̇, (W_τ, W_ext))``: the same for an arm pushed at its tool
PushedFloatStep = Callable[[list, list, list, float], tuple[list, list, tuple[float, float]]]


class Floats2R(NamedTuple):
    """The 2R arm's constants as plain floats: base parameters a, b, c (kg·m²), g·d, g·e (N·m), friction b₁, b₂."""

    a: float
    b: float
    c: float
    gd: float
    ge: float
    b1: float
    b2: float


def constants(arm: ManipulatorModel) -> Floats2R:
    """The constants of :func:`terms` for ``arm``, which must be exactly a :class:`TwoLinkArm`.

    Args:
        arm: the arm (payload merged into link 2, as its ``params`` hold it).

    Returns:
        :class:`Floats2R`.

    Raises:
        ValueError: for any other model, a subclass of TwoLinkArm included (its physics may differ).
    """
    if type(arm) is not TwoLinkArm:
        raise ValueError(f"the float 2R formulas hold for a TwoLinkArm exactly, not for {type(arm).__name__} "
                         "(a subclass may change M, C, g or friction); use the model's own inverse_dynamics")
    a, b, c, d, e = base_parameter_entries(arm.params)
    b1, b2 = arm.b.tolist()
    return Floats2R(float(a), float(b), float(c), float(d * arm.g), float(e * arm.g), b1, b2)


def terms(k: Floats2R, t1: float, t2: float, qd1: float, qd2: float) -> tuple[float, float, float, float, float]:
    """(M₁₁, M₁₂, M₂₂, n₁, n₂) with n = C q̇ + g + b q̇, on plain floats (kg·m², N·m).

    M₁₁ = a + 2b cos θ₂, M₁₂ = c + b cos θ₂, M₂₂ = c, h = b sin θ₂,
    C q̇ = (−h(2θ̇₁θ̇₂ + θ̇₂²), h θ̇₁²), g = (g d cos θ₁ + g e cos θ₁₂, g e cos θ₁₂).

    Args:
        k: the arm's :func:`constants`.
        t1, t2, qd1, qd2: angles (rad) and rates (rad/s).

    Returns:
        The three entries of M and the two of n.

    >>> from course_lib.physics.models import TwoLinkArm
    >>> [round(x, 4) for x in terms(constants(TwoLinkArm()), 0.3, math.pi / 2, 0.0, 0.0)[:3]]
    [2.4867, 0.32, 0.32]
    """
    a, b, c, gd, ge, b1, b2 = k
    c2, c12 = math.cos(t2), math.cos(t1 + t2)
    h = b * math.sin(t2)
    return (a + 2 * b * c2, c + b * c2, c,
            -h * (2 * qd1 * qd2 + qd2 * qd2) + gd * math.cos(t1) + ge * c12 + b1 * qd1,
            h * qd1 * qd1 + ge * c12 + b2 * qd2)


def inverse(k: Floats2R, t1: float, t2: float, qd1: float, qd2: float, a1: float,
            a2: float) -> tuple[float, float]:
    """τ = M q̈ + C q̇ + g + b q̇ (N·m) at one state of plain floats (rad, rad/s, rad/s²)."""
    m11, m12, m22, n1, n2 = terms(k, t1, t2, qd1, qd2)
    return m11 * a1 + m12 * a2 + n1, m12 * a1 + m22 * a2 + n2


def _two_link(arm: TwoLinkArm) -> FloatDynamics:
    k = constants(arm)
    b1, b2 = k.b1, k.b2

    def dynamics(t1: float, t2: float, qd1: float, qd2: float, u1: float,
                 u2: float) -> tuple[float, float, float]:
        m11, m12, m22, n1, n2 = terms(k, t1, t2, qd1, qd2)
        r1, r2 = u1 - n1, u2 - n2
        det = m11 * m22 - m12 * m12
        return ((m22 * r1 - m12 * r2) / det, (m11 * r2 - m12 * r1) / det,
                qd1 * (u1 - b1 * qd1) + qd2 * (u2 - b2 * qd2))

    return dynamics


def _motor_arm(arm: MotorArm) -> FloatDynamics:
    accel, friction = arm._forward_dynamics_floats, arm._friction_floats  # the model's own single-state path

    def dynamics(t1: float, t2: float, qd1: float, qd2: float, u1: float,
                 u2: float) -> tuple[float, float, float]:
        f1, f2 = friction(qd1, qd2)
        a1, a2 = accel(t1, t2, qd1, qd2, u1, u2)
        return a1, a2, qd1 * (u1 - f1) + qd2 * (u2 - f2)

    return dynamics


def _held_rates(arm: HeldRatesArm) -> FloatDynamics:
    b1, b2 = arm.b.tolist()
    return lambda t1, t2, qd1, qd2, u1, u2: (0.0, 0.0, qd1 * (u1 - b1 * qd1) + qd2 * (u2 - b2 * qd2))


#: the exact classes with float dynamics, each with the builder of its own
FLOAT_DYNAMICS: dict[type, Callable[..., FloatDynamics]] = {
    TwoLinkArm: _two_link,
    MotorArm: _motor_arm,
    HeldRatesArm: _held_rates,
}


def float_dynamics(model: ManipulatorModel) -> FloatDynamics | None:
    """``dynamics(θ₁, θ₂, θ̇₁, θ̇₂, τ₁, τ₂) -> (θ̈₁, θ̈₂, P)`` of a model in :data:`FLOAT_DYNAMICS`, else None.

    The type must match exactly: a subclass is not its parent's physics.
    """
    build = FLOAT_DYNAMICS.get(type(model))
    return None if build is None else build(model)


def float_step(model: ManipulatorModel, method: str = "rk4") -> FloatStep | None:
    """One step of ``method`` (a key of :data:`~course_lib.physics.simulate.steppers.FLOAT_STEPPERS`) on floats
    for the whole state of ``model``: a 2R arm with float dynamics, or a team of them.

    The copies of an :class:`~course_lib.physics.models.arm_team.ArmTeam` are uncoupled and the torque is
    held over the step, so each copy's own step is the stacked step's; the work is the copies' works added.
    None when the model has no float dynamics (the simulator then steps it on arrays).
    """
    rule = FLOAT_STEPPERS[method][0]
    arm = model.arm if type(model) is ArmTeam else model
    dynamics = float_dynamics(arm)
    if dynamics is None:
        return None
    if arm is model:
        return functools.partial(rule, dynamics)

    def step(q: list, qd: list, tau: list, h: float) -> tuple[list, list, float]:
        q_new, qd_new, work = [], [], 0.0
        for i in range(0, len(q), 2):
            a, b, w = rule(dynamics, q[i:i + 2], qd[i:i + 2], tau[i:i + 2], h)
            q_new += a
            qd_new += b
            work += w
        return q_new, qd_new, work

    return step


def pushed_float_step(model: ManipulatorModel, h_e: Sequence[float], method: str = "rk4") -> PushedFloatStep | None:
    """One step of ``method`` on floats of a :class:`TwoLinkArm` (exactly) pushed at its tool by a held force h_e (N).

    The push adds Jᵀh_e (:func:`~course_lib.physics.models.two_link.tool_torque_entries`) to the torque at
    every stage, so q and q̇ are those of the array path
    (:func:`~course_lib.physics.simulate.tool_force.pushed_dynamics`); the two works are the method's
    quadratures of the stages' powers, W_ext of q̇ᵀJᵀh_e and W_τ of the rest. None for any other model.

    >>> q, qd, (w_tau, w_ext) = pushed_float_step(TwoLinkArm(), [0.0, 10.0])([0.0, 0.0], [1.0, 0.0], [0.0, 0.0], 1e-3)
    >>> round(w_ext / 1e-3)     # 10 N up at the stretched arm's tip, 1.8 m from the base, at about 1 rad/s: 18 W
    18
    """
    rule, quadrature = FLOAT_STEPPERS[method]
    if type(model) is not TwoLinkArm:
        return None
    dynamics, (fx, fy), l1, l2 = _two_link(model), (float(h_e[0]), float(h_e[1])), model.l1, model.l2
    powers: list[float] = []

    def pushed(t1: float, t2: float, qd1: float, qd2: float, u1: float, u2: float) -> tuple[float, float, float]:
        e1, e2 = tool_torque_entries(t1, t2, l1, l2, fx, fy, lib=math)
        powers.append(qd1 * e1 + qd2 * e2)
        return dynamics(t1, t2, qd1, qd2, u1 + e1, u2 + e2)

    def step(q: list, qd: list, tau: list, h: float) -> tuple[list, list, tuple[float, float]]:
        powers.clear()
        q_new, qd_new, work = rule(pushed, q, qd, tau, h)
        work_ext = quadrature(h, *powers)
        return q_new, qd_new, (work - work_ext, work_ext)

    return step
