"""Lesson 1's quiz: the action principle."""

from __future__ import annotations

import sympy as sp

from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, SymbolicQuestion
from course_lib.symbolic import as_symbols, coordinates, lagrange_steps, state_symbols


def spring_acceleration_expr() -> sp.Expr:
    """q̈ of a mass m on a spring of stiffness c, solved from Lagrange's recipe (symbols q, m, c)."""
    (q,) = coordinates("q")
    m, c = sp.symbols("m c", positive=True)
    steps = lagrange_steps(m * q.diff() ** 2 / 2, c * q**2 / 2, [q])
    _, _, (q_ddot,) = state_symbols([q])
    return sp.solve(as_symbols(steps.equations[0], [q]), q_ddot)[0]


def action_quiz() -> Quiz:
    """Lesson 1's "Check yourself" quiz: the action principle.

    Returns:
        Five questions: where the action is smallest (the seed's first "Try this" question),
        whether every mode finds the same valley (the seed's second), the ball's ΔS for k = 2,
        what a long horizon does to the pendulum's valley, and q̈ of a mass on a spring by Lagrange.
    """
    from course_lib.action import Ball, PendulumSwing, ball_delta_s, saddle_horizon, second_variation

    ball = Ball()
    eps, k = 0.1, 2
    delta = float(ball_delta_s(ball, eps, k))
    horizon = saddle_horizon()
    swing = PendulumSwing()
    long_swing = PendulumSwing(horizon=1.5)
    curvature_long = second_variation(long_swing, k=1)
    spring = spring_acceleration_expr()
    return Quiz([
        MultipleChoice(
            "You pull ε out beyond 0.3 and bring it back to nearly 0, watching S(ε) − S(0). Which path has the "
            "smallest action?",
            [Option("The straight line between the two end points.",
                    feedback="A straight line has less kinetic energy but pays for it in potential energy; its "
                             "action is higher than the parabola's."),
             Option("The most perturbed path, |ε| = 0.5.",
                    feedback="The right panel climbs as |ε| grows: the further from the true path, the larger S."),
             Option("The true path, ε = 0, at the bottom.", correct=True,
                    feedback="Yes: every perturbation that keeps the ends fixed raises S here, for small ε first in ε²."),
             Option("None: S(ε) − S(0) is the same for every ε.",
                    feedback="It grows like ε²; only its slope at ε = 0 is zero.")],
            explanation=("The valley's lowest point sits at ε = 0, the path the ball really takes. Its slope there is "
                         "zero: that is Hamilton's principle, δS = 0. For the ball the rise is exactly "
                         "m π² k² ε²/(4T), because L is quadratic in q̇ and linear in q.")),
        MultipleChoice(
            f"With mode k = 3 (three half-waves between the ends), is the bottom of the valley still at the true "
            f"path, for the ball and for the pendulum (T = {swing.horizon:g} s)?",
            [Option("Only for the ball; the pendulum's valley moves away from ε = 0 as its swing gets larger.",
                    feedback="The pendulum's valley is also centred on ε = 0; only its shape is not a parabola."),
             Option("Yes, for both: the first-order change vanishes for every shape η with fixed ends.", correct=True,
                    feedback="Right: the Euler–Lagrange equation makes the bracket in δS zero at every instant, "
                             "whatever η is."),
             Option("Only for k = 1; the higher modes k = 2…5 find paths with a lower action than ε = 0.",
                    feedback="Higher modes only make the valley steeper (k² for the ball).")],
            explanation=("δS = ∫ (∂L/∂q − d/dt ∂L/∂q̇) η dt after one integration by parts. The true path makes the "
                         "bracket zero at every instant, so δS = 0 for every η that vanishes at the ends, "
                         "sin(3πt/T) included. What k changes is the curvature: higher modes wiggle faster and cost "
                         "more kinetic energy.")),
        NumericQuestion(
            f"The ball (m = {ball.m:g} kg, T = {ball.horizon:g} s) is perturbed by ε sin(kπt/T) with k = {k} and "
            f"ε = {eps:g} m. By how much does the action grow (J·s)?",
            expected=delta, tolerance=0.002, unit="J*s", aliases=["Js", "J s"],
            explanation=(f"ΔS = m π² k² ε²/(4T) = π² · {k**2} · {eps**2:g}/4 = {delta:.4f} J·s. Only ½ m ∫ (ε η̇)² dt "
                         "survives: the first-order part is zero on the true path, and V = m g q is linear in q.")),
        MultipleChoice(
            f"The pendulum keeps its end points θ(0) = {swing.theta_start:g} rad, θ(T) = {swing.theta_end:g} rad, "
            f"but the horizon grows to T = {long_swing.horizon:g} s (longer than half a period). What happens to "
            "S along the mode k = 1?",
            [Option("The true path no longer makes S stationary, so it is not a solution of the equation any more.",
                    feedback="It does, at any horizon: δS = 0 is the equation of motion itself."),
             Option("Nothing changes: the true path is always the minimum of the action, at any horizon.",
                    feedback=f"Only for short horizons. Past the conjugate point, T ≈ {horizon:.3f} s here (half "
                             "the period of a 0.3 rad swing), the valley opens into a saddle."),
             Option("S is still stationary at ε = 0, but decreases along k = 1: a saddle.",
                    correct=True,
                    feedback=f"Yes: d²S/dε² = {curvature_long:.2f} J·s/rad² there. Stationary, not a minimum.")],
            explanation=(f"The curvature along sin(πt/T) is ∫ (m l² η̇² − m g l cos θ η²) dt. The kinetic part "
                         f"shrinks like 1/T while the gravity part grows like T; they balance at T ≈ "
                         f"{horizon:.3f} s for these ends: half the period of a swing of amplitude "
                         f"{swing.theta_start:g} rad, a little longer than half a small-swing period π√(l/g). At "
                         "that horizon, the conjugate point, the true path starts from rest and its neighbours "
                         "from θ(0) arrive at θ(T) too. Robotics uses only δS = 0, which holds either way.")),
        SymbolicQuestion(
            "A mass m on a spring of stiffness c has L = ½ m q̇² − ½ c q². Apply Euler–Lagrange and type q̈ "
            "in terms of q, m and c.",
            expected=spring, symbols={s.name: s for s in spring.free_symbols},
            explanation="∂L/∂q̇ = m q̇, so d/dt ∂L/∂q̇ = m q̈; ∂L/∂q = −c q. Hence m q̈ + c q = 0 and q̈ = −c q/m."),
    ])
