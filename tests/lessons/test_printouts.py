"""Every lesson's code cells print their sentences from the lesson's message table (so its twin prints Chinese).

A lesson that exports ``say`` says only keys its table has. No lesson's code cell passes an English word to
``print`` itself: the literal text of every ``print(...)`` call (its strings and the fixed parts of its f-strings)
holds no English word, only symbols, units, numbers and the names of mathematical functions. A cell may print
texts that are already the table's, such as a task's prompt, ``print(f"{number}. {task.prompt}")``."""

from __future__ import annotations

import ast
import importlib
import json
import re
from pathlib import Path

import pytest

from course_lib.lessons import LESSONS

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
SAYERS = [lesson for lesson in LESSONS if "say" in lesson.exports]
#: lowercase Latin words a printed line may hold: mathematical functions and units, which read the same in Chinese
SYMBOLS = frozenset("sin cos tan tanh sgn det diag exp log max min rad deg".split())
#: an English word in a printed literal: two Latin words in a row, or one lowercase word of three letters or more
#: that is not one of the SYMBOLS
PAIR = re.compile(r"[A-Za-z]{2,}[ ,:;]+[A-Za-z]{2,}")
WORD = re.compile(r"(?<![A-Za-z_])[a-z]{3,}(?![A-Za-z_])")


def code_cells(lesson) -> list[str]:
    """The sources of the lesson's notebook's code cells."""
    cells = json.loads((NOTEBOOKS / lesson.notebook).read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def printed_literals(source: str) -> list[str]:
    """The literal text of each ``print(...)`` call in a cell: its string arguments and its f-strings' fixed parts."""
    python = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())
    found = []
    for node in ast.walk(ast.parse(python)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            parts = []
            for arg in [*node.args, *(k.value for k in node.keywords if k.arg in ("sep", "end"))]:
                pieces = arg.values if isinstance(arg, ast.JoinedStr) else [arg]
                parts += [p.value for p in pieces if isinstance(p, ast.Constant) and isinstance(p.value, str)]
            found.append(" | ".join(parts))
    return found


def english(text: str) -> list[str]:
    """The English words of a printed literal (empty when it has none)."""
    return PAIR.findall(text) + [w for w in WORD.findall(text) if w not in SYMBOLS]


def test_the_checks_find_english_and_let_symbols_through():
    assert printed_literals('print(f"rank {r} of B:", B, sep=" ")\nx = 1') == ["rank  |  of B: |  "]
    assert printed_literals('print(f"{number}. {task.prompt}")') == [". "]
    assert english("largest |F| ") and english("link  ω (rad/s)") and english("Tip from the model")
    assert not english("K = | (N/m, N·s/rad) | Q = diag | θ̇ = | sin θ") and not english(". ")


def test_the_lessons_that_say_their_lines_are_found():
    assert {lesson.number for lesson in SAYERS} >= set(range(13))


@pytest.mark.parametrize("lesson", SAYERS, ids=lambda lesson: lesson.topic)
def test_every_sentence_a_notebook_says_is_in_its_table(lesson):
    table = importlib.import_module(f"{lesson.package}.{lesson.exports['say']}").say.__self__
    code = code_cells(lesson)
    keys = {k for text in code for k in re.findall(r"""\b(?:say|label)\(\s*["'](\w+)["']""", text)}
    assert keys, f"{lesson.notebook} exports say but never calls it"
    assert keys <= set(table.messages["en"]), f"keys not in {table.name}: {sorted(keys - set(table.messages['en']))}"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.topic)
def test_no_code_cell_prints_english_of_its_own(lesson):
    wrong = [(number, text, english(text)) for number, source in enumerate(code_cells(lesson))
             for text in printed_literals(source) if english(text)]
    assert not wrong, (f"{lesson.notebook} prints English itself (code cell, literal text, words); "
                       f"say it from the lesson's table instead: {wrong}")
