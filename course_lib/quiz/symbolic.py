"""Reading a learner's formula safely, and deciding whether it equals the answer.

Two stages, so that nothing a learner types can hold the kernel:

1. :func:`read` runs in the kernel. It refuses long text, odd characters,
   unknown names and huge exponents, parses without evaluating, and estimates
   how many terms the formula has once multiplied out
   (:func:`expanded_terms`). A formula over :data:`MAX_TERMS` is "too large
   to check" at once: ``(a+b+c+d+e+f+g)^6`` has 924 terms.
2. :func:`compare` evaluates the formula and compares it with the answer. It
   runs in a worker process with a time limit (:mod:`course_lib.quiz.worker`).

Equivalence is decided numerically: the difference of the two formulas is
evaluated with 50 significant digits at several seeded random points (real
symbols on both sides of zero, positive ones on (0.3, 1.7)). Two different
analytic formulas agree at random points only with probability zero, and no
``simplify`` is needed, whose running time has no useful bound.

>>> import sympy as sp
>>> x = sp.Symbol("x", real=True)
>>> e = read("2 sin(x) cos(x)", {"x": x})
>>> compare(e, sp.sin(2 * x), [x])
True
>>> compare(e, sp.sin(x), [x])
False
>>> expanded_terms(read("(x + 1)^3", {"x": x}))
4
"""

from __future__ import annotations

import math
import re
import warnings
from typing import Any, Mapping, Sequence

import sympy as sp
from sympy.core.function import AppliedUndef
from sympy.parsing.sympy_parser import (
    convert_xor,
    implicit_application,
    implicit_multiplication,
    parse_expr,
    standard_transformations,
)

from course_lib.i18n import halfwidth
from course_lib.quiz.messages import text

#: longest symbolic answer accepted (characters)
MAX_LENGTH = 200
#: largest numeric exponent accepted (guards against 9^9^9)
MAX_EXPONENT = 100
#: most terms a formula may have once multiplied out
MAX_TERMS = 250
#: functions a learner may use in a symbolic answer
FUNCTIONS: dict[str, Any] = {"sin": sp.sin, "cos": sp.cos, "tan": sp.tan, "sqrt": sp.sqrt,
                             "exp": sp.exp, "log": sp.log, "pi": sp.pi}
#: Greek letters accepted as aliases of the spelled-out symbol names
GREEK = {"theta": "θ", "tau": "τ", "omega": "ω", "alpha": "α", "phi": "φ", "lambda_": "λ"}
#: significant digits of the comparison, and the relative difference called "equal"
DIGITS, REL_TOL = 50, 1e-30
_TRANSFORMS = standard_transformations + (implicit_multiplication, implicit_application, convert_xor)
_SAFE_GLOBALS = {"Integer": sp.Integer, "Float": sp.Float, "Rational": sp.Rational,
                 "Symbol": sp.Symbol, "Function": sp.Function, "Add": sp.Add, "Mul": sp.Mul,
                 "Pow": sp.Pow, "__builtins__": {}}
_UNDEFINED = (sp.zoo, sp.nan, sp.oo, -sp.oo)


class TooLarge(ValueError):
    """The formula is too large to check in the time allowed."""

    def __init__(self) -> None:
        super().__init__(text("quiz_too_large"))


def _describe(exc: Exception) -> str:
    """A learner-friendly name for what went wrong while parsing."""
    if type(exc).__name__ == "TokenError" or "parenthes" in str(exc) or "never closed" in str(exc):
        return text("quiz_detail_parens")
    if isinstance(exc, SyntaxError):
        return text("quiz_detail_operator")
    if isinstance(exc, TypeError):
        return text("quiz_detail_not_function")
    return text("quiz_detail_not_formula")


def names_for(symbols: Mapping[str, sp.Symbol]) -> dict[str, Any]:
    """The names a learner may type: the functions, the symbols and their Greek spellings."""
    names: dict[str, Any] = dict(FUNCTIONS)
    for name, sym in symbols.items():
        names[name] = sym
        if name in GREEK:
            names[GREEK[name]] = sym
    return names


