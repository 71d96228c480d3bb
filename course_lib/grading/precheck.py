"""Check submissions for duplicated cell ids before nbgrader sees them.

A learner who copies a solution or test cell (copy/paste in Jupyter keeps the cell's
nbgrader metadata) hands in a notebook where one ``grade_id`` appears twice. nbgrader
then drops one copy's metadata silently or fails with a message that names neither the
student nor the cell. This pre-check reads every submitted notebook and reports, per
student and notebook, each duplicated nbgrader ``grade_id`` and nbformat cell ``id``,
with the positions of the copies, so the instructor can fix or ask for a resubmission.
"""

from __future__ import annotations

import dataclasses
import json
from collections import defaultdict
from pathlib import Path


@dataclasses.dataclass(frozen=True)
class Problem:
    """One reason a submitted notebook cannot be graded as it is."""

    student: str
    assignment: str
    notebook: str
    message: str

    def __str__(self) -> str:
        return f"student {self.student!r}, {self.assignment}/{self.notebook}: {self.message}"


def duplicated(cells: list[dict]) -> list[str]:
    """Messages for every grade_id or cell id used by more than one cell (cells numbered from 1).

    >>> cell = {"id": "a", "metadata": {"nbgrader": {"grade_id": "mass_matrix", "solution": True}}}
    >>> duplicated([cell, dict(cell, id="b")])
    ["nbgrader cell 'mass_matrix' appears 2 times (cells 1, 2); keep only the original"]
    """
    grade_ids: dict[str, list[int]] = defaultdict(list)
    cell_ids: dict[str, list[int]] = defaultdict(list)
    for number, cell in enumerate(cells, start=1):
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if meta.get("grade_id") and (meta.get("grade") or meta.get("solution") or meta.get("locked")
                                     or meta.get("task")):
            grade_ids[meta["grade_id"]].append(number)
        if cell.get("id"):
            cell_ids[cell["id"]].append(number)
    messages = []
    for kind, table in (("nbgrader cell", grade_ids), ("cell id", cell_ids)):
        for key, where in table.items():
            if len(where) > 1:
                listed = ", ".join(map(str, where))
                messages.append(f"{kind} {key!r} appears {len(where)} times (cells {listed}); "
                                "keep only the original")
    return messages


def check_notebook(path: Path, student: str, assignment: str) -> list[Problem]:
    """Problems with one submitted notebook (unreadable JSON or duplicated ids)."""
    try:
        cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError, TypeError) as err:
        return [Problem(student, assignment, path.name, f"not a readable notebook ({err})")]
    return [Problem(student, assignment, path.name, m) for m in duplicated(cells)]


def check_submissions(submissions: Path, assignments: list[str]) -> list[Problem]:
    """Check ``<submissions>/<student>/<assignment>/*.ipynb`` for every known assignment.

    Args:
        submissions: the folder of submissions.
        assignments: assignment ids that exist in solutions/; other folders are reported.

    Returns:
        All problems found, sorted by student, assignment and notebook.
    """
    problems: list[Problem] = []
    for student_dir in sorted(p for p in Path(submissions).iterdir() if p.is_dir()):
        for adir in sorted(p for p in student_dir.iterdir() if p.is_dir()):
            if adir.name not in assignments:
                problems.append(Problem(student_dir.name, adir.name, "-",
                                        f"unknown assignment (known: {', '.join(assignments)})"))
                continue
            for nb in sorted(adir.glob("*.ipynb")):
                problems.extend(check_notebook(nb, student_dir.name, adir.name))
    return problems


def main(argv: list[str] | None = None) -> int:
    """``python -m course_lib.grading.precheck SUBMISSIONS``: list problems; exit status 1 if any."""
    import argparse
    import sys

    from course_lib.grading import course

    parser = argparse.ArgumentParser(description="Find duplicated cell ids in a folder of submissions.")
    parser.add_argument("submissions", type=Path, help="folder laid out as <student_id>/<assignment>/<notebook>.ipynb")
    args = parser.parse_args(argv)
    if not args.submissions.is_dir():
        parser.error(f"submissions folder {args.submissions} does not exist")
    problems = check_submissions(args.submissions, course.assignments(course.load_config()))
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{len(problems)} problem(s) found")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
