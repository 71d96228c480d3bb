"""Lesson 7's "Check yourself" quiz: the operational-space inertia Λ and the apparent mass at the tool.

Every expected value is computed by :mod:`course_lib.operational_space`, never typed in.

>>> quiz = operational_quiz()
>>> len(quiz), quiz[2].check("2.17 kg").correct
(5, True)
"""

from __future__ import annotations

import numpy as np

from course_lib import operational_space as osp
from course_lib.models import TwoLinkArm
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz


def operational_quiz(arm: TwoLinkArm | None = None) -> Quiz:
    """Seed 000's question 4, the task's "where do 20 kg come from?", and three of the course's own.

    Args:
        arm: the lesson's arm (default the lesson's arm without payload, 3.5 kg in all).

    Returns:
        Five questions: why the lost direction is heavy near a straight posture (seed Q4); where
        the 20 kg come from; m(u) along y at θ₂ = 90°; the direction of the tip's acceleration for
        a push that is not along an eigen-direction; the least κ(Λ) over all postures.
    """
    arm = arm if arm is not None else TwoLinkArm()
    total = arm.m1 + arm.m2 + arm.payload
    q90 = np.array([0.0, np.pi / 2])
    m_y = osp.apparent_mass(arm, q90, [0.0, 1.0])
    m_x = osp.apparent_mass(arm, q90, [1.0, 0.0])
    grid = np.stack([np.zeros(179), np.radians(np.arange(1, 180))], -1)
    kappa = osp.task_inertia_condition(arm, grid)
    k_min, k_deg = float(kappa.min()), int(np.arange(1, 180)[np.argmin(kappa)])
    return Quiz([
        MultipleChoice(
            "Near a straight (singular) posture the apparent mass along the 'lost direction' becomes huge. Why?",
            [Option("Because M becomes singular when the arm is straight, so M⁻¹ blows up.",
                    feedback="M stays positive definite in every posture; it is J that loses rank."),
             Option("Because the links' masses add up along the arm's direction when it is straight.",
                    feedback=f"The masses never change; the whole arm is still {total:g} kg."),
             Option("Because J nearly loses that direction: uᵀ J M⁻¹ Jᵀ u → 0, so m(u) grows without bound.",
                    correct=True,
                    feedback="Yes: the joints can hardly move the tip that way, so a force there barely accelerates it."),
             Option("Because gravity then pulls along the arm and adds its weight to the force needed to move "
                    "the tip.", feedback="Gravity plays no part: the lab pushes an arm at rest without gravity.")],
            explanation=("Λ⁻¹ = J M⁻¹ Jᵀ. Where J nearly loses a direction, Λ⁻¹ nearly loses an eigenvalue and Λ "
                         "has a huge one. It is the shadow of the kinematic singularity in the dynamics: mass did "
                         "not change, M is not singular, gravity is irrelevant.")),
        MultipleChoice(
            f"The whole arm weighs {total:g} kg, yet the lab shows an apparent mass above 20 kg. Where does it come from?",
            [Option("From the motors' rotor inertia, which the gears reflect to the tip.",
                    feedback="This model has no rotors; the effect is there without."),
             Option("From leverage: a push along the straight arm barely turns the joints, like a very low gear.",
                    correct=True, feedback="Right: the apparent mass is about the mechanism, not the material."),
             Option("It is a numerical error of inverting a nearly singular matrix, nothing you could measure.",
                    feedback="It is physics: the arm's tip really accelerates that little when pushed that way."),
             Option("From gravity's pull on the two links, which the push must lift as well as accelerate.",
                    feedback="The lab has no gravity.")],
            explanation=("m(u) is the force per unit acceleration at the tip. Near a straight arm, a push along the "
                         "arm produces almost no joint acceleration, hence almost no tip acceleration: the tool "
                         "feels heavy although no kilogram was added. At exactly straight there is no finite value "
                         "at all.")),
        NumericQuestion(
            "Take the lesson's arm (no payload) with θ₁ = 0 and θ₂ = 90° (link 2 points straight up). What apparent mass (kg) "
            "does the tip have when pushed straight up (u = (0, 1)), the arm at rest, no gravity?",
            expected=m_y, tolerance=0.02, unit="kg",
            mistakes=[(m_x, "That is the apparent mass along x, u = (1, 0); the push here is straight up."),
                      (total, "The whole arm's mass: the tip does not carry all of it along every direction. "
                              "Use m(u) = 1 / (uᵀ J M⁻¹ Jᵀ u)."),
                      (1.0 / m_y, "That is uᵀ Λ⁻¹ u = uᵀ J M⁻¹ Jᵀ u; the apparent mass is its inverse.")],
            explanation=(f"m(u) = 1 / (uᵀ J M⁻¹ Jᵀ u) = {m_y:.3f} kg; along x it is only {m_x:.3f} kg. Pushing up "
                         "along link 2 can only swing link 1, which carries both links.")),
        MultipleChoice(
            "You push the resting tip with a force F that is not along an eigenvector of Λ. Which way does the tip "
            "start to accelerate?",
            [Option("Exactly along F, as it would for a point mass of any size.",
                    feedback="Only along Λ's eigen-directions; the tool is not a point mass."),
             Option("Perpendicular to F, because Λ⁻¹ turns every force by 90°.",
                    feedback="The power F · ẍ = Fᵀ Λ⁻¹ F is positive: never perpendicular."),
             Option("Nowhere until F exceeds the tip's static weight, then along F.",
                    feedback="Without gravity or friction any F accelerates it."),
             Option("Along Λ⁻¹F: tilted from F toward the light direction.", correct=True,
                    feedback="Yes: the lab's green arrow shows it leaning toward the ellipse's long axis.")],
            explanation=("ẍ = Λ⁻¹F with Λ⁻¹ = J M⁻¹ Jᵀ symmetric positive definite: ẍ has a positive component along "
                         "F but leans toward the eigen-direction with the larger Λ⁻¹ eigenvalue, the light one.")),
        NumericQuestion(
            "Over all postures of the lesson's arm, what is the least condition number κ(Λ) (heaviest over "
            "lightest apparent mass)? Two decimals are enough.",
            expected=k_min, tolerance=0.03, unit="",
            mistakes=[(1.0, "κ = 1 would mean the same apparent mass in every direction; does the κ curve ever "
                            "reach 1?")],
            explanation=(f"κ(Λ) depends on θ₂ only and is least, {k_min:.2f}, at θ₂ ≈ {k_deg}°. It never reaches 1: "
                         "this arm cannot feel equally heavy in every direction.")),
    ])
