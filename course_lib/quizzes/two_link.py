"""Lesson 3's "Check yourself" quiz (the 2R arm by Lagrange), defined once.

Every expected value is computed by :class:`~course_lib.models.TwoLinkArm`, never typed in.

>>> quiz = two_link_quiz()
>>> len(quiz), quiz[0].check("30.4 N*m").correct, quiz[1].check("5.9 Nm").correct
(4, True, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.models import TwoLinkArm
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz

_TORQUE_UNITS = dict(unit="N*m", aliases=["Nm", "N m", "N·m"])


def two_link_quiz(arm: TwoLinkArm | None = None) -> Quiz:
    """Four questions: the seed's holding torques of the stretched arm (τ₁, then τ₂, numerically with a
    unit), which term vanishes for a stretched arm, and M₁₁ stretched against folded.

    Args:
        arm: the lesson's arm (default: the seed's, l₁ = 1 m, l₂ = 0.8 m, m₁ = 2 kg, m₂ = 1.5 kg, uniform rods).

    Returns:
        The :class:`~course_lib.quiz.Quiz`.
    """
    a = arm if arm is not None else TwoLinkArm()
    tau1, tau2 = (float(v) for v in a.gravity([0.0, 0.0]))
    m11_out, m11_in = (float(a.mass_matrix([0.0, th2])[0, 0]) for th2 in (0.0, np.pi))
    setup = (f"The lab's arm (m₁ = {a.m1:g} kg, m₂ = {a.m2:g} kg, l₁ = {a.l1:g} m, l₂ = {a.l2:g} m, uniform rods, "
             f"g = {a.g} m/s²) is stretched out horizontally and held at rest, θ₁ = θ₂ = 0.")
    return Quiz([
        NumericQuestion(
            f"{setup} Which shoulder torque τ₁ (N·m) holds it still?", expected=tau1, tolerance=0.1,
            **_TORQUE_UNITS,
            explanation=(f"At rest q̇ = q̈ = 0, so the equation leaves τ = g(q). With θ₁ = 0 both cosines are 1: "
                         f"τ₁ = (m₁ l₁/2 + m₂ l₁) g + m₂ (l₂/2) g = {tau1:.2f} N·m, each weight times its "
                         "horizontal lever arm about the shoulder.")),
        NumericQuestion(
            f"{setup} Which elbow torque τ₂ (N·m) holds it still?", expected=tau2, tolerance=0.05,
            **_TORQUE_UNITS,
            explanation=(f"The elbow carries only link 2: τ₂ = m₂ (l₂/2) g = {tau2:.2f} N·m. Link 1's weight "
                         "acts inboard of the elbow and does not load it.")),
        MultipleChoice(
            "The arm is fully stretched (θ₂ = 0) and both joints turn fast. Which term of "
            "M q̈ + C q̇ + g = τ is zero there, however fast the joints turn?",
            [Option("C q̇, the velocity term.", correct=True,
                    feedback="Yes: every entry of C holds h = m₂ l₁ l_c2 sin θ₂, and sin 0 = 0."),
             Option("M₁₂, the inertial coupling.",
                    feedback="No: M₁₂ = m₂(l_c2² + l₁ l_c2 cos θ₂) + I₂ is largest at θ₂ = 0."),
             Option("g, gravity.", feedback="No: g depends on θ₁ and θ₁ + θ₂, not on θ₂ alone."),
             Option("Nothing: each term grows with speed.",
                    feedback="Only C q̇ depends on speed, and at θ₂ = 0 it vanishes.")],
            explanation=("C comes from how M changes with θ₂ (Christoffel symbols of M); at θ₂ = 0 and θ₂ = π, "
                         "M is at its extreme, ∂M/∂θ₂ = 0, and with it every entry of C. Centrifugal and "
                         "Coriolis torques appear as soon as the elbow bends.")),
        NumericQuestion(
            "How many times larger is M₁₁ (the inertia the shoulder sees) with the arm stretched (θ₂ = 0) than "
            "with link 2 folded back onto link 1 (θ₂ = π)? Give the ratio.",
            expected=m11_out / m11_in, tolerance=0.05,
            explanation=(f"M₁₁ = {m11_out:.3f} kg·m² stretched and {m11_in:.3f} kg·m² folded: the term "
                         "2 m₂ l₁ l_c2 cos θ₂ moves link 2's mass away from or towards the shoulder axis, "
                         f"a ratio of {m11_out / m11_in:.2f}.")),
    ])
