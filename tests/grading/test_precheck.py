"""The duplicate-id pre-check names the student, notebook and cell (fast, no nbgrader run)."""

from __future__ import annotations

import json

from course_lib.grading import precheck
from tests.grading import synthetic as syn

A1 = "01_lagrange"


def test_clean_submission_has_no_problems(tmp_path):
    """A normal solved notebook passes the pre-check."""
    syn.save(syn.solved(A1), tmp_path, "ada", A1)
    assert precheck.check_submissions(tmp_path, [A1]) == []


def test_pasted_solution_cell_is_reported_with_its_positions(tmp_path):
    """Copying a solution cell duplicates its grade_id: reported with student, notebook, cell and positions."""
    syn.save(syn.with_duplicate(syn.solved(A1), "derivatives"), tmp_path, "bea", A1)
    problems = precheck.check_submissions(tmp_path, [A1])
    assert len(problems) == 1
    p = problems[0]
    assert (p.student, p.assignment, p.notebook) == ("bea", A1, "lagrange.ipynb")
    assert "'derivatives' appears 2 times" in p.message
    assert str(p).startswith("student 'bea', 01_lagrange/lagrange.ipynb: nbgrader cell 'derivatives'")


def test_duplicated_nbformat_cell_id_is_reported(tmp_path):
    """Two cells with the same nbformat id (an invalid notebook) are reported as well."""
    nb = syn.solved(A1)
    nb.cells[2]["id"] = nb.cells[1]["id"]
    path = tmp_path / "cid" / A1 / "lagrange.ipynb"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(nb), encoding="utf-8")
    (problem,) = precheck.check_submissions(tmp_path, [A1])
    assert f"cell id '{nb.cells[1]['id']}' appears 2 times (cells 2, 3)" in problem.message


def test_unreadable_notebook_and_unknown_assignment_are_reported(tmp_path):
    """A truncated file and a folder that is no assignment are named instead of crashing."""
    bad = tmp_path / "cy" / A1 / "lagrange.ipynb"
    bad.parent.mkdir(parents=True)
    bad.write_text('{"cells": [', encoding="utf-8")
    (tmp_path / "cy" / "homework9").mkdir()
    messages = [str(p) for p in precheck.check_submissions(tmp_path, [A1])]
    assert any("not a readable notebook" in m for m in messages)
    assert any("homework9" in m and "unknown assignment" in m for m in messages)


def test_command_line_lists_problems_and_fails(tmp_path, capsys):
    """`python -m course_lib.grading.precheck DIR` prints each problem and exits with status 1."""
    syn.save(syn.with_duplicate(syn.solved(A1), "eom"), tmp_path, "dee", A1)
    syn.save(syn.solved(A1), tmp_path, "eve", A1)
    assert precheck.main([str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "student 'dee'" in err and "'eom' appears 2 times" in err and "'eve'" not in err
