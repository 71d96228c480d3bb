"""Lesson 9's quiz: identifying the 2R arm's base parameters (sentences in :data:`IDENTIFICATION_QUIZ`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from course_lib.i18n import MessageTable
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, quiz_builder

if TYPE_CHECKING:
    from course_lib.physics.models import TwoLinkArm


IDENTIFICATION_QUIZ = MessageTable("identification_quiz", {
    "en": {
        "kappa_prompt": ("In the lab, press \"Reset centre\" (the swing's centre back at θ₁ = 17.2°, θ₂ = 60°), then "
                         "pick \"slow and small\" with 60 samples. What is κ(A), the condition number of the "
                         "regressor matrix without column scaling? (It does not depend on σ or the seed, but it "
                         "does depend on the centre.)"),
        "kappa_why": ("κ(A) ≈ {kappa:.3g}. The gravity columns of A are of order g ≈ 10, while the "
                      "inertia columns carry q̈, which for a swing of amplitude A and frequency f peaks at "
                      "A (2πf)²: here a few hundredths of a rad/s². The smallest singular value is tiny, and the "
                      "torque noise is amplified by up to κ(A) into the estimate."),
        "slow_prompt": "Why are the inertias (a, b, c) nearly invisible when the arm moves slowly?",
        "slow_a": "Because the mass matrix becomes singular at low speed.",
        "slow_a_note": "M is positive definite in every pose, at any speed.",
        "slow_b": "Because least squares quietly drops the columns of A that are small.",
        "slow_b_note": "It does not drop them: it divides by them, which is exactly what amplifies noise.",
        "slow_c": "They multiply q̈ and q̇², which a slow swing keeps tiny next to the noise.",
        "slow_c_note": "Yes: the data hardly depend on a, b, c, so the noise decides them.",
        "slow_d": "Because gravity's torque cancels the inertial torques when the arm moves slowly.",
        "slow_d_note": "The torques add; nothing cancels. The inertial part is simply small.",
        "slow_why": ("τ = Y π with Y's first three columns made of q̈ and q̇² terms. Halve the frequency and "
                     "they shrink four times; halve the amplitude and they halve again. With σ = 0.5 N·m of "
                     "noise and inertial torques of a few hundredths of a N·m, the errors of a, b, c still "
                     "fall like 1/√N, but from thousands of percent at N = 60: getting b to 5 % at that speed "
                     "would take about 10⁸ samples. A faster, larger motion is the cure."),
        "sum_prompt": "Torque data determine a = m₁l_c₁² + I₁ + m₂(l₁² + l_c₂²) + I₂ but not I₁ on its own. Why?",
        "sum_a": "I₁ and m₁l_c₁² enter every torque only through their sum.",
        "sum_a_note": ("Yes: change one and undo it with the other, and no torque of any motion changes; "
                       "the regressor has one column for the sum, none for the parts."),
        "sum_b": "I₁ is too small for the joint torque sensors to measure at all.",
        "sum_b_note": "Size is not the issue: a 10 kg·m² I₁ hides just as well.",
        "sum_c": "Because link 1 does not move during the experiment.",
        "sum_c_note": "It does: joint 1 turns link 1.",
        "sum_d": "Because gravity acts on the masses but not on I₁.",
        "sum_d_note": "Gravity never acts on an inertia, yet c and a are identifiable.",
        "sum_why": ("Link 1 only turns about joint 1, so its inertia about that joint, m₁l_c₁² + I₁ (parallel "
                    "axes), is all the dynamics ever see. Such sums are the base parameters (Gautier–Khalil); "
                    "the n-link version, with 11 parameters per link (10 inertial plus the rotor), loses many "
                    "more the same way."),
        "samples_prompt": ("With the same excitation and noise, you take 4 times as many samples. By what factor is "
                           "the typical parameter error multiplied? (A decimal number: 2 would mean it doubles.)"),
        "samples_shrink": "That is the factor by which the error shrinks; the question asks what it is multiplied by.",
        "samples_n": "That would be an error falling like 1/N. The error falls like 1/√N.",
        "samples_grow": "More samples make the error smaller, not larger.",
        "samples_why": ("π̂ − π = A⁺ε, whose covariance is σ²(AᵀA)⁻¹; AᵀA grows like N, so the error falls like "
                        "σ/√N: 4× the samples, half the error."),
        "payload_prompt": ("Before a gripper is mounted, e = m₂l_c₂ is identified as {before:.3f} kg·m; after, "
                           "{after:.3f} kg·m. Treat the gripper as a point mass at the tip (l₂ = {l2:g} m). "
                           "What is its mass (kg)?"),
        "payload_not_divided": ("That is the change in e itself, in kg·m: the payload's mass is that change "
                                "divided by its lever arm l₂."),
        "kappa_hint": ("Read κ(A) off the lab's readout after choosing \"slow and small\": it is the ratio of the "
                       "largest to the smallest singular value of the stacked regressor, not a scaled value."),
        "payload_why": ("A point mass m_p at distance l₂ from joint 2 adds m_p l₂ to e: m_p = ({after:.3f} − "
                        "{before:.3f}) / {l2:g} = {payload:g} kg. The other four parameters change too, by "
                        "m_p(l₁² + l₂², l₁l₂, l₂², l₁); fitting all five at once uses more of the data."),
    },
    "zh": {
        "kappa_prompt": ("在实验里按“重置中心”（摆动中心回到 θ₁ = 17.2°、θ₂ = 60°），再选“又慢又小”，"
                         "取 60 个样本。不做列缩放时，回归矩阵的条件数 κ(A) 是多少？"
                         "（它与 σ 和随机种子无关，但与摆动中心有关。）"),
        "kappa_why": ("κ(A) ≈ {kappa:.3g}。A 的重力列量级为 g ≈ 10，而惯性列含 q̈：振幅为 A、频率为 f 的摆动，"
                      "q̈ 的峰值是 A (2πf)²，这里只有百分之几 rad/s²。最小奇异值极小，"
                      "力矩噪声被放大至多 κ(A) 倍，进入估计值。"),
        "slow_prompt": "为什么机械臂运动很慢时，惯性参数（a, b, c）几乎看不出来？",
        "slow_a": "因为低速时质量矩阵变得奇异。",
        "slow_a_note": "M 在每个姿态、任何速度下都是正定的。",
        "slow_b": "因为最小二乘会悄悄丢掉 A 中数值很小的列。",
        "slow_b_note": "它不会丢掉这些列，而是除以它们，正是这一点放大了噪声。",
        "slow_c": "它们乘的是 q̈ 和 q̇²，慢速摆动时这些量比噪声小得多。",
        "slow_c_note": "数据几乎不依赖 a, b, c，于是由噪声决定它们的估计值。",
        "slow_d": "因为机械臂运动缓慢的时候，重力产生的力矩正好把惯性力矩抵消掉了。",
        "slow_d_note": "力矩是相加的，没有抵消；只是惯性部分本身很小。",
        "slow_why": ("τ = Y π，Y 的前三列由 q̈ 和 q̇² 项组成。频率减半，它们缩小为四分之一；振幅再减半，又减半。"
                     "噪声 σ = 0.5 N·m，惯性力矩只有百分之几 N·m，a, b, c 的误差虽然仍按 1/√N 下降，"
                     "但在 N = 60 时起点高达百分之几千：在这个速度下要把 b 的误差降到 5 %，"
                     "大约需要 10⁸ 个样本。办法是让运动更快、幅度更大。"),
        "sum_prompt": "力矩数据能确定 a = m₁l_c₁² + I₁ + m₂(l₁² + l_c₂²) + I₂，却不能单独确定 I₁。为什么？",
        "sum_a": "I₁ 和 m₁l_c₁² 只以它们的和出现在每个力矩里。",
        "sum_a_note": ("改变其中一个，再用另一个抵消，任何运动的力矩都不会变；"
                       "回归矩阵只有对应这个和的一列，没有对应各部分的列。"),
        "sum_b": "I₁ 的数值太小了，关节上的力矩传感器精度不够，根本测不出来。",
        "sum_b_note": "问题不在大小：I₁ 即使是 10 kg·m²，也同样藏得住。",
        "sum_c": "因为实验中连杆 1 没有运动。",
        "sum_c_note": "它在动：关节 1 带着连杆 1 转。",
        "sum_d": "因为重力作用在质量上，而不作用在 I₁ 上。",
        "sum_d_note": "重力从不作用在惯量上，可 c 和 a 都能辨识出来。",
        "sum_why": ("连杆 1 只绕关节 1 转动，所以动力学看到的只有它对这个关节的惯量 m₁l_c₁² + I₁（平行轴定理）。"
                    "这样的组合就是基本参数（Gautier–Khalil）；n 连杆的情形每根连杆有 11 个参数"
                    "（10 个惯性参数加上转子），以同样的方式会损失更多。"),
        "samples_prompt": ("激励和噪声不变，样本数增加到 4 倍。典型的参数误差会乘以多少？"
                           "（填一个小数：2 表示误差翻倍。）"),
        "samples_shrink": "这是误差缩小的倍数；题目问的是误差乘以多少。",
        "samples_n": "那是按 1/N 下降的误差。误差是按 1/√N 下降的。",
        "samples_grow": "样本越多，误差越小，而不是越大。",
        "samples_why": ("π̂ − π = A⁺ε，其协方差为 σ²(AᵀA)⁻¹；AᵀA 随 N 线性增长，所以误差按 σ/√N 下降："
                        "样本数变为 4 倍，误差减半。"),
        "payload_prompt": ("装夹爪之前，辨识出 e = m₂l_c₂ = {before:.3f} kg·m；装上之后是 {after:.3f} kg·m。"
                           "把夹爪看作末端的一个质点（l₂ = {l2:g} m）。它的质量是多少（kg）？"),
        "payload_not_divided": "这是 e 本身的变化量，单位是 kg·m：负载的质量是这个变化量除以它的力臂 l₂。",
        "kappa_hint": "选“又慢又小”后从实验的读数里读出 κ(A)：它是堆叠回归矩阵最大与最小奇异值之比，不是缩放后的值。",
        "payload_why": ("距关节 2 为 l₂ 的质点 m_p 使 e 增加 m_p l₂：m_p = ({after:.3f} − {before:.3f}) / {l2:g} "
                        "= {payload:g} kg。另外四个参数也会变化，分别增加 m_p(l₁² + l₂², l₁l₂, l₂², l₁)；"
                        "五个参数一起拟合能用上更多数据。"),
    },
})


@quiz_builder
def identification_quiz(arm: "TwoLinkArm | None" = None) -> Quiz:
    """Lesson 9's quiz: identification of the 2R arm's base parameters, in the current language.

    Args:
        arm: the arm identified (default the lesson's arm, :class:`TwoLinkArm`).

    Returns:
        Five questions: κ(A) of the "slow and small" excitation at 60 samples (the
        lab's second task), why slow motion hides the inertias, why I₁ and
        m₁l_c₁² cannot be told apart, how the error scales with N, and a payload
        from the change of e.
    """
    from course_lib.physics import identification as ident
    from course_lib.physics.models import TwoLinkArm

    t = IDENTIFICATION_QUIZ.text
    arm = arm if arm is not None else TwoLinkArm()
    kappa_slow = ident.condition_number(ident.experiment(arm, ident.EXCITATIONS["slow"], 60).A)
    payload = 0.5
    e_before, e_after = arm.base_parameters()[4], arm.replace(payload=payload).base_parameters()[4]
    masses = dict(before=float(e_before), after=float(e_after), l2=arm.l2)
    return Quiz([
        NumericQuestion(t("kappa_prompt"), expected=kappa_slow, tolerance=0.05 * kappa_slow,
                        hint=t("kappa_hint"), explanation=t("kappa_why", kappa=float(kappa_slow))),
        MultipleChoice(
            t("slow_prompt"),
            [Option(t("slow_a"), feedback=t("slow_a_note")),
             Option(t("slow_b"), feedback=t("slow_b_note")),
             Option(t("slow_c"), correct=True, feedback=t("slow_c_note")),
             Option(t("slow_d"), feedback=t("slow_d_note"))],
            explanation=t("slow_why")),
        MultipleChoice(
            t("sum_prompt"),
            [Option(t("sum_a"), correct=True, feedback=t("sum_a_note")),
             Option(t("sum_b"), feedback=t("sum_b_note")),
             Option(t("sum_c"), feedback=t("sum_c_note")),
             Option(t("sum_d"), feedback=t("sum_d_note"))],
            explanation=t("sum_why")),
        NumericQuestion(
            t("samples_prompt"), expected=0.5, tolerance=0.02,
            mistakes=[(2.0, t("samples_shrink")), (0.25, t("samples_n")), (4.0, t("samples_grow"))],
            explanation=t("samples_why")),
        NumericQuestion(
            t("payload_prompt", **masses), expected=payload, tolerance=0.01, unit="kg",
            mistakes=[(float(e_after - e_before), t("payload_not_divided"))],
            explanation=t("payload_why", payload=payload, **masses)),
    ])
