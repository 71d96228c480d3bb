"""Lesson 8's quiz: answers computed by course_lib, the error equation checked symbolically, both languages."""

import math

import pytest

import course_lib
from course_lib.lab.numbers import significant
from course_lib.lessons.computed_torque.quiz import QUIZ, computed_torque_quiz
from course_lib.physics import joint_tracking as jt
from course_lib.physics.models import TwoLinkArm
from course_lib.quiz import MultipleChoice


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
    from course_lib.physics.tool_tracking import simulate_tracking

    low, high = (simulate_tracking(delta=d).rms for d in (-0.3, 0.3))
    # the facts: bounded, too light worse than too heavy (about twice), computed torque ahead in both
    assert 1.5 < low["computed_torque"] / high["computed_torque"] < 2.5
    assert low["computed_torque"] < low["pd_gravity"] and high["computed_torque"] < high["pd_gravity"]
    q = computed_torque_quiz()[4]
    right = next(o for o in q.options if o.correct)
    assert f"{significant(low['computed_torque'] / high['computed_torque'], 3)}×" in right.text
    assert q.check("D").correct and not q.check("A").correct


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_multiple_choice_answer_of_lesson_8_is_its_questions_longest_option(lang):
    from course_lib.quiz import MultipleChoice

    try:
        course_lib.set_language(lang)
        for q in computed_torque_quiz():
            if isinstance(q, MultipleChoice):
                right = next(o for o in q.options if o.correct)
                assert len(right.text) < max(len(o.text) for o in q.options), (lang, q.prompt[:40])
    finally:
        course_lib.set_language("en")


def test_the_error_equation_echo_shows_e_edot_and_the_gains_as_written():
    reply = computed_torque_quiz()[1].check("-Kd*edot - Kp*e")
    assert reply.correct
    assert r"\dot{e}" in reply.message and "K_{d}" in reply.message and "K_{p}" in reply.message
    assert "e_{1}" not in reply.message


def test_numeric_answers_within_two_percent_count_and_a_right_one_is_told_how_close_it_is():
    quiz = computed_torque_quiz()
    zeta, hold = quiz[2], quiz[5]
    assert hold.check("30").correct and hold.check("30 N*m").correct  # g₁(0, 0) = 30.41 N·m
    assert not hold.check("29").correct and not hold.check("5.89").correct
    assert zeta.check("0.82").correct and not zeta.check("0.7").correct
    right, wrong = zeta.check("0.816").message, zeta.check("0.7").message
    off = 100 * abs(0.816 - zeta.expected) / zeta.expected        # how close, not the 2 % tolerance
    assert right == f"0.816 is {off:.2g} % off the answer." and "2 %" not in wrong
    assert "0.5" in zeta.prompt and "percent" in zeta.prompt
