"""Self-checking quiz questions: multiple choice, numeric with units, symbolic.

A question's :meth:`Question.check` grades one attempt and returns a
:class:`Result`. It is a pure function of the attempt: it never raises for
anything a learner can type, never counts attempts and never touches a
widget, so tests and notebooks can call it freely. What a learner sees (the
input, the Check button, the attempts, when the worked answer appears) lives
in :mod:`course_lib.quiz.view`.

Expected values are passed in by the caller, computed by course_lib (for
example ``Pendulum().angular_acceleration(np.pi / 2, 0)``), never typed in.

>>> q = NumericQuestion("θ̈ at 90°?", expected=-9.81, tolerance=0.01, unit="rad/s^2",
...                     explanation="Gravity's torque is largest there.")
>>> q.check("-9.8 rad/s²").correct, q.check("-9,81").correct
(True, True)
>>> q.check("nine").valid
False
>>> import sympy as sp
>>> x = sp.Symbol("x", real=True)
>>> s = SymbolicQuestion("Derivative of sin²x?", 2 * sp.sin(x) * sp.cos(x), {"x": x}, "Chain rule.")
>>> s.check("sin(2*x)").correct, s.check("sin(2x").valid
(True, False)
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, Callable, ClassVar, Mapping, Sequence

import numpy as np
import sympy as sp

from course_lib.i18n import halfwidth, language
from course_lib.quiz import symbolic as quiz_symbolic
from course_lib.quiz.diagnosis import Slip, diagnose, slip_explaining
from course_lib.quiz.messages import text
from course_lib.quiz.units import normal_unit, read_number, shown_unit, unit_scale
from course_lib.quiz.worker import TIME_LIMIT, shared_worker


@dataclasses.dataclass(frozen=True)
class Result:
    """The outcome of one attempt.

    Attributes:
        correct: whether the answer is right.
        message: feedback on this attempt: one or two plain sentences.
        valid: False when the input could not be read or checked (not an attempt).
        cause: what the message says the wrong answer is (a :mod:`~course_lib.quiz.diagnosis` cause's
            name, ``"mistake"`` for one of the question's listed mistakes, ``"slip:<name>"`` for one of its
            :class:`~course_lib.quiz.diagnosis.Slip`, ``"unit_only"`` when only the
            unit is wrong, ``"negated"`` for a formula equal to minus the answer); "" when it names none.
    """

    correct: bool
    message: str
    valid: bool = True
    cause: str = ""


class Question:
    """Base class: a prompt, a worked answer, and a pure :meth:`check`.

    Args:
        prompt: the question (plain text or HTML; LaTeX between $…$ renders).
        explanation: the worked answer, shown when the learner has earned it.
    """

    placeholder = ""
    #: makes the widget a notebook shows for a question: :class:`~course_lib.quiz.view.QuestionView`, set by
    #: that module, which imports this one (never the reverse); ``import course_lib.quiz`` loads both
    view_class: ClassVar[Callable[[Any], Any] | None] = None

    def __init__(self, prompt: str, explanation: str):
        if not isinstance(prompt, str) or not prompt.strip():
            raise ValueError("prompt must be a non-empty string")
        self.prompt, self.explanation = prompt, str(explanation)

    def check(self, response: Any) -> Result:
        """Grade ``response``. Never raises for learner input and changes nothing."""
        try:
            return self._grade(response)
        except Exception as exc:  # noqa: BLE001 - a learner never sees a traceback
            return Result(False, text("quiz_cannot_check", detail=type(exc).__name__), False)

    def _grade(self, response: Any) -> Result:  # pragma: no cover - abstract
        raise NotImplementedError

    def view(self) -> Any:
        """A new view of this question (what a notebook shows): its input, Check, feedback."""
        return _shown_by(self.view_class)(self)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view().widget)


@dataclasses.dataclass(frozen=True)
class Option:
    """One option of a multiple-choice question, with its own feedback."""

    text: str
    correct: bool = False
    feedback: str = ""


class MultipleChoice(Question):
    """Pick one option; each option explains itself.

    A response is the option's text, its index (0, 1, …) or its letter (A, B, …).

    Args:
        prompt, explanation: as for :class:`Question`.
        options: the options; exactly one is correct.
    """

    def __init__(self, prompt: str, options: Sequence[Option], explanation: str):
        super().__init__(prompt, explanation)
        self.options = list(options)
        if len(self.options) < 2 or sum(o.correct for o in self.options) != 1:
            raise ValueError("a multiple-choice question needs at least two options and exactly one correct")
        if len(self.options) > 26:
            raise ValueError(f"at most 26 options (A to Z), got {len(self.options)}")

    @property
    def letters(self) -> list[str]:
        """The options' letters, "A", "B", …"""
        return [chr(ord("A") + i) for i in range(len(self.options))]

    def _grade(self, response: Any) -> Result:
        texts = [o.text for o in self.options]
        index = None
        letter = halfwidth(response).strip().upper() if isinstance(response, str) else None
        if isinstance(response, str) and response in texts:
            index = texts.index(response)
        elif letter is not None and letter in self.letters and len(letter) == 1:
            index = self.letters.index(letter)
        elif isinstance(response, (int, np.integer)) and not isinstance(response, bool) \
                and 0 <= response < len(self.options):
            index = int(response)
        if index is None:
            return Result(False, text("quiz_pick_one", last=self.letters[-1]), False)
        option = self.options[index]
        return Result(option.correct, option.feedback)


