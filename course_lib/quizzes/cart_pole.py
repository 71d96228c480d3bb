"""Lesson 4's quiz on underactuation, defined once: the notebook shows it, the tests check it.

Every expected value is computed here: the slope of the reachable line by the
symbolic Lagrange derivation, the numbers by :class:`~course_lib.models.CartPole`
and :mod:`course_lib.control`.

>>> quiz = cart_pole_quiz()
>>> len(quiz), quiz[2].check("-cos(theta)/l").correct
(4, True)
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from course_lib import control
from course_lib.models import CartPole
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, SymbolicQuestion
from course_lib.symbolic import as_symbols, cart_pole_energies, lagrange_steps, state_symbols


def reachable_slope_expr() -> sp.Expr:
    """dθ̈/dẍ along the accelerations reachable as F varies, from the Lagrange equations with Q = (F, 0).

    Solves both equations for (ẍ, θ̈), differentiates each by F and takes the ratio.

    Returns:
        The slope in the symbols theta and l (it is −cos θ / l).

    >>> reachable_slope_expr()
    -cos(theta)/l
    """
    T, V, q = cart_pole_energies()
    F = sp.Symbol("F", real=True)
    steps = lagrange_steps(T, V, q, forces=[F, 0])
    _, _, (x_ddot, th_ddot) = state_symbols(q)
    sol = sp.solve([as_symbols(eq, q) for eq in steps.equations], [x_ddot, th_ddot], dict=True)[0]
    return sp.simplify(sp.diff(sol[th_ddot], F) / sp.diff(sol[x_ddot], F))


def cart_pole_quiz(model: CartPole | None = None) -> Quiz:
    """Lesson 4's "Check yourself" quiz.

    Args:
        model: the lesson's cart-pole (default M_c = 1 kg, m = 0.3 kg, l = 0.8 m).

    Returns:
        Four questions: the seed's question on underactuation, the rank of the
        controllability matrix, the reachable line's slope as a formula, and the
        cart acceleration that keeps a tilted pole from falling further.
    """
    cp = model if model is not None else CartPole()
    A, B = cp.linearize((0.0, 0.0))
    rank = int(np.linalg.matrix_rank(control.controllability_matrix(A, B)))
    tilt = np.radians(10.0)
    a, d = cp.reachable_line([0.0, tilt], [0.0, 0.0])
    force = float(-a[1] / d[1])  # the force whose θ̈ is zero
    hold_acc = float(a[0] + force * d[0])
    slope = reachable_slope_expr()
    return Quiz([
        MultipleChoice(
            "The cart-pole has two degrees of freedom (x, θ) and one actuator, the force F on the cart. "
            "Which statement is right?",
            [Option("A large enough force F, pushed in the right direction, can give the cart and the pole any pair of "
                    "accelerations (ẍ, θ̈).",
                    feedback="No: the pole's equation l θ̈ + cos θ ẍ = g sin θ has no F, so (ẍ, θ̈) stays on a line."),
             Option("With one actuator for two coordinates the system cannot be balanced at all.",
                    feedback="Underactuated is not uncontrollable: the linearization at the top is controllable."),
             Option("The reachable (ẍ, θ̈) lie on a line whatever F is, yet the upright is controllable, and LQR "
                    "balances it.", correct=True,
                    feedback="Yes: one direction of acceleration is chosen by F, the other is dictated by the "
                             "pole's equation, and feedback uses that coupling."),
             Option("The pole's equation contains F, because the cart pushes the pole.",
                    feedback="The generalized force is (F, 0): F does no work on θ alone. The cart acts on the pole "
                             "through the coupling term m l cos θ ẍ, not through F.")],
            explanation=("B = (1, 0)ᵀ has rank 1 < 2: the second row of M q̈ + C q̇ + g = B F reads "
                         "m l cos θ ẍ + m l² θ̈ − m g l sin θ = 0, independent of F, so every force gives a point on "
                         "one line. The controllability matrix of the linearization still has full rank, so a "
                         "feedback law can bring any small deviation back to the top.")),
        NumericQuestion(
            "Linearize the cart-pole at the upright, z = (x, θ, ẋ, θ̇). What is the rank of the controllability "
            "matrix [B, AB, A²B, A³B]?",
            expected=float(rank), tolerance=0.1,
            explanation=(f"Its rank is {rank}, the full state dimension: one force can steer all four states, though "
                         "B alone has rank 1. The pole's coupling to the cart (A's entries that link θ and ẍ) is what "
                         "spreads the single input through all four directions.")),
        SymbolicQuestion(
            "As F varies, (ẍ, θ̈) moves along a line. Type its slope dθ̈/dẍ in terms of theta and l.",
            expected=slope, symbols={s.name: s for s in slope.free_symbols},
            explanation=("Differentiate l θ̈ + cos θ ẍ = g sin θ along the line: l dθ̈ + cos θ dẍ = 0, so the slope "
                         "is −cos θ / l. Upright (θ = 0) it is −1/l: pushing the cart right makes the pole fall back "
                         "to the left.")),
        NumericQuestion(
            f"The pole leans {np.degrees(tilt):g}° to the right, at rest (l = {cp.l:g} m, g = {cp.g} m/s²). Which "
            "cart acceleration ẍ (m/s²) keeps it from tipping further at this instant (θ̈ = 0)?",
            expected=hold_acc, tolerance=0.02, unit="m/s^2",
            explanation=(f"With θ̈ = 0 the pole's equation leaves cos θ ẍ = g sin θ, so ẍ = g tan θ = {hold_acc:.2f} "
                         "m/s², toward the lean: the cart must run under the pole. The force that does it depends "
                         "on the masses; the acceleration does not.")),
    ])
