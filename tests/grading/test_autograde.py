"""The real nbgrader pipeline on synthetic submissions (slow: one shared autograde run).

Each test names the robustness property it checks; all read the results of the
session fixture ``graded`` (see conftest.py).
"""

from __future__ import annotations

import html
import re

import nbformat
import pytest

from course_lib.grading.feedback import HINTS, TIMEOUT_NAMES
from tests.grading import synthetic as syn
from tests.grading.conftest import A1, A2, A3, A5, ASSIGNMENTS

pytestmark = pytest.mark.grading


def auto_cells(graded, student, assignment):
    return [cell for (s, a, cell), row in graded.scores.items()
            if s == student and a == assignment and row["kind"] == "auto"]


def visible_text(page: str) -> str:
    """The text a reader of the feedback HTML sees (tags removed, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def hidden_lines() -> set[str]:
    """Substantial lines of hidden-test regions in solutions/ that occur nowhere outside them."""
    hidden, shown = set(), []
    for path in syn.notebook_paths(syn.SOLUTIONS).values():
        for cell in syn.read(path).cells:
            inside = False
            for line in cell.source.split("\n"):
                if "BEGIN HIDDEN TESTS" in line:
                    inside = True
                elif "END HIDDEN TESTS" in line:
                    inside = False
                elif inside:
                    hidden.add(line.strip())
                else:
                    shown.append(line)
    shown_text = "\n".join(shown)
    return {line for line in hidden if len(line) >= 20 and line not in shown_text}


def hidden_cell_ids() -> set[str]:
    """grade_ids of the test cells of solutions/ that hold a hidden-test region."""
    return {syn.grade_id(cell) for path in syn.notebook_paths(syn.SOLUTIONS).values()
            for cell in syn.read(path).cells if "BEGIN HIDDEN TESTS" in cell.source}


def output_text(output) -> str:
    """Everything an output can show: printed text, message, traceback, plain-text data."""
    parts = [output.get("text", ""), output.get("evalue", ""), "\n".join(output.get("traceback", []))]
    data = output.get("data", {})
    parts.append(str(data.get("text/plain", "")))
    # HTML as a reader sees it (e.g. the folded traceback of the learner's own error)
    parts.append(html.unescape(re.sub(r"<[^>]+>", "", str(data.get("text/html", "")))))
    return "\n".join(parts)


def hidden_secrets(autograded) -> set[str]:
    """What the hidden tests of one autograded notebook said and nothing visible says.

    Each failed hidden test's message (other arm's parameters, hidden states, expected values),
    its parts between ': ' and '; ', and each number tuple in it, minus anything the visible
    cells' outputs also show (e.g. "mass_matrix is not implemented yet"). Timeouts are left out:
    their message is the course's configured text, not the test's.
    """
    hidden_ids, secrets, public = hidden_cell_ids(), set(), []
    for cell in nbformat.read(autograded, as_version=4).cells:
        outputs = cell.get("outputs", [])
        if syn.grade_id(cell) not in hidden_ids:
            public.extend(output_text(o) for o in outputs)
            continue
        for out in outputs:
            if out.get("output_type") == "error" and out.get("ename") not in TIMEOUT_NAMES:
                message = out.get("evalue", "")
                secrets.add(message)
                secrets.update(re.split(r": |; ", message))
                secrets.update(re.findall(r"\([-\d., ]+\)", message))
    public_text = "\n".join(public + list(HINTS.values()))
    return {s.strip() for s in secrets if len(s.strip()) >= 12 and s.strip() not in public_text}


def test_solutions_score_every_automatic_point(graded):
    """A submission made of the instructor's solutions earns full marks on every test cell, in every assignment."""
    for assignment in ASSIGNMENTS:
        cells = auto_cells(graded, "full_marks", assignment)
        assert len(cells) >= 6
        for cell in cells:
            assert graded.score("full_marks", assignment, cell) == graded.max_score("full_marks", assignment, cell), cell
        total = graded.totals[("full_marks", assignment)]
        assert float(total["auto_score"]) == float(total["max_auto_score"]) > 0
        assert total["manual_pending"] == "True"   # the written answer waits for the instructor


def test_untouched_exercises_score_zero_without_crashing(graded):
    """Blank exercises of every assignment are graded (no nbgrader failure) and earn 0 points everywhere."""
    for assignment in ASSIGNMENTS:
        assert ("blank", assignment) in graded.totals
        for cell in auto_cells(graded, "blank", assignment):
            assert graded.score("blank", assignment, cell) == 0.0, cell
    assert "'blank'" not in graded.problems


def test_hard_coded_answer_passes_visible_test_and_fails_hidden_one(graded):
    """Hard-coded course values (arm's M; pendulum's m g l) pass the visible tests, fail the hidden ones,
    and the feedback says so with the generic hint, not the hidden test's message."""
    for assignment, visible in ((A2, "test_mass_matrix"), (A1, "test_holding")):
        assert graded.score("hard_coder", assignment, visible) == graded.max_score("hard_coder", assignment, visible)
        assert graded.score("hard_coder", assignment, visible + "_hidden") == 0.0
        text = visible_text(graded.feedback("hard_coder", assignment))
        assert "HiddenTestFailed: " + HINTS["values"] in text
    assert "for another arm" not in visible_text(graded.feedback("hard_coder", A2))


