"""Time collecting and autograding a synthetic class through the classroom hub (root only).

Usage::

    sudo .venv/bin/python benchmarks/classroom.py [--students 30] [--jobs 2] [--assignment 01_lagrange]

Creates one instructor and ``--students`` throwaway unix accounts, starts
``classroom/jupyterhub_config.py`` and the instructor's server through the hub, releases the
assignment from the instructor's Formgrader, and has every student fetch and submit with
nbgrader as their own account (a third solved, a third wrong, a third blank). Then it times what
the issue asks for: the Formgrader's *Collect* (through the hub), and autograding the collected
``submitted/`` folder with the course's sandboxed grader, ``--jobs N``, as the instructor. Prints
the two times, seconds per submission, and the projection for 300 students at the same rate.
Everything it created is removed at the end, also on failure.
"""

from __future__ import annotations

import argparse
import os
import pwd
import secrets
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import nbformat  # noqa: E402

from classroom import kit  # noqa: E402
from tests.grading import synthetic as syn  # noqa: E402


def hand_in(user: str, kind: int, assignment: str, exchange: Path) -> None:
    env = kit.user_environment("student", exchange)
    out = kit.run_as(user, ["nbgrader", "fetch_assignment", assignment], env)
    if out.returncode:
        raise RuntimeError(f"fetch as {user} failed:\n{out.stderr[-2000:]}")
    nb = syn.class_member(assignment, kind)
    target = next((Path(pwd.getpwnam(user).pw_dir) / assignment).glob("*.ipynb"))
    nbformat.write(nb, target)
    os.chown(target, pwd.getpwnam(user).pw_uid, pwd.getpwnam(user).pw_gid)
    out = kit.run_as(user, ["nbgrader", "submit", assignment], env)
    if out.returncode:
        raise RuntimeError(f"submit as {user} failed:\n{out.stderr[-2000:]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--assignment", default="01_lagrange")
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        print("this benchmark creates unix accounts: run it as root", file=sys.stderr)
        return 1
    tag = secrets.token_hex(3)
    group, instructor = f"bch{tag}", f"bch{tag}i"
    students = [f"bch{tag}s{k:03d}" for k in range(args.students)]
    with kit.trial_class(group, instructor, students, prefix="classroom-bench-", token=secrets.token_hex(16)) as klass:
        hub, course = klass.hub.start(), klass.course
        hub.start_servers([instructor])
        hub.call(instructor, "POST", f"/formgrader/api/assignment/{args.assignment}/assign")
        hub.call(instructor, "POST", f"/formgrader/api/assignment/{args.assignment}/release")
        start = time.perf_counter()
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda k: hand_in(students[k], k % 3, args.assignment, hub.exchange), range(len(students))))
        handed_in = time.perf_counter() - start
        start = time.perf_counter()
        hub.call(instructor, "POST", f"/formgrader/api/assignment/{args.assignment}/collect")
        collect = time.perf_counter() - start
        start = time.perf_counter()
        out = kit.run_as(instructor, [sys.executable, "-m", "course_lib.grading.autograde", str(course / "submitted"),
                                      "--output", str(course / "grading-output"), "--jobs", str(args.jobs)],
                         kit.user_environment("instructor", hub.exchange, course), cwd=course, timeout=3600)
        autograde = time.perf_counter() - start
        graded = len((course / "grading-output" / "timings.csv").read_text().splitlines()) - 1 \
            if (course / "grading-output" / "timings.csv").exists() else 0
        if graded != len(students):
            raise RuntimeError(f"graded {graded} of {len(students)}:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}")
        per = (collect + autograde) / len(students)
        load = os.getloadavg()[0]
        print(f"{len(students)} students, {args.assignment}, --jobs {args.jobs}, load average {load:.1f}")
        print(f"  fetch + submit (4 at a time, not timed below) {handed_in:7.1f} s")
        print(f"  collect (Formgrader, through the hub)         {collect:7.1f} s")
        print(f"  autograde (sandboxed, --jobs {args.jobs})               {autograde:7.1f} s")
        print(f"  per submission                                {per:7.2f} s")
        print(f"  projection for 300 students                   {per * 300 / 60:7.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
