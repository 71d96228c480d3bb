"""Lesson 8's quiz on computed torque, defined once: the notebook shows it, the tests check it.

Texts live in the message table ``computed_torque_quiz`` (English and Chinese, the
same keys); every expected value is computed by course_lib: lab 2's ±30 % readouts by
:func:`course_lib.physics.tool_tracking.simulate_tracking`, the error equation
by :func:`course_lib.physics.error_dynamics.closed_loop_error_expr`, the gains' ωₙ and ζ by
:func:`~course_lib.physics.error_dynamics.natural_frequency`, g(q) by the lesson's arm.

>>> quiz = computed_torque_quiz()
>>> len(quiz), quiz[1].check("-Kd*edot - Kp*e").correct
(6, True)
"""

from __future__ import annotations

import sympy as sp

from course_lib.i18n import MessageTable
from course_lib.lessons.computed_torque.lab import HINT_PAYLOAD
from course_lib.physics import joint_tracking as jt
from course_lib.physics.error_dynamics import closed_loop_error_expr, natural_frequency
from course_lib.physics.models import TwoLinkArm
from course_lib.physics.tool_tracking import COMPARE_AT, RMS_FROM, simulate_tracking
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, SymbolicQuestion, quiz_builder

#: both numeric questions accept answers within this share of the answer (ζ = 0.8, τ₁ = 30 N·m count)
REL_TOL = 0.02

