"""Quizzes in Chinese: in-place switching of a quiz on screen, and answers typed with a Chinese IME."""

from __future__ import annotations

import re
import time

import numpy as np
import pytest

from course_lib.i18n import halfwidth, language, set_language
from course_lib.lessons.pendulum.quiz import pendulum_quiz
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz, SymbolicQuestion
from course_lib.quiz.view import QuizView


@pytest.fixture(autouse=True)
def english_after():
    before = language()
    set_language("en")
    yield
    set_language(before)


def _has_cjk(s: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in s)


def test_a_quiz_on_screen_redraws_in_chinese_and_keeps_the_learners_answers_and_tries():
    quiz = pendulum_quiz()
    view = QuizView(quiz)
    view[0].submit("-5 rad/s^2")                 # wrong: one try used
    view[1].submit("B")                          # right: worked answer revealed
    view[2].value = "6.9 N*m"                    # typed, not yet checked
    english_prompt = view[0]._prompt.value
    set_language("zh")
    assert _has_cjk(view[0]._prompt.value) and view[0]._prompt.value != english_prompt
    assert view[0].check_button.description == "检查" and view[0]._head.value == "<b>第 1 题</b>"
    assert _has_cjk(view[1]._options.value) and _has_cjk(view[0].feedback) and _has_cjk(view[1].feedback)
    assert "解析" in view[1].feedback and "正确" in view[1].feedback
    assert view[0].attempts == 1 and not view[0].solved and view[1].solved and view[1].revealed
    assert view[2].value == "6.9 N*m" and view[2].attempts == 0 and view[2].feedback == ""
    assert "单位" in view[0]._field.placeholder or "数" in view[0]._field.placeholder
    assert _has_cjk(quiz[0].prompt), "the learner's quiz object speaks the new language too"
    assert quiz[0].expected == pytest.approx(-9.81, abs=1e-9), "the numbers still come from the model"
    set_language("en")
    assert view[0]._prompt.value == english_prompt and view[0].check_button.description == "Check"
    assert not _has_cjk(view[1].feedback) and view[0].attempts == 1


def test_switching_language_does_not_use_a_try_or_change_a_verdict():
    view = QuizView(pendulum_quiz())
    first = view[0].submit("-9.81")
    set_language("zh")
    assert view[0].last.correct == first.correct and view[0].attempts == 1
    set_language("en")
    assert view[0].last.message == first.message


def test_a_closed_quiz_is_not_kept_alive_by_the_language_switch():
    import gc
    import weakref

    view = QuizView(pendulum_quiz())
    ref = weakref.ref(view)
    view.widget.close()
    for child in view.views:
        child.widget.close()
    del view, child
    gc.collect()
    set_language("zh")                           # a dead listener is dropped, not called
    assert ref() is None


def test_a_symbolic_answer_checked_in_the_worker_comes_back_in_chinese():
    import sympy as sp

    x = sp.Symbol("x", real=True)
    q = SymbolicQuestion("d/dx sin²x?", 2 * sp.sin(x) * sp.cos(x), {"x": x})
    set_language("zh")
    assert "等价" in q.check("sin(2*x)").message
    assert _has_cjk(q.check("1/(x-x)").message)         # undefined: said by the worker, in Chinese
    assert _has_cjk(q.check("sin(2x").message)          # unbalanced: said by the kernel, in Chinese


@pytest.mark.parametrize("full, half", [
    ("－９．８１", "-9.81"), ("－９，８１　rad／s^2", "-9,81 rad/s^2"), ("－９.８１ ｒａｄ/ｓ²", "-9.81 rad/s²"),
    ("－9。81", "-9.81"),
])
def test_a_full_width_number_is_graded_as_the_half_width_one(full, half):
    q = NumericQuestion("θ̈?", -9.81, tolerance=0.01, unit="rad/s^2")
    assert q.check(full) == q.check(half) and q.check(full).correct


@pytest.mark.parametrize("full, half", [
    ("２ｓｉｎ（ｘ）ｃｏｓ（ｘ）", "2sin(x)cos(x)"), ("２×ｓｉｎ(x)×cos(x)", "2*sin(x)*cos(x)"),
    ("ｓｉｎ（２ｘ）＾２÷２", "sin(2x)^2/2"), ("（ｘ＋１）＊＊２　－　ｘ", "(x+1)**2 - x"),
])
def test_a_full_width_formula_is_graded_as_the_half_width_one(full, half):
    import sympy as sp

    x = sp.Symbol("x", real=True)
    q = SymbolicQuestion("?", 2 * sp.sin(x) * sp.cos(x), {"x": x})
    assert halfwidth(full) == half
    assert q.check(full) == q.check(half)


def test_a_full_width_letter_picks_its_option():
    q = MultipleChoice("?", [Option("a"), Option("b", correct=True)], "")
    assert q.check("Ｂ").correct and not q.check("Ａ").correct


@pytest.mark.parametrize("typed", [
    "＿＿ｉｍｐｏｒｔ＿＿（＇ｏｓ＇）", "９＾９＾９＾９＾９", "（" * 150 + "ｘ" + "）" * 150, "ｘ" * 5000,
    "ｅｘｐ（ｅｘｐ（ｅｘｐ（ｅｘｐ（ｅｘｐ（９９）））））", "ｘ＝１", "\u3000" * 300, "１／０",
])
def test_nothing_typed_full_width_hangs_crashes_or_passes(typed):
    import sympy as sp

    x = sp.Symbol("x", real=True)
    symbolic = SymbolicQuestion("?", x, {"x": x}, time_limit=2.0)
    numeric = NumericQuestion("?", 1.0, tolerance=0.1)
    for q in (symbolic, numeric):
        start = time.monotonic()
        result = q.check(typed)
        assert not result.correct and result.message
        assert time.monotonic() - start < 10.0


