"""Lesson 5's "Check yourself" quiz on the mass matrix, defined once (the notebook shows it, tests check it).

Every expected value is computed by course_lib from the lesson's arm, never typed in.

>>> quiz = mass_matrix_quiz()
>>> len(quiz) >= 5
True
"""

from __future__ import annotations

import math

import numpy as np

from course_lib import quadratic_forms as qf
from course_lib.models import TwoLinkArm
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz


def mass_matrix_quiz(arm: TwoLinkArm | None = None) -> Quiz:
    """Lesson 5's quiz.

    Args:
        arm: the lesson's arm (default the seeds' 2R arm with no payload).

    Returns:
        Five questions: which statement about M is right (seed 000, question 1), κ(M) of the
        stretched arm, the speed ratio of the light and heavy directions at θ₂ = 90°, the kinetic
        energy of a given q̇, and why M does not depend on θ₁.
    """
    arm = arm if arm is not None else TwoLinkArm()
    kappa_straight = float(qf.condition_number(arm.mass_matrix([0.0, 0.0])))
    long, short = qf.semi_axes(arm.mass_matrix([0.0, math.pi / 2]), 1.0)
    ratio_90 = float(long / short)
    qd = np.array([1.0, -1.0])
    M90 = arm.mass_matrix([0.0, math.pi / 2])
    T_90 = float(arm.kinetic_energy([0.0, math.pi / 2], qd))
    return Quiz([
        MultipleChoice(
            "Which statement about the mass matrix M(q) of a rigid-body arm is right?",
            [Option("M is symmetric and positive definite in every posture, so it can always be inverted; it "
                    "changes with the posture.", correct=True,
                    feedback="Yes: ½ q̇ᵀ M q̇ is a kinetic energy, which is positive for every q̇ ≠ 0."),
             Option("M becomes singular when the arm is stretched, like the Jacobian.",
                    feedback="A singular Jacobian loses a tip direction; M still gives every joint motion a "
                             "positive kinetic energy, so it stays invertible."),
             Option("M is constant; only C and g change with the posture.",
                    feedback="Drag θ₂ in the lab: M₁₁ changes by almost a factor of three."),
             Option("M is diagonal when the joints are independent motors.",
                    feedback="M₁₂ couples the joints through the links' inertia, whatever the motors are.")],
            explanation=("T = ½ q̇ᵀ M q̇ is a sum of link energies, each ≥ 0 and zero only if the link is at rest; "
                         "a non-zero q̇ moves at least one link, so M is positive definite. Singular postures "
                         "belong to the tip Jacobian J, not to M: do not confuse the two.")),
        NumericQuestion(
            "For the lesson's arm without payload, what is the condition number κ(M) = λ₂/λ₁ with the arm "
            "stretched (θ₂ = 0)?",
            expected=kappa_straight, tolerance=0.02 * kappa_straight,
            explanation=(f"M at θ₂ = 0 has κ ≈ {kappa_straight:.1f}: the ellipse is very flat, one direction "
                         "(the two joints turning against each other) is far lighter than the other.")),
        NumericQuestion(
            "At θ₂ = 90°, for the same kinetic energy, how many times larger is the joint speed |q̇| along the "
            "light direction than along the heavy one?",
            expected=ratio_90, tolerance=0.02 * ratio_90,
            explanation=(f"The semi-axes are √(2E/λ₁) and √(2E/λ₂), so their ratio is √(λ₂/λ₁) = √κ = "
                         f"{ratio_90:.2f}, whatever E is.")),
        NumericQuestion(
            f"At θ₂ = 90° the arm's M is [[{M90[0, 0]:.4f}, {M90[0, 1]:.4f}], [{M90[0, 1]:.4f}, {M90[1, 1]:.4f}]] "
            "kg·m². What is the kinetic energy T (J) for q̇ = (1, −1) rad/s?",
            expected=T_90, tolerance=0.005, unit="J",
            explanation=(f"T = ½ (M₁₁ q̇₁² + 2 M₁₂ q̇₁ q̇₂ + M₂₂ q̇₂²) = ½ ({M90[0, 0]:.4f} − 2·{M90[0, 1]:.4f} + "
                         f"{M90[1, 1]:.4f}) = {T_90:.4f} J. The off-diagonal term counts twice and here takes "
                         "energy away: turning the joints against each other keeps link 2 slower.")),
        MultipleChoice(
            "Why does the 2R arm's M depend on θ₂ but not on θ₁?",
            [Option("Turning θ₁ with θ₂ fixed turns the whole arm rigidly about the base: the same shape, the same "
                    "mass distribution about joint 1, hence the same kinetic energy for every q̇.", correct=True,
                    feedback="Yes: only the shape (θ₂) changes where the masses sit relative to the joints."),
             Option("Because gravity does not act on joint 1.",
                    feedback="Gravity acts on joint 1 (g₁ depends on θ₁), but M has nothing to do with gravity."),
             Option("Because θ₁ is measured from the horizontal.",
                    feedback="Measuring θ₁ from any other fixed line would shift it by a constant and change nothing."),
             Option("It does depend on θ₁, only weakly.",
                    feedback="The lab's readout shows the change of M when only θ₁ moves: exactly zero.")],
            explanation=("The kinetic energy of a rigid rotation of the whole arm is the same in every direction "
                         "of the plane: rotating the picture does not change speeds. So M can depend only on "
                         "the relative angle θ₂, through cos θ₂ in M₁₁ and M₁₂."))])
