"""Lesson 6's torque-part bars are readable at any rate the sliders set, and never say more or less than C q̇.

The axis fits the rates (± BAR_MARGIN × the largest part any θ₂ gives at those rates, stated by its ticks), so
at 1 rad/s the bars are as tall on screen as at 6 rad/s; each bar's height is its part as
:mod:`course_lib.physics.christoffel` computes it, and no part leaves the axis over a whole turn of θ₂.
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.lessons.coriolis.lab import ChristoffelLab
from course_lib.physics import christoffel as chr_

#: the least height (px) the tallest bar has at the lab's start posture (θ₂ = 60°), whatever the rates
LEAST_PX = 20.0
PARTS = ("t1_cf", "t1_cor", "t2_cf", "t2_cor")


def bars_axis(lab) -> tuple[float, float]:
    """The bars panel's y range as sent to the browser."""
    (panel,) = [p for p in lab.scene.panels if p["id"] == "bars"]
    return tuple(panel["ylim"])


def px_per_nm(lab) -> float:
    (panel,) = [p for p in lab.scene.panels if p["id"] == "bars"]
    lo, hi = panel["ylim"]
    return panel["h"] * lab.scene.height / (hi - lo)


@pytest.mark.parametrize("rates", [(1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (-0.5, 0.3), (6.0, -6.0), (3.0, 0.0)])
def test_the_tallest_bar_is_readable_and_every_bar_is_its_part_of_c_qd(rates):
    lab = ChristoffelLab()
    lab.set("qd1", rates[0])
    lab.set("qd2", rates[1])
    tallest = max(abs(lab.scene.values[k]) for k in PARTS)
    assert tallest * px_per_nm(lab) >= LEAST_PX, (rates, tallest, bars_axis(lab))
    c = chr_.christoffel_symbols(lab.arm.mass_matrix, lab.now.q)
    cf, cor = chr_.velocity_torque_parts(c, lab.now.qd)
    for name, value in (("t1_cf", cf[0]), ("t1_cor", cor[0]), ("t2_cf", cf[1]), ("t2_cor", cor[1])):
        assert lab.scene.values[name] == pytest.approx(float(value), rel=1e-12, abs=1e-12), name


@pytest.mark.parametrize("rates", [(1.0, 0.0), (1.0, -2.0), (6.0, 6.0), (0.0, 0.0)])
def test_no_bar_leaves_the_axis_over_a_turn_of_theta2_at_the_rates_set(rates):
    lab = ChristoffelLab(qd1=rates[0], qd2=rates[1])
    lo, hi = bars_axis(lab)
    assert lo == -hi and hi > 0
    for theta2 in np.arange(-180.0, 180.0, 1.0):
        lab.set("theta2", float(theta2))
        assert bars_axis(lab) == (lo, hi), "the axis follows the rates only"
        assert all(lo <= lab.scene.values[k] <= hi for k in PARTS), (theta2, [lab.scene.values[k] for k in PARTS])
