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
            explanation=(f"m l² θ̈ = −m g l sin θ gives θ̈ = −(g/l) sin 90° = {acc_at_90:.2f} rad/s²: negative, the "
                         "pendulum swings back down. At rest the ball has no speed, so nothing depends on θ̇; with "
                         "the rod horizontal, the weight's lever arm about the pivot is the full length l, which "
                         "makes the torque, and with it θ̈, as large as it can get.")),
        MultipleChoice(
            "In the Lagrange derivation of the pendulum, why is there no term for the pull of the rod?",
            [Option("Because the tension is zero in a swinging pendulum.",
                    feedback="It is not: the Newton view shows tens of newtons at the bottom of a fast swing."),
             Option("Because every motion expressed through θ keeps the rod's length fixed, and along such motions "
                    "the rod's pull is perpendicular to the ball's path, so it does no work.", correct=True,
                    feedback="Yes: constraint forces do no work on admissible (virtual) displacements."),
             Option("Because Lagrange's method ignores all forces.",
                    feedback="No: τ and the friction b θ̇ appear on the right-hand side as generalized forces."),
             Option("Because the tension is already included in V.",
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


def identification_quiz(arm: "TwoLinkArm | None" = None) -> Quiz:
    """Lesson 9's quiz: identification of the 2R arm's base parameters.

    Args:
        arm: the arm identified (default the seeds' arm).

    Returns:
        Five questions: κ(A) of the "slow and small" excitation at 60 samples (the
        lab's second task), why slow motion hides the inertias, why I₁ and
        m₁l_c₁² cannot be told apart, how the error scales with N, and a payload
        from the change of e.
    """
    from course_lib import identification as ident
    from course_lib.models import TwoLinkArm

    arm = arm if arm is not None else TwoLinkArm()
    kappa_slow = ident.condition_number(ident.experiment(arm, ident.EXCITATIONS["slow"], 60).A)
    payload = 0.5
    e_before, e_after = arm.base_parameters()[4], arm.replace(payload=payload).base_parameters()[4]
    return Quiz([
        NumericQuestion(
            "In the lab, pick \"slow and small\" with 60 samples. What is κ(A), the condition number of the "
            "regressor matrix without column scaling? (It does not depend on σ or the seed.)",
            expected=kappa_slow, tolerance=0.05 * kappa_slow,
            explanation=(f"κ(A) ≈ {kappa_slow:.3g}. The gravity columns of A are of order g ≈ 10, while the "
                         "inertia columns carry q̈, which for a swing of amplitude A and frequency f peaks at "
                         "A (2πf)²: here a few hundredths of a rad/s². The smallest singular value is tiny, and the "
                         "torque noise is amplified by up to κ(A) into the estimate.")),
        MultipleChoice(
            "Why are the inertias (a, b, c) nearly invisible when the arm moves slowly?",
            [Option("Because the mass matrix becomes singular at low speed.",
                    feedback="M is positive definite in every pose, at any speed."),
             Option("Because they multiply q̈ and q̇ in the torques, which are tiny for a slow, small swing, "
                    "while gravity's torques (d, e) stay large: the inertias' share of τ drowns in the noise.",
                    correct=True, feedback="Yes: the data hardly depend on a, b, c, so the noise decides them."),
             Option("Because least squares ignores small columns.",
                    feedback="It does not ignore them: it divides by them, which is exactly what amplifies noise."),
             Option("Because gravity cancels the inertial torques.",
                    feedback="The torques add; nothing cancels. The inertial part is simply small.")],
            explanation=("τ = Y π with Y's first three columns made of q̈ and q̇² terms. Halve the frequency and "
                         "they shrink four times; halve the amplitude and they halve again. With σ = 0.5 N·m of "
                         "noise and inertial torques of a few hundredths of a N·m, no number of samples at that "
                         "speed pins a, b, c down well.")),
        MultipleChoice(
            "Torque data determine a = m₁l_c₁² + I₁ + m₂(l₁² + l_c₂²) + I₂ but not I₁ on its own. Why?",
            [Option("I₁ is too small to measure.", feedback="Size is not the issue: a 10 kg·m² I₁ hides just as well."),
             Option("I₁ and m₁l_c₁² enter every torque only through their sum: any change of one that the other "
                    "undoes leaves every torque of every motion unchanged.", correct=True,
                    feedback="Yes: the regressor has one column for the sum, none for the parts."),
             Option("Because link 1 does not move.", feedback="It does: joint 1 turns link 1."),
             Option("Because gravity does not act on I₁.",
                    feedback="Gravity never acts on an inertia, yet c and a are identifiable.")],
            explanation=("Link 1 only turns about joint 1, so its inertia about that joint, m₁l_c₁² + I₁ (parallel "
                         "axes), is all the dynamics ever see. Such sums are the base parameters (Gautier–Khalil); "
                         "the n-link version, with 11 parameters per link (10 inertial plus the rotor), loses many "
                         "more the same way.")),
        NumericQuestion(
            "With the same excitation and noise, you take 4 times as many samples. By what factor does the typical "
            "parameter error change?",
            expected=0.5, tolerance=0.02,
            explanation=("π̂ − π = A⁺ε, whose covariance is σ²(AᵀA)⁻¹; AᵀA grows like N, so the error falls like "
                         "σ/√N: 4× the samples, half the error.")),
        NumericQuestion(
            f"Before a gripper is mounted, e = m₂l_c₂ is identified as {e_before:.3f} kg·m; after, {e_after:.3f} "
            f"kg·m. Treat the gripper as a point mass at the tip (l₂ = {arm.l2:g} m). What is its mass (kg)?",
            expected=payload, tolerance=0.01, unit="kg",
            explanation=(f"A point mass m_p at distance l₂ from joint 2 adds m_p l₂ to e: m_p = ({e_after:.3f} − "
                         f"{e_before:.3f}) / {arm.l2:g} = {payload:g} kg. The other four parameters change too, by "
                         "m_p(l₁² + l₂², l₁l₂, l₂², l₁); fitting all five at once uses more of the data.")),
    ])
