"""Self-checking quiz questions: multiple choice, numeric with units, symbolic.

Every question grades an attempt with :meth:`Question.answer`, which returns
a :class:`Result` and never raises for anything a learner can type; it then
explains the answer. In a notebook the question shows itself as a small
widget (prompt, input, Check button, feedback); tests call ``answer`` directly.

Expected values are passed in by the notebook, computed by course_lib (for
example ``Pendulum().angular_acceleration(np.pi / 2, 0)``), never typed in.

>>> q = NumericQuestion("θ̈ at 90°?", expected=-9.81, tolerance=0.01, unit="rad/s^2",
...                     explanation="Gravity's torque is largest there.")
>>> q.answer("-9.8 rad/s²").correct
True
>>> q.answer("nine").valid
False
>>> import sympy as sp
>>> x = sp.Symbol("x")
>>> s = SymbolicQuestion("Derivative of sin²x?", 2 * sp.sin(x) * sp.cos(x), {"x": x}, "Chain rule.")
>>> s.answer("sin(2*x)").correct, s.answer("sin(2x").valid
(True, False)
"""

from __future__ import annotations

import dataclasses
import html as _html
import re
from typing import Any, Mapping, Sequence

import numpy as np
import sympy as sp
from sympy.core.function import AppliedUndef
from sympy.parsing.sympy_parser import (
    convert_xor,
    implicit_application,
    implicit_multiplication,
    parse_expr,
    standard_transformations,
)

from course_lib.quiz_messages import text

#: longest symbolic answer accepted (characters)
MAX_LENGTH = 200
#: largest numeric exponent accepted in a symbolic answer (guards against 9^9^9)
MAX_EXPONENT = 100
#: functions a learner may use in a symbolic answer
FUNCTIONS: dict[str, Any] = {"sin": sp.sin, "cos": sp.cos, "tan": sp.tan, "sqrt": sp.sqrt,
                             "exp": sp.exp, "log": sp.log, "pi": sp.pi}
#: Greek letters accepted as aliases of the spelled-out symbol names
GREEK = {"theta": "θ", "tau": "τ", "omega": "ω", "alpha": "α", "phi": "φ", "lambda_": "λ"}
_TRANSFORMS = standard_transformations + (implicit_multiplication, implicit_application, convert_xor)
_SAFE_GLOBALS = {"Integer": sp.Integer, "Float": sp.Float, "Rational": sp.Rational,
                 "Symbol": sp.Symbol, "Function": sp.Function, "Add": sp.Add, "Mul": sp.Mul,
                 "Pow": sp.Pow, "__builtins__": {}}
_NUMBER_UNIT = re.compile(r"^\s*([-+−]?\s*(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(.*?)\s*$")


@dataclasses.dataclass(frozen=True)
class Result:
    """The outcome of one attempt.

    Attributes:
        correct: whether the answer is right.
        message: feedback on this attempt (why it is right or wrong).
        explanation: the worked answer, shown after every attempt.
        valid: False when the input could not be read (no attempt counted).
    """

    correct: bool
    message: str
    explanation: str
    valid: bool = True


class Question:
    """Base class: prompt, explanation, grading and the widget.

    Args:
        prompt: the question (Markdown-free HTML; LaTeX between $…$ renders).
        explanation: the worked answer, shown after an attempt.
    """

    placeholder = ""

    def __init__(self, prompt: str, explanation: str):
        if not isinstance(prompt, str) or not prompt.strip():
            raise ValueError("prompt must be a non-empty string")
        self.prompt, self.explanation = prompt, str(explanation)
        self.last: Result | None = None
        self.attempts = 0
        self._widget = None

    @property
    def feedback(self) -> str:
        """Text of the latest feedback and explanation ("" before any attempt)."""
        if self.last is None:
            return ""
        head = text("quiz_correct") if self.last.correct else text("quiz_wrong")
        if not self.last.valid:
            return self.last.message
        return f"{head} {self.last.message} {text('quiz_explanation')}: {self.last.explanation}"

    def answer(self, response: Any) -> Result:
        """Grade ``response``; never raises for learner input."""
        try:
            result = self._grade(response)
        except Exception as exc:  # noqa: BLE001 - a learner never sees a traceback
            result = Result(False, text("quiz_error", detail=f"{type(exc).__name__}: {exc}"), "", False)
        if result.valid:
            self.attempts += 1
            result = dataclasses.replace(result, explanation=self.explanation)
        self.last = result
        self._show_feedback()
        return result

    def _grade(self, response: Any) -> Result:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- the widget -------------------------------------------------------------------
    def _input(self) -> Any:
        import ipywidgets as w

        return w.Text(placeholder=self.placeholder, layout={"width": "320px"})

    @property
    def widget(self) -> Any:
        """Prompt, input, Check button and feedback (built on first use)."""
        if self._widget is None:
            import ipywidgets as w

            self._field = self._input()
            check = w.Button(description=text("quiz_check"), layout={"width": "90px"})
            self._out = w.HTMLMath()
            check.on_click(lambda _b: self.answer(self._field.value))
            self._widget = w.VBox([w.HTMLMath(self.prompt), w.HBox([self._field, check]), self._out])
        return self._widget

    def _show_feedback(self) -> None:
        if self._widget is None or self.last is None:
            return
        color = "#1b7f3b" if self.last.correct else "#b00020"
        self._out.value = f"<span style='color:{color}'>{_html.escape(self.feedback)}</span>"

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


