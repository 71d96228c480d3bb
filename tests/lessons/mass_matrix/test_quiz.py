"""Lesson 5's quiz: answers computed by course_lib agree with independent numpy computations."""

from __future__ import annotations

import numpy as np

from course_lib.lessons.mass_matrix.quiz import mass_matrix_quiz
from course_lib.quiz import MultipleChoice, NumericQuestion

# the course's arm written out by hand: l1 = 1, l2 = 0.8, m1 = 2, m2 = 1.5, uniform rods
M_STRAIGHT = np.array([[2 / 3 + 1.5 * (1 + 0.16 + 0.8) + 0.08, 1.5 * (0.16 + 0.4) + 0.08],
                       [1.5 * (0.16 + 0.4) + 0.08, 1.5 * 0.16 + 0.08]])
M_BENT = np.array([[2 / 3 + 1.5 * 1.16 + 0.08, 0.32], [0.32, 0.32]])  # θ₂ = 90°: cos θ₂ = 0


def test_choice_questions_accept_only_their_right_option():
    """Q1: M is SPD and invertible in every posture; Q5: M depends on θ₂ only because θ₁ is a rigid rotation."""
    quiz = mass_matrix_quiz()
    choices = [q for q in quiz.questions if isinstance(q, MultipleChoice)]
    assert len(choices) == 2
    right_texts = [next(o.text for o in q.options if o.correct) for q in choices]
    assert "positive definite" in right_texts[0] and "rigidly" in right_texts[1]
    for q in choices:
        right = next(i for i, o in enumerate(q.options) if o.correct)
        assert q.check(right).correct
        assert not any(q.check(i).correct for i in range(len(q.options)) if i != right)


def test_condition_number_of_the_stretched_arm_is_accepted_and_a_near_miss_is_not():
    q = mass_matrix_quiz().questions[1]
    kappa = np.linalg.cond(M_STRAIGHT)
    assert q.check(f"{kappa:.2f}").correct
    assert not q.check(f"{kappa * 1.05:.2f}").correct


def bent(theta2_deg):
    """M of the course's arm at elbow angle θ₂, from the closed form written out by hand."""
    c = np.cos(np.radians(theta2_deg))
    m12 = 1.5 * (0.16 + 0.4 * c) + 0.08
    return np.array([[2 / 3 + 1.5 * (1.16 + 0.8 * c) + 0.08, m12], [m12, 0.32]])


def test_choice_questions_have_options_of_similar_length_and_the_right_one_not_always_first():
    choices = [q for q in mass_matrix_quiz().questions if isinstance(q, MultipleChoice)]
    for q in choices:
        lengths = [len(o.text) for o in q.options]
        assert max(lengths) <= 1.25 * min(lengths), lengths  # the right answer must not stand out by its length
    assert {next(i for i, o in enumerate(q.options) if o.correct) for q in choices} != {0}
    again = [q for q in mass_matrix_quiz().questions if isinstance(q, MultipleChoice)]
    assert [[o.text for o in q.options] for q in again] == [[o.text for o in q.options] for q in choices]


def test_light_to_heavy_speed_ratio_is_the_square_root_of_kappa_at_120_degrees():
    q = mass_matrix_quiz().questions[2]
    assert "θ₂ = 120°" in q.prompt
    ratio = np.sqrt(np.linalg.cond(bent(120.0)))
    assert q.check(f"{ratio:.3f}").correct
    slip = q.check(f"{np.linalg.cond(bent(120.0)):.3f}")  # κ itself is the classic slip
    assert not slip.correct and "square root" in slip.message


def test_the_lab_is_the_instrument_for_the_ratio_but_its_start_view_does_not_print_the_answer():
    from course_lib.lessons.mass_matrix.lab import MassMatrixLab

    q = mass_matrix_quiz().questions[2]
    lab = MassMatrixLab()
    assert f"{q.expected:.2f} times" not in lab.shown_text()
    lab.set("theta2", 120.0)
    assert f"{q.expected:.2f} times" in lab.shown_text()


def test_no_numeric_answer_is_printed_by_the_lab_at_its_start_posture():
    """Neither beside the lab nor in the scene's texts (a learner has to move the lab to the question's posture)."""
    from course_lib.lessons.mass_matrix.lab import MassMatrixLab

    lab = MassMatrixLab()
    texts = lab.shown_text() + " ".join(s["props"].get("text", "") for s in lab.scene.shapes
                                         if s["kind"] == "text")
    for q in mass_matrix_quiz().questions:
        if isinstance(q, NumericQuestion):
            assert f"{q.expected:.2f}" not in texts and f"{q.expected:.1f} " not in texts, q.prompt


def test_kinetic_energy_question_counts_the_off_diagonal_term_twice():
    q = mass_matrix_quiz().questions[3]
    assert isinstance(q, NumericQuestion)
    qd = np.array([1.0, -1.0])
    assert q.check(f"{0.5 * qd @ M_BENT @ qd:.4f} J").correct
    wrong = 0.5 * (M_BENT[0, 0] + M_BENT[1, 1])  # the off-diagonal term forgotten
    assert not q.check(f"{wrong:.4f} J").correct
    no_half = q.check(f"{qd @ M_BENT @ qd:.4f} J")  # the ½ forgotten
    assert not no_half.correct and "½" in no_half.message
