"""A lesson that exports ``say`` prints its code cells' sentences from its message table (so its twin prints
Chinese): every key its notebook says is in the table, and a cell that says its lines prints no English of its own
(it may print texts that are already the table's, such as a task's prompt)."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from course_lib.lessons import LESSONS

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
SAYERS = [lesson for lesson in LESSONS if "say" in lesson.exports]


def test_the_lessons_that_say_their_lines_are_found():
    assert {lesson.number for lesson in SAYERS} >= {7, 8, 9, 10, 11}


@pytest.mark.parametrize("lesson", SAYERS, ids=lambda lesson: lesson.topic)
def test_every_sentence_a_notebook_says_is_in_its_table_and_its_cells_print_nothing_else(lesson):
    table = importlib.import_module(f"{lesson.package}.{lesson.exports['say']}").say.__self__
    cells = json.loads((NOTEBOOKS / lesson.notebook).read_text(encoding="utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    keys = {k for text in code for k in re.findall(r"""\bsay\(\s*["'](\w+)["']""", text)}
    assert keys, f"{lesson.notebook} exports say but never calls it"
    assert keys <= set(table.messages["en"]), f"keys not in {table.name}: {sorted(keys - set(table.messages['en']))}"
    printed = [line for text in code if "say(" in text for line in text.splitlines() if "print(" in line]
    english = [line for line in printed if re.search(r"[A-Za-z]{2,}[ ,:;]+[A-Za-z]{2,}", re.sub(r"\{[^{}]*\}", "", line))]
    assert not english, f"a cell that says its lines prints English of its own: {english}"
