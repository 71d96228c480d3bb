"""Scores from the gradebook into CSV files.

``scores.csv`` has one row per graded cell (student, assignment, notebook, cell, kind,
score, max_score, needs_manual_grade), where kind is ``auto`` for test cells and
``manual`` for written answers; ``totals.csv`` one row per student and assignment
(automatic points and maximum, manual maximum and whether manual grading is pending).
A blank written answer is scored 0 by nbgrader and needs no manual grade.
"""

from __future__ import annotations

import csv
from pathlib import Path

CELL_FIELDS = ["student", "assignment", "notebook", "cell", "kind", "score", "max_score", "needs_manual_grade"]
TOTAL_FIELDS = ["student", "assignment", "auto_score", "max_auto_score", "max_manual_score", "manual_pending"]


def cell_rows(db_url: str, graded: list[tuple[str, str]]) -> list[dict]:
    """One dict per grade cell for each (assignment, student) in ``graded``, in notebook order."""
    from nbgrader.api import Gradebook, MissingEntry

    rows = []
    with Gradebook(db_url) as gb:
        for assignment, student in graded:
            submission = gb.find_submission(assignment, student)
            for nb in sorted(submission.notebooks, key=lambda n: n.name):
                for grade in sorted(nb.grades, key=lambda g: g.name):
                    try:
                        gb.find_solution_cell(grade.name, nb.name, assignment)
                        kind = "manual"
                    except MissingEntry:
                        kind = "auto"
                    rows.append({
                        "student": student, "assignment": assignment, "notebook": nb.name,
                        "cell": grade.name, "kind": kind,
                        "score": "" if grade.needs_manual_grade else float(grade.score or 0.0),
                        "max_score": float(grade.max_score),
                        "needs_manual_grade": bool(grade.needs_manual_grade),
                    })
    return rows


def totals(rows: list[dict]) -> list[dict]:
    """Sum the automatic points per student and assignment; note pending manual grading."""
    out: dict[tuple[str, str], dict] = {}
    for r in rows:
        key = (r["student"], r["assignment"])
        t = out.setdefault(key, {"student": key[0], "assignment": key[1], "auto_score": 0.0,
                                 "max_auto_score": 0.0, "max_manual_score": 0.0, "manual_pending": False})
        if r["kind"] == "manual":
            t["max_manual_score"] += r["max_score"]
            t["manual_pending"] = t["manual_pending"] or bool(r["needs_manual_grade"])
        else:
            t["auto_score"] += float(r["score"] or 0.0)
            t["max_auto_score"] += r["max_score"]
    return sorted(out.values(), key=lambda t: (t["student"], t["assignment"]))


def write_csv(path: Path, fields: list[str], rows: list[dict]) -> None:
    """Write ``rows`` with a header line to ``path``."""
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