class NumericQuestion(Question):
    """A number with a tolerance, optionally followed by a unit.

    Args:
        prompt, explanation: as for :class:`Question`.
        expected: the answer, computed by course_lib.
        tolerance: largest accepted absolute error (same unit), > 0.
        unit: the unit of ``expected`` ("" for none).
        aliases: other spellings of the unit that are accepted. The unit or an
            alias with an SI prefix (``"mJ"``, ``"kN*m"``) is accepted too, scaled.
        mistakes: ``(value, hint)`` pairs: a typical wrong answer (in ``unit``) and
            the hint shown when a learner's value is within ``tolerance`` of it,
            e.g. ``(2 * T, "Did you forget the ½ in T = ½ q̇ᵀ M q̇?")``.
        hint: the question's own hint, shown after "not the answer" when no cause explains the value.
        ratio: a gear ratio k the question involves: a value k² times (or 1/k² of) the answer is told so.
        count: the answer counts something (a rank, a number of calls): no factor-of-2 or root diagnosis.
        slips: the question's named wrong formulas (:class:`~course_lib.quiz.diagnosis.Slip`), each told
            only when it explains the value, before the general causes.

    A wrong value gets a cause (:mod:`~course_lib.quiz.diagnosis`) only when that cause explains it
    within the tolerance; a right one is told how close it is.

    >>> q = NumericQuestion("T?", 1.083, tolerance=0.01, unit="J", mistakes=[(2.166, "Forgot the ½?")])
    >>> q.check("1083 mJ").message, q.check("2.17 J").message
    ('1083 mJ = 1.083 J is exact.', 'Your value 2.17 is not the answer. Forgot the ½?')
    >>> q.check("1.08").message, q.check("-1.083 J").cause, q.check("5 J").message
    ('1.08 is 0.28 % off the answer.', 'sign', 'Your value 5 is not the answer.')
    """

    def __init__(self, prompt: str, expected: float, tolerance: float, unit: str = "",
                 explanation: str = "", aliases: Sequence[str] = (),
                 mistakes: Sequence[tuple[float, str]] = (), hint: str = "",
                 ratio: float | None = None, count: bool = False, slips: Sequence[Slip] = ()):
        super().__init__(prompt, explanation)
        self.expected = float(expected)
        self.tolerance = float(tolerance)
        if not np.isfinite(self.expected):
            raise ValueError(f"expected must be a finite number, got {expected!r}")
        if not (np.isfinite(self.tolerance) and self.tolerance > 0):
            raise ValueError(f"tolerance must be a finite number > 0, got {tolerance!r}")
        self.unit = unit
        self._units = {normal_unit(u) for u in (unit, *aliases) if u}
        self.mistakes = [(float(v), str(hint)) for v, hint in mistakes]
        if not all(np.isfinite(v) for v, _ in self.mistakes):
            raise ValueError(f"mistakes must be (finite value, hint) pairs, got {list(mistakes)!r}")
        if ratio is not None and not np.isfinite(ratio):
            raise ValueError(f"ratio must be a finite gear ratio or None, got {ratio!r}")
        self.hint, self.ratio, self.count = str(hint), ratio, bool(count)
        self.slips = tuple(slips)
        if not all(isinstance(sl, Slip) and np.isfinite(sl.value) for sl in self.slips):
            raise ValueError(f"slips must be Slips with finite values, got {list(slips)!r}")

    def _scale(self, unit: str) -> float | None:
        """The factor that turns a value in ``unit`` into the question's unit; None if not accepted."""
        return unit_scale(unit, self._units)

    @property
    def placeholder(self) -> str:  # type: ignore[override]
        """The input box's hint: the expected unit, never an example value."""
        return text("quiz_number_hint_unit", unit=shown_unit(self.unit)) if self.unit else text("quiz_number_hint")

    def _grade(self, response: Any) -> Result:
        read = read_number(response)
        if read is None:
            return Result(False, text("quiz_not_number", value=str(response)[:40]), False)
        value, unit = read
        scale = self._scale(unit)
        unit_ok = scale is not None
        value_in_unit = value * scale if unit_ok else value
        close = abs(value_in_unit - self.expected) <= self.tolerance
        if close and unit_ok:
            return Result(True, self._within(value, unit, value_in_unit, scale))
        if close:
            return Result(False, text("quiz_wrong_unit", got=unit, expected=shown_unit(self.unit)),
                          cause="unit_only")
        if not unit_ok:
            return Result(False, self._with_hint(text("quiz_off_and_unit", value=value, got=unit,
                                                      expected=shown_unit(self.unit))), cause="unit_only")
        hints = [hint for v, hint in self.mistakes if abs(value_in_unit - v) <= self.tolerance]
        if hints:
            return Result(False, text("quiz_not_it", value=value) + text("quiz_sep") + hints[0], cause="mistake")
        slip = slip_explaining(value_in_unit, self.expected, self.tolerance, self.slips)
        if slip is not None:
            return Result(False, text("quiz_not_it", value=value) + text("quiz_sep") + slip.message,
                          cause=f"slip:{slip.name}")
        cause = diagnose(value_in_unit, self.expected, self.tolerance, normal_unit(self.unit), self.ratio,
                         self.count)
        if cause is not None:
            said = text(f"quiz_cause_{cause}", unit=shown_unit(self.unit), k=self.ratio if self.ratio is not None else 0)
            return Result(False, text("quiz_not_it", value=value) + text("quiz_sep") + said, cause=cause)
        return Result(False, self._with_hint(text("quiz_not_it", value=value)))

    def _with_hint(self, message: str) -> str:
        """``message``, then the question's own hint, if it has one."""
        return message + text("quiz_sep") + self.hint if self.hint else message

    def _within(self, value: float, unit: str, value_in_unit: float, scale: float) -> str:
        """'Right', with a converted value shown in the answer's unit ("2167 g = 2.167 kg") and how close
        it is: "exact", or how far off as a share of the answer (never the tolerance)."""
        shown = f"{value:g}"
        if scale != 1.0:
            shown = f"{value:g} {unit} = {value_in_unit:.4g} {shown_unit(self.unit)}"
        off = abs(value_in_unit - self.expected)
        if off <= 1e-12 * max(abs(self.expected), 1.0):
            return text("quiz_right_exact", value=shown)
        if abs(self.expected) > 0:
            return text("quiz_right_off", value=shown, pct=100 * off / abs(self.expected))
        return text("quiz_right_off_abs", value=shown, off=off)


