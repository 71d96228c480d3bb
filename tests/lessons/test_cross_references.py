"""Cross-references resolve: every "lesson N" is a link to lesson N's notebook, every link's file exists,
and a lesson's "Practise it" names exactly the assignments that declare it (ASSIGNMENTS).

Message tables cannot link, so there the English and the Chinese of a text must name the same lessons
("lesson 9" and "第 9 课"), and each must exist.
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from course_lib.i18n import TABLES
from course_lib.lessons import ASSIGNMENTS, LESSONS

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
BY_NUMBER = {lesson.number: lesson for lesson in LESSONS}
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
#: a singular mention: "lesson 9", "Lesson 9", "第 9 课"
MENTION = re.compile(r"\b[Ll]esson (\d+)\b|第\s*(\d+)\s*课")
PLURAL = re.compile(r"\b[Ll]essons (\d+)(?:\s*(?:–|-|,|and|to)\s*(\d+))*")


def markdown(path: Path) -> list[str]:
    return ["".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "markdown"]


def own_number(path: Path) -> int:
    return int(path.name[:2])


NOTEBOOK_FILES = sorted(NOTEBOOKS.glob("*.ipynb"))
IDS = [p.name for p in NOTEBOOK_FILES]


def lesson_refs(text: str, own: int) -> list[str]:
    """What is wrong with the lesson references of one markdown cell of lesson ``own``."""
    wrong = []
    for label, href in LINK.findall(text):
        named = {int(a or b) for a, b in MENTION.findall(label)}
        target = re.match(r"(\d\d)_[^/]*\.ipynb$", href)
        if named and not (target and named == {int(target.group(1))}):
            wrong.append(f"[{label}]({href}): the text names lesson {sorted(named)}, the link goes elsewhere")
        if target and BY_NUMBER.get(int(target.group(1))) is None:
            wrong.append(f"{href}: no such lesson")
        if target and BY_NUMBER[int(target.group(1))].notebook != href:
            wrong.append(f"{href}: lesson {int(target.group(1))}'s notebook is "
                         f"{BY_NUMBER[int(target.group(1))].notebook}")
    unlinked = LINK.sub("", text)
    for a, b in MENTION.findall(unlinked):
        n = int(a or b)
        if n != own:
            wrong.append(f"'lesson {n}' is not a link to {BY_NUMBER[n].notebook if n in BY_NUMBER else '?'}")
    for match in PLURAL.finditer(unlinked):
        for n in map(int, re.findall(r"\d+", match.group(0))):
            if n not in BY_NUMBER:
                wrong.append(f"'{match.group(0)}': there is no lesson {n}")
    return wrong


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=IDS)
def test_every_lesson_reference_is_a_link_to_that_lessons_notebook(path):
    own = own_number(path)
    wrong = [w for cell in markdown(path) for w in lesson_refs(cell, own)]
    assert not wrong, wrong


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=IDS)
def test_every_relative_link_points_to_an_existing_file(path):
    missing = [href for cell in markdown(path) for _, href in LINK.findall(cell)
               if not re.match(r"[a-z]+:|#", href) and not (path.parent / href.split("#")[0]).exists()]
    assert not missing, missing


def assignment_links(text: str) -> set[str]:
    return {str((NOTEBOOKS / href).resolve().relative_to(ROOT)) for _, href in LINK.findall(text)
            if "exercises/" in href}


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=IDS)
def test_practise_it_names_exactly_the_assignments_that_declare_the_lesson(path):
    own = own_number(path)
    declared = {a.notebook for a in ASSIGNMENTS if own in a.lessons}
    lines = [line for cell in markdown(path) for line in cell.splitlines()
             if line.startswith("**Practise it:**") or line.startswith("* Assignment:")]
    practise = [line for line in lines if line.startswith("**Practise it:**")]
    if own not in (12,):
        assert len(practise) == 1, f"lesson {own} needs one 'Practise it' line, has {practise}"
    for line in lines:
        linked = assignment_links(line)
        assert linked <= declared, f"lesson {own} links {sorted(linked - declared)}, which do not declare it"
    if practise:
        assert assignment_links(practise[0]) == declared, (practise[0], sorted(declared))


def test_every_assignment_exists_and_declares_real_lessons():
    for assignment in ASSIGNMENTS:
        assert (ROOT / assignment.notebook).exists(), assignment.notebook
        assert assignment.notebook.startswith(f"exercises/{assignment.number:02d}_"), assignment
        assert set(assignment.lessons) <= set(BY_NUMBER) - {0, 12}, assignment
    released = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "exercises").glob("*/*.ipynb"))
    assert released == sorted(a.notebook for a in ASSIGNMENTS)


def _table_modules() -> list[str]:
    root = ROOT / "course_lib"
    return [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in sorted(root.rglob("*.py"))
            if re.search(r"\bMessageTable\(", p.read_text(encoding="utf-8"))]


for _module in _table_modules():
    importlib.import_module(_module)
COURSE_TABLES = sorted(name for name in TABLES if not name.startswith(("test_", "doctest_")))


def lessons_named(sentence: str) -> list[int]:
    singles = [int(a or b) for a, b in MENTION.findall(sentence)]
    plurals = [int(n) for m in PLURAL.finditer(sentence) for n in re.findall(r"\d+", m.group(0))]
    zh_plurals = [int(n) for m in re.finditer(r"第\s*([\d、和至到–\s]+)\s*课", sentence)
                  for n in re.findall(r"\d+", m.group(1))]
    return sorted(set(singles + plurals + zh_plurals))


@pytest.mark.parametrize("name", COURSE_TABLES)
def test_a_message_names_the_same_existing_lessons_in_both_languages(name):
    table = TABLES[name]
    for key, english in table.messages["en"].items():
        named = lessons_named(english)
        assert set(named) <= set(BY_NUMBER), f"{name}.{key}: no lesson {sorted(set(named) - set(BY_NUMBER))}"
        chinese = table.messages["zh"][key]
        assert lessons_named(chinese) == named, f"{name}.{key}: en names {named}, zh {lessons_named(chinese)}"


def test_the_reviews_source_labels_name_the_lesson_they_link():
    from course_lib.lessons.review.quiz import review_quiz

    quiz = review_quiz()
    for source in quiz.sources:
        named = lessons_named(source.label)
        assert named and BY_NUMBER[named[0]].notebook == source.href, source
