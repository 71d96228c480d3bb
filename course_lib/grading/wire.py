"""One data model across the kernel boundary: what a student's kernel sends, and how the grader reads it.

The kernel answers every probe with JSON (:func:`encode`, run in the kernel by
:mod:`course_lib.grading.probe`); the grader reads it with :func:`decode`, which builds values of a
closed set of kinds and evaluates nothing. Each value is an object ``{"t": kind, ...}``:

========== ========================================== ==============================================
kind       fields                                     read as
========== ========================================== ==============================================
none                                                  None
num        v: bool, int, float, "nan"/"inf"/"-inf",   bool, int (at most ``MAX_DIGITS`` digits),
           or {"re": x, "im": y}                      float, complex
array      shape: [n, ...], data: [num v, ...]        numpy array of float or complex, any shape,
                                                      at most ``MAX_ARRAY`` entries
list/tuple items: [value, ...]                        list / tuple
dict       items: [[key, value], ...]                 dict; a key is {"t": "str", "v": text} (a
                                                      :class:`DataKey`), an int, or a sympy tree that
                                                      is one of the setup's symbols
sympy      tree: a tree of :mod:`~course_lib.grading.safe_sympy`  the sympy object, from a whitelist
function   name                                       a stand-in for the student's function
other      type                                       :class:`Opaque` (its type name only)
too_large  what                                       :class:`~course_lib.grading.wire_rules.TooLarge`
========== ========================================== ==============================================

Text is never a value: a dict's text keys are :class:`DataKey`, and every value :func:`decode`
returns is safe to pass to ``sympy.sympify`` (which parses a ``str`` with ``eval``): a DataKey, an
Opaque or a function refuses, with a message, instead of being read.

>>> decode(encode({"m": 2.0, "q": np.array([0.1, 0.2])}))
{'m': 2.0, 'q': array([0.1, 0.2])}
>>> import sympy as sp
>>> sp.sympify(decode(encode({"__import__('os')": 1})))
Traceback (most recent call last):
...
course_lib.grading.wire_rules.NotAnExpression: your answer holds the text "__import__('os')", which is data, not an expression: the grader never reads text as sympy; build expressions from sympy objects (such as the setup's symbols)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from course_lib.grading import safe_sympy
from course_lib.grading.wire_rules import (BOUNDS, MAX_ARRAY, MAX_DIGITS, MAX_DIMS, MAX_KEY, MAX_NESTING, DecodeError,
                                           NotAnExpression, NotSympy, TooLarge, digits, shown, text)

_FLOAT_TEXT = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}


# -- the kernel's side ------------------------------------------------------------------------------------

def _number(x: Any) -> Any:
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        x = int(x)
        if digits(x) > MAX_DIGITS:
            raise safe_sympy.TooLargeToSend("digits")
        return x
    if isinstance(x, (complex, np.complexfloating)):
        return {"re": _number(float(x.real)), "im": _number(float(x.imag))}
    x = float(x)
    return x if math.isfinite(x) else repr(x)


def _encode(value: Any, depth: int) -> dict:
    if depth > MAX_NESTING:
        raise safe_sympy.TooLargeToSend("depth")
    if value is None:
        return {"t": "none"}
    if isinstance(value, (bool, int, float, complex, np.number, np.bool_)):
        return {"t": "num", "v": _number(value)}
    if isinstance(value, np.ndarray) and value.dtype.kind in "biufc":
        a = np.asarray(value)                      # np.matrix and other subclasses: the plain array
        if a.size > MAX_ARRAY:
            raise safe_sympy.TooLargeToSend("array")
        kind = np.complex128 if a.dtype.kind == "c" else np.float64
        return {"t": "array", "shape": list(a.shape), "data": [_number(v) for v in a.astype(kind).ravel().tolist()]}
    import sympy as sp

    if isinstance(value, (sp.Basic, sp.MatrixBase)):
        return {"t": "sympy", "tree": safe_sympy.to_tree(value)}
    if isinstance(value, (list, tuple)):
        return {"t": "tuple" if isinstance(value, tuple) else "list", "items": [_encode(v, depth + 1) for v in value]}
    if isinstance(value, dict):
        return {"t": "dict", "items": [[{"t": "str", "v": k} if isinstance(k, str) else _encode(k, depth + 1),
                                        _encode(v, depth + 1)] for k, v in value.items()]}
    if isinstance(value, np.ndarray):
        return {"t": "list", "items": [_encode(v, depth + 1) for v in value.tolist()]}
    if callable(value):
        return {"t": "function", "name": str(getattr(value, "__name__", "?"))[:100]}
    return {"t": "other", "type": type(value).__name__[:100]}


def encode(value: Any) -> dict:
    """JSON-ready data describing ``value`` (run in the student's kernel; see the module docstring).

    Never raises: a value past a bound becomes ``{"t": "too_large"}``, one that cannot be described
    ``{"t": "other"}``.
    """
    try:
        return _encode(value, 0)
    except safe_sympy.TooLargeToSend as err:
        return {"t": "too_large", "what": err.what}
    except RecursionError:
        return {"t": "too_large", "what": "depth"}
    except Exception:  # noqa: BLE001 - the grader reads the type, and the check says it is not an answer
        return {"t": "other", "type": type(value).__name__[:100]}


# -- the grader's side ------------------------------------------------------------------------------------

class DataKey(NotSympy, str):
    """A text of the student's (a dict key): compared as text; sympify refuses it instead of parsing it."""

    __slots__ = ()

    def _not_expression(self) -> str:
        return str(text("text_not_expression", text=shown(str(self))))


class Opaque(NotSympy):
    """A value of a type the grader does not read (its type name only)."""

    __slots__ = ("type_name",)

    def __init__(self, type_name: str):
        self.type_name = type_name

    def _not_expression(self) -> str:
        return str(text("object_not_expression", kind=shown(self.type_name, 40)))

    def __repr__(self) -> str:
        return f"<{self.type_name}>"


class FunctionRef(NotSympy):
    """A function in the student's data, by name (the grader's stand-in is made by ``decode``'s caller)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return f"<student function {self.name}>"


@dataclass(frozen=True)
class Expect:
    """What the exercise expects in a student's answer, from its setup cells.

    Attributes:
        functions: the setup's undefined functions by name (θ for ``theta(t)``): the only ones a tree may apply.
        symbols: the setup's symbols and applied functions: the only sympy objects a dict key may be.
    """

    functions: Mapping[str, Any] = field(default_factory=dict)
    symbols: frozenset = frozenset()


class _Decoder:
    def __init__(self, expect: Expect, function: Callable[[str], Any]):
        self.expect, self.function = expect, function
        self.sympy = safe_sympy.Builder(expect.functions)

    def value(self, data: Any, depth: int) -> Any:
        if depth > MAX_NESTING:
            raise TooLarge("what_depth", MAX_NESTING)
        if not isinstance(data, dict):
            raise DecodeError("unreadable", detail=shown(type(data).__name__, 30))
        kind = data.get("t")
        if kind == "none":
            return None
        if kind == "num":
            return self.number(data.get("v"))
        if kind == "array":
            return self.array(data.get("shape"), data.get("data"))
        if kind == "sympy":
            return self.sympy.build(data.get("tree"))
        if kind in ("list", "tuple"):
            items = data.get("items")
            if not isinstance(items, list):
                raise DecodeError("unreadable", detail=f"{kind} without items")
            built = [self.value(v, depth + 1) for v in items]
            return built if kind == "list" else tuple(built)
        if kind == "dict":
            return self.dict(data.get("items"), depth)
        if kind == "function":
            name = data.get("name")
            return self.function(name[:100] if isinstance(name, str) else "?")
        if kind == "other":
            name = data.get("type")
            return Opaque(name[:100] if isinstance(name, str) else "?")
        if kind == "too_large":
            what, limit = BOUNDS.get(data.get("what"), ("what_nodes", 0))
            raise TooLarge(what, limit)
        raise DecodeError("kind", kind=shown(kind, 30))

    @staticmethod
    def number(v: Any, complex_ok: bool = True) -> Any:
        if isinstance(v, bool):
            return v
        if isinstance(v, int):
            if digits(v) > MAX_DIGITS:
                raise TooLarge("what_digits", MAX_DIGITS)
            return v
        if isinstance(v, float):
            return v
        if isinstance(v, str) and v in _FLOAT_TEXT:
            return _FLOAT_TEXT[v]
        if complex_ok and isinstance(v, dict) and set(v) == {"re", "im"}:
            re, im = (_Decoder.number(v[k], complex_ok=False) for k in ("re", "im"))
            if not all(isinstance(x, (int, float)) for x in (re, im)):
                raise DecodeError("bad_number", value=shown(v))
            return complex(float(re), float(im))
        raise DecodeError("bad_number", value=shown(v))

    def array(self, shape: Any, entries: Any) -> np.ndarray:
        if not (isinstance(shape, list) and len(shape) <= MAX_DIMS and isinstance(entries, list)
                and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_ARRAY for s in shape)):
            raise DecodeError("bad_array", shape=shown(shape), count=len(entries) if isinstance(entries, list) else 0)
        size = math.prod(shape)
        if size > MAX_ARRAY:
            raise TooLarge("what_array", MAX_ARRAY)
        if size != len(entries):
            raise DecodeError("bad_array", shape=shown(tuple(shape)), count=len(entries))
        values = [self.number(v) for v in entries]
        dtype = complex if any(isinstance(v, complex) for v in values) else float
        try:
            return np.array(values, dtype=dtype).reshape(shape)
        except OverflowError:
            raise TooLarge("what_digits", MAX_DIGITS) from None

    def dict(self, items: Any, depth: int) -> dict:
        if not isinstance(items, list) or not all(isinstance(i, list) and len(i) == 2 for i in items):
            raise DecodeError("unreadable", detail="dict without items")
        return {self.key(k): self.value(v, depth + 1) for k, v in items}

    def key(self, data: Any) -> Any:
        allowed = ", ".join(sorted(map(str, self.expect.symbols))) or str(text("no_symbols"))
        if isinstance(data, dict) and data.get("t") == "str" and isinstance(data.get("v"), str):
            if len(data["v"]) > MAX_KEY:
                raise DecodeError("bad_key", item=shown(data["v"]), allowed=allowed)
            return DataKey(data["v"])
        if isinstance(data, dict) and data.get("t") == "num" and not isinstance(data.get("v"), dict):
            return self.number(data.get("v"))
        if isinstance(data, dict) and data.get("t") == "sympy":
            key = self.sympy.build(data.get("tree"))
            if key in self.expect.symbols:
                return key
            raise DecodeError("bad_key", item=shown(str(key)), allowed=allowed)
        raise DecodeError("bad_key", item=shown(data), allowed=allowed)


def decode(data: Any, expect: Expect | None = None, function: Callable[[str], Any] = FunctionRef) -> Any:
    """The value described by ``data`` (see the module docstring), built without evaluating anything.

    Args:
        data: the JSON-decoded answer of :func:`encode`.
        expect: the setup's functions and symbols (default: none).
        function: makes the stand-in of a student's function from its name.

    Raises:
        DecodeError: the data breaks a rule of the model (``TooLarge`` past a bound); nothing else.
    """
    try:
        return _Decoder(expect or Expect(), function).value(data, 0)
    except DecodeError:
        raise
    except RecursionError:
        raise TooLarge("what_depth", MAX_NESTING) from None
    except Exception as err:  # noqa: BLE001 - the documented error only, whatever broke
        raise DecodeError("unreadable", detail=type(err).__name__) from None


__all__ = ["DataKey", "DecodeError", "Expect", "FunctionRef", "NotAnExpression", "Opaque", "TooLarge", "decode",
           "encode"]
