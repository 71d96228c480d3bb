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

#: the elbow angle (deg) of the speed-ratio question: not the lab's start posture (90°), whose readout prints the ratio
RATIO_THETA2_DEG = 120.0


def mass_matrix_quiz(arm: TwoLinkArm | None = None) -> Quiz:
    """Lesson 5's quiz.

    Args:
        arm: the lesson's arm (default the seeds' 2R arm with no payload).

    Returns:
        Five questions: which statement about M is right (seed 000, question 1), κ(M) of the
        stretched arm, the speed ratio of the light and heavy directions at θ₂ = RATIO_THETA2_DEG
        (read in the lab after moving θ₂ there), the kinetic energy of a given q̇, and why M does
        not depend on θ₁. The right option of a multiple-choice question is not always the first.
    """
    arm = arm if arm is not None else TwoLinkArm()
    kappa_straight = float(qf.condition_number(arm.mass_matrix([0.0, 0.0])))
    M_ratio = arm.mass_matrix([0.0, math.radians(RATIO_THETA2_DEG)])
    long, short = qf.semi_axes(M_ratio, 1.0)
    ratio = float(long / short)
    kappa_ratio = float(qf.condition_number(M_ratio))
    qd = np.array([1.0, -1.0])
    M90 = arm.mass_matrix([0.0, math.pi / 2])
    T_90 = float(arm.kinetic_energy([0.0, math.pi / 2], qd))
    return Quiz([
        MultipleChoice(
            "Which statement about the mass matrix M(q) of a rigid-body arm is right?",
            [Option("M becomes singular when the arm is stretched out, just as the tip Jacobian J does there.",
                    feedback="A singular Jacobian loses a tip direction; M still gives every joint motion a "
                             "positive kinetic energy, so it stays invertible."),
             Option("M is the same in every posture; only the Coriolis terms C and gravity g change with it.",
                    feedback="Drag θ₂ in the lab: M₁₁ changes by almost a factor of three."),
             Option("M is symmetric positive definite in every posture, hence invertible, and it changes as "
                    "the arm moves.", correct=True,
                    feedback="Yes: ½ q̇ᵀ M q̇ is a kinetic energy, which is positive for every q̇ ≠ 0."),
             Option("M is diagonal whenever each joint is driven by its own motor, independent of the others.",
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
            f"Set θ₂ = {RATIO_THETA2_DEG:.0f}° in the lab (no payload). For the same kinetic energy, how many times "
            "larger is the joint speed |q̇| along the light direction than along the heavy one?",
            expected=ratio, tolerance=0.02 * ratio,
            mistakes=[(kappa_ratio, "That is κ = λ₂/λ₁, the ratio of the eigenvalues. The semi-axes go as "
                                    "1/√λ, so the speeds differ by the square root of that."),
                      (1 / ratio, "That is the heavy speed over the light one: the light direction is the "
                                  "faster one, so the ratio is larger than 1.")],
            explanation=(f"The semi-axes are √(2E/λ₁) and √(2E/λ₂), so their ratio is √(λ₂/λ₁) = √κ = "
                         f"√{kappa_ratio:.2f} = {ratio:.2f}, whatever E is: the lab's readout of the semi-axes "
                         "says the same.")),
        NumericQuestion(
            f"At θ₂ = 90° the arm's M is [[{M90[0, 0]:.4f}, {M90[0, 1]:.4f}], [{M90[0, 1]:.4f}, {M90[1, 1]:.4f}]] "
            "kg·m². What is the kinetic energy T (J) for q̇ = (1, −1) rad/s?",
            expected=T_90, tolerance=0.005, unit="J",
            mistakes=[(2 * T_90, "Your value is twice the answer: did you forget the ½ in T = ½ q̇ᵀ M q̇?"),
                      (0.5 * (M90[0, 0] + M90[1, 1]), "The off-diagonal entries are missing: q̇ᵀ M q̇ has the "
                                                      "term 2 M₁₂ q̇₁ q̇₂."),
                      (0.5 * (M90[0, 0] - M90[0, 1] + M90[1, 1]), "M₁₂ is counted once: it appears twice in "
                                                                 "q̇ᵀ M q̇, as M₁₂ and as M₂₁.")],
            explanation=(f"T = ½ (M₁₁ q̇₁² + 2 M₁₂ q̇₁ q̇₂ + M₂₂ q̇₂²) = ½ ({M90[0, 0]:.4f} − 2·{M90[0, 1]:.4f} + "
                         f"{M90[1, 1]:.4f}) = {T_90:.4f} J. The off-diagonal term counts twice and here takes "
                         "energy away: turning the joints against each other keeps link 2 slower.")),
        MultipleChoice(
            "Why does the 2R arm's M depend on θ₂ but not on θ₁?",
            [Option("Because gravity does not act on joint 1, so joint 1 cannot enter the mass matrix M at all.",
                    feedback="Gravity acts on joint 1 (g₁ depends on θ₁), but M has nothing to do with gravity."),
             Option("Turning θ₁ rotates the whole arm rigidly: same shape, same masses, same T for every q̇.",
                    correct=True,
                    feedback="Yes: only the shape (θ₂) changes where the masses sit relative to the joints."),
             Option("Because θ₁ is measured from the horizontal, a fixed line, and θ₂ from the moving link 1.",
                    feedback="Measuring θ₁ from any other fixed line would shift it by a constant and change nothing."),
             Option("It does depend on θ₁, but so weakly that the lab's readout rounds the change away.",
                    feedback="The lab's readout shows the change of M when only θ₁ moves: exactly zero.")],
            explanation=("The kinetic energy of a rigid rotation of the whole arm is the same in every direction "
                         "of the plane: rotating the picture does not change speeds. So M can depend only on "
                         "the relative angle θ₂, through cos θ₂ in M₁₁ and M₁₂."))])
