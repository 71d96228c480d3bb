"""Raising ωₙ against a wrong model: the error falls like 1/ωₙ² (the linear error equation's prediction) and
the torque climbs."""

from __future__ import annotations

import pytest

from course_lib.physics.bandwidth import bandwidth_sweep


@pytest.fixture(scope="module")
def sweep():
    return bandwidth_sweep([10.0, 20.0, 40.0], delta=0.3)


def test_the_error_falls_like_one_over_omega_squared(sweep):
    assert -2.3 < sweep.exponent < -1.7
    ratios = sweep.rms[:-1] / sweep.rms[1:]
    assert all(3.0 < r < 5.0 for r in ratios)        # each doubling: about four times smaller


def test_the_peak_torque_grows_with_the_bandwidth(sweep):
    assert sweep.peak_tau1[-1] > 3 * sweep.peak_tau1[0]


def test_one_bandwidth_is_refused():
    with pytest.raises(ValueError, match="at least two bandwidths"):
        bandwidth_sweep([10.0], delta=0.3)
