"""Posing the 2R arm by dragging: the angles put the elbow and the tip on the pointer's ray."""

from __future__ import annotations

import math

import numpy as np
import pytest

from course_lib.lab.arm_pose import elbow_angle, shoulder_angle
from course_lib.physics.models import TwoLinkArm


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
