"""kit: arm2r — the angles a drag of the 2R arm asks for (elbow and tip on the pointer's ray)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from course_lib.lab.arm2r import drag_elbow, drag_tip, elbow_angle, shoulder_angle
from course_lib.physics.models import TwoLinkArm


@pytest.mark.parametrize("theta1, theta2", [(0.3, 1.2), (-2.5, -0.4), (3.0, 3.1), (1.0, -3.1)])
def test_dragging_the_tip_to_where_it_is_keeps_the_angles_and_elsewhere_puts_it_on_the_pointer_ray(theta1, theta2):
    arm, q = TwoLinkArm(), np.array([theta1, theta2])
    elbow, tip = arm.joint_positions(q)[1], arm.joint_positions(q)[2]
    np.testing.assert_allclose(drag_tip(q, tuple(elbow), *tip), q, atol=1e-12)
    target = elbow + np.array([0.3, -0.5])
    new = drag_tip(q, tuple(elbow), *target)
    direction = arm.joint_positions(new)[2] - elbow
    d = target - elbow
    assert direction[0] * d[1] - direction[1] * d[0] == pytest.approx(0.0, abs=1e-12) and direction @ (target - elbow) > 0
    assert -np.pi < new[1] <= np.pi


def test_dragging_the_elbow_points_link_1_at_the_pointer_and_keeps_theta2():
    q = drag_elbow(np.array([0.1, 0.7]), -1.0, -1.0)
    assert q.tolist() == pytest.approx([-3 * np.pi / 4, 0.7])


@pytest.mark.parametrize("x, y", [(np.nan, 0.0), (0.0, np.inf)])
def test_a_drag_to_a_non_finite_point_is_refused(x, y):
    with pytest.raises(ValueError, match="pointer position must be finite"):
        drag_elbow(np.zeros(2), x, y)
    with pytest.raises(ValueError, match="pointer position must be finite"):
        drag_tip(np.zeros(2), (1.0, 0.0), x, y)


def cross(a, b):
    """z-component of a × b for plane vectors: zero when they are parallel."""
    return a[0] * b[1] - a[1] * b[0]


@pytest.mark.parametrize("seed", range(5))
def test_elbow_and_tip_land_on_the_rays_towards_the_pointer(seed):
    rng = np.random.default_rng(seed)
    arm = TwoLinkArm()
    pointer = rng.uniform(-2, 2, 2)
    t1 = math.radians(shoulder_angle(*pointer))
    elbow = arm.joint_positions([t1, 0.3])[1]
    assert cross(elbow, pointer) == pytest.approx(0.0, abs=1e-12) and elbow @ pointer > 0
    target = rng.uniform(-2, 2, 2)
    t2 = math.radians(elbow_angle(elbow, t1, *target))
    assert -math.pi < t2 <= math.pi
    link2 = arm.joint_positions([t1, t2])[2] - elbow
    to_target = target - elbow
    assert cross(link2, to_target) == pytest.approx(0.0, abs=1e-12) and link2 @ to_target > 0


def test_a_non_finite_pointer_is_refused():
    with pytest.raises(ValueError, match="pointer position must be finite"):
        shoulder_angle(float("nan"), 1.0)
    with pytest.raises(ValueError, match="pointer position must be finite"):
        elbow_angle((1.0, 0.0), 0.0, 1.0, float("inf"))
