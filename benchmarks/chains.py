"""Measurements behind ``make bench`` for course_lib.physics.chains: μs per call against Pinocchio.

For the Panda-like arm (n = 7) and a random chain of n = 30 joints, one state
each, RNEA, CRBA and ABA of :mod:`course_lib.physics.chains` are timed beside the
same Pinocchio call on the same model (:func:`tests.reference.chain_model`),
with :func:`benchmarks.core.median_us`. The readable numpy code is expected to
be ~100× slower than Pinocchio's C++; these rows say by how much. The last
row times :func:`course_lib.physics.chains.rnea_batch` on 10⁴ states against a Python
loop of ``pin.rnea`` calls, and :func:`batch_speedup` states that comparison
as a speed-up (the target: the batch faster than the loop).

Nothing is printed here; :mod:`benchmarks.run` prints.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from benchmarks.core import BATCH, SEED, Row, _max_diff, median_us
from course_lib.physics import chains
from tests.reference import PinocchioUnavailableError, chain_model

SIZES = (7, 30)


def bench_chain(n: int) -> chains.Chain:
    """The Panda-like arm for n = 7, otherwise a seeded random chain of n joints."""
    return chains.panda_like() if n == 7 else chains.random_chain(n, np.random.default_rng(SEED))


def chain_benchmarks(use_pinocchio: bool = True) -> list[Row]:
    """One :class:`~benchmarks.core.Row` per algorithm and chain size."""
    rows: list[Row] = []
    for n in SIZES:
        chain = bench_chain(n)
        rng = np.random.default_rng(SEED + n)
        q, qd, x = rng.uniform(-np.pi, np.pi, n), rng.normal(0.0, 2.0, n), rng.normal(0.0, 5.0, n)
        ref = None
        if use_pinocchio:
            try:
                ref = chain_model(chain)
            except PinocchioUnavailableError:
                ref = None
        cases: list[tuple[str, Callable[[], Any], str, Callable[[], Any] | None]] = [
            ("rnea", lambda: chains.rnea(chain, q, qd, x), "rnea",
             ref and (lambda: ref.pin.rnea(ref.model, ref.data, q, qd, x))),
            ("crba", lambda: chains.crba(chain, q), "crba",
             ref and (lambda: ref.mass_matrix(q))),
            ("aba", lambda: chains.aba(chain, q, qd, x), "aba",
             ref and (lambda: ref.pin.aba(ref.model, ref.data, q, qd, x))),
        ]
        label = "Panda-like" if n == 7 else "random chain"
        for name, ours, pin_name, theirs in cases:
            row = Row(f"chains.{name}", f"n = {n} ({label}), 1 state", median_us(ours), pin_name)
            if theirs is not None:
                row.pin_us = median_us(theirs)
                row.max_abs_diff = _max_diff(ours(), theirs())
            rows.append(row)
    rows.append(_batch_row(use_pinocchio))
    return rows


def _batch_row(use_pinocchio: bool) -> Row:
    """rnea_batch on 10⁴ states of the Panda-like arm against a Python loop over pin.rnea."""
    chain = chains.panda_like()
    rng = np.random.default_rng(SEED)
    Q, QD, QDD = (rng.normal(0.0, 2.0, (BATCH, chain.n)) for _ in range(3))
    row = Row("chains.rnea_batch", f"n = 7, {BATCH:,} states",
              median_us(lambda: chains.rnea_batch(chain, Q, QD, QDD)), "rnea loop")
    if use_pinocchio:
        try:
            ref = chain_model(chain)
        except PinocchioUnavailableError:
            return row
        loop = lambda: np.array([ref.pin.rnea(ref.model, ref.data, a, b, c)  # noqa: E731
                                 for a, b, c in zip(Q, QD, QDD)])
        row.pin_us = median_us(loop)
        row.max_abs_diff = _max_diff(chains.rnea_batch(chain, Q, QD, QDD), loop())
    return row


def batch_speedup(rounds: int = 9) -> dict[str, float] | None:
    """How many times faster rnea_batch is than a Python loop over pin.rnea (10⁴ states, n = 7).

    The two are timed in alternation, ``rounds`` times each, so that both see the
    same load on a shared machine; the minimum of each is kept (the least
    disturbed round), as wall time and as the process's CPU time.

    Returns:
        ``ours_ms``, ``loop_ms`` (wall), ``ours_cpu_ms``, ``loop_cpu_ms``, ``speedup``
        (loop / ours, wall), ``speedup_cpu`` and ``load`` (1-minute load average),
        or None without Pinocchio.
    """
    import os
    import time

    chain = chains.panda_like()
    try:
        ref = chain_model(chain)
    except PinocchioUnavailableError:
        return None
    rng = np.random.default_rng(SEED)
    Q, QD, QDD = (rng.normal(0.0, 2.0, (BATCH, chain.n)) for _ in range(3))
    calls = {"ours": lambda: chains.rnea_batch(chain, Q, QD, QDD),
             "loop": lambda: [ref.pin.rnea(ref.model, ref.data, a, b, c)
                              for a, b, c in zip(Q, QD, QDD)]}
    wall: dict[str, list[float]] = {k: [] for k in calls}
    cpu: dict[str, list[float]] = {k: [] for k in calls}
    for _ in range(rounds):
        for name, call in calls.items():
            w, c = time.perf_counter(), time.process_time()
            call()
            wall[name].append(time.perf_counter() - w)
            cpu[name].append(time.process_time() - c)
    out = {f"{k}_ms": 1e3 * min(wall[k]) for k in calls}
    out |= {f"{k}_cpu_ms": 1e3 * min(cpu[k]) for k in calls}
    out["speedup"] = out["loop_ms"] / out["ours_ms"]
    out["speedup_cpu"] = out["loop_cpu_ms"] / out["ours_cpu_ms"]
    out["load"] = os.getloadavg()[0]
    return out


#: n of the saved cost curves: past 100 joints so that CRBA's n² term is seen to take over
SCALING_SIZES = (2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300)


def chain_scaling(sizes: tuple[int, ...] = SCALING_SIZES, repeats: int = 25) -> dict[str, Any]:
    """µs per call against n for RNEA, CRBA + Cholesky, ABA, and Pinocchio's RNEA and ABA.

    Each point is the least of ``repeats`` CPU-time samples taken round after round across every n
    (:func:`course_lib.physics.chains.scaling.measure_scaling`). Saved by :func:`save_scaling` for
    the lessons (see :mod:`course_lib.physics.chains.scaling`).
    """
    import os
    import platform

    from course_lib.physics.chains.scaling import measure_scaling

    try:
        chain_model(chains.random_chain(2, np.random.default_rng(0)))
        pinocchio = chain_model
    except PinocchioUnavailableError:
        pinocchio = None
    load = os.getloadavg()[0]
    data = measure_scaling(sizes, repeats=repeats, pinocchio=pinocchio)
    data["machine"] = (f"Python {platform.python_version()}, NumPy {np.__version__}, {platform.machine()}, "
                       f"{os.cpu_count()} CPUs, load average {load:.1f} to {os.getloadavg()[0]:.1f}; random chains, "
                       f"one state, least CPU time of {repeats} samples interleaved across n")
    return data


def save_scaling(data: dict[str, Any]) -> None:
    """Write the figures where :func:`course_lib.physics.chains.scaling.load_scaling` reads them."""
    import json

    from course_lib.physics.chains.scaling import SCALING_FILE

    SCALING_FILE.write_text(json.dumps(data, indent=1) + "\n")
