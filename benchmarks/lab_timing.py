"""The measuring tools of the lab benchmarks: a clock moved by hand, timed actions, the browser's side of Play.

A playing lab is driven as the browser drives it: the clock moves by a chunk's time and
the scene receives the ``need`` message scene.js sends when its queue runs low. Nothing is
printed here; :mod:`benchmarks.labs` makes the rows.
"""

from __future__ import annotations

import time
from typing import Any, Callable

import numpy as np

#: untimed runs of the first actions before the timed ones
WARMUP = 5


def time_ms(actions: list[Any]) -> tuple[np.ndarray, np.ndarray]:
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


class Clock:
    """A wall clock the benchmark moves by hand, so the playhead is where the script says."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def needs(lab: Any, clock: Clock, n: int) -> list[Callable[[], None]]:
    """``n`` times the browser's need: it played one chunk and asks for the next (each one timed)."""
    def need() -> None:
        clock.now += lab.CHUNK  # the browser played one chunk, then asks for the next
        t = lab.playhead()
        lab.scene.browser_message({"type": "need", "t": t, "t_last": lab._queue[-1][0].t})
    return [need] * n


def changes(lab: Any, clock: Clock, n: int, key: str = "tau",
            span: float = 3.0) -> list[tuple[Callable[[], None], Callable[[], None]]]:
    """``n`` changes of the slider ``key`` (values over ±``span``) during Play, each after 100 ms of playback."""
    values = iter(np.tile(np.linspace(-span, span, 7), n + WARMUP))

    def playback() -> None:  # not timed: 100 ms of playback since the last change, the queue topped up
        clock.now += 0.1
        lab.scene.browser_message({"type": "need", "t": lab.playhead(), "t_last": lab._queue[-1][0].t})

    def change() -> None:  # timed: slider callback, rewind to the playhead, re-simulate, send
        lab.set(key, float(next(values)))
    return [(playback, change)] * n


def simulation_speed(lab: Any, clock: Clock, seconds: float = 20.0) -> float:
    """Simulated seconds per second of CPU time of a playing lab: ``seconds`` of chunks, channels included."""
    chunks = int(seconds / lab.CHUNK)
    t0 = time.process_time()
    for need in needs(lab, clock, chunks):
        need()
    return chunks * lab.CHUNK / (time.process_time() - t0)


def speed_row(lab: str, measure: str, notebook: str, speed: float) -> dict[str, Any]:
    """A row of the table for a simulation speed (× real time; the target is 10×)."""
    return {"lab": lab, "measure": measure, "notebook": notebook, "n": 1, "kernel_median_ms": None,
            "kernel_p90_ms": None, "target_ms": None, "meets_target": "yes" if speed >= 10 else "NO",
            "speed_x_real_time": speed}
