"""Lesson 4's quiz on underactuation, defined once: the notebook shows it, the tests check it.

Every expected value is computed here: the slope of the reachable line by the
symbolic Lagrange derivation, the numbers by :class:`~course_lib.physics.models.CartPole`
and :mod:`course_lib.physics.control`. Every sentence is in :data:`CART_POLE_QUIZ` (English and Chinese).

>>> quiz = cart_pole_quiz()
>>> len(quiz), quiz[2].check("-cos(theta)/l").correct
(4, True)
"""

from __future__ import annotations

import functools

import numpy as np
import sympy as sp

from course_lib.i18n import MessageTable
from course_lib.physics import control
from course_lib.physics.models import CartPole
from course_lib.physics.symbolic import as_symbols, cart_pole_energies, lagrange_steps, state_symbols
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, SymbolicQuestion, quiz_builder

CART_POLE_QUIZ = MessageTable("cart_pole_quiz", {
    "en": {
        "under_prompt": ("The cart-pole has two degrees of freedom (x, θ) and one actuator, the force F on the cart. "
                         "Which statement is right?"),
        "under_a": ("A large enough force F, pushed in the right direction, can give the cart and the pole any "
                    "pair of accelerations (ẍ, θ̈)."),
        "under_a_note": "No: the pole's equation l θ̈ + cos θ ẍ = g sin θ has no F, so (ẍ, θ̈) stays on a line.",
        "under_b": "With one actuator for two coordinates the system cannot be balanced at all.",
        "under_b_note": "Underactuated is not uncontrollable: the linearization at the top is controllable.",
        "under_c": ("The reachable (ẍ, θ̈) lie on a line whatever F is, yet the upright is controllable, and LQR "
                    "balances it."),
        "under_c_note": ("Yes: one direction of acceleration is chosen by F, the other is dictated by the "
                         "pole's equation, and feedback uses that coupling."),
        "under_d": "The pole's equation contains F, because the cart pushes the pole.",
        "under_d_note": ("The generalized force is (F, 0): F does no work on θ alone. The cart acts on the pole "
                         "through the coupling term m l cos θ ẍ, not through F."),
        "under_why": ("B = (1, 0)ᵀ has rank 1 < 2: the second row of M q̈ + C q̇ + g = B F reads "
                      "m l cos θ ẍ + m l² θ̈ − m g l sin θ = 0, independent of F, so every force gives a point on "
                      "one line. The controllability matrix of the linearization still has full rank, so a "
                      "feedback law can bring any small deviation back to the top."),
        "rank_prompt": ("Linearize the cart-pole at the upright, z = (x, θ, ẋ, θ̇). What is the rank of the "
                        "controllability matrix [B, AB, A²B, A³B]?"),
        "rank_hint": "The rank counts the independent columns of [B, AB, A²B, A³B], a 4 × 4 matrix: compute it, not B's.",
        "rank_why": ("Its rank is {rank}, the full state dimension: one force can steer all four states, though "
                     "B alone has rank 1. The pole's coupling to the cart (A's entries that link θ and ẍ) is what "
                     "spreads the single input through all four directions."),
        "slope_prompt": "As F varies, (ẍ, θ̈) moves along a line. Type its slope dθ̈/dẍ in terms of theta and l.",
        "slope_why": ("Differentiate l θ̈ + cos θ ẍ = g sin θ along the line: l dθ̈ + cos θ dẍ = 0, so the slope "
                      "is −cos θ / l. Upright (θ = 0) it is −1/l: pushing the cart right makes the pole fall back "
                      "to the left."),
        "hold_prompt": ("The pole leans {tilt:g}° to the right, at rest (l = {l:g} m, g = {g} m/s²). Which "
                        "cart acceleration ẍ (m/s²) keeps it from tipping further at this instant (θ̈ = 0)?"),
        "hold_why": ("With θ̈ = 0 the pole's equation leaves cos θ ẍ = g sin θ, so ẍ = g tan θ = {acc:.2f} "
                     "m/s², toward the lean: the cart must run under the pole. The force that does it depends "
                     "on the masses; the acceleration does not."),
    },
    "zh": {
        "under_prompt": "小车倒立摆有两个自由度（x, θ），却只有一个驱动：作用在小车上的力 F。下面哪种说法正确？",
        "under_a": "只要力 F 足够大、推的方向又合适，就能让小车和摆杆同时得到任意一对想要的加速度 (ẍ, θ̈)。",
        "under_a_note": "不对：摆杆的方程 l θ̈ + cos θ ẍ = g sin θ 里没有 F，所以 (ẍ, θ̈) 只能落在一条直线上。",
        "under_b": "两个坐标只有一个驱动，这个系统根本无法保持平衡。",
        "under_b_note": "欠驱动不等于不可控：在顶端处的线性化模型是可控的。",
        "under_c": "不论 F 取何值，可达的 (ẍ, θ̈) 都在一条直线上；但直立位置仍可控，LQR 能让它平衡。",
        "under_c_note": "加速度的一个方向由 F 选定，另一个由摆杆的方程决定，反馈正是利用了这种耦合。",
        "under_d": "摆杆的方程里含有 F，因为是小车在推摆杆。",
        "under_d_note": ("广义力是 (F, 0)：F 单独对 θ 不做功。小车是通过耦合项 m l cos θ ẍ 作用在摆杆上的，"
                         "而不是通过 F。"),
        "under_why": ("B = (1, 0)ᵀ 的秩是 1 < 2：M q̈ + C q̇ + g = B F 的第二行是 "
                      "m l cos θ ẍ + m l² θ̈ − m g l sin θ = 0，与 F 无关，所以每个力都只给出同一条直线上的一点。"
                      "线性化模型的可控性矩阵仍然满秩，所以反馈律能把任何小偏差拉回顶端。"),
        "rank_prompt": "在直立位置把小车倒立摆线性化，z = (x, θ, ẋ, θ̇)。可控性矩阵 [B, AB, A²B, A³B] 的秩是多少？",
        "rank_hint": "秩是 [B, AB, A²B, A³B] 这个 4 × 4 矩阵中线性无关的列数：算的是它的秩，不是 B 的。",
        "rank_why": ("秩是 {rank}，等于状态的维数：虽然 B 本身的秩只有 1，一个力却能操纵全部四个状态。"
                     "正是摆杆与小车的耦合（A 中联系 θ 和 ẍ 的元素）把这一个输入传到了全部四个方向。"),
        "slope_prompt": "F 变化时，(ẍ, θ̈) 沿一条直线移动。用 theta 和 l 写出它的斜率 dθ̈/dẍ。",
        "slope_why": ("沿这条直线对 l θ̈ + cos θ ẍ = g sin θ 求微分：l dθ̈ + cos θ dẍ = 0，所以斜率是 −cos θ / l。"
                      "直立时（θ = 0）斜率为 −1/l：把小车往右推，摆杆会向左倒回去。"),
        "hold_prompt": ("摆杆向右倾斜 {tilt:g}°，静止（l = {l:g} m，g = {g} m/s²）。"
                        "小车需要多大的加速度 ẍ（m/s²），才能让摆杆此刻不再继续倾倒（θ̈ = 0）？"),
        "hold_why": ("θ̈ = 0 时，摆杆的方程只剩 cos θ ẍ = g sin θ，所以 ẍ = g tan θ = {acc:.2f} m/s²，"
                     "方向朝向倾斜的一侧：小车必须跑到摆杆下面去。所需的力与质量有关，加速度却与质量无关。"),
    },
})


