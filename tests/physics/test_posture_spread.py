"""The spread of the 2R arm's M over the elbow angle, against its entries written by hand and the lesson's figures."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import minimize_scalar

from course_lib.physics.models import TwoLinkArm
from course_lib.physics.posture_spread import elbow_spread


def _hand_M(theta2, m1=2.0, m2=1.5, l1=1.0, l2=0.8):
    """M of two uniform rods (centres at the middle, I = m l²/12), θ₂ relative."""
    lc1, lc2, I1, I2 = l1 / 2, l2 / 2, m1 * l1**2 / 12, m2 * l2**2 / 12
    c2 = np.cos(theta2)
    m11 = I1 + m1 * lc1**2 + I2 + m2 * (l1**2 + lc2**2 + 2 * l1 * lc2 * c2)
    m12 = I2 + m2 * (lc2**2 + l1 * lc2 * c2)
    return np.array([[m11, m12], [m12, I2 + m2 * lc2**2]])


def _kappa(M):
    lam = np.linalg.eigvalsh(M)
    return lam[-1] / lam[0]


def test_the_spread_matches_the_hand_written_entries():
    s = elbow_spread(TwoLinkArm())
    assert s.kappa_stretched == pytest.approx(_kappa(_hand_M(0.0)), rel=1e-12)
    assert s.m11_ratio == pytest.approx(_hand_M(0.0)[0, 0] / _hand_M(np.pi)[0, 0], rel=1e-12)
    best = minimize_scalar(lambda t: _kappa(_hand_M(t)), bounds=(np.pi / 2, np.pi), method="bounded",
                           options={"xatol": 1e-10})
    assert s.kappa_least == pytest.approx(best.fun, rel=1e-6)
    assert s.theta2_least == pytest.approx(best.x, abs=np.radians(0.05))


def test_the_lessons_figures_are_these_numbers():
    """The source lesson's FIG 1: κ from about 46 stretched to about 5.2 bent, M₁₁ by almost three."""
    s = elbow_spread(TwoLinkArm())
    assert (round(s.kappa_stretched, 1), round(s.kappa_least, 2), round(s.m11_ratio, 2)) == (46.1, 5.17, 2.87)
    heavier = elbow_spread(TwoLinkArm(payload=1.0))
    assert heavier.kappa_stretched > s.kappa_stretched        # a payload at the tip spreads M further
