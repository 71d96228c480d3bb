"""Kernel time per lab update, and the browser's latency when it has been measured.

For each lab a scripted sequence of control moves (at least 50) is replayed
through the headless API. Each update is timed from the control change to
the end of a synchronous ``fig.canvas.draw()``, so the Agg rendering that
the browser will ask for is counted honestly. The pendulum lab also gets a
row for one frame of its play loop (1/30 s of RK4 + artists + draw).

If ``reports/browser_latency.json`` exists (written by the browser test), the
end-to-end latency it measured for the lab's notebook is added to the row.

Target: kernel time per update ≤ 20 ms (median and p90).

Usage::

    .venv/bin/python benchmarks/labs.py
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from course_lib.widgets.arm_preview import ArmPreviewLab  # noqa: E402
from course_lib.widgets.pendulum_lab import FRAME, PendulumLab  # noqa: E402

TARGET_MS = 20.0
WARMUP = 5
BROWSER_REPORT = ROOT / "reports" / "browser_latency.json"


def _time_updates(fig: Any, moves: list[Callable[[], None]]) -> list[float]:
    """Milliseconds per move: the callback plus a synchronous Agg draw.

    The draw includes ipympl's PNG diff encoding of the frame. Without a
    browser, ipympl would also encode a full PNG for the notebook file on
    every draw; a connected front end switches that off, and so do we.
    """
    fig.canvas.syncing_data_url = False
    for move in moves[:WARMUP]:
        move()
        fig.canvas.draw()
    out = []
    for move in moves:
        t0 = time.perf_counter()
        move()
        fig.canvas.draw()
        out.append((time.perf_counter() - t0) * 1e3)
    return out


def _arm_moves(lab: ArmPreviewLab) -> list[Callable[[], None]]:
    angles = np.linspace(-170, 170, 30)
    moves = []
    for k, a in enumerate(angles):
        moves.append(lambda a=a: lab.set("theta1", float(a)))
        moves.append(lambda a=a, k=k: lab.set("theta2", float(-a / 2 + k)))
    return moves


def _pendulum_moves(lab: PendulumLab) -> list[Callable[[], None]]:
    moves: list[Callable[[], None]] = []
    moves += [lambda a=a: lab.set("theta", float(a)) for a in np.linspace(-150, 150, 20)]
    moves += [lambda v=v: lab.set("tau", float(v)) for v in np.linspace(-8, 8, 15)]
    moves += [lambda v=v: lab.set("b", float(v)) for v in np.linspace(0, 1.5, 10)]
    moves += [lambda k=k: lab.set("newton", k % 2 == 0) for k in range(5)]
    moves += [lambda: lab.set("step", None) for _ in range(10)]
    return moves


def _pendulum_frames(lab: PendulumLab) -> list[Callable[[], None]]:
    lab.set("theta", 150.0)
    return [lambda: lab._play_frame(FRAME) for _ in range(60)]


def _browser_latency(notebook: str) -> dict[str, Any]:
    """Flattened browser latencies for ``notebook`` from the browser test's report, if any."""
    if not BROWSER_REPORT.exists():
        return {}
    try:
        report = json.loads(BROWSER_REPORT.read_text())
    except (OSError, ValueError):
        return {"browser": "unreadable report"}
    out: dict[str, Any] = {}
    for frontend, entry in sorted(report.get(notebook, {}).items()):
        lat = entry.get("latency_ms", {}) if isinstance(entry, dict) else {}
        for stat in ("median", "p90", "n"):
            if stat in lat:
                out[f"browser_{frontend}_{stat}{'' if stat == 'n' else '_ms'}"] = lat[stat]
    return out


def lab_benchmarks() -> list[dict[str, Any]]:
    """One row per lab (and per pendulum play frame): kernel ms per update, browser latency.

    Returns:
        Dicts with ``lab``, ``notebook``, ``updates``, ``kernel_median_ms``,
        ``kernel_p90_ms``, ``target_ms``, ``meets_target`` and, when the browser
        report exists, ``browser_<frontend>_median_ms`` / ``_p90_ms`` / ``_n``.
    """
    arm = ArmPreviewLab()
    pend = PendulumLab()
    frames_lab = PendulumLab()
    cases = [
        ("arm_preview (slider moves)", "00_start_here.ipynb", arm.fig, _arm_moves(arm)),
        ("pendulum (control moves)", "02_pendulum.ipynb", pend.fig, _pendulum_moves(pend)),
        ("pendulum (play frame)", "02_pendulum.ipynb", frames_lab.fig, _pendulum_frames(frames_lab)),
    ]
    rows = []
    for name, notebook, fig, moves in cases:
        ms = np.array(_time_updates(fig, moves))
        median, p90 = float(np.median(ms)), float(np.percentile(ms, 90))
        row: dict[str, Any] = {
            "lab": name, "notebook": notebook, "updates": len(ms),
            "kernel_median_ms": median, "kernel_p90_ms": p90, "target_ms": TARGET_MS,
            "meets_target": "yes" if p90 <= TARGET_MS else "NO",
        }
        if "play frame" not in name:  # the browser measures slider moves, not play frames
            row.update(_browser_latency(notebook))
        rows.append(row)
    return rows


if __name__ == "__main__":
    results = lab_benchmarks()
    keys: list[str] = []
    for r in results:
        keys += [k for k in r if k not in keys]
    print(" | ".join(keys))
    for r in results:
        print(" | ".join(f"{r.get(k):.2f}" if isinstance(r.get(k), float) else str(r.get(k, "")) for k in keys))
