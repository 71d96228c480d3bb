"""Checks the exercises' test cells call: each failure says what is wrong, and where.

A bare ``assert`` tells a learner only that something failed. These helpers raise
:class:`AssertionError` with a message naming the quantity, the state at which it
failed, and what was expected instead, e.g.::

    M is not symmetric at q = (0.412, -1.037): M[0,1] = 2.1 but M[1,0] = 1.3

Exceptions raised by the learner's code and NaN/inf results are turned into the same
kind of readable AssertionError, so a test cell never ends in a puzzling traceback.

The messages speak the kernel's language (``COURSE_LANG=zh`` or
``course_lib.set_language("zh")``); their sentences live in
:mod:`course_lib.grading.check_messages`.

>>> import numpy as np
>>> check_symmetric(lambda q: np.eye(2), [np.zeros(2)])
>>> check_symmetric(lambda q: np.array([[1.0, 2.0], [0.0, 1.0]]), [np.zeros(2)])
Traceback (most recent call last):
...
AssertionError: M is not symmetric at q = (0.000, 0.000): M[0,1] = 2 but M[1,0] = 0
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, NoReturn, Sequence

import numpy as np

from course_lib.grading.check_messages import at, text
from course_lib.grading.hints import mistake_hint
from course_lib.grading.numeric import NotEvaluable, evaluate
# test cells call these as checks.place(...), checks.passed(...): they are part of this module's interface
from course_lib.grading.phrases import at_values, fmt, passed, phrase, place  # noqa: F401
from course_lib.physics.models.base import derivative_along


def fail(message: str) -> NoReturn:
    """Raise AssertionError(message); the checks' own frames are hidden from tracebacks."""
    # The message below says what is wrong with your answer, and where.
    raise AssertionError(message)


def random_states(seed: int, n: int, dof: int, scale: float = np.pi) -> np.ndarray:
    """``n`` reproducible random vectors of length ``dof``, uniform in [-scale, scale].

    >>> random_states(0, 2, 3).shape
    (2, 3)
    """
    return np.random.default_rng(seed).uniform(-scale, scale, size=(n, dof))


def need(namespace: dict, *names: str) -> None:
    """Assert the learner has defined every name in ``names`` (e.g. ``need(globals(), "T", "V")``).

    >>> need({"T": 1}, "T", "V")
    Traceback (most recent call last):
    ...
    AssertionError: V is not defined yet: complete and run the cell that defines it above this test
    """
    __tracebackhide__ = True  # tracebacks show the message, not this frame
    for name in names:
        if name not in namespace:
            fail(text("not_defined", name=name))


def call(fn: Callable[..., Any], *args: Any, name: str | None = None, where: str = "") -> Any:
    """Call the learner's ``fn``; turn any exception into a readable AssertionError.

    Args:
        fn: the learner's function.
        *args: its arguments.
        name: the name to show (default ``fn.__name__``).
        where: a description of the inputs, e.g. ``"at q = (0.1, 0.2)"``.

    Returns:
        Whatever ``fn`` returned.

    >>> call(lambda x: 1 / x, 0, name="inverse", where="at x = 0")
    Traceback (most recent call last):
    ...
    AssertionError: inverse raised ZeroDivisionError at x = 0: division by zero
    """
    __tracebackhide__ = True  # tracebacks show the message, not this frame
    label = name or getattr(fn, "__name__", text("your_function"))
    if not callable(fn):
        fail(text("not_a_function", name=label, kind=type(fn).__name__))
    try:
        return fn(*args)
    except NotImplementedError:
        message = text("not_implemented", name=label)
    except Exception as err:  # noqa: BLE001 - any failure of the learner's code becomes feedback
        message = text("raised", name=label, error=type(err).__name__, where=at(where), detail=err)
    fail(message)  # outside the except block: no "during handling of ..." chain


def as_array(name: str, value: Any, shape: tuple[int, ...], where: str = "") -> np.ndarray:
    """Convert to a float array of the given shape, all finite, or raise a specific AssertionError.

    >>> as_array("g", [1.0, float("nan")], (2,), "at q = (0, 0)")
    Traceback (most recent call last):
    ...
    AssertionError: g contains NaN or inf at q = (0, 0): [ 1. nan]
    """
    __tracebackhide__ = True  # tracebacks show the message, not this frame
    try:
        a = np.asarray(value, dtype=float)
    except (TypeError, ValueError) as err:
        a, message = None, text("not_numbers", name=name, where=at(where), value=repr(value), detail=err)
    if a is None:
        fail(message)
    if a.shape != shape:
        fail(text("shape", name=name, shape=shape, where=at(where), got=a.shape))
    if not np.all(np.isfinite(a)):
        fail(text("not_finite", name=name, where=at(where), value=a))
    return a


