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
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from course_lib.grading import course, folders, precheck, report, sandbox, trusted, uids

Pair = tuple[str, str]  # (assignment, student)


def _submissions(accepted: dict[Pair, list[precheck.Accepted]]) -> list[Pair]:
    """(assignment, student) pairs the pre-check accepted, sorted by student then assignment."""
    return sorted(accepted, key=lambda pair: (pair[1], pair[0]))


def _grade_pairs(output: Path, pairs: list[Pair], accepted: dict[Pair, list[precheck.Accepted]],
                 timeout: int | None, repo_root: Path, keep_autograded: bool = False,
                 unsafe: bool = False, limits: dict[str, int] | None = None
                 ) -> tuple[list[dict], list[str], dict[Pair, float], dict[Pair, dict]]:
    """Autograde ``pairs`` in one temporary course (each submission's code in its own sandbox);
    feedback goes to ``output/feedback`` (and the autograded notebooks to ``output/autograded``).

    Returns:
        (score rows, problems, seconds per pair, trusted-run report per pair).
    """
    problems: list[str] = []
    graded: list[Pair] = []
    seconds: dict[Pair, float] = {}
    runs: dict[Pair, dict] = {}
    folders.install()
    # this worker's own host uid for its sandboxes (as root): its process limit is no one else's
    with uids.claimed(), folders.temporary("nbgrader-grade-") as root:
        config = course.make_course(root, repo_root, timeout)
        config.SandboxedExecute.repo_root = str(Path(repo_root).resolve())
        config.SandboxedExecute.unsafe_no_sandbox = unsafe
        if timeout is not None:
            config.SandboxedExecute.timeout = int(timeout)
        for name, value in (limits or {}).items():
            if value is not None:
                setattr(config.SandboxedExecute, name, int(value))
        nbg = course.api(config)
        for assignment in sorted({a for a, _ in pairs}):
            course.run(nbg.generate_assignment(assignment), f"generate_assignment {assignment}")
        for assignment, student in pairs:
            dest = root / nbg.coursedir.submitted_directory / student / assignment
            for item in accepted[(assignment, student)]:
                item.write(dest)
            start = time.perf_counter()
            trusted.RESULTS.clear()
            result = nbg.autograde(assignment, student)
            seconds[(assignment, student)] = time.perf_counter() - start
            runs[(assignment, student)] = {nb: rep for (a, s, nb), rep in trusted.RESULTS.items()
                                           if (a, s) == (assignment, student)}
            problems += [f"student {student!r}, {assignment}/{nb}.ipynb: {rep['problem']}"
                         for nb, rep in sorted(runs[(assignment, student)].items()) if rep.get("problem")]
            problems += report.run_problems(student, assignment, runs[(assignment, student)])
            if not result.get("success"):
                problems.append(f"student {student!r}, {assignment}: not graded: "
                                f"{report.cause((result.get('log') or '') + chr(10) + (result.get('error') or ''))}")
                continue
            feedback = nbg.generate_feedback(assignment, student)
            if not feedback.get("success"):
                problems.append(f"student {student!r}, {assignment}: no feedback: "
                                f"{report.cause((feedback.get('log') or '') + chr(10) + (feedback.get('error') or ''))}")
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
    return rows, problems, seconds, runs


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
          repo_root: Path = course.REPO_ROOT, jobs: int = 1, keep_autograded: bool = False,
          unsafe_no_sandbox: bool = False, memory_bytes: int | None = None,
          limits: dict[str, int] | None = None) -> dict:
    """Pre-check, autograde (each submission in its own sandbox), write feedback and scores.

    Args:
        submissions: ``<dir>/<student>/<assignment>/<notebook>.ipynb``.
        output: directory for the CSV files, feedback and problem list (created).
        timeout: per-cell timeout in seconds (default: nbgrader_config.py's).
        repo_root: the checkout holding nbgrader_config.py and solutions/.
        jobs: number of worker processes.
        keep_autograded: also write nbgrader's autograded notebooks (hidden tests and their
            full messages included; for instructors only) to ``output/autograded``.
        unsafe_no_sandbox: run the students' code without bubblewrap (refused otherwise when
            bwrap is missing); the report says so.
        memory_bytes: memory limit per sandboxed process (default: nbgrader_config.py's, 2 GB).
        limits: other limits by their ``SandboxedExecute`` name (``tmp_bytes``, ``work_bytes``,
            ``output_bytes``, ``submission_seconds``, …); None or missing: nbgrader_config.py's.

    Returns:
        ``{"graded": [(assignment, student)], "problems": [str], "seconds": {(a, s): float},
        "flags": [str]}``.
    """
    submissions, output = Path(submissions), Path(output)
    if not submissions.is_dir():
        raise ValueError(f"submissions folder {submissions} does not exist; expected "
                         "<dir>/<student_id>/<assignment>/<notebook>.ipynb")
    if sandbox.bwrap_path() is None and not unsafe_no_sandbox:
        raise ValueError("bubblewrap (bwrap) is not installed, so the students' code cannot be sandboxed. "
                         "Install it (Debian/Ubuntu: apt-get install bubblewrap), or grade on a Linux machine "
                         "that has it; --unsafe-no-sandbox runs the code unconfined (only for code you trust)")
    folders.install()
    folders.sweep()
    limits = dict(limits or {}, **({"memory_bytes": memory_bytes} if memory_bytes is not None else {}))
    config = course.load_config(repo_root)
    known = course.assignments(config, repo_root)
    found, accepted, notes = precheck.scan(submissions, known, course.source_dir(config, repo_root))
    todo = _submissions(accepted)
    parts_todo = split_by_student(todo, jobs)
    output.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(output / "feedback", ignore_errors=True)
    shutil.rmtree(output / "autograded", ignore_errors=True)
    args = [(output, part, accepted, timeout, repo_root, keep_autograded, unsafe_no_sandbox, limits)
            for part in parts_todo]
    if len(args) <= 1:
        results = [_grade_pairs(*a) for a in args]
    else:
        with ProcessPoolExecutor(max_workers=len(args)) as pool:
            results = list(pool.map(_grade_pairs, *zip(*args)))
    rows = sorted((r for res in results for r in res[0]),
                  key=lambda r: (r["student"], r["assignment"], r["notebook"], r["cell"]))
    problems = sorted([str(p) for p in found] + [p for res in results for p in res[1]])
    seconds = {pair: t for res in results for pair, t in res[2].items()}
    runs = {pair: r for res in results for pair, r in res[3].items()}
    for res in results:
        report.mark_trusted(rows, res[3])
    flags = report.flags(notes, runs, unsafe_no_sandbox)
    report.write_csv(output / "scores.csv", report.CELL_FIELDS, rows)
    report.write_csv(output / "totals.csv", report.TOTAL_FIELDS, report.totals(rows, flags))
    report.write_csv(output / "timings.csv", ["student", "assignment", "seconds"],
                     [{"student": s, "assignment": a, "seconds": f"{t:.2f}"}
                      for (a, s), t in sorted(seconds.items(), key=lambda kv: (kv[0][1], kv[0][0]))])
    (output / "problems.txt").write_text("".join(p + "\n" for p in problems), encoding="utf-8")
    (output / "flags.txt").write_text("".join(f + "\n" for f in flags), encoding="utf-8")
    graded = sorted({(r["assignment"], r["student"]) for r in rows})
    return {"graded": graded, "problems": problems, "seconds": seconds, "flags": flags}


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
    parser.add_argument("--unsafe-no-sandbox", action="store_true",
                        help="run the students' code WITHOUT the bubblewrap sandbox (only where bwrap is "
                             "missing and the code is trusted); the report says so")
    parser.add_argument("--memory-gb", type=float, default=None,
                        help="memory limit per sandboxed process in GB (default 2)")
    parser.add_argument("--tmp-mb", type=int, default=None,
                        help="size of each sandbox's /tmp in MB (default 256)")
    parser.add_argument("--work-mb", type=int, default=None,
                        help="size of each submission's work folder in MB (default 256; a tmpfs as root)")
    parser.add_argument("--submission-minutes", type=float, default=None,
                        help="wall-clock limit per submission in minutes (default 10); past it the submission "
                             "scores 0 and problems.txt says it ran out of time")
    parser.add_argument("--autograded", action="store_true",
                        help="also copy nbgrader's autograded notebooks, WITH the hidden tests and their "
                             "messages, to OUTPUT/autograded (for instructors only)")
    args = parser.parse_args(argv)
    # nbgrader's own SQLAlchemy session warnings say nothing about the submissions
    warnings.filterwarnings("ignore", message="Object of type <Submitted")
    try:
        result = grade(args.submissions, args.output, args.timeout, jobs=args.jobs,
                       keep_autograded=args.autograded, unsafe_no_sandbox=args.unsafe_no_sandbox,
                       memory_bytes=None if args.memory_gb is None else int(args.memory_gb * 1024**3),
                       limits={"tmp_bytes": None if args.tmp_mb is None else args.tmp_mb * 1024**2,
                               "work_bytes": None if args.work_mb is None else args.work_mb * 1024**2,
                               "submission_seconds": None if args.submission_minutes is None
                               else max(1, round(args.submission_minutes * 60))})
    except ValueError as err:
        parser.error(str(err))
    for (assignment, student), t in sorted(result["seconds"].items(), key=lambda kv: (kv[0][1], kv[0][0])):
        print(f"{student!r:>22}  {assignment:<28} {t:6.1f} s")
    print(f"graded {len(result['graded'])} submission(s); results in {args.output}/")
    if result["flags"]:
        print(f"{len(result['flags'])} flag(s) for review in {args.output}/flags.txt")
    for problem in result["problems"]:
        print("PROBLEM:", problem, file=sys.stderr)
    return 1 if result["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
