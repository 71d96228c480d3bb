"""The browser tests' JSON reports in reports/ (git-ignored): latency and phase timings."""

from __future__ import annotations

import fcntl
import json
import statistics
from pathlib import Path


def latency_summary(samples: list[float]) -> dict:
    """{"median", "p90", "n"} of latency samples (ms), rounded to 0.1 ms."""
    s = sorted(samples)
    p90 = s[min(len(s) - 1, max(0, int(round(0.9 * (len(s) - 1)))))]
    return {"median": round(statistics.median(s), 1), "p90": round(p90, 1), "n": len(s)}


def merge_json(report: Path, notebook: str, app_key: str, value: dict) -> None:
    """Set ``report[notebook][app_key] = value`` in a JSON file, keeping everything else in it.

    Under a lock (``<report>.lock``): two xdist workers (JupyterLab, Notebook 7) merge into one file.
    """
    report.parent.mkdir(parents=True, exist_ok=True)
    with open(report.with_name(report.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        data = {}
        if report.exists():
            try:
                data = json.loads(report.read_text())
            except ValueError:
                data = {}
        data.setdefault(notebook, {})[app_key] = value
        report.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")


def merge_latency(report: Path, notebook: str, app_key: str, summary: dict, input_mode: str) -> None:
    """Merge one measurement into the JSON report, keeping everything else in it.

    Layout: ``{notebook: {app_key: {"latency_ms": {"median", "p90", "n"}, "input": mode}}}``.
    """
    merge_json(report, notebook, app_key, {"latency_ms": summary, "input": input_mode})
