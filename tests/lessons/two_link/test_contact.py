"""Lesson 3's wall section: the numbers its quiz shows are the simulation's, and the right options are right."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.lab.numbers import significant
from course_lib.i18n import set_language
from course_lib.lessons.two_link.contact import contact_questions, wall_slide


def test_the_slide_starts_pushing_and_ends_where_the_wall_would_pull():
    lam = wall_slide().plain.lam[:, 0]
    assert lam[0] < 0 and lam.max() > 0


def test_baumgarte_run_drifts_far_less_than_the_plain_run():
    slide = wall_slide()
    assert np.abs(slide.stabilised.phi).max() < np.abs(slide.plain.phi).max() / 100


def test_questions_show_the_simulated_force_and_drift_and_accept_only_their_right_option():
    slide = wall_slide()
    sign, drift = contact_questions()
    assert f"λ = {significant(slide.plain.lam[0, 0], 3)} N" in sign.prompt
    assert f"λ = {significant(slide.plain.lam[:, 0].max(), 3)} N" in sign.prompt
    assert f"{significant(np.abs(slide.plain.phi).max(), 3)} m" in drift.prompt
    assert f"{significant(np.abs(slide.stabilised.phi).max(), 3)} m" in drift.prompt
    for question, right in ((sign, "B"), (drift, "C")):
        assert question.check(right).correct
        assert not any(question.check(other).correct for other in "ABC".replace(right, ""))


@pytest.mark.parametrize("language", ["en", "zh"])
def test_both_languages_have_every_sentence(language):
    set_language(language)
    try:
        for question in contact_questions():
            assert "{" not in question.prompt and question.explanation
    finally:
        set_language("en")