def test_identification_with_a_wrong_centrifugal_sign_loses_every_point_built_on_the_regressor(graded):
    """Assignment 5: a sign slip in the numeric regressor fails it, the estimate and κ (which use it), visible
    and hidden, while the correct symbolic regressor keeps its points; the feedback names the slip's effect."""
    student = "wrong_regressor"
    for cell in ("test_regressor_sym", "test_regressor_sym_hidden"):
        assert graded.score(student, A5, cell) == graded.max_score(student, A5, cell) > 0, cell
    for cell in ("test_regressor_num", "test_regressor_num_hidden", "test_estimate", "test_estimate_hidden",
                 "test_score", "test_score_hidden"):
        assert graded.score(student, A5, cell) == 0.0, cell
    text = visible_text(graded.feedback(student, A5))
    assert "regressor · π" in text and "HiddenTestFailed: " + HINTS["values"] in text
    assert "for another arm" not in text


def test_visible_tests_keep_their_specific_messages_and_hidden_ones_get_hints(graded):
    """Only hidden failures are generalised: a visible failure still names the quantity and state,
    and each kind of hidden failure (timeout, NaN, exception, symbolic, unfinished) has its hint."""
    assert "AssertionError: gravity raised ZeroDivisionError at q = (" in \
        visible_text(graded.feedback("nan_and_raise", A2))
    expected = {("looper", A3): "timeout", ("nan_and_raise", A2): "not_finite", ("test_editor", A1): "symbolic",
                ("blank", A2): "missing"}
    for (student, assignment), kind in expected.items():
        assert "HiddenTestFailed: " + HINTS[kind] in visible_text(graded.feedback(student, assignment)), kind
    assert "HiddenTestFailed" not in visible_text(graded.feedback("full_marks", A2))


def test_infinite_loop_is_stopped_and_other_cells_are_graded(graded):
    """A function that never returns costs the cells that call it, nothing else."""
    assert graded.score("looper", A3, "test_ledger") == 0.0
    assert graded.score("looper", A3, "test_ledger_hidden") == 0.0
    for cell in ("test_rk4", "test_rk4_hidden", "test_euler_energy", "test_drift", "test_drift_hidden"):
        assert graded.score("looper", A3, cell) == graded.max_score("looper", A3, cell), cell
    assert "CellTimeoutError" in visible_text(graded.feedback("looper", A3)) or \
        "timed out" in visible_text(graded.feedback("looper", A3)).lower()


def test_edited_locked_test_cell_is_restored(graded):
    """A test cell replaced by print('all good') is put back, and catches the wrong T."""
    assert graded.score("test_editor", A1, "test_energies") == 0.0
    text = visible_text(graded.feedback("test_editor", A1))
    assert "print('all good')" not in text
    assert "T is wrong at th = " in text


def test_deleted_test_cell_is_added_back_and_graded(graded):
    """Deleting the holding-torque tests does not dodge them: they are re-added and scored."""
    for cell in ("test_holding", "test_holding_hidden"):
        assert graded.score("test_deleter", A1, cell) == graded.max_score("test_deleter", A1, cell) > 0
    assert "was missing from the submission" in visible_text(graded.feedback("test_deleter", A1))


def test_nan_and_exceptions_score_zero_with_a_readable_message(graded):
    """A NaN mass matrix and a gravity that raises get 0 and say why; other parts still count."""
    assert graded.score("nan_and_raise", A2, "test_mass_matrix") == 0.0
    assert graded.score("nan_and_raise", A2, "test_gravity") == 0.0
    assert graded.score("nan_and_raise", A2, "test_christoffel") == graded.max_score("nan_and_raise", A2, "test_christoffel")
    text = visible_text(graded.feedback("nan_and_raise", A2))
    assert "AssertionError: M contains NaN or inf at q = (" in text
    assert "AssertionError: gravity raised ZeroDivisionError at q = (" in text


def test_duplicate_cell_id_is_reported_with_student_and_cell(graded):
    """A pasted copy of a solution cell is caught before nbgrader, naming student and cell."""
    assert "student 'copycat', 01_lagrange/lagrange.ipynb: nbgrader cell 'energies' appears 2 times" in graded.problems
    assert ("copycat", A1) not in graded.totals
    assert graded.returncode == 1
    assert "copycat" in graded.stderr


def test_feedback_never_shows_hidden_tests(graded):
    """No line of any hidden test, and nothing a failed hidden test said (other arm's parameters,
    hidden states, expected values), appears in any student's feedback HTML."""
    secrets = hidden_lines()
    assert len(secrets) > 10
    pages = sorted((graded.output / "feedback").rglob("*.html"))
    assert len(pages) == len(graded.totals)
    said = {}
    for student, assignment in graded.totals:
        said[(student, assignment)] = hidden_secrets(graded.autograded(student, assignment))
    # the scan has real secrets to look for: the hard-coder's hidden failures name another arm's
    # states and expected M, and the other pendulums' m, l, g
    assert any("for another arm" in s for s in said[("hard_coder", A2)])
    assert any("m/s²" in s and "expected" in s for s in said[("hard_coder", A1)])
    assert sum(len(v) for v in said.values()) > 20
    for page in pages:
        student, assignment = page.parent.parent.name, page.parent.name
        text = visible_text(page.read_text(encoding="utf-8"))
        leaked = [line for line in secrets | said[(student, assignment)] if line in text]
        assert not leaked, f"{page}: {leaked[:3]}"
        assert "BEGIN HIDDEN TESTS" not in text


def test_grading_leaves_no_files_in_the_repository(graded):
    """gradebook.db, autograded/, feedback/ ... are created in a temporary course directory only."""
    assert graded.wrote_into_repo == []


def test_every_graded_submission_has_a_timing(graded):
    """timings.csv lists one positive duration per graded submission (see the report for figures)."""
    assert set(graded.totals) <= set(graded.seconds)
    assert all(t > 0 for t in graded.seconds.values())