class SymbolicQuestion(Question):
    """A formula, checked for equivalence with the answer.

    The learner's text is read by :func:`course_lib.quiz.symbolic.read`
    (restricted to the question's symbols and a few functions, and refused at
    once when it is too large), then compared in a worker process that is
    stopped after ``time_limit`` seconds (:mod:`course_lib.quiz.worker`).
    Past the size bound the reply is "too large to check; simplify your answer"; past the time
    bound it says that checking took too long, and to write the answer in a simpler form.

    Args:
        prompt, explanation: as for :class:`Question`.
        expected: the answer as a sympy expression, derived by course_lib.
        symbols: ``{name a learner types: sympy symbol}``.
        time_limit: seconds one check may take in the worker.
    """

    def __init__(self, prompt: str, expected: Any, symbols: Mapping[str, sp.Symbol], explanation: str = "",
                 time_limit: float = TIME_LIMIT):
        super().__init__(prompt, explanation)
        self.expected = sp.sympify(expected)
        for name, sym in symbols.items():
            if not isinstance(sym, sp.Symbol):
                raise ValueError(f"symbols[{name!r}] must be a sympy Symbol, got {sym!r}")
        unknown = self.expected.free_symbols - set(symbols.values())
        if unknown:
            raise ValueError(f"expected uses symbols {unknown} that a learner cannot type; add them to symbols")
        if not (np.isfinite(time_limit) and time_limit > 0):
            raise ValueError(f"time_limit must be a number of seconds > 0, got {time_limit!r}")
        self.symbols = dict(symbols)
        self.time_limit = float(time_limit)
        self._request = (sp.srepr(self.expected), {n: sp.srepr(s) for n, s in self.symbols.items()})


    @property
    def placeholder(self) -> str:  # type: ignore[override]
        """The input box's hint: the names a formula may use, never an example formula."""
        return text("quiz_formula_hint", names=", ".join(sorted(self.symbols)))
    def parse(self, answer: Any) -> Any:
        """The learner's text, read but not evaluated (ValueError with a plain message if unusable)."""
        return quiz_symbolic.read(answer, self.symbols)

    def _grade(self, response: Any) -> Result:
        try:
            self.parse(response)  # cheap: most problems are answered here, in the kernel
        except ValueError as exc:
            return Result(False, str(exc), False)
        reply = shared_worker().check(str(response), *self._request, time_limit=self.time_limit,
                                      language=language())
        if reply.get("timeout"):   # out of memory: too large; out of time: too slow
            key = "quiz_too_large" if reply.get("error") == "too large" else "quiz_too_slow"
            return Result(False, text(key, seconds=self.time_limit), False)
        if "error" in reply:
            return Result(False, reply["error"], False)
        same, negated = bool(reply["correct"]), bool(reply.get("negated"))
        shown = text("quiz_you_typed", latex=reply["latex"])
        said = "quiz_equivalent" if same else "quiz_negated" if negated else "quiz_not_equivalent"
        return Result(same, shown + text("quiz_sep") + text(said), cause="negated" if negated else "")


