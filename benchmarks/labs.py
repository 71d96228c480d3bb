"""Kernel time of the labs, and the browser's latency when it has been measured.

The labs now send numbers, not pictures: the browser draws. What the kernel
must do fast is measured here, headless, on the real lab objects:

- **update**: one control move while paused (callback, readouts, tasks and
  the values sent to the scene), replayed ≥ 50 times. Target ≤ 20 ms.
- **chunk**: answering the browser's ``need`` with the next chunk of frames
  (simulate, compute channels, pack, send). Target ≤ 10 ms.
- **first frame after a change**: a control moved during Play: rewind to the
  playhead, re-simulate, send the replacing chunk. Target ≤ 30 ms (and
  ≤ 10 ms as a re-simulation chunk).
- **simulation speed**: simulated seconds per second of CPU time of the lab's
  own simulator (RK4 at the lab's step, with the channels computed for every
  frame). Target ≥ 10× real time.

Times are wall clock (median, p90) plus the median CPU time of the kernel's
process, which stays meaningful when other work shares the cores.

If ``reports/browser_latency.json`` exists (written by the browser test), the
end-to-end latencies it measured for the lab's notebook are added to the row.

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
from course_lib.widgets.identification_lab import IdentificationLab  # noqa: E402
from course_lib.widgets.pendulum_lab import PendulumLab  # noqa: E402

TARGETS_MS = {"update": 20.0, "chunk": 10.0, "first frame after a change": 30.0}
WARMUP = 5
BROWSER_REPORT = ROOT / "reports" / "browser_latency.json"


def _time_ms(actions: list[Any]) -> tuple[np.ndarray, np.ndarray]:
    """Milliseconds per action (wall clock, and CPU time of this process), after untimed warm-up runs.

    An action is a function, or a pair (prepare, act) of which only ``act`` is timed. On a
    machine shared with other work the wall-clock time includes waiting for a core; the
    CPU time does not, so both are reported.
    """
    pairs = [a if isinstance(a, tuple) else (lambda: None, a) for a in actions]
    for prepare, act in pairs[:WARMUP]:
        prepare()
        act()
    wall, cpu = [], []
    for prepare, act in pairs:
        prepare()
        t0, c0 = time.perf_counter(), time.process_time()
        act()
        wall.append((time.perf_counter() - t0) * 1e3)
        cpu.append((time.process_time() - c0) * 1e3)
    return np.array(wall), np.array(cpu)


def _arm_moves(lab: ArmPreviewLab) -> list[Callable[[], None]]:
    moves = []
    for k, a in enumerate(np.linspace(-170, 170, 30)):
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


def _identification_moves(lab: IdentificationLab) -> list[Callable[[], None]]:
    moves: list[Callable[[], None]] = []
    moves += [lambda k=k: lab.set("excitation", ("rich", "joint1", "slow", "own")[k % 4]) for k in range(12)]
    moves += [lambda v=v: lab.set("sigma", float(v)) for v in np.linspace(0, 2, 15)]
    moves += [lambda v=v: lab.set("theta2", float(v)) for v in np.linspace(-170, 170, 15)]
    moves += [lambda v=v: lab.set("n_samples", float(v)) for v in (60, 61) * 5]
    return moves


def _identification_resamples(lab: IdentificationLab, n: int) -> list[Callable[[], None]]:
    """The lab's "first frame after a change": Resample at 60 samples (simulate, estimate, redraw, tasks)."""
    lab.set("n_samples", 60.0)
    return [lambda: lab.set("resample", None)] * n


