"""The review's score: counts right answers and links each missed question to its lesson."""

import pytest

from course_lib.quiz import NumericQuestion
from course_lib.quiz_score import ScoredQuiz, ScoredQuizView, Source, score_html


def _quiz():
    return ScoredQuiz([NumericQuestion("1 + 1?", 2.0, 0.1), NumericQuestion("2 + 2?", 4.0, 0.1)],
                      [Source("Lesson 1", "01_a.ipynb"), Source("Lesson 2", "02_b.ipynb")])


def test_score_counts_solved_questions_and_lists_the_lessons_of_the_others():
    score = _quiz().score([False, True])
    assert (score.right, score.total, score.missed_numbers) == (1, 2, [1])
    assert "href='01_a.ipynb'" in score_html(score) and "02_b.ipynb" not in score_html(score)


def test_score_line_follows_the_learners_checks_in_the_view():
    view = ScoredQuizView(_quiz())
    assert "0 of 2" in view.summary.value and "02_b.ipynb" in view.summary.value
    view.quiz_view[1].submit("4")
    assert "1 of 2" in view.summary.value and "02_b.ipynb" not in view.summary.value
    view.quiz_view[0].submit("3")                 # wrong: still missed
    assert "1 of 2" in view.summary.value and "01_a.ipynb" in view.summary.value


def test_one_source_per_question_is_required():
    with pytest.raises(ValueError, match="one source per question"):
        ScoredQuiz([NumericQuestion("1 + 1?", 2.0, 0.1)], [])
