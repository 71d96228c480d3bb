"""Lesson 12's review quiz: the check-yourself questions of lessons 2–8 and one question per lesson.

Most questions already belong to a lesson's quiz; they are taken from there
(:func:`lesson_question`, by quiz and position), never copied, so a fix in a
lesson reaches the review too. The one no lesson asks yet (lesson 0's tip
height) is defined here, with its sentences in the ``review_quiz`` message table (English and
Chinese). A question that needs data from its lesson (an arm's masses, a lab's readout) gets a
short context line from this module, shown above it. Each question carries its source lesson, so the score at the end
links every missed question back to the notebook that teaches it.

>>> quiz = review_quiz()
>>> len(quiz) == len([k for k in ORDER if question_for(k) is not None])
True
>>> quiz.sources[ORDER.index("seed003_q1")].href
'02_pendulum.ipynb'
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from typing import Callable

import numpy as np

from course_lib.i18n import language
from course_lib.lessons.review.messages import REVIEW
from course_lib.physics.models import CartPole, Pendulum, TwoLinkArm
from course_lib.quiz import NumericQuestion, Question, quiz_builder
from course_lib.quiz.score import ScoredQuiz, Source

#: each lesson's notebook, in notebooks/
NOTEBOOKS = {
    0: "00_start_here.ipynb", 1: "01_action_principle.ipynb", 2: "02_pendulum.ipynb",
    3: "03_two_link_arm.ipynb", 4: "04_cart_pole.ipynb", 5: "05_mass_matrix.ipynb",
    6: "06_coriolis_christoffel.ipynb", 7: "07_operational_space_inertia.ipynb",
    8: "08_computed_torque.ipynb", 9: "09_identification.ipynb", 10: "10_recursive_dynamics.ipynb",
    11: "11_motors_friction.ipynb",
}


@dataclasses.dataclass(frozen=True)
class Item:
    """One review question's origin.

    Attributes:
        lesson: the lesson that teaches it (its notebook is :data:`NOTEBOOKS` [lesson]).
        make: builds the question (None when it cannot be built yet).
        seed: the seed question it renders (``"003 Q1"``), or "" for a lesson's own question.
        context: builds the short line shown above the question, with the data it needs from its
            lesson (masses, lengths, conventions, lab readouts), so that the review's question can be
            answered from its own text; None when the question's text already says everything.
    """

    lesson: int
    make: Callable[[], Question | None]
    seed: str = ""
    context: Callable[[], str] | None = None


@functools.lru_cache(maxsize=None)
def _lesson_quiz(name: str, lang: str):
    """A lesson's quiz, built once per language (some derive their answers with sympy)."""
    return getattr(importlib.import_module("course_lib.lessons"), name)()


def lesson_question(quiz: str, index: int) -> Question:
    """Question ``index`` (0-based) of a lesson's quiz, the very object that lesson shows.

    Args:
        quiz: the quiz's name in :mod:`course_lib.lessons`, e.g. ``"pendulum_quiz"``.
        index: its position in that quiz.

    Raises:
        ValueError: for an unknown quiz or a position outside it.

    >>> type(lesson_question("pendulum_quiz", 1)).__name__
    'MultipleChoice'
    """
    try:
        built = _lesson_quiz(quiz, language())
    except AttributeError:
        raise ValueError(f"no lesson quiz {quiz!r} in course_lib.lessons") from None
    if not 0 <= index < len(built):
        raise ValueError(f"{quiz} has {len(built)} questions (0 to {len(built) - 1}), not {index}")
    return built[index]


def _from(quiz: str, index: int) -> Callable[[], Question]:
    return lambda: lesson_question(quiz, index)


# -- the questions no lesson asks yet --------------------------------------------------------

def tip_height_question(arm: TwoLinkArm | None = None) -> NumericQuestion:
    """Lesson 0's lab: the tip's height for θ₁ = 30°, θ₂ = 45°, from :meth:`TwoLinkArm.tip`."""
    a = arm if arm is not None else TwoLinkArm()
    height = float(a.tip(np.radians([30.0, 45.0]))[1])
    return NumericQuestion(REVIEW.text("tip_prompt", l1=a.l1, l2=a.l2), expected=height, tolerance=0.01,
                           unit="m", explanation=REVIEW.text("tip_why", height=height, l1=a.l1, l2=a.l2))


def lesson8_question() -> Question | None:
    """Lesson 8's own question: ζ of the error equation with the lab's gains (from its quiz).

    None (the review skips it) when lesson 8's quiz module is not installed.
    """
    try:
        return lesson_question("computed_torque_quiz", 2)
    except (ValueError, ImportError):
        return None


# -- the context lines: data a question takes from its lesson, numbers from course_lib ----------

def arm_context(lesson: int) -> Callable[[], str]:
    """The 2R arm of lessons 3, 5 and 7 (:class:`TwoLinkArm`'s defaults), its masses, lengths and angles."""
    def line() -> str:
        a = TwoLinkArm()
        return REVIEW.text("arm_context", n=lesson, m1=a.m1, m2=a.m2, l1=a.l1, l2=a.l2)
    return line


def coriolis_context() -> str:
    """Lesson 6's "same arm": the numbers its first question gave."""
    a = TwoLinkArm()
    return REVIEW.text("coriolis_context", l1=a.l1, m2=a.m2, lc2=a.lc2)


def pendulum_context() -> str:
    """Lesson 2's pendulum (:class:`Pendulum`'s defaults) and how θ is counted."""
    p = Pendulum()
    return REVIEW.text("pendulum_context", m=p.m, l=p.l, g=p.g)