QUIZ = MessageTable("computed_torque_quiz", {
    "en": {
        "q1": "With a perfect model, computed torque τ = M(q)(q̈_d + K_d ė + K_p e) + C q̇ + g drives the arm "
              "M q̈ + C q̇ + g = τ. Which equation does the error e = q_d − q obey?",
        "q1_a": "ë + K_d ė + K_p e = 0: one fixed linear spring–damper per joint.",
        "q1_a_fb": "Yes: M q̈ = M(q̈_d + K_d ė + K_p e), and M is invertible, so q̈_d − q̈ = −K_d ė − K_p e.",
        "q1_b": "M(q) ë + K_d ė + K_p e = 0: the error still feels the arm's inertia.",
        "q1_b_fb": "M multiplies both sides and cancels; the gains act on accelerations, not torques.",
        "q1_c": "ë + K_d ė + K_p e = −M⁻¹ g(q): gravity is left over.",
        "q1_c_fb": "The law adds g(q) itself, so with a perfect model nothing of gravity is left.",
        "q1_d": "The error settles but never reaches zero, because the target moves.",
        "q1_d_fb": "The law feeds q̈_d forward: a moving target costs nothing when the model is right.",
        "q1_expl": "Substitute the law into the dynamics: C q̇ + g cancel, M(q̈ − q̈_d − K_d ė − K_p e) = 0, "
                   "and M is positive definite. Choosing K_p and K_d chooses the poles of a linear "
                   "second-order system; with an imperfect model a remainder η drives it.",
        "q2": "Type ë for one joint under computed torque with a perfect model, in terms of e, edot, Kp and Kd.",
        "q2_expl": "sympy solves M q̈ + b = M(q̈_d + K_d ė + K_p e) + b for q̈ with a general symmetric M and "
                   "gets q̈ = q̈_d + K_d ė + K_p e, so ë = −K_d ė − K_p e in each joint.",
        "q3": "The lab uses K_p = {kp:g}, K_d = {kd:g} on accelerations. What is the damping ratio ζ of the "
              "error equation? Type it as a plain number (e.g. 0.5), not in percent.",
        "q3_expl": "ωₙ = √K_p = {wn:.2f} rad/s and ζ = K_d / (2ωₙ) = {zeta:.3f}: a little under critical "
                   "damping. K_p = ωₙ², K_d = 2ωₙ would give ζ = 1.",
        "q3_mistake": "That is ωₙ = √K_p; ζ is K_d / (2ωₙ).",
        "q4": "In the lab, add a 2 kg payload and set the model error to −30 %. Why does computed torque now "
              "track worse than PD + gravity?",
        "q4_a": "Its gains act on accelerations: the elbow's stiffness is only M̂₂₂ K_p (M̂₂₂ = {m22:.2f} kg·m²), "
                "so the missing weight pulls it off.",
        "q4_a_fb": "Yes: computed torque trusts the model to cancel the weight; what it misses is only resisted "
                   "through M̂ K_p, which is small at the elbow.",
        "q4_b": "Computed torque runs at a lower control rate than the PD laws, so the torque it holds between "
                "samples lags behind the payload's pull.",
        "q4_b_fb": "All three are sampled at 500 Hz with the same hold.",
        "q4_c": "PD + gravity knows about the payload: its ĝ includes the extra {payload:g} kg at the tip.",
        "q4_c_fb": "It uses the same wrong model ĝ; its error stays smaller because its spring K_p is in N·m/rad.",
        "q4_d": "Computed torque becomes unstable whenever the model is off by more than 20 %, and the elbow "
                "slowly drifts away from the target.",
        "q4_d_fb": "It stays stable here; its error is bounded, just larger (graceful degradation).",
        "q4_expl": "With an imperfect model ë + K_d ė + K_p e = −η, η = M⁻¹[(M̂ − M) a + (Ĉ − C) q̇ + ĝ − g]. The "
                   "weight the model misses is turned into an acceleration error through M⁻¹, so the light "
                   "elbow suffers most, while PD's torque gains do not depend on the model.",
        "q6": "Lab 2 (the tool circle, default ωₙ and period): set the model mass error δ to −30 %, then to +30 %, "
              "play each run to t = {at:g} s and read the RMS tool errors (over {since:g} s ≤ t < {at:g} s, as "
              "the lab's task does). Which description matches?",
        "q6_a": "Bounded in both; too light gives {light_heavy:.3s}× the error of too heavy, and computed torque still "
                "beats PD + gravity ({low:.3s}× and {high:.3s}× smaller).",
        "q6_a_fb": "Yes: a stable linear error equation driven by η, which grows with the mismatch, and not "
                   "symmetrically in its sign.",
        "q6_b": "Computed torque goes unstable at −30 %: a model that is too light makes the commanded "
                "accelerations too large, the loop gain exceeds one and the arm flies off the circle.",
        "q6_b_fb": "The readouts stay bounded; the error equation is stable whatever η is, as long as it is bounded.",
        "q6_c": "The two settings give the same error, about {mean:.3s} m each: only the size of the mismatch "
                "matters, not its sign.",
        "q6_c_fb": "η depends on M̂ − M and ĝ − g with their signs; too light and too heavy differ.",
        "q6_d": "Computed torque falls behind PD + gravity in both settings ({low:.3s}× and {high:.3s}× larger), "
                "because it relies on the model.",
        "q6_d_fb": "Not on this path: with its feed-forward it still wins at ±30 %. (Lab 1 shows a payload that "
                   "makes it lose.)",
        "q6_expl": "δ = −30 %: computed torque {ct_low:.3s} m, PD + gravity {pg_low:.3s} m; δ = +30 %: computed "
                   "torque {ct_high:.3s} m, PD + gravity {pg_high:.3s} m (course_lib.physics.tool_tracking, the lab's "
                   "simulation). ë + K_d ė + K_p e = −η is stable and η scales with the model error, so the error "
                   "is bounded and grows with the mismatch.",
        "q5": "Hand guiding: the arm of the lesson (m₁ = {m1:g} kg, m₂ = {m2:g} kg) should float at "
              "θ₁ = θ₂ = 0 so a person can push it around. Which torque τ₁ (N·m) must joint 1 apply while it is "
              "at rest there?",
        "q5_expl": "At rest q̇ = q̈ = 0, so τ = g(q) = ({g1:.2f}, {g2:.2f}) N·m: τ = g(q) holds the weight and "
                   "leaves every push to the person. Torque-controlled arms add friction compensation.",
        "q5_mistake": "That is joint 2's share; joint 1 also holds link 1 and link 2 at a longer lever.",
    },
    "zh": {
        "q1": "模型完美时，计算力矩 τ = M(q)(q̈_d + K_d ė + K_p e) + C q̇ + g 驱动手臂 M q̈ + C q̇ + g = τ。"
              "误差 e = q_d − q 满足哪个方程？",
        "q1_a": "ë + K_d ė + K_p e = 0：每个关节一个固定的线性弹簧–阻尼。",
        "q1_a_fb": "M q̈ = M(q̈_d + K_d ė + K_p e)，M 可逆，所以 q̈_d − q̈ = −K_d ė − K_p e。",
        "q1_b": "M(q) ë + K_d ė + K_p e = 0：误差仍然感受到手臂的惯量。",
        "q1_b_fb": "M 出现在两边并被约掉；增益作用在加速度上，而不是力矩上。",
        "q1_c": "ë + K_d ė + K_p e = −M⁻¹ g(q)：还剩下重力。",
        "q1_c_fb": "控制律自己加上了 g(q)，模型完美时重力一点也不剩。",
        "q1_d": "误差会稳定下来但永远到不了零，因为目标在动。",
        "q1_d_fb": "控制律前馈了 q̈_d：模型准确时，运动的目标不会带来误差。",
        "q1_expl": "把控制律代入动力学方程：C q̇ + g 相消，M(q̈ − q̈_d − K_d ė − K_p e) = 0，而 M 正定。"
                   "选 K_p、K_d 就是选一个线性二阶系统的极点；模型不完美时，会多出一个驱动项 η。",
        "q2": "模型完美时，写出计算力矩下单个关节的 ë，用 e、edot、Kp、Kd 表示。",
        "q2_expl": "sympy 对一般的对称 M 解 M q̈ + b = M(q̈_d + K_d ė + K_p e) + b，得到 "
                   "q̈ = q̈_d + K_d ė + K_p e，所以每个关节都有 ë = −K_d ė − K_p e。",
        "q3": "实验里用 K_p = {kp:g}、K_d = {kd:g}（作用在加速度上）。误差方程的阻尼比 ζ 是多少？"
              "请输入一个普通的数（例如 0.5），不要用百分数。",
        "q3_expl": "ωₙ = √K_p = {wn:.2f} rad/s，ζ = K_d / (2ωₙ) = {zeta:.3f}：略低于临界阻尼。"
                   "取 K_p = ωₙ²、K_d = 2ωₙ 才是 ζ = 1。",
        "q3_mistake": "这是 ωₙ = √K_p；ζ 是 K_d / (2ωₙ)。",
        "q4": "在实验里加上 2 kg 负载，并把模型误差设为 −30 %。为什么计算力矩这时比 PD + 重力补偿跟踪得更差？",
        "q4_a": "增益作用在加速度上：肘关节刚度只有 M̂₂₂ K_p（{m22:.2f} kg·m²），重量把它拉偏。",
        "q4_a_fb": "计算力矩靠模型去抵消重量；模型漏掉的部分只能靠 M̂ K_p 去抵抗，而肘关节处它很小。",
        "q4_b": "计算力矩的控制频率比 PD 低，两次采样之间保持的力矩跟不上负载的重量。",
        "q4_b_fb": "三个控制器都以 500 Hz 采样，保持方式也相同。",
        "q4_c": "PD + 重力补偿知道负载的存在：它的 ĝ 包含了末端上多出的 {payload:g} kg。",
        "q4_c_fb": "它用的是同一个错误的 ĝ；它的误差较小，是因为它的弹簧 K_p 以 N·m/rad 计。",
        "q4_d": "只要模型误差超过 20 %，计算力矩就会失稳：回路增益变得过大，肘关节随之慢慢漂离目标，再也回不到参考轨迹上。",
        "q4_d_fb": "这里它仍然稳定；误差有界，只是变大了（优雅退化）。",
        "q4_expl": "模型不完美时 ë + K_d ė + K_p e = −η，η = M⁻¹[(M̂ − M) a + (Ĉ − C) q̇ + ĝ − g]。"
                   "模型漏掉的重量经过 M⁻¹ 变成加速度误差，所以轻的肘关节受影响最大；而 PD 的力矩增益与模型无关。",
        "q6": "实验 2（末端画圆，默认 ωₙ 与周期）：把模型质量误差 δ 先设为 −30 %，再设为 +30 %，每次播放到 t = {at:g} s，"
              "读出末端的均方根误差（时间窗 {since:g} s ≤ t < {at:g} s，与实验任务相同）。哪种描述相符？",
        "q6_a": "两种情况误差都有界；偏轻时误差是偏重时的 {light_heavy:.3s} 倍，计算力矩仍较好"
                "（小 {low:.3s} 倍和 {high:.3s} 倍）。",
        "q6_a_fb": "稳定的线性误差方程被 η 驱动，η 随失配增大，而且与失配的正负有关。",
        "q6_b": ("−30 % 时计算力矩会失稳：模型把手臂想得太轻，指令加速度因此过大，回路增益超过 1，"
                 "误差一圈比一圈大，手臂最终甩离圆周，再也回不到参考轨迹上。"),
        "q6_b_fb": "读数始终有界；只要 η 有界，误差方程就是稳定的。",
        "q6_c": "两种设置误差相同，都约为 {mean:.3s} m：只有失配的大小才重要，与正负无关。",
        "q6_c_fb": "η 取决于带符号的 M̂ − M 与 ĝ − g；偏轻和偏重并不一样。",
        "q6_d": "两种设置下计算力矩都不如 PD + 重力补偿（误差大 {low:.3s} 倍和 {high:.3s} 倍），因为它依赖模型。",
        "q6_d_fb": "在这条路径上不是这样：有前馈，它在 ±30 % 时仍然更好。（实验 1 里有让它落后的负载。）",
        "q6_expl": "δ = −30 %：计算力矩 {ct_low:.3s} m，PD + 重力补偿 {pg_low:.3s} m；δ = +30 %：计算力矩 {ct_high:.3s} m，"
                   "PD + 重力补偿 {pg_high:.3s} m（course_lib.physics.tool_tracking，即实验的仿真）。ë + K_d ė + K_p e = −η "
                   "是稳定的，η 与模型误差成正比，所以误差有界，并随失配增大。",
        "q5": "拖动示教：本课的手臂（m₁ = {m1:g} kg，m₂ = {m2:g} kg）要在 θ₁ = θ₂ = 0 处“悬浮”，让人能推着它走。"
              "它静止在那里时，关节 1 需要施加多大的力矩 τ₁（N·m）？",
        "q5_expl": "静止时 q̇ = q̈ = 0，所以 τ = g(q) = ({g1:.2f}, {g2:.2f}) N·m：τ = g(q) 托住重量，"
                   "把每一次推动都留给人。力矩控制的机械臂还会加上摩擦补偿。",
        "q5_mistake": "这是关节 2 的份额；关节 1 还要托住连杆 1，以及力臂更长的连杆 2。",
    },
})


