"""The grader's end of the trusted checker: stand-ins for the student's names.

A test cell of ``solutions/`` runs in the grader's own process, with the genuine
:mod:`course_lib.grading.checks` and references computed there. Each name the test takes
from the student's work is replaced by a stand-in:

- a student's function becomes a :class:`RemoteFunction`: calling it sends the arguments
  to the sandboxed kernel as code (numbers, arrays, dicts, sympy objects, course models) and
  returns the plain data that comes back;
- a student's value (a sympy expression, a number, an array) is fetched once as data; sympy
  objects are rebuilt with :func:`course_lib.grading.safe_sympy.parse`, never evaluated.

Whatever the student's code replaces inside its kernel (``checks``, the models, the display
hook), the verdict is the grader's.
"""

from __future__ import annotations

import ast
import builtins
import json
from typing import Any, Callable

import numpy as np

from course_lib.grading import safe_sympy
from course_lib.grading.kernel import KernelDied, SandboxKernel

PROBE = "import course_lib.grading.probe as __probe\n"


class ProbeFailed(BaseException):
    """The kernel's answer to a probe was missing or unreadable (not caught by ``checks.call``)."""


class ProbeTimeout(BaseException):
    """The student's function ran past the time limit on a probe (not caught by ``checks.call``)."""


class StudentError(Exception):
    """The student's function raised ``ename``: ``evalue`` (re-raised in the grader as data)."""


def _student_error(ename: str, evalue: str) -> Exception:
    """An exception of a built-in class named like the student's, so messages read naturally."""
    cls = getattr(builtins, ename, None)
    if ename == "NotImplementedError":
        return NotImplementedError(evalue)
    if isinstance(cls, type) and issubclass(cls, Exception) and cls.__module__ == "builtins":
        try:
            return type(ename, (StudentError,), {})(evalue)
        except TypeError:
            pass
    return type(ename if ename.isidentifier() else "StudentError", (StudentError,), {})(evalue)


def to_source(value: Any) -> str:
    """Python source that rebuilds ``value`` in the kernel (``__probe`` is imported there)."""
    if isinstance(value, RemoteFunction):
        return f"globals()[{value.name!r}]"
    remote = getattr(value, "__remote__", None)
    if remote is not None:
        return remote
    if value is None or isinstance(value, (bool, str)):
        return repr(value)
    if isinstance(value, (int, np.integer)):
        return repr(int(value))
    if isinstance(value, (float, np.floating)):
        return f"float({repr(float(value))!r})"
    if isinstance(value, np.ndarray) and value.dtype.kind in "biuf":
        flat = [repr(float(v)) if not np.isfinite(v) else float(v) for v in value.ravel().tolist()]
        return f"__probe.arr({flat!r}, {tuple(value.shape)!r})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{to_source(k)}: {to_source(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(to_source(v) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + "".join(to_source(v) + ", " for v in value) + ")"
    import sympy as sp

    if isinstance(value, (sp.Basic, sp.MatrixBase)):
        return f"__probe.sym({sp.srepr(value)!r})"
    from course_lib.grading.probe import Linear
    from course_lib.physics.models.base import ManipulatorModel

    if isinstance(value, Linear):
        return f"__probe.Linear({value.A.tolist()!r})"
    if isinstance(value, ManipulatorModel):
        return f"__probe.model({type(value).__name__!r}, {to_source(model_kwargs(value))})"
    raise TypeError(f"the trusted checker cannot send a {type(value).__name__} to the kernel")


def model_kwargs(model: Any) -> dict:
    """The constructor arguments that rebuild a course model exactly."""
    names = {"TwoLinkArm": ("l1", "l2", "m1", "m2", "payload", "g", "lc1", "lc2", "I1", "I2"),
             "Pendulum": ("m", "l", "g"), "CartPole": ("cart_mass", "pole_mass", "l", "g")}[type(model).__name__]
    kwargs = {n: float(getattr(model, n)) for n in names if hasattr(model, n)}
    kwargs["b"] = [float(b) for b in np.atleast_1d(model.b)]
    if type(model).__name__ == "Pendulum":
        kwargs["b"] = kwargs["b"][0]
    return kwargs


def decode(data: Any, depth: int = 0, functions: dict | None = None) -> Any:
    """A plain Python/numpy/sympy value from :func:`course_lib.grading.probe.encode`'s data."""
    if depth > 8 or not isinstance(data, dict):
        raise ProbeFailed("unreadable answer from the kernel")
    kind = data.get("t")
    if kind == "none":
        return None
    if kind == "num":
        return _num(data.get("v"))
    if kind == "array":
        shape = tuple(int(s) for s in data.get("shape", []))
        values = [_num(v) for v in data.get("data", [])]
        if int(np.prod(shape)) != len(values):
            raise ProbeFailed("an array from the kernel has the wrong number of entries")
        return np.array(values).reshape(shape)
    if kind == "sympy":
        try:
            return safe_sympy.parse(data.get("srepr", ""), functions)
        except ValueError as err:
            raise ProbeFailed(f"a sympy value from the kernel could not be read safely: {err}") from None
    if kind in ("list", "tuple"):
        items = [decode(v, depth + 1, functions) for v in data.get("items", [])]
        return items if kind == "list" else tuple(items)
    if kind == "dict":
        return {str(k): decode(v, depth + 1, functions) for k, v in data.get("items", [])}
    if kind == "function":
        return RemoteFunction(None, str(data.get("name", "?")))
    return Opaque(str(data.get("type", "?")))


