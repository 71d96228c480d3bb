"""The review's score: counts right answers and links each missed question to its lesson."""

import pytest

from course_lib.quiz import NumericQuestion
from course_lib.quiz.score import ScoredQuiz, ScoredQuizView, Source, score_html


def _quiz():
    return ScoredQuiz([NumericQuestion("1 + 1?", 2.0, 0.1), NumericQuestion("2 + 2?", 4.0, 0.1)],
                      [Source("Lesson 1", "01_a.ipynb"), Source("Lesson 2", "02_b.ipynb")])


def test_score_counts_solved_questions_and_lists_the_lessons_of_the_others():
    score = _quiz().score([False, True])
    assert (score.right, score.total, score.missed_numbers) == (1, 2, [1])
    assert "href='01_a.ipynb'" in score_html(score) and "02_b.ipynb" not in score_html(score)


def test_score_line_follows_the_learners_checks_in_the_view():
    view = ScoredQuizView(_quiz())
    assert "0 of 2" in view.summary_html and "href" not in view.summary_html
    view.quiz_view[1].submit("4")
    assert "1 of 2" in view.summary_html and "02_b.ipynb" not in view.summary_html
    view.quiz_view[0].submit("3")                 # wrong: still missed
    assert "1 of 2" in view.summary_html and "01_a.ipynb" in view.summary_html


def test_one_source_per_question_is_required():
    with pytest.raises(ValueError, match="one source per question"):
        ScoredQuiz([NumericQuestion("1 + 1?", 2.0, 0.1)], [])


def test_before_anything_is_tried_the_score_is_one_short_line_without_a_list():
    view = ScoredQuizView(_quiz())
    assert "0 of 2 — answer the questions above" in view.summary_html
    assert "href" not in view.summary_html and "not right yet" not in view.summary_html.lower()


def test_only_tried_questions_are_listed_the_others_counted():
    view = ScoredQuizView(_quiz())
    view.quiz_view[0].submit("3")                 # wrong: listed with its link; question 2 only counted
    assert "01_a.ipynb" in view.summary_html and "02_b.ipynb" not in view.summary_html
    assert "1 not tried yet" in view.summary_html


def test_the_lesson_links_are_drawn_as_links():
    html = score_html(_quiz().score([False, True]))
    assert "<a href='01_a.ipynb'" in html and "text-decoration: underline" in html and "color:" in html


def test_a_sources_context_line_is_shown_above_its_question():
    quiz = ScoredQuiz([NumericQuestion("Its mass?", 2.0, 0.1)], [Source("Lesson 1", "01_a.ipynb", "m₁ = 2 kg.")])
    view = ScoredQuizView(quiz)
    texts = [getattr(c, "value", "") for c in view.quiz_view.views[0].widget.children]
    at_context = next(i for i, t in enumerate(texts) if "m₁ = 2 kg." in t)
    assert at_context < next(i for i, t in enumerate(texts) if t == "Its mass?")


def test_the_score_is_an_output_whose_lesson_links_jupyterlab_opens_in_a_tab():
    """The score line was an HTML widget: its link was the browser's own and reloaded the whole JupyterLab
    page. It is now a display_data output (JupyterLab's renderer turns a relative link into a file link),
    and the link is relative, with no target."""
    import ipywidgets as w

    view = ScoredQuizView(_quiz())
    view.quiz_view[0].submit("3")
    assert isinstance(view.summary, w.Output)
    (shown,) = view.summary.outputs
    assert shown["output_type"] == "display_data" and shown["data"]["text/html"] == view.summary_html
    assert "<a href='01_a.ipynb' style=" in view.summary_html and "target" not in view.summary_html