def expanded_terms(expr: Any) -> int:
    """How many terms ``expr`` has at most once every product and integer power is multiplied out.

    A cheap upper estimate from the unevaluated tree: sums add, products
    multiply, and ``(k terms)^n`` gives ``C(k + n - 1, n)`` terms.

    Args:
        expr: a sympy expression, typically parsed with ``evaluate=False``.

    Returns:
        The estimate (an int, possibly huge).
    """
    if not isinstance(expr, sp.Basic) or not expr.args:
        return 1
    sizes = [expanded_terms(a) for a in expr.args]
    if isinstance(expr, sp.Add):
        return sum(sizes)
    if isinstance(expr, sp.Mul):
        return math.prod(sizes)
    if isinstance(expr, sp.Pow):
        k, exponent = sizes[0], expr.args[1]
        if exponent.is_Integer and k > 1:
            n = min(abs(int(exponent)), MAX_EXPONENT)
            return math.comb(min(k, 10**6) + n - 1, n)
        return k * sizes[1]
    return 1 + sum(sizes)  # sin(...), sqrt(...): the argument stays inside


def magnitude_bound(expr: sp.Expr) -> float:
    """An upper bound of |expr| for a number written as a formula, found without evaluating anything huge.

    ``evalf`` of an exponent such as 9^(9^(9^9)) or exp(exp(exp(99))) would run for ever, so the
    bound is built from the leaves up, with floats, and is ``inf`` as soon as a power's exponent
    exceeds :data:`MAX_EXPONENT` or an ``exp`` argument exceeds 700. Only an expression whose parts
    are all moderate is handed to ``evalf``.

    >>> magnitude_bound(sp.Integer(3) + 2), magnitude_bound(sp.sympify("9^9^9^9^9", evaluate=False))
    (5.0, inf)
    >>> magnitude_bound(sp.exp(sp.exp(sp.exp(99, evaluate=False), evaluate=False), evaluate=False))
    inf
    """
    try:
        if expr.is_Number:
            return abs(float(expr))
        if expr.is_NumberSymbol or expr == sp.I:
            return abs(complex(expr.evalf(15)))
        parts = [magnitude_bound(arg) for arg in expr.args]
        if expr.is_Add:
            return math.fsum(parts)
        if expr.is_Mul:
            return math.inf if math.inf in parts else math.prod(parts)
        if expr.is_Pow:
            base, exponent = parts
            if exponent > MAX_EXPONENT or base == math.inf:
                return math.inf
            return max(base, 1.0 / base if base > 0 else math.inf, 1.0) ** exponent
        if isinstance(expr, sp.exp):
            return math.inf if parts[0] > 700 else math.exp(parts[0])
        if all(part <= 1e12 for part in parts):  # sin, log, …: moderate arguments, cheap to evaluate
            return abs(complex(expr.evalf(15)))
    except (OverflowError, TypeError, ValueError, ZeroDivisionError):
        pass
    return math.inf


def read(answer: Any, symbols: Mapping[str, sp.Symbol]) -> Any:
    """The learner's text as an unevaluated sympy expression, or a ValueError that says why not.

    Cheap in every case: the text is at most :data:`MAX_LENGTH` characters and
    nothing is evaluated. Full-width digits, letters and operators typed with a
    Chinese input method are read as their ASCII forms (:mod:`course_lib.i18n`).

    Args:
        answer: what the learner typed.
        symbols: ``{name the learner types: sympy symbol}``.

    Raises:
        TooLarge: the formula has more than :data:`MAX_TERMS` terms multiplied out.
        ValueError: any other reason, in one plain sentence.
    """
    names = ", ".join(sorted(symbols) + ["sin", "cos", "sqrt", "pi", "…"])
    s = halfwidth(str(answer)).strip()  # full-width digits and operators from a Chinese IME, one for one
    if not s:
        raise ValueError(text("quiz_empty"))
    if len(s) > MAX_LENGTH:
        raise ValueError(text("quiz_too_long", n=MAX_LENGTH))
    allowed = all(c.isalnum() or c.isspace() or c in "+-*/^()._,−" for c in s)
    if not allowed or "__" in s or re.search(r"\.(?!\d)", s):
        raise ValueError(text("quiz_bad_chars"))
    s = s.replace("−", "-")
    try:
        with warnings.catch_warnings():  # sympy's deprecation notes are not for the learner
            warnings.simplefilter("ignore")
            raw = parse_expr(s, local_dict=names_for(symbols), global_dict=dict(_SAFE_GLOBALS),
                             transformations=_TRANSFORMS, evaluate=False)
    except Exception as exc:  # noqa: BLE001 - tokenizer and syntax errors of every kind
        raise ValueError(text("quiz_syntax", detail=_describe(exc), names=names)) from None
    if not isinstance(raw, sp.Expr):
        raise ValueError(text("quiz_syntax", detail=text("quiz_detail_not_single"), names=names))
    for f in raw.atoms(AppliedUndef):
        raise ValueError(text("quiz_unknown_name", name=str(f.func), names=names))
    for sym in raw.free_symbols - set(symbols.values()):
        raise ValueError(text("quiz_unknown_name", name=str(sym), names=names))
    for power in raw.atoms(sp.Pow):
        exponent = power.exp
        if exponent.is_number and magnitude_bound(exponent) > MAX_EXPONENT:
            raise ValueError(text("quiz_syntax", detail=text("quiz_detail_exponent"), names=names))
    if expanded_terms(raw) > MAX_TERMS:
        raise TooLarge()
    return raw