def _num(v: Any) -> Any:
    if isinstance(v, bool) or isinstance(v, int):
        return v
    if isinstance(v, float):
        return v
    if isinstance(v, str) and v in ("nan", "inf", "-inf"):
        return float(v)
    if isinstance(v, dict):
        return complex(_num(v.get("re")), _num(v.get("im")))
    raise ProbeFailed("a number from the kernel could not be read")


class Opaque:
    """A value of a type the trusted checker does not read (its type name only)."""

    def __init__(self, type_name: str):
        self.type_name = type_name

    def __repr__(self) -> str:
        return f"<{self.type_name}>"


class Channel:
    """Probes over one sandboxed kernel, with a time limit per probe."""

    def __init__(self, kernel: SandboxKernel, timeout: float, functions: dict | None = None):
        self.kernel, self.timeout, self.functions = kernel, timeout, functions or {}

    def ask(self, code: str) -> dict:
        result = self.kernel.execute(PROBE + code, self.timeout, record=False)
        if result.timed_out:
            raise ProbeTimeout("the student's code ran longer than the time limit on this input and was stopped")
        if result.error is not None:
            raise ProbeFailed(f"the probe failed in the kernel: {result.error['ename']}")
        try:
            text = ast.literal_eval(result.value or "")
            if not isinstance(text, str):
                raise ValueError
            return json.loads(text)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            raise ProbeFailed("the kernel's answer to a probe was not readable (was the display hook replaced?)") \
                from None

    def fetch(self, names: list[str]) -> dict[str, Any]:
        answer = self.ask(f"__probe.fetch(globals(), {list(names)!r})")
        items = answer.get("items", {}) if answer.get("t") == "names" else {}
        out = {}
        for name, data in items.items():
            if name in names:
                value = decode(data, functions=self.functions)
                out[name] = RemoteFunction(self, name) if isinstance(value, RemoteFunction) else value
        return out

    def call(self, name: str, args: tuple) -> Any:
        source = ", ".join(to_source(a) for a in args)
        answer = self.ask(f"__probe.call(globals(), {name!r}{', ' if source else ''}{source})")
        if answer.get("t") == "error":
            raise _student_error(str(answer.get("ename", "Exception")), str(answer.get("evalue", "")))
        if answer.get("t") != "result":
            raise ProbeFailed("unexpected answer from the kernel")
        return decode(answer.get("value"), functions=self.functions)


class RemoteFunction:
    """Stands for the student's function ``name``: calls go to the sandboxed kernel."""

    def __init__(self, channel: Channel | None, name: str):
        self.channel, self.name, self.__name__ = channel, name, name

    def __call__(self, *args: Any) -> Any:
        if self.channel is None:
            raise ProbeFailed(f"{self.name} cannot be called here")
        return self.channel.call(self.name, args)

    def __repr__(self) -> str:
        return f"<student function {self.name}>"


class SetupFunction:
    """A function of the assignment's setup cells: runs in the grader, and is sent to the kernel
    as a call of the same function from a fresh run of the setup source (not the student's copy)."""

    def __init__(self, fn: Callable, setup_source: str, remote: str | None = None):
        self.fn = fn
        self.__name__ = fn.__name__
        self.setup_source = setup_source
        self.__remote__ = remote or f"__probe.setup({setup_source!r})[{fn.__name__!r}]"

    def __call__(self, *args: Any) -> Any:
        result = self.fn(*args)
        if callable(result):
            src = self.__remote__ + "(" + ", ".join(to_source(a) for a in args) + ")"
            return SetupFunction(result, self.setup_source, remote=src)
        return result


def names_used(source: str) -> set[str]:
    """Global names a test cell reads (loaded, never assigned in it)."""
    tree = ast.parse(source)
    loaded, stored = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else stored).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            stored.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            stored.update((a.asname or a.name).split(".")[0] for a in node.names)
    for node in ast.walk(tree):   # checks.need(globals(), "T", "V") names the student's values
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "need":
            loaded.update(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return loaded - stored - set(dir(builtins))


__all__ = ["Channel", "KernelDied", "ProbeFailed", "RemoteFunction", "SetupFunction", "StudentError",
           "decode", "names_used", "to_source"]
