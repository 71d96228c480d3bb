"""Lesson 5's "Check yourself" quiz on the mass matrix, defined once (the notebook shows it, tests check it).

Every expected value is computed by course_lib from the lesson's arm, never typed in; every
sentence is in :data:`MASS_MATRIX_QUIZ` (English and Chinese).

>>> quiz = mass_matrix_quiz()
>>> len(quiz) >= 5
True
"""

from __future__ import annotations

import math

import numpy as np

from course_lib.i18n import MessageTable
from course_lib.physics import quadratic_forms as qf
from course_lib.physics.models import TwoLinkArm
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, quiz_builder

#: the elbow angle (deg) of the speed-ratio question: not the lab's start posture (90°), whose readout prints the ratio
RATIO_THETA2_DEG = 120.0


MASS_MATRIX_QUIZ = MessageTable("mass_matrix_quiz", {
    "en": {
        "spd_prompt": "Which statement about the mass matrix M(q) of a rigid-body arm is right?",
        "spd_a": "M becomes singular when the arm is stretched out, just as the tip Jacobian J does there.",
        "spd_a_note": ("A singular Jacobian loses a tip direction; M still gives every joint motion a "
                       "positive kinetic energy, so it stays invertible."),
        "spd_b": "M is the same in every posture; only the Coriolis terms C and gravity g change with it.",
        "spd_b_note": "Drag θ₂ in the lab: M₁₁ changes by almost a factor of three.",
        "spd_c": "M is symmetric positive definite in every posture, hence invertible, and it changes as the arm moves.",
        "spd_c_note": "Yes: ½ q̇ᵀ M q̇ is a kinetic energy, which is positive for every q̇ ≠ 0.",
        "spd_d": "M is diagonal whenever each joint is driven by its own motor, independent of the others.",
        "spd_d_note": "M₁₂ couples the joints through the links' inertia, whatever the motors are.",
        "spd_why": ("T = ½ q̇ᵀ M q̇ is a sum of link energies, each ≥ 0 and zero only if the link is at rest; "
                    "a non-zero q̇ moves at least one link, so M is positive definite. Singular postures "
                    "belong to the tip Jacobian J, not to M: do not confuse the two."),
        "kappa_prompt": ("For the lesson's arm without payload, what is the condition number κ(M) = λ₂/λ₁ with the "
                         "arm stretched (θ₂ = 0)?"),
        "kappa_why": ("M at θ₂ = 0 has κ ≈ {kappa:.1f}: the ellipse is very flat, one direction "
                      "(the two joints turning against each other) is far lighter than the other."),
        "ratio_prompt": ("Set θ₂ = {theta2:.0f}° in the lab (no payload). For the same kinetic energy, how many "
                         "times larger is the joint speed |q̇| along the light direction than along the heavy one?"),
        "ratio_kappa": ("That is κ = λ₂/λ₁, the ratio of the eigenvalues. The semi-axes go as 1/√λ, so the speeds "
                        "differ by the square root of that."),
        "ratio_inverse": ("That is the heavy speed over the light one: the light direction is the faster one, so "
                          "the ratio is larger than 1."),
        "ratio_why": ("The semi-axes are √(2E/λ₁) and √(2E/λ₂), so their ratio is √(λ₂/λ₁) = √κ = "
                      "√{kappa:.2f} = {ratio:.2f}, whatever E is: the lab's readout of the semi-axes says the same."),
        "energy_prompt": ("At θ₂ = 90° the arm's M is [[{m11:.4f}, {m12:.4f}], [{m12:.4f}, {m22:.4f}]] kg·m². "
                          "What is the kinetic energy T (J) for q̇ = (1, −1) rad/s?"),
        "energy_half": "Your value is twice the answer: did you forget the ½ in T = ½ q̇ᵀ M q̇?",
        "energy_diagonal": "The off-diagonal entries are missing: q̇ᵀ M q̇ has the term 2 M₁₂ q̇₁ q̇₂.",
        "energy_once": "M₁₂ is counted once: it appears twice in q̇ᵀ M q̇, as M₁₂ and as M₂₁.",
        "energy_why": ("T = ½ (M₁₁ q̇₁² + 2 M₁₂ q̇₁ q̇₂ + M₂₂ q̇₂²) = ½ ({m11:.4f} − 2·{m12:.4f} + {m22:.4f}) "
                       "= {T:.4f} J. The off-diagonal term counts twice and here takes energy away: turning the "
                       "joints against each other keeps link 2 slower."),
        "theta1_prompt": "Why does the 2R arm's M depend on θ₂ but not on θ₁?",
        "theta1_a": "Because gravity does not act on joint 1, so joint 1 cannot enter the mass matrix M at all.",
        "theta1_a_note": "Gravity acts on joint 1 (g₁ depends on θ₁), but M has nothing to do with gravity.",
        "theta1_b": "Turning θ₁ rotates the whole arm rigidly: same shape, same masses, same T for every q̇.",
        "theta1_b_note": "Yes: only the shape (θ₂) changes where the masses sit relative to the joints.",
        "theta1_c": "Because θ₁ is measured from the horizontal, a fixed line, and θ₂ from the moving link 1.",
        "theta1_c_note": "Measuring θ₁ from any other fixed line would shift it by a constant and change nothing.",
        "theta1_d": "It does depend on θ₁, but so weakly that the lab's readout rounds the change away.",
        "theta1_d_note": "The lab's readout shows the change of M when only θ₁ moves: exactly zero.",
        "theta1_why": ("The kinetic energy of a rigid rotation of the whole arm is the same in every direction "
                       "of the plane: rotating the picture does not change speeds. So M can depend only on "
                       "the relative angle θ₂, through cos θ₂ in M₁₁ and M₁₂."),
    },
    "zh": {
        "spd_prompt": "关于刚体机械臂的质量矩阵 M(q)，下面哪种说法正确？",
        "spd_a": "机械臂伸直时 M 会变成奇异的，就像末端雅可比矩阵 J 在那里一样。",
        "spd_a_note": "雅可比奇异时末端会失去一个方向；但 M 仍给每个关节运动正的动能，所以它始终可逆。",
        "spd_b": "M 在每个姿态下都一样；随姿态变化的只有科氏项 C 和重力项 g。",
        "spd_b_note": "在实验里拖动 θ₂：M₁₁ 的变化接近三倍。",
        "spd_c": "M 在每个姿态下都对称正定，因而可逆，而且随机械臂运动而变化。",
        "spd_c_note": "½ q̇ᵀ M q̇ 是动能，对每个 q̇ ≠ 0 都为正。",
        "spd_d": "只要每个关节由各自独立的电机驱动，M 就是对角矩阵。",
        "spd_d_note": "不管电机怎样，M₁₂ 都通过连杆的惯量把关节耦合在一起。",
        "spd_why": ("T = ½ q̇ᵀ M q̇ 是各连杆动能之和，每一项 ≥ 0，只有连杆静止时才为零；"
                    "非零的 q̇ 至少会让一根连杆动起来，所以 M 正定。奇异位形属于末端雅可比矩阵 J，"
                    "而不属于 M：不要把两者混为一谈。"),
        "kappa_prompt": "本课的机械臂不带负载、伸直（θ₂ = 0）时，条件数 κ(M) = λ₂/λ₁ 是多少？",
        "kappa_why": "θ₂ = 0 时 M 的 κ ≈ {kappa:.1f}：椭圆非常扁，一个方向（两个关节反向转动）比另一个方向轻得多。",
        "ratio_prompt": ("在实验里把 θ₂ 设为 {theta2:.0f}°（不带负载）。动能相同时，"
                         "沿轻方向的关节速度 |q̇| 是沿重方向的多少倍？"),
        "ratio_kappa": "这是 κ = λ₂/λ₁，即特征值之比。半轴按 1/√λ 变化，所以速度之比是它的平方根。",
        "ratio_inverse": "这是重方向速度与轻方向速度之比：轻方向更快，所以比值应大于 1。",
        "ratio_why": ("两条半轴是 √(2E/λ₁) 和 √(2E/λ₂)，它们的比是 √(λ₂/λ₁) = √κ = √{kappa:.2f} = {ratio:.2f}，"
                      "与 E 无关：实验里半轴的读数也是这样。"),
        "energy_prompt": ("θ₂ = 90° 时，机械臂的 M 是 [[{m11:.4f}, {m12:.4f}], [{m12:.4f}, {m22:.4f}]] kg·m²。"
                          "q̇ = (1, −1) rad/s 时，动能 T 是多少（J）？"),
        "energy_half": "你的数值是答案的两倍：是不是忘了 T = ½ q̇ᵀ M q̇ 里的 ½？",
        "energy_diagonal": "少了非对角元素：q̇ᵀ M q̇ 里有 2 M₁₂ q̇₁ q̇₂ 这一项。",
        "energy_once": "M₁₂ 只算了一次：它在 q̇ᵀ M q̇ 里出现两次，分别是 M₁₂ 和 M₂₁。",
        "energy_why": ("T = ½ (M₁₁ q̇₁² + 2 M₁₂ q̇₁ q̇₂ + M₂₂ q̇₂²) = ½ ({m11:.4f} − 2·{m12:.4f} + {m22:.4f}) "
                       "= {T:.4f} J。非对角项算两次，在这里还减少了动能：两个关节反向转动时，连杆 2 运动得更慢。"),
        "theta1_prompt": "为什么二连杆机械臂的 M 取决于 θ₂，却与 θ₁ 无关？",
        "theta1_a": "因为重力不作用在关节 1 上，所以关节 1 根本不会出现在质量矩阵 M 里。",
        "theta1_a_note": "重力确实作用在关节 1 上（g₁ 取决于 θ₁），但 M 与重力无关。",
        "theta1_b": "转动 θ₁ 只是让整条手臂刚性地转动：形状、质量不变，对每个 q̇ 的 T 也不变。",
        "theta1_b_note": "只有形状（θ₂）会改变质量相对于关节的位置。",
        "theta1_c": "因为 θ₁ 从水平这条固定的线量起，而 θ₂ 从运动的连杆 1 量起。",
        "theta1_c_note": "从任何别的固定直线量 θ₁，只会差一个常数，什么都不会变。",
        "theta1_d": "它其实和 θ₁ 有关，只是关系太弱，实验的读数把变化四舍五入掉了。",
        "theta1_d_note": "只动 θ₁ 时，实验读数显示 M 的变化恰好为零。",
        "theta1_why": ("整条手臂刚性转动时，动能在平面内的每个方向都一样：把图转一下并不会改变速度。"
                       "所以 M 只能通过 M₁₁ 和 M₁₂ 里的 cos θ₂ 依赖相对角 θ₂。"),
    },
})


