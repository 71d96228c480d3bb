"""What a learner sees of a quiz: input, Check, Show answer, feedback.

A :class:`QuestionView` wraps one :class:`~course_lib.quiz.Question`. It
counts the learner's attempts and decides when the worked answer appears:
after a correct answer, after :data:`TRIES_BEFORE_ANSWER` wrong ones, or when
the learner presses "Show answer". Until then each attempt gets only its own
feedback (for a multiple-choice option, that option's note).

Checking from code (``question.check(...)``) never goes through a view, so it
cannot change what the learner sees. A view starts empty: no selection, no
text, no feedback.

:func:`course_lib.set_language` redraws a question or quiz on screen in the new
language, in place: a quiz is rebuilt by its builder (:func:`~course_lib.quiz.quiz_builder`),
and the learner's answer, attempts and verdict stay (the verdict's message is the
same check, repeated in the new language; it uses no try).

Kernel → Interrupt during a check leaves the view as it was before the click
(no attempt counted) and says so.

Enter in a text field checks, like the Check button. Checking the answer that
was just checked again does not use another try. Editing the answer after a
verdict marks that verdict as being about the earlier answer, so a green
"Correct." never stands next to a different answer.

>>> from course_lib.quiz import NumericQuestion
>>> view = QuestionView(NumericQuestion("2 + 2?", 4.0, tolerance=0.1, explanation="Arithmetic."))
>>> view.submit("5").correct, view.attempts, view.revealed
(False, 1, False)
>>> view.submit("4").correct, view.revealed
(True, True)
"""

from __future__ import annotations

import html
from typing import Any

from course_lib.i18n import on_language_change
from course_lib.quiz.messages import QUIZ, text
from course_lib.quiz.questions import MultipleChoice, Question, Quiz, Result, SymbolicQuestion
from course_lib.quiz.worker import shared_worker

#: wrong (readable) attempts after which the worked answer is shown
TRIES_BEFORE_ANSWER = 3
#: seconds an Enter waits for the text it belongs to: the browser sends the Enter
#: first and the field's new value after it (later still over a slow link). The
#: check runs as soon as the value arrives, or after this wait if the text was
#: already in the kernel.
ENTER_SETTLE_S = 0.6
_GREEN, _RED, _GREY = "#1b7f3b", "#b00020", "#555555"


#: notebook cell id -> (its execution count, the quiz views its latest run made, held weakly)
_VIEWS_BY_CELL: dict[str, tuple[int, list]] = {}


def follow_cell(view: Any) -> None:
    """Note that ``view`` was made by the notebook cell running now; the views an earlier run of that
    cell made leave the screen (their output was replaced), so they stop following the language."""
    import weakref

    from course_lib.ui.cells import current_cell

    view.listening = True
    cell = current_cell()
    if cell is None:
        return
    run, views = _VIEWS_BY_CELL.get(cell[0], (cell[1], []))
    if run != cell[1]:
        for ref in views:
            if ref() is not None:
                ref().listening = False
        views = []
    _VIEWS_BY_CELL[cell[0]] = (cell[1], views + [weakref.ref(view)])


def still_listening(view: Any) -> bool:
    """Whether a view still follows the language: made by the latest run of its cell, widget not closed."""
    return getattr(view, "listening", True) and view.widget.comm is not None


class FollowsLanguage:
    """A quiz view that relabels itself when :func:`course_lib.set_language` switches, while on screen.

    The view's class provides ``widget`` and ``relabel()``.
    """

    def follow_language(self) -> None:
        """Start following the language: the widget keeps this view (and so its listener) alive."""
        self.widget._course_view = self
        follow_cell(self)
        on_language_change(self._language_changed)

    def _language_changed(self) -> bool:
        """Listener of :func:`course_lib.set_language`: relabel; False (stop listening) once closed or
        replaced by a new run of its cell."""
        if not still_listening(self):
            return False
        self.relabel()
        return True


