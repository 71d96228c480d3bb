"""Where a test run's time goes, per file: a table in the closing note and ``reports/test_times.json``.

For every test file (a module, a notebook under nbval, a doctest module) the run adds up

* ``wall_s``: the seconds its tests took (setup, call and teardown, as ``--durations`` counts them; a
  session fixture's setup goes to the first test that needs it). Under pytest-xdist these are worker
  seconds: two workers finish a 600 s total in about 300 s.
* ``cpu_s``: the processor seconds (user + system) the test process spent on them, with those of its
  finished child processes (a notebook's kernel, an autograde run); for browser tests also those of the
  still-running servers, browser and kernels under the test process, read with psutil.

The table lists the ``TEST_TIMES_TOP`` (default 15) slowest files; the JSON file keeps every file of the
run, merged with the files of earlier runs (``make test`` runs pytest twice).
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from pathlib import Path

import pytest

REPORT = Path(__file__).resolve().parent.parent / "reports" / "test_times.json"


def _own_cpu_s() -> float:
    """User + system seconds of this process and of its children that have ended."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _descendants_cpu() -> dict[tuple[int, float], float]:
    """User + system seconds of each process still running under this one, with its ended children, keyed by
    (pid, start time) so that a reused pid is another process (empty without psutil)."""
    try:
        import psutil
    except ImportError:
        return {}
    out: dict[tuple[int, float], float] = {}
    for proc in psutil.Process().children(recursive=True):
        try:
            t = proc.cpu_times()      # with its ended children: a kernel shut down by its server
            out[(proc.pid, proc.create_time())] = (t.user + t.system + getattr(t, "children_user", 0.0)
                                                   + getattr(t, "children_system", 0.0))
        except psutil.Error:
            pass
    return out


def tree_cpu_s(before: dict[tuple[int, float], float], after: dict[tuple[int, float], float]) -> float:
    """The descendants' processor seconds between two snapshots of :func:`_descendants_cpu`.

    Counts the processes running at the end: their time since the first snapshot, or all of it for the new
    ones. A process that left the tree is not subtracted: its time went to the ancestor that reaped it (counted
    there), or nowhere (a server's process killed and never reaped), so a test's CPU is never negative.

    >>> tree_cpu_s({(1, 0.0): 5.0, (2, 0.0): 900.0}, {(1, 0.0): 7.5, (3, 9.0): 1.0})
    3.5
    """
    return sum(cpu - before.get(key, 0.0) for key, cpu in after.items())


def file_of(nodeid: str) -> str:
    """The file part of a node id.

    >>> file_of("tests/grading/test_wire.py::test_a[x::y]@grading")
    'tests/grading/test_wire.py'
    """
    return nodeid.split("::", 1)[0]


class FileTimes:
    """Measures each test's processor time where it runs, and adds wall and CPU seconds up per file where
    the reports arrive (the xdist controller, or the only process)."""

    def __init__(self, config: pytest.Config):
        self.config = config
        self.started: dict[str, tuple[float, dict[tuple[int, float], float] | None]] = {}
        self.files: dict[str, dict[str, float]] = defaultdict(lambda: {"tests": 0, "wall_s": 0.0, "cpu_s": 0.0})

    # -- where the test runs ----------------------------------------------------------------
    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem) -> None:
        tree = item.get_closest_marker("browser") is not None
        self.started[item.nodeid] = (_own_cpu_s(), _descendants_cpu() if tree else None)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call):
        report = yield
        if call.when == "teardown" and item.nodeid in self.started:
            cpu0, tree0 = self.started.pop(item.nodeid)
            tree = tree_cpu_s(tree0, _descendants_cpu()) if tree0 is not None else 0.0
            report.cpu_s = round(_own_cpu_s() - cpu0 + tree, 3)
        return report

    # -- where the reports arrive ------------------------------------------------------------
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if hasattr(self.config, "workerinput"):      # an xdist worker: its controller adds up
            return
        row = self.files[file_of(report.nodeid)]
        row["wall_s"] += report.duration
        row["cpu_s"] += getattr(report, "cpu_s", 0.0)
        if report.when == "teardown":
            row["tests"] += 1

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if hasattr(self.config, "workerinput") or not self.files:
            return
        rows = sorted(self.files.items(), key=lambda kv: -kv[1]["wall_s"])
        top = int(os.environ.get("TEST_TIMES_TOP", "15"))
        tr = terminalreporter
        tr.write_sep("=", f"time per file: the {min(top, len(rows))} slowest of {len(rows)} files "
                         "(worker seconds; CPU = user + system)")
        tr.write_line(f"{'wall s':>8} {'CPU s':>8} {'tests':>6}  file")
        for name, row in rows[:top]:
            tr.write_line(f"{row['wall_s']:8.1f} {row['cpu_s']:8.1f} {int(row['tests']):6d}  {name}")
        wall = sum(r["wall_s"] for _, r in rows)
        cpu = sum(r["cpu_s"] for _, r in rows)
        tests = sum(int(r["tests"]) for _, r in rows)
        tr.write_line(f"{wall:8.1f} {cpu:8.1f} {tests:6d}  all {len(rows)} files")
        self._save(rows)

    @staticmethod
    def _save(rows) -> None:
        try:
            REPORT.parent.mkdir(parents=True, exist_ok=True)
            data = json.loads(REPORT.read_text()) if REPORT.exists() else {}
        except (OSError, ValueError):
            data = {}
        data.update({name: {k: round(v, 2) for k, v in row.items()} for name, row in rows})
        try:
            REPORT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        except OSError:
            pass
