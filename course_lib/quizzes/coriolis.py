"""Lesson 6's "Check yourself" quiz: Coriolis and centrifugal torques, Christoffel symbols, skew-symmetry.

Every expected value is computed by course_lib (the 2R model and
:mod:`course_lib.christoffel`), never typed in.

>>> quiz = coriolis_quiz()
>>> len(quiz), quiz[0].check("2.4 N*m").correct
(5, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.models import TwoLinkArm
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz


def coriolis_quiz(arm: TwoLinkArm | None = None) -> Quiz:
    """Seed 000's questions 2 and 3, and three of the course's own.

    Args:
        arm: the lesson's arm (default the seeds' arm, l₁ = 1 m, l₂ = 0.8 m, m₂ = 1.5 kg).

    Returns:
        Five questions: τ₂ when only joint 1 spins at θ₂ = 90° (seed Q2); what skew-symmetry
        of Ṁ − 2C means (seed Q3); τ₁ with both joints spinning; which C passes the weak
        test; which term of C q̇ is the Coriolis one.
    """
    arm = arm if arm is not None else TwoLinkArm()
    p = arm.params
    q90, spin1 = np.array([0.0, np.pi / 2]), np.array([2.0, 0.0])
    tau2 = float((arm.coriolis_matrix(q90, spin1) @ spin1)[1])
    both = np.array([1.0, 1.0])
    tau1 = float((arm.coriolis_matrix(q90, both) @ both)[0])
    return Quiz([
        NumericQuestion(
            f"The lesson's arm (l₁ = {p.l1:g} m, m₂ = {p.m2:g} kg, l_c₂ = {p.lc2:g} m) holds θ₂ = 90° while joint 1 "
            f"turns at a constant θ̇₁ = {spin1[0]:g} rad/s, with θ̇₂ = 0 and q̈ = 0. Ignoring gravity, what torque "
            "(N·m) must joint 2's motor supply?",
            expected=tau2, tolerance=0.05, unit="N*m", aliases=["Nm", "N m"],
            mistakes=[(0.0, "Joint 2 does not accelerate, yet link 2's centre runs on a circle: what force keeps it "
                            "there, and what is its moment about the elbow?"),
                      (p.m2 * p.l1 * p.l2 * spin1[0] ** 2, "That uses l₂; the force acts at link 2's centre of mass, "
                                                           "l_c₂ from the elbow."),
                      (tau2 / spin1[0], "τ₂ = h θ̇₁²: is the rate squared?")],
            explanation=(f"h = m₂ l₁ l_c₂ sin θ₂ = {p.m2 * p.l1 * p.lc2:.2f} kg·m², and τ₂ = h θ̇₁² = {tau2:.2f} N·m. "
                         "Newton agrees: centre 2 runs on a circle of radius √(l₁² + l_c₂²) about the base and "
                         "needs a centripetal force m₂ ω² r toward it; the moment of that force about the elbow is "
                         "the same torque. Joint 2 does not accelerate, yet its motor must hold link 2 on the "
                         "circle.")),
        MultipleChoice(
            "What does the skew-symmetry of Ṁ − 2C (C from Christoffel symbols) tell you physically?",
            [Option("That C is zero whenever M is constant, and small next to M q̈ otherwise.",
                    feedback="C vanishes for constant M, but the property holds for any M and any size of C."),
             Option("That the velocity torques do no work: Ṫ = q̇ᵀ(τ − g), whatever C q̇ is.", correct=True,
                    feedback="Yes: q̇ᵀ(Ṁ − 2C)q̇ = 0 removes C from the power balance."),
             Option("That the arm has no friction, so only the motors can take energy out of it.",
                    feedback="Friction is a separate term; skew-symmetry is about C alone and holds with friction."),
             Option("That C is the only matrix whose product C q̇ equals the arm's velocity torques.",
                    feedback="No: the lab's alternative C gives the same C q̇; it is just not skew.")],
            explanation=("From Ṫ = q̇ᵀM q̈ + ½ q̇ᵀṀ q̇ and M q̈ = τ − C q̇ − g: Ṫ = q̇ᵀ(τ − g) + ½ q̇ᵀ(Ṁ − 2C) q̇, "
                         "and the last term is zero. It does not require C = 0, a constant M, or the absence of "
                         "friction: it says the velocity terms only move kinetic energy between the joints.")),
        NumericQuestion(
            f"Same arm at θ₂ = 90°, now with θ̇₁ = θ̇₂ = {both[0]:g} rad/s and q̈ = 0, no gravity. What is τ₁ (N·m)?",
            expected=tau1, tolerance=0.05, unit="N*m", aliases=["Nm", "N m"],
            mistakes=[(tau1 / 3, "That is the centrifugal part −h θ̇₂² alone: add the Coriolis part −2h θ̇₁θ̇₂."),
                      (-tau1, "Right size, wrong sign: τ₁ = −h θ̇₂² − 2h θ̇₁θ̇₂ with h > 0 at θ₂ = 90°."),
                      (tau1 * 2 / 3, "That is the Coriolis part alone: add the centrifugal part −h θ̇₂².")],
            explanation=(f"τ₁ = −h θ̇₂² − 2h θ̇₁θ̇₂ = −h − 2h = −3h = {tau1:.2f} N·m: one centrifugal part and a "
                         "Coriolis part twice as large. Making 2θ̇₁ + θ̇₂ = 0 would cancel it (the lab's second task).")),
        MultipleChoice(
            "The lab's alternative C = [[0, −h(2θ̇₁ + θ̇₂)], [h θ̇₁, 0]] gives the same C q̇ as the Christoffel C. "
            "Which statement holds for it?",
            [Option("Ṁ − 2C is skew-symmetric as well, since it gives the same C q̇.",
                    feedback="The lab's skew error leaves zero for it: same product, different matrix."),
             Option("q̇ᵀ(Ṁ − 2C)q̇ ≠ 0 for it, so energy is not conserved with this C.",
                    feedback="The power balance only involves C q̇, which is unchanged: energy bookkeeping holds."),
             Option("q̇ᵀ(Ṁ − 2C)q̇ = 0 still, but wᵀ(Ṁ − 2C)w ≠ 0 for some w.", correct=True,
                    feedback="Right: the weak form holds for every valid C, the strong one only for Christoffel's."),
             Option("It gives other joint torques than the Christoffel C at high speed.",
                    feedback="C q̇ is identical at every speed; only the matrix differs.")],
            explanation=("The weak form q̇ᵀ(Ṁ − 2C)q̇ = 0 only involves C q̇, so it holds for any factorization. "
                         "The strong form, N = Ṁ − 2C skew for every w, holds for the Christoffel C; passivity and "
                         "adaptive-control proofs need it, so say which C you use.")),
        MultipleChoice(
            "In C q̇ = (−h θ̇₂² − 2h θ̇₁θ̇₂, h θ̇₁²), which term is a Coriolis term?",
            [Option("h θ̇₁² (in τ₂)", feedback="A joint's own rate squared: centrifugal (felt at joint 2)."),
             Option("−2h θ̇₁θ̇₂", correct=True, feedback="Yes: a product of two different joint rates."),
             Option("−h θ̇₂² (in τ₁)", feedback="A joint's own rate squared: centrifugal.")],
            explanation=("Terms in θ̇ᵢ² are centrifugal, terms in θ̇ᵢθ̇ⱼ with i ≠ j are Coriolis. Both come from M "
                         "changing with θ₂ (h = −½ ∂M₁₁/∂θ₂), and both vanish with the arm straight or folded.")),
    ])
