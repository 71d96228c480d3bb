"""A quiz that keeps score and points each missed question back to its lesson.

:class:`ScoredQuiz` is a :class:`~course_lib.quiz.Quiz` whose questions each
carry a *source*: the lesson they test, as a label and a link. Shown in a
notebook, it is the usual numbered quiz with a score line under it, updated
after every check: how many questions are right so far, and for each question
not yet right, a link to the lesson behind it.

Scoring is a pure function of which questions are solved (:meth:`ScoredQuiz.score`),
so tests call it without any widget. The score line is an output (HTML rendered by JupyterLab), so
its lesson links are relative file links that open the lesson in a JupyterLab tab.

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

from course_lib.i18n import MessageTable
from course_lib.quiz.questions import Question, Quiz
from course_lib.quiz.view import FollowsLanguage, QuizView

SCORE = MessageTable("quiz_score", {
    "en": {
        "score_line": "Score: {right} of {total} right.",
        "score_start": "Score: 0 of {total} — answer the questions above.",
        "score_all": "Every question is right: well done.",
        "score_review": "Not right yet: {items}.",
        "score_untried": "{n} not tried yet.",
        "score_item": "question {n} ({link})",
    },
    "zh": {
        "score_line": "得分：{total} 题中答对 {right} 题。",
        "score_start": "得分：{total} 题中答对 0 题——请先回答上面的题目。",
        "score_all": "全部答对，做得好！",
        "score_review": "还没答对的题：{items}。",
        "score_untried": "还有 {n} 题没有作答。",
        "score_item": "第 {n} 题（{link}）",
    },
})


@dataclasses.dataclass(frozen=True)
class Source:
    """Where a question comes from: the lesson's name and a link to its notebook.

    Attributes:
        label: what the link reads, e.g. ``"Lesson 2 · The pendulum"``.
        href: the notebook, relative to the quiz's own notebook, e.g. ``"02_pendulum.ipynb"``.
        context: a short line shown above the question with the data it takes from that lesson
            ("" for none).
    """

    label: str
    href: str
    context: str = ""


@dataclasses.dataclass(frozen=True)
class Score:
    """How a learner stands: questions right, the total, the sources of those tried but not right
    (in order), and how many are not tried yet."""

    right: int
    total: int
    missed: list[Source]
    missed_numbers: list[int]
    untried: int = 0


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

    def score(self, solved: Sequence[bool], tried: Sequence[bool] | None = None) -> Score:
        """The score for ``solved`` (one flag per question, True when answered right).

        Args:
            solved: one flag per question, True when answered right.
            tried: one flag per question, True once it was checked or its answer shown
                (None: every question counts as tried). Untried questions are only counted, not listed.

        Raises:
            ValueError: when ``solved`` or ``tried`` does not have one flag per question.
        """
        flags = [bool(s) for s in solved]
        attempted = [True] * len(flags) if tried is None else [bool(t) or f for t, f in zip(tried, flags)]
        if len(flags) != len(self.questions) or (tried is not None and len(tried) != len(flags)):
            raise ValueError(f"solved and tried need one flag per question ({len(self.questions)}), "
                             f"got {len(flags)} and {len(tried) if tried is not None else len(flags)}")
        missed = [i for i, ok in enumerate(flags) if not ok and attempted[i]]
        return Score(sum(flags), len(flags), [self.sources[i] for i in missed], [i + 1 for i in missed],
                     sum(1 for a in attempted if not a))

    def adopt(self, rebuilt: Quiz) -> None:
        """Take the questions and the sources (lesson labels, context lines) of ``rebuilt``, this quiz
        made again in another language."""
        super().adopt(rebuilt)
        if isinstance(rebuilt, ScoredQuiz) and len(rebuilt.sources) == len(self.sources):
            self.sources[:] = rebuilt.sources

    def view(self) -> "ScoredQuizView":
        """A new :class:`ScoredQuizView` of this quiz: its questions and the score line under them."""
        return ScoredQuizView(self)


#: links drawn as links (the notebook's link colour, underlined): widget HTML otherwise shows them as body text
LINK_STYLE = "color: var(--jp-content-link-color, #1a73e8); text-decoration: underline; cursor: pointer"
#: one compact paragraph (the widget's default line height made the score look double-spaced)
BOX_STYLE = "line-height: 1.4; margin: 0.3em 0"


def score_html(score: Score) -> str:
    """The score line: a short prompt until something is tried, then the count, a link to the lesson of
    every question tried but not right yet, and how many are untried."""
    if score.right == 0 and score.untried == score.total:
        body = f"<b>{SCORE.text('score_start', total=score.total)}</b>"
    else:
        parts = [f"<b>{SCORE.text('score_line', right=score.right, total=score.total)}</b>"]
        if score.right == score.total:
            parts.append(SCORE.text("score_all"))
        if score.missed:
            items = ", ".join(
                SCORE.text("score_item", n=n, link=f"<a href='{html.escape(src.href)}' "
                                                   f"style='{LINK_STYLE}'>{html.escape(src.label)}</a>")
                for n, src in zip(score.missed_numbers, score.missed))
            parts.append(SCORE.text("score_review", items=items))
        if score.untried and score.right < score.total:
            parts.append(SCORE.text("score_untried", n=score.untried))
        body = " ".join(parts)
    return f"<div style='{BOX_STYLE}'>{body}</div>"


def _context_html(context: str) -> str:
    return f"<i>{html.escape(context)}</i>"


class ScoredQuizView(FollowsLanguage):
    """The quiz's questions and, under them, the score line, updated after every check."""

    def __init__(self, quiz: ScoredQuiz):
        import ipywidgets as w

        self.quiz = quiz
        self.quiz_view = QuizView(quiz, follow_language=False)
        #: question index -> the context line shown above it
        self.context_lines: dict[int, w.HTMLMath] = {}
        for i, (view, src) in enumerate(zip(self.quiz_view.views, quiz.sources)):
            if src.context:                  # above the question's prompt, under its number
                line = w.HTMLMath(_context_html(src.context), layout={"min_width": "0"})
                line.add_class("course-quiz-context")
                kids = view.widget.children
                at = 1 if view._head is not None else 0
                view.widget.children = kids[:at] + (line,) + kids[at:]
                self.context_lines[i] = line
        # an Output, not an HTML widget: JupyterLab renders an output's HTML with its file links, so a relative
        # link opens the lesson in a tab (an HTML widget's link is the browser's and reloads the whole page)
        self.summary = w.Output(layout={"max_width": "100%"})
        self.summary.add_class("course-quiz-score")
        #: the score line's HTML, as shown
        self.summary_html = ""
        for view in self.quiz_view.views:
            view.out.observe(lambda _change: self.update(), names="value")
        self.update()
        self.widget = w.VBox([self.quiz_view.widget, self.summary], layout={"max_width": "100%"})
        self.follow_language()

    def relabel(self) -> None:
        """Redraw in the current language: the questions (rebuilt by the quiz's builder), the context
        lines and the score with its lesson links; the learner's answers and tries stay."""
        self.quiz_view.relabel()
        for i, line in self.context_lines.items():
            line.value = _context_html(self.quiz.sources[i].context)
        self.update()

    @property
    def views(self) -> list:
        """The questions' :class:`~course_lib.quiz.view.QuestionView` s, in order."""
        return self.quiz_view.views

    def update(self) -> Score:
        """Recompute the score from the question views and show it."""
        views = self.quiz_view.views
        score = self.quiz.score([v.solved for v in views], [v.attempts > 0 or v.revealed for v in views])
        shown = score_html(score)
        if shown != self.summary_html:
            self.summary_html = shown
            self.summary.outputs = ({"output_type": "display_data", "data": {"text/html": shown,
                                                                            "text/plain": "score"},
                                     "metadata": {}},)
        return score