def check_close(name: str, got: Any, expected: Any, where: str = "",
                rtol: float = 1e-9, atol: float = 1e-9) -> None:
    """Assert ``got`` ≈ ``expected`` elementwise; the message shows both and the largest error.

    >>> check_close("tau", 1.0, 1.0 + 1e-12)
    >>> check_close("tau", 1.0, 2.0, "at theta = 0.5")
    Traceback (most recent call last):
    ...
    AssertionError: tau is wrong at theta = 0.5: got 1.000, expected 2.000 (largest error 1)
    >>> check_close("W", np.arange(10.0), np.zeros(10), "along the run", atol=0.5)
    Traceback (most recent call last):
    ...
    AssertionError: W is wrong along the run: 9 of 10 entries differ; the worst, [9], is 9 instead of 0
    """
    __tracebackhide__ = True  # tracebacks show the message, not this frame
    expected = np.asarray(expected, dtype=float)
    got = as_array(name, got, expected.shape, where)
    err = np.abs(got - expected)
    bad = err > atol + rtol * np.abs(expected)
    if not np.any(bad):
        return
    if expected.size <= 6:
        fail(text("wrong", name=name, where=at(where), got=fmt(got), expected=fmt(expected), err=float(err.max())))
    k = np.unravel_index(np.argmax(np.where(bad, err, -1.0)), err.shape)
    index = ",".join(map(str, k))
    fail(text("wrong_many", name=name, where=at(where), bad=int(bad.sum()), size=err.size, index=index,
              got=float(got[k]), expected=float(expected[k])))


def check_symmetric(M_fn: Callable[[np.ndarray], Any], states: Iterable[np.ndarray],
                    name: str = "M", tol: float = 1e-9) -> None:
    """Assert ``M_fn(q)`` is a finite symmetric square matrix at every ``q`` in ``states``."""
    __tracebackhide__ = True  # tracebacks show the message, not this frame
    for q in states:
        where = text("at_q", q=fmt(q))
        n = len(q)
        M = as_array(name, call(M_fn, q, name=name, where=where), (n, n), where)
        bad = np.argwhere(np.abs(M - M.T) > tol * (1 + np.abs(M)))
        if bad.size:
            i, j = bad[0]
            fail(text("not_symmetric", name=name, where=at(where), i=i, j=j, a=float(M[i, j]), b=float(M[j, i])))


def check_positive_definite(M_fn: Callable[[np.ndarray], Any], states: Iterable[np.ndarray],
                            name: str = "M") -> None:
    """Assert ``M_fn(q)`` has only positive eigenvalues at every ``q`` (kinetic energy > 0)."""
    __tracebackhide__ = True  # tracebacks show the message, not this frame
    for q in states:
        where = text("at_q", q=fmt(q))
        n = len(q)
        M = as_array(name, call(M_fn, q, name=name, where=where), (n, n), where)
        eig = np.linalg.eigvalsh(0.5 * (M + M.T))
        if eig.min() <= 0:
            fail(text("not_positive_definite", name=name, where=at(where), eig=float(eig.min())))


def check_skew(name: str, N: Any, where: str = "", tol: float = 1e-6) -> None:
    """Assert the square matrix ``N`` is skew-symmetric, N + Nᵀ = 0, to ``tol`` (absolute)."""
    __tracebackhide__ = True  # tracebacks show the message, not this frame
    N = np.asarray(N, dtype=float)
    S = N + N.T
    if not np.all(np.isfinite(S)):
        fail(text("not_finite_bare", name=name, where=at(where)))
    if np.abs(S).max() > tol:
        i, j = np.unravel_index(np.argmax(np.abs(S)), S.shape)
        fail(text("not_skew", name=name, where=at(where), i=i, j=j, value=f"{S[i, j]:.3g}"))


