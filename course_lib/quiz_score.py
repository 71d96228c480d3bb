"""A quiz that keeps score and points each missed question back to its lesson.

:class:`ScoredQuiz` is a :class:`~course_lib.quiz.Quiz` whose questions each
carry a *source*: the lesson they test, as a label and a link. Shown in a
notebook, it is the usual numbered quiz with a score line under it, updated
after every check: how many questions are right so far, and for each question
not yet right, a link to the lesson behind it.

Scoring is a pure function of which questions are solved (:meth:`ScoredQuiz.score`),
so tests call it without any widget.

>>> from course_lib.quiz import NumericQuestion
>>> quiz = ScoredQuiz([NumericQuestion("1 + 1?", 2, 0.1), NumericQuestion("2 + 2?", 4, 0.1)],
...                   [Source("Lesson 1", "01.ipynb"), Source("Lesson 2", "02.ipynb")])
>>> s = quiz.score([True, False])
>>> s.right, s.total, [src.label for src in s.missed]
(1, 2, ['Lesson 2'])
"""

from __future__ import annotations

import dataclasses
import html
from typing import Sequence

from course_lib.messages import MessageTable
from course_lib.quiz import Question, Quiz

SCORE = MessageTable("quiz_score", {
    "en": {
        "score_line": "Score: {right} of {total} right.",
        "score_all": "Every question is right: well done.",
        "score_review": "Not right yet: {items}.",
        "score_item": "question {n} ({link})",
    },
    "zh": {
        "score_line": "得分：{total} 题中答对 {right} 题。",
        "score_all": "全部答对，做得好！",
        "score_review": "还没答对的题：{items}。",
        "score_item": "第 {n} 题（{link}）",
    },
})


@dataclasses.dataclass(frozen=True)
class Source:
    """Where a question comes from: the lesson's name and a link to its notebook.

    Attributes:
        label: what the link reads, e.g. ``"Lesson 2 · The pendulum"``.
        href: the notebook, relative to the quiz's own notebook, e.g. ``"02_pendulum.ipynb"``.
    """

    label: str
    href: str


@dataclasses.dataclass(frozen=True)
class Score:
    """How a learner stands: questions right, the total, and the sources of the others (in order)."""

    right: int
    total: int
    missed: list[Source]
    missed_numbers: list[int]


class ScoredQuiz(Quiz):
    """A quiz with one :class:`Source` per question and a running score.

    Args:
        questions: the questions, in order.
        sources: one :class:`Source` per question.

    Raises:
        ValueError: when the counts differ.
    """

    def __init__(self, questions: Sequence[Question], sources: Sequence[Source]):
        super().__init__(questions)
        self.sources = list(sources)
        if len(self.sources) != len(self.questions):
            raise ValueError(f"one source per question: {len(self.questions)} questions, "
                             f"{len(self.sources)} sources")

    def score(self, solved: Sequence[bool]) -> Score:
        """The score for ``solved`` (one flag per question, True when answered right).

        Raises:
            ValueError: when ``solved`` does not have one flag per question.
        """
        flags = [bool(s) for s in solved]
        if len(flags) != len(self.questions):
            raise ValueError(f"solved needs one flag per question ({len(self.questions)}), got {len(flags)}")
        missed = [i for i, ok in enumerate(flags) if not ok]
        return Score(sum(flags), len(flags), [self.sources[i] for i in missed], [i + 1 for i in missed])

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(ScoredQuizView(self).widget)


def score_html(score: Score) -> str:
    """The score line, with a link to the lesson of every question not right yet."""
    line = SCORE.text("score_line", right=score.right, total=score.total)
    if not score.missed:
        return f"<b>{line}</b> {SCORE.text('score_all')}"
    items = ", ".join(
        SCORE.text("score_item", n=n, link=f"<a href='{html.escape(src.href)}' target='_self'>"
                                           f"{html.escape(src.label)}</a>")
        for n, src in zip(score.missed_numbers, score.missed))
    return f"<b>{line}</b> {SCORE.text('score_review', items=items)}"


class ScoredQuizView:
    """The quiz's questions and, under them, the score line, updated after every check."""

    def __init__(self, quiz: ScoredQuiz):
        import ipywidgets as w

        from course_lib.quiz_widget import QuizView

        self.quiz = quiz
        self.quiz_view = QuizView(quiz)
        self.summary = w.HTML(layout={"max_width": "100%"})
        self.summary.add_class("course-quiz-score")
        for view in self.quiz_view.views:
            view.out.observe(lambda _change: self.update(), names="value")
        self.update()
        self.widget = w.VBox([self.quiz_view.widget, self.summary], layout={"max_width": "100%"})

    def update(self) -> Score:
        """Recompute the score from the question views and show it."""
        score = self.quiz.score([v.solved for v in self.quiz_view.views])
        self.summary.value = score_html(score)
        return score
