"""Lesson 3's closing section: the tool on a frictionless wall, computed once for the figure and the quiz.

The arm (the course's, default) starts at rest with its tool on the wall x = :data:`X_WALL` at height
:data:`START_HEIGHT`, elbow down, with no joint torque, and slides down the wall for :data:`DURATION`
seconds (RK4, step :data:`STEP`). :func:`wall_slide` runs it twice, plainly and with Baumgarte's gains
:data:`BAUMGARTE`; the figure and the two quiz questions read their numbers from it.

>>> slide = wall_slide()
>>> bool(slide.plain.lam[0, 0] < 0 < slide.plain.lam[:, 0].max())   # the wall pushes, then would have to pull
True
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np

from course_lib.i18n import MessageTable
from course_lib.physics.constraints import ConstrainedTrajectory, WallContact, tool_on_wall
from course_lib.physics.models import TwoLinkArm
from course_lib.quiz import MultipleChoice, Option

#: the wall x = X_WALL (m), the tool's start height (m), the run (s), the RK4 step (s), Baumgarte's (α, β) (1/s)
X_WALL, START_HEIGHT, DURATION, STEP, BAUMGARTE = 1.2, -0.3, 3.0, 0.01, (10.0, 10.0)

CONTACT_QUIZ = MessageTable("two_link_contact_quiz", {
    "en": {
        "sign_prompt": ("The tool rests on a frictionless wall at x = {x:g} m and the arm slides down it with "
                        "τ = 0. The KKT solve gives the wall force λ = {lam0:.3s} N along +x at the start and "
                        "λ = {lam_max:.3s} N later on. What does the positive value mean?"),
        "sign_a": "The wall would have to pull the tool; a real tool leaves the wall there.",
        "sign_a_note": "Yes: a contact can only push (λ ≤ 0 here), so at λ = 0 the contact opens.",
        "sign_b": "The wall pushes the tool harder than at the start, because the arm now slides down faster.",
        "sign_b_note": "No: along +x, away from the arm, a positive force pulls the tool into the wall.",
        "sign_c": "The solver failed: λ must keep its sign.",
        "sign_c_note": "No: the equality φ = 0 allows either sign; only an inequality would forbid one.",
        "sign_why": ("A bilateral constraint φ = 0 keeps the tool on the wall at any cost, so λ takes whichever "
                     "sign it needs. A real contact adds λ ≤ 0 and φ ≤ 0 with λ φ = 0 "
                     "(complementarity): it pushes, or it separates, never both."),
        "drift_prompt": ("Integrated plainly with RK4 at h = {h_ms:g} ms, the tool leaves the wall by up to "
                         "|φ| = {plain:.3s} m in {T:g} s; with Baumgarte's α = β = {gain:g} 1/s by only "
                         "{held:.3s} m. Why does the plain run drift?"),
        "drift_a": "The KKT system only asks for φ̈ = 0; step errors in φ and φ̇ are never corrected.",
        "drift_a_note": "Yes: φ̈ = 0 holds any φ and φ̇ it is given, so errors add up.",
        "drift_b": "The mass matrix is singular on the wall.",
        "drift_b_note": "No: M is positive definite everywhere; a singular A would stop the solve instead.",
        "drift_c": "RK4 is unstable for constrained systems.",
        "drift_c_note": "No: RK4 is accurate here; a smaller step shrinks the drift, but nothing removes it.",
        "drift_why": ("Solving A q̈ = −Ȧ q̇ keeps the second derivative of φ at zero. Baumgarte asks instead "
                      "for φ̈ + 2α φ̇ + β² φ = 0, a damped spring that pulls φ back to zero."),
    },
    "zh": {
        "sign_prompt": ("工具端靠在 x = {x:g} m 处一面无摩擦的墙上，τ = 0 时机械臂沿墙下滑。"
                        "KKT 求解给出墙沿 +x 方向的力：开始时 λ = {lam0:.3s} N，后来 λ = {lam_max:.3s} N。"
                        "这个正值说明什么？"),
        "sign_a": "墙得拉住工具端；真实的工具端在这里会离开墙面。",
        "sign_a_note": "对：接触只能推（这里 λ ≤ 0），λ 降到 0 时接触就断开。",
        "sign_b": "机械臂下滑得越来越快，所以墙比开始时更用力地推着工具端。",
        "sign_b_note": "不对：+x 方向背离机械臂，正的力是把工具端往墙里拉。",
        "sign_c": "求解失败了：λ 必须保持符号。",
        "sign_c_note": "不对：等式 φ = 0 允许任意符号，只有不等式约束才会排除一种。",
        "sign_why": ("双边约束 φ = 0 不惜一切让工具端留在墙上，所以 λ 需要什么符号就取什么符号。"
                     "真实接触还要求 λ ≤ 0、φ ≤ 0 且 λ φ = 0（互补条件）：要么推，要么分开，不会同时发生。"),
        "drift_prompt": ("用 RK4、步长 h = {h_ms:g} ms 直接积分，{T:g} s 内工具端离开墙面最多 "
                         "|φ| = {plain:.3s} m；加上 α = β = {gain:g} 1/s 的 Baumgarte 稳定化后只有 "
                         "{held:.3s} m。直接积分为什么会漂移？"),
        "drift_a": "KKT 方程组只要求 φ̈ = 0；每一步在 φ 和 φ̇ 上的误差从不被纠正。",
        "drift_a_note": "对：φ̈ = 0 会保留给定的任何 φ 和 φ̇，误差因此不断累积。",
        "drift_b": "在墙上时质量矩阵是奇异的。",
        "drift_b_note": "不对：M 处处正定；如果 A 奇异，求解会直接报错。",
        "drift_c": "RK4 对带约束的系统不稳定。",
        "drift_c_note": "不对：RK4 在这里很精确；减小步长能减小漂移，但消除不了。",
        "drift_why": ("求解 A q̈ = −Ȧ q̇ 只让 φ 的二阶导数为零。Baumgarte 方法改为要求 "
                      "φ̈ + 2α φ̇ + β² φ = 0，像一个带阻尼的弹簧把 φ 拉回零。"),
    },
})


@dataclasses.dataclass(frozen=True)
class WallSlide:
    """The slide down the wall, plain and Baumgarte-stabilised.

    Attributes:
        wall: the :class:`~course_lib.physics.constraints.WallContact`.
        plain, stabilised: the two :class:`~course_lib.physics.constraints.ConstrainedTrajectory` runs.
        start_height: the tool's height at release (m).
        step: the RK4 step (s).
        baumgarte: the stabilised run's (α, β) (1/s).
    """

    wall: WallContact
    plain: ConstrainedTrajectory
    stabilised: ConstrainedTrajectory
    start_height: float = START_HEIGHT
    step: float = STEP
    baumgarte: tuple[float, float] = BAUMGARTE


@functools.lru_cache(maxsize=4)
def wall_slide(arm: TwoLinkArm | None = None) -> WallSlide:
    """Run the slide of the module docstring for ``arm`` (default the course's arm).

    Returns:
        A :class:`WallSlide`.
    """
    wall = tool_on_wall(arm, X_WALL)
    q0, steps = wall.posture_on_wall(START_HEIGHT), round(DURATION / STEP)
    runs = [wall.system.simulate(q0, [0.0, 0.0], [0.0, 0.0], STEP, steps, baumgarte=gains)
            for gains in (None, BAUMGARTE)]
    return WallSlide(wall, *runs)


def contact_questions(arm: TwoLinkArm | None = None) -> list[MultipleChoice]:
    """The two questions on the wall: what a positive λ means, and why φ drifts.

    Args:
        arm: the lesson's arm (default: the course's).

    Returns:
        Two :class:`~course_lib.quiz.MultipleChoice` questions in the current language; the right options are B and C
        (the ``_a`` messages), so that right answers do not sit in one place.
    """
    t = CONTACT_QUIZ.text
    slide = wall_slide(arm)
    lam = slide.plain.lam[:, 0]
    drift = {"plain": float(np.abs(slide.plain.phi).max()), "held": float(np.abs(slide.stabilised.phi).max())}
    return [
        MultipleChoice(
            t("sign_prompt", x=X_WALL, lam0=float(lam[0]), lam_max=float(lam.max())),
            [Option(t("sign_b"), feedback=t("sign_b_note")),
             Option(t("sign_a"), correct=True, feedback=t("sign_a_note")),
             Option(t("sign_c"), feedback=t("sign_c_note"))],
            explanation=t("sign_why")),
        MultipleChoice(
            t("drift_prompt", h_ms=STEP * 1e3, T=DURATION, gain=BAUMGARTE[0], **drift),
            [Option(t("drift_b"), feedback=t("drift_b_note")),
             Option(t("drift_c"), feedback=t("drift_c_note")),
             Option(t("drift_a"), correct=True, feedback=t("drift_a_note"))],
            explanation=t("drift_why")),
    ]
