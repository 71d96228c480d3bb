"""Lesson 5's quiz: answers computed by course_lib agree with independent numpy computations."""

from __future__ import annotations

import numpy as np

from course_lib.quizzes import mass_matrix_quiz
from course_lib.quiz import MultipleChoice, NumericQuestion

# the seeds' arm written out by hand: l1 = 1, l2 = 0.8, m1 = 2, m2 = 1.5, uniform rods
M_STRAIGHT = np.array([[2 / 3 + 1.5 * (1 + 0.16 + 0.8) + 0.08, 1.5 * (0.16 + 0.4) + 0.08],
                       [1.5 * (0.16 + 0.4) + 0.08, 1.5 * 0.16 + 0.08]])
M_BENT = np.array([[2 / 3 + 1.5 * 1.16 + 0.08, 0.32], [0.32, 0.32]])  # θ₂ = 90°: cos θ₂ = 0


def test_choice_questions_accept_only_their_right_option():
    """Q1: M is SPD and invertible in every posture; Q5: M depends on θ₂ only because θ₁ is a rigid rotation."""
    quiz = mass_matrix_quiz()
    choices = [q for q in quiz.questions if isinstance(q, MultipleChoice)]
    assert len(choices) == 2
    assert "positive definite" in choices[0].options[0].text and "rigidly" in choices[1].options[0].text
    for q in choices:
        right = next(i for i, o in enumerate(q.options) if o.correct)
        assert q.check(right).correct
        assert not any(q.check(i).correct for i in range(len(q.options)) if i != right)


def test_condition_number_of_the_stretched_arm_is_accepted_and_a_near_miss_is_not():
    q = mass_matrix_quiz().questions[1]
    kappa = np.linalg.cond(M_STRAIGHT)
    assert q.check(f"{kappa:.2f}").correct
    assert not q.check(f"{kappa * 1.05:.2f}").correct


def test_light_to_heavy_speed_ratio_is_the_square_root_of_kappa_at_90_degrees():
    q = mass_matrix_quiz().questions[2]
    ratio = np.sqrt(np.linalg.cond(M_BENT))
    assert q.check(f"{ratio:.3f}").correct
    assert not q.check(f"{np.linalg.cond(M_BENT):.3f}").correct  # κ itself is the classic slip


def test_kinetic_energy_question_counts_the_off_diagonal_term_twice():
    q = mass_matrix_quiz().questions[3]
    assert isinstance(q, NumericQuestion)
    qd = np.array([1.0, -1.0])
    assert q.check(f"{0.5 * qd @ M_BENT @ qd:.4f} J").correct
    wrong = 0.5 * (M_BENT[0, 0] + M_BENT[1, 1])  # the off-diagonal term forgotten
    assert not q.check(f"{wrong:.4f} J").correct
