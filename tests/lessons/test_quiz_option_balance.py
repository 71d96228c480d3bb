"""Multiple-choice questions do not give their answer away by position or by length.

A learner who always picks A, or always the longest option, must not pass a lesson's quiz. For every quiz
in course_lib.lessons: the right options are not all at the same letter, and the right option is the
(strictly) longest in at most half of the multiple-choice questions.
"""

from __future__ import annotations

import pytest

import course_lib.lessons as quizzes
from course_lib.quiz import MultipleChoice

#: quizzes known to fail these checks, left to their lessons' authors (strict: fixing one must remove it here)
KNOWN_OFFENDERS: dict[str, str] = {
}


def _quiz_factories() -> list:
    return [pytest.param(name, marks=pytest.mark.xfail(reason=KNOWN_OFFENDERS[name], strict=True))
            if name in KNOWN_OFFENDERS else name for name in quizzes.__all__ if name.endswith("_quiz")]


def answer_pattern(quiz) -> tuple[list[str], int, int]:
    """(right letters, questions whose right option is the longest, multiple-choice questions)."""
    letters, longest, n = [], 0, 0
    for q in quiz:
        if not isinstance(q, MultipleChoice):
            continue
        n += 1
        right = [i for i, o in enumerate(q.options) if o.correct]
        letters.append("".join(q.letters[i] for i in right))
        sizes = [len(o.text) for o in q.options]
        best = max(sizes)
        if any(sizes[i] == best for i in right) and sizes.count(best) == 1:
            longest += 1
    return letters, longest, n


@pytest.fixture(params=["en", "zh"])
def lang(request):
    """Each quiz in each language: a translation must not make the right option the longest."""
    from course_lib.i18n import language, set_language

    before = language()
    set_language(request.param)
    yield request.param
    set_language(before)


@pytest.mark.parametrize("name", _quiz_factories())
def test_right_options_vary_in_letter_and_are_not_mostly_the_longest(name, lang):
    letters, longest, n = answer_pattern(getattr(quizzes, name)())
    if n >= 2:
        assert len(set(letters)) > 1, f"{name}: every right option is {letters[0]}"
    assert longest <= n / 2, f"{name} ({lang}): the right option is the longest in {longest} of {n} questions"


def test_the_check_catches_a_quiz_whose_answers_are_all_A_and_longest():
    from course_lib.quiz import Option

    q = [MultipleChoice(f"Q{i}?", [Option("the long right answer", correct=True), Option("short"), Option("no")],
                        explanation="") for i in range(3)]
    letters, longest, n = answer_pattern(q)
    assert set(letters) == {"A"} and longest == n == 3
