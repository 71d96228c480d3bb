"""Autograde a folder of submissions offline and write scores and feedback.

Usage::

    python -m course_lib.grading.autograde SUBMISSIONS [--output grading-output] [--timeout 30] [--jobs 1]
                                           [--autograded]

``SUBMISSIONS`` is laid out like nbgrader's ``submitted/`` folder:
``<SUBMISSIONS>/<student_id>/<assignment>/<notebook>.ipynb``. Everything nbgrader
writes (gradebook, autograded notebooks) stays in temporary course directories;
``--output`` receives:

- ``scores.csv``  one row per graded cell; ``totals.csv`` one row per student and assignment
- ``feedback/<student>/<assignment>/<notebook>.html`` without hidden tests
- ``problems.txt`` submissions the pre-check or nbgrader could not grade, with the reason
- ``timings.csv`` seconds spent autograding each submission
- with ``--autograded`` only: ``autograded/<student>/<assignment>/<notebook>.ipynb``, nbgrader's
  graded notebooks WITH the hidden tests and their full messages — for instructors, never
  for students (return only ``feedback/``)

``--jobs N`` splits the students over N worker processes, each with its own temporary
course directory and gradebook. Exit status 0 when every submission was graded, 1 when
some were not (the others still are).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from course_lib.grading import course, precheck, report

Pair = tuple[str, str]  # (assignment, student)


def _submissions(submissions: Path, assignments: list[str]) -> list[Pair]:
    """(assignment, student) pairs present in the submissions folder, for known assignments."""
    pairs = []
    for student_dir in sorted(p for p in submissions.iterdir() if p.is_dir()):
        for assignment in assignments:
            if any((student_dir / assignment).glob("*.ipynb")):
                pairs.append((assignment, student_dir.name))
    return pairs


def _grade_pairs(submissions: Path, output: Path, pairs: list[Pair], timeout: int | None,
                 repo_root: Path, keep_autograded: bool = False) -> tuple[list[dict], list[str], dict[Pair, float]]:
    """Autograde ``pairs`` in one temporary course; feedback goes to ``output/feedback``
    (and the autograded notebooks to ``output/autograded`` when ``keep_autograded``).

    Returns:
        (score rows, problems, seconds per pair).
    """
    problems: list[str] = []
    graded: list[Pair] = []
    seconds: dict[Pair, float] = {}
    with tempfile.TemporaryDirectory(prefix="nbgrader-grade-") as tmp:
        root = Path(tmp)
        config = course.make_course(root, repo_root, timeout)
        nbg = course.api(config)
        for assignment in sorted({a for a, _ in pairs}):
            course.run(nbg.generate_assignment(assignment), f"generate_assignment {assignment}")
        for assignment, student in pairs:
            dest = root / nbg.coursedir.submitted_directory / student / assignment
            shutil.copytree(submissions / student / assignment, dest)
            start = time.perf_counter()
            result = nbg.autograde(assignment, student)
            seconds[(assignment, student)] = time.perf_counter() - start
            if not result.get("success"):
                problems.append(f"student {student!r}, {assignment}: nbgrader autograde failed:\n"
                                f"{result.get('error') or result.get('log')}")
                continue
            feedback = nbg.generate_feedback(assignment, student)
            if not feedback.get("success"):
                problems.append(f"student {student!r}, {assignment}: generate_feedback failed:\n"
                                f"{feedback.get('error') or feedback.get('log')}")
            graded.append((assignment, student))
        copies = [(nbg.coursedir.feedback_directory, "feedback")]
        if keep_autograded:
            copies.append((nbg.coursedir.autograded_directory, "autograded"))
        for source, dest in copies:
            built = root / source
            for student_dir in (built.iterdir() if built.is_dir() else []):
                shutil.copytree(student_dir, output / dest / student_dir.name,
                                ignore=shutil.ignore_patterns("*.json"), dirs_exist_ok=True)
        rows = report.cell_rows(nbg.coursedir.db_url, graded)
    return rows, problems, seconds


def split_by_student(pairs: list[Pair], jobs: int) -> list[list[Pair]]:
    """Share the pairs among at most ``jobs`` parts, all of a student's work in the same part.

    >>> split_by_student([("a1", "ann"), ("a2", "ann"), ("a1", "bob"), ("a1", "cy")], 2)
    [[('a1', 'ann'), ('a2', 'ann'), ('a1', 'cy')], [('a1', 'bob')]]
    """
    if jobs < 1:
        raise ValueError(f"jobs must be a positive number of worker processes, got {jobs}")
    students = sorted({s for _, s in pairs})
    groups = [set(students[k::jobs]) for k in range(jobs)]
    return [part for part in ([p for p in pairs if p[1] in g] for g in groups) if part]


def grade(submissions: Path, output: Path, timeout: int | None = None,
          repo_root: Path = course.REPO_ROOT, jobs: int = 1, keep_autograded: bool = False) -> dict:
    """Pre-check, autograde, write feedback and scores for every submission.

    Args:
        submissions: ``<dir>/<student>/<assignment>/<notebook>.ipynb``.
        output: directory for the CSV files, feedback and problem list (created).
        timeout: per-cell timeout in seconds (default: nbgrader_config.py's).
        repo_root: the checkout holding nbgrader_config.py and solutions/.
        jobs: number of worker processes.
        keep_autograded: also write nbgrader's autograded notebooks (hidden tests and their
            full messages included; for instructors only) to ``output/autograded``.

    Returns:
        ``{"graded": [(assignment, student)], "problems": [str], "seconds": {(a, s): float}}``.
    """
    submissions, output = Path(submissions), Path(output)
    if not submissions.is_dir():
        raise ValueError(f"submissions folder {submissions} does not exist; expected "
                         "<dir>/<student_id>/<assignment>/<notebook>.ipynb")
    known = course.assignments(course.load_config(repo_root), repo_root)
    found = precheck.check_submissions(submissions, known)
    flagged = {(p.assignment, p.student) for p in found}
    todo = [pair for pair in _submissions(submissions, known) if pair not in flagged]
    parts_todo = split_by_student(todo, jobs)
    output.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(output / "feedback", ignore_errors=True)
    shutil.rmtree(output / "autograded", ignore_errors=True)
    args = [(submissions, output, part, timeout, repo_root, keep_autograded) for part in parts_todo]
    if len(args) <= 1:
        results = [_grade_pairs(*a) for a in args]
    else:
        with ProcessPoolExecutor(max_workers=len(args)) as pool:
            results = list(pool.map(_grade_pairs, *zip(*args)))
    rows = sorted((r for res in results for r in res[0]),
                  key=lambda r: (r["student"], r["assignment"], r["notebook"], r["cell"]))
    problems = [str(p) for p in found] + [p for res in results for p in res[1]]
    seconds = {pair: t for res in results for pair, t in res[2].items()}
    report.write_csv(output / "scores.csv", report.CELL_FIELDS, rows)
    report.write_csv(output / "totals.csv", report.TOTAL_FIELDS, report.totals(rows))
    report.write_csv(output / "timings.csv", ["student", "assignment", "seconds"],
                     [{"student": s, "assignment": a, "seconds": f"{t:.2f}"}
                      for (a, s), t in sorted(seconds.items(), key=lambda kv: (kv[0][1], kv[0][0]))])
    (output / "problems.txt").write_text("".join(p + "\n" for p in problems), encoding="utf-8")
    graded = sorted({(r["assignment"], r["student"]) for r in rows})
    return {"graded": graded, "problems": problems, "seconds": seconds}


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    parser = argparse.ArgumentParser(description="Autograde a folder of submissions offline.")
    parser.add_argument("submissions", type=Path,
                        help="folder laid out as <student_id>/<assignment>/<notebook>.ipynb")
    parser.add_argument("--output", type=Path, default=Path("grading-output"),
                        help="where scores, feedback and problems go (default: grading-output/)")
    parser.add_argument("--timeout", type=int, default=None,
                        help="per-cell execution timeout in seconds (default: nbgrader_config.py)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes, each grading a share of the students (default: 1)")
    parser.add_argument("--autograded", action="store_true",
                        help="also copy nbgrader's autograded notebooks, WITH the hidden tests and their "
                             "messages, to OUTPUT/autograded (for instructors only)")
    args = parser.parse_args(argv)
    # nbgrader's own SQLAlchemy session warnings say nothing about the submissions
    warnings.filterwarnings("ignore", message="Object of type <Submitted")
    try:
        result = grade(args.submissions, args.output, args.timeout, jobs=args.jobs,
                       keep_autograded=args.autograded)
    except ValueError as err:
        parser.error(str(err))
    for (assignment, student), t in sorted(result["seconds"].items(), key=lambda kv: (kv[0][1], kv[0][0])):
        print(f"{student:>20}  {assignment:<28} {t:6.1f} s")
    print(f"graded {len(result['graded'])} submission(s); results in {args.output}/")
    for problem in result["problems"]:
        print("PROBLEM:", problem, file=sys.stderr)
    return 1 if result["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