class QuestionView(FollowsLanguage):
    """One question's widget and the learner's progress on it.

    Args:
        question: the question to show.
        number: its number in a quiz (None: no heading).
        follow_language: redraw after :func:`course_lib.set_language` (a :class:`QuizView`
            passes False and redraws its questions itself).
    """

    def __init__(self, question: Question, number: int | None = None, follow_language: bool = True):
        import ipywidgets as w

        from course_lib.ui.glyph_style import glyph_style

        self.question, self.number = question, number
        self.attempts = 0
        self.solved = False
        self.revealed = False
        self.last: Result | None = None
        self.status = ""
        #: the response ``last`` is the verdict on (None before any check)
        self.checked: Any = None
        self._enter_timer: Any = None        # an Enter waiting for its text (see ENTER_SETTLE_S)
        self._field = self._input()
        self._field.observe(lambda _change: self._on_edit(), names="value")
        if not isinstance(question, MultipleChoice):
            self._field.on_msg(self._on_field_message)
        self._field.add_class("course-quiz-input")
        self.check_button = w.Button(description=text("quiz_check"), layout={"width": "90px"})
        self.answer_button = w.Button(description=text("quiz_show_answer"), layout={"width": "130px"})
        self.check_button.on_click(lambda _b: self._on_check())
        self.answer_button.on_click(lambda _b: self.show_answer())
        self.out = w.HTMLMath(value="", layout={"min_width": "0"})
        self.out.add_class("course-quiz-feedback")
        self._head = w.HTML(self._heading()) if number is not None else None
        head = [self._head] if self._head is not None else []
        self._prompt = w.HTMLMath(question.prompt, layout={"min_width": "0"})
        self._options = w.HTMLMath(self._options_html(), layout={"min_width": "0"})
        self._options.add_class("course-quiz-options")
        body = self._body()
        self.widget = w.VBox(head + body + [w.HBox([self.check_button, self.answer_button],
                                                   layout={"flex_flow": "row wrap"}), self.out, glyph_style()],
                             layout={"max_width": "100%", "min_width": "0"})
        self.widget.add_class("course-quiz-question")
        if follow_language:
            self.follow_language()
        if isinstance(question, SymbolicQuestion):
            shared_worker().start()  # imports sympy now, so the first Check is quick

    # -- the parts ----------------------------------------------------------------------
    def _input(self) -> Any:
        import ipywidgets as w

        if isinstance(self.question, MultipleChoice):
            # Option texts wrap as ordinary text above; the choice is a row of letter
            # buttons, which fit any width, so nothing overlaps however long an option is.
            return w.ToggleButtons(options=self.question.letters, value=None,
                                   style={"button_width": "44px"}, layout={"width": "auto"})
        # continuous_update=False: the value is sent when the box loses focus, which happens
        # on the press of Check, before its click; with per-keystroke updates a quick click
        # could be checked against a value missing its last characters.
        return w.Text(value="", placeholder=self.question.placeholder, continuous_update=False,
                      layout={"width": "320px", "max_width": "100%"})

    def _heading(self) -> str:
        return f"<b>{text('quiz_question', n=self.number)}</b>"

    def _options_html(self) -> str:
        if not isinstance(self.question, MultipleChoice):
            return ""
        items = "".join(f"<li style='margin:0.2em 0'><b>{letter}.</b> {html.escape(o.text)}</li>"
                        for letter, o in zip(self.question.letters, self.question.options))
        return f"<ol style='list-style:none;padding-left:0.5em;margin:0.3em 0'>{items}</ol>"

    def _body(self) -> list:
        if not isinstance(self.question, MultipleChoice):
            return [self._prompt, self._field]
        return [self._prompt, self._options, self._field]

    def relabel(self, question: Question | None = None) -> None:
        """Redraw every text in the current language, keeping the learner's answer and progress.

        Args:
            question: the same question rebuilt in the new language (its prompt, options and
                explanation are taken); None keeps the question and redraws the quiz's own texts.
                A question of another kind, or with other options, is ignored.
        """
        if question is not None and type(question) is type(self.question) and (
                not isinstance(question, MultipleChoice)
                or len(question.options) == len(self.question.options)):
            self.question = question
        self.check_button.description = text("quiz_check")
        self.answer_button.description = text("quiz_show_answer")
        if self._head is not None:
            self._head.value = self._heading()
        self._prompt.value = self.question.prompt
        self._options.value = self._options_html()
        if not isinstance(self.question, MultipleChoice):
            self._field.placeholder = self.question.placeholder
        if self.last is not None:   # the same check again, worded in the new language: no try used
            self.last = self.question.check(self.checked)
        for key in ("quiz_checking", "quiz_interrupted"):   # a status shown now, in the new words
            if self.status and self.status in (table[key] for table in QUIZ.messages.values()):
                self.status = text(key)
        self._render()

    @property
    def value(self) -> Any:
        """What the learner has typed or picked ("" or None when nothing)."""
        return self._field.value

    @value.setter
    def value(self, v: Any) -> None:
        self._field.value = v

    # -- actions ------------------------------------------------------------------------
    def submit(self, response: Any) -> Result:
        """Grade ``response`` as an attempt of this learner and show the feedback."""
        if self.last is not None and self.last.valid and response == self.checked:
            self.status = ""                     # the same answer again: same verdict, no try used
            self._render()
            return self.last
        result = self.question.check(response)
        self.checked = response
        self._show_in_field(response)
        if result.valid:
            self.attempts += 1
            self.solved = self.solved or result.correct
            if self.solved or self.attempts >= TRIES_BEFORE_ANSWER:
                self.revealed = True
        self.last, self.status = result, ""
        self._render()
        return result

    def _show_in_field(self, response: Any) -> None:
        """Put a response checked from code into the field, so the view shows what was graded."""
        if response == self.value:
            return
        if isinstance(self.question, MultipleChoice):
            if response in self.question.letters:
                self._field.value = response
        elif isinstance(response, str):
            self._field.value = response

    def show_answer(self) -> None:
        """Reveal the worked answer (the learner asked for it)."""
        self.revealed = True
        self._render()

    def _on_check(self) -> None:
        """The Check button: grade what is in the field; an interrupt counts nothing."""
        try:
            self.status = text("quiz_checking")
            self.check_button.disabled = True
            self._render()
            self.submit(self.value)
        except KeyboardInterrupt:
            self.status = text("quiz_interrupted")
            self._render()
        finally:
            self.check_button.disabled = False

    def _on_field_message(self, _widget: Any, content: dict, _buffers: Any) -> None:
        """Enter in the text field: check, once the text typed before it has arrived."""
        if content.get("event") != "submit":
            return
        try:
            import asyncio

            loop = asyncio.get_running_loop()
        except RuntimeError:                     # no event loop (a script): check now
            self._on_check()
            return
        if self._enter_timer is None:
            self._enter_timer = loop.call_later(ENTER_SETTLE_S, self._enter_check)

    def _enter_check(self) -> None:
        """Check for a pending Enter (its text has arrived, or it was already here)."""
        if self._enter_timer is not None:
            self._enter_timer.cancel()
            self._enter_timer = None
            self._on_check()

    def _on_edit(self) -> None:
        """The answer changed after a verdict: say that the verdict is about the old one (or, back
        at the checked answer, show its verdict again). A pending Enter checks the new text now."""
        if self._enter_timer is not None:
            self._enter_check()
            return
        if self.last is not None and not self.status:
            self._render()

    # -- feedback -----------------------------------------------------------------------
    @property
    def feedback(self) -> str:
        """The feedback as plain text ("" before any attempt)."""
        parts = []
        if self.status:
            parts.append(self.status)
        elif self.last is not None and self.value != self.checked:
            parts.append(text("quiz_edited"))
        elif self.last is not None:
            if self.last.valid:
                parts.append(text("quiz_correct") if self.last.correct else text("quiz_wrong"))
            if self.last.message:
                parts.append(self.last.message)
            if self.last.valid and not self.revealed:
                left = TRIES_BEFORE_ANSWER - self.attempts
                parts.append(text("quiz_tries_left", n=left, tries=text("quiz_try_one" if left == 1 else "quiz_try_many")))
        if self.revealed and isinstance(self.question, MultipleChoice):
            (letter,) = [x for x, o in zip(self.question.letters, self.question.options) if o.correct]
            parts.append(text("quiz_answer_is", letter=letter))
        if self.revealed and self.question.explanation:
            parts.append(text("quiz_explanation", text=self.question.explanation))
        return text("quiz_sep").join(parts)

    def _render(self) -> None:
        if not self.feedback:
            self.out.value = ""
            return
        if self.status or (self.last is not None and self.value != self.checked):
            color = _GREY
        else:
            color = _GREEN if (self.last is not None and self.last.correct) else _RED
        self.out.value = f"<span style='color:{color}'>{html.escape(self.feedback)}</span>"
        self.answer_button.disabled = self.revealed