class _Clock:
    """A wall clock the benchmark moves by hand, so the playhead is where the script says."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _playing_pendulum() -> tuple[PendulumLab, _Clock]:
    clock = _Clock()
    lab = PendulumLab(theta0=150.0, clock=clock)
    lab.set("b", 0.1)
    lab.set("play", None)
    return lab, clock


def _needs(lab: PendulumLab, clock: _Clock, n: int) -> list[Callable[[], None]]:
    def need() -> None:
        clock.now += lab.CHUNK  # the browser played one chunk, then asks for the next
        t = lab.playhead()
        lab.scene.browser_message({"type": "need", "t": t, "t_last": lab._queue[-1][0].t})
    return [need] * n


def _changes(lab: PendulumLab, clock: _Clock, n: int) -> list[tuple[Callable[[], None], Callable[[], None]]]:
    values = iter(np.tile(np.linspace(-3.0, 3.0, 7), n + WARMUP))

    def playback() -> None:  # not timed: 100 ms of playback since the last change, the queue topped up
        clock.now += 0.1
        lab.scene.browser_message({"type": "need", "t": lab.playhead(), "t_last": lab._queue[-1][0].t})

    def change() -> None:  # timed: slider callback, rewind to the playhead, re-simulate, send
        lab.set("tau", float(next(values)))
    return [(playback, change)] * n


def simulation_speed() -> float:
    """Simulated seconds per second of CPU time: the pendulum lab's simulator with its channels, 20 s of play."""
    lab, clock = _playing_pendulum()
    chunks = int(20.0 / lab.CHUNK)
    t0 = time.process_time()
    for need in _needs(lab, clock, chunks):
        need()
    return chunks * lab.CHUNK / (time.process_time() - t0)


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
    """One row per lab and measurement: kernel ms (median, p90) against its target.

    Returns:
        Dicts with ``lab``, ``measure``, ``notebook``, ``n``, ``kernel_median_ms``,
        ``kernel_p90_ms``, ``target_ms``, ``meets_target`` and, for control
        moves when the browser report exists, its latencies.
    """
    arm, pend = ArmPreviewLab(), PendulumLab()
    lab_n, clock_n = _playing_pendulum()
    lab_c, clock_c = _playing_pendulum()
    cases = [
        ("arm_preview", "update", "00_start_here.ipynb", _arm_moves(arm)),
        ("pendulum", "update", "02_pendulum.ipynb", _pendulum_moves(pend)),
        ("pendulum", "chunk", "02_pendulum.ipynb", _needs(lab_n, clock_n, 60)),
        ("pendulum", "first frame after a change", "02_pendulum.ipynb", _changes(lab_c, clock_c, 60)),
        ("identification", "update", "09_identification.ipynb", _identification_moves(IdentificationLab())),
        ("identification", "first frame after a change", "09_identification.ipynb",
         _identification_resamples(IdentificationLab(), 60)),
    ]
    rows = []
    for name, measure, notebook, actions in cases:
        ms, cpu = _time_ms(actions)
        median, p90 = float(np.median(ms)), float(np.percentile(ms, 90))
        target = TARGETS_MS[measure]
        row: dict[str, Any] = {"lab": name, "measure": measure, "notebook": notebook, "n": len(ms),
                               "kernel_median_ms": median, "kernel_p90_ms": p90,
                               "cpu_median_ms": float(np.median(cpu)), "target_ms": target,
                               "meets_target": "yes" if p90 <= target else "NO"}
        if measure == "update":
            row.update(_browser_latency(notebook))
        rows.append(row)
    speed = simulation_speed()
    rows.append({"lab": "pendulum", "measure": "simulation speed (× real time)", "notebook": "02_pendulum.ipynb",
                 "n": 1, "kernel_median_ms": None, "kernel_p90_ms": None, "target_ms": None,
                 "meets_target": "yes" if speed >= 10 else "NO", "speed_x_real_time": speed})
    return rows


if __name__ == "__main__":
    results = lab_benchmarks()
    keys: list[str] = []
    for r in results:
        keys += [k for k in r if k not in keys]
    print(" | ".join(keys))
    for r in results:
        print(" | ".join(f"{r.get(k):.2f}" if isinstance(r.get(k), float) else str(r.get(k, "")) for k in keys))
