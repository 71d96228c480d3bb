"""Lesson 1's quiz: the action principle (its sentences in :data:`ACTION_QUIZ`, English and Chinese)."""

from __future__ import annotations

import functools

import sympy as sp

from course_lib.i18n import MessageTable
from course_lib.physics.symbolic import as_symbols, coordinates, lagrange_steps, state_symbols
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, SymbolicQuestion, quiz_builder
from course_lib.quiz.diagnosis import Slip

ACTION_QUIZ = MessageTable("action_quiz", {
    "en": {
        "min_prompt": ("You pull ε out beyond 0.3 and bring it back to nearly 0, watching S(ε) − S(0). Which path "
                       "has the smallest action?"),
        "min_a": "The straight line between the two end points.",
        "min_a_note": ("On the straight line the ball never leaves its start height: T = V = 0 all along, so "
                       "its action is 0. The parabola's action is below 0 (its rise lowers −V by more than it "
                       "adds to T), so the line's action is the higher one."),
        "min_b": "The most perturbed path, |ε| = 0.5.",
        "min_b_note": "The right panel climbs as |ε| grows: the further from the true path, the larger S.",
        "min_c": "The true path, ε = 0, at the bottom.",
        "min_c_note": "Yes: every perturbation that keeps the ends fixed raises S here, for small ε first in ε².",
        "min_d": "None: S(ε) − S(0) is the same for every ε.",
        "min_d_note": "It grows like ε²; only its slope at ε = 0 is zero.",
        "min_why": ("The valley's lowest point sits at ε = 0, the path the ball really takes. Its slope there is "
                    "zero: that is Hamilton's principle, δS = 0. For the ball the rise is exactly "
                    "m π² k² ε²/(4T), because L is quadratic in q̇ and linear in q."),
        "mode_prompt": ("With mode k = 3 (three half-waves between the ends), is the bottom of the valley still at "
                        "the true path, for the ball and for the pendulum (T = {horizon:g} s)?"),
        "mode_a": "Only for the ball; the pendulum's valley moves away from ε = 0 as its swing gets larger.",
        "mode_a_note": "The pendulum's valley is also centred on ε = 0; only its shape is not a parabola.",
        "mode_b": "Yes, for both: the first-order change vanishes for every shape η with fixed ends.",
        "mode_b_note": ("Right: the Euler–Lagrange equation makes the bracket in δS zero at every instant, "
                        "whatever η is."),
        "mode_c": "Only for k = 1; the higher modes k = 2…5 find paths with a lower action than ε = 0.",
        "mode_c_note": "Higher modes only make the valley steeper (k² for the ball).",
        "mode_why": ("δS = ∫ (∂L/∂q − d/dt ∂L/∂q̇) η dt after one integration by parts. The true path makes the "
                     "bracket zero at every instant, so δS = 0 for every η that vanishes at the ends, "
                     "sin(3πt/T) included. What k changes is the curvature: higher modes wiggle faster and cost "
                     "more kinetic energy."),
        "ball_prompt": ("The ball (m = {m:g} kg, T = {horizon:g} s) is perturbed by ε sin(kπt/T) with k = {k} and "
                        "ε = {eps:g} m. By how much does the action grow (J·s)?"),
        "ball_why": ("ΔS = m π² k² ε²/(4T) = π² · {k2} · {eps2:g}/4 = {delta:.4f} J·s. Only ½ m ∫ (ε η̇)² dt "
                     "survives: the first-order part is zero on the true path, and V = m g q is linear in q."),
        "ball_slip_k2": ("That is the rise for k = 1: with k half-waves the path wiggles k times faster, so "
                         "ΔS grows with k²."),
        "saddle_prompt": ("The pendulum keeps its end points θ(0) = {start:g} rad, θ(T) = {end:g} rad, "
                          "but the horizon grows to T = {horizon:g} s (longer than half a period). What happens "
                          "to S along the mode k = 1?"),
        "saddle_a": "The true path no longer makes S stationary, so it is not a solution of the equation any more.",
        "saddle_a_note": "It does, at any horizon: δS = 0 is the equation of motion itself.",
        "saddle_b": "Nothing changes: the true path is always the minimum of the action, at any horizon.",
        "saddle_b_note": ("Only for short horizons. Past the conjugate point, T ≈ {conjugate:.3f} s here (half "
                          "the period of a 0.3 rad swing), the valley opens into a saddle."),
        "saddle_c": "S is still stationary at ε = 0, but decreases along k = 1: a saddle.",
        "saddle_c_note": "Yes: d²S/dε² = {curvature:.2f} J·s/rad² there. Stationary, not a minimum.",
        "saddle_why": ("The curvature along sin(πt/T) is ∫ (m l² η̇² − m g l cos θ η²) dt. The kinetic part "
                       "shrinks like 1/T while the gravity part grows like T; they balance at T ≈ "
                       "{conjugate:.3f} s for these ends: half the period of a swing of amplitude "
                       "{start:g} rad, a little longer than half a small-swing period π√(l/g). At "
                       "that horizon, the conjugate point, the true path starts from rest and its neighbours "
                       "from θ(0) arrive at θ(T) too. Robotics uses only δS = 0, which holds either way."),
        "spring_prompt": ("A mass m on a spring of stiffness c has L = ½ m q̇² − ½ c q². Apply Euler–Lagrange and "
                          "type q̈ in terms of q, m and c."),
        "spring_why": "∂L/∂q̇ = m q̇, so d/dt ∂L/∂q̇ = m q̈; ∂L/∂q = −c q. Hence m q̈ + c q = 0 and q̈ = −c q/m.",
    },
    "zh": {
        "min_prompt": "把 ε 拉到 0.3 以外，再慢慢调回接近 0，同时观察 S(ε) − S(0)。哪条路径的作用量最小？",
        "min_a": "连接两个端点的直线。",
        "min_a_note": "在直线上小球一直停在起始高度：处处 T = V = 0，所以作用量为 0。抛物线的作用量小于 0（它升高使 −V 减少的量比 T 增加的量多），所以直线的作用量更大。",
        "min_b": "扰动最大的路径，|ε| = 0.5。",
        "min_b_note": "右边的图随 |ε| 增大而升高：离真实路径越远，S 越大。",
        "min_c": "谷底的真实路径，ε = 0。",
        "min_c_note": "这里每个保持端点不动的扰动都会让 S 增大，ε 很小时按 ε² 增大。",
        "min_d": "没有最小：对每个 ε，S(ε) − S(0) 都一样。",
        "min_d_note": "它按 ε² 增长；只有在 ε = 0 处斜率为零。",
        "min_why": ("谷底在 ε = 0，也就是小球真正走的路径。那里的斜率为零：这就是哈密顿原理 δS = 0。"
                    "对小球来说，增量恰好是 m π² k² ε²/(4T)，因为 L 是 q̇ 的二次式、q 的一次式。"),
        "mode_prompt": ("换成模态 k = 3（两端之间有三个半波），对小球和单摆（T = {horizon:g} s）来说，"
                        "谷底还在真实路径上吗？"),
        "mode_a": "只对小球成立；单摆摆得越大，它的谷底就越偏离 ε = 0。",
        "mode_a_note": "单摆的谷底同样以 ε = 0 为中心，只是形状不是抛物线。",
        "mode_b": "两者都成立：对任何端点固定的形状 η，一阶变化都为零。",
        "mode_b_note": "欧拉–拉格朗日方程使 δS 里的括号在每个时刻都为零，与 η 无关。",
        "mode_c": "只对 k = 1 成立；更高的模态 k = 2…5 能找到作用量比 ε = 0 更小的路径。",
        "mode_c_note": "更高的模态只会让山谷更陡（小球是按 k² 变陡）。",
        "mode_why": ("分部积分一次后，δS = ∫ (∂L/∂q − d/dt ∂L/∂q̇) η dt。真实路径使括号在每个时刻都为零，"
                     "所以对每个在两端为零的 η（包括 sin(3πt/T)），δS = 0。k 改变的是曲率："
                     "高阶模态摆动得更快，动能代价更大。"),
        "ball_prompt": ("小球（m = {m:g} kg，T = {horizon:g} s）受到扰动 ε sin(kπt/T)，k = {k}，ε = {eps:g} m。"
                        "作用量增加了多少（J·s）？"),
        "ball_why": ("ΔS = m π² k² ε²/(4T) = π² · {k2} · {eps2:g}/4 = {delta:.4f} J·s。只剩下 ½ m ∫ (ε η̇)² dt："
                     "一阶部分在真实路径上为零，而 V = m g q 是 q 的一次式。"),
        "ball_slip_k2": "这是 k = 1 时的增量：有 k 个半波时路径的摆动快 k 倍，所以 ΔS 随 k² 增长。",
        "saddle_prompt": ("单摆的端点仍是 θ(0) = {start:g} rad、θ(T) = {end:g} rad，但时间区间增大到 "
                          "T = {horizon:g} s（超过半个周期）。沿模态 k = 1，S 会怎样？"),
        "saddle_a": "真实路径不再使 S 取驻值，所以它也不再是方程的解。",
        "saddle_a_note": "仍然是：不论区间多长，δS = 0 本身就是运动方程。",
        "saddle_b": "什么都不变：无论区间多长，真实路径总是作用量的最小值。",
        "saddle_b_note": ("只有区间短时才如此。过了共轭点（这里 T ≈ {conjugate:.3f} s，"
                          "即 0.3 rad 摆动的半个周期），山谷就变成了鞍形。"),
        "saddle_c": "S 在 ε = 0 处仍取驻值，但沿 k = 1 方向减小：是鞍点。",
        "saddle_c_note": "那里 d²S/dε² = {curvature:.2f} J·s/rad²。是驻值，但不是最小值。",
        "saddle_why": ("沿 sin(πt/T) 的曲率是 ∫ (m l² η̇² − m g l cos θ η²) dt。动能部分按 1/T 缩小，"
                       "重力部分按 T 增大；对这组端点，两者在 T ≈ {conjugate:.3f} s 时抵消："
                       "这是振幅 {start:g} rad 的摆动的半个周期，比小摆角的半周期 π√(l/g) 稍长。"
                       "在这个区间长度（共轭点）上，真实路径从静止出发，它的邻近路径从 θ(0) 出发也同样到达 θ(T)。"
                       "机器人学只用到 δS = 0，这一点无论哪种情况都成立。"),
        "spring_prompt": ("质量 m 挂在刚度为 c 的弹簧上，L = ½ m q̇² − ½ c q²。"
                          "用欧拉–拉格朗日方程，以 q、m、c 写出 q̈。"),
        "spring_why": "∂L/∂q̇ = m q̇，所以 d/dt ∂L/∂q̇ = m q̈；∂L/∂q = −c q。于是 m q̈ + c q = 0，q̈ = −c q/m。",
    },
})