class QuizView(FollowsLanguage):
    """A quiz's questions, numbered, one under another; redrawn in place after a language switch."""

    def __init__(self, quiz: Quiz, follow_language: bool = True):
        import ipywidgets as w

        self.quiz = quiz
        self.views = [QuestionView(q, i, follow_language=False) for i, q in enumerate(quiz.questions, 1)]
        self.widget = w.VBox([v.widget for v in self.views], layout={"max_width": "100%"})
        self.widget.add_class("course-quiz")
        if follow_language:   # (a ScoredQuizView passes False and relabels this view itself)
            self.follow_language()

    def relabel(self) -> None:
        """Rebuild the questions in the current language (same model, same numbers) and redraw them.

        The learner's quiz object gets the rebuilt questions too, so ``quiz[0].prompt`` and
        ``quiz[0].check(...)`` speak the new language. Never raises: if the quiz cannot be
        rebuilt, the questions keep their texts and only the quiz's own words change.
        """
        rebuilt: list = [None] * len(self.views)
        try:
            if self.quiz.rebuild is not None:
                fresh = self.quiz.rebuild()
                if len(fresh) == len(self.views):
                    rebuilt = list(fresh.questions)
                    self.quiz.adopt(fresh)
        except Exception:  # noqa: BLE001 - a language switch never breaks a quiz on screen
            rebuilt = [None] * len(self.views)
        for view, question in zip(self.views, rebuilt):
            view.relabel(question)

    def __getitem__(self, i: int) -> QuestionView:
        return self.views[i]


# how a notebook shows a question and a quiz: the view imports the questions, never the reverse
Question.view_class = QuestionView
Quiz.view_class = QuizView
