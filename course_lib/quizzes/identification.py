"""Lesson 9's quiz: identifying the 2R arm's base parameters."""

from __future__ import annotations

from typing import TYPE_CHECKING

from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz

if TYPE_CHECKING:
    from course_lib.models import TwoLinkArm


def identification_quiz(arm: "TwoLinkArm | None" = None) -> Quiz:
    """Lesson 9's quiz: identification of the 2R arm's base parameters.

    Args:
        arm: the arm identified (default the lesson's arm, :class:`TwoLinkArm`).

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
            "In the lab, press \"Reset centre\" (the swing's centre back at θ₁ = 17.2°, θ₂ = 60°), then pick \"slow and "
            "small\" with 60 samples. What is κ(A), the condition number of the regressor matrix without column "
            "scaling? (It does not depend on σ or the seed, but it does depend on the centre.)",
            expected=kappa_slow, tolerance=0.05 * kappa_slow,
            explanation=(f"κ(A) ≈ {kappa_slow:.3g}. The gravity columns of A are of order g ≈ 10, while the "
                         "inertia columns carry q̈, which for a swing of amplitude A and frequency f peaks at "
                         "A (2πf)²: here a few hundredths of a rad/s². The smallest singular value is tiny, and the "
                         "torque noise is amplified by up to κ(A) into the estimate.")),
        MultipleChoice(
            "Why are the inertias (a, b, c) nearly invisible when the arm moves slowly?",
            [Option("Because the mass matrix becomes singular at low speed.",
                    feedback="M is positive definite in every pose, at any speed."),
             Option("Because least squares quietly drops the columns of A that are small.",
                    feedback="It does not drop them: it divides by them, which is exactly what amplifies noise."),
             Option("They multiply q̈ and q̇², which a slow swing keeps tiny next to the noise.",
                    correct=True, feedback="Yes: the data hardly depend on a, b, c, so the noise decides them."),
             Option("Because gravity's torque cancels the inertial torques when the arm moves slowly.",
                    feedback="The torques add; nothing cancels. The inertial part is simply small.")],
            explanation=("τ = Y π with Y's first three columns made of q̈ and q̇² terms. Halve the frequency and "
                         "they shrink four times; halve the amplitude and they halve again. With σ = 0.5 N·m of "
                         "noise and inertial torques of a few hundredths of a N·m, the errors of a, b, c still "
                         "fall like 1/√N, but from thousands of percent at N = 60: getting b to 5 % at that speed "
                         "would take about 10⁸ samples. A faster, larger motion is the cure.")),
        MultipleChoice(
            "Torque data determine a = m₁l_c₁² + I₁ + m₂(l₁² + l_c₂²) + I₂ but not I₁ on its own. Why?",
            [Option("I₁ and m₁l_c₁² enter every torque only through their sum.", correct=True,
                    feedback="Yes: change one and undo it with the other, and no torque of any motion changes; "
                             "the regressor has one column for the sum, none for the parts."),
             Option("I₁ is too small for the joint torque sensors to measure at all.",
                    feedback="Size is not the issue: a 10 kg·m² I₁ hides just as well."),
             Option("Because link 1 does not move during the experiment.", feedback="It does: joint 1 turns link 1."),
             Option("Because gravity acts on the masses but not on I₁.",
                    feedback="Gravity never acts on an inertia, yet c and a are identifiable.")],
            explanation=("Link 1 only turns about joint 1, so its inertia about that joint, m₁l_c₁² + I₁ (parallel "
                         "axes), is all the dynamics ever see. Such sums are the base parameters (Gautier–Khalil); "
                         "the n-link version, with 11 parameters per link (10 inertial plus the rotor), loses many "
                         "more the same way.")),
        NumericQuestion(
            "With the same excitation and noise, you take 4 times as many samples. By what factor is the typical "
            "parameter error multiplied? (A decimal number: 2 would mean it doubles.)",
            expected=0.5, tolerance=0.02,
            mistakes=[(2.0, "That is the factor by which the error shrinks; the question asks what it is multiplied "
                            "by."),
                      (0.25, "That would be an error falling like 1/N. The error falls like 1/√N."),
                      (4.0, "More samples make the error smaller, not larger.")],
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