def evaluate(raw: Any) -> Any:
    """Evaluate a formula from :func:`read` (may be slow: run it under a time limit).

    Raises:
        ValueError: the formula is undefined (1/0, oo, nan), in one sentence.
    """
    expr = sp.sympify(raw.doit())
    if any(expr.has(u) for u in _UNDEFINED):
        raise ValueError(text("quiz_undefined"))
    return expr


def sample_points(symbols: Sequence[sp.Symbol], n: int = 5, seed: int = 8) -> list[dict]:
    """``n`` seeded random points: positive symbols on (0.3, 1.7), other ones on ±(0.3, 1.7).

    Values are exact rationals, so the comparison's precision is not limited by the inputs.
    """
    import random

    rng = random.Random(seed)
    points = []
    for _ in range(n):
        point = {}
        for s in symbols:
            v = sp.Rational(rng.randint(300, 1700), 1000)
            point[s] = v if s.is_positive or rng.random() < 0.5 else -v
        points.append(point)
    return points


def compare(expr: Any, expected: Any, symbols: Sequence[sp.Symbol]) -> bool:
    """Whether ``expr`` and ``expected`` are the same function of ``symbols``.

    Their difference is evaluated with :data:`DIGITS` digits at
    :func:`sample_points`; it must vanish to :data:`REL_TOL` relative to the
    answer's size at every point.

    Args:
        expr: the learner's expression (evaluated).
        expected: the answer.
        symbols: every symbol either may contain.

    Returns:
        True when they agree at every point.

    Raises:
        ValueError: the learner's expression is undefined at a sample point.
    """
    expr, expected = sp.sympify(expr), sp.sympify(expected)
    for point in sample_points(list(symbols)):
        got = sp.N(expr.subs(point), DIGITS)
        ref = sp.N(expected.subs(point), DIGITS)
        if any(got.has(u) for u in _UNDEFINED) or not got.is_number:
            raise ValueError(text("quiz_undefined"))
        scale = 1 + abs(complex(ref))
        if abs(complex(sp.N(got - ref, DIGITS))) > REL_TOL * scale:
            return False
    return True


_DOTS = {"dot": r"\dot", "ddot": r"\ddot"}


def latex(expr: Any) -> str:
    r"""LaTeX of a learner's formula, with ``theta_dot`` shown as θ̇ (not θ with a subscript "dot").

    Args:
        expr: a sympy expression whose symbols use the quiz's names.

    Returns:
        The LaTeX string ("You typed ..." shows it).

    >>> th, thd = sp.symbols("theta theta_dot")
    >>> latex(-thd * th)
    '- \\theta \\dot{\\theta}'
    >>> latex(sp.Symbol("q1_ddot"))
    '\\ddot{q_{1}}'
    """
    names = {}
    for s in expr.free_symbols:
        base, _, dots = s.name.rpartition("_")
        if base and dots in _DOTS:
            names[s] = f"{_DOTS[dots]}{{{sp.latex(sp.Symbol(base))}}}"
    return sp.latex(expr, symbol_names=names)
