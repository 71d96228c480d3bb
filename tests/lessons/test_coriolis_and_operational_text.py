"""Lessons 6 and 7 as a student reads them: no course-internal words, parameters stated, no quiz answer given away.

A learner reads only the course's own words (lesson numbers, not the source documents' numbering), finds every
parameter a quiz needs (lesson 7 states l_c₂ and I₂), and no cell prints a quiz's answer before the quiz.
"""

from __future__ import annotations

import ast
import contextlib
import io
import pathlib
import re

import nbformat
import numpy as np
import pytest

from course_lib.lessons.coriolis.quiz import coriolis_quiz
from course_lib.lessons.operational_space.quiz import operational_quiz
from course_lib.physics.models import TwoLinkArm
from course_lib.quiz import NumericQuestion

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = {"06_coriolis_christoffel.ipynb": coriolis_quiz, "07_operational_space_inertia.ipynb": operational_quiz}


def cells(name: str):
    return nbformat.read(NOTEBOOKS / name, as_version=4).cells


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_no_course_internal_words_and_lesson_3_is_a_link(name):
    for cell in cells(name):
        assert not re.search(r"\bseeds?\b", cell.source, re.I), cell.source[:200]
        if cell.cell_type == "markdown":
            for m in re.finditer(r"\[?[Ll]esson 3\b", cell.source):
                assert m.group().startswith("["), f"'Lesson 3' is not a link: …{cell.source[m.start():m.end() + 40]}"
                assert cell.source[m.end():].startswith("](03_two_link_arm.ipynb)")
    assert (NOTEBOOKS / "03_two_link_arm.ipynb").exists()


def test_lesson_7_states_every_arm_parameter_its_quiz_needs():
    setup = next(c.source for c in cells("07_operational_space_inertia.ipynb") if "**Setup.**" in c.source)
    arm = TwoLinkArm()
    assert "l_{c1} = l_1/2" in setup and "l_{c2} = l_2/2" in setup and "I_1 = m_1 l_1^2/12" in setup
    for value in (arm.l1, arm.l2, arm.m1, arm.m2, arm.lc1, arm.lc2, arm.I2):
        assert f"{value:g}" in setup, value
    assert f"{arm.I1:.4f}" in setup


def shown_before_the_quiz(name: str) -> str:
    """Everything the code cells before the quiz print or display (the last expression's repr), run in order."""
    scope: dict = {}
    out = io.StringIO()
    for cell in cells(name):
        if cell.cell_type != "code":
            continue
        if "_quiz(" in cell.source:
            break
        tree = ast.parse(cell.source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        with contextlib.redirect_stdout(out):
            exec(compile(tree, name, "exec"), scope)  # noqa: S102 - the lesson's own cells
            if last is not None:
                print(repr(eval(compile(ast.Expression(last.value), name, "eval"), scope)))  # noqa: S307
    return out.getvalue()


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_no_numeric_quiz_answer_is_printed_before_the_quiz(name):
    shown = shown_before_the_quiz(name)
    numbers = np.array([float(x) for x in re.findall(r"[-−]?\d+\.\d+", shown.replace("−", "-"))])
    assert numbers.size > 5
    for q in LESSONS[name]():
        if isinstance(q, NumericQuestion):
            hits = numbers[np.abs(numbers - q.expected) <= q.tolerance]
            assert hits.size == 0, f"{q.prompt[:60]}… answer {q.expected:.3f} is printed before the quiz: {hits}"
