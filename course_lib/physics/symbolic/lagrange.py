"""Lagrange's equations, one differentiation at a time.

The recipe of the lesson, for a system with generalized coordinates
q = (q₁, …, qₙ), kinetic energy T(q, q̇), potential energy V(q) and
non-conservative generalized forces Q (joint torques, friction):

1. L = T − V
2. ∂L/∂q̇ᵢ                   (the generalized momentum)
3. d/dt ∂L/∂q̇ᵢ              (the chain rule brings in q̈ *and* Ṁ q̇)
4. ∂L/∂qᵢ
5. d/dt ∂L/∂q̇ᵢ − ∂L/∂qᵢ = Qᵢ

Coordinates are sympy functions of the time symbol :data:`TIME` (the same
``t`` as :mod:`sympy.physics.mechanics`), so derivatives print with dots.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import sympy as sp
from sympy.physics.mechanics import dynamicsymbols
from sympy.physics.vector import vlatex

#: the time symbol every coordinate depends on
TIME: sp.Symbol = dynamicsymbols._t


def coordinates(names: str | Sequence[str], t: sp.Symbol = TIME) -> list[sp.Expr]:
    """Generalized coordinates as functions of time, e.g. ``θ₁(t), θ₂(t)``.

    Args:
        names: space- or comma-separated names (``"theta1 theta2"``) or a list
            of names. Greek names print as Greek letters.
        t: the time symbol (default :data:`TIME`).

    Returns:
        A list of sympy expressions qᵢ(t), one per name, even for a single name.

    >>> theta1, theta2 = coordinates("theta1 theta2")
    >>> theta1.diff(TIME)
    Derivative(theta1(t), t)
    """
    if isinstance(names, str):
        names = names.replace(",", " ").split()
    names = list(names)
    if not names or not all(isinstance(n, str) and n.isidentifier() for n in names):
        raise ValueError(f"names must be one or more identifiers such as 'theta1 theta2', got {names!r}")
    if len(set(names)) != len(names):
        raise ValueError(f"names must be distinct, got {names!r}")
    return [sp.Function(n)(t) for n in names]


def velocities(q: Sequence[sp.Expr], t: sp.Symbol = TIME) -> list[sp.Expr]:
    """The generalized velocities q̇ᵢ = dqᵢ/dt.

    >>> velocities(coordinates("x"))
    [Derivative(x(t), t)]
    """
    return [qi.diff(t) for qi in _check_coordinates(q, t)]


def accelerations(q: Sequence[sp.Expr], t: sp.Symbol = TIME) -> list[sp.Expr]:
    """The generalized accelerations q̈ᵢ = d²qᵢ/dt²."""
    return [qi.diff(t, 2) for qi in _check_coordinates(q, t)]


def tidy(expr: Any) -> Any:
    """Expand, let trigonometric identities collapse the result, expand again.

    Cheap enough for the course's systems and it turns
    ``sin²θ + cos²θ`` into 1, which plain ``expand`` does not.

    >>> th = sp.Symbol("theta")
    >>> tidy(sp.sin(th)**2 * 3 + 3 * sp.cos(th)**2)
    3
    """
    if isinstance(expr, sp.MatrixBase):
        return expr.applyfunc(tidy)
    return sp.expand(sp.trigsimp(sp.expand(expr)))


@dataclass(frozen=True)
class LagrangeSteps:
    """Every intermediate result of Lagrange's recipe, for display and checking.

    Attributes:
        q: generalized coordinates qᵢ(t).
        t: the time symbol.
        T, V: kinetic and potential energy (J).
        L: the Lagrangian T − V.
        dL_dqd: ∂L/∂q̇ᵢ, one entry per coordinate.
        ddt_dL_dqd: d/dt ∂L/∂q̇ᵢ.
        dL_dq: ∂L/∂qᵢ.
        forces: the generalized forces Qᵢ on the right-hand side.
        equations: ``sympy.Eq(d/dt ∂L/∂q̇ᵢ − ∂L/∂qᵢ, Qᵢ)``, one per coordinate.
    """

    q: list[sp.Expr]
    t: sp.Symbol
    T: sp.Expr
    V: sp.Expr
    L: sp.Expr
    dL_dqd: list[sp.Expr]
    ddt_dL_dqd: list[sp.Expr]
    dL_dq: list[sp.Expr]
    forces: list[sp.Expr]
    equations: list[sp.Eq] = field(default_factory=list)

    @property
    def lhs(self) -> sp.Matrix:
        """Column d/dt ∂L/∂q̇ − ∂L/∂q, the left-hand sides of :attr:`equations`."""
        return sp.Matrix([eq.lhs for eq in self.equations])

    @property
    def residuals(self) -> sp.Matrix:
        """Column lhs − Q; it vanishes along every true motion."""
        return sp.Matrix([eq.lhs - eq.rhs for eq in self.equations])

    def rows(self) -> list[tuple[str, str]]:
        """The derivation as (left side, right side) LaTeX pairs, in lesson order."""
        out = [(r"\mathcal{L} = T - V", vlatex(self.L))]
        for i, qi in enumerate(self.q):
            name = vlatex(qi)
            dot = vlatex(qi.diff(self.t))
            out += [
                (rf"\frac{{\partial \mathcal{{L}}}}{{\partial {dot}}}", vlatex(self.dL_dqd[i])),
                (rf"\frac{{d}}{{dt}}\frac{{\partial \mathcal{{L}}}}{{\partial {dot}}}", vlatex(self.ddt_dL_dqd[i])),
                (rf"\frac{{\partial \mathcal{{L}}}}{{\partial {name}}}", vlatex(self.dL_dq[i])),
                (vlatex(self.equations[i].lhs), vlatex(self.equations[i].rhs)),
            ]
        return out

    def latex(self) -> str:
        """All steps as one LaTeX ``aligned`` block."""
        body = r" \\ ".join(f"{a} &= {b}" for a, b in self.rows())
        return r"\begin{aligned}" + body + r"\end{aligned}"

    def _repr_latex_(self) -> str:
        return "$\\displaystyle " + self.latex() + "$"

    def formulas(self) -> list[Formula]:
        r"""The steps as one displayable formula each, in lesson order.

        A notebook shows them one per output line with IPython's ``display(*steps.formulas())``;
        each formula renders through its ``_repr_latex_``.

        Returns:
            One :class:`Formula` per row of :meth:`rows`.

        >>> (q,) = coordinates("q")
        >>> first = lagrange_steps(q.diff() ** 2 / 2, 0 * q, [q]).formulas()[0]
        >>> print(first._repr_latex_())
        $\displaystyle \mathcal{L} = T - V = \frac{\dot{q}^{2}}{2}$
        """
        return [Formula(left, right) for left, right in self.rows()]


@dataclass(frozen=True)
class Formula:
    """One displayed equation ``left = right``, both sides LaTeX.

    Attributes:
        left: the left side (LaTeX).
        right: the right side (LaTeX).
    """

    left: str
    right: str

    def _repr_latex_(self) -> str:
        return f"$\\displaystyle {self.left} = {self.right}$"


def lagrange_steps(
    T: Any,
    V: Any,
    q: Sequence[sp.Expr],
    t: sp.Symbol = TIME,
    forces: Sequence[Any] | None = None,
    simplify: bool = True,
) -> LagrangeSteps:
    """Apply Euler–Lagrange to T and V, keeping every intermediate step.

    Args:
        T: kinetic energy, an expression in qᵢ(t) and their time derivatives.
        V: potential energy, an expression in qᵢ(t).
        q: the generalized coordinates, e.g. from :func:`coordinates`.
        t: the time symbol.
        forces: generalized forces Qᵢ (one per coordinate), e.g. joint torques
            minus friction; default zero.
        simplify: tidy each step with :func:`tidy` (expand + trigsimp).

    Returns:
        A :class:`LagrangeSteps`; a notebook cell shows it as LaTeX.

    >>> (theta,) = coordinates("theta")
    >>> m, l, g, tau = sp.symbols("m l g tau", positive=True)
    >>> thd = theta.diff(TIME)
    >>> steps = lagrange_steps(m * l**2 * thd**2 / 2, -m * g * l * sp.cos(theta), [theta], forces=[tau])
    >>> steps.equations[0]
    Eq(g*l*m*sin(theta(t)) + l**2*m*Derivative(theta(t), (t, 2)), tau)
    """
    q = _check_coordinates(q, t)
    if forces is None:
        forces = [sp.S.Zero] * len(q)
    forces = [sp.sympify(f) for f in forces]
    if len(forces) != len(q):
        raise ValueError(f"forces must have one entry per coordinate ({len(q)}), got {len(forces)}")
    T, V = sp.sympify(T), sp.sympify(V)
    qd = [qi.diff(t) for qi in q]
    if any(V.has(v) for v in qd):
        raise ValueError("V must depend on the coordinates only, not on their velocities")
    step = tidy if simplify else (lambda e: e)
    L = step(T - V)
    dL_dqd = [step(L.diff(v)) for v in qd]
    ddt = [step(p.diff(t)) for p in dL_dqd]
    dL_dq = [step(L.diff(qi)) for qi in q]
    eqs = [sp.Eq(step(a - b), f) for a, b, f in zip(ddt, dL_dq, forces)]
    return LagrangeSteps(list(q), t, T, V, L, dL_dqd, ddt, dL_dq, forces, eqs)


def _check_coordinates(q: Sequence[Any], t: sp.Symbol) -> list[sp.Expr]:
    """Coordinates must be distinct undefined functions of ``t`` alone."""
    q = list(q) if not isinstance(q, sp.Basic) else [q]
    for i, qi in enumerate(q):
        if not (isinstance(qi, sp.core.function.AppliedUndef) and qi.args == (t,)):
            raise ValueError(
                f"q[{i}] must be a coordinate function of {t} such as theta({t}) "
                f"(use coordinates('theta')), got {qi!r}"
            )
    if not q or len(set(q)) != len(q):
        raise ValueError(f"q must be a non-empty list of distinct coordinates, got {q!r}")
    return q


_DOTS = {"dot": r"\dot", "ddot": r"\ddot"}


def dotted_latex(expr: Any) -> str:
    r"""LaTeX of an expression in plain state symbols, ``theta1_dot`` shown as :math:`\dot\theta_1`.

    Args:
        expr: a sympy expression or matrix whose symbols are named like
            :func:`~course_lib.physics.symbolic.numeric.state_symbols` names them
            (``theta1``, ``theta1_dot``, ``theta1_ddot``).

    Returns:
        The LaTeX string, with one dot for ``_dot`` and two for ``_ddot``.

    >>> th, thd = sp.symbols("theta theta_dot")
    >>> dotted_latex(-thd * th)
    '- \\theta \\dot{\\theta}'
    """
    names = {}
    for symbol in sp.sympify(expr).free_symbols:
        base, _, dots = symbol.name.rpartition("_")
        if base and dots in _DOTS:
            names[symbol] = f"{_DOTS[dots]}{{{sp.latex(sp.Symbol(base))}}}"
    return sp.latex(expr, symbol_names=names)
