"""Lesson 9's code cells print their sentences from the lesson's message table, so the twin prints Chinese."""

from __future__ import annotations

import re

import pytest

from course_lib import set_language
from course_lib.lessons.identification import say


@pytest.fixture
def chinese():
    set_language("zh")
    yield
    set_language("en")


def test_say_prints_the_sentence_in_english_by_default(capsys):
    say("id_nb_residual", residual=0.4704, sigma=0.5)
    assert capsys.readouterr().out == "RMS residual 0.470 N·m against σ = 0.5 N·m: what is left is the noise\n"


def test_say_prints_the_chinese_sentence_with_the_same_numbers_after_set_language(capsys, chinese):
    say("id_nb_residual", residual=0.4704, sigma=0.5)
    out = capsys.readouterr().out
    assert "0.470" in out and "0.5" in out and not re.search(r"[A-Za-z]{3,}", out), out


def test_say_names_an_unknown_key():
    with pytest.raises(ValueError, match="id_nb_nothing"):
        say("id_nb_nothing")

