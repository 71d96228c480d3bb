"""How the cost of each algorithm grows with n: the saved figures and their log–log slopes.

``make bench`` times RNEA, CRBA + Cholesky, ABA (ours) and Pinocchio's RNEA
and ABA on random chains of n = 2 … 100 joints and saves the medians to
``scaling.json`` next to this module, so a lesson can plot large n without
spending minutes measuring. A cost c nᵖ is a straight line of slope p on
log–log axes: p ≈ 1 for RNEA and ABA, 2 for CRBA's double loop, 3 for a
dense solve once n is large enough for it to dominate.

>>> round(log_log_slope([10, 20, 40], [1.0, 4.0, 16.0]), 6)
2.0
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

SCALING_FILE = Path(__file__).with_name("scaling.json")


def log_log_slope(n: Sequence[float], times: Sequence[float]) -> float:
    """p of the least-squares fit log t = p log n + c."""
    n, times = np.asarray(n, dtype=float), np.asarray(times, dtype=float)
    if n.shape != times.shape or n.size < 2 or np.any(n <= 0) or np.any(times <= 0):
        raise ValueError(f"need two or more positive (n, time) pairs of equal length, got {n}, {times}")
    return float(np.polyfit(np.log(n), np.log(times), 1)[0])


def load_scaling(path: Path | str = SCALING_FILE) -> dict[str, Any]:
    """The saved figures: ``{"n": [...], "us": {algorithm: [...]}, "machine": "..."}`` (µs per call)."""
    return json.loads(Path(path).read_text())


def time_per_call(fn: Callable[[], Any], rounds: int = 7, number: int = 3, best: bool = False) -> float:
    """Median over ``rounds`` of the mean time of ``number`` calls of ``fn`` (µs); the least of them with
    ``best`` (other work on the machine only ever adds time, so the least is the steadiest estimate of
    a short call's own cost)."""
    if rounds < 1 or number < 1:
        raise ValueError(f"rounds and number must be >= 1, got {rounds}, {number}")
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        samples.append((time.perf_counter() - start) / number * 1e6)
    return float(np.min(samples) if best else np.median(samples))


def measure_small(sizes: Sequence[int] = (2, 3, 4, 6, 8), seed: int = 0, rounds: int = 7) -> dict[str, Any]:
    """RNEA, CRBA + Cholesky and ABA timed here and now on seeded random chains (µs per call).

    Small n only, so that a lesson can measure in well under a second; the
    large-n figures are in :data:`SCALING_FILE`. Same layout as :func:`load_scaling`. Each figure is
    the least of ``rounds`` repeats, so that a moment of other work on the machine does not show as a
    jump in the curve.
    """
    from course_lib.physics.chains import aba, crba, random_chain, rnea

    us: dict[str, list[float]] = {"rnea": [], "crba+cholesky": [], "aba": []}
    for n in sizes:
        chain = random_chain(int(n), np.random.default_rng(seed + int(n)))
        rng = np.random.default_rng(seed)
        q, qd, x = rng.uniform(-np.pi, np.pi, n), rng.normal(0.0, 2.0, n), rng.normal(0.0, 5.0, n)
        us["rnea"].append(time_per_call(lambda: rnea(chain, q, qd, x), rounds, best=True))
        us["crba+cholesky"].append(time_per_call(lambda: np.linalg.cholesky(crba(chain, q)), rounds, best=True))
        us["aba"].append(time_per_call(lambda: aba(chain, q, qd, x), rounds, best=True))
    return {"n": [int(n) for n in sizes], "us": us}

