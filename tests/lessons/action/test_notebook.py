"""Lesson 1's notebook as a learner reads it: links that work, the "Try this" list, code comments in monospace."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from markdown_it import MarkdownIt

from tests.helpers.markdown_render import render

NOTEBOOK = Path(__file__).resolve().parents[3] / "notebooks" / "01_action_principle.ipynb"
CELLS = json.loads(NOTEBOOK.read_text())["cells"]


def cell_with(text: str) -> str:
    return next("".join(c["source"]) for c in CELLS if text in "".join(c["source"]))


def test_closing_section_links_to_the_assignment_and_the_next_lesson_as_markdown_links():
    html = MarkdownIt().render(cell_with("## What you can now do"))
    targets = re.findall(r'<a href="([^"]+)"', html)
    assert "../exercises/01_lagrange/lagrange.ipynb" in targets and "02_pendulum.ipynb" in targets
    for target in targets:
        assert (NOTEBOOK.parent / target).is_file(), target


def test_code_cells_write_no_combining_diaeresis():
    # θ̈ with U+0308 lands beside the letter in a monospace font; the cells write θdd or "double-dot"
    for cell in CELLS:
        if cell["cell_type"] == "code":
            assert "\u0308" not in "".join(cell["source"]), "".join(cell["source"])[:200]


def test_try_this_cell_shows_the_task_list_as_markdown_that_wraps_between_words():
    from IPython.display import Markdown

    from course_lib.lessons.action.lab import ActionLab

    source = cell_with("lab.tasks.tasks")
    tree = ast.parse(source)
    last = tree.body.pop()
    namespace = {"lab": ActionLab()}
    exec(compile(tree, "try-this", "exec"), namespace)  # noqa: S102 - the lesson's own cell
    shown = eval(compile(ast.Expression(last.value), "try-this", "eval"), namespace)  # noqa: S307
    assert isinstance(shown, Markdown)  # rendered as text, not printed into a fixed-width box that breaks words
    text = render(shown.data).text
    for task in namespace["lab"].tasks.tasks:
        assert task.prompt in text
    assert render(shown.data).list_items == len(namespace["lab"].tasks.tasks)
