"""Time the sandboxed grader on a synthetic class (``make bench-grading``).

Usage::

    .venv/bin/python benchmarks/grading.py [--students 30] [--jobs 2] [--assignment 02_arm_dynamics ...]
                                           [--no-compare]

Builds ``--students`` submissions of every assignment found in ``solutions/`` (or of each
``--assignment`` given) from ``solutions/`` and ``exercises/`` (a third solved, a third partly
wrong where a wrong variant exists, a third blank), grades them with
``python -m course_lib.grading.autograde --jobs N`` in the sandbox, and once more with
``--unsafe-no-sandbox`` for comparison (own solutions only: that run executes the code
unconfined), and prints wall time, seconds per submission (wall / submissions × jobs is the
average worker time) and the mean of ``timings.csv``. Targets: ≤ 10 s per submission on
average with two workers on two cores; ≤ 3 min for a class of 30.
"""

from __future__ import annotations

import argparse
import csv
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.grading import synthetic as syn  # noqa: E402


def build_class(root: Path, assignments: list[str], students: int) -> int:
    """Write ``students`` submissions of each assignment: solved, partly wrong and blank, in turn
    (:func:`grading.synthetic.class_member`).

    Returns:
        the number of submissions written.
    """
    for assignment in assignments:
        for k in range(students):
            syn.save(syn.class_member(assignment, k), root, f"student{k:03d}", assignment)
    return students * len(assignments)


def grade(submissions: Path, output: Path, jobs: int, unsafe: bool) -> tuple[float, list[float]]:
    cmd = [sys.executable, "-m", "course_lib.grading.autograde", str(submissions), "--output", str(output),
           "--jobs", str(jobs)] + (["--unsafe-no-sandbox"] if unsafe else [])
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if not (output / "timings.csv").exists():
        raise SystemExit(f"grading failed:\n{proc.stdout}\n{proc.stderr}")
    with open(output / "timings.csv", newline="") as fh:
        seconds = [float(r["seconds"]) for r in csv.DictReader(fh)]
    return wall, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--assignment", action="append", choices=syn.ASSIGNMENTS,
                        help="grade only this assignment (repeatable; default: every assignment in solutions/)")
    parser.add_argument("--no-compare", action="store_true", help="skip the run without the sandbox")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-grading-") as tmp:
        assignments = args.assignment or list(syn.ASSIGNMENTS)
        count = build_class(Path(tmp) / "class", assignments, args.students)
        modes = [("sandboxed", False)] + ([] if args.no_compare else [("no sandbox (unsafe)", True)])
        print(f"assignments: {', '.join(assignments)}")
        print("| mode | students | submissions | jobs | wall (s) | wall × jobs / submissions (s) "
              "| mean per submission (s) |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for label, unsafe in modes:
            wall, seconds = grade(Path(tmp) / "class", Path(tmp) / f"out-{unsafe}", args.jobs, unsafe)
            if len(seconds) != count:
                raise SystemExit(f"graded {len(seconds)} of {count} submissions ({label})")
            print(f"| {label} | {args.students} | {count} | {args.jobs} | {wall:.1f} | {wall * args.jobs / count:.2f} "
                  f"| {sum(seconds) / len(seconds):.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
