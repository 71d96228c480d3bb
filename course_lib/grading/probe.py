"""The kernel's end of the trusted checker: call a student's function, answer with plain data.

The grader (outside the sandbox) sends the student's kernel short code such as::

    import course_lib.grading.probe as __probe
    __probe.call(globals(), "mass_matrix", __probe.arr([0.1, 0.2], (2,)), {"m1": 2.0})

and reads back the JSON text of :func:`encode`'s answer (the data model of
:mod:`course_lib.grading.wire`: numbers, arrays, lists and dicts of these, sympy objects as trees
of whitelisted nodes, read again by the grader without evaluating anything), or an exception as
its name and message. The verdict is computed by the grader, from that data alone. Nothing
here is trusted: a student who changes this module inside their kernel only changes the data
their own functions appear to return.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from course_lib.grading import wire, wire_rules

#: largest answer sent back (characters of JSON)
MAX_ANSWER = wire_rules.MAX_ANSWER
_SETUP: dict[str, dict] = {}
#: JSON-ready data describing a value (the data model of :mod:`course_lib.grading.wire`)
encode = wire.encode


def _answer(payload: dict) -> str:
    text = json.dumps(payload, allow_nan=False)
    if len(text) > MAX_ANSWER:
        text = json.dumps({"t": "too_large", "what": "answer"})
    return text


def fetch(namespace: dict, names: list[str]) -> str:
    """The student's global ``names`` (missing ones left out), as JSON."""
    found = {}
    for name in names:
        if name in namespace:
            found[name] = encode(namespace[name])
    return _answer({"t": "names", "items": found})


def call(namespace: dict, name: str, *args: Any) -> str:
    """Call the student's global ``name`` with ``args``; its result (or exception) as JSON."""
    fn = namespace.get(name)
    try:
        result = fn(*args)
    except BaseException as err:  # noqa: BLE001 - reported to the grader as data
        return _answer({"t": "error", "ename": type(err).__name__, "evalue": str(err)[:2000]})
    return _answer({"t": "result", "value": encode(result)})


def arr(data: list, shape: tuple, dtype: str = "float") -> np.ndarray:
    """An array from a flat list (used in the code the grader sends)."""
    return np.array([float(v) if isinstance(v, str) else v for v in data], dtype=dtype).reshape(shape)


def sym(text: str) -> Any:
    """A sympy object from the ``srepr`` text the grader sends."""
    import sympy as sp

    return sp.sympify(text)


def model(kind: str, kwargs: dict) -> Any:
    """A course model, e.g. ``model("TwoLinkArm", {...})``, built from its parameters."""
    from course_lib.physics import models

    return getattr(models, kind)(**kwargs)


def setup(source: str) -> dict:
    """The namespace of the assignment's setup cells, run once (the grader sends their source)."""
    if source not in _SETUP:
        namespace: dict = {}
        exec(compile(source, "<setup>", "exec"), namespace)  # noqa: S102 - the course's own setup code
        _SETUP[source] = namespace
    return _SETUP[source]


class Linear:
    """The linear vector field ẋ = A x (A a number or a matrix); the tests send it to ODE steppers."""

    def __init__(self, A: Any):
        self.A = np.asarray(A, dtype=float)

    def __call__(self, x: Any) -> np.ndarray:
        x = np.asarray(x, dtype=float)
        return self.A * x if self.A.ndim == 0 else self.A @ x

    def __repr__(self) -> str:
        return f"Linear({self.A.tolist()!r})"
