"""The grader's end of the trusted checker: stand-ins for the student's names.

A test cell of ``solutions/`` runs in the grader's own process, with the genuine
:mod:`course_lib.grading.checks` and references computed there. Each name the test takes
from the student's work is replaced by a stand-in:

- a student's function becomes a :class:`RemoteFunction`: calling it sends the arguments
  to the sandboxed kernel as code (numbers, arrays, dicts, sympy objects, course models) and
  returns the plain data that comes back;
- a student's value (a sympy expression, a number, an array) is fetched once as data, read by
  :func:`course_lib.grading.wire.decode` (plain values, and sympy trees of whitelisted nodes),
  never evaluated.

Whatever the student's code replaces inside its kernel (``checks``, the models, the display
hook), the verdict is the grader's.
"""

from __future__ import annotations

import ast
import builtins
import json
from typing import Any, Callable

import numpy as np

from course_lib.grading import wire
from course_lib.grading.kernel import KernelDied, SandboxKernel
from course_lib.grading.wire_rules import DecodeError, NotSympy, text

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


def decode(data: Any, functions: dict | None = None, symbols: Any = ()) -> Any:
    """A plain Python/numpy/sympy value from :func:`course_lib.grading.probe.encode`'s data.

    Args:
        data: the JSON-decoded answer.
        functions: the setup's undefined functions by name.
        symbols: the setup's symbols (the sympy objects a dict key may be).

    Raises:
        ProbeFailed: the data breaks a rule of :mod:`course_lib.grading.wire`; the message says which.
    """
    try:
        return wire.decode(data, wire.Expect(functions or {}, frozenset(symbols)),
                           function=lambda name: RemoteFunction(None, name))
    except DecodeError as err:
        raise ProbeFailed(str(err)) from None


def setup_names(namespace: dict) -> tuple[dict, frozenset]:
    """The undefined functions (by name) and the symbols of a setup namespace's sympy values.

    Returns:
        (functions, symbols): what a student's answer may apply, and what a dict key in it may be.
    """
    import sympy as sp
    from sympy.core.function import AppliedUndef

    functions, symbols = {}, set()
    for value in namespace.values():
        if isinstance(value, sp.Basic):
            applied = value.atoms(AppliedUndef)
            functions.update({f.func.__name__: f.func for f in applied})
            symbols.update(value.atoms(sp.Symbol) | applied)
    return functions, frozenset(symbols)


Opaque = wire.Opaque


class Channel:
    """Probes over one sandboxed kernel, with a time limit per probe."""

    def __init__(self, kernel: SandboxKernel, timeout: float, functions: dict | None = None, symbols: Any = ()):
        self.kernel, self.timeout, self.functions, self.symbols = kernel, timeout, functions or {}, frozenset(symbols)

    def ask(self, code: str) -> dict:
        result = self.kernel.execute(PROBE + code, self.timeout, record=False)
        if result.timed_out:
            raise ProbeTimeout(str(text("probe_timeout")))
        if result.error is not None:
            raise ProbeFailed(str(text("probe_failed", ename=str(result.error.get("ename", "?"))[:80])))
        try:
            answer = ast.literal_eval(result.value or "")
            if not isinstance(answer, str):
                raise ValueError
            data = json.loads(answer)
            if not isinstance(data, dict):
                raise ValueError
            return data
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            raise ProbeFailed(str(text("probe_unreadable"))) from None

    def _decode(self, data: Any, refused: str, **names: str) -> Any:
        try:
            return decode(data, self.functions, self.symbols)
        except ProbeFailed as err:
            raise ProbeFailed(str(text(refused, reason=str(err), **names))) from None

    def fetch(self, names: list[str]) -> dict[str, Any]:
        answer = self.ask(f"__probe.fetch(globals(), {list(names)!r})")
        if answer.get("t") == "too_large":
            self._decode(answer, "answers_refused")
        items = answer.get("items") if answer.get("t") == "names" else None
        items = items if isinstance(items, dict) else {}
        out = {}
        for name in names:
            if name in items:
                value = self._decode(items[name], "value_refused", name=name)
                out[name] = RemoteFunction(self, name) if isinstance(value, RemoteFunction) else value
        return out

    def call(self, name: str, args: tuple) -> Any:
        source = ", ".join(to_source(a) for a in args)
        answer = self.ask(f"__probe.call(globals(), {name!r}{', ' if source else ''}{source})")
        if answer.get("t") == "error":
            raise _student_error(str(answer.get("ename", "Exception"))[:100], str(answer.get("evalue", ""))[:2000])
        if answer.get("t") == "too_large":
            self._decode(answer, "result_refused", name=name)
        if answer.get("t") != "result":
            raise ProbeFailed(str(text("unreadable", detail=shown_kind(answer))))
        return self._decode(answer.get("value"), "result_refused", name=name)


def shown_kind(answer: Any) -> str:
    """The kind of an answer, for a message."""
    return str(answer.get("t"))[:30] if isinstance(answer, dict) else type(answer).__name__


class RemoteFunction(NotSympy):
    """Stands for the student's function ``name``: calls go to the sandboxed kernel."""

    def __init__(self, channel: Channel | None, name: str):
        self.channel, self.name, self.__name__ = channel, name, name

    def __call__(self, *args: Any) -> Any:
        if self.channel is None:
            raise ProbeFailed(str(text("not_callable_here", name=self.name)))
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


__all__ = ["Channel", "KernelDied", "Opaque", "ProbeFailed", "RemoteFunction", "SetupFunction", "StudentError",
           "decode", "names_used", "setup_names", "to_source"]