def mass_matrix_derivative(M_fn: Callable[[np.ndarray], Any], q: np.ndarray, qd: np.ndarray,
                           eps: float = 1e-6) -> np.ndarray:
    """Ṁ = dM/dt = Σ_k ∂M/∂q_k q̇_k, via :func:`course_lib.physics.models.base.derivative_along`.

    Errors raised by ``M_fn`` become readable AssertionErrors (see :func:`call`).

    Args:
        M_fn: the learner's mass matrix, q -> (n, n) array.
        q: joint angles [rad], shape (n,).
        qd: joint velocities [rad/s], shape (n,).
        eps: central-difference step along q̇ [s]; the error is O(eps²).

    Returns:
        Ṁ at (q, q̇), shape (n, n).

    >>> mass_matrix_derivative(lambda q: np.diag([q[0] ** 2, 1.0]), np.array([3.0, 0.0]), np.array([2.0, 0.0])).round(6)
    array([[12.,  0.],
           [ 0.,  0.]])
    """
    __tracebackhide__ = True  # tracebacks show the message, not this frame
    q = np.asarray(q, dtype=float)
    qd = np.asarray(qd, dtype=float)
    return derivative_along(lambda x: np.asarray(call(M_fn, x, name="M", where=text("at_q", q=fmt(x))), dtype=float),
                            q, qd, eps)


def sympy_value(name: str, value: Any) -> Any:
    """``value`` for a symbolic check: a sympy object or a number, never text.

    ``sympy.sympify`` reads a text with ``eval``; a text, a container or any other object is
    refused with a message instead.

    >>> sympy_value("T", {"x": 1})
    Traceback (most recent call last):
    ...
    AssertionError: T is not a sympy expression: it is a dict
    """
    __tracebackhide__ = True  # tracebacks show the message, not this frame
    import sympy as sp

    if isinstance(value, (sp.Basic, sp.MatrixBase)):
        return value
    if isinstance(value, (bool, int, float, complex, np.number)) and not isinstance(value, str):
        return sp.sympify(value, strict=True)
    fail(text("not_sympy_kind", name=name, kind=type(value).__name__))


def check_equivalent(name: str, expr: Any, reference: Any, where: str = "") -> None:
    """Assert two sympy expressions (or matrices) are equal: ``simplify(expr - reference) == 0``.

    ``where`` names the example, e.g. ``place("symbolic_2r_arm")``.

    >>> import sympy as sp
    >>> x = sp.Symbol("x")
    >>> check_equivalent("e", sp.sin(x)**2, 1 - sp.cos(x)**2)
    >>> check_equivalent("e", sp.sin(x), sp.cos(x))
    Traceback (most recent call last):
    ...
    AssertionError: e is not equivalent to the expected expression: e - expected = sin(x) - cos(x), not 0
    """
    __tracebackhide__ = True  # tracebacks show the message, not this frame
    import sympy as sp

    if expr is None or expr is Ellipsis:
        fail(text("not_computed", name=name, value=repr(expr)))
    got, expected = sympy_value(name, expr), sympy_value(name, reference)
    try:
        diff = sp.simplify(got - expected)
    except Exception as err:  # noqa: BLE001
        diff, message = None, text("cannot_compare", name=name, error=type(err).__name__, detail=err)
    if diff is None:
        fail(message)
    zero = diff.is_zero_matrix if isinstance(diff, sp.MatrixBase) else diff == 0
    if not zero:
        fail(text("not_equivalent", name=name, where=at(where), diff=diff))


def check_numeric(name: str, expr: Any, symbols: Sequence[Any], values: dict[Any, float],
                  reference: Callable[..., Any], samples: np.ndarray, rtol: float = 1e-9) -> None:
    """Compare a sympy expression with an independent numeric function at sample points.

    The expression is evaluated by walking its tree (:func:`course_lib.grading.numeric.evaluate`),
    never compiled: an undefined function or a derivative left in it is refused by name.

    Args:
        name: what the expression is, for the message.
        expr: the learner's sympy expression, in ``symbols`` and the parameters of ``values``.
        symbols: the state symbols, in the order of the columns of ``samples``.
        values: numeric values for every other symbol (the parameters).
        reference: ``reference(*state)`` -> the expected value.
        samples: states, shape (n, len(symbols)).
        rtol: relative tolerance (plus the same absolute tolerance).
    """
    __tracebackhide__ = True  # tracebacks show the message, not this frame
    if expr is None or expr is Ellipsis:
        fail(text("not_computed", name=name, value=repr(expr)))
    numeric = sympy_value(name, expr)
    try:
        numeric = numeric.subs(values)
        free = numeric.free_symbols - set(symbols)
    except Exception as err:  # noqa: BLE001
        free, message = None, text("not_sympy", name=name, error=type(err).__name__, detail=err)
    if free is None:
        fail(message)
    allowed = [str(s) for s in symbols] + [str(k) for k in values]
    if free:
        fail(text("unexpected_symbols", name=name, free=sorted(map(str, free)), allowed=allowed))
    samples = np.atleast_2d(np.asarray(samples, dtype=float))
    try:
        got = list(evaluate(numeric, list(symbols), samples))
    except NotEvaluable as err:
        got, message = None, text("not_evaluable", name=name, parts=", ".join(err.parts), allowed=", ".join(allowed))
    if got is None:
        fail(message)
    wheres = [text("at_state", values=", ".join(f"{s} = {v:.3f}" for s, v in zip(symbols, state)))
              for state in samples]
    expected = [reference(*state) for state in samples]
    message = None
    for value, ref, where in zip(got, expected, wheres):
        try:
            check_close(name, value, ref, where, rtol, rtol)
        except AssertionError as err:
            message = str(err)
            break
    if message is not None:  # outside the except block: no "during handling of ..." chain
        hint = mistake_hint(name, got, expected, rtol)
        fail(text("with_hint", message=message, hint=hint) if hint else message)


