"""kit: arm_drag — the angles a drag of the 2R arm asks for, and the PosableArm mixin (via the Christoffel lab)."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.lab.arm_drag import drag_elbow, drag_tip
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
