"""The review's lesson-8 question (000 Q5): the ratios its right option states are the ones its own context
line's numbers give, at the precision they are shown (once "1.9×" beside numbers that give 1.84)."""

from __future__ import annotations

import re

from course_lib.lab.numbers import significant
from course_lib.lessons.review.quiz import ITEMS, ORDER, review_quiz


def test_the_right_option_of_000_q5_states_the_ratios_of_the_numbers_shown_above_it():
    quiz = review_quiz()
    index = ORDER.index("seed000_q5")
    context = quiz.sources[index].context
    shown = [float(v) for v in re.findall(r"(\d+\.\d+) m\b", context)]
    assert len(shown) == 4, context   # computed torque and PD + gravity at δ = −30 % and +30 %
    ct_low, pg_low, ct_high, pg_high = shown
    right = next(o.text for o in quiz[index].options if o.correct)
    for ratio in (ct_low / ct_high, pg_low / ct_low, pg_high / ct_high):
        assert f"{significant(ratio, 3)}×" in right, (ratio, right)
    assert ITEMS["seed000_q5"].seed == "000 Q5"