@quiz_builder
def mass_matrix_quiz(arm: TwoLinkArm | None = None) -> Quiz:
    """Lesson 5's quiz, in the current language.

    Args:
        arm: the lesson's arm (default the course's 2R arm with no payload).

    Returns:
        Five questions: which statement about M is right, κ(M) of the
        stretched arm, the speed ratio of the light and heavy directions at θ₂ = RATIO_THETA2_DEG
        (read in the lab after moving θ₂ there), the kinetic energy of a given q̇, and why M does
        not depend on θ₁. The right option of a multiple-choice question is not always the first.
    """
    t = MASS_MATRIX_QUIZ.text
    arm = arm if arm is not None else TwoLinkArm()
    kappa_straight = float(qf.condition_number(arm.mass_matrix([0.0, 0.0])))
    M_ratio = arm.mass_matrix([0.0, math.radians(RATIO_THETA2_DEG)])
    long, short = qf.semi_axes(M_ratio, 1.0)
    ratio = float(long / short)
    kappa_ratio = float(qf.condition_number(M_ratio))
    qd = np.array([1.0, -1.0])
    M90 = arm.mass_matrix([0.0, math.pi / 2])
    T_90 = float(arm.kinetic_energy([0.0, math.pi / 2], qd))
    entries = dict(m11=float(M90[0, 0]), m12=float(M90[0, 1]), m22=float(M90[1, 1]))
    return Quiz([
        MultipleChoice(
            t("spd_prompt"),
            [Option(t("spd_a"), feedback=t("spd_a_note")),
             Option(t("spd_b"), feedback=t("spd_b_note")),
             Option(t("spd_c"), correct=True, feedback=t("spd_c_note")),
             Option(t("spd_d"), feedback=t("spd_d_note"))],
            explanation=t("spd_why")),
        NumericQuestion(
            t("kappa_prompt"), expected=kappa_straight, tolerance=0.02 * kappa_straight,
            explanation=t("kappa_why", kappa=kappa_straight)),
        NumericQuestion(
            t("ratio_prompt", theta2=RATIO_THETA2_DEG), expected=ratio, tolerance=0.02 * ratio,
            mistakes=[(kappa_ratio, t("ratio_kappa")), (1 / ratio, t("ratio_inverse"))],
            explanation=t("ratio_why", kappa=kappa_ratio, ratio=ratio)),
        NumericQuestion(
            t("energy_prompt", **entries), expected=T_90, tolerance=0.005, unit="J",
            mistakes=[(2 * T_90, t("energy_half")),
                      (0.5 * (M90[0, 0] + M90[1, 1]), t("energy_diagonal")),
                      (0.5 * (M90[0, 0] - M90[0, 1] + M90[1, 1]), t("energy_once"))],
            explanation=t("energy_why", T=T_90, **entries)),
        MultipleChoice(
            t("theta1_prompt"),
            [Option(t("theta1_a"), feedback=t("theta1_a_note")),
             Option(t("theta1_b"), correct=True, feedback=t("theta1_b_note")),
             Option(t("theta1_c"), feedback=t("theta1_c_note")),
             Option(t("theta1_d"), feedback=t("theta1_d_note"))],
            explanation=t("theta1_why"))])
