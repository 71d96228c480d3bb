"""Lesson 12's review quiz holds every check-yourself question of the two seed lessons, answerable.

The list below is written from the seeds (003: Lagrangian dynamics; 000: mass matrix and Coriolis
terms): for each question, its topic, the seed's answer, and how to give it. A numeric answer is the
seed's number with its unit; a multiple-choice answer is the option saying what the seed's answer says
(found by words of that answer); a formula is the seed's formula. Each must be in the review quiz
and be accepted there.
"""

from __future__ import annotations

import json
import pathlib

import pytest

from course_lib.quiz import MultipleChoice, NumericQuestion, SymbolicQuestion
from course_lib.quizzes.review import ITEMS, NOTEBOOKS, ORDER, lesson_question, review_keys, review_quiz

REPO = pathlib.Path(__file__).resolve().parents[1]

#: (seed question, topic, kind, the seed's answer)
SEED_QUESTIONS = [
    ("003 Q1", "pendulum released at rest from the horizontal: θ̈", "numeric", "-9.81 rad/s^2"),
    ("003 Q2", "why the rod tension is absent from Lagrange", "choice", "does no work"),
    ("003 Q3", "holding torque τ₁ of the stretched 2R arm", "numeric", "30.4 N*m"),
    ("003 Q3", "holding torque τ₂ of the stretched 2R arm", "numeric", "5.9 N*m"),
    ("003 Q4", "cart-pole: one actuator, two degrees of freedom", "choice", "LQR balances"),
    ("003 Q5", "closed-loop error of computed torque, perfect model", "formula", "-Kd*edot - Kp*e"),
    ("000 Q1", "what is true of the mass matrix M(q)", "choice", "symmetric positive definite"),
    ("000 Q2", "elbow torque for a steady shoulder spin at θ₂ = 90°", "numeric", "2.4 N*m"),
    ("000 Q3", "meaning of the skew-symmetry of Ṁ − 2C", "choice", "do no work"),
    ("000 Q4", "apparent mass near a singular posture", "choice", "grows without bound"),
    ("000 Q5", "computed torque with masses 30 % off", "choice", "Bounded in both"),
]
KIND = {"numeric": NumericQuestion, "choice": MultipleChoice, "formula": SymbolicQuestion}


def _response(question, kind: str, answer: str):
    if kind != "choice":
        return answer
    (letter,) = [x for x, o in zip(question.letters, question.options) if answer in o.text]
    return letter


@pytest.fixture(scope="module")
def quiz():
    return review_quiz()


def test_the_list_has_the_seeds_five_questions_each():
    seeds = {s for s, *_ in SEED_QUESTIONS}
    assert seeds == {f"{lesson} Q{i}" for lesson in ("003", "000") for i in range(1, 6)}


@pytest.mark.parametrize("seed, topic, kind, answer", SEED_QUESTIONS, ids=[f"{s} {t}" for s, t, *_ in SEED_QUESTIONS])
def test_every_seed_question_is_in_the_review_and_its_answer_is_accepted(quiz, seed, topic, kind, answer):
    keys = [k for k in review_keys() if ITEMS[k].seed == seed]
    candidates = [quiz[review_keys().index(k)] for k in keys]
    matching = [q for q in candidates if isinstance(q, KIND[kind])
                and (kind == "choice" and any(answer in o.text for o in q.options)
                     or kind != "choice" and q.check(answer).correct)]
    assert matching, f"seed {seed} ({topic}): no {kind} question in the review accepts {answer!r}"
    result = matching[0].check(_response(matching[0], kind, answer))
    assert result.valid and result.correct, f"seed {seed} ({topic}): {answer!r} is refused: {result.message}"


def test_a_wrong_answer_to_a_seed_question_is_refused(quiz):
    # the check above can fail: the pendulum's θ̈ with the wrong sign is not accepted
    (key,) = [k for k in review_keys() if ITEMS[k].seed == "003 Q1"]
    assert not quiz[review_keys().index(key)].check("9.81 rad/s^2").correct


def test_questions_from_a_lesson_quiz_are_that_quizs_own_objects():
    # imported, not copied: the review shows the very question object the lesson shows
    assert ITEMS["seed003_q1"].make() is lesson_question("pendulum_quiz", 0)


def test_every_lesson_0_to_11_has_a_question_and_every_key_is_asked_once():
    assert sorted(ORDER) == sorted(ITEMS) and len(set(ORDER)) == len(ORDER)
    lessons_with_own = {ITEMS[k].lesson for k in ITEMS if not ITEMS[k].seed}
    assert lessons_with_own == set(range(12))


def test_the_review_mixes_types_and_no_two_neighbours_share_a_lesson(quiz):
    kinds = {type(q) for q in quiz.questions}
    assert kinds == {MultipleChoice, NumericQuestion, SymbolicQuestion}
    lessons = [ITEMS[k].lesson for k in review_keys()]
    assert all(a != b for a, b in zip(lessons, lessons[1:])), lessons


def test_every_source_links_to_a_lesson_notebook_on_disk():
    missing = [nb for n, nb in NOTEBOOKS.items() if not (REPO / "notebooks" / nb).exists()]
    assert not missing, missing


def test_the_review_notebook_shows_review_quiz():
    cells = json.loads((REPO / "notebooks" / "12_review.ipynb").read_text())["cells"]
    assert any("review_quiz()" in "".join(c["source"]) for c in cells if c["cell_type"] == "code")


def test_the_reviews_own_question_speaks_chinese_too_with_the_same_answer():
    from course_lib.messages import set_language
    from course_lib.quizzes.review import question_for

    own = ["lesson00"]
    english = {k: question_for(k) for k in own}
    set_language("zh")
    try:
        chinese = {k: question_for(k) for k in own}
    finally:
        set_language("en")
    for key in own:
        en, zh = english[key], chinese[key]
        assert zh.prompt != en.prompt and "{" not in zh.prompt + zh.explanation, key
        assert any("\u4e00" <= ch <= "\u9fff" for ch in zh.prompt), key
    assert chinese["lesson00"].expected == english["lesson00"].expected
