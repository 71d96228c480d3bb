"""Lesson 8's quiz: answers computed by course_lib, the error equation checked symbolically, both languages."""

import math

import pytest

import course_lib
from course_lib import joint_tracking as jt
from course_lib.models import TwoLinkArm
from course_lib.quiz import MultipleChoice
from course_lib.quizzes import computed_torque_quiz
from course_lib.quizzes.computed_torque import QUIZ


def test_the_error_equation_question_accepts_equivalent_forms_and_refuses_wrong_ones():
    q = computed_torque_quiz()[1]
    assert q.check("-Kd*edot - Kp*e").correct and q.check("-(Kp*e + Kd*edot)").correct
    assert not q.check("Kd*edot + Kp*e").correct  # the sign of the restoring terms
    assert not q.check("-Kd*edot").correct


def test_zeta_of_the_labs_gains_is_kd_over_2_sqrt_kp():
    q = computed_torque_quiz()[2]
    assert q.expected == pytest.approx(jt.KD / (2 * math.sqrt(jt.KP)))
    assert not q.check(f"{math.sqrt(jt.KP):.3f}").correct  # ωₙ instead of ζ gets its hint


def test_hand_guiding_torque_is_g_of_q_of_the_stretched_arm():
    q = computed_torque_quiz()[5]
    assert q.expected == pytest.approx(float(TwoLinkArm().gravity([0.0, 0.0])[0]))
    assert q.check("30.4 N*m").correct and not q.check("5.89 N*m").correct


def test_each_choice_has_exactly_one_right_option():
    for q in computed_torque_quiz():
        if isinstance(q, MultipleChoice):
            assert sum(o.correct for o in q.options) == 1


def test_the_quiz_reads_in_chinese_with_the_same_keys():
    assert set(QUIZ.messages["zh"]) == set(QUIZ.messages["en"])
    try:
        course_lib.set_language("zh")
        quiz = computed_torque_quiz()
        assert "计算力矩" in quiz[0].prompt and "{" not in quiz[2].prompt
    finally:
        course_lib.set_language("en")


def test_lab_2s_plus_minus_30_percent_answer_states_what_the_simulation_shows():
    from course_lib.tool_tracking import simulate_tracking

    low, high = (simulate_tracking(delta=d).rms for d in (-0.3, 0.3))
    # the seed's facts: bounded, too light worse than too heavy (about twice), computed torque ahead in both
    assert 1.5 < low["computed_torque"] / high["computed_torque"] < 2.5
    assert low["computed_torque"] < low["pd_gravity"] and high["computed_torque"] < high["pd_gravity"]
    q = computed_torque_quiz()[4]
    right = next(o for o in q.options if o.correct)
    assert f"{low['computed_torque'] / high['computed_torque']:.1f}×" in right.text
    assert q.check("D").correct and not q.check("A").correct
