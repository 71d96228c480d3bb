"""Lesson 10's quiz (recursive dynamics): every expected value computed by course_lib.physics.chains,
every sentence in :data:`RECURSIVE_QUIZ` (English and Chinese).

>>> quiz = recursive_dynamics_quiz()
>>> len(quiz), quiz[2].check("8").correct
(5, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.i18n import MessageTable
from course_lib.physics.chains import Chain, rnea_passes
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, quiz_builder
from course_lib.quiz.diagnosis import Slip

#: the lab's chain: total length (m), total mass (kg); and the chain size for the column-count question
LENGTH, MASS, N_ARM = 1.6, 4.0, 7


RECURSIVE_QUIZ = MessageTable("recursive_dynamics_quiz", {
    "en": {
        "passes_prompt": "What does each pass of RNEA carry, and in which direction?",
        "passes_a": ("Forward, base to tip: each link's joint torque. Backward, tip to base: the columns of the "
                     "mass matrix M, one column per link, ready to be solved."),
        "passes_a_note": "RNEA never forms M; it returns τ = M q̈ + c + g directly, from the forces.",
        "passes_b": ("Forward, base to tip: the spatial force across each joint. Backward, tip to base: each "
                     "link's spatial velocity and spatial acceleration."),
        "passes_b_note": ("A link's force needs its acceleration, and the acceleration needs the parent's: "
                          "motion has to be known first, from the base out."),
        "passes_c": ("Forward, base to tip: each link's spatial velocity and acceleration. Backward, tip to "
                     "base: the spatial force across each joint, and τᵢ = Sᵢᵀ Fᵢ."),
        "passes_c_note": "Yes: motion flows out from the base, force flows back to it.",
        "passes_d": ("Both passes carry spatial velocities, one from each end; the joint forces are found "
                     "afterwards by solving with the mass matrix M."),
        "passes_d_note": "The backward pass is where forces are summed, link by link; no M is needed.",
        "passes_why": ("The forward pass needs only the parent's V and A and the joint's own motion S q̇, S q̈. "
                       "The backward pass starts at the tip, where no child pushes, and adds each child's force "
                       "(moved into the parent's frame) to the parent's own need I A + V ×* I V."),
        "gravity_prompt": ("The base of the chain is fixed, yet RNEA starts with A₀ = [0; −g], an upward "
                           "acceleration of size g. Why?"),
        "gravity_a": ("It is a numerical device that makes the recursion converge in fewer passes and keeps its "
                      "round-off errors small at every link."),
        "gravity_a_note": "RNEA is not iterative: it is exact after one forward and one backward pass.",
        "gravity_b": ("Holding a link still against gravity takes the same force as accelerating it up at g "
                      "in free space, so m a carries the weight."),
        "gravity_b_note": ("Yes: with every link accelerated up at g (and no gravity), the force each link "
                           "needs, m a, includes exactly its weight m g; the real motion adds on top."),
        "gravity_c": ("Most robot bases really do accelerate, so the algorithm assumes the worst case: an upward "
                      "acceleration of one full g at the base."),
        "gravity_c_note": "The base is fixed here; the acceleration is fictitious, and the result is exact.",
        "gravity_why": ("Gravity is uniform, so it is the same as an acceleration of the whole frame; the base "
                        "passes it to every link through the forward pass, and no link needs a weight term."),
        "calls_prompt": ("To build M of a {n}-joint arm column by column with inverse dynamics, taking g(q) once "
                         "and then one column per call, how many RNEA calls do you need?"),
        "calls_gravity": ("That builds the columns, but each call also returns g(q): it has to be computed "
                          "once more, on its own, to subtract."),
        "calls_why": ("g = ID(q, 0, 0) once, then column j = ID(q, 0, eⱼ) − g for j = 1 … {n}: "
                      "{calls} calls, each O(n), so O(n²) in all, the same order as CRBA."),
        "force_prompt": ("The lab's chain ({links} links, {mass:g} kg in all) is held at rest in some pose. How "
                         "large (N) is the force across joint 1 that the backward pass returns?"),
        "force_slip_mass": "That is the chain's mass Σ m in kg; the force that holds it up is its weight, Σ m g, in N.",
        "force_why": ("At rest each link only needs to be held up against its weight, so the force that "
                      "reaches joint 1 is the whole chain's weight, Σ m g = {force:.2f} N, whatever the pose."),
        "cost_prompt": ("RNEA takes 1.0 ms for a chain of 10 links on some computer. If its time is exactly "
                        "proportional to the number of links, as the algorithm's count of operations says, how "
                        "long (ms) does it take for 40 links?"),
        "cost_cubic": "That is how an O(n³) method grows (4³ = 64), such as solving with M; RNEA is O(n).",
        "cost_square": "That is O(n²) growth (4² = 16), the cost of building M; RNEA is O(n).",
        "cost_why": ("RNEA does a fixed amount of work per link in each pass: O(n). Four times the links, "
                     "four times the time. (Measured times have overheads and noise: the notebook's fitted "
                     "slope is near 1, not exactly 1.) Forward dynamics through M⁻¹ would grow like n³."),
    },
    "zh": {
        "passes_prompt": "递归牛顿–欧拉算法（RNEA）的每一趟递推各传递什么？方向如何？",
        "passes_a": ("前向（基座到末端）：各连杆的关节力矩。后向（末端到基座）：质量矩阵 M 的各列，"
                     "每根连杆一列，随后求解。"),
        "passes_a_note": "RNEA 从不构造 M；它直接由力得出 τ = M q̈ + c + g。",
        "passes_b": "前向（基座到末端）：穿过各关节的空间力。后向（末端到基座）：各连杆的空间速度和空间加速度。",
        "passes_b_note": "求一根连杆的力需要它的加速度，求加速度又需要父连杆的加速度：必须先从基座往外把运动算出来。",
        "passes_c": "前向（基座到末端）：各连杆的空间速度和加速度。后向（末端到基座）：穿过各关节的空间力，以及 τᵢ = Sᵢᵀ Fᵢ。",
        "passes_c_note": "运动从基座向外传，力再传回基座。",
        "passes_d": ("两趟递推传递的都是空间速度，一趟从基座开始、一趟从末端开始；"
                     "关节力之后再用质量矩阵 M 求解出来。"),
        "passes_d_note": "后向递推正是逐根连杆累加力的地方，不需要 M。",
        "passes_why": ("前向递推只需要父连杆的 V 和 A，以及本关节自身的运动 S q̇、S q̈。后向递推从末端开始——"
                       "那里没有子连杆在推——把每个子连杆的力（变换到父连杆坐标系后）加到父连杆自身所需的 "
                       "I A + V ×* I V 上。"),
        "gravity_prompt": "链的基座是固定的，RNEA 却从 A₀ = [0; −g] 开始，也就是大小为 g、向上的加速度。为什么？",
        "gravity_a": "这是一个数值技巧，让递推用更少的趟数收敛，并让每根连杆上的舍入误差保持很小。",
        "gravity_a_note": "RNEA 不是迭代算法：一趟前向、一趟后向之后结果就是精确的。",
        "gravity_b": "在重力下托住一根连杆不动，所需的力与在无重力空间中让它以 g 向上加速相同，所以 m a 就包含了重量。",
        "gravity_b_note": ("让每根连杆都以 g 向上加速（且没有重力），每根连杆所需的力 m a 恰好包含了它的重量 m g；"
                           "真实的运动再叠加在上面。"),
        "gravity_c": ("大多数机器人的基座确实会加速，所以算法按最坏的情况考虑："
                      "假设基座有一个完整 g 的向上加速度，以策安全。"),
        "gravity_c_note": "这里的基座是固定的；这个加速度是虚拟的，结果是精确的。",
        "gravity_why": ("重力是均匀的，所以它等效于整个参考系的加速度；基座通过前向递推把它传给每根连杆，"
                        "任何连杆都不需要单独的重力项。"),
        "calls_prompt": ("用逆动力学逐列构造一个 {n} 关节机械臂的 M：先算一次 g(q)，然后每次调用得到一列。"
                         "一共需要调用多少次 RNEA？"),
        "calls_gravity": "这样能得到各列，但每次调用的结果里都含有 g(q)：它还得单独再算一次，用来减掉。",
        "calls_why": ("先算一次 g = ID(q, 0, 0)，然后对 j = 1 … {n}，第 j 列 = ID(q, 0, eⱼ) − g："
                      "共 {calls} 次调用，每次 O(n)，总共 O(n²)，与 CRBA 同阶。"),
        "force_prompt": ("实验里的链（{links} 根连杆，共 {mass:g} kg）以某个姿态静止保持。"
                         "后向递推给出的穿过关节 1 的力有多大（N）？"),
        "force_slip_mass": "这是链的质量 Σ m（kg）；托住它的力是它的重量 Σ m g（N）。",
        "force_why": "静止时每根连杆只需被托住、抵抗自身重量，所以传到关节 1 的力就是整条链的重量 Σ m g = {force:.2f} N，与姿态无关。",
        "cost_prompt": ("在某台计算机上，RNEA 对 10 根连杆的链耗时 1.0 ms。如果它的时间与连杆数严格成正比"
                        "（正如算法的运算次数所表明的），40 根连杆需要多长时间（ms）？"),
        "cost_cubic": "这是 O(n³) 方法的增长方式（4³ = 64），例如用 M 求解；RNEA 是 O(n) 的。",
        "cost_square": "这是 O(n²) 的增长（4² = 16），即构造 M 的代价；RNEA 是 O(n) 的。",
        "cost_why": ("RNEA 在每一趟中对每根连杆做固定量的计算：O(n)。连杆数变为四倍，时间也变为四倍。"
                     "（实测时间有额外开销和噪声：笔记本里拟合的斜率接近 1，但不正好是 1。）"
                     "通过 M⁻¹ 计算正动力学则会按 n³ 增长。"),
    },
})


@quiz_builder
def recursive_dynamics_quiz(n_links: int = 4) -> Quiz:
    """Five questions, in the current language: what each pass carries, gravity as a base acceleration,
    RNEA calls for M, the force across joint 1 at rest, and how the cost of RNEA grows.

    Args:
        n_links: links of the lab's chain used in the force question (2 … 8).
    """
    t = RECURSIVE_QUIZ.text
    chain = Chain.planar([LENGTH / n_links] * n_links, [MASS / n_links] * n_links)
    zero = np.zeros(n_links)
    at_rest = rnea_passes(chain, np.radians([30.0] + [-20.0] * (n_links - 1)), zero, zero)
    f1 = float(np.linalg.norm(at_rest.F[0, 3:]))
    calls = N_ARM + 1
    return Quiz([
        MultipleChoice(
            t("passes_prompt"),
            [Option(t("passes_a"), feedback=t("passes_a_note")),
             Option(t("passes_b"), feedback=t("passes_b_note")),
             Option(t("passes_c"), correct=True, feedback=t("passes_c_note")),
             Option(t("passes_d"), feedback=t("passes_d_note"))],
            explanation=t("passes_why")),
        MultipleChoice(
            t("gravity_prompt"),
            [Option(t("gravity_a"), feedback=t("gravity_a_note")),
             Option(t("gravity_b"), correct=True, feedback=t("gravity_b_note")),
             Option(t("gravity_c"), feedback=t("gravity_c_note"))],
            explanation=t("gravity_why")),
        NumericQuestion(
            t("calls_prompt", n=N_ARM), expected=calls, tolerance=0.4, unit="", count=True,
            mistakes=[(N_ARM, t("calls_gravity"))],
            explanation=t("calls_why", n=N_ARM, calls=calls)),
        NumericQuestion(
            t("force_prompt", links=n_links, mass=MASS), expected=f1, tolerance=0.05, unit="N",
            slips=[Slip("forgot_g", float(chain.masses.sum()), t("force_slip_mass"))],
            explanation=t("force_why", force=f1)),
        NumericQuestion(
            t("cost_prompt"), expected=1.0 * 40 / 10, tolerance=0.4, unit="ms",
            mistakes=[(1.0 * 4 ** 3, t("cost_cubic")), (1.0 * 4 ** 2, t("cost_square"))],
            explanation=t("cost_why")),
    ])
