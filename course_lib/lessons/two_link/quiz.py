"""Lesson 3's "Check yourself" quiz (the 2R arm by Lagrange), defined once.

Every expected value is computed by :class:`~course_lib.physics.models.TwoLinkArm`, never typed in;
every sentence is in :data:`TWO_LINK_QUIZ` (English and Chinese).

>>> quiz = two_link_quiz()
>>> len(quiz), quiz[0].check("30.4 N*m").correct, quiz[1].check("5.9 Nm").correct
(6, True, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.i18n import MessageTable
from course_lib.lessons.two_link.contact import contact_questions
from course_lib.physics.models import TwoLinkArm
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, quiz_builder
from course_lib.quiz.diagnosis import Slip

_TORQUE_UNITS = dict(unit="N*m", aliases=["Nm", "N m", "N·m"])

TWO_LINK_QUIZ = MessageTable("two_link_quiz", {
    "en": {
        "setup": ("The lab's arm (m₁ = {m1:g} kg, m₂ = {m2:g} kg, l₁ = {l1:g} m, l₂ = {l2:g} m, uniform rods, "
                  "g = {g} m/s²) is stretched out horizontally and held at rest, θ₁ = θ₂ = 0."),
        "tau1_prompt": "{setup} Which shoulder torque τ₁ (N·m) holds it still?",
        "tau1_why": ("At rest q̇ = q̈ = 0, so the equation leaves τ = g(q). With θ₁ = 0 both cosines are 1: "
                     "τ₁ = (m₁ l₁/2 + m₂ l₁) g + m₂ (l₂/2) g = {tau1:.2f} N·m, each weight times its "
                     "horizontal lever arm about the shoulder."),
        "tau1_slip_elbow": ("That is (m₁ l₁/2 + m₂ l₂/2) g: link 2 hangs beyond the elbow, so its lever arm about "
                            "the shoulder is l₁ + l₂/2, not l₂/2; m₂ l₁ g is missing."),
        "tau2_prompt": "{setup} Which elbow torque τ₂ (N·m) holds it still?",
        "tau2_shoulder": "That is the shoulder's torque τ₁: the question asks for the elbow's, τ₂.",
        "tau2_why": ("The elbow carries only link 2: τ₂ = m₂ (l₂/2) g = {tau2:.2f} N·m. Link 1's weight "
                     "acts inboard of the elbow and does not load it."),
        "zero_prompt": ("The arm is fully stretched (θ₂ = 0) and both joints turn fast. Which term of "
                        "M q̈ + C q̇ + g = τ is zero there, however fast the joints turn?"),
        "zero_a": "C q̇, the velocity term.",
        "zero_a_note": "Yes: every entry of C holds h = m₂ l₁ l_c2 sin θ₂, and sin 0 = 0.",
        "zero_b": "M₁₂, the inertial coupling.",
        "zero_b_note": "No: M₁₂ = m₂(l_c2² + l₁ l_c2 cos θ₂) + I₂ is largest at θ₂ = 0.",
        "zero_c": "g, gravity.",
        "zero_c_note": "No: g depends on θ₁ and θ₁ + θ₂, not on θ₂ alone.",
        "zero_d": "Nothing: each term grows with speed.",
        "zero_d_note": "Only C q̇ depends on speed, and at θ₂ = 0 it vanishes.",
        "zero_why": ("C comes from how M changes with θ₂ (Christoffel symbols of M); at θ₂ = 0 and θ₂ = π, "
                     "M is at its extreme, ∂M/∂θ₂ = 0, and with it every entry of C. Centrifugal and "
                     "Coriolis torques appear as soon as the elbow bends."),
        "ratio_prompt": ("How many times larger is M₁₁ (the inertia the shoulder sees) with the arm stretched "
                         "(θ₂ = 0) than with link 2 folded back onto link 1 (θ₂ = π)? Give the ratio."),
        "ratio_why": ("M₁₁ = {out:.3f} kg·m² stretched and {folded:.3f} kg·m² folded: the term "
                      "2 m₂ l₁ l_c2 cos θ₂ moves link 2's mass away from or towards the shoulder axis, "
                      "a ratio of {ratio:.2f}."),
    },
    "zh": {
        "setup": ("实验里的机械臂（m₁ = {m1:g} kg，m₂ = {m2:g} kg，l₁ = {l1:g} m，l₂ = {l2:g} m，均匀杆，"
                  "g = {g} m/s²）水平伸直并保持静止，θ₁ = θ₂ = 0。"),
        "tau1_prompt": "{setup}肩关节需要多大的力矩 τ₁（N·m）才能把它托住不动？",
        "tau1_why": ("静止时 q̇ = q̈ = 0，方程只剩 τ = g(q)。θ₁ = 0 时两个余弦都等于 1："
                     "τ₁ = (m₁ l₁/2 + m₂ l₁) g + m₂ (l₂/2) g = {tau1:.2f} N·m，"
                     "也就是每段的重量乘以它对肩关节的水平力臂。"),
        "tau1_slip_elbow": "这是 (m₁ l₁/2 + m₂ l₂/2) g：连杆 2 挂在肘关节外侧，它对肩关节的力臂是 l₁ + l₂/2，而不是 l₂/2；少了 m₂ l₁ g。",
        "tau2_prompt": "{setup}肘关节需要多大的力矩 τ₂（N·m）才能把它托住不动？",
        "tau2_shoulder": "这是肩关节的力矩 τ₁；题目问的是肘关节的 τ₂。",
        "tau2_why": ("肘关节只承担连杆 2：τ₂ = m₂ (l₂/2) g = {tau2:.2f} N·m。"
                     "连杆 1 的重量作用在肘关节以内，不给肘关节增加负载。"),
        "zero_prompt": ("机械臂完全伸直（θ₂ = 0），两个关节都转得很快。"
                        "M q̈ + C q̇ + g = τ 中哪一项在这里为零，不管关节转得多快？"),
        "zero_a": "C q̇，速度项。",
        "zero_a_note": "C 的每个元素都含 h = m₂ l₁ l_c2 sin θ₂，而 sin 0 = 0。",
        "zero_b": "M₁₂，惯性耦合项。",
        "zero_b_note": "不对：M₁₂ = m₂(l_c2² + l₁ l_c2 cos θ₂) + I₂ 在 θ₂ = 0 时最大。",
        "zero_c": "g，重力项。",
        "zero_c_note": "不对：g 取决于 θ₁ 和 θ₁ + θ₂，而不只取决于 θ₂。",
        "zero_d": "没有：每一项都随速度增大。",
        "zero_d_note": "只有 C q̇ 与速度有关，而它在 θ₂ = 0 时为零。",
        "zero_why": ("C 来自 M 随 θ₂ 的变化（M 的克里斯托弗符号）；在 θ₂ = 0 和 θ₂ = π 处 M 取极值，"
                     "∂M/∂θ₂ = 0，C 的每个元素也随之为零。肘关节一弯，离心力矩和科氏力矩就出现了。"),
        "ratio_prompt": ("机械臂伸直（θ₂ = 0）时的 M₁₁（肩关节感受到的惯量），"
                         "是连杆 2 折回贴在连杆 1 上（θ₂ = π）时的多少倍？给出这个比值。"),
        "ratio_why": ("伸直时 M₁₁ = {out:.3f} kg·m²，折回时为 {folded:.3f} kg·m²："
                      "2 m₂ l₁ l_c2 cos θ₂ 这一项把连杆 2 的质量推离或拉近肩关节轴线，比值为 {ratio:.2f}。"),
    },
})


@quiz_builder
def two_link_quiz(arm: TwoLinkArm | None = None) -> Quiz:
    """Six questions: the holding torques of the stretched arm (τ₁, then τ₂, numerically with a
    unit), which term vanishes for a stretched arm, M₁₁ stretched against folded, and the two
    questions on the tool held on a wall (:mod:`~course_lib.lessons.two_link.contact`).

    Args:
        arm: the lesson's arm (default: the course's, l₁ = 1 m, l₂ = 0.8 m, m₁ = 2 kg, m₂ = 1.5 kg, uniform rods).

    Returns:
        The :class:`~course_lib.quiz.Quiz`, in the current language.
    """
    t = TWO_LINK_QUIZ.text
    a = arm if arm is not None else TwoLinkArm()
    tau1, tau2 = (float(v) for v in a.gravity([0.0, 0.0]))
    no_elbow_lever = tau1 - a.m2 * a.l1 * a.g      # link 2's weight taken at l₂/2 from the shoulder, not l₁ + l₂/2
    m11_out, m11_in = (float(a.mass_matrix([0.0, th2])[0, 0]) for th2 in (0.0, np.pi))
    setup = t("setup", m1=a.m1, m2=a.m2, l1=a.l1, l2=a.l2, g=a.g)
    return Quiz([
        NumericQuestion(t("tau1_prompt", setup=setup), expected=tau1, tolerance=0.1, **_TORQUE_UNITS,
                        slips=[Slip("no_elbow_lever", no_elbow_lever, t("tau1_slip_elbow"))],
                        explanation=t("tau1_why", tau1=tau1)),
        NumericQuestion(t("tau2_prompt", setup=setup), expected=tau2, tolerance=0.05, **_TORQUE_UNITS,
                        mistakes=[(tau1, t("tau2_shoulder"))], explanation=t("tau2_why", tau2=tau2)),
        MultipleChoice(
            t("zero_prompt"),
            [Option(t("zero_a"), correct=True, feedback=t("zero_a_note")),
             Option(t("zero_b"), feedback=t("zero_b_note")),
             Option(t("zero_c"), feedback=t("zero_c_note")),
             Option(t("zero_d"), feedback=t("zero_d_note"))],
            explanation=t("zero_why")),
        NumericQuestion(
            t("ratio_prompt"), expected=m11_out / m11_in, tolerance=0.05,
            explanation=t("ratio_why", out=m11_out, folded=m11_in, ratio=m11_out / m11_in)),
        *contact_questions(a),
    ])
