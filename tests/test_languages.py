"""Two languages, one switch: every message table complete in both, no silent fallback,
and a lab on screen that switches all its texts in place, even while it plays.
"""

from __future__ import annotations

import importlib
import pathlib
import re

import ipywidgets as w
import pytest

import course_lib
import course_lib.lessons as lesson_quizzes
from course_lib import i18n as messages
from course_lib.i18n import LANGUAGES, TABLES, MessageTable, fields, set_language

ROOT = pathlib.Path(course_lib.__file__).parent


def _table_modules() -> list[str]:
    """Every course_lib module that makes a MessageTable (found by reading the sources, so none is forgotten)."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if path.name != "messages.py" or path.parent != ROOT:
            if re.search(r"\bMessageTable\(", path.read_text(encoding="utf-8")):
                found.append(".".join(path.relative_to(ROOT.parent).with_suffix("").parts))
    return found


for _module in _table_modules():
    importlib.import_module(_module)


@pytest.fixture(autouse=True)
def english_again():
    """Every test starts and ends in English, whatever it switched to."""
    set_language("en")
    yield
    set_language("en")


def test_every_lab_is_found():
    assert len(LABS) >= 11, sorted(LABS)


def test_every_module_with_a_table_was_imported():
    assert len(TABLES) >= 13, sorted(TABLES)  # the kit, eleven labs and the quiz at least


#: the course's own tables (a test's own table is named ``test_…`` and is gone after that test)
COURSE_TABLES = sorted(name for name in TABLES if not name.startswith("test_"))


@pytest.mark.parametrize("name", COURSE_TABLES)
def test_every_table_has_every_language_with_the_same_keys_and_fields(name):
    table = TABLES[name]
    assert sorted(table.messages) == sorted(LANGUAGES), f"{name}: languages {sorted(table.messages)}"
    english = table.messages["en"]
    for language in LANGUAGES:
        texts = table.messages[language]
        assert set(texts) == set(english), f"{name} [{language}]: keys differ by {sorted(set(texts) ^ set(english))}"
        for key, sentence in texts.items():
            assert fields(sentence) == fields(english[key]), f"{name} [{language}] {key!r}: fields differ"


def _untranslated(table: MessageTable) -> list[str]:
    """The keys of Chinese texts the same as English that hold English words: copied, not translated.

    The table's common texts (symbols, units, formula pieces written once for every language) are
    not Chinese texts; :func:`_english_in_common` checks them instead."""
    return [key for key, zh in table.messages["zh"].items() if key not in table.common
            and zh == table.messages["en"][key] and re.search(r"[A-Za-z]{4,}", _prose(zh))]


def _english_in_common(table: MessageTable) -> list[str]:
    """The keys of common texts that hold English words: prose that every language would show in English."""
    return [key for key, text in table.common.items() if re.search(r"[A-Za-z]{4,}", _prose(text))]


@pytest.mark.parametrize("name", COURSE_TABLES)
def test_chinese_texts_are_written_in_chinese(name):
    """A zh text that holds words of English prose was copied, not translated (symbols and units may stay)."""
    table = TABLES[name]
    if "zh" not in table.messages:
        pytest.fail(f"{name} has no Chinese")
    untranslated = _untranslated(table)
    assert not untranslated, f"{name}: still English in zh: {untranslated}"


@pytest.mark.parametrize("name", COURSE_TABLES)
def test_texts_common_to_every_language_hold_no_english_words(name):
    """A common text is shown as it is in every language, so it may hold symbols and units, never prose."""
    english = _english_in_common(TABLES[name])
    assert not english, f"{name}: common texts with English words (translate them instead): {english}"


def test_the_copy_checks_catch_a_chinese_text_copied_from_english_and_prose_made_common():
    copied = MessageTable("test_copied", {"en": {"b": "bearing friction b"}, "zh": {"b": "bearing friction b"}},
                          common={"unit": "N·m·s/rad"})
    assert _untranslated(copied) == ["b"]
    prose = MessageTable("test_prose_common", {"en": {}, "zh": {}}, common={"b": "bearing friction b"})
    assert _english_in_common(prose) == ["b"] and _untranslated(prose) == []
    del TABLES["test_copied"], TABLES["test_prose_common"]


def test_a_common_text_reads_the_same_in_every_language_and_a_missing_language_still_raises():
    table = MessageTable("test_common", {"en": {"b": "friction {b:.2f}"}, "zh": {"b": "摩擦 {b:.2f}"}},
                         common={"unit": "N·m·s/rad", "eq": " = "})
    only_en = MessageTable("test_common_no_zh", {"en": {"b": "friction"}}, common={"unit": "N·m·s/rad"})
    set_language("zh")
    assert table.text("unit") == "N·m·s/rad" and table.text("b", b=0.5) == "摩擦 0.50"
    with pytest.raises(ValueError, match="no 'zh' texts"):
        only_en.text("unit")  # common texts are no fallback for a language the table lacks
    set_language("en")
    assert table.text("unit") == "N·m·s/rad" and "unit" in table
    del TABLES["test_common"], TABLES["test_common_no_zh"]


def test_a_key_both_common_and_a_languages_own_is_refused_when_the_table_is_made():
    with pytest.raises(ValueError, match=r"\['unit'\] are both common and in 'en'"):
        MessageTable("test_twice", {"en": {"unit": "N·m"}, "zh": {"unit": "N·m"}}, common={"unit": "N·m"})
    TABLES.pop("test_twice", None)


@pytest.mark.parametrize("name", COURSE_TABLES)
def test_a_ticked_tasks_value_does_not_say_done_again(name):
    """The checklist writes "done: <value>" / "完成：<value>"; a value that itself begins with "met"/"完成"
    would read "done: met: …" / "完成：…时完成…"."""
    doubled = [(language, key) for language, texts in TABLES[name].messages.items()
               for key, sentence in texts.items() if key.endswith("_value")
               and re.search(r"^\s*(met|done|完成)\b|时完成", sentence)]
    assert not doubled, f"{name}: task values that repeat done/完成: {doubled}"


def test_the_done_line_wraps_the_value_in_no_brackets_so_they_never_nest():
    from course_lib.lab.messages import KIT as TABLE

    for language, texts in TABLE.messages.items():
        assert not re.search(r"[(（]\{value\}[)）]", texts["done_with"]), (language, texts["done_with"])


def _prose(sentence: str) -> str:
    """The words of a text outside its fields and HTML tags."""
    return re.sub(r"<[^>]+>|\{[^}]*\}|&nbsp;", " ", sentence)


def test_a_table_without_the_language_in_force_raises_instead_of_falling_back():
    table = MessageTable("test_no_zh", {"en": {"hello": "Hello"}})
    set_language("zh")
    with pytest.raises(ValueError, match="no 'zh' texts"):
        table.text("hello")
    del TABLES["test_no_zh"]


def test_a_translation_with_other_fields_is_refused_when_the_table_is_made():
    with pytest.raises(ValueError, match="fields"):
        MessageTable("test_fields", {"en": {"k": "θ = {theta:.1f}°"}, "zh": {"k": "θ = {theta:.2f}°"}})
    TABLES.pop("test_fields", None)


def test_set_language_refuses_an_unknown_language_and_keeps_the_current_one():
    set_language("zh")
    with pytest.raises(ValueError, match="one of"):
        set_language("fr")
    assert messages.language() == "zh"


# -- labs switch in place ------------------------------------------------------------------------------
def _labs() -> dict[str, str]:
    """Every concrete lab class in course_lib/lessons, by name -> module (found, so a new lab is covered)."""
    import inspect

    from course_lib.lab.base import Lab
    from course_lib.lab.simlab import SimLab

    found = {}
    for path in sorted(p for p in (ROOT / "lessons").glob("*/*.py") if p.stem != "__init__"):
        module = importlib.import_module(f"course_lib.lessons.{path.parent.name}.{path.stem}")
        for name, cls in vars(module).items():
            if (inspect.isclass(cls) and issubclass(cls, Lab) and cls not in (Lab, SimLab)
                    and cls.__module__ == module.__name__ and not inspect.isabstract(cls)):
                found[name] = module.__name__
    return found


LABS = _labs()


def make(name: str):
    return getattr(importlib.import_module(LABS[name]), name)()


def shown(lab) -> dict:
    """Every text the lab shows: the scene's texts, every widget's labels, options and HTML, the checklist."""
    from course_lib.lab.relabel import widgets_in

    scene = lab.scene
    out = {"panels": [{k: p.get(k) for k in ("title", "xlabel", "ylabel")} for p in scene.panels],
           "shapes": [{k: v for k, v in s.items() if isinstance(v, str)} for s in scene.shapes],
           "formula": scene.formula, "buttons": scene.buttons, "tasks": lab.tasks.html}
    for i, widget in enumerate(widgets_in(lab.widget)):
        texts = {t: getattr(widget, t) for t in ("description", "tooltip", "value")
                 if widget.has_trait(t) and isinstance(getattr(widget, t), str)}
        if isinstance(widget, w.Dropdown):
            texts["options"] = [label for label, _ in widget.options] if widget.options and isinstance(
                widget.options[0], tuple) else list(widget.options)
        out[f"{i}:{type(widget).__name__}"] = texts
    return out


#: every quiz a lesson shows, by its builder's name (lesson 12's review among them)
QUIZZES = {**{name: "course_lib.lessons" for name in lesson_quizzes.__all__ if name.endswith("_quiz")},
           "review_quiz": "course_lib.lessons.review.quiz"}


def on_screen(name: str):
    """(the thing, the widget a notebook shows) for a lab class or a quiz builder, made in the language in force.

    A quiz is shown with two questions tried: the first one answered wrongly, the second one's answer
    revealed, so its feedback, its worked answer and (for the review) the score's lesson links are on screen.
    """
    from course_lib.quiz import MultipleChoice, SymbolicQuestion

    if name in LABS:
        lab = make(name)
        return lab, lab.widget
    view = getattr(importlib.import_module(QUIZZES[name]), name)().view()
    tried = [v for v in view.views if not isinstance(v.question, SymbolicQuestion)][:2]
    first = tried[0].question
    tried[0].submit([x for x, o in zip(first.letters, first.options) if not o.correct][0]
                    if isinstance(first, MultipleChoice) else "123456")
    tried[1].show_answer()
    return view, view.widget


@pytest.mark.parametrize("name", sorted(LABS) + sorted(QUIZZES))
def test_a_lab_or_quiz_switched_in_place_shows_no_english_and_what_one_made_in_chinese_shows(name):
    """Every text in the widget tree (labels, values, options, HTML, tooltips, placeholders, the scene's
    texts) switches to Chinese in place, and back to the same English."""
    from tests.helpers.shown_texts import english_left, shown_texts

    thing, widget = on_screen(name)
    english = shown_texts(widget)
    assert english_left(english), "the English texts were not recognised: the check below would pass anything"
    set_language("zh")
    switched = shown_texts(widget)
    assert english_left(switched) == [], f"{name} still shows English after the switch"
    assert switched == shown_texts(on_screen(name)[1]), f"{name} switched differs from one made in Chinese"
    set_language("en")
    assert shown_texts(widget) == english, f"{name} did not come back to the same English"


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_switching_language_while_the_pendulum_plays_neither_stops_nor_breaks_it():
    from course_lib.lessons.pendulum.lab import PendulumLab

    clock = Clock()
    lab = PendulumLab(theta0=120.0, clock=clock)
    lab.play()
    clock.now += 0.2
    chunks = lambda: [meta for kind, meta in lab.scene.outbox if kind == "chunk"]  # noqa: E731
    lab.scene.browser_message({"type": "need", "t": lab.playhead(), "t_last": chunks()[-1]["t0"]})
    sent_before, queued = len(chunks()), len(lab._queue)
    set_language("zh")
    assert lab.playing and lab.scene.playing, "the switch stopped Play"
    assert len(chunks()) == sent_before and len(lab._queue) == queued, "the switch re-sent or dropped frames"
    assert lab.controls["play"].description == "暂停" and lab.status.value == "播放中"
    assert lab.message.value == ""
    clock.now += 0.3
    lab.scene.browser_message({"type": "need", "t": lab.playhead(), "t_last": chunks()[-1]["t0"]})
    assert len(chunks()) > sent_before and lab.t > 0.2, "Play no longer answers the browser after the switch"
    assert "杆的张力" in lab.shown_text() and "试一试" in lab.tasks.html
    lab.pause()
    assert not lab.playing and lab.controls["play"].description == "播放"


def test_a_ticked_task_stays_ticked_and_its_value_switches_language():
    from course_lib.lessons.start_here.lab import ArmPreviewLab

    lab = ArmPreviewLab()
    lab.set("theta1", 90.0)
    lab.set("theta2", 0.0)
    assert lab.task_done("reach_high")
    set_language("zh")
    assert lab.task_done("reach_high")
    assert "完成：y = " in lab.tasks.html and "末端抬到" in lab.tasks.html


def test_a_dropdown_keeps_its_choice_and_runs_no_callback_when_its_options_switch_language():
    from course_lib.lessons.identification.lab import IdentificationLab

    lab = IdentificationLab()
    lab.set("excitation", "slow")
    before = dict(lab.readouts)
    set_language("zh")
    assert lab.controls["excitation"].value == "slow"
    assert ("又慢又小", "slow") in lab.controls["excitation"].options
    assert lab.readouts == before


def test_a_retired_lab_keeps_its_texts_when_the_language_switches():
    """A lab whose cell ran again is retired: it no longer answers anything, the language switch included."""
    from course_lib.lessons.start_here.lab import ArmPreviewLab

    lab = ArmPreviewLab()
    lab.retire()
    before = shown(lab)
    set_language("zh")
    assert shown(lab) == before


def test_the_message_line_switches_language_too():
    from course_lib.lessons.pendulum.lab import PendulumLab

    lab = PendulumLab()
    lab.set("b", float("nan"))
    assert "must be a finite number" in lab.message.value
    set_language("zh")
    assert "必须是有限的数" in lab.message.value


def test_a_chinese_slider_label_gets_a_box_wide_enough_and_a_tooltip_with_the_whole_label():
    """The box is wide enough: "k_r1（减速比 1）" was cut in a 100 px box."""
    from course_lib.lab.controls import label_px
    from course_lib.lessons.motors.lab import MotorLab

    lab = MotorLab()
    set_language("zh")
    for key in ("kr1", "kr2"):
        slider = lab.controls[key]
        assert "减速比" in slider.description
        width = int(slider.style.description_width.removesuffix("px"))
        assert width >= label_px(slider.description) > 100, (slider.description, width)
        assert slider.tooltip == slider.description
    set_language("en")
    assert lab.controls["kr1"].tooltip == lab.controls["kr1"].description == "k_r1 (gear 1)"


#: one term, one spelling: the glossary's Chinese term, and the variants that must not appear in any table
GLOSSARY_TERMS = {
    "杆的张力": ("拉力", "杆张力"),          # rod tension
    "减速比": ("传动比",),                   # gear ratio
    "黏滑": ("粘滑",),                       # stick–slip
    "能量收支": ("能量账本",),               # energy ledger
    "克里斯托弗符号": ("克里斯托费尔",),      # Christoffel symbols (the glossary names the other spelling once)
    "操作空间惯量": ("任务空间惯量",),        # operational-space inertia Λ (任务空间 is the space x, not Λ)
    "奇异位形": ("奇异姿态",),                # singular posture
    "等效质量": ("表观质量",),                # apparent mass along a direction
}


def test_the_glossary_terms_are_the_only_spelling_in_the_labs_quizzes_and_checks():
    glossary = (ROOT.parent / "docs" / "glossary.md").read_text(encoding="utf-8")
    variants = []
    for term, others in GLOSSARY_TERMS.items():
        assert re.search(rf"^\|[^|\n]*\|[^|\n]*{re.escape(term)}", glossary, re.M), f"the glossary does not give {term!r}"
        for name, table in TABLES.items():
            for key, sentence in table.messages.get("zh", {}).items():
                variants += [(name, key, other) for other in others if other in sentence]
    assert not variants, f"spellings the glossary does not use (table, key, variant): {variants}"


def test_chinese_markdown_keeps_each_paragraph_on_one_source_line():
    """A line break inside a Chinese paragraph renders as a stray space ("变快。 图上"): finding 8."""
    import json

    broken = []
    for path in sorted((ROOT.parent / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            text = "".join(cell["source"]) if cell["cell_type"] == "markdown" else ""
            prose = re.sub(r"```.*?```", "", text, flags=re.S)
            broken += [(path.name, m.group(0)) for m in re.finditer(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]\n(?=[^\s|#>-])", prose)]
    assert not broken, f"Chinese paragraphs broken over source lines: {broken}"