@dataclasses.dataclass(frozen=True)
class Option:
    """One option of a multiple-choice question, with its own feedback."""

    text: str
    correct: bool = False
    feedback: str = ""


class MultipleChoice(Question):
    """Pick one option; each option explains itself.

    Args:
        prompt, explanation: as for :class:`Question`.
        options: the options; exactly one is correct.
    """

    def __init__(self, prompt: str, options: Sequence[Option], explanation: str):
        super().__init__(prompt, explanation)
        self.options = list(options)
        if len(self.options) < 2 or sum(o.correct for o in self.options) != 1:
            raise ValueError("a multiple-choice question needs at least two options and exactly one correct")

    def _grade(self, response: Any) -> Result:
        texts = [o.text for o in self.options]
        if isinstance(response, str) and response in texts:
            index = texts.index(response)
        elif isinstance(response, (int, np.integer)) and not isinstance(response, bool) \
                and 0 <= response < len(self.options):
            index = int(response)
        else:
            return Result(False, text("quiz_pick_one", n=len(self.options) - 1, value=response), "", False)
        option = self.options[index]
        return Result(option.correct, option.feedback, self.explanation)

    def _input(self) -> Any:
        import ipywidgets as w

        return w.RadioButtons(options=[o.text for o in self.options], value=None,
                              layout={"width": "auto"})


def _normal_unit(unit: str) -> str:
    """'rad/s²' and 'rad / s**2' both become 'rad/s^2'."""
    u = unit.strip().replace(" ", "").replace("**", "^").replace("²", "^2").replace("³", "^3")
    return u.replace("·", "*").replace("⋅", "*")


class NumericQuestion(Question):
    """A number with a tolerance, optionally followed by a unit.

    Args:
        prompt, explanation: as for :class:`Question`.
        expected: the answer, computed by course_lib.
        tolerance: largest accepted absolute error (same unit), > 0.
        unit: the unit of ``expected`` ("" for none).
        aliases: other spellings of the unit that are accepted.
    """

    placeholder = "e.g. -1.5 N*m"

    def __init__(self, prompt: str, expected: float, tolerance: float, unit: str = "",
                 explanation: str = "", aliases: Sequence[str] = ()):
        super().__init__(prompt, explanation)
        self.expected = float(expected)
        self.tolerance = float(tolerance)
        if not np.isfinite(self.expected):
            raise ValueError(f"expected must be a finite number, got {expected!r}")
        if not (np.isfinite(self.tolerance) and self.tolerance > 0):
            raise ValueError(f"tolerance must be a finite number > 0, got {tolerance!r}")
        self.unit = unit
        self._units = {_normal_unit(u) for u in (unit, *aliases) if u}

    def _grade(self, response: Any) -> Result:
        if isinstance(response, (int, float, np.floating, np.integer)) and not isinstance(response, bool):
            value, unit = float(response), ""
        else:
            match = _NUMBER_UNIT.match(str(response))
            if match is None:
                return Result(False, text("quiz_not_number", value=response), "", False)
            value = float(match.group(1).replace("−", "-").replace(" ", ""))
            unit = match.group(2)
        if not np.isfinite(value):
            return Result(False, text("quiz_not_number", value=response), "", False)
        if unit and self._units and _normal_unit(unit) not in self._units:
            return Result(False, text("quiz_wrong_unit", got=unit, expected=self.unit), self.explanation)
        if abs(value - self.expected) <= self.tolerance:
            return Result(True, text("quiz_within", value=value, tol=self.tolerance), self.explanation)
        return Result(False, text("quiz_off_by", value=value, tol=self.tolerance), self.explanation)


def _describe(exc: Exception) -> str:
    """A learner-friendly name for what went wrong while parsing."""
    name = type(exc).__name__
    if name == "TokenError" or "parenthes" in str(exc) or "never closed" in str(exc):
        return "unbalanced parentheses"
    if isinstance(exc, SyntaxError):
        return "a misplaced operator or a missing *"
    if isinstance(exc, TypeError):
        return "something used as a function that is not one"
    return "it is not a formula"


