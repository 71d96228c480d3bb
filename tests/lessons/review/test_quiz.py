"""Lesson 12's review quiz holds every check-yourself question of the two seed lessons, answerable,
and each of its questions can be answered from its own text without giving another one away.

The list below is written from the seeds (003: Lagrangian dynamics; 000: mass matrix and Coriolis
terms): for each question, its topic, the seed's answer, and how to give it. A numeric answer is the
seed's number with its unit; a multiple-choice answer is the option saying what the seed's answer says
(found by words of that answer); a formula is the seed's formula. Each must be in the review quiz
and be accepted there.
"""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from course_lib.lab.numbers import significant
from course_lib.lessons.review.quiz import _tracking_rms
from course_lib.lessons.review.quiz import ITEMS, NOTEBOOKS, ORDER, lesson_question, review_keys, review_quiz
from course_lib.physics.models import Pendulum, TwoLinkArm
from course_lib.quiz import MultipleChoice, NumericQuestion, SymbolicQuestion

REPO = pathlib.Path(__file__).resolve().parents[3]

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
    from course_lib.i18n import set_language
    from course_lib.lessons.review.quiz import question_for

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


def _texts(question, source) -> str:
    """Everything a learner can read of one question: context, prompt, options, feedback, explanation."""
    parts = [source.context, question.prompt, question.explanation]
    for option in getattr(question, "options", []):
        parts += [option.text, option.feedback]
    return "\n".join(parts)


def _numbers(text: str) -> list[tuple[str, str]]:
    """Every number in ``text`` with the unit written right after it ("" for none)."""
    found = re.findall(r"([-−]?\d+(?:\.\d+)?)(\s?(?:[a-zA-Zµ][\w·*/^²]*)?)", text)
    return [(n.replace("−", "-"), u if u.strip() not in ("", "x", "y") else "") for n, u in found]


def test_questions_that_need_their_lessons_data_get_it_in_their_own_text(quiz):
    # the masses, lengths and conventions a question takes from its lesson are shown with it (numbers from
    # course_lib's models), not only in the lesson or 20 questions earlier
    arm, pendulum = TwoLinkArm(), Pendulum()
    needs = {
        "lesson05": [f"m₁ = {arm.m1:g} kg", f"m₂ = {arm.m2:g} kg", f"l₁ = {arm.l1:g} m", f"l₂ = {arm.l2:g} m"],
        "lesson07": [f"m₁ = {arm.m1:g} kg", f"m₂ = {arm.m2:g} kg", f"l₂ = {arm.l2:g} m", "θ₂ relative"],
        "lesson03": [f"m₁ = {arm.m1:g} kg", f"l₂ = {arm.l2:g} m"],
        "lesson06": [f"l_c₂ = {arm.lc2:g} m", f"m₂ = {arm.m2:g} kg"],
        "lesson02": [f"m = {pendulum.m:g} kg", f"l = {pendulum.l:g} m", f"g = {pendulum.g:g}", "downward vertical"],
        "lesson04": ["upward vertical", "tip"],
        "lesson10": [f"g = {pendulum.g:g}"],
        # the lab readouts it asks about, as the lab writes them (3 significant digits)
        "seed000_q5": [f"{significant(v, 3)} m" for v in _tracking_rms().values()],
    }
    keys = review_keys()
    for key, facts in needs.items():
        i = keys.index(key)
        text = quiz.sources[i].context + " " + quiz[i].prompt
        missing = [f for f in facts if f not in text]
        assert not missing, f"question {i + 1} ({key}) does not say {missing}"


def test_no_review_question_needs_its_lab_open_to_be_answered(quiz):
    # "press Reset centre … what is κ(A)" and "pull ε out … watching S(ε)" can only be answered in the lab
    for i, (q, src) in enumerate(zip(quiz.questions, quiz.sources), 1):
        for phrase in ("press ", "pull ε", "read the RMS"):
            assert phrase not in q.prompt or src.context, f"question {i} needs the lab: {q.prompt[:80]}"


def test_no_question_gives_another_questions_answer_away(quiz):
    # no number within a numeric answer's tolerance, and no answer formula, appears in the context, prompt,
    # options, feedback or explanation of any other review question
    texts = [_texts(q, s) for q, s in zip(quiz.questions, quiz.sources)]
    for i, q in enumerate(quiz.questions):
        others = [(j, t) for j, t in enumerate(texts) if j != i]
        if isinstance(q, NumericQuestion):
            # a number counts with the unit written after it, as the question would read it: 2.40 N·m is
            # no answer to a ratio, and κ = 5.90 no answer to a torque in N·m
            hits = [(j + 1, f"{n}{unit}") for j, t in others for n, unit in _numbers(t)
                    if bool(unit) == bool(q.unit) and q.check(f"{n}{unit}").correct]
            assert not hits, f"question {i + 1}'s answer {q.expected:g} appears in question(s) {hits}"
        if isinstance(q, SymbolicQuestion):
            forms = {str(q.expected).replace(" ", ""), str(-q.expected).replace(" ", "")}
            leaks = [j + 1 for j, t in others if any(f in t.replace(" ", "") for f in forms)]
            assert not leaks, f"question {i + 1}'s formula appears in question(s) {leaks}"


def test_no_review_feedback_writes_out_the_pole_equation_or_the_coriolis_coefficient_for_a_question_on_it(quiz):
    # two formula give-aways: the pole's equation answered the slope question, and
    # h = m₂ l₁ l_c2 sin θ₂ in one question's feedback answered the Coriolis torques of two others
    keys = review_keys()
    asks_slope = [k for k in keys if isinstance(quiz[keys.index(k)], SymbolicQuestion)
                  and "theta" in str(quiz[keys.index(k)].expected)]
    assert not asks_slope or all("l θ̈ + cos θ ẍ" not in _texts(q, s)
                                 for q, s in zip(quiz.questions, quiz.sources))
    feedback = [o.feedback for q in quiz.questions for o in getattr(q, "options", [])]
    assert not any("h = m₂ l₁ l_c2" in f for f in feedback)