def cart_pole_context() -> str:
    """Lesson 4's cart-pole conventions (:class:`CartPole`'s pole length)."""
    return REVIEW.text("cart_pole_context", l=CartPole().l)


def chain_context() -> str:
    """Lesson 10's gravity."""
    return REVIEW.text("chain_context", g=Pendulum().g)


@functools.lru_cache(maxsize=None)
def _tracking_rms() -> dict[str, float]:
    """Lesson 8's lab 2 readouts at δ = ∓30 % (:func:`course_lib.physics.tool_tracking.simulate_tracking`)."""
    from course_lib.physics.tool_tracking import simulate_tracking

    low, high = (simulate_tracking(delta=d).rms for d in (-0.3, 0.3))
    return {"ct_low": low["computed_torque"], "pg_low": low["pd_gravity"],
            "ct_high": high["computed_torque"], "pg_high": high["pd_gravity"]}


def tracking_context() -> str:
    """Lesson 8's lab 2 readouts, which its ±30 % question asks the learner to read in the lab."""
    return REVIEW.text("tracking_context", **_tracking_rms())


def motors_context() -> str:
    """Lesson 11's angle conventions."""
    return REVIEW.text("angles_context")


#: every question of the review, by a stable key
ITEMS: dict[str, Item] = {
    # seed 003 (Lagrangian dynamics), check yourself 1–5
    "seed003_q1": Item(2, _from("pendulum_quiz", 0), "003 Q1"),
    "seed003_q2": Item(2, _from("pendulum_quiz", 1), "003 Q2"),
    "seed003_q3_tau1": Item(3, _from("two_link_quiz", 0), "003 Q3"),
    "seed003_q3_tau2": Item(3, _from("two_link_quiz", 1), "003 Q3"),
    "seed003_q4": Item(4, _from("cart_pole_quiz", 0), "003 Q4"),
    "seed003_q5": Item(8, _from("computed_torque_quiz", 1), "003 Q5"),
    # seed 000 (mass matrix and Coriolis terms), check yourself 1–5
    "seed000_q1": Item(5, _from("mass_matrix_quiz", 0), "000 Q1"),
    "seed000_q2": Item(6, _from("coriolis_quiz", 0), "000 Q2"),
    "seed000_q3": Item(6, _from("coriolis_quiz", 1), "000 Q3"),
    "seed000_q4": Item(7, _from("operational_quiz", 0), "000 Q4"),
    "seed000_q5": Item(8, _from("computed_torque_quiz", 4), "000 Q5", tracking_context),
    # one question a lesson, from what its lab shows
    "lesson00": Item(0, tip_height_question),
    # (lesson 1's and 9's lab questions need the lab open; lesson 3's and 4's gave away other answers in
    # their feedback: each is replaced by another question of the same lesson's quiz)
    "lesson01": Item(1, _from("action_quiz", 2)),
    "lesson02": Item(2, _from("pendulum_quiz", 3), context=pendulum_context),
    "lesson03": Item(3, _from("two_link_quiz", 3), context=arm_context(3)),
    "lesson04": Item(4, _from("cart_pole_quiz", 3), context=cart_pole_context),
    "lesson05": Item(5, _from("mass_matrix_quiz", 2), context=arm_context(5)),
    "lesson06": Item(6, _from("coriolis_quiz", 2), context=coriolis_context),
    "lesson07": Item(7, _from("operational_quiz", 2), context=arm_context(7)),
    "lesson08": Item(8, lesson8_question),
    "lesson09": Item(9, _from("identification_quiz", 2)),
    "lesson10": Item(10, _from("recursive_dynamics_quiz", 3), context=chain_context),
    "lesson11": Item(11, _from("motors_quiz", 1), context=motors_context),
}

#: the order the review asks them in: topics and question types mixed; the mass-matrix question (000 Q1)
#: comes before the apparent-mass one (000 Q4), whose wrong-option feedback says what 000 Q1 asks
ORDER = [
    "seed003_q1", "lesson05", "seed000_q3", "lesson00", "seed003_q5", "lesson07", "seed003_q2",
    "lesson09", "seed000_q2", "lesson04", "seed003_q3_tau1", "lesson11", "seed000_q1", "lesson01",
    "seed003_q4", "lesson06", "seed000_q5", "lesson10", "seed003_q3_tau2", "seed000_q4", "lesson03",
    "lesson08", "lesson02",
]


def question_for(key: str) -> Question | None:
    """The review's question ``key`` (one of :data:`ITEMS`), or None when it cannot be built yet.

    Raises:
        ValueError: for an unknown key.
    """
    if key not in ITEMS:
        raise ValueError(f"no review question {key!r}; the keys are {sorted(ITEMS)}")
    return ITEMS[key].make()


@quiz_builder
def review_quiz() -> ScoredQuiz:
    """Lesson 12's quiz, in :data:`ORDER`, with each question's lesson as its source.

    Returns:
        A :class:`~course_lib.quiz.score.ScoredQuiz`; questions that cannot be built yet are left out.
    """
    questions, sources = [], []
    for key in ORDER:
        question = question_for(key)
        if question is None:
            continue
        item = ITEMS[key]
        questions.append(question)
        sources.append(Source(REVIEW.text("lesson_label", n=item.lesson), NOTEBOOKS[item.lesson],
                              item.context() if item.context is not None else ""))
    return ScoredQuiz(questions, sources)


def review_keys() -> list[str]:
    """The keys of the questions :func:`review_quiz` shows, in its order."""
    return [key for key in ORDER if question_for(key) is not None]
