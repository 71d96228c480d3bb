"""Sympy objects across the kernel boundary: a JSON tree of whitelisted nodes, rebuilt without evaluation.

``sympy.sympify``, ``parse_expr`` and ``lambdify`` run Python's ``eval``/``exec``: on anything from a
student's kernel that would run the student's code in the grader. So a sympy object travels as a
tree (:func:`to_tree`, run in the kernel), each node a JSON list ``[head, *args]``:

- ``["Symbol", name, {assumption: bool}]`` and ``["Dummy", name, index, {assumption: bool}]``;
- ``["Function", name, *args]``: an applied undefined function, such as θ(t);
- ``["Integer", n]``, ``["Rational", p, q]``, ``["Float", x]`` (x a number, or "nan", "inf", "-inf");
- ``["Matrix", rows, cols, [entries]]`` and ``["ImmutableMatrix", rows, cols, [entries]]``;
- ``[constant]`` for the names of :data:`CONSTANTS` (``["Pi"]``, ``["ImaginaryUnit"]``, …);
- ``[operator, *args]`` for the names of :data:`OPERATORS` (``Add``, ``Mul``, ``Pow``, ``sin``, …).

:func:`build` (in the grader) makes the object from such a tree, calling only the whitelisted
constructors, under these rules:

- symbol and function names are plain identifiers without ``__`` (:func:`~course_lib.grading.wire_rules.plain_name`);
- an undefined function is one of the setup's (``functions``), and becomes the setup's own;
- assumptions are sympy's, with values True or False;
- the tree, each integer and each power of numbers are bounded (:mod:`course_lib.grading.wire_rules`):
  ``Pow(Pow(10**40, 1000), 1000)`` is "too large to check" before anything is computed.

:func:`parse` reads sympy's ``srepr`` text with :mod:`ast` into the same builder.

>>> m, v = sp.Symbol("m", positive=True), sp.Symbol("v")
>>> build(to_tree(m * v**2 / 2))
m*v**2/2
>>> build(["Function", "__import__('os').system('true')", ["Symbol", "t", {}]])
Traceback (most recent call last):
...
course_lib.grading.wire_rules.DecodeError: the function name "__import__('os').system('true')" is not a plain name: names are Python identifiers without a double underscore, such as theta1 or m_p
"""

from __future__ import annotations

import ast
import math
from collections.abc import Mapping
from typing import Any

import sympy as sp
from sympy.core.assumptions import _assume_defined
from sympy.core.function import AppliedUndef

from course_lib.grading.wire_rules import (MAX_DEPTH, MAX_DIGITS, MAX_EXPONENT, MAX_NODES, MAX_ORDER, DecodeError,
                                           TooLarge, digits, plain_name, shown, text)

#: operators and functions a tree may apply: sympy's own class of each name
OPERATORS = {name: getattr(sp, name) for name in (
    "Add", "Mul", "Pow", "sin", "cos", "tan", "cot", "sec", "csc", "asin", "acos", "atan", "atan2", "sinh", "cosh",
    "tanh", "exp", "log", "Abs", "sign", "Max", "Min", "re", "im", "conjugate", "Derivative", "Tuple", "Equality",
    "Unequality",
)}
#: constants by their class name (what :func:`to_tree` writes)
CONSTANTS = {"Pi": sp.pi, "Exp1": sp.E, "ImaginaryUnit": sp.I, "Infinity": sp.oo, "NegativeInfinity": -sp.oo,
             "ComplexInfinity": sp.zoo, "NaN": sp.nan, "BooleanTrue": sp.true, "BooleanFalse": sp.false}
_LEAVES = ("Symbol", "Dummy", "Function", "Integer", "Rational", "Float", "Matrix", "ImmutableMatrix")
#: every head a tree may use, for messages
ALLOWED = ", ".join(sorted(set(OPERATORS) | set(CONSTANTS) | set(_LEAVES)))
_FLOAT_TEXT = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}