@functools.lru_cache(maxsize=None)   # derived once: a language switch rebuilds the quiz
def spring_acceleration_expr() -> sp.Expr:
    """q̈ of a mass m on a spring of stiffness c, solved from Lagrange's recipe (symbols q, m, c)."""
    (q,) = coordinates("q")
    m, c = sp.symbols("m c", positive=True)
    steps = lagrange_steps(m * q.diff() ** 2 / 2, c * q**2 / 2, [q])
    _, _, (q_ddot,) = state_symbols([q])
    return sp.solve(as_symbols(steps.equations[0], [q]), q_ddot)[0]


@quiz_builder
def action_quiz() -> Quiz:
    """Lesson 1's "Check yourself" quiz: the action principle, in the current language.

    Returns:
        Five questions: where the action is smallest (the first "Try this" question),
        whether every mode finds the same valley (the second), the ball's ΔS for k = 2,
        what a long horizon does to the pendulum's valley, and q̈ of a mass on a spring by Lagrange.
    """
    from course_lib.physics.action import Ball, PendulumSwing, ball_delta_s, saddle_horizon, second_variation

    t = ACTION_QUIZ.text
    ball = Ball()
    eps, k = 0.1, 2
    delta = float(ball_delta_s(ball, eps, k))
    horizon = saddle_horizon()
    swing = PendulumSwing()
    long_swing = PendulumSwing(horizon=1.5)
    curvature_long = second_variation(long_swing, k=1)
    spring = spring_acceleration_expr()
    return Quiz([
        MultipleChoice(
            t("min_prompt"),
            [Option(t("min_a"), feedback=t("min_a_note")),
             Option(t("min_b"), feedback=t("min_b_note")),
             Option(t("min_c"), correct=True, feedback=t("min_c_note")),
             Option(t("min_d"), feedback=t("min_d_note"))],
            explanation=t("min_why")),
        MultipleChoice(
            t("mode_prompt", horizon=swing.horizon),
            [Option(t("mode_a"), feedback=t("mode_a_note")),
             Option(t("mode_b"), correct=True, feedback=t("mode_b_note")),
             Option(t("mode_c"), feedback=t("mode_c_note"))],
            explanation=t("mode_why")),
        NumericQuestion(
            t("ball_prompt", m=ball.m, horizon=ball.horizon, k=k, eps=eps),
            expected=delta, tolerance=0.002, unit="J*s", aliases=["Js", "J s"],
            explanation=t("ball_why", k2=k**2, eps2=eps**2, delta=delta),
            # the slip: the k² dropped, i.e. the rise of the first mode
            slips=[Slip("dropped_k2", float(ball_delta_s(ball, eps, 1)), t("ball_slip_k2"))]),
        MultipleChoice(
            t("saddle_prompt", start=swing.theta_start, end=swing.theta_end, horizon=long_swing.horizon),
            [Option(t("saddle_a"), feedback=t("saddle_a_note")),
             Option(t("saddle_b"), feedback=t("saddle_b_note", conjugate=horizon)),
             Option(t("saddle_c"), correct=True, feedback=t("saddle_c_note", curvature=curvature_long))],
            explanation=t("saddle_why", conjugate=horizon, start=swing.theta_start)),
        SymbolicQuestion(
            t("spring_prompt"),
            expected=spring, symbols={s.name: s for s in spring.free_symbols},
            explanation=t("spring_why")),
    ])
