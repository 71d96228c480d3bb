"""Lesson 11's quiz (motors, gears and friction): every expected value computed by MotorArm.

>>> quiz = motors_quiz()
>>> len(quiz), quiz[0].check("1.0").correct
(4, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.models import MotorArm
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz

#: the reflected-inertia question: gear ratio and rotor inertia (kg·m²)
KR, IM = 100.0, 1e-4
#: the breakaway question: Coulomb level of joint 1 (N·m) and the posture (rad)
FS1, Q_BREAK = 1.5, (0.0, 0.5)


def motors_quiz() -> Quiz:
    """Four questions: reflected rotor inertia, the breakaway torque with gravity, strong vs weak
    skew-symmetry, and the smoothed sign function."""
    reflected = float(MotorArm(kr1=KR, Im1=IM, Im2=0.0).rotor_mass_matrix()[0, 0])
    arm = MotorArm(Fs=[FS1, 50.0])  # joint 2 held by its friction, so only joint 1 can break away
    breakaway = arm.breakaway_torque(Q_BREAK)
    gravity1 = float(arm.gravity(Q_BREAK)[0])
    return Quiz([
        NumericQuestion(
            f"A rotor of I_m = {IM:g} kg·m² drives joint 1 through a gear of ratio k_r = {KR:g}. "
            "How much does it add to M₁₁ (kg·m²)?",
            reflected, 0.01 * reflected, "kg·m²", aliases=["kg*m^2", "kg m^2", "kgm^2", "kgm2", "kg m2"],
            explanation="The rotor turns k_r times faster than the joint, so its kinetic energy is "
                        "½ I_m (k_r θ̇)²: it adds k_r² I_m to M₁₁.",
            mistakes=[(KR * IM, "That is k_r I_m: the gear ratio enters twice, once per θ̇ in ½ I_m (k_r θ̇)²."),
                      (IM, "That is the rotor alone; seen through the gear it looks k_r² times heavier.")]),
        NumericQuestion(
            f"The 2R arm (lesson 3's links) is held still at θ = (0°, {np.degrees(Q_BREAK[1]):.1f}°) with gravity "
            "on, then let go with a constant torque τ₁ on joint 1 (τ₂ = 0). "
            f"Links: l₁ = {arm.l1:g} m, l_c1 = {arm.lc1:g} m, l_c2 = {arm.lc2:g} m, m₁ = {arm.m1:g} kg, "
            f"m₂ = {arm.m2:g} kg, g = {arm.g:g} m/s², no motor mass at the elbow. "
            f"Joint 1 has Coulomb friction F_s1 = {FS1:g} N·m; joint 2 is held by its own friction. "
            "What is the least τ₁ that starts joint 1 turning upward, θ₁ increasing (N·m)?",
            breakaway, 0.01 * breakaway, "N·m", aliases=["N*m", "Nm", "N m"],
            explanation="At rest joint 1 needs τ₁ − g₁(q) from friction to stay put, and friction gives at most "
                        f"F_s1 either way: it sticks for g₁ − F_s1 ≤ τ₁ ≤ g₁ + F_s1, falls below, turns upward "
                        f"above. So τ₁ = g₁ + F_s1 = {gravity1:.2f} + {FS1:g} = {breakaway:.2f} N·m. (Here "
                        "g₁ > F_s1: let go with τ₁ = 0, the arm would fall, which is why it is held first.)",
            mistakes=[(FS1, "That would do with gravity off; here gravity already loads the joint with g₁(q)."),
                      (gravity1, "That is g₁ alone: it only holds the arm; friction F_s1 must be overcome on top."),
                      (gravity1 - FS1, "That is g₁ − F_s1, the lower edge of the band where friction holds the "
                                       "arm: below it the arm falls. Upward, friction opposes the start, so F_s1 "
                                       "adds to g₁."),
                      (float(MotorArm(Fs=[FS1, 50.0]).gravity((0.0, 0.0))[0]) + FS1,
                       "That is the breakaway with the arm stretched out (θ₂ = 0): link 2's centre sits at "
                       "θ₁ + θ₂, so its lever arm shrinks by cos θ₂.")]),
        MultipleChoice(
            "For the arm with motors of this lesson, which statement about Ṁ − 2C is right?",
            [Option("Any matrix C that gives the right product C q̇ makes Ṁ − 2C skew-symmetric, whichever way its "
                    "entries are split between the two rates.",
                    feedback="Only the weak form q̇ᵀ(Ṁ − 2C)q̇ = 0 holds for every valid C."),
             Option("With the Christoffel C it is skew-symmetric (strong form); another valid C may give only "
                    "the weak form q̇ᵀ(Ṁ − 2C)q̇ = 0.", correct=True,
                    feedback="Yes: lesson 6's result; the constant rotor terms do not change C at all."),
             Option("The rotors break skew-symmetry, because their reflected inertias k_r² I_m are added to the "
                    "diagonal of M.",
                    feedback="They add constants to M, so Ṁ and C are those of the links alone.")],
            explanation="The weak form is energy conservation; the strong form needs C built from the "
                        "Christoffel symbols of M."),
        MultipleChoice(
            "A simulation replaces F_s sgn(q̇) by F_s tanh(q̇/ε). What goes wrong for an arm at rest under gravity "
            "that real friction would hold?",
            [Option("Nothing that matters: for a small enough ε, tanh(q̇/ε) is as close to sgn(q̇) as you like, everywhere.",
                    feedback="Away from q̇ = 0 yes, but sticking is exactly what happens at q̇ = 0."),
             Option("It adds energy to the arm, because tanh overshoots the sign function near q̇ = 0.",
                    feedback="tanh(q̇/ε) has the sign of q̇ and stays within ±1, so it still only dissipates."),
             Option("The smoothed term vanishes with q̇, so it cannot hold a still joint: the arm slides "
                    "slowly down.", correct=True,
                    feedback="Yes: a smoothed sign cannot stick; a stick–slip rule can.")],
            explanation="Sticking is a constraint, not a force law of q̇: the joint stays while the needed "
                        "torque is within ±F_s."),
    ])
