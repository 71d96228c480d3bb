"""Lesson 5 does not print the answers of its own quiz before the quiz.

The notebook is run (nbclient, a real kernel) and every number in the text and the outputs of
the cells above the quiz cell is compared with each numeric question of ``mass_matrix_quiz``:
none may fall within the question's tolerance (κ of the stretched arm, ≈ 46, was printed twice
and named in the pitfalls before).
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from course_lib.lessons.mass_matrix.quiz import mass_matrix_quiz
from course_lib.quiz import NumericQuestion

pytestmark = pytest.mark.lesson_run

NOTEBOOK = Path(__file__).resolve().parents[3] / "notebooks" / "05_mass_matrix.ipynb"
NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")


def numbers_before_the_quiz(nb: nbformat.NotebookNode) -> list[tuple[int, float]]:
    """(cell index, number) for every number in the source and the text outputs above the quiz cell."""
    quiz_cell = next(i for i, cell in enumerate(nb.cells) if "mass_matrix_quiz(" in cell.source)
    found = []
    for i, cell in enumerate(nb.cells[:quiz_cell]):
        texts = [cell.source]
        for out in cell.get("outputs", []):
            texts.append(out.get("text", ""))
            texts.append(out.get("data", {}).get("text/plain", ""))
        found += [(i, float(m)) for text in texts for m in NUMBER.findall(text)]
    return found


@pytest.fixture(scope="module")
def executed() -> nbformat.NotebookNode:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=120, resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    return nb


def test_no_number_above_lesson5s_quiz_answers_one_of_its_numeric_questions(executed):
    numbers = numbers_before_the_quiz(executed)
    assert len(numbers) > 50  # the lesson does print numbers: the scan sees them
    for question in mass_matrix_quiz().questions:
        if isinstance(question, NumericQuestion):
            given_away = [(i, x) for i, x in numbers if abs(x - question.expected) <= question.tolerance]
            assert not given_away, (question.prompt, given_away)
