"""Lesson 7's "Check yourself" quiz: the operational-space inertia Λ and the apparent mass at the tool.

Every expected value is computed by :mod:`course_lib.physics.operational_space`, never typed in; every
sentence is in :data:`OPERATIONAL_QUIZ` (English and Chinese).

>>> quiz = operational_quiz()
>>> len(quiz), quiz[2].check("2.17 kg").correct
(5, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.i18n import MessageTable
from course_lib.physics import operational_space as osp
from course_lib.physics.models import TwoLinkArm
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, quiz_builder

OPERATIONAL_QUIZ = MessageTable("operational_quiz", {
    "en": {
        "lost_prompt": ("Near a straight (singular) posture the apparent mass along the 'lost direction' becomes huge. "
                        "Why?"),
        "lost_a": "Because M becomes singular when the arm is straight, so M⁻¹ blows up.",
        "lost_a_note": "M stays positive definite in every posture; it is J that loses rank.",
        "lost_b": "Because the links' masses add up along the arm's direction when it is straight.",
        "lost_b_note": "The masses never change; the whole arm is still {total:g} kg.",
        "lost_c": "Because J nearly loses that direction: uᵀ J M⁻¹ Jᵀ u → 0, so m(u) grows without bound.",
        "lost_c_note": "Yes: the joints can hardly move the tip that way, so a force there barely accelerates it.",
        "lost_d": ("Because gravity then pulls along the arm and adds its weight to the force needed to move "
                   "the tip."),
        "lost_d_note": "Gravity plays no part: the lab pushes an arm at rest without gravity.",
        "lost_why": ("Λ⁻¹ = J M⁻¹ Jᵀ. Where J nearly loses a direction, Λ⁻¹ nearly loses an eigenvalue and Λ "
                     "has a huge one. It is the shadow of the kinematic singularity in the dynamics: mass did "
                     "not change, M is not singular, gravity is irrelevant."),
        "twenty_prompt": ("The whole arm weighs {total:g} kg, yet the lab shows an apparent mass above 20 kg. "
                          "Where does it come from?"),
        "twenty_a": "From the motors' rotor inertia, which the gears reflect to the tip.",
        "twenty_a_note": "This model has no rotors; the effect is there without.",
        "twenty_b": "From leverage: a push along the straight arm barely turns the joints, like a very low gear.",
        "twenty_b_note": "Right: the apparent mass is about the mechanism, not the material.",
        "twenty_c": "It is a numerical error of inverting a nearly singular matrix, nothing you could measure.",
        "twenty_c_note": "It is physics: the arm's tip really accelerates that little when pushed that way.",
        "twenty_d": "From gravity's pull on the two links, which the push must lift as well as accelerate.",
        "twenty_d_note": "The lab has no gravity.",
        "twenty_why": ("m(u) is the force per unit acceleration at the tip. Near a straight arm, a push along the "
                       "arm produces almost no joint acceleration, hence almost no tip acceleration: the tool "
                       "feels heavy although no kilogram was added. At exactly straight there is no finite value "
                       "at all."),
        "up_prompt": ("Take the lesson's arm (no payload) with θ₁ = 0 and θ₂ = 90° (link 2 points straight up). "
                      "What apparent mass (kg) does the tip have when pushed straight up (u = (0, 1)), the arm at "
                      "rest, no gravity?"),
        "up_x": "That is the apparent mass along x, u = (1, 0); the push here is straight up.",
        "up_total": ("The whole arm's mass: the tip does not carry all of it along every direction. "
                     "Use m(u) = 1 / (uᵀ J M⁻¹ Jᵀ u)."),
        "up_inverse": "That is uᵀ Λ⁻¹ u = uᵀ J M⁻¹ Jᵀ u; the apparent mass is its inverse.",
        "up_why": ("m(u) = 1 / (uᵀ J M⁻¹ Jᵀ u) = {m_y:.3f} kg; along x it is only {m_x:.3f} kg. Pushing up "
                   "along link 2 can only swing link 1, which carries both links."),
        "push_prompt": ("You push the resting tip with a force F that is not along an eigenvector of Λ. Which way "
                        "does the tip start to accelerate?"),
        "push_a": "Exactly along F, as it would for a point mass of any size.",
        "push_a_note": "Only along Λ's eigen-directions; the tool is not a point mass.",
        "push_b": "Perpendicular to F, because Λ⁻¹ turns every force by 90°.",
        "push_b_note": "The power F · ẍ = Fᵀ Λ⁻¹ F is positive: never perpendicular.",
        "push_c": "Nowhere until F exceeds the tip's static weight, then along F.",
        "push_c_note": "Without gravity or friction any F accelerates it.",
        "push_d": "Along Λ⁻¹F: tilted from F toward the light direction.",
        "push_d_note": "Yes: the lab's green arrow shows it leaning toward the ellipse's long axis.",
        "push_why": ("ẍ = Λ⁻¹F with Λ⁻¹ = J M⁻¹ Jᵀ symmetric positive definite: ẍ has a positive component along "
                     "F but leans toward the eigen-direction with the larger Λ⁻¹ eigenvalue, the light one."),
        "kappa_prompt": ("Over all postures of the lesson's arm, what is the least condition number κ(Λ) (heaviest "
                         "over lightest apparent mass)? Two decimals are enough."),
        "kappa_one": "κ = 1 would mean the same apparent mass in every direction; does the κ curve ever reach 1?",
        "kappa_why": ("κ(Λ) depends on θ₂ only and is least, {k_min:.2f}, at θ₂ ≈ {k_deg}°. It never reaches 1: "
                      "this arm cannot feel equally heavy in every direction."),
    },
    "zh": {
        "lost_prompt": "在接近伸直（奇异）的位形下，沿“丢失方向”的等效质量变得极大。为什么？",
        "lost_a": "因为机械臂伸直时 M 变得奇异，M⁻¹ 趋于无穷。",
        "lost_a_note": "M 在每个位形下都正定；失去秩的是 J。",
        "lost_b": "因为机械臂伸直时，各连杆的质量沿手臂方向叠加起来了。",
        "lost_b_note": "质量从来没有变；整条手臂仍然是 {total:g} kg。",
        "lost_c": "因为 J 几乎失去了这个方向：uᵀ J M⁻¹ Jᵀ u → 0，m(u) 无限增大。",
        "lost_c_note": "关节几乎无法让末端朝这个方向运动，所以这个方向上的力几乎产生不了加速度。",
        "lost_d": "因为这时重力沿手臂方向拉，推动末端所需的力还要加上它的重量。",
        "lost_d_note": "重力不起作用：实验推的是一条静止、不受重力的手臂。",
        "lost_why": ("Λ⁻¹ = J M⁻¹ Jᵀ。J 几乎失去一个方向的地方，Λ⁻¹ 几乎失去一个特征值，Λ 就有一个极大的特征值。"
                     "这是运动学奇异在动力学中的投影：质量没有变，M 不奇异，也与重力无关。"),
        "twenty_prompt": "整条手臂只有 {total:g} kg，实验却显示超过 20 kg 的等效质量。它是从哪里来的？",
        "twenty_a": "来自电机转子的惯量，经齿轮反映到了末端。",
        "twenty_a_note": "这个模型里没有转子；没有它们，这个效应照样存在。",
        "twenty_b": "来自杠杆作用：沿伸直的手臂推，关节几乎不转，就像一个减速比极低的挡位。",
        "twenty_b_note": "等效质量取决于机构本身，而不是材料的多少。",
        "twenty_c": "这只是对一个近乎奇异的矩阵求逆时产生的数值误差，在真实的机械臂上根本测不到。",
        "twenty_c_note": "这是真实的物理：朝这个方向推时，末端的加速度确实就这么小。",
        "twenty_d": "来自两根连杆受的重力，推力除了使它们加速，还得把它们抬起来。",
        "twenty_d_note": "实验里没有重力。",
        "twenty_why": ("m(u) 是末端每单位加速度所需的力。手臂接近伸直时，沿手臂方向推几乎产生不了关节加速度，"
                       "因而末端也几乎不加速：虽然没有多加一克质量，工具却感觉很重。完全伸直时，它根本没有有限值。"),
        "up_prompt": ("取本课的机械臂（不带负载），θ₁ = 0，θ₂ = 90°（连杆 2 竖直向上）。手臂静止、不计重力，"
                      "竖直向上推末端（u = (0, 1)）时，末端的等效质量是多少（kg）？"),
        "up_x": "这是沿 x 方向（u = (1, 0)）的等效质量；这里是竖直向上推。",
        "up_total": "这是整条手臂的质量：末端并不是在每个方向上都承载全部质量。用 m(u) = 1 / (uᵀ J M⁻¹ Jᵀ u)。",
        "up_inverse": "这是 uᵀ Λ⁻¹ u = uᵀ J M⁻¹ Jᵀ u；等效质量是它的倒数。",
        "up_why": ("m(u) = 1 / (uᵀ J M⁻¹ Jᵀ u) = {m_y:.3f} kg；沿 x 方向只有 {m_x:.3f} kg。"
                   "沿连杆 2 向上推，只能让连杆 1 摆动，而连杆 1 带着两根连杆。"),
        "push_prompt": "用一个不沿 Λ 特征向量方向的力 F 推静止的末端。末端开始朝哪个方向加速？",
        "push_a": "正好沿 F 的方向，就像任意大小的质点那样。",
        "push_a_note": "只有沿 Λ 的特征方向才如此；工具端不是一个质点。",
        "push_b": "垂直于 F，因为 Λ⁻¹ 把每个力都转了 90°。",
        "push_b_note": "功率 F · ẍ = Fᵀ Λ⁻¹ F 为正：绝不会垂直。",
        "push_c": "F 超过末端的静重之前不动，超过后沿 F 方向运动。",
        "push_c_note": "没有重力和摩擦时，任何 F 都能让它加速。",
        "push_d": "沿 Λ⁻¹F：从 F 偏向轻的方向。",
        "push_d_note": "实验里的绿色箭头向椭圆的长轴方向倾斜。",
        "push_why": ("ẍ = Λ⁻¹F，而 Λ⁻¹ = J M⁻¹ Jᵀ 对称正定：ẍ 在 F 方向上的分量为正，"
                     "但偏向 Λ⁻¹ 特征值较大的那个特征方向，也就是轻的方向。"),
        "kappa_prompt": "在本课机械臂的所有位形中，条件数 κ(Λ)（最重与最轻等效质量之比）最小是多少？保留两位小数即可。",
        "kappa_one": "κ = 1 意味着每个方向的等效质量都相同；κ 曲线到达过 1 吗？",
        "kappa_why": ("κ(Λ) 只取决于 θ₂，在 θ₂ ≈ {k_deg}° 处最小，为 {k_min:.2f}。它永远到不了 1："
                      "这条手臂不可能在每个方向上都感觉一样重。"),
    },
})


@quiz_builder
def operational_quiz(arm: TwoLinkArm | None = None) -> Quiz:
    """Seed 000's question 4, the task's "where do 20 kg come from?", and three of the course's own.

    Args:
        arm: the lesson's arm (default the lesson's arm without payload, 3.5 kg in all).

    Returns:
        Five questions, in the current language: why the lost direction is heavy near a straight
        posture (seed Q4); where the 20 kg come from; m(u) along y at θ₂ = 90°; the direction of the
        tip's acceleration for a push that is not along an eigen-direction; the least κ(Λ) over all postures.
    """
    t = OPERATIONAL_QUIZ.text
    arm = arm if arm is not None else TwoLinkArm()
    total = arm.m1 + arm.m2 + arm.payload
    q90 = np.array([0.0, np.pi / 2])
    m_y = osp.apparent_mass(arm, q90, [0.0, 1.0])
    m_x = osp.apparent_mass(arm, q90, [1.0, 0.0])
    grid = np.stack([np.zeros(179), np.radians(np.arange(1, 180))], -1)
    kappa = osp.task_inertia_condition(arm, grid)
    k_min, k_deg = float(kappa.min()), int(np.arange(1, 180)[np.argmin(kappa)])
    return Quiz([
        MultipleChoice(
            t("lost_prompt"),
            [Option(t("lost_a"), feedback=t("lost_a_note")),
             Option(t("lost_b"), feedback=t("lost_b_note", total=total)),
             Option(t("lost_c"), correct=True, feedback=t("lost_c_note")),
             Option(t("lost_d"), feedback=t("lost_d_note"))],
            explanation=t("lost_why")),
        MultipleChoice(
            t("twenty_prompt", total=total),
            [Option(t("twenty_a"), feedback=t("twenty_a_note")),
             Option(t("twenty_b"), correct=True, feedback=t("twenty_b_note")),
             Option(t("twenty_c"), feedback=t("twenty_c_note")),
             Option(t("twenty_d"), feedback=t("twenty_d_note"))],
            explanation=t("twenty_why")),
        NumericQuestion(
            t("up_prompt"), expected=m_y, tolerance=0.02, unit="kg",
            mistakes=[(m_x, t("up_x")), (total, t("up_total")), (1.0 / m_y, t("up_inverse"))],
            explanation=t("up_why", m_y=m_y, m_x=m_x)),
        MultipleChoice(
            t("push_prompt"),
            [Option(t("push_a"), feedback=t("push_a_note")),
             Option(t("push_b"), feedback=t("push_b_note")),
             Option(t("push_c"), feedback=t("push_c_note")),
             Option(t("push_d"), correct=True, feedback=t("push_d_note"))],
            explanation=t("push_why")),
        NumericQuestion(
            t("kappa_prompt"), expected=k_min, tolerance=0.03, unit="",
            mistakes=[(1.0, t("kappa_one"))],
            explanation=t("kappa_why", k_min=k_min, k_deg=k_deg)),
    ])
