"""Lesson 2's quiz: the pendulum by Lagrange and by Newton.

Every sentence is in :data:`PENDULUM_QUIZ` (English and Chinese, same keys and
fields); :func:`pendulum_quiz` reads them when it builds the quiz, and every
number in them comes from the model.

>>> quiz = pendulum_quiz()
>>> len(quiz), quiz[0].check("-9.81 rad/s^2").correct
(5, True)
"""

from __future__ import annotations

import functools

import numpy as np
import sympy as sp

from course_lib.i18n import MessageTable
from course_lib.physics.models import Pendulum
from course_lib.physics.symbolic import as_symbols, lagrange_steps, pendulum_energies, state_symbols
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, SymbolicQuestion, quiz_builder
from course_lib.quiz.diagnosis import Slip
from course_lib.quiz.prose import signed

PENDULUM_QUIZ = MessageTable("pendulum_quiz", {
    "en": {
        "acc_prompt": (
            "Take m = {m:g} kg, l = {l:g} m and g = {g} m/s², with θ counted from the downward vertical. "
            "The ball is let go, at rest, with the rod horizontal (θ = 90°), τ = 0 and b = 0. "
            "What is θ̈ at that instant (rad/s²)?"),
        "acc_why": (
            "m l² θ̈ = −m g l sin θ gives θ̈ = −(g/l) sin 90° = {acc} rad/s²: negative, the "
            "pendulum swings back down. At rest the ball has no speed, so nothing depends on θ̇; with "
            "the rod horizontal, the weight's lever arm about the pivot is the full length l, which "
            "makes the torque, and with it θ̈, as large as it can get."),
        "rod_prompt": "In the Lagrange derivation of the pendulum, why is there no term for the pull of the rod?",
        "rod_a": "Because a freely swinging pendulum's rod carries no tension, so there is no force to include.",
        "rod_a_note": "It does: the Newton view shows tens of newtons at the bottom of a fast swing.",
        "rod_b": ("Because any motion described by θ keeps the rod's length, so the pull is perpendicular to "
                  "the path and does no work."),
        "rod_b_note": "Yes: constraint forces do no work on admissible (virtual) displacements.",
        "rod_c": "Because Lagrange's method works only with T and V, so every force outside them is left out.",
        "rod_c_note": "No: τ and the friction b θ̇ appear on the right-hand side as generalized forces.",
        "rod_d": ("Because the rod's pull is a conservative force, so it is already counted in the potential "
                  "energy V together with gravity."),
        "rod_d_note": "V = m g l (1 − cos θ) only holds gravity; a constraint force has no potential here.",
        "rod_why": (
            "Choosing θ as the coordinate builds the constraint in: |ball − pivot| = l for any value of "
            "θ, and the rod's pull is at right angles to every such virtual displacement, so its work "
            "is zero and it never enters. If you do need the tension (to size the rod, say), compute "
            "it after the fact from the radial force balance, as the Newton section did."),
        "hold_prompt": ("With damping on, which constant torque τ (N·m) holds the pendulum (m = {m:g} kg, "
                        "l = {l:g} m) at rest at 45°?"),
        "hold_why": ("At rest θ̇ = θ̈ = 0, so the equation leaves τ = m g l sin 45° = {hold:.2f} N·m. "
                     "Friction plays no part once the pendulum is still."),
        "tension_prompt": ("Released from rest at 90°, with τ = b = 0, what is the rod tension (N) as the ball "
                           "passes the bottom?"),
        "hold_slip_sin": ("That is m g l, the torque with the rod horizontal: at 45° the weight's lever arm "
                          "about the pivot is only l sin 45°."),
        "tension_slip_weight": ("That is the weight m g alone, the pull of a ball hanging at rest. Passing the "
                                "bottom it moves on a circle, so the rod must also supply m l θ̇² towards the pivot."),
        "tension_why": ("Energy gives θ̇² = 2 (g/l)(1 − cos 90°) at the bottom, so T_c = m l θ̇² + m g = 3 m g "
                        "= {tension:.2f} N: three times the ball's weight."),
        "formula_prompt": ("Solve the pendulum's equation for the angular acceleration. Type θ̈ in terms of "
                           "theta, theta_dot, tau, b, m, l, g (e.g. sin(theta), l^2)."),
        "formula_why": "From m l² θ̈ + m g l sin θ = τ − b θ̇: θ̈ = (τ − b θ̇ − m g l sin θ)/(m l²).",
    },
    "zh": {
        "acc_prompt": (
            "取 m = {m:g} kg，l = {l:g} m，g = {g} m/s²，θ 从竖直向下的方向量起。"
            "小球在杆水平（θ = 90°）时从静止释放，τ = 0，b = 0。"
            "释放的那一瞬间，θ̈ 是多少（rad/s²）？"),
        "acc_why": (
            "由 m l² θ̈ = −m g l sin θ 得 θ̈ = −(g/l) sin 90° = {acc} rad/s²。结果为负，说明摆会向下摆回。"
            "小球静止时没有速度，所以结果与 θ̇ 无关；杆水平时，重力对支点的力臂正好是整根杆长 l，"
            "力矩最大，θ̈ 也就最大。"),
        "rod_prompt": "用拉格朗日方法推导单摆时，为什么没有杆的张力这一项？",
        "rod_a": "因为自由摆动的单摆，杆里没有张力，所以根本没有这个力要考虑。",
        "rod_a_note": "有张力：牛顿法那一节算出，摆得快时最低点的张力有几十牛。",
        "rod_b": "因为用 θ 描述的运动都保持杆长不变，张力垂直于路径，不做功。",
        "rod_b_note": "约束力在容许（虚）位移上不做功。",
        "rod_c": "因为拉格朗日方法只用 T 和 V，T 和 V 以外的力一概不计。",
        "rod_c_note": "不对：τ 和摩擦 b θ̇ 作为广义力出现在方程右边。",
        "rod_d": "因为杆的张力是保守力，已经和重力一起算进势能 V 里了。",
        "rod_d_note": "V = m g l (1 − cos θ) 只含重力；这里的约束力没有势能。",
        "rod_why": (
            "选 θ 作坐标，就已经把约束放进去了：无论 θ 取何值，小球到支点的距离始终为 l；"
            "杆的张力与每一个这样的虚位移垂直，做功为零，所以它根本不出现。"
            "如果确实需要张力（比如为了确定杆的尺寸），可以像牛顿法那一节那样，事后由径向受力平衡算出来。"),
        "hold_prompt": "有阻尼时，要让单摆（m = {m:g} kg，l = {l:g} m）静止在 45°，需要多大的恒定力矩 τ（N·m）？",
        "hold_why": ("静止时 θ̇ = θ̈ = 0，方程只剩 τ = m g l sin 45° = {hold:.2f} N·m。"
                     "单摆一旦静止，摩擦就不起作用。"),
        "tension_prompt": "从 90° 静止释放，τ = b = 0，小球经过最低点时杆的张力是多少（N）？",
        "hold_slip_sin": "这是 m g l，即摆杆水平时的力矩；在 45° 时，重力对支点的力臂只有 l sin 45°。",
        "tension_slip_weight": ("这只是重力 m g，即小球静止悬挂时杆的张力。经过最低点时小球在做圆周运动，"
                                "杆还要提供指向支点的 m l θ̇²。"),
        "tension_why": ("由能量守恒，最低点处 θ̇² = 2 (g/l)(1 − cos 90°)，所以 T_c = m l θ̇² + m g = 3 m g "
                        "= {tension:.2f} N，即小球重量的三倍。"),
        "formula_prompt": ("把单摆方程解出角加速度。用 theta, theta_dot, tau, b, m, l, g 写出 θ̈"
                           "（例如 sin(theta)、l^2）。"),
        "formula_why": "由 m l² θ̈ + m g l sin θ = τ − b θ̇ 得：θ̈ = (τ − b θ̇ − m g l sin θ)/(m l²)。",
    },
})