@functools.lru_cache(maxsize=None)   # derived once: a language switch rebuilds the quiz
def reachable_slope_expr() -> sp.Expr:
    """dθ̈/dẍ along the accelerations reachable as F varies, from the Lagrange equations with Q = (F, 0).

    Solves both equations for (ẍ, θ̈), differentiates each by F and takes the ratio.

    Returns:
        The slope in the symbols theta and l (it is −cos θ / l).

    >>> reachable_slope_expr()
    -cos(theta)/l
    """
    T, V, q = cart_pole_energies()
    F = sp.Symbol("F", real=True)
    steps = lagrange_steps(T, V, q, forces=[F, 0])
    _, _, (x_ddot, th_ddot) = state_symbols(q)
    sol = sp.solve([as_symbols(eq, q) for eq in steps.equations], [x_ddot, th_ddot], dict=True)[0]
    return sp.simplify(sp.diff(sol[th_ddot], F) / sp.diff(sol[x_ddot], F))


@quiz_builder
def cart_pole_quiz(model: CartPole | None = None) -> Quiz:
    """Lesson 4's "Check yourself" quiz, in the current language.

    Args:
        model: the lesson's cart-pole (default M_c = 1 kg, m = 0.3 kg, l = 0.8 m).

    Returns:
        Four questions: a question on underactuation, the rank of the
        controllability matrix, the reachable line's slope as a formula, and the
        cart acceleration that keeps a tilted pole from falling further.
    """
    t = CART_POLE_QUIZ.text
    cp = model if model is not None else CartPole()
    A, B = cp.linearize((0.0, 0.0))
    rank = int(np.linalg.matrix_rank(control.controllability_matrix(A, B)))
    tilt = np.radians(10.0)
    a, d = cp.reachable_line([0.0, tilt], [0.0, 0.0])
    force = float(-a[1] / d[1])  # the force whose θ̈ is zero
    hold_acc = float(a[0] + force * d[0])
    slope = reachable_slope_expr()
    return Quiz([
        MultipleChoice(
            t("under_prompt"),
            [Option(t("under_a"), feedback=t("under_a_note")),
             Option(t("under_b"), feedback=t("under_b_note")),
             Option(t("under_c"), correct=True, feedback=t("under_c_note")),
             Option(t("under_d"), feedback=t("under_d_note"))],
            explanation=t("under_why")),
        NumericQuestion(t("rank_prompt"), expected=float(rank), tolerance=0.1, count=True,
                        hint=t("rank_hint"), explanation=t("rank_why", rank=rank)),
        SymbolicQuestion(t("slope_prompt"), expected=slope, symbols={s.name: s for s in slope.free_symbols},
                         explanation=t("slope_why")),
        NumericQuestion(
            t("hold_prompt", tilt=float(np.degrees(tilt)), l=cp.l, g=cp.g),
            expected=hold_acc, tolerance=0.02, unit="m/s^2", explanation=t("hold_why", acc=hold_acc)),
    ])