class TooLargeToSend(Exception):
    """The kernel's encoder stopped: the object is past a bound (``what`` is a key of ``wire_rules.BOUNDS``)."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


def _float(x: Any) -> float | str:
    x = float(x)
    return x if math.isfinite(x) else repr(x)


def _assumptions(symbol: sp.Symbol) -> dict[str, bool]:
    given = getattr(symbol, "_assumptions_orig", None) or {}
    return {k: bool(v) for k, v in given.items() if v is not None}


def to_tree(expr: Any) -> list:
    """The JSON tree of a sympy object (run in the student's kernel; see the module docstring).

    Raises:
        TooLargeToSend: more than ``MAX_NODES`` nodes, deeper than ``MAX_DEPTH``, or an integer of more than
            ``MAX_DIGITS`` digits.
    """
    count = [0]

    def walk(e: Any, depth: int) -> list:
        count[0] += 1
        if count[0] > MAX_NODES:
            raise TooLargeToSend("nodes")
        if depth > MAX_DEPTH:
            raise TooLargeToSend("depth")
        if isinstance(e, sp.MatrixBase):
            head = "ImmutableMatrix" if isinstance(e, sp.Basic) else "Matrix"
            return [head, e.rows, e.cols, [walk(x, depth + 1) for x in e]]
        if isinstance(e, sp.Integer):
            if digits(int(e)) > MAX_DIGITS:
                raise TooLargeToSend("digits")
            return ["Integer", int(e)]
        if isinstance(e, sp.Rational):
            if max(digits(e.p), digits(e.q)) > MAX_DIGITS:
                raise TooLargeToSend("digits")
            return ["Rational", e.p, e.q]
        if isinstance(e, sp.Float):
            return ["Float", _float(e)]
        if isinstance(e, sp.Dummy):
            return ["Dummy", e.name, e.dummy_index, _assumptions(e)]
        if isinstance(e, sp.Symbol):
            return ["Symbol", e.name, _assumptions(e)]
        if isinstance(e, AppliedUndef):
            return ["Function", e.func.__name__, *[walk(a, depth + 1) for a in e.args]]
        if not isinstance(e, sp.Basic):
            return [f"<{type(e).__name__}>"]
        return [type(e).__name__, *[walk(a, depth + 1) for a in e.args]]

    try:
        return walk(expr, 0)
    except RecursionError:
        raise TooLargeToSend("depth") from None


class Builder:
    """Builds sympy objects from trees, sharing one node budget (and the Dummies) over one answer.

    Args:
        functions: the setup's undefined functions by name (e.g. ``{"theta": theta.func}``): the only
            undefined functions a tree may apply.
    """

    def __init__(self, functions: Mapping[str, Any] | None = None):
        self.functions = dict(functions or {})
        self.nodes = 0
        self.dummies: dict[tuple[str, int], sp.Dummy] = {}

    def build(self, node: Any, depth: int = 0) -> Any:
        """The sympy object of one tree.

        Raises:
            DecodeError: a node is malformed or not whitelisted, or a name is not plain (``TooLarge``
                past a bound).
        """
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise TooLarge("what_nodes", MAX_NODES)
        if depth > MAX_DEPTH:
            raise TooLarge("what_depth", MAX_DEPTH)
        if not (isinstance(node, list) and node and isinstance(node[0], str)):
            raise DecodeError("bad_node", detail=shown(node))
        head, args = node[0], node[1:]
        if head in CONSTANTS:
            if args:
                raise DecodeError("bad_node", detail=shown(node))
            return CONSTANTS[head]
        if head in ("Integer", "Rational", "Float"):
            return self._number(head, args)
        if head in ("Symbol", "Dummy"):
            return self._symbol(head, args)
        if head in ("Matrix", "ImmutableMatrix"):
            return self._matrix(head, args, depth)
        if head == "Function":
            return self._applied(args, depth)
        if head not in OPERATORS:
            raise DecodeError("not_allowed", head=shown(head, 40), allowed=ALLOWED)
        built = [self.build(a, depth + 1) for a in args]
        if not all(isinstance(a, sp.Basic) for a in built):
            raise DecodeError("bad_node", detail=f"{head} of a mutable Matrix")
        return self._apply(head, built)

    # -- leaves -----------------------------------------------------------------------------------------
    @staticmethod
    def _int(x: Any) -> int:
        if isinstance(x, bool) or not isinstance(x, int):
            raise DecodeError("bad_number", value=shown(x))
        if digits(x) > MAX_DIGITS:
            raise TooLarge("what_digits", MAX_DIGITS)
        return x

    def _number(self, head: str, args: list) -> Any:
        if head == "Integer" and len(args) == 1:
            return sp.Integer(self._int(args[0]))
        if head == "Rational" and len(args) == 2:
            p, q = self._int(args[0]), self._int(args[1])
            if q == 0:
                raise DecodeError("bad_number", value=f"{p}/0")
            return sp.Rational(p, q)
        if head == "Float" and len(args) == 1:
            x = args[0]
            if isinstance(x, str) and x in _FLOAT_TEXT:
                return sp.Float(_FLOAT_TEXT[x])
            if isinstance(x, (int, float)) and not isinstance(x, bool):
                return sp.Float(self._int(x) if isinstance(x, int) else x)
            raise DecodeError("bad_number", value=shown(x))
        raise DecodeError("bad_node", detail=shown([head, *args]))

    def _symbol(self, head: str, args: list) -> sp.Symbol:
        n = 2 if head == "Symbol" else 3
        if len(args) != n or not isinstance(args[-1], dict):
            raise DecodeError("bad_node", detail=shown([head, *args]))
        name, assumptions = args[0], args[-1]
        if not plain_name(name):
            raise DecodeError("bad_name", kind=str(text("kind_symbol")), name=shown(name))
        for key, value in assumptions.items():
            if key not in _assume_defined or not isinstance(value, bool):
                raise DecodeError("bad_assumption", name=name, assumption=shown(f"{key}={value!r}", 40))
        try:
            if head == "Symbol":
                return sp.Symbol(name, **assumptions)
            index = self._int(args[1])
            if (name, index) not in self.dummies:
                self.dummies[(name, index)] = sp.Dummy(name, **assumptions)
            return self.dummies[(name, index)]
        except DecodeError:
            raise
        except Exception as err:  # noqa: BLE001 - e.g. inconsistent assumptions
            raise DecodeError("bad_node", detail=f"{head}({name}): {type(err).__name__}") from None

    def _matrix(self, head: str, args: list, depth: int) -> Any:
        if len(args) != 3 or not isinstance(args[2], list):
            raise DecodeError("bad_node", detail=shown([head, *args]))
        rows, cols = self._int(args[0]), self._int(args[1])
        if rows < 0 or cols < 0 or rows * cols != len(args[2]):
            raise DecodeError("bad_array", shape=shown((rows, cols)), count=len(args[2]))
        entries = [self.build(e, depth + 1) for e in args[2]]
        if not all(isinstance(e, sp.Expr) for e in entries):
            raise DecodeError("bad_node", detail="a Matrix entry that is not an expression")
        return (sp.ImmutableMatrix if head == "ImmutableMatrix" else sp.Matrix)(rows, cols, entries)

    def _applied(self, args: list, depth: int) -> Any:
        if not args:
            raise DecodeError("bad_node", detail="Function without a name")
        name = args[0]
        if not plain_name(name):
            raise DecodeError("bad_name", kind=str(text("kind_function")), name=shown(name))
        built = [self.build(a, depth + 1) for a in args[1:]]
        if name not in self.functions:
            call = shown(f"{name}({', '.join(map(str, built))})", 60).strip("'\"")
            if not self.functions:
                raise DecodeError("unknown_function_none", call=call)
            raise DecodeError("unknown_function", call=call, allowed=", ".join(sorted(self.functions)))
        return self._guarded("Function", lambda: self.functions[name](*built))

    # -- operators --------------------------------------------------------------------------------------
    def _apply(self, head: str, args: list) -> Any:
        if head == "Pow":
            if len(args) != 2:
                raise DecodeError("bad_node", detail=f"Pow of {len(args)} arguments")
            _check_power(*args)
        elif head == "Mul" and sum(max(digits(a.p), digits(a.q)) for a in args if isinstance(a, sp.Rational)) \
                > 2 * MAX_DIGITS:
            raise TooLarge("what_digits", MAX_DIGITS)
        elif head == "Derivative":
            for pair in args[1:]:
                if isinstance(pair, sp.Tuple) and len(pair) == 2 and isinstance(pair[1], sp.Integer) \
                        and not 0 <= int(pair[1]) <= MAX_ORDER:
                    raise TooLarge("what_order", MAX_ORDER)
        result = self._guarded(head, lambda: OPERATORS[head](*args))
        _check_numbers(result)
        return result

    @staticmethod
    def _guarded(head: str, make: Any) -> Any:
        try:
            return make()
        except DecodeError:
            raise
        except Exception as err:  # noqa: BLE001 - any refusal of sympy's is a malformed node
            raise DecodeError("bad_node", detail=f"{head}: {type(err).__name__}") from None


def _check_power(base: Any, exponent: Any) -> None:
    """Refuse, before computing it, a power with a huge exponent or a huge value."""
    if isinstance(exponent, sp.Rational):
        if abs(exponent.p) > MAX_EXPONENT * exponent.q:
            raise TooLarge("what_exponent", MAX_EXPONENT)
        if isinstance(base, sp.Rational) and abs(base.p) > 1 or isinstance(base, sp.Rational) and base.q > 1:
            size = max(digits(base.p), digits(base.q)) * abs(exponent.p) / exponent.q
            if size > MAX_DIGITS:
                raise TooLarge("what_power", MAX_DIGITS)


def _check_numbers(result: Any) -> None:
    """Refuse a built value holding a number of more than ``MAX_DIGITS`` digits."""
    parts = [result] if isinstance(result, sp.Rational) else [
        a for a in getattr(result, "args", ()) if isinstance(a, sp.Rational)] if isinstance(result, (sp.Add, sp.Mul)) \
        else []
    for n in parts:
        if max(digits(n.p), digits(n.q)) > MAX_DIGITS:
            raise TooLarge("what_digits", MAX_DIGITS)


def build(tree: Any, functions: Mapping[str, Any] | None = None) -> Any:
    """The sympy object of ``tree`` (see the module docstring), from whitelisted constructors only.

    Args:
        tree: the JSON tree written by :func:`to_tree`.
        functions: the setup's undefined functions by name.

    Raises:
        DecodeError: the tree breaks a rule (``TooLarge`` when past a bound); the message says which.
    """
    try:
        return Builder(functions).build(tree)
    except RecursionError:
        raise TooLarge("what_depth", MAX_DEPTH) from None


#: the names srepr writes for constants, and for its matrices
_SREPR_NAMES = {"pi": "Pi", "E": "Exp1", "I": "ImaginaryUnit", "oo": "Infinity", "zoo": "ComplexInfinity",
                "nan": "NaN", "true": "BooleanTrue", "false": "BooleanFalse"}
_SREPR_MATRICES = {"ImmutableDenseMatrix": "ImmutableMatrix", "MutableDenseMatrix": "Matrix"}
MAX_TEXT = 500_000


def _literal(node: ast.AST) -> Any:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        value = _literal(node.operand)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return -value
    elif isinstance(node, ast.Constant) and isinstance(node.value, (int, float, str, bool)):
        return node.value
    raise DecodeError("bad_node", detail=type(node).__name__)


def _srepr_tree(node: ast.AST) -> list:
    """The tree of one srepr expression (nothing is evaluated: the nodes are read as data)."""
    if isinstance(node, ast.Name):
        return [_SREPR_NAMES.get(node.id, node.id)]
    if not isinstance(node, ast.Call) or any(kw.arg is None for kw in node.keywords):
        raise DecodeError("bad_node", detail=type(node).__name__)
    kwargs = {kw.arg: _literal(kw.value) for kw in node.keywords}
    if isinstance(node.func, ast.Call) and isinstance(node.func.func, ast.Name) and node.func.func.id == "Function":
        return ["Function", *[_literal(a) for a in node.func.args], *[_srepr_tree(a) for a in node.args]]
    if not isinstance(node.func, ast.Name):
        raise DecodeError("bad_node", detail=f"Call of {type(node.func).__name__}")
    head = node.func.id
    if head in ("Integer", "Rational"):
        return [head, *[_literal(a) for a in node.args]]
    if head == "Float":
        value = _literal(node.args[0]) if node.args else None
        return ["Float", float(value) if isinstance(value, str) else value]
    if head == "Symbol":
        return ["Symbol", *[_literal(a) for a in node.args], kwargs]
    if head == "Dummy":
        index = kwargs.pop("dummy_index", 0)
        return ["Dummy", *[_literal(a) for a in node.args], index, kwargs]
    if head in _SREPR_MATRICES and len(node.args) == 1 and isinstance(node.args[0], ast.List):
        rows = [r.elts if isinstance(r, ast.List) else [r] for r in node.args[0].elts]
        entries = [_srepr_tree(e) for row in rows for e in row]
        return [_SREPR_MATRICES[head], len(rows), len(rows[0]) if rows else 0, entries]
    if kwargs:
        raise DecodeError("bad_node", detail=f"{head} with keywords")
    return [head, *[_srepr_tree(a) for a in node.args]]


def parse(source: str, functions: Mapping[str, Any] | None = None) -> Any:
    """The sympy object described by ``source`` (sympy's ``srepr`` form), read with :mod:`ast`, built by :func:`build`.

    Args:
        source: the ``srepr`` text.
        functions: the setup's undefined functions by name (e.g. the real ``theta``).

    Raises:
        DecodeError: the text is too long, not an expression, or breaks a rule of :func:`build`.

    >>> parse("Mul(Rational(1, 2), Symbol('m', positive=True), Pow(Symbol('v'), Integer(2)))")
    m*v**2/2
    >>> parse("__import__('os').system('true')")
    Traceback (most recent call last):
    ...
    course_lib.grading.wire_rules.DecodeError: a part of a sympy expression is malformed (Call of Attribute)
    """
    if not isinstance(source, str) or len(source) > MAX_TEXT:
        raise TooLarge("what_answer", MAX_TEXT)
    try:
        tree = _srepr_tree(ast.parse(source, mode="eval").body)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as err:
        if isinstance(err, DecodeError):
            raise
        raise DecodeError("bad_node", detail=type(err).__name__) from None
    return build(tree, functions)
