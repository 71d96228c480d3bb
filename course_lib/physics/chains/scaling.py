"""How the cost of each algorithm grows with n: sound timings, the saved figures and their log–log slopes.

``make bench-scaling`` (also part of ``make bench``) times RNEA, CRBA + Cholesky, ABA (ours) and
Pinocchio's RNEA and ABA on random chains of n = 2 … 300 joints and saves them to ``scaling.json``
next to this module, so a lesson can plot large n without spending minutes measuring. A cost c nᵖ
is a straight line of slope p on log–log axes: p ≈ 1 for RNEA and ABA, 2 for CRBA's double loop,
3 for a dense solve once n is large enough for it to dominate.

Each point is the least of repeated samples, taken round after round over every n (interleaved),
so that a change of load during the run falls on every n alike; a sample is the calling thread's CPU
time (time given to other programs is not counted) of enough calls to last at least a millisecond, a
thousand times the CPU clock's step.

>>> round(log_log_slope([10, 20, 40], [1.0, 4.0, 16.0]), 6)
2.0
"""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

SCALING_FILE = Path(__file__).with_name("scaling.json")
#: the order p of each algorithm's cost c nᵖ (per call, one state, a serial chain)
ORDERS = {"rnea": 1, "crba+cholesky": 2, "aba": 1, "pinocchio rnea": 1, "pinocchio aba": 1}
#: a sample counts towards a slope only if it lasted this many steps of the CPU clock
RESOLVED_STEPS = 1000
#: slopes are fitted from here on: CRBA costs about a·n + b·n² with a/b ≈ 17 joints (our numpy),
#: so only from n ≈ 100 does the n² term carry the local slope above 1.85
FIT_FROM_N = 100

K = TypeVar("K", bound=Hashable)


def log_log_slope(n: Sequence[float], times: Sequence[float]) -> float:
    """p of the least-squares fit log t = p log n + c.

    Args:
        n: sizes (joints), all > 0.
        times: the cost at each size (any unit), all > 0.

    Returns:
        The slope p (dimensionless).

    >>> round(log_log_slope([1, 10], [3.0, 30.0]), 6)
    1.0
    """
    n, times = np.asarray(n, dtype=float), np.asarray(times, dtype=float)
    if n.shape != times.shape or n.size < 2 or np.any(n <= 0) or np.any(times <= 0):
        raise ValueError(f"log_log_slope: need two or more positive (n, time) pairs of equal length, got {n}, {times}")
    return float(np.polyfit(np.log(n), np.log(times), 1)[0])


def load_scaling(path: Path | str = SCALING_FILE) -> dict[str, Any]:
    """The saved figures.

    Returns:
        ``{"n": [...], "us": {algorithm: [µs per call, ...]}, "calls_per_sample": {algorithm: [...]},
        "timer_step_s": s, "repeats": int, "fit_from_n": int, "machine": "..."}``.
    """
    return json.loads(Path(path).read_text())


def time_per_call(fn: Callable[[], Any], rounds: int = 7, number: int = 3, best: bool = False) -> float:
    """Median over ``rounds`` of the mean wall time of ``number`` calls of ``fn`` (µs); the least of them
    with ``best`` (other work on the machine only ever adds time)."""
    if rounds < 1 or number < 1:
        raise ValueError(f"time_per_call: rounds and number must be >= 1, got {rounds}, {number}")
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        samples.append((time.perf_counter() - start) / number * 1e6)
    return float(np.min(samples) if best else np.median(samples))


def timer_step(tries: int = 200) -> float:
    """The CPU clock's effective resolution: the least increment of ``time.thread_time`` seen (s).

    >>> 0 < timer_step(20) < 0.02
    True
    """
    steps = []
    for _ in range(tries):
        t0 = t1 = time.thread_time()
        while t1 == t0:
            t1 = time.thread_time()
        steps.append(t1 - t0)
    return float(min(steps))


def _cpu_sample(fn: Callable[[], Any], number: int) -> float:
    start = time.thread_time()
    for _ in range(number):
        fn()
    return time.thread_time() - start


def min_cpu_us(calls: Mapping[K, Callable[[], Any]], repeats: int = 15,
               min_sample_s: float = 2e-3) -> tuple[dict[K, float], dict[K, int]]:
    """CPU time per call of each of ``calls``: the least of ``repeats`` samples, interleaved.

    Each call first gets a number of calls per sample (doubled until one sample takes at least
    ``min_sample_s`` of CPU time); then every round takes one sample of every call, in the given
    order, so a drift in load falls on all of them alike, with the garbage collector off. The calling
    thread's CPU time (``time.thread_time``) does not count time the scheduler gave to other
    programs, and the least sample is the least disturbed.

    Args:
        calls: key (e.g. (algorithm, n)) -> a call with no arguments.
        repeats: samples per call (>= 1).
        min_sample_s: the least CPU time of one sample (s, > 0).

    Returns:
        (µs per call, calls per sample), each keyed like ``calls``.

    >>> us, number = min_cpu_us({"sum": lambda: sum(range(1000))}, repeats=3, min_sample_s=1e-4)
    >>> us["sum"] > 0 and number["sum"] >= 1
    True
    """
    if repeats < 1 or not min_sample_s > 0:
        raise ValueError(f"min_cpu_us: repeats must be >= 1 and min_sample_s > 0, got {repeats}, {min_sample_s}")
    number: dict[K, int] = {}
    for key, fn in calls.items():
        number[key] = 1
        while _cpu_sample(fn, number[key]) < min_sample_s:
            number[key] *= 2
    best = {key: np.inf for key in calls}
    was_enabled = gc.isenabled()
    gc.disable()                      # as timeit does: a collection belongs to no one call
    try:
        for _ in range(repeats):
            for key, fn in calls.items():
                best[key] = min(best[key], _cpu_sample(fn, number[key]) / number[key] * 1e6)
    finally:
        if was_enabled:
            gc.enable()
    return {key: float(v) for key, v in best.items()}, number


