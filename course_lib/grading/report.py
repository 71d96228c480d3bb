"""Scores from the gradebook into CSV files.

``scores.csv`` has one row per graded cell (student, assignment, notebook, cell, kind,
score, max_score, needs_manual_grade), where kind is ``auto`` for test cells and
``manual`` for written answers; ``totals.csv`` one row per student and assignment
(automatic points and maximum, manual maximum and whether manual grading is pending).
A blank written answer is scored 0 by nbgrader and needs no manual grade.

Automatic scores are the trusted checker's (course_lib/grading/trusted.py); the column
``in_kernel`` says what the test cell itself concluded inside the student's kernel
(``pass``/``fail``, blank for hidden tests, which never run there). A difference is flagged
for review in ``flags.txt``. Text fields are written safely for spreadsheets: a field that
starts with ``= + - @`` (or a tab or carriage return) gets a leading ``'``.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

CELL_FIELDS = ["student", "assignment", "notebook", "cell", "kind", "score", "max_score", "needs_manual_grade",
               "in_kernel"]
TOTAL_FIELDS = ["student", "assignment", "auto_score", "max_auto_score", "max_manual_score", "manual_pending",
                "review"]
#: first characters a spreadsheet reads as a formula
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


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
                        "in_kernel": "",
                    })
    return rows


def mark_trusted(rows: list[dict], runs: dict[tuple[str, str], dict]) -> None:
    """Fill ``in_kernel`` from the trusted runs' reports ({(assignment, student): {notebook: report}})."""
    for row in rows:
        report = runs.get((row["assignment"], row["student"]), {}).get(Path(row["notebook"]).stem, {})
        cell = report.get("cells", {}).get(row["cell"])
        if cell and cell.get("kernel") is not None:
            row["in_kernel"] = "pass" if cell["kernel"] else "fail"


def flags(notes: list[tuple[str, str, str]], runs: dict[tuple[str, str], dict], unsafe: bool) -> list[str]:
    """Lines for ``flags.txt``: pre-check notes and flags, kernel deaths and limits, and every test cell
    whose in-kernel verdict differs from the trusted one, each naming student, assignment and cell."""
    lines = [(s, a, text) for s, a, text in notes]
    for (assignment, student), notebooks in runs.items():
        for notebook, report in sorted(notebooks.items()):
            for note in report.get("notes", []):
                lines.append((student, assignment, f"{notebook}.ipynb: {note}"))
            for cell, verdict in sorted(report.get("cells", {}).items()):
                if verdict.get("kernel") is not None and verdict["kernel"] != verdict["trusted"]:
                    said = "passed" if verdict["kernel"] else "failed"
                    got = "passed" if verdict["trusted"] else f"failed ({verdict.get('message', '')[:160]})"
                    lines.append((student, assignment, f"{notebook}.ipynb, cell {cell!r}: REVIEW: the test "
                                  f"{said} inside the student's kernel but {got} in the trusted checker"))
    out = [f"student {s!r}, {a}: {t}" for s, a, t in sorted(lines)]
    if unsafe:
        out.insert(0, "UNSAFE: graded with --unsafe-no-sandbox: the students' code ran without the sandbox, "
                      "with the grader's rights")
    return out


def run_problems(student: str, assignment: str, notebooks: dict[str, dict]) -> list[str]:
    """Lines for ``problems.txt`` from one submission's trusted runs: cells stopped at their time limit,
    and hidden tests lost because the kernel could not be restarted (an instructor should look at both).

    >>> run_problems("ann", "a1", {"nb": {"timeouts": ["loop"], "restart_failed": ""}})
    ["student 'ann', a1/nb.ipynb: ran out of time in cell 'loop' (stopped at its time limit; see flags.txt)"]
    """
    out = []
    for notebook, report in sorted(notebooks.items()):
        where = f"student {student!r}, {assignment}/{notebook}.ipynb"
        for cell in report.get("timeouts", []):
            out.append(f"{where}: ran out of time in cell {cell!r} (stopped at its time limit; see flags.txt)")
        if report.get("restart_failed"):
            out.append(f"{where}: the kernel could not be restarted for the hidden tests "
                       f"({report['restart_failed']}); they score 0")
    return out


#: nbgrader's terse exceptions, said in words (matched against the exception line)
KNOWN_CAUSES = (
    ("KeyError: 'grade_id'", "a cell has nbgrader metadata without a grade_id (restore the cell from the "
                             "released notebook)"),
    ("DeadKernelError", "the kernel died"),
    ("No notebooks", "no notebook found for this assignment"),
)


def cause(log: str) -> str:
    """nbgrader's real reason for a failure, in one line (not "Please see the above traceback").

    >>> cause("Traceback (most recent call last):\\n  File ...\\nKeyError: 'grade_id'\\n"
    ...       "[ERROR] Please see the the above traceback for details")
    "a cell has nbgrader metadata without a grade_id (restore the cell from the released notebook) (KeyError: 'grade_id')"
    """
    lines = [ln.strip() for ln in str(log).replace("\\n", "\n").splitlines() if ln.strip()]
    lines = [ln for ln in lines if "Please see the" not in ln and not ln.startswith(("File ", "^", "~"))]
    for line in reversed(lines):
        text = re.sub(r"^\[\w*\s*\|?\s*\w*\]\s*", "", line)
        if re.match(r"^[\w.]*(Error|Exception|Died|Interrupt)\b:?", text) or "No notebooks" in text:
            for needle, words in KNOWN_CAUSES:
                if needle in text:
                    return f"{words} ({text[:200]})"
            return text[:300]
    return (lines[-1] if lines else "no message from nbgrader")[:300]


def totals(rows: list[dict], flag_lines: list[str] | None = None) -> list[dict]:
    """Sum the automatic points per student and assignment; note pending manual grading and flags."""
    out: dict[tuple[str, str], dict] = {}
    for r in rows:
        key = (r["student"], r["assignment"])
        t = out.setdefault(key, {"student": key[0], "assignment": key[1], "auto_score": 0.0,
                                 "max_auto_score": 0.0, "max_manual_score": 0.0, "manual_pending": False,
                                 "review": ""})
        if r["kind"] == "manual":
            t["max_manual_score"] += r["max_score"]
            t["manual_pending"] = t["manual_pending"] or bool(r["needs_manual_grade"])
        else:
            t["auto_score"] += float(r["score"] or 0.0)
            t["max_auto_score"] += r["max_score"]
    for (student, assignment), t in out.items():
        prefix = f"student {student!r}, {assignment}: "
        if any(line.startswith(prefix) for line in flag_lines or []):
            t["review"] = "see flags.txt"
    return sorted(out.values(), key=lambda t: (t["student"], t["assignment"]))


def safe_field(value: object) -> object:
    """A CSV field a spreadsheet shows as text: formula-like text gets a leading ``'``.

    >>> safe_field("=2+5"), safe_field("ada"), safe_field(1.5)
    ("'=2+5", 'ada', 1.5)
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def write_csv(path: Path, fields: list[str], rows: list[dict]) -> None:
    """Write ``rows`` with a header line to ``path`` (text fields made spreadsheet-safe)."""
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows({k: safe_field(v) for k, v in row.items()} for row in rows)
