"""Lesson 11's quiz (motors, gears and friction): every expected value computed by MotorArm,
every sentence in :data:`MOTORS_QUIZ` (English and Chinese).

>>> quiz = motors_quiz()
>>> len(quiz), quiz[0].check("1.0").correct, quiz[4].check("5").correct
(7, True, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.i18n import MessageTable
from course_lib.physics.chains import from_two_link
from course_lib.physics.chains.parameter_count import count_parameters
from course_lib.physics.joint_linearisation import gear_sweep
from course_lib.physics.models import MotorArm
from course_lib.physics.torque_breakdown import textbook_motor_arm
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, quiz_builder

#: the reflected-inertia question: gear ratio and rotor inertia (kg·m²)
KR, IM = 100.0, 1e-4
#: the breakaway question: Coulomb level of joint 1 (N·m) and the posture (rad)
FS1, Q_BREAK = 1.5, (0.0, 0.5)
#: the gear-ratio question: the two ratios compared
KR_LOW, KR_HIGH = 10.0, 100.0
#: the which-term question: the dumbbell's mass (kg)
DUMBBELL = 10.0


MOTORS_QUIZ = MessageTable("motors_quiz", {
    "en": {
        "rotor_prompt": ("A rotor of I_m = {im:g} kg·m² drives joint 1 through a gear of ratio k_r = {kr:g}. "
                         "How much does it add to M₁₁ (kg·m²)?"),
        "rotor_why": ("The rotor turns k_r times faster than the joint, so its kinetic energy is "
                      "½ I_m (k_r θ̇)²: it adds k_r² I_m to M₁₁."),
        "rotor_once": "That is k_r I_m: the gear ratio enters twice, once per θ̇ in ½ I_m (k_r θ̇)².",
        "rotor_alone": "That is the rotor alone; seen through the gear it looks k_r² times heavier.",
        "break_prompt": ("The 2R arm (lesson 3's links) is held still at θ = (0°, {theta2:.1f}°) with gravity on, "
                         "then let go with a constant torque τ₁ on joint 1 (τ₂ = 0). "
                         "Links: l₁ = {l1:g} m, l_c1 = {lc1:g} m, l_c2 = {lc2:g} m, m₁ = {m1:g} kg, "
                         "m₂ = {m2:g} kg, g = {g:g} m/s², no motor mass at the elbow. "
                         "Joint 1 has Coulomb friction F_s1 = {fs:g} N·m; joint 2 is held by its own friction. "
                         "What is the least τ₁ that starts joint 1 turning upward, θ₁ increasing (N·m)?"),
        "break_why": ("At rest joint 1 needs τ₁ − g₁(q) from friction to stay put, and friction gives at most "
                      "F_s1 either way: it sticks for g₁ − F_s1 ≤ τ₁ ≤ g₁ + F_s1, falls below, turns upward above. "
                      "So τ₁ = g₁ + F_s1 = {g1:.2f} + {fs:g} = {total:.2f} N·m. (Here g₁ > F_s1: let go with "
                      "τ₁ = 0, the arm would fall, which is why it is held first.)"),
        "break_no_gravity": "That would do with gravity off; here gravity already loads the joint with g₁(q).",
        "break_gravity": "That is g₁ alone: it only holds the arm; friction F_s1 must be overcome on top.",
        "break_minus": ("That is g₁ − F_s1, the lower edge of the band where friction holds the arm: below it "
                        "the arm falls. Upward, friction opposes the start, so F_s1 adds to g₁."),
        "break_stretched": ("That is the breakaway with the arm stretched out (θ₂ = 0): link 2's centre sits at "
                            "θ₁ + θ₂, so its lever arm shrinks by cos θ₂."),
        "skew_prompt": "For the arm with motors of this lesson, which statement about Ṁ − 2C is right?",
        "skew_a": ("Any matrix C that gives the right product C q̇ makes Ṁ − 2C skew-symmetric, whichever way its "
                   "entries are split between the two rates."),
        "skew_a_note": "Only the weak form q̇ᵀ(Ṁ − 2C)q̇ = 0 holds for every valid C.",
        "skew_b": ("With the Christoffel C it is skew-symmetric (strong form); another valid C may give only "
                   "the weak form q̇ᵀ(Ṁ − 2C)q̇ = 0."),
        "skew_b_note": "Yes: lesson 6's result; the constant rotor terms do not change C at all.",
        "skew_c": ("The rotors break skew-symmetry, because their reflected inertias k_r² I_m are added to the "
                   "diagonal of M."),
        "skew_c_note": "They add constants to M, so Ṁ and C are those of the links alone.",
        "skew_why": ("The weak form is energy conservation; the strong form needs C built from the "
                     "Christoffel symbols of M."),
        "tanh_prompt": ("A simulation replaces F_s sgn(q̇) by F_s tanh(q̇/ε). What goes wrong for an arm at rest "
                        "under gravity that real friction would hold?"),
        "tanh_a": ("Nothing that matters: for a small enough ε, tanh(q̇/ε) is as close to sgn(q̇) as you like, "
                   "everywhere."),
        "tanh_a_note": "Away from q̇ = 0 yes, but sticking is exactly what happens at q̇ = 0.",
        "tanh_b": "It adds energy to the arm, because tanh overshoots the sign function near q̇ = 0.",
        "tanh_b_note": "tanh(q̇/ε) has the sign of q̇ and stays within ±1, so it still only dissipates.",
        "tanh_c": ("The smoothed term vanishes with q̇, so it cannot hold a still joint: the arm slides "
                   "slowly down."),
        "tanh_c_note": "Yes: a smoothed sign cannot stick; a stick–slip rule can.",
        "tanh_why": ("Sticking is a constraint, not a force law of q̇: the joint stays while the needed "
                     "torque is within ±F_s."),
        "rank_prompt": ("The two-link planar arm with motors has 2 × 11 = {columns} inertial parameters; with the "
                        "textbook's link frames, {present} of them appear in its torques. Stacking the regressor Y "
                        "over many random states, how many base parameters remain (the numeric rank)?"),
        "rank_why": ("Joint 1 sees k_r1² I_m1 θ̈₁ beside I_zz1 θ̈₁, and link 1's mass and first moment only "
                     "together with link 2's: the {present} columns span only {rank} directions, so torque "
                     "measurements can fix {rank} combinations."),
        "rank_present": "That is how many appear; some of their columns are combinations of others.",
        "rank_all": "That is every column, most of them zero for a planar arm.",
        "rank_general": ("That is the rank with the centres of mass allowed off the link axes (m c_y ≠ 0); "
                         "this arm's centres lie on them."),
        "gear_prompt": ("For the textbook's heavy arm, (max − min over θ₂ of M₁₁) / (k_r1² I_m1) is {low:.0f} "
                        "at k_r1 = {kr_low:g}. Keeping I_m1, what is it at k_r1 = {kr_high:g}?"),
        "gear_why": ("The variation comes from the links and does not change with the gear; k_r1² I_m1 grows "
                     "{factor:g} times from k_r1 = {kr_low:g} to {kr_high:g}, so the ratio falls to {high:.2f}."),
        "gear_once": "That divides by k_r once; the rotor's inertia grows with k_r².",
        "gear_same": "The links' variation stays, but the rotor's k_r² I_m it is compared with grows.",
        "term_prompt": ("You hold your arm out level and still, first empty, then with a {mass:g} kg dumbbell in the "
                        "hand; then you fling the empty arm up fast, and halfway the wrist is pulled off course. "
                        "Which pairing with the terms of M q̈ + C q̇ + g = τ is right?"),
        "term_a": ("The dumbbell held still raises only g(q); the fling adds M(q) q̈, and the pull on the wrist "
                   "is C(q, q̇) q̇."),
        "term_a_note": "Yes: at rest only τ = g(q) is left, and the weight in the hand adds its torque to it.",
        "term_b": "The dumbbell raises M(q) q̈, because the arm is heavier; the fling raises g(q).",
        "term_b_note": "At rest q̈ = 0, so M q̈ is zero however heavy the arm; holding still takes g(q) alone.",
        "term_c": "Both raise C(q, q̇) q̇, because both take more torque.",
        "term_c_note": "C q̇ is zero at rest and grows with the square of the speed: only the fling has it.",
        "term_d": "Both raise g(q) only: a fast lift lifts the same weight as a slow one.",
        "term_d_note": "g(q) depends on the posture, not on how fast it is reached; a fast lift adds M q̈ and C q̇.",
        "term_why": ("τ = M q̈ + C q̇ + g: at rest only g(q) is left, and a payload adds its weight's torque to "
                     "it. Accelerating takes M(q) q̈, moving fast takes C(q, q̇) q̇, the centrifugal and Coriolis "
                     "torques that pull the wrist aside."),
    },
    "zh": {
        "rotor_prompt": "转动惯量 I_m = {im:g} kg·m² 的转子通过减速比 k_r = {kr:g} 的减速器驱动关节 1。它给 M₁₁ 增加多少（kg·m²）？",
        "rotor_why": "转子比关节快 k_r 倍，所以它的动能是 ½ I_m (k_r θ̇)²：它给 M₁₁ 增加 k_r² I_m。",
        "rotor_once": "你算的是 k_r I_m。转子的角速度是 k_r θ̇，动能 ½ I_m (k_r θ̇)² 里 k_r 被平方了。",
        "rotor_alone": "这只是转子本身；隔着减速器看，它重了 k_r² 倍。",
        "break_prompt": ("二连杆机械臂（第 3 课的连杆）先被扶住，静止在 θ = (0°, {theta2:.1f}°)，有重力；"
                         "然后松手，同时在关节 1 上加恒定力矩 τ₁（τ₂ = 0）。"
                         "连杆：l₁ = {l1:g} m，l_c1 = {lc1:g} m，l_c2 = {lc2:g} m，m₁ = {m1:g} kg，"
                         "m₂ = {m2:g} kg，g = {g:g} m/s²，肘部没有电机质量。"
                         "关节 1 有库仑摩擦 F_s1 = {fs:g} N·m；关节 2 被它自己的摩擦卡住。"
                         "能让关节 1 开始向上转动（θ₁ 增大）的最小 τ₁ 是多少（N·m）？"),
        "break_why": ("静止时，关节 1 要靠摩擦提供 τ₁ − g₁(q) 才能不动，而摩擦在两个方向上最多只有 F_s1："
                      "当 g₁ − F_s1 ≤ τ₁ ≤ g₁ + F_s1 时卡住不动，低于下限就下落，高于上限才向上转。"
                      "所以 τ₁ = g₁ + F_s1 = {g1:.2f} + {fs:g} = {total:.2f} N·m。（这里 g₁ > F_s1："
                      "若 τ₁ = 0 就松手，手臂会掉下来，所以要先扶住。）"),
        "break_no_gravity": "没有重力时是这样；这里重力已经用 g₁(q) 给关节加了负载。",
        "break_gravity": "这只是 g₁：它只能托住手臂，还要再克服摩擦 F_s1。",
        "break_minus": "这是 g₁ − F_s1，即摩擦还能托住手臂的区间的下沿：低于它手臂会下落。向上起动时摩擦阻碍运动，所以 F_s1 要加到 g₁ 上。",
        "break_stretched": "这是手臂伸直（θ₂ = 0）时的起动力矩：连杆 2 的质心在 θ₁ + θ₂ 方向上，力臂要乘以 cos θ₂。",
        "skew_prompt": "对本课带电机的机械臂，关于 Ṁ − 2C 哪种说法正确？",
        "skew_a": "只要乘积 C q̇ 正确，不管 C 的元素怎样在两个角速度之间分配，Ṁ − 2C 都是斜对称的。",
        "skew_a_note": "只有弱形式 q̇ᵀ(Ṁ − 2C)q̇ = 0 对每个合法的 C 都成立。",
        "skew_b": "用克里斯托弗形式的 C 时它斜对称（强形式）；别的合法 C 可能只满足弱形式 q̇ᵀ(Ṁ − 2C)q̇ = 0。",
        "skew_b_note": "这是第 6 课的结论；转子带来的常数项完全不改变 C。",
        "skew_c": "转子破坏了斜对称性，因为它们的折算惯量 k_r² I_m 被加到了 M 的对角线上。",
        "skew_c_note": "它们给 M 加的是常数，所以 Ṁ 和 C 都只是连杆本身的。",
        "skew_why": "弱形式就是能量守恒；强形式要求 C 由 M 的克里斯托弗符号构造。",
        "tanh_prompt": ("仿真里把 F_s sgn(q̇) 换成了 F_s tanh(q̇/ε)。对一条在重力下静止、"
                        "真实摩擦能够卡住的手臂，会出什么问题？"),
        "tanh_a": "没什么要紧的：ε 足够小时，tanh(q̇/ε) 处处都能和 sgn(q̇) 要多接近就有多接近。",
        "tanh_a_note": "离开 q̇ = 0 时是这样，但卡住恰恰发生在 q̇ = 0 处。",
        "tanh_b": "它会给手臂增加能量，因为 tanh 在 q̇ = 0 附近超过了符号函数。",
        "tanh_b_note": "tanh(q̇/ε) 与 q̇ 同号，且不超出 ±1，所以它仍然只耗散能量。",
        "tanh_c": "平滑后的摩擦项随 q̇ 趋于零，无法卡住静止的关节：手臂会慢慢滑下去。",
        "tanh_c_note": "平滑的符号函数卡不住；黏滑（stick–slip）规则才能。",
        "tanh_why": "静摩擦卡住是一种约束，不是 q̇ 的函数：只要所需力矩在 ±F_s 以内，关节就保持不动。",
        "rank_prompt": ("带电机的二连杆平面臂共有 2 × 11 = {columns} 个惯性参数；按教材的连杆坐标系，"
                        "其中 {present} 个出现在关节力矩里。把回归矩阵 Y 在许多随机状态上叠起来，"
                        "还剩多少个基参数（数值秩）？"),
        "rank_why": ("关节 1 上 k_r1² I_m1 θ̈₁ 与 I_zz1 θ̈₁ 并排出现，连杆 1 的质量和一阶矩也只和连杆 2 的一起出现："
                     "这 {present} 列只张成 {rank} 个方向，所以力矩测量只能确定 {rank} 个组合。"),
        "rank_present": "这是出现的参数个数；其中有些列是其他列的组合。",
        "rank_all": "这是全部列数，对平面臂来说其中大多数恒为零。",
        "rank_general": "这是允许质心偏离连杆轴线（m c_y ≠ 0）时的秩；这条机械臂的质心都在轴线上。",
        "gear_prompt": ("对教材中那条很重的机械臂，(M₁₁ 随 θ₂ 的最大值 − 最小值) / (k_r1² I_m1) 在 k_r1 = {kr_low:g} "
                        "时为 {low:.0f}。I_m1 不变，k_r1 = {kr_high:g} 时它是多少？"),
        "gear_why": ("这个变化量来自连杆，与减速器无关；从 k_r1 = {kr_low:g} 到 {kr_high:g}，k_r1² I_m1 增大 {factor:g} 倍，"
                     "所以比值降到 {high:.2f}。"),
        "gear_once": "你只除了一次 k_r；转子的折算惯量随 k_r² 增长。",
        "gear_same": "连杆带来的变化量不变，但与它相比的转子惯量 k_r² I_m 变大了。",
        "term_prompt": ("你把手臂水平伸直、保持不动：先是空手，再在手里握一个 {mass:g} kg 的哑铃；然后空手猛地把手臂甩起来，"
                        "甩到一半手腕被“带偏”。把这几种情况与 M q̈ + C q̇ + g = τ 中的各项对应起来，哪种说法正确？"),
        "term_a": "握着哑铃不动只增大 g(q)；猛甩会加上 M(q) q̈，而把手腕带偏的是 C(q, q̇) q̇。",
        "term_a_note": "对：静止时只剩 τ = g(q)，手里的重物把它的重力力矩加了进去。",
        "term_b": "哑铃增大的是 M(q) q̈，因为握着哑铃的手臂变重了、惯量也变大了；猛甩增大的是 g(q)，因为手臂要被举得更快。",
        "term_b_note": "静止时 q̈ = 0，无论手臂多重 M q̈ 都为零；保持不动只需要 g(q)。",
        "term_c": "两种情况都增大 C(q, q̇) q̇，因为都需要更大的力矩。",
        "term_c_note": "静止时 C q̇ 为零，它随速度的平方增长：只有猛甩时才有它。",
        "term_d": "两种情况都只增大 g(q)：快举和慢举举起的是同样的重量。",
        "term_d_note": "g(q) 只取决于姿态，与多快到达这个姿态无关；快举多出来的是 M q̈ 和 C q̇。",
        "term_why": ("τ = M q̈ + C q̇ + g：静止时只剩 g(q)，负载把它的重力力矩加了进去。加速需要 M(q) q̈，"
                     "快速运动需要 C(q, q̇) q̇，也就是把手腕带偏的离心力矩和科氏力矩。"),
    },
})


@quiz_builder
def motors_quiz() -> Quiz:
    """Seven questions, in the current language: reflected rotor inertia, the breakaway torque with
    gravity, strong vs weak skew-symmetry, the smoothed sign function, the base parameters of the
    arm with motors, how a high gear ratio shrinks the links' share, and which term of the equation
    a held payload and a fast swing each raise."""
    t = MOTORS_QUIZ.text
    reflected = float(MotorArm(kr1=KR, Im1=IM, Im2=0.0).rotor_mass_matrix()[0, 0])
    arm = MotorArm(Fs=[FS1, 50.0])  # joint 2 held by its friction, so only joint 1 can break away
    breakaway = arm.breakaway_torque(Q_BREAK)
    gravity1 = float(arm.gravity(Q_BREAK)[0])
    motors = MotorArm()
    chain = from_two_link(motors, gear=[motors.kr1, motors.kr2], rotor_inertia=[motors.Im1, motors.Im2])
    count = count_parameters(chain, points=[[motors.l1, 0.0, 0.0], [motors.l2, 0.0, 0.0]])
    low, high = gear_sweep(textbook_motor_arm(), [KR_LOW, KR_HIGH])
    return Quiz([
        NumericQuestion(
            t("rotor_prompt", im=IM, kr=KR),
            reflected, 0.01 * reflected, "kg·m²", aliases=["kg*m^2", "kg m^2", "kgm^2", "kgm2", "kg m2"],
            explanation=t("rotor_why"),
            mistakes=[(KR * IM, t("rotor_once")), (IM, t("rotor_alone"))], ratio=KR),
        NumericQuestion(
            t("break_prompt", theta2=float(np.degrees(Q_BREAK[1])), l1=arm.l1, lc1=arm.lc1, lc2=arm.lc2,
              m1=arm.m1, m2=arm.m2, g=arm.g, fs=FS1),
            breakaway, 0.01 * breakaway, "N·m", aliases=["N*m", "Nm", "N m"],
            explanation=t("break_why", g1=gravity1, fs=FS1, total=breakaway),
            mistakes=[(FS1, t("break_no_gravity")),
                      (gravity1, t("break_gravity")),
                      (gravity1 - FS1, t("break_minus")),
                      (float(MotorArm(Fs=[FS1, 50.0]).gravity((0.0, 0.0))[0]) + FS1, t("break_stretched"))]),
        MultipleChoice(
            t("skew_prompt"),
            [Option(t("skew_a"), feedback=t("skew_a_note")),
             Option(t("skew_b"), correct=True, feedback=t("skew_b_note")),
             Option(t("skew_c"), feedback=t("skew_c_note"))],
            explanation=t("skew_why")),
        MultipleChoice(
            t("tanh_prompt"),
            [Option(t("tanh_a"), feedback=t("tanh_a_note")),
             Option(t("tanh_b"), feedback=t("tanh_b_note")),
             Option(t("tanh_c"), correct=True, feedback=t("tanh_c_note"))],
            explanation=t("tanh_why")),
        NumericQuestion(
            t("rank_prompt", columns=count.columns, present=len(count.present)),
            count.rank, 0.5, explanation=t("rank_why", present=len(count.present), rank=count.rank),
            mistakes=[(len(count.present), t("rank_present")), (count.columns, t("rank_all")),
                      (count.rank_nonzero, t("rank_general"))], count=True),
        NumericQuestion(
            t("gear_prompt", low=low.variation, kr_low=KR_LOW, kr_high=KR_HIGH),
            high.variation, 0.02 * high.variation,
            explanation=t("gear_why", factor=(KR_HIGH / KR_LOW) ** 2, kr_low=KR_LOW, kr_high=KR_HIGH,
                          high=high.variation),
            mistakes=[(low.variation * KR_LOW / KR_HIGH, t("gear_once")), (low.variation, t("gear_same"))]),
        MultipleChoice(
            t("term_prompt", mass=DUMBBELL),
            [Option(t("term_b"), feedback=t("term_b_note")),
             Option(t("term_a"), correct=True, feedback=t("term_a_note")),
             Option(t("term_d"), feedback=t("term_d_note")),
             Option(t("term_c"), feedback=t("term_c_note"))],
            explanation=t("term_why")),
    ])