class Quiz:
    """Several questions shown one under another, numbered.

    Args:
        questions: the questions, in order.
        rebuild: makes the same quiz again, in the current language (set by
            :func:`quiz_builder`); a quiz on screen calls it after
            :func:`course_lib.set_language` to redraw itself in place.
    """

    #: makes the widget a notebook shows for a quiz: :class:`~course_lib.quiz.view.QuizView`, set by that module
    view_class: ClassVar[Callable[[Any], Any] | None] = None

    def __init__(self, questions: Sequence[Question], rebuild: Callable[[], "Quiz"] | None = None):
        self.questions = list(questions)
        self.rebuild = rebuild
        if not self.questions:
            raise ValueError("a quiz needs at least one question")

    def __getitem__(self, i: int) -> Question:
        return self.questions[i]

    def __len__(self) -> int:
        return len(self.questions)

    def adopt(self, rebuilt: "Quiz") -> None:
        """Take the texts of ``rebuilt`` (this quiz made again in another language): its questions."""
        self.questions[:] = rebuilt.questions

    def view(self) -> Any:
        """A new :class:`~course_lib.quiz.view.QuizView` of this quiz (what a notebook shows)."""
        return _shown_by(self.view_class)(self)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view().widget)


def _shown_by(view_class: Callable[[Any], Any] | None) -> Callable[[Any], Any]:
    """The view class a question or quiz is shown with (RuntimeError if no view module has been loaded)."""
    if view_class is None:
        raise RuntimeError("no quiz view is loaded: import course_lib.quiz (it loads course_lib.quiz.view)")
    return view_class


def quiz_builder(builder: Callable[..., Quiz]) -> Callable[..., Quiz]:
    """Decorate a lesson's quiz builder so that its quiz can be rebuilt in another language.

    The builder reads every sentence from its lesson's message table when it runs;
    the quiz it returns remembers how it was built (same arguments), so a quiz on
    screen rebuilds its questions after :func:`course_lib.set_language`.

    >>> from course_lib.i18n import MessageTable, set_language
    >>> table = MessageTable("doctest_quiz", {"en": {"q": "Two plus two?"}, "zh": {"q": "二加二等于几？"}})
    >>> @quiz_builder
    ... def sums_quiz(n: int = 4) -> Quiz:
    ...     return Quiz([NumericQuestion(table.text("q"), n, tolerance=0.1)])
    >>> quiz = sums_quiz()
    >>> set_language("zh"); quiz.rebuild()[0].prompt
    '二加二等于几？'
    >>> set_language("en"); quiz.rebuild()[0].prompt
    'Two plus two?'
    """

    @functools.wraps(builder)
    def build(*args: Any, **kwargs: Any) -> Quiz:
        quiz = builder(*args, **kwargs)
        quiz.rebuild = functools.partial(builder, *args, **kwargs)
        return quiz

    return build
