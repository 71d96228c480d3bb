"""Lesson 1's quiz: its numbers are the physics, and it uses no term the lesson has not introduced."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from scipy.special import ellipk

from course_lib.lessons.action.quiz import action_quiz
from course_lib.quiz import MultipleChoice

NOTEBOOK = Path(__file__).resolve().parents[3] / "notebooks" / "01_action_principle.ipynb"


@pytest.fixture(scope="module")
def quiz():
    return action_quiz()


def lesson_text_before_the_quiz() -> str:
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    end = next(i for i, c in enumerate(cells) if "action_quiz" in "".join(c["source"]))
    return " ".join("".join(c["source"]) for c in cells[:end] if c["cell_type"] == "markdown")


def test_saddle_question_states_half_the_period_of_the_0_3_rad_swing(quiz):
    half_period = 2 * ellipk(np.sin(0.15) ** 2) / np.sqrt(9.81)  # 2 K(sin²(A/2)) √(l/g), A = 0.3 rad, l = 1 m
    q4 = quiz[3]
    shown = q4.explanation + " ".join(o.feedback for o in q4.options)
    assert f"{half_period:.3f} s" in q4.explanation and "1.019" not in shown


@pytest.mark.parametrize("term", ["conjugate point", "saddle", "Hamilton's principle", "Euler–Lagrange"])
def test_terms_the_quiz_uses_are_introduced_in_the_lesson_first(quiz, term):
    used = " ".join([q.prompt + q.explanation + " ".join(getattr(o, "feedback", "") for o in getattr(q, "options", []))
                     for q in quiz])
    if term.lower() in used.lower():
        assert term.lower() in lesson_text_before_the_quiz().lower(), f"the quiz says {term!r}; the lesson never does"


def test_every_choice_question_accepts_its_answer_and_refuses_the_others(quiz):
    for q in quiz:
        if isinstance(q, MultipleChoice):
            right = [i for i, o in enumerate(q.options) if o.correct]
            assert q.check(right[0]).correct
            assert not any(q.check(i).correct for i in range(len(q.options)) if i not in right)


def test_the_straight_line_option_says_what_its_energies_are():
    """The ball's straight line between its two end heights (both 0) has V = 0 and T = 0, so S = 0, and the
    true parabola's S is below it: the note once said the line 'pays for it in potential energy'."""
    import numpy as np

    from course_lib.i18n import set_language
    from course_lib.physics.action import Ball

    ball = Ball()
    t = np.linspace(0.0, ball.horizon, 20001)
    line = np.full_like(t, ball.q_start)
    q, qd = ball.true_path(t)
    assert np.trapezoid(ball.lagrangian(line, np.zeros_like(t)), t) == 0.0
    assert np.trapezoid(ball.lagrangian(q, qd), t) < 0.0
    for lang, said in (("en", "T = V = 0"), ("zh", "T = V = 0")):
        set_language(lang)
        try:
            note = action_quiz()[0].options[0].feedback
        finally:
            set_language("en")
        assert said in note and "pays for it in potential" not in note and "势能上要付出" not in note, note
