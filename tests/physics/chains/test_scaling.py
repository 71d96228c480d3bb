"""Lesson 10's saved cost curves (``scaling.json``) and the timer that makes them.

The saved file must show what the algorithms are: a cost that grows with every added joint, and a
log–log slope within 0.15 of each algorithm's order where it is fitted (RNEA and ABA O(n), CRBA +
Cholesky O(n²) up to 300 joints, Pinocchio's RNEA and ABA O(n)).
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from course_lib.physics.chains.scaling import (
    ORDERS,
    fit_points,
    fitted_slope,
    load_scaling,
    measure_small,
    min_cpu_us,
)

SLOPE_TOLERANCE = 0.15


def cost_rises_with_n(data: dict) -> list[str]:
    """Every place where the saved cost of an algorithm does not rise from one n to the next."""
    return [f"{a}: {us[i]:.1f} µs at n = {data['n'][i]} -> {us[i + 1]:.1f} µs at n = {data['n'][i + 1]}"
            for a, us in data["us"].items() for i in range(len(us) - 1) if not us[i + 1] > us[i]]


def slopes_off_their_order(data: dict) -> list[str]:
    """Every algorithm whose fitted slope is further than SLOPE_TOLERANCE from its order."""
    off = []
    for a in data["us"]:
        p = fitted_slope(data, a)
        if abs(p - ORDERS[a]) > SLOPE_TOLERANCE:
            off.append(f"{a}: slope {p:.2f}, order {ORDERS[a]}")
    return off


def test_saved_cost_rises_with_every_added_joint_for_every_algorithm():
    data = load_scaling()
    assert set(data["us"]) == set(ORDERS)
    assert not cost_rises_with_n(data), cost_rises_with_n(data)


def test_saved_slopes_are_each_algorithms_order_within_0_15():
    data = load_scaling()
    for a in data["us"]:
        assert len(fit_points(data, a)) >= 3, f"{a}: too few resolved points at n >= {data['fit_from_n']}"
    assert not slopes_off_their_order(data), slopes_off_their_order(data)


def test_the_checks_catch_a_dip_and_a_bent_curve():
    """A point below its neighbour, and a quadratic cost under an O(n) name, are both reported."""
    n = [10, 100, 200, 300]
    data = {"n": n, "us": {"rnea": [float(k) for k in n], "aba": [float(k * k) for k in n]},
            "calls_per_sample": {"rnea": [10**6] * 4, "aba": [10**6] * 4}, "timer_step_s": 1e-9, "fit_from_n": 100}
    assert not cost_rises_with_n(data)
    assert slopes_off_their_order(data) == ["aba: slope 2.00, order 1"]
    data["us"]["rnea"][2] = 90.0
    assert cost_rises_with_n(data) == ["rnea: 100.0 µs at n = 100 -> 90.0 µs at n = 200"]


def test_fit_leaves_out_small_n_and_samples_too_short_for_the_timer():
    data = {"n": [2, 100, 200, 300], "us": {"rnea": [1.0, 50.0, 100.0, 150.0]},
            "calls_per_sample": {"rnea": [1000, 1, 20, 20]}, "timer_step_s": 1e-6, "fit_from_n": 100}
    # n = 2: below fit_from_n; n = 100: one call of 50 µs is 50 timer steps, not 1000
    assert fit_points(data, "rnea") == [2, 3]
    data["calls_per_sample"]["rnea"][2] = 1
    with pytest.raises(ValueError, match="1 resolved points"):
        fitted_slope(data, "rnea")


def test_min_cpu_us_keeps_the_least_sample_and_counts_no_sleep():
    """A call that spins ~1 ms of CPU after a slow first round, then sleeps: CPU time, least of the rounds."""
    spins = iter([4e-3] * 2 + [1e-3] * 10_000)

    def call():
        end = time.thread_time() + next(spins)
        while time.thread_time() < end:
            pass
        time.sleep(2e-3)                     # waiting costs no CPU time

    us, number = min_cpu_us({"c": call}, repeats=4, min_sample_s=1e-4)
    assert number["c"] == 1
    assert 1_000 <= us["c"] < 1_500, us           # the 1 ms spin, not the 4 ms one nor the 3 ms wall time
    with pytest.raises(ValueError, match="repeats must be >= 1"):
        min_cpu_us({"c": call}, repeats=0)


def test_live_measurement_has_the_saved_layout_at_the_saved_files_n():
    live, saved = measure_small((2, 3), rounds=1), load_scaling()
    assert live["n"] == [2, 3] and set(live["us"]) == {"rnea", "crba+cholesky", "aba"}
    assert set(live["n"]) <= set(saved["n"])
    assert all(len(v) == 2 and min(v) > 0 for v in live["us"].values())
    assert np.all(np.array(live["calls_per_sample"]["rnea"]) >= 1)
