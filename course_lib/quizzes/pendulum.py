"""Lesson 2's quiz: the pendulum by Lagrange and by Newton.

>>> quiz = pendulum_quiz()
>>> len(quiz), quiz[0].check("-9.81 rad/s^2").correct
(5, True)
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from course_lib.models import Pendulum
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, SymbolicQuestion
from course_lib.quizzes.prose import signed
from course_lib.symbolic import as_symbols, lagrange_steps, pendulum_energies, state_symbols


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
             Option("Because the rod's pull is a conservative force, so it is already counted in the potential energy V "
                    "together with gravity.",
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
