"""Measurements behind ``make bench``: course_lib's 2R arm against Pinocchio.

Each quantity is timed for course_lib and, where Pinocchio is installed, for
the same 2R model rebuilt in Pinocchio (:func:`tests.reference.arm_model`),
on the same inputs; the two answers are compared too, so the table can show
that both sides computed the same thing.

Timing (:func:`median_us`, with :mod:`timeit`): the call is repeated until
one round takes at least ``ROUND_SECONDS``; several rounds are timed and the
*median* time per call is kept (robust to a busy machine). Times are in
microseconds.

Nothing is printed here; :mod:`benchmarks.run` prints.
"""

from __future__ import annotations

import dataclasses
import statistics
import timeit
from typing import Any, Callable

import numpy as np

from course_lib import TwoLinkArm
from course_lib.physics.simulate.integrators import simulate
from tests.reference import PinocchioUnavailableError, arm_model, rk4_trajectory

BATCH = 10_000
ROUND_SECONDS = 0.1
ROUNDS = 5
SLOW_ROUNDS = 3  # for calls that take longer than a round on their own
SIM_DURATION = 10.0
SIM_DT = 1e-3
SEED = 20261130


@dataclasses.dataclass
class Row:
    """One line of the benchmark table.

    Attributes:
        quantity: what is computed, in Pinocchio vocabulary (``mass_matrix``, ``bias``, …).
        case: how much of it (``"1 state"``, ``"10⁴ states"``, ``"10 s RK4 at 1 ms"``).
        ours_us: median time of course_lib (µs).
        pin_call: the Pinocchio function measured beside it.
        pin_us: median time of Pinocchio (µs), or None without Pinocchio.
        max_abs_diff: largest |course_lib − Pinocchio| over the outputs, or None.
    """

    quantity: str
    case: str
    ours_us: float
    pin_call: str
    pin_us: float | None = None
    max_abs_diff: float | None = None

    @property
    def ratio(self) -> float | None:
        """Time of course_lib over time of Pinocchio (> 1: we are slower)."""
        return None if self.pin_us is None else self.ours_us / self.pin_us


def median_us(fn: Callable[[], Any], rounds: int = ROUNDS) -> float:
    """Median time of one call of ``fn()`` in microseconds.

    Args:
        fn: a call with no arguments.
        rounds: how many timed rounds the median is taken over.

    Returns:
        The median over rounds of (round time / calls per round), in µs.
    """
    timer = timeit.Timer(fn)
    number = 1
    while True:  # calibrate: how many calls make one round of at least ROUND_SECONDS
        elapsed = timer.timeit(number)
        if elapsed >= ROUND_SECONDS:
            break
        grow = 10 * number if elapsed <= 0 else int(number * 1.2 * ROUND_SECONDS / elapsed)
        number = max(2 * number, grow)
    if number == 1 and elapsed >= 5 * ROUND_SECONDS:
        rounds = min(rounds, SLOW_ROUNDS)
    times = [elapsed] + timer.repeat(repeat=rounds - 1, number=number)
    return statistics.median(times) / number * 1e6


def pinocchio_version() -> str | None:
    """Pinocchio's version string, or None when it is not installed."""
    try:
        import pinocchio
    except ImportError:
        return None
    return str(pinocchio.__version__)


def benchmark_states(n: int = BATCH, seed: int = SEED) -> dict[str, np.ndarray]:
    """Seeded random states of the 2R arm: q, q̇, τ of shape ``(n, 2)``."""
    rng = np.random.default_rng(seed)
    return {
        "q": rng.uniform(-np.pi, np.pi, (n, 2)),
        "qd": rng.normal(0.0, 3.0, (n, 2)),
        "tau": rng.normal(0.0, 20.0, (n, 2)),
    }


def arm_benchmarks(arm: TwoLinkArm | None = None, use_pinocchio: bool = True) -> list[Row]:
    """Time course_lib's 2R arm and, if available, Pinocchio on the same model.

    Args:
        arm: the arm to measure (default: the seeds' arm, no friction).
        use_pinocchio: set False to time course_lib alone.

    Returns:
        One :class:`Row` per quantity and case, in table order.
    """
    arm = TwoLinkArm() if arm is None else arm
    ref = None
    if use_pinocchio:
        try:
            ref = arm_model(arm)
        except PinocchioUnavailableError:
            ref = None
    s = benchmark_states()
    Q, QD, TAU = s["q"], s["qd"], s["tau"]
    q, qd, tau = Q[0].copy(), QD[0].copy(), TAU[0].copy()

    # (quantity, Pinocchio function, ours(q, q̇, τ), theirs(q, q̇, τ) or None)
    pin, model, data = (ref.pin, ref.model, ref.data) if ref is not None else (None, None, None)
    cases: list[tuple[str, str, Callable[..., Any], Callable[..., Any] | None]] = [
        ("mass_matrix", "crba", lambda q_, qd_, tau_: arm.mass_matrix(q_),
         lambda q_, qd_, tau_: pin.crba(model, data, q_)),
        ("bias", "nonLinearEffects", lambda q_, qd_, tau_: arm.bias(q_, qd_),
         lambda q_, qd_, tau_: pin.nonLinearEffects(model, data, q_, qd_)),
        ("forward_dynamics", "aba", arm.forward_dynamics,
         lambda q_, qd_, tau_: pin.aba(model, data, q_, qd_, tau_)),
    ]
    rows: list[Row] = []
    for quantity, pin_name, ours, theirs in cases:
        if ref is None:
            theirs = None
        # one state
        row = Row(quantity, "1 state", median_us(lambda: ours(q, qd, tau)), pin_name)
        if theirs is not None:
            row.pin_us = median_us(lambda: theirs(q, qd, tau))
            row.max_abs_diff = _max_diff(ours(q, qd, tau), theirs(q, qd, tau))
        rows.append(row)
        # a batch: one vectorised call against a Python loop of Pinocchio calls
        batch_us = median_us(lambda: ours(Q, QD, TAU))
        row = Row(quantity, f"{BATCH:,} states", batch_us, f"{pin_name} loop")
        if theirs is not None:
            loop = lambda: [theirs(a, b, c) for a, b, c in zip(Q, QD, TAU)]  # noqa: E731
            row.pin_us = median_us(loop)
            row.max_abs_diff = _max_diff(ours(Q, QD, TAU), np.array(loop()))
        rows.append(row)

    # a simulation: 10 s of free motion (zero torque) with RK4 at 1 ms
    q0, qd0, zero = np.array([0.4, -0.3]), np.array([0.0, 0.0]), np.zeros(2)
    run_ours = lambda: simulate(arm, q0, qd0, duration=SIM_DURATION, dt=SIM_DT)  # noqa: E731
    case = f"{SIM_DURATION:g} s RK4 at {SIM_DT * 1e3:g} ms"
    row = Row("simulate", case, median_us(run_ours), "aba in a Python RK4 loop")
    if ref is not None:
        run_pin = lambda: rk4_trajectory(ref, q0, qd0, zero, SIM_DURATION, SIM_DT)  # noqa: E731
        row.pin_us = median_us(run_pin)
        traj = run_ours()
        Qp, QDp = run_pin()
        row.max_abs_diff = max(_max_diff(traj.q, Qp), _max_diff(traj.qd, QDp))
    rows.append(row)
    return rows


def _max_diff(a: Any, b: Any) -> float:
    return float(np.max(np.abs(np.asarray(a, dtype=float) - np.asarray(b, dtype=float))))
