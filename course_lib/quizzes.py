"""The lessons' quizzes, each defined once: the notebooks show them, the tests check them.

Every expected value is computed here by course_lib (the pendulum model and
the symbolic Lagrange derivation), never typed in.

>>> quiz = pendulum_quiz()
>>> len(quiz), quiz[0].check("-9.81 rad/s^2").correct
(5, True)
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from course_lib.models import Pendulum
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, SymbolicQuestion
from course_lib.symbolic import as_symbols, lagrange_steps, pendulum_energies, state_symbols


def signed(x: float, digits: int = 2) -> str:
    """A number for prose, with the minus sign (−) the formulas around it use, not a hyphen.

    >>> signed(-9.81), signed(6.937, 1)
    ('−9.81', '6.9')
    """
    return f"{x:.{digits}f}".replace("-", "−")


def pendulum_acceleration_expr() -> sp.Expr:
    """θ̈ of the damped, driven pendulum, solved from the Lagrange derivation.

    Returns:
        θ̈ in the symbols theta, theta_dot, tau, b, m, l, g (as in lesson 2).
    """
    T, V, q = pendulum_energies()
    tau, b = sp.symbols("tau b", real=True)
    steps = lagrange_steps(T, V, q, forces=[tau - b * q[0].diff()])
    (_,), (_,), (th_ddot,) = state_symbols(q)
    return sp.solve(as_symbols(steps.equations[0], q), th_ddot)[0]


def pendulum_quiz(pendulum: Pendulum | None = None) -> Quiz:
    """Lesson 2's "Check yourself" quiz.

    Args:
        pendulum: the lesson's pendulum (default m = l = 1 kg, m, g = 9.81 m/s²).

    Returns:
        Five questions: θ̈ at 90°, why the rod's pull is absent, the holding
        torque at 45°, the rod tension at the bottom, and θ̈ as a formula.
    """
    p = pendulum if pendulum is not None else Pendulum(m=1.0, l=1.0)
    acc_at_90 = float(p.angular_acceleration(np.pi / 2, 0.0))
    hold_45 = float(p.holding_torque(np.pi / 4))
    # released at rest from 90°: the potential energy lost by the bottom becomes ½ m l² θ̇²
    drop = float(p.potential_energy([np.pi / 2]) - p.potential_energy([0.0]))
    bottom_speed = float(np.sqrt(2 * drop / p.inertia))
    tension_bottom = float(p.rod_tension(0.0, bottom_speed))
    accel = pendulum_acceleration_expr()
    return Quiz([
        NumericQuestion(
            f"Take m = {p.m:g} kg, l = {p.l:g} m and g = {p.g} m/s², with θ counted from the downward vertical. "
            "The ball is let go, at rest, with the rod horizontal (θ = 90°), τ = 0 and b = 0. "
            "What is θ̈ at that instant (rad/s²)?",
            expected=acc_at_90, tolerance=0.02, unit="rad/s^2", aliases=["1/s^2"],
            explanation=(f"m l² θ̈ = −m g l sin θ gives θ̈ = −(g/l) sin 90° = {signed(acc_at_90)} rad/s²: negative, the "
                         "pendulum swings back down. At rest the ball has no speed, so nothing depends on θ̇; with "
                         "the rod horizontal, the weight's lever arm about the pivot is the full length l, which "
                         "makes the torque, and with it θ̈, as large as it can get.")),
        MultipleChoice(
            "In the Lagrange derivation of the pendulum, why is there no term for the pull of the rod?",
            [Option("Because a freely swinging pendulum's rod carries no tension, so there is no force to include.",
                    feedback="It does: the Newton view shows tens of newtons at the bottom of a fast swing."),
             Option("Because any motion described by θ keeps the rod's length, so the pull is perpendicular to "
                    "the path and does no work.", correct=True,
                    feedback="Yes: constraint forces do no work on admissible (virtual) displacements."),
             Option("Because Lagrange's method works only with T and V, so every force outside them is left out.",
                    feedback="No: τ and the friction b θ̇ appear on the right-hand side as generalized forces."),
             Option("Because the rod's pull is a potential force, already counted in V together with gravity.",
                    feedback="V = m g l (1 − cos θ) only holds gravity; a constraint force has no potential here.")],
            explanation=("Choosing θ as the coordinate builds the constraint in: |ball − pivot| = l for any value of "
                         "θ, and the rod's pull is at right angles to every such virtual displacement, so its work "
                         "is zero and it never enters. If you do need the tension (to size the rod, say), compute "
                         "it after the fact from the radial force balance, as the Newton section did.")),
        NumericQuestion(
            f"With damping on, which constant torque τ (N·m) holds the pendulum (m = {p.m:g} kg, l = {p.l:g} m) "
            "at rest at 45°?",
            expected=hold_45, tolerance=0.05, unit="N*m", aliases=["Nm", "N m"],
            explanation=(f"At rest θ̇ = θ̈ = 0, so the equation leaves τ = m g l sin 45° = {hold_45:.2f} N·m. "
                         "Friction plays no part once the pendulum is still.")),
        NumericQuestion(
            "Released from rest at 90°, with τ = b = 0, what is the rod tension (N) as the ball passes the bottom?",
            expected=tension_bottom, tolerance=0.1, unit="N",
            explanation=(f"Energy gives θ̇² = 2 (g/l)(1 − cos 90°) at the bottom, so T_c = m l θ̇² + m g = 3 m g "
                         f"= {tension_bottom:.2f} N: three times the ball's weight.")),
        SymbolicQuestion(
            "Solve the pendulum's equation for the angular acceleration. Type θ̈ in terms of "
            "theta, theta_dot, tau, b, m, l, g (e.g. sin(theta), l^2).",
            expected=accel, symbols={s.name: s for s in accel.free_symbols},
            explanation="From m l² θ̈ + m g l sin θ = τ − b θ̇: θ̈ = (τ − b θ̇ − m g l sin θ)/(m l²)."),
    ])


def spring_acceleration_expr() -> sp.Expr:
    """q̈ of a mass m on a spring of stiffness c, solved from Lagrange's recipe (symbols q, m, c)."""
    from course_lib.symbolic import coordinates

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
            [Option("The true path, ε = 0: the bottom of the valley.", correct=True,
                    feedback="Yes: every perturbation that keeps the ends fixed raises S here, for small ε first in ε²."),
             Option("The straight line between the two end points.",
                    feedback="A straight line has less kinetic energy but pays for it in potential energy; its "
                             "action is higher than the parabola's."),
             Option("The most perturbed path, |ε| = 0.5.",
                    feedback="The right panel climbs as |ε| grows: the further from the true path, the larger S."),
             Option("None: S(ε) − S(0) is the same for every ε.",
                    feedback="It grows like ε²; only its slope at ε = 0 is zero.")],
            explanation=("The valley's lowest point sits at ε = 0, the path the ball really takes. Its slope there is "
                         "zero: that is Hamilton's principle, δS = 0. For the ball the rise is exactly "
                         "m π² k² ε²/(4T), because L is quadratic in q̇ and linear in q.")),
        MultipleChoice(
            f"With mode k = 3 (three half-waves between the ends), is the bottom of the valley still at the true "
            f"path, for the ball and for the pendulum (T = {swing.horizon:g} s)?",
            [Option("Yes, for both: the first-order change vanishes for every shape η with fixed ends.", correct=True,
                    feedback="Right: the Euler–Lagrange equation makes the bracket in δS zero at every instant, "
                             "whatever η is."),
             Option("Only for the ball; the pendulum's valley moves away from ε = 0.",
                    feedback="The pendulum's valley is also centred on ε = 0; only its shape is not a parabola."),
             Option("Only for k = 1; higher modes find other paths.",
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
            [Option("The true path still makes S stationary, but S now decreases along k = 1: a saddle.",
                    correct=True,
                    feedback=f"Yes: d²S/dε² = {curvature_long:.2f} J·s/rad² there. Stationary, not a minimum."),
             Option("The true path no longer makes S stationary.",
                    feedback="It does, at any horizon: δS = 0 is the equation of motion itself."),
             Option("Nothing changes: the true path is always the minimum.",
                    feedback="Only for short horizons. Past the conjugate point the valley opens into a saddle.")],
            explanation=(f"The curvature along sin(πt/T) is ∫ (m l² η̇² − m g l cos θ η²) dt. The kinetic part "
                         f"shrinks like 1/T while the gravity part grows like T; they balance at T ≈ "
                         f"{horizon:.3f} s for these ends, near half a small-swing period π√(l/g). Robotics uses "
                         "only δS = 0, which holds either way.")),
        SymbolicQuestion(
            "A mass m on a spring of stiffness c has L = ½ m q̇² − ½ c q². Apply Euler–Lagrange and type q̈ "
            "in terms of q, m and c.",
            expected=spring, symbols={s.name: s for s in spring.free_symbols},
            explanation="∂L/∂q̇ = m q̇, so d/dt ∂L/∂q̇ = m q̈; ∂L/∂q = −c q. Hence m q̈ + c q = 0 and q̈ = −c q/m."),
    ])
