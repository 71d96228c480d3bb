"""Every lesson has a Chinese twin in notebooks/zh/ that cannot drift from it (tools/twins.py states the rules).

The checks run on the real twins, and each is shown failing on a small twin broken on purpose. The twins'
labs and quizzes are built by running the twins' own code cells, and must show no English.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import io
import json
import sys
from pathlib import Path

import ipywidgets as w
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import twins  # noqa: E402

LESSONS = twins.english_lessons(ROOT)
#: lessons whose twin is still being written on another branch (none now); add a number while its twin is awaited
AWAITED: set[str] = set()


def lesson_id(path: Path) -> str:
    return path.stem


def present(lesson: Path) -> Path:
    twin = twins.twin_path(lesson)
    if not twin.exists() and lesson.name[:2] in AWAITED:
        pytest.xfail(f"the twin of {lesson.name} is written on branch s28b")
    return twin


@pytest.mark.parametrize("lesson", LESSONS, ids=lesson_id)
def test_the_twin_follows_the_convention(lesson):
    """Same cell ids in order, code identical but for the language line, same formulas, numbers, links and
    images, and no English sentence in the Markdown."""
    problems = twins.check_one(lesson, present(lesson), ROOT)
    assert not problems, "\n".join(problems)


def test_every_twin_has_an_english_lesson_and_the_awaited_list_is_not_stale():
    """No orphan twin in notebooks/zh/; a lesson listed as awaited has no twin yet."""
    problems = [p for p in twins.check(ROOT) if "has no English lesson" in p]
    assert not problems, problems
    stale = sorted(n for n in AWAITED if any(twins.twin_path(p).exists() for p in LESSONS if p.name[:2] == n))
    assert not stale, f"lessons {stale} have their twin now: remove them from AWAITED"


def test_sync_leaves_a_twin_in_step_untouched_and_only_adds_the_language_line():
    """`twins.py sync` on the committed twins changes nothing (they are in step), and writes what `check` wants."""
    for lesson in LESSONS:
        twin = twins.twin_path(lesson)
        if twin.exists():
            before = twin.read_text(encoding="utf-8")
            assert twins.dumps(json.loads(before)) == before, f"{twin.name} is not saved as sync saves it"
            en = twins.read(lesson)["cells"]
            zh = json.loads(before)["cells"]
            for i, (e, z) in enumerate(zip(en, zh)):
                if e["cell_type"] == "code":
                    assert z.get("outputs") == [] and z.get("execution_count") is None, f"{twin.name} cell {i} has outputs"



def glossary_variants(markdown: str) -> list[str]:
    """The spellings of glossary terms that the glossary does not use (tests/test_languages.py's list)."""
    from tests.test_languages import GLOSSARY_TERMS

    return [other for others in GLOSSARY_TERMS.values() for other in others if other in markdown]


@pytest.mark.parametrize("lesson", LESSONS, ids=lesson_id)
def test_the_twin_spells_each_term_as_the_glossary_does(lesson):
    """One spelling per term: the glossary's, the same the labs use (杆的张力, not 拉力; 减速比, not 传动比)."""
    cells = twins.read(present(lesson))["cells"]
    found = [(i, v) for i, c in enumerate(cells) if c["cell_type"] == "markdown"
             for v in glossary_variants(twins.source(c))]
    assert not found, f"{lesson.name}'s twin: spellings the glossary does not use (cell, variant): {found}"


def test_the_spelling_check_sees_a_variant():
    assert glossary_variants("杆的拉力 $T_c$ 与传动比") == ["拉力", "传动比"]
    assert glossary_variants("杆的张力 $T_c$ 与减速比") == []


# ---- the checks fail on broken twins ---------------------------------------------------------------------

ENGLISH = [
    {"cell_type": "markdown", "id": "intro", "metadata": {},
     "source": "# Lesson 1 · The pendulum\n\nA rod of $l = 1$ m swings; its period is about 2 s.\n\n"
               "$$ \\ddot\\theta = -\\frac{g}{l}\\sin\\theta $$\n\n![the pendulum](../docs/pendulum.png)\n"},
    {"cell_type": "code", "id": "colab", "metadata": {}, "execution_count": None, "outputs": [],
     "source": "import sys"},
    {"cell_type": "code", "id": "first", "metadata": {}, "execution_count": None, "outputs": [],
     "source": "from course_lib import Pendulum\nPendulum()"},
    {"cell_type": "markdown", "id": "next", "metadata": {},
     "source": "See [the notation](../docs/notation.md), [Lesson 2](02_arm.ipynb) and "
               "[Assignment 01](../exercises/01_lagrange/lagrange.ipynb)."},
]
CHINESE = {
    "intro": "# 第 1 课 · 单摆\n\n一根长 $l = 1$ m 的杆来回摆动，周期大约是 2 s。\n\n"
             "$$ \\ddot\\theta = -\\frac{g}{l}\n   \\sin\\theta $$\n\n![单摆](../../docs/pendulum.png)\n",
    "next": "参见[符号表](../../docs/notation.zh.md)、[第 2 课](02_arm.ipynb)和"
            "[作业 01](../../exercises/01_lagrange/lagrange.ipynb)。",
}


def notebook(cells):
    return {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture
def pair(tmp_path):
    """A one-lesson course: the English, its correct twin, and the documents its links name."""
    (tmp_path / "notebooks" / "zh").mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    for doc in ("notation.md", "notation.zh.md", "pendulum.png"):
        (tmp_path / "docs" / doc).write_text("x")
    english = tmp_path / "notebooks" / "01_pendulum.ipynb"
    english.write_text(json.dumps(notebook(ENGLISH)))
    twins.sync_one(english, twins.twin_path(english))
    zh = json.loads(twins.twin_path(english).read_text())
    for cell in zh["cells"]:
        if cell["id"] in CHINESE:
            cell["source"] = CHINESE[cell["id"]]
    twins.twin_path(english).write_text(twins.dumps(zh))

    def broken(change) -> list[str]:
        cells = copy.deepcopy(zh["cells"])
        change(cells)
        twin = tmp_path / "broken.ipynb"
        twin.write_text(json.dumps(notebook(cells)))
        return twins.check_one(english, twin, tmp_path)

    return english, broken, tmp_path


def test_a_correct_twin_passes_with_formula_whitespace_changed_and_the_notation_twin_linked(pair):
    english, broken, repo = pair
    assert twins.check_one(english, twins.twin_path(english), repo) == []
    assert broken(lambda cells: None) == []


def edit(cell_id, old, new):
    def change(cells):
        cell = next(c for c in cells if c["id"] == cell_id)
        text = twins.source(cell)
        assert old in text, (old, text)
        cell["source"] = text.replace(old, new)
    return change


@pytest.mark.parametrize("change, expected", [
    (lambda cells: cells.pop(3), "cells differ from the English by id"),
    (lambda cells: cells.insert(0, cells.pop(3)), "cells differ from the English by id"),
    (lambda cells: cells[1].update(cell_type="markdown"), "is markdown, the English is code"),
    (edit("colab", "import sys", "import sys "), "code differs"),
    (edit("first", twins.LANGUAGE_LINE + "\n", ""), "its first line must be"),
    (edit("intro", "\\sin\\theta", "\\theta"), "formulas differ"),
    (edit("intro", "$l = 1$ m", "l = 1 m"), "formulas differ"),
    (edit("intro", "2 s", "3 s"), "numbers differ"),
    (edit("intro", "2 s", "两秒"), "numbers differ"),
    (edit("next", "(02_arm.ipynb)", "(../02_arm.ipynb)"), "links differ"),
    (edit("next", "../../docs/notation.zh.md", "../docs/notation.md"), "links differ"),
    (edit("next", "和[作业 01](../../exercises/01_lagrange/lagrange.ipynb)", ""), "links differ"),
    (edit("intro", "../../docs/pendulum.png", "../../docs/arm.png"), "images differ"),
    (edit("intro", "![单摆](../../docs/pendulum.png)", ""), "images differ"),
    (edit("intro", "周期大约是 2 s。", "周期大约是 2 s。The period grows with the length."), "English left"),
    (edit("next", "参见", "See the notation: "), "English left"),
    (edit("intro", "来回摆动，", "来回摆动，\n"), "broken over source lines"),
    (lambda cells: cells[0].update(source=f"{twins.UNTRANSLATED}\n{ENGLISH[0]['source']}"), "marked untranslated"),
], ids=["cell-missing", "cell-moved", "cell-type", "code-changed", "language-line-missing", "formula-changed",
        "formula-dropped", "number-changed", "number-in-words", "link-to-english-lesson", "link-depth-wrong",
        "link-missing", "image-changed", "image-missing", "english-sentence", "english-phrase", "line-break",
        "untranslated"])
def test_each_check_fails_on_a_twin_broken_that_way(pair, change, expected):
    english, broken, _ = pair
    problems = broken(change)
    assert any(expected in p for p in problems), problems


def test_a_missing_twin_and_an_orphan_are_reported(pair):
    english, _, repo = pair
    twins.twin_path(english).unlink()
    assert twins.check(repo) == ["01_pendulum.ipynb has no twin at notebooks/zh/01_pendulum.ipynb"]
    (repo / "notebooks" / "zh" / "07_gone.ipynb").write_text(json.dumps(notebook([])))
    assert "notebooks/zh/07_gone.ipynb has no English lesson" in twins.check(repo)


def test_sync_keeps_the_chinese_copies_new_code_and_marks_a_new_cell_untranslated(pair):
    """The lead's re-sync after an English change: code follows, translations stay, new prose is flagged."""
    english, _, repo = pair
    cells = copy.deepcopy(ENGLISH)
    cells[2]["source"] += "\nprint('new')"
    cells.insert(3, {"cell_type": "markdown", "id": "added", "metadata": {}, "source": "A new paragraph."})
    english.write_text(json.dumps(notebook(cells)))
    changes = twins.sync_one(english, twins.twin_path(english))
    assert changes == ["01_pendulum.ipynb: cell added is new, marked untranslated"]
    zh = twins.read(twins.twin_path(english))["cells"]
    assert twins.source(zh[0]) == CHINESE["intro"] and twins.source(zh[2]).endswith("print('new')")
    assert twins.check_one(english, twins.twin_path(english), repo) == [
        "notebooks/zh/01_pendulum.ipynb, cell 3 (added): marked untranslated"]
    assert twins.sync_one(english, twins.twin_path(english)) == []



def test_a_changed_english_cell_is_reported_until_its_chinese_is_accepted(pair):
    """An English edit to a translated cell (a sentence, not a number) is stale in the twin until `accept`."""
    english, broken, repo = pair
    cells = copy.deepcopy(ENGLISH)
    cells[3]["source"] = cells[3]["source"].replace("See", "Read")
    english.write_text(json.dumps(notebook(cells)))
    assert twins.sync_one(english, twins.twin_path(english)) == [
        "01_pendulum.ipynb: cell next's English changed since it was translated"]
    problems = twins.check_one(english, twins.twin_path(english), repo)
    assert len(problems) == 1 and "the English changed since this cell was translated" in problems[0], problems
    assert "accept 01" in problems[0]
    twins.sync_one(english, twins.twin_path(english), accept=True)
    assert twins.check_one(english, twins.twin_path(english), repo) == []


def test_a_twin_cell_without_a_record_of_its_english_is_reported(pair):
    english, broken, _ = pair
    problems = broken(lambda cells: cells[0]["metadata"].pop(twins.METADATA))
    assert any("records no English it translates" in p for p in problems), problems


# ---- the twins' labs and quizzes are Chinese ---------------------------------------------------------------

def shown_objects(cells: list[dict], name: str) -> list:
    """Run a notebook's code cells here, as a kernel would, and return everything they display."""
    shown: list = []
    namespace = {"__name__": "__main__", "display": lambda *objs, **_: shown.extend(objs)}
    with contextlib.redirect_stdout(io.StringIO()):
        for i, cell in enumerate(cells):
            if cell["cell_type"] != "code":
                continue
            tree = ast.parse(twins.source(cell))
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, f"{name}, cell {i}", "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), f"{name}, cell {i}", "eval"), namespace)
                if value is not None:
                    shown.append(value)
    return shown


def widgets_of(shown: list) -> list[w.Widget]:
    """The widget trees of the labs and quizzes among the displayed objects."""
    trees = []
    for obj in shown:
        if hasattr(obj, "view") and callable(obj.view):   # a quiz or a question displays its view
            obj = obj.view()
        tree = getattr(obj, "widget", obj)
        if isinstance(tree, w.Widget):
            trees.append(tree)
    return trees


@pytest.mark.lesson_run
@pytest.mark.parametrize("lesson", LESSONS, ids=lesson_id)
def test_the_twins_labs_and_quizzes_show_no_english(lesson):
    """Running a twin's cells puts every lab and quiz it shows in Chinese; the English lesson's show English
    (so the check can fail)."""
    import course_lib
    from tests.helpers.shown_texts import english_left, shown_texts

    twin = present(lesson)
    try:
        trees = widgets_of(shown_objects(twins.read(twin)["cells"], twin.name))
        assert trees, f"{twin.name} shows no lab or quiz"
        left = [(i, hit) for i, tree in enumerate(trees) for hit in english_left(shown_texts(tree))]
        assert not left, f"{twin.name} shows English: {left[:5]}"
        course_lib.set_language("en")
        english = widgets_of(shown_objects(twins.read(lesson)["cells"], lesson.name))
        assert len(english) == len(trees) and all(english_left(shown_texts(t)) for t in english[:1])
    finally:
        course_lib.set_language("en")
        for tree in trees if "trees" in locals() else []:
            tree.close()


# ---- the README in both languages ----------------------------------------------------------------------------

def readme_links(name: str) -> list[str]:
    text = (ROOT / name).read_text(encoding="utf-8")
    return [m.group(1) for m in twins.LINK.finditer(twins.FENCED.sub(" ", text)) if m.group(1)]


def test_each_readme_links_the_other_at_the_top_and_the_chinese_one_reaches_every_twin_and_doc():
    """README.md's first lines link README.zh.md and back; README.zh.md links every twin, the glossary and
    notation.zh.md, and each of its local links exists (a twin awaited from s28b excepted)."""
    for name, other in (("README.md", "README.zh.md"), ("README.zh.md", "README.md")):
        head = "\n".join((ROOT / name).read_text(encoding="utf-8").splitlines()[:5])
        assert f"]({other})" in head, f"{name} must link {other} at the top"
    links = readme_links("README.zh.md")
    assert {"docs/glossary.md", "docs/notation.zh.md"} <= set(links)
    assert {f"notebooks/zh/{p.name}" for p in LESSONS} <= set(links), "README.zh.md must list every Chinese lesson"
    local = [u.partition("#")[0] for u in links if not u.startswith(("http:", "https:", "#"))]
    broken = [u for u in local if not (ROOT / u).exists()
              and not (u.startswith("notebooks/zh/") and Path(u).name[:2] in AWAITED)]
    assert not broken, f"README.zh.md links files that do not exist: {broken}"
    binder = [u for u in links if "mybinder.org" in u and "urlpath=" in u]
    assert binder and all("/notebooks/zh/" in u for u in binder), "the Chinese README's Binder links open the twins"