def test_only_the_listed_characters_are_mapped_and_the_length_is_kept():
    typed = "ａ（）＋－＊／＾＝，．＿　×÷。；！＂＄＃"
    out = halfwidth(typed)
    assert len(out) == len(typed)
    assert out[:16] == "a()+-*/^=,._ */."
    assert out[16:] == "；！＂＄＃", "other punctuation stays full-width, so it is still refused"
    assert halfwidth(3.5) == 3.5 and np.isnan(halfwidth(float("nan")))


def _quiz_names() -> list[str]:
    import course_lib.lessons as quizzes

    return [name for name in quizzes.__all__ if name.endswith("_quiz")]


def _texts(question) -> list[str]:
    texts = [question.prompt, question.explanation]
    texts += [t for o in getattr(question, "options", []) for t in (o.text, o.feedback)]
    texts += [hint for _, hint in getattr(question, "mistakes", [])]
    return texts


@pytest.mark.parametrize("name", _quiz_names())
def test_every_quiz_speaks_chinese_with_the_same_answers_as_in_english(name):
    import course_lib.lessons as quizzes

    english = getattr(quizzes, name)()
    set_language("zh")
    chinese = getattr(quizzes, name)()
    assert len(chinese) == len(english)
    for en, zh in zip(english, chinese):
        assert type(en) is type(zh)
        for text in _texts(zh):   # a pure formula ("−2h θ̇₁θ̇₂") reads the same in both languages
            assert _has_cjk(text) or not re.search(r"[A-Za-z]{3,}", text), f"{name}: not translated: {text!r}"
        assert [t for t in _texts(en) if t and _has_cjk(t)] == [], f"{name}: Chinese in the English quiz"
        if isinstance(en, MultipleChoice):
            assert [o.correct for o in en.options] == [o.correct for o in zh.options]
        else:
            assert float(zh.expected) == float(en.expected) if isinstance(en, NumericQuestion) \
                else zh.expected == en.expected
            assert getattr(zh, "tolerance", None) == getattr(en, "tolerance", None)
            assert [v for v, _ in getattr(zh, "mistakes", [])] == [v for v, _ in getattr(en, "mistakes", [])]


@pytest.mark.parametrize("name", _quiz_names() + ["quiz"])
def test_each_quiz_table_has_the_same_fields_in_both_languages(name):
    import string

    import course_lib.lessons as quizzes
    from course_lib.i18n import TABLES

    if name != "quiz":
        getattr(quizzes, name)  # imports the module, which makes its table
    table = TABLES[name]
    fields = {lang: {key: sorted(f for _, f, _, _ in string.Formatter().parse(text) if f)
                     for key, text in texts.items()} for lang, texts in table.messages.items()}
    assert set(fields) == {"en", "zh"} and fields["zh"] == fields["en"]


def test_a_closed_view_or_retired_lab_is_dropped_from_the_language_switch_and_a_collected_one_is_not_kept():
    """The switch relabels only what is on screen: a closed quiz (even one still referenced), a closed
    review, a retired lab leave the listener list on the next switch; one nobody keeps is collected."""
    import gc
    import weakref

    from course_lib import i18n as messages
    from course_lib.lessons.review.quiz import review_quiz
    from course_lib.lessons.start_here.lab import ArmPreviewLab

    gc.collect()
    set_language("zh"); set_language("en")       # drops listeners of earlier tests' dead views
    before = len(messages._listeners)
    kept_quiz, review, lab, collected = QuizView(pendulum_quiz()), review_quiz().view(), ArmPreviewLab(), \
        QuizView(pendulum_quiz())
    assert len(messages._listeners) == before + 4
    english_prompt = kept_quiz[0]._prompt.value
    kept_quiz.widget.close()
    review.widget.close()
    lab.retire()
    ref = weakref.ref(collected)
    for widget in [collected.widget, *(v.widget for v in collected.views)]:
        widget.close()
    del collected, widget
    gc.collect()
    assert ref() is None, "a closed quiz nobody keeps was kept alive"
    set_language("zh")
    assert kept_quiz[0]._prompt.value == english_prompt, "a closed quiz was relabelled"
    assert len(messages._listeners) == before, "closed, retired or collected views still listen"


def test_a_quiz_from_an_earlier_run_of_its_cell_stops_following_the_language(monkeypatch):
    """Running a quiz cell again replaces its output: the earlier view (still in ipywidgets' registry,
    never closed) is no longer relabelled, so the switch's cost does not grow with every run."""
    import course_lib.ui.cells as cells
    from course_lib import i18n as messages

    runs = iter([("cell-a", 1), ("cell-a", 2)])
    monkeypatch.setattr(cells, "current_cell", lambda: next(runs))  # the views ask ui.cells when they are made
    first = QuizView(pendulum_quiz())
    second = QuizView(pendulum_quiz())
    english_prompt = first[0]._prompt.value
    set_language("zh")
    assert first[0]._prompt.value == english_prompt, "the view of the earlier run was relabelled"
    assert _has_cjk(second[0]._prompt.value)
    assert all(ref() is not first._language_changed.__self__ for ref in messages._listeners)
