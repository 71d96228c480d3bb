"""The drawing rules a lab and its browser prediction share (written once, ``lib=``), checked against geometry.

The Node test (test_predict_js.py) compares the prediction with the lab, so it cannot see a rule that is
wrong on both sides at once; these tests check each shared rule by what it must mean, on numbers:
an arrow capped keeps its direction and is never longer than the cap, an angle is folded by whole turns
into (−180°, 180°], a drag points the link at the pointer, the velocity ellipse's matrix squares to Λ⁻¹,
the polar plot's radius is log₁₀(1 + m) with its cut, κ's dot stays in its plot.
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.lab.arm2r import elbow_degrees, shoulder_degrees, snap_degrees
from course_lib.lab.numbers import capped, wrap_degrees
from course_lib.lessons.mass_matrix.placement import kappa_dot
from course_lib.lessons.operational_space import drawing

RNG = np.random.default_rng(7)


def test_a_capped_arrow_keeps_its_direction_and_is_never_longer_than_the_cap():
    v = RNG.normal(size=(2, 500)) * RNG.uniform(0.01, 30.0, 500)
    cap = 5.0
    out = np.asarray(capped(v, cap))
    size, new = np.hypot(*v), np.hypot(*out)
    assert np.allclose(new, np.minimum(size, cap), rtol=1e-12)          # shortened to the cap, short ones kept
    assert np.allclose(v[0] * out[1] - v[1] * out[0], 0.0, atol=1e-9)   # parallel ...
    assert np.all(v[0] * out[0] + v[1] * out[1] > 0)                    # ... and pointing the same way
    assert np.array_equal(np.asarray(capped(np.zeros((2, 1)), cap)), np.zeros((2, 1)))  # no NaN at zero


def test_an_angle_is_folded_by_whole_turns_into_minus_180_to_180():
    a = RNG.uniform(-2000.0, 2000.0, 1000)
    folded = wrap_degrees(a)
    assert np.all((folded > -180.0) & (folded <= 180.0))
    turns = (a - folded) / 360.0
    assert np.allclose(turns, np.round(turns), atol=1e-9)
    assert float(wrap_degrees(-180.0)) == 180.0


@pytest.mark.parametrize("step", [None, 1.0, 5.0])
def test_a_dragged_link_points_at_the_pointer_to_within_the_sliders_step(step):
    for _ in range(200):
        x, y = RNG.uniform(-2.0, 2.0, 2)
        theta1 = np.radians(float(snap_degrees(shoulder_degrees(x, y), step)))
        off = np.degrees(np.arctan2(x * np.sin(theta1) - y * np.cos(theta1), x * np.cos(theta1) + y * np.sin(theta1)))
        assert abs(off) <= (step or 0.0) / 2 + 1e-9                     # link 1 along shoulder→pointer
        elbow = (np.cos(theta1), np.sin(theta1))
        theta2 = np.radians(float(snap_degrees(elbow_degrees(elbow, theta1, x, y), step)))
        link2 = np.array([np.cos(theta1 + theta2), np.sin(theta1 + theta2)])
        to = np.array([x - elbow[0], y - elbow[1]])
        off2 = np.degrees(np.arctan2(link2[0] * to[1] - link2[1] * to[0], link2 @ to))
        assert abs(off2) <= (step or 0.0) / 2 + 1e-9                    # link 2 along elbow→pointer


def test_the_velocity_ellipse_matrix_squares_to_the_matrix_it_is_the_root_of():
    for _ in range(300):
        L = RNG.normal(size=(2, 2))
        A = L @ L.T * RNG.uniform(0.01, 10.0)
        if RNG.random() < 0.2:                                          # rank one: Λ⁻¹ where Λ does not exist
            u = RNG.normal(size=2)
            A = np.outer(u, u)
        r = np.array(drawing.sqrt_psd(A[0, 0], A[0, 1], A[1, 1], np)).reshape(2, 2)
        assert np.allclose(r, r.T) and np.all(np.linalg.eigvalsh(r) >= -1e-12)
        assert np.allclose(r @ r, A, rtol=1e-9, atol=1e-12 * np.abs(A).max())


def test_the_polar_plot_is_log_of_one_plus_the_mass_cut_where_the_mass_is_too_large():
    m = np.array([0.0, 1.0, 9.0, 99.0, 999.0])
    assert np.allclose(drawing.polar_radius(m, np), np.log(1 + m) / np.log(10))
    through = 1 / np.array([2.0, 500.0, 5000.0, np.inf])                # m(u) = 1 / (uᵀΛ⁻¹u): 2, 500, 5000, ∞ kg
    with np.errstate(divide="ignore"):
        assert np.allclose(drawing.mass_curve_radius(through, 1000.0, np), np.log10(1 + np.array([2, 500, 1000, 1000])))


def test_kappas_dot_is_kappa_inside_its_plot_and_at_the_edge_outside():
    assert [float(kappa_dot(k, (1.5, 12.0), np)) for k in (1.0, 4.0, 46.0)] == [1.5, 4.0, 12.0]
    assert [float(drawing.kappa_shown(k, s, 30.0, np)) for k, s in ((4.3, False), (80.0, False), (4.3, True))] == [
        4.3, 30.0, 30.0]
