"""Numbers from a sympy expression at many states at once, by walking its tree: no code is generated.

``sympy.lambdify`` prints an expression as Python source and runs it with ``exec``; on a student's
expression that would run whatever its names spell. :func:`evaluate` instead walks the tree, node by
node, over the nodes of :data:`course_lib.grading.safe_sympy.OPERATORS` and numbers, with numpy for
the leaf functions, in complex arithmetic (so ``sqrt`` of a negative number is not an error). A
value whose imaginary part is not negligible is NaN, as numpy's real functions give.

Anything else, an undefined function such as f(x), a derivative, a symbol without a value, is
:class:`NotEvaluable`, naming the parts.

>>> import sympy as sp
>>> x = sp.Symbol("x")
>>> evaluate(sp.sqrt(x) + sp.sin(sp.pi * x), [x], np.array([[4.0], [-1.0]])).round(12)
array([ 2., nan])
>>> evaluate(x + sp.Function("f")(x), [x], np.array([[1.0]]))
Traceback (most recent call last):
...
course_lib.grading.numeric.NotEvaluable: f(x)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import sympy as sp

#: relative size of an imaginary part that is round-off (the value is then real)
IMAGINARY_TOLERANCE = 1e-12


class NotEvaluable(ValueError):
    """Parts of an expression that have no numeric value at a state (``parts``: their text)."""

    def __init__(self, parts: list[str]):
        self.parts = parts
        super().__init__(", ".join(parts))


def _real(z: np.ndarray) -> np.ndarray:
    """The real part where the imaginary part is round-off, else NaN."""
    small = np.abs(z.imag) <= IMAGINARY_TOLERANCE * (1.0 + np.abs(z.real))
    return np.where(small, z.real, np.nan)


def _sign(z: np.ndarray) -> np.ndarray:
    absolute = np.abs(z)
    return np.where(absolute == 0, 0.0, z / np.where(absolute == 0, 1.0, absolute))


#: numpy's version of each whitelisted function of one argument
_UNARY: dict[type, Callable[[np.ndarray], np.ndarray]] = {
    sp.sin: np.sin, sp.cos: np.cos, sp.tan: np.tan, sp.cot: lambda z: 1 / np.tan(z),
    sp.sec: lambda z: 1 / np.cos(z), sp.csc: lambda z: 1 / np.sin(z), sp.asin: np.arcsin, sp.acos: np.arccos,
    sp.atan: np.arctan, sp.sinh: np.sinh, sp.cosh: np.cosh, sp.tanh: np.tanh, sp.exp: np.exp, sp.log: np.log,
    sp.Abs: np.abs, sp.sign: _sign, sp.re: np.real, sp.im: np.imag, sp.conjugate: np.conj,
}


def _constant(expr: sp.Basic) -> complex:
    if expr is sp.zoo or expr is sp.nan:
        return complex(np.nan, np.nan)
    try:
        return complex(expr)
    except OverflowError:            # a rational too large for a float
        return complex(np.inf if expr > 0 else -np.inf)


class _Walker:
    def __init__(self, symbols: Sequence[sp.Symbol], states: np.ndarray):
        self.columns = {s: states[:, k].astype(complex) for k, s in enumerate(symbols)}
        self.n = states.shape[0]
        self.memo: dict[Any, np.ndarray] = {}
        self.missing: list[str] = []

    def value(self, expr: sp.Basic) -> np.ndarray:
        if expr in self.memo:
            return self.memo[expr]
        out = self._value(expr)
        self.memo[expr] = out
        return out

    def _value(self, expr: sp.Basic) -> np.ndarray:
        if expr in self.columns:
            return self.columns[expr]
        if expr.is_Atom and expr.is_number:
            return np.full(self.n, _constant(expr))
        func = expr.func
        if func not in _KNOWN:             # a symbol without a value, f(x), a derivative, ...
            self.missing.append(str(expr)[:80])
            return np.full(self.n, complex(np.nan, np.nan))
        args = [self.value(a) for a in expr.args]
        if func is sp.Add:
            return np.sum(args, axis=0)
        if func is sp.Mul:
            return np.prod(args, axis=0)
        if func is sp.Pow:
            return np.power(args[0], args[1])
        if func is sp.atan2:
            return np.arctan2(_real(args[0]), _real(args[1])).astype(complex)
        if func in (sp.Max, sp.Min):
            reduce = np.maximum if func is sp.Max else np.minimum
            return reduce.reduce([_real(a) for a in args]).astype(complex)
        return _UNARY[func](*args).astype(complex)


_KNOWN = {sp.Add, sp.Mul, sp.Pow, sp.atan2, sp.Max, sp.Min, *_UNARY}


def evaluate(expr: Any, symbols: Sequence[sp.Symbol], states: np.ndarray) -> np.ndarray:
    """The value of ``expr`` at each row of ``states`` (one column per symbol), walking the tree.

    Args:
        expr: a sympy expression, or Matrix, in ``symbols`` and numbers only.
        symbols: the symbols, in the order of the columns of ``states``.
        states: shape (n, len(symbols)).

    Returns:
        Real values (NaN where the value is not real), shape (n,) for an expression, (n, rows, cols)
        for a Matrix.

    Raises:
        NotEvaluable: parts of ``expr`` have no value (an undefined function, a derivative, a symbol not
            in ``symbols``, a node outside the whitelist), named in the error.
    """
    states = np.atleast_2d(np.asarray(states, dtype=float))
    walker = _Walker(list(symbols), states)
    with np.errstate(all="ignore"):
        if isinstance(expr, sp.MatrixBase):
            entries = [walker.value(e) for e in expr]
            out = np.stack(entries, axis=-1).reshape((walker.n, *expr.shape)) if entries else \
                np.zeros((walker.n, *expr.shape), complex)
        else:
            # only sympy trees and plain numbers: sympify of a dict or a list would read its texts with eval
            if isinstance(expr, (bool, int, float, complex, np.number)):
                expr = sp.sympify(expr, strict=True)
            if not isinstance(expr, sp.Basic):
                raise NotEvaluable([f"a {type(expr).__name__}, not a sympy expression"])
            out = walker.value(expr)
    if walker.missing:
        raise NotEvaluable(sorted(set(walker.missing)))
    return _real(out)
