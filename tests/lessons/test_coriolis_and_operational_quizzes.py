"""Lessons 6 and 7's quizzes: right answers pass, near misses and wrong options do not, expected values are physics."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.lessons.coriolis.quiz import coriolis_quiz
from course_lib.lessons.operational_space.quiz import operational_quiz
from course_lib.physics.models import TwoLinkArm
from course_lib.quiz import MultipleChoice, NumericQuestion
from tests.reference.newton import newton_torques


@pytest.mark.parametrize("make", [coriolis_quiz, operational_quiz])
def test_every_question_accepts_its_answer_and_refuses_others(make):
    for q in make():
        if isinstance(q, NumericQuestion):
            assert q.check(f"{q.expected:.4f}").correct
            assert not q.check(f"{q.expected + 3 * q.tolerance:.4f}").correct
        else:
            assert isinstance(q, MultipleChoice)
            right = [i for i, o in enumerate(q.options) if o.correct]
            assert q.check(right[0]).correct
            assert not any(q.check(i).correct for i in range(len(q.options)) if i not in right)


def test_seed_question_2_expects_newtons_2_4_Nm():
    q = coriolis_quiz()[0]
    ref = newton_torques(TwoLinkArm(g=0.0), [0.0, np.pi / 2], [2.0, 0.0], [0.0, 0.0])[1]
    assert q.expected == pytest.approx(2.4, abs=1e-12) and ref == pytest.approx(q.expected, abs=1e-5)
    assert not q.check("2.3 N*m").correct


def test_tau1_question_is_minus_3h_at_90_degrees():
    assert coriolis_quiz()[2].expected == pytest.approx(-3 * 1.5 * 1.0 * 0.4, abs=1e-12)


def test_least_kappa_question_matches_the_seed_threshold_it_must_beat():
    k = operational_quiz()[4].expected
    assert 4.3 < k < 4.6


@pytest.mark.parametrize("answer, words", [("-0.6 N*m", "Coriolis part"), ("1.8 N*m", "wrong sign"),
                                           ("-1.2 N*m", "centrifugal part")])
def test_tau1_question_names_the_typical_mistake(answer, words):
    result = coriolis_quiz()[2].check(answer)
    assert not result.correct and words in result.message


@pytest.mark.parametrize("index, answer, words", [(0, "4.8 N*m", "l_c₂"), (0, "0", "circle"), (0, "1.2 Nm", "squared")])
def test_tau2_question_names_the_typical_mistake(index, answer, words):
    result = coriolis_quiz()[index].check(answer)
    assert not result.correct and words in result.message


def test_lesson_7_numeric_questions_name_their_typical_mistakes():
    q = operational_quiz()
    assert "whole arm" in q[2].check("3.5 kg").message
    assert "along x" in q[2].check(f"{q[2].mistakes[0][0]:.3f} kg").message
    assert "reach 1" in q[4].check("1").message
    for question in (q[2], q[4]):        # no hint sits within the tolerance of the right answer
        assert all(abs(v - question.expected) > question.tolerance for v, _ in question.mistakes)
