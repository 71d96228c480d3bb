"""Lesson 6's "Check yourself" quiz: Coriolis and centrifugal torques, Christoffel symbols, skew-symmetry.

Every expected value is computed by course_lib (the 2R model and
:mod:`course_lib.physics.christoffel`), never typed in; every sentence is in
:data:`CORIOLIS_QUIZ` (English and Chinese).

>>> quiz = coriolis_quiz()
>>> len(quiz), quiz[0].check("2.4 N*m").correct
(5, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.i18n import MessageTable
from course_lib.physics.models import TwoLinkArm
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, quiz_builder

CORIOLIS_QUIZ = MessageTable("coriolis_quiz", {
    "en": {
        "tau2_prompt": ("The lesson's arm (l₁ = {l1:g} m, m₂ = {m2:g} kg, l_c₂ = {lc2:g} m) holds θ₂ = 90° while "
                        "joint 1 turns at a constant θ̇₁ = {rate:g} rad/s, with θ̇₂ = 0 and q̈ = 0. Ignoring gravity, "
                        "what torque (N·m) must joint 2's motor supply?"),
        "tau2_zero": ("Joint 2 does not accelerate, yet link 2's centre runs on a circle: what force keeps it "
                      "there, and what is its moment about the elbow?"),
        "tau2_l2": "That uses l₂; the force acts at link 2's centre of mass, l_c₂ from the elbow.",
        "tau2_rate": "τ₂ = h θ̇₁²: is the rate squared?",
        "tau2_why": ("h = m₂ l₁ l_c₂ sin θ₂ = {h:.2f} kg·m², and τ₂ = h θ̇₁² = {tau2:.2f} N·m. "
                     "Newton agrees: centre 2 runs on a circle of radius √(l₁² + l_c₂²) about the base and "
                     "needs a centripetal force m₂ ω² r toward it; the moment of that force about the elbow is "
                     "the same torque. Joint 2 does not accelerate, yet its motor must hold link 2 on the circle."),
        "skew_prompt": "What does the skew-symmetry of Ṁ − 2C (C from Christoffel symbols) tell you physically?",
        "skew_a": "That C is zero whenever M is constant, and small next to M q̈ otherwise.",
        "skew_a_note": "C vanishes for constant M, but the property holds for any M and any size of C.",
        "skew_b": "That the velocity torques do no work: Ṫ = q̇ᵀ(τ − g), whatever C q̇ is.",
        "skew_b_note": "Yes: q̇ᵀ(Ṁ − 2C)q̇ = 0 removes C from the power balance.",
        "skew_c": "That the arm has no friction, so only the motors can take energy out of it.",
        "skew_c_note": "Friction is a separate term; skew-symmetry is about C alone and holds with friction.",
        "skew_d": "That C is the only matrix whose product C q̇ equals the arm's velocity torques.",
        "skew_d_note": "No: the lab's alternative C gives the same C q̇; it is just not skew.",
        "skew_why": ("From Ṫ = q̇ᵀM q̈ + ½ q̇ᵀṀ q̇ and M q̈ = τ − C q̇ − g: Ṫ = q̇ᵀ(τ − g) + ½ q̇ᵀ(Ṁ − 2C) q̇, "
                     "and the last term is zero. It does not require C = 0, a constant M, or the absence of "
                     "friction: it says the velocity terms only move kinetic energy between the joints."),
        "tau1_prompt": ("Same arm at θ₂ = 90°, now with θ̇₁ = θ̇₂ = {rate:g} rad/s and q̈ = 0, no gravity. "
                        "What is τ₁ (N·m)?"),
        "tau1_centrifugal": "That is the centrifugal part −h θ̇₂² alone: add the Coriolis part −2h θ̇₁θ̇₂.",
        "tau1_sign": "Right size, wrong sign: τ₁ = −h θ̇₂² − 2h θ̇₁θ̇₂ with h > 0 at θ₂ = 90°.",
        "tau1_coriolis": "That is the Coriolis part alone: add the centrifugal part −h θ̇₂².",
        "tau1_why": ("τ₁ = −h θ̇₂² − 2h θ̇₁θ̇₂ = −h − 2h = −3h = {tau1:.2f} N·m: one centrifugal part and a "
                     "Coriolis part twice as large. Making 2θ̇₁ + θ̇₂ = 0 would cancel it (the lab's second task)."),
        "weak_prompt": ("The lab's alternative C = [[0, −h(2θ̇₁ + θ̇₂)], [h θ̇₁, 0]] gives the same C q̇ as the "
                        "Christoffel C. Which statement holds for it?"),
        "weak_a": "Ṁ − 2C is skew-symmetric as well, since it gives the same C q̇.",
        "weak_a_note": "The lab's skew error leaves zero for it: same product, different matrix.",
        "weak_b": "q̇ᵀ(Ṁ − 2C)q̇ ≠ 0 for it, so energy is not conserved with this C.",
        "weak_b_note": "The power balance only involves C q̇, which is unchanged: energy bookkeeping holds.",
        "weak_c": "q̇ᵀ(Ṁ − 2C)q̇ = 0 still, but wᵀ(Ṁ − 2C)w ≠ 0 for some w.",
        "weak_c_note": "Right: the weak form holds for every valid C, the strong one only for Christoffel's.",
        "weak_d": "It gives other joint torques than the Christoffel C at high speed.",
        "weak_d_note": "C q̇ is identical at every speed; only the matrix differs.",
        "weak_why": ("The weak form q̇ᵀ(Ṁ − 2C)q̇ = 0 only involves C q̇, so it holds for any factorization. "
                     "The strong form, N = Ṁ − 2C skew for every w, holds for the Christoffel C; passivity and "
                     "adaptive-control proofs need it, so say which C you use."),
        "term_prompt": "In C q̇ = (−h θ̇₂² − 2h θ̇₁θ̇₂, h θ̇₁²), which term is a Coriolis term?",
        "term_a": "h θ̇₁² (in τ₂)",
        "term_a_note": "A joint's own rate squared: centrifugal (felt at joint 2).",
        "term_b_note": "Yes: a product of two different joint rates.",
        "term_c": "−h θ̇₂² (in τ₁)",
        "term_c_note": "A joint's own rate squared: centrifugal.",
        "term_why": ("Terms in θ̇ᵢ² are centrifugal, terms in θ̇ᵢθ̇ⱼ with i ≠ j are Coriolis. Both come from M "
                     "changing with θ₂ (h = −½ ∂M₁₁/∂θ₂), and both vanish with the arm straight or folded."),
    },
    "zh": {
        "tau2_prompt": ("本课的机械臂（l₁ = {l1:g} m，m₂ = {m2:g} kg，l_c₂ = {lc2:g} m）保持 θ₂ = 90°，"
                        "关节 1 以恒定的 θ̇₁ = {rate:g} rad/s 转动，θ̇₂ = 0，q̈ = 0。不计重力，"
                        "关节 2 的电机需要提供多大的力矩（N·m）？"),
        "tau2_zero": "关节 2 没有加速，可连杆 2 的质心却在走圆周：是什么力让它留在圆上？这个力对肘关节的力矩是多少？",
        "tau2_l2": "这里用了 l₂；力作用在连杆 2 的质心上，离肘关节 l_c₂。",
        "tau2_rate": "τ₂ = h θ̇₁²：角速度平方了吗？",
        "tau2_why": ("h = m₂ l₁ l_c₂ sin θ₂ = {h:.2f} kg·m²，τ₂ = h θ̇₁² = {tau2:.2f} N·m。"
                     "用牛顿法也一样：质心 2 绕基座走半径为 √(l₁² + l_c₂²) 的圆，需要指向圆心的向心力 m₂ ω² r；"
                     "这个力对肘关节的力矩就是同一个力矩。关节 2 虽然不加速，它的电机却必须把连杆 2 拉在圆上。"),
        "skew_prompt": "Ṁ − 2C（C 由克里斯托弗符号得到）是斜对称的，这在物理上说明了什么？",
        "skew_a": "说明 M 为常数时 C 为零，否则 C 比 M q̈ 小。",
        "skew_a_note": "M 为常数时 C 确实为零，但这个性质对任何 M、任何大小的 C 都成立。",
        "skew_b": "说明速度力矩不做功：不论 C q̇ 是什么，Ṫ = q̇ᵀ(τ − g)。",
        "skew_b_note": "q̇ᵀ(Ṁ − 2C)q̇ = 0 使 C 从功率平衡中消失。",
        "skew_c": "说明机械臂没有摩擦，所以只有电机能从中取走能量。",
        "skew_c_note": "摩擦是单独的一项；斜对称只关于 C，有摩擦时也成立。",
        "skew_d": "说明在所有矩阵中，只有这一个 C 能使乘积 C q̇ 恰好等于机械臂的速度力矩。",
        "skew_d_note": "不对：实验里另一种 C 给出相同的 C q̇，只是它不斜对称。",
        "skew_why": ("由 Ṫ = q̇ᵀM q̈ + ½ q̇ᵀṀ q̇ 和 M q̈ = τ − C q̇ − g 得 Ṫ = q̇ᵀ(τ − g) + ½ q̇ᵀ(Ṁ − 2C) q̇，"
                     "最后一项为零。它并不要求 C = 0、M 为常数或没有摩擦：它说的是，速度项只在关节之间搬运动能。"),
        "tau1_prompt": "同一机械臂，θ₂ = 90°，现在 θ̇₁ = θ̇₂ = {rate:g} rad/s，q̈ = 0，不计重力。τ₁ 是多少（N·m）？",
        "tau1_centrifugal": "这只是离心部分 −h θ̇₂²：还要加上科氏部分 −2h θ̇₁θ̇₂。",
        "tau1_sign": "大小对了，符号反了：τ₁ = −h θ̇₂² − 2h θ̇₁θ̇₂，而 θ₂ = 90° 时 h > 0。",
        "tau1_coriolis": "这只是科氏部分：还要加上离心部分 −h θ̇₂²。",
        "tau1_why": ("τ₁ = −h θ̇₂² − 2h θ̇₁θ̇₂ = −h − 2h = −3h = {tau1:.2f} N·m：一份离心部分，加上两倍大的科氏部分。"
                     "让 2θ̇₁ + θ̇₂ = 0 就能把它抵消（实验的第二个任务）。"),
        "weak_prompt": ("实验里另一种 C = [[0, −h(2θ̇₁ + θ̇₂)], [h θ̇₁, 0]] 给出的 C q̇ 与克里斯托弗形式的 C 相同。"
                        "对它来说，哪种说法成立？"),
        "weak_a": "Ṁ − 2C 也是斜对称的，因为它给出相同的 C q̇。",
        "weak_a_note": "实验里的斜对称误差对它不为零：乘积相同，矩阵不同。",
        "weak_b": "对它 q̇ᵀ(Ṁ − 2C)q̇ ≠ 0，所以用这个 C 时能量不守恒。",
        "weak_b_note": "功率平衡只涉及 C q̇，而它没有变：能量账目依然成立。",
        "weak_c": "仍有 q̇ᵀ(Ṁ − 2C)q̇ = 0，但对某些 w 有 wᵀ(Ṁ − 2C)w ≠ 0。",
        "weak_c_note": "弱形式对每个合法的 C 都成立，强形式只对克里斯托弗形式的 C 成立。",
        "weak_d": "高速时它给出的关节力矩与克里斯托弗形式的 C 不同。",
        "weak_d_note": "在任何速度下 C q̇ 都完全相同，不同的只是矩阵本身。",
        "weak_why": ("弱形式 q̇ᵀ(Ṁ − 2C)q̇ = 0 只涉及 C q̇，所以对任何分解都成立。强形式——对每个 w，"
                     "N = Ṁ − 2C 都斜对称——只对克里斯托弗形式的 C 成立；无源性和自适应控制的证明都需要它，"
                     "所以要说清楚你用的是哪个 C。"),
        "term_prompt": "在 C q̇ = (−h θ̇₂² − 2h θ̇₁θ̇₂, h θ̇₁²) 中，哪一项是科氏项？",
        "term_a": "h θ̇₁²（在 τ₂ 中）",
        "term_a_note": "一个关节自身角速度的平方：是离心项（作用在关节 2 上）。",
        "term_b_note": "两个不同关节角速度的乘积。",
        "term_c": "−h θ̇₂²（在 τ₁ 中）",
        "term_c_note": "一个关节自身角速度的平方：是离心项。",
        "term_why": ("含 θ̇ᵢ² 的项是离心项，含 θ̇ᵢθ̇ⱼ（i ≠ j）的项是科氏项。两者都来自 M 随 θ₂ 的变化"
                     "（h = −½ ∂M₁₁/∂θ₂），机械臂伸直或折叠时两者都为零。"),
    },
}, common={
    "term_b": "−2h θ̇₁θ̇₂",
})


@quiz_builder
def coriolis_quiz(arm: TwoLinkArm | None = None) -> Quiz:
    """Seed 000's questions 2 and 3, and three of the course's own, in the current language.

    Args:
        arm: the lesson's arm (default the course's arm, l₁ = 1 m, l₂ = 0.8 m, m₂ = 1.5 kg).

    Returns:
        Five questions: τ₂ when only joint 1 spins at θ₂ = 90° (seed Q2); what skew-symmetry
        of Ṁ − 2C means (seed Q3); τ₁ with both joints spinning; which C passes the weak
        test; which term of C q̇ is the Coriolis one.
    """
    t = CORIOLIS_QUIZ.text
    arm = arm if arm is not None else TwoLinkArm()
    p = arm.params
    q90, spin1 = np.array([0.0, np.pi / 2]), np.array([2.0, 0.0])
    tau2 = float((arm.coriolis_matrix(q90, spin1) @ spin1)[1])
    both = np.array([1.0, 1.0])
    tau1 = float((arm.coriolis_matrix(q90, both) @ both)[0])
    torque = dict(unit="N*m", aliases=["Nm", "N m"])
    return Quiz([
        NumericQuestion(
            t("tau2_prompt", l1=p.l1, m2=p.m2, lc2=p.lc2, rate=float(spin1[0])),
            expected=tau2, tolerance=0.05, **torque,
            mistakes=[(0.0, t("tau2_zero")),
                      (p.m2 * p.l1 * p.l2 * spin1[0] ** 2, t("tau2_l2")),
                      (tau2 / spin1[0], t("tau2_rate"))],
            explanation=t("tau2_why", h=p.m2 * p.l1 * p.lc2, tau2=tau2)),
        MultipleChoice(
            t("skew_prompt"),
            [Option(t("skew_a"), feedback=t("skew_a_note")),
             Option(t("skew_b"), correct=True, feedback=t("skew_b_note")),
             Option(t("skew_c"), feedback=t("skew_c_note")),
             Option(t("skew_d"), feedback=t("skew_d_note"))],
            explanation=t("skew_why")),
        NumericQuestion(
            t("tau1_prompt", rate=float(both[0])), expected=tau1, tolerance=0.05, **torque,
            mistakes=[(tau1 / 3, t("tau1_centrifugal")), (-tau1, t("tau1_sign")),
                      (tau1 * 2 / 3, t("tau1_coriolis"))],
            explanation=t("tau1_why", tau1=tau1)),
        MultipleChoice(
            t("weak_prompt"),
            [Option(t("weak_a"), feedback=t("weak_a_note")),
             Option(t("weak_b"), feedback=t("weak_b_note")),
             Option(t("weak_c"), correct=True, feedback=t("weak_c_note")),
             Option(t("weak_d"), feedback=t("weak_d_note"))],
            explanation=t("weak_why")),
        MultipleChoice(
            t("term_prompt"),
            [Option(t("term_a"), feedback=t("term_a_note")),
             Option(t("term_b"), correct=True, feedback=t("term_b_note")),
             Option(t("term_c"), feedback=t("term_c_note"))],
            explanation=t("term_why")),
    ])