def fit_points(data: Mapping[str, Any], algorithm: str) -> list[int]:
    """Indices of the points a slope is fitted on: n >= ``data["fit_from_n"]`` and a sample
    (calls per sample × time per call) of at least ``RESOLVED_STEPS`` steps of the timer."""
    us, number = data["us"][algorithm], data["calls_per_sample"][algorithm]
    floor = RESOLVED_STEPS * data["timer_step_s"]
    return [i for i, n in enumerate(data["n"])
            if n >= data["fit_from_n"] and number[i] * us[i] * 1e-6 >= floor]


def fitted_slope(data: Mapping[str, Any], algorithm: str) -> float:
    """The log–log slope of ``algorithm``'s saved cost over :func:`fit_points`.

    Raises:
        ValueError: fewer than two points are fit to be fitted.
    """
    idx = fit_points(data, algorithm)
    if len(idx) < 2:
        raise ValueError(f"fitted_slope: {algorithm!r} has {len(idx)} resolved points at n >= {data['fit_from_n']}, "
                         "need two or more")
    return log_log_slope([data["n"][i] for i in idx], [data["us"][algorithm][i] for i in idx])


def chain_calls(n: int, seed: int = 0, pinocchio: Callable[[Any], Any] | None = None) -> dict[str, Callable[[], Any]]:
    """The timed calls on a seeded random chain of ``n`` joints at one seeded state.

    Args:
        n: joints (>= 1).
        seed: the chain is ``random_chain(n, default_rng(seed + n))``, the state from ``default_rng(seed)``.
        pinocchio: makes a Pinocchio model of a chain (``tests.reference.chain_model``); None: ours only.

    Returns:
        algorithm name (keys of :data:`ORDERS`) -> a call with no arguments.
    """
    from course_lib.physics.chains import aba, crba, random_chain, rnea

    chain = random_chain(int(n), np.random.default_rng(seed + int(n)))
    rng = np.random.default_rng(seed)
    q, qd, x = rng.uniform(-np.pi, np.pi, n), rng.normal(0.0, 2.0, n), rng.normal(0.0, 5.0, n)
    calls = {"rnea": lambda: rnea(chain, q, qd, x),
             "crba+cholesky": lambda: np.linalg.cholesky(crba(chain, q)),
             "aba": lambda: aba(chain, q, qd, x)}
    if pinocchio is not None:
        ref = pinocchio(chain)
        calls["pinocchio rnea"] = lambda: ref.pin.rnea(ref.model, ref.data, q, qd, x)
        calls["pinocchio aba"] = lambda: ref.pin.aba(ref.model, ref.data, q, qd, x)
    return calls


def measure_scaling(sizes: Sequence[int], seed: int = 0, repeats: int = 15, min_sample_s: float = 2e-3,
                    pinocchio: Callable[[Any], Any] | None = None) -> dict[str, Any]:
    """Every algorithm of :func:`chain_calls` timed at every n by :func:`min_cpu_us`, in :func:`load_scaling`'s layout.

    Args:
        sizes: joint counts, increasing.
        seed: see :func:`chain_calls`.
        repeats: interleaved samples per point.
        min_sample_s: the least CPU time of one sample (s).
        pinocchio: see :func:`chain_calls`.
    """
    sizes = [int(n) for n in sizes]
    if not sizes or sizes != sorted(set(sizes)) or sizes[0] < 1:
        raise ValueError(f"measure_scaling: sizes must be increasing integers >= 1, got {sizes}")
    calls = {(name, n): fn for n in sizes for name, fn in chain_calls(n, seed, pinocchio).items()}
    us, number = min_cpu_us(calls, repeats, min_sample_s)
    names = list(dict.fromkeys(name for name, _ in calls))
    return {"n": sizes, "us": {a: [us[(a, n)] for n in sizes] for a in names},
            "calls_per_sample": {a: [number[(a, n)] for n in sizes] for a in names},
            "timer_step_s": timer_step(), "repeats": repeats, "fit_from_n": FIT_FROM_N}


def measure_small(sizes: Sequence[int] = (2, 3, 5, 7), seed: int = 0, rounds: int = 7) -> dict[str, Any]:
    """RNEA, CRBA + Cholesky and ABA timed here and now on seeded random chains (µs per call).

    Small n only, so that a lesson measures in well under a second; the large-n figures are in
    :data:`SCALING_FILE`. Timed like them (:func:`measure_scaling`, ``rounds`` interleaved samples of
    at least 1 ms), on the same chains and states, so a saved and a live point at one n compare.
    """
    return measure_scaling(sizes, seed, repeats=rounds, min_sample_s=1e-3)