@quiz_builder
def computed_torque_quiz() -> Quiz:
    """Lesson 8's "Check yourself" quiz.

    Returns:
        Six questions: the closed-loop error equation (choice), the same equation typed as a formula,
        ζ of the lab's gains, why model error hurts computed torque more than PD + gravity, lab 2's
        ±30 % model error (numbers from lesson 8's simulation), and the hand-guiding
        torque τ = g(q).
    """
    T = QUIZ.text
    edd, s = closed_loop_error_expr()
    expected = edd[0]  # joint 1's ë, in the derivation's symbols (e1, edot1, Kp, Kd)
    # what a learner types -> symbols whose names display as e, ė, K_p, K_d in "You typed ..." (not e₁, K·p)
    typed = {"e": sp.Symbol("e", real=True), "edot": sp.Symbol("e_dot", real=True),
             "Kp": sp.Symbol("K_p", positive=True), "Kd": sp.Symbol("K_d", positive=True)}
    shown = {s[k]: typed[k] for k in typed}
    wn, zeta = natural_frequency(jt.KP, jt.KD)
    arm = TwoLinkArm()
    g1, g2 = (float(v) for v in arm.gravity([0.0, 0.0]))
    # the light elbow as the hint's controller sees it: M̂₂₂ (it does not depend on q)
    fields = {"at": COMPARE_AT, "since": RMS_FROM, "kp": jt.KP, "payload": HINT_PAYLOAD, "m22": float(jt.believed(-0.3).mass_matrix([0.0, 0.0])[1, 1])}

    def choice(q: str, order: str, explained: dict | None = None) -> MultipleChoice:
        """Options shown in ``order`` of their keys; the right one is always key "a"."""
        options = [Option(T(f"{q}_{k}", **fields), correct=(k == "a"), feedback=T(f"{q}_{k}_fb", **fields))
                   for k in order]
        return MultipleChoice(T(q, **fields), options, explanation=T(f"{q}_expl", **(explained or {})))

    # lab 2's ±30 % question, answered by the lab's own simulation
    low, high = (simulate_tracking(COMPARE_AT, delta=d).rms for d in (-0.3, 0.3))
    lab2 = {"ct_low": low["computed_torque"], "pg_low": low["pd_gravity"], "ct_high": high["computed_torque"],
            "pg_high": high["pd_gravity"]}
    fields.update(light_heavy=lab2["ct_low"] / lab2["ct_high"], low=lab2["pg_low"] / lab2["ct_low"],
                  high=lab2["pg_high"] / lab2["ct_high"], mean=(lab2["ct_low"] + lab2["ct_high"]) / 2)

    return Quiz([
        choice("q1", "bcad"),
        SymbolicQuestion(T("q2"), expected=expected.subs(shown, simultaneous=True), symbols=typed,
                         explanation=T("q2_expl")),
        NumericQuestion(T("q3", kp=jt.KP, kd=jt.KD), expected=zeta, tolerance=REL_TOL * zeta,
                        explanation=T("q3_expl", wn=wn, zeta=zeta), mistakes=[(wn, T("q3_mistake"))]),
        choice("q4", "cabd"),
        choice("q6", "bcda", lab2),
        NumericQuestion(T("q5", m1=arm.m1, m2=arm.m2), expected=g1, tolerance=REL_TOL * abs(g1), unit="N*m",
                        aliases=("Nm", "N·m"), explanation=T("q5_expl", g1=g1, g2=g2),
                        mistakes=[(g2, T("q5_mistake"))]),
    ])