def check_coriolis_properties(name: str, C: Any, M: Any, q: Sequence[Any], qd: Sequence[Any]) -> None:
    """Assert a symbolic C(q, q̇) is a Coriolis matrix of M(q) in Christoffel form.

    Two facts are checked symbolically: C q̇ equals the velocity terms of the
    Euler–Lagrange equation, Ṁ q̇ − ½ ∂(q̇ᵀ M q̇)/∂q, and Ṁ − 2C is skew-symmetric.

    >>> import sympy as sp
    >>> r, p, rd, pd = sp.symbols("r p rd pd", real=True)
    >>> M = sp.Matrix([[1, 0], [0, r**2]])
    >>> check_coriolis_properties("C", sp.Matrix([[0, -r*pd], [r*pd, r*rd]]), M, [r, p], [rd, pd])
    >>> check_coriolis_properties("C", sp.Matrix([[0, -r*pd], [2*r*pd, 0]]), M, [r, p], [rd, pd])
    Traceback (most recent call last):
    ...
    AssertionError: Mdot - 2C is not skew-symmetric: entry [0,1] + entry [1,0] = -2*pd*r instead of 0
    """
    __tracebackhide__ = True  # tracebacks show the message, not this frame
    import sympy as sp

    n = len(q)
    if not isinstance(C, sp.MatrixBase):
        fail(text("not_matrix", name=name, kind=type(C).__name__))
    if C.shape != (n, n):
        fail(text("matrix_shape", name=name, n=n, shape=C.shape))
    qd_vec = sp.Matrix(qd)
    Mdot = sum((M.diff(qk) * qdk for qk, qdk in zip(q, qd)), sp.zeros(n, n))
    kinetic2 = (qd_vec.T * M * qd_vec)[0, 0]
    expected = Mdot * qd_vec - sp.Matrix([kinetic2.diff(qk) for qk in q]) / 2
    diff = sp.simplify(C * qd_vec - expected)
    if not diff.is_zero_matrix:
        fail(text("velocity_terms", name=name, diff=list(diff)))
    S = sp.simplify(Mdot - 2 * C + (Mdot - 2 * C).T)
    for i in range(n):
        for j in range(n):
            if S[i, j] != 0:
                fail(text("not_skew", name=f"Mdot - 2{name}", where="", i=i, j=j, value=S[i, j]))


def check_held(name: str, values: Any, hold: int, dt: float, where: str = "") -> None:
    """Assert a sampled output is held (zero-order hold): row k equals row k − 1 unless k is a multiple of ``hold``.

    Args:
        name: what the rows are, e.g. ``"τ"``.
        values: one row per integration step k (the output applied from k·dt to (k+1)·dt), shape (K, n).
        hold: integration steps per control sample (control period / dt), ≥ 1.
        dt: integration step (s), for the times in the message.
        where: a description of the run, e.g. ``"for the visible run"``.

    >>> check_held("τ", [[1.0], [1.0], [2.0], [2.0]], hold=2, dt=0.001)
    >>> check_held("τ", [[1.0], [1.5], [2.0], [2.0]], hold=2, dt=0.001, where="in the visible run")
    Traceback (most recent call last):
    ...
    AssertionError: τ is not held in the visible run: it changes at t = 0.0010 s, inside the sample period that began at t = 0.0000 s (hold every 2 steps)
    """
    __tracebackhide__ = True  # tracebacks show the message, not this frame
    rows = np.asarray(values, dtype=float)
    changed = np.any(rows[1:] != rows[:-1], axis=tuple(range(1, rows.ndim)))
    k = np.arange(1, len(rows))
    bad = k[changed & (k % hold != 0)]
    if bad.size:
        first = int(bad[0])
        fail(text("not_held", name=name, where=at(where), t=f"{first * dt:.4f}",
                  start=f"{(first - first % hold) * dt:.4f}", hold=hold))