@functools.lru_cache(maxsize=None)   # derived once: a language switch rebuilds the quiz
def pendulum_acceleration_expr() -> sp.Expr:
    """θ̈ of the damped, driven pendulum, solved from the Lagrange derivation.

    Returns:
        θ̈ in the symbols theta, theta_dot, tau, b, m, l, g (as in lesson 2).
    """
    T, V, q = pendulum_energies()
    tau, b = sp.symbols("tau b", real=True)
    steps = lagrange_steps(T, V, q, forces=[tau - b * q[0].diff()])
    (_,), (_,), (th_ddot,) = state_symbols(q)
    return sp.solve(as_symbols(steps.equations[0], q), th_ddot)[0]


@quiz_builder
def pendulum_quiz(pendulum: Pendulum | None = None) -> Quiz:
    """Lesson 2's "Check yourself" quiz, in the current language (:func:`course_lib.set_language`).

    Args:
        pendulum: the lesson's pendulum (default m = l = 1 kg, m, g = 9.81 m/s²).

    Returns:
        Five questions: θ̈ at 90°, why the rod's pull is absent, the holding
        torque at 45°, the rod tension at the bottom, and θ̈ as a formula.
    """
    t = PENDULUM_QUIZ.text
    p = pendulum if pendulum is not None else Pendulum(m=1.0, l=1.0)
    acc_at_90 = float(p.angular_acceleration(np.pi / 2, 0.0))
    hold_45 = float(p.holding_torque(np.pi / 4))
    # released at rest from 90°: the potential energy lost by the bottom becomes ½ m l² θ̇²
    drop = float(p.potential_energy([np.pi / 2]) - p.potential_energy([0.0]))
    bottom_speed = float(np.sqrt(2 * drop / p.inertia))
    tension_bottom = float(p.rod_tension(0.0, bottom_speed))
    accel = pendulum_acceleration_expr()
    return Quiz([
        NumericQuestion(
            t("acc_prompt", m=p.m, l=p.l, g=p.g),
            expected=acc_at_90, tolerance=0.02, unit="rad/s^2", aliases=["1/s^2"],
            explanation=t("acc_why", acc=signed(acc_at_90))),
        MultipleChoice(
            t("rod_prompt"),
            [Option(t("rod_a"), feedback=t("rod_a_note")),
             Option(t("rod_b"), correct=True, feedback=t("rod_b_note")),
             Option(t("rod_c"), feedback=t("rod_c_note")),
             Option(t("rod_d"), feedback=t("rod_d_note"))],
            explanation=t("rod_why")),
        NumericQuestion(
            t("hold_prompt", m=p.m, l=p.l),
            expected=hold_45, tolerance=0.05, unit="N*m", aliases=["Nm", "N m"],
            explanation=t("hold_why", hold=hold_45),
            # the slip: m g l sin θ with the sine left out, i.e. the holding torque of a horizontal rod
            slips=[Slip("forgot_sin", float(p.holding_torque(np.pi / 2)), t("hold_slip_sin"))]),
        NumericQuestion(
            t("tension_prompt"),
            expected=tension_bottom, tolerance=0.1, unit="N",
            explanation=t("tension_why", tension=tension_bottom),
            # the slip: the weight only, the tension of the ball at rest at the bottom (θ̇ = 0)
            slips=[Slip("weight_only", float(p.rod_tension(0.0, 0.0)), t("tension_slip_weight"))]),
        SymbolicQuestion(
            t("formula_prompt"),
            expected=accel, symbols={s.name: s for s in accel.free_symbols},
            explanation=t("formula_why")),
    ])
