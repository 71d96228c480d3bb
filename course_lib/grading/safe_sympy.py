"""Rebuild a sympy object from the ``srepr`` text a student's kernel sent, without evaluating it.

``sympy.sympify`` and ``parse_expr`` run Python's ``eval``: on text from a student's kernel
that would run the student's code in the grader. :func:`parse` reads the text with
:mod:`ast` and builds the object from a whitelist of sympy constructors; anything else
(attribute access, names outside the list, huge numbers, deep nesting) is a ValueError.

>>> parse("Mul(Rational(1, 2), Symbol('m', positive=True), Pow(Symbol('v'), Integer(2)))")
m*v**2/2
>>> parse("__import__('os').system('true')")
Traceback (most recent call last):
...
ValueError: the expression uses a call that is not allowed (Call of Attribute)
"""

from __future__ import annotations

import ast
from typing import Any

import sympy as sp

MAX_TEXT = 500_000
MAX_NODES = 100_000
MAX_INT = 10**40

_CONSTRUCTORS = {name: getattr(sp, name) for name in (
    "Symbol", "Dummy", "Function", "Derivative", "Tuple", "Integer", "Rational", "Float", "Add", "Mul",
    "Pow", "sin", "cos", "tan", "cot", "sec", "csc", "asin", "acos", "atan", "atan2", "sinh", "cosh",
    "tanh", "exp", "log", "sqrt", "Abs", "sign", "Equality", "Unequality", "ImmutableDenseMatrix",
    "MutableDenseMatrix", "Max", "Min", "re", "im", "conjugate",
)}
_CONSTANTS = {"pi": sp.pi, "E": sp.E, "oo": sp.oo, "zoo": sp.zoo, "nan": sp.nan, "I": sp.I,
              "Half": sp.S.Half, "One": sp.S.One, "Zero": sp.S.Zero, "NegativeOne": sp.S.NegativeOne,
              "true": sp.true, "false": sp.false, "ImaginaryUnit": sp.I, "Pi": sp.pi, "Exp1": sp.E,
              "Infinity": sp.oo, "NegativeInfinity": -sp.oo, "ComplexInfinity": sp.zoo, "NaN": sp.nan}


def _literal(node: ast.AST) -> Any:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, str, bool)) or (
            isinstance(node, ast.Constant) and node.value is None):
        if isinstance(node.value, int) and abs(node.value) > MAX_INT:
            raise ValueError("the expression contains a number that is too large")
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_literal(node.operand)
    raise ValueError(f"the expression uses something that is not allowed ({type(node).__name__})")


def _build(node: ast.AST, functions: dict | None = None) -> Any:
    if isinstance(node, ast.Constant) or isinstance(node, ast.UnaryOp):
        return _literal(node)
    if isinstance(node, ast.Name):
        if node.id in _CONSTANTS:
            return _CONSTANTS[node.id]
        raise ValueError(f"the expression uses a name that is not allowed ({node.id!r})")
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_build(e, functions) for e in node.elts]
    if isinstance(node, ast.Call):
        kwargs = {}
        for kw in node.keywords:
            if kw.arg is None:
                raise ValueError("the expression uses ** in a call, which is not allowed")
            kwargs[kw.arg] = _literal(kw.value)
        args = [_build(a, functions) for a in node.args]
        if isinstance(node.func, ast.Name) and node.func.id in _CONSTRUCTORS:
            name = node.func.id
            if name == "Pow" and len(args) == 2 and isinstance(args[1], sp.Integer) and abs(int(args[1])) > 1000:
                raise ValueError("the expression contains a power that is too large")
            if name in ("Symbol", "Dummy", "Function") and not (len(args) == 1 and isinstance(args[0], str)):
                raise ValueError(f"{name} needs exactly one name")
            if name == "Function" and functions and args[0] in functions:
                return functions[args[0]]    # srepr drops a function's assumptions (real=True)
            if name in ("Symbol", "Dummy", "Function", "Integer", "Float", "Rational"):
                return _CONSTRUCTORS[name](*args, **kwargs)
            if any(isinstance(a, (str, bool)) for a in args):
                raise ValueError(f"{name} received text where an expression was expected")
            return _CONSTRUCTORS[name](*args, **kwargs)
        if isinstance(node.func, ast.Call):   # Function('theta', real=True)(Symbol('t'))
            fn = _build(node.func, functions)
            if isinstance(fn, sp.core.function.UndefinedFunction):
                return fn(*args)
        raise ValueError(f"the expression uses a call that is not allowed (Call of {type(node.func).__name__})")
    raise ValueError(f"the expression uses something that is not allowed ({type(node).__name__})")


def parse(text: str, functions: dict | None = None) -> Any:
    """The sympy object described by ``text`` (sympy's ``srepr`` form), built from a whitelist.

    Args:
        text: the ``srepr`` text.
        functions: undefined functions by name (e.g. the setup's real ``theta``), used in place of
            ``Function(name)``, whose assumptions srepr does not keep.

    Raises:
        ValueError: the text is too long, not an expression, or uses anything not whitelisted.
    """
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ValueError(f"the expression must be a text of at most {MAX_TEXT} characters")
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, RecursionError, MemoryError) as err:
        raise ValueError(f"the expression cannot be read: {err}") from None
    if sum(1 for _ in ast.walk(tree)) > MAX_NODES:
        raise ValueError(f"the expression has more than {MAX_NODES} parts")
    try:
        return _build(tree.body, functions)
    except RecursionError:
        raise ValueError("the expression is nested too deeply") from None
    except (TypeError, AttributeError, sp.SympifyError) as err:
        raise ValueError(f"the expression cannot be rebuilt: {err}") from None