class SymbolicQuestion(Question):
    """An expression checked for equivalence with sympy.

    The learner's text is read with :func:`sympy.parsing.sympy_parser.parse_expr`
    restricted to the question's symbols and :data:`FUNCTIONS`; anything else
    (unknown names, attribute access, double underscores, huge exponents) is
    refused with a message. Two expressions are equivalent when their
    difference simplifies to zero, or, failing that, vanishes at several
    seeded random points.

    Args:
        prompt, explanation: as for :class:`Question`.
        expected: the answer as a sympy expression, derived by course_lib.
        symbols: ``{name a learner types: sympy symbol}``.
    """

    placeholder = "e.g. -g*sin(theta)/l"

    def __init__(self, prompt: str, expected: Any, symbols: Mapping[str, sp.Symbol], explanation: str = ""):
        super().__init__(prompt, explanation)
        self.expected = sp.sympify(expected)
        self.names: dict[str, Any] = dict(FUNCTIONS)
        for name, sym in symbols.items():
            if not isinstance(sym, sp.Symbol):
                raise ValueError(f"symbols[{name!r}] must be a sympy Symbol, got {sym!r}")
            self.names[name] = sym
            if name in GREEK:
                self.names[GREEK[name]] = sym
        unknown = self.expected.free_symbols - set(symbols.values())
        if unknown:
            raise ValueError(f"expected uses symbols {unknown} that a learner cannot type; add them to symbols")
        self.symbols = dict(symbols)

    def parse(self, answer: str) -> Any:
        """The learner's text as a sympy expression.

        Raises:
            ValueError: with a friendly message when the text cannot be used.
        """
        names = ", ".join(sorted(n for n in self.symbols) + ["sin", "cos", "sqrt", "pi", "…"])
        s = str(answer).strip()
        if not s:
            raise ValueError(text("quiz_empty"))
        if len(s) > MAX_LENGTH:
            raise ValueError(text("quiz_too_long", n=MAX_LENGTH))
        allowed = all(c.isalnum() or c.isspace() or c in "+-*/^()._,−" for c in s)
        if not allowed or "__" in s or re.search(r"\.(?!\d)", s):
            raise ValueError(text("quiz_bad_chars"))
        s = s.replace("−", "-")
        try:
            raw = parse_expr(s, local_dict=dict(self.names), global_dict=dict(_SAFE_GLOBALS),
                             transformations=_TRANSFORMS, evaluate=False)
        except Exception as exc:  # noqa: BLE001 - tokenizer and syntax errors of every kind
            raise ValueError(text("quiz_syntax", detail=_describe(exc), names=names)) from None
        if not isinstance(raw, sp.Basic):
            raise ValueError(text("quiz_syntax", detail="not an expression", names=names))
        for f in raw.atoms(AppliedUndef):
            raise ValueError(text("quiz_unknown_name", name=str(f.func), names=names))
        for sym in raw.free_symbols - set(self.symbols.values()):
            raise ValueError(text("quiz_unknown_name", name=str(sym), names=names))
        for power in raw.atoms(sp.Pow):
            exponent = power.exp
            if exponent.is_number and abs(complex(exponent.evalf(15))) > MAX_EXPONENT:
                raise ValueError(text("quiz_syntax", detail="exponent too large", names=names))
        return sp.sympify(raw.doit())

    def _grade(self, response: Any) -> Result:
        try:
            expr = self.parse(response)
        except ValueError as exc:
            return Result(False, str(exc), "", False)
        same = self._equivalent(expr)
        shown = text("quiz_you_typed", latex=sp.latex(expr))
        msg = text("quiz_equivalent") if same else text("quiz_not_equivalent")
        return Result(same, f"{shown} {msg}", self.explanation)

    def _equivalent(self, expr: Any) -> bool:
        diff = expr - self.expected
        if sp.simplify(diff) == 0:
            return True
        syms = sorted(self.symbols.values(), key=str)
        f = sp.lambdify(syms, diff, "numpy")
        g = sp.lambdify(syms, self.expected, "numpy")
        rng = np.random.default_rng(8)  # seeded: the same verdict every time
        for _ in range(6):
            point = rng.uniform(0.3, 1.7, size=len(syms))
            with np.errstate(all="ignore"):
                d, ref = complex(f(*point)), complex(g(*point))
            if not (np.isfinite(d) and abs(d) <= 1e-9 * (1 + abs(ref))):
                return False
        return True


class Quiz:
    """Several questions shown one under another, numbered.

    Args:
        questions: the questions, in order.
    """

    def __init__(self, questions: Sequence[Question]):
        self.questions = list(questions)
        if not self.questions:
            raise ValueError("a quiz needs at least one question")

    def __getitem__(self, i: int) -> Question:
        return self.questions[i]

    @property
    def widget(self) -> Any:
        import ipywidgets as w

        rows = []
        for i, q in enumerate(self.questions, 1):
            rows += [w.HTML(f"<b>{text('quiz_question', n=i)}</b>"), q.widget]
        return w.VBox(rows)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
