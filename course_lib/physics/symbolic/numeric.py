"""Turn a symbolic manipulator equation into fast numpy functions.

:func:`lambdify_dynamics` substitutes numbers for the parameters and
compiles M(q), C(q, q̇) and g(q) with :func:`sympy.lambdify`. The result
speaks the models' vocabulary (``mass_matrix``, ``coriolis_matrix``,
``gravity``, ``bias``, ``forward_dynamics``) and accepts one state of shape
``(n,)`` or a batch ``(N, n)``.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

import numpy as np
import sympy as sp

from course_lib.physics import _checks
from course_lib.physics.symbolic.manipulator import ManipulatorForm


def state_symbols(q: Sequence[sp.Expr]) -> tuple[list[sp.Symbol], list[sp.Symbol], list[sp.Symbol]]:
    """Plain symbols standing for qᵢ(t), q̇ᵢ and q̈ᵢ: ``theta``, ``theta_dot``, ``theta_ddot``.

    >>> from course_lib.physics.symbolic.lagrange import coordinates
    >>> state_symbols(coordinates("x theta"))[1]
    [x_dot, theta_dot]
    """
    names = [qi.func.__name__ for qi in q]
    return (
        [sp.Symbol(n, real=True) for n in names],
        [sp.Symbol(f"{n}_dot", real=True) for n in names],
        [sp.Symbol(f"{n}_ddot", real=True) for n in names],
    )


def as_symbols(expr: Any, q: Sequence[sp.Expr], t: sp.Symbol | None = None) -> Any:
    """Replace qᵢ(t), q̇ᵢ, q̈ᵢ in ``expr`` by the plain symbols of :func:`state_symbols`.

    Derivatives are matched before the coordinates themselves, so q̇ does not
    collapse to zero.

    >>> from course_lib.physics.symbolic.lagrange import coordinates, TIME
    >>> (th,) = coordinates("theta")
    >>> as_symbols(th.diff(TIME) * sp.cos(th), [th])
    theta_dot*cos(theta)
    """
    q = list(q)
    t = q[0].args[0] if t is None else t
    qs, qds, qdds = state_symbols(q)
    rule = {}
    for qi, a, b, c in zip(q, qs, qds, qdds):
        rule[qi.diff(t, 2)] = c
        rule[qi.diff(t)] = b
        rule[qi] = a
    return sp.sympify(expr).xreplace(rule)


def _values(values: Mapping[Any, Any] | None) -> dict[sp.Symbol, float]:
    out = {}
    for key, val in (values or {}).items():
        if not isinstance(key, sp.Symbol):
            raise ValueError(f"values must map sympy symbols to numbers; the key {key!r} is not a symbol")
        out[key] = _checks.finite(f"values[{key}]", val)
    return out


def _compile(expr: sp.Matrix, args: list[sp.Symbol]) -> Callable[..., np.ndarray]:
    """Compile a matrix of expressions into f(*columns) -> array (..., rows, cols)."""
    rows, cols = expr.shape
    f = sp.lambdify(args, list(expr), modules="numpy")

    def evaluate(*columns: np.ndarray) -> np.ndarray:
        batch = np.shape(columns[0]) if columns else ()
        out = np.empty(batch + (rows, cols))
        for k, val in enumerate(f(*columns)):
            out[..., k // cols, k % cols] = val
        return out

    return evaluate


class NumericDynamics:
    """M, C, g of a :class:`ManipulatorForm` as numpy functions (no friction, Q = τ).

    Build it with :func:`lambdify_dynamics`.
    """

    def __init__(self, form: ManipulatorForm, values: Mapping[sp.Symbol, float]):
        self.n_dof = len(form.q)
        qs, qds, _ = state_symbols(form.q)
        parts = {name: as_symbols(getattr(form, name), form.q).xreplace(values) for name in ("M", "C", "g")}
        allowed = set(qs) | set(qds)
        missing = set().union(*(e.free_symbols for e in parts.values())) - allowed
        if missing:
            names = ", ".join(sorted(str(s) for s in missing))
            raise ValueError(f"values must give a number for every parameter; missing: {names}")
        self._M = _compile(parts["M"], qs)
        self._C = _compile(parts["C"], qs + qds)
        self._g = _compile(parts["g"], qs)

    def _cols(self, *arrays: Any, names: tuple[str, ...]) -> list[np.ndarray]:
        checked = [_checks.states(n, a, self.n_dof) for n, a in zip(names, arrays)]
        checked = _checks.matching(names, tuple(checked))
        return [a[..., i] for a in checked for i in range(self.n_dof)]

    def mass_matrix(self, q: Any) -> np.ndarray:
        """M(q), shape ``(n, n)`` or ``(N, n, n)``."""
        return self._M(*self._cols(q, names=("q",)))

    def coriolis_matrix(self, q: Any, qd: Any) -> np.ndarray:
        """C(q, q̇) in Christoffel form, shape ``(n, n)`` or ``(N, n, n)``."""
        cols = self._cols(q, qd, names=("q", "qd"))
        return self._C(*cols)

    def gravity(self, q: Any) -> np.ndarray:
        """g(q), shape ``(n,)`` or ``(N, n)``."""
        return self._g(*self._cols(q, names=("q",)))[..., 0]

    def bias(self, q: Any, qd: Any) -> np.ndarray:
        """C(q, q̇) q̇ + g(q)."""
        qd_arr = _checks.states("qd", qd, self.n_dof)
        C = self.coriolis_matrix(q, qd)
        return np.einsum("...ij,...j->...i", C, qd_arr) + self.gravity(q)

    def forward_dynamics(self, q: Any, qd: Any, tau: Any) -> np.ndarray:
        """q̈ = M⁻¹ (τ − C q̇ − g)."""
        tau = _checks.states("tau", tau, self.n_dof)
        rhs = tau - self.bias(q, qd)
        return np.linalg.solve(self.mass_matrix(q), rhs[..., None])[..., 0]


def lambdify_dynamics(form: ManipulatorForm, values: Mapping[sp.Symbol, Any] | None = None) -> NumericDynamics:
    """Compile the symbolic M, C, g into numpy functions.

    Args:
        form: the result of :func:`~course_lib.physics.symbolic.manipulator.manipulator_form`.
        values: a number for every parameter symbol, e.g. ``{m: 1.0, l: 0.5, g: 9.81}``.

    Returns:
        A :class:`NumericDynamics` with ``mass_matrix(q)``, ``coriolis_matrix(q, qd)``,
        ``gravity(q)``, ``bias(q, qd)`` and ``forward_dynamics(q, qd, tau)``.

    Raises:
        ValueError: if a parameter is left without a number.

    >>> from course_lib.physics.symbolic import pendulum_energies, lagrange_steps, manipulator_form
    >>> T, V, q = pendulum_energies(m=2.0, l=0.5, g=9.81)
    >>> dyn = lambdify_dynamics(manipulator_form(lagrange_steps(T, V, q)))
    >>> dyn.mass_matrix([0.3]), dyn.gravity([np.pi / 2])
    (array([[0.5]]), array([9.81]))
    """
    if not isinstance(form, ManipulatorForm):
        raise ValueError(f"form must be the ManipulatorForm from manipulator_form, got {type(form).__name__}")
    return NumericDynamics(form, _values(values))
