"""The course's mechanical systems, one class each.

- :class:`Pendulum`    one joint, θ from straight down
- :class:`TwoLinkArm`  the planar 2R arm, θ₁ from the horizontal, θ₂ relative
- :class:`CartPole`    two degrees of freedom, one actuator, θ from straight up

All share the interface of :class:`~course_lib.physics.models.base.ManipulatorModel`:
``mass_matrix``, ``coriolis_matrix``, ``gravity``, ``bias``,
``inverse_dynamics``, ``forward_dynamics``, ``kinetic_energy``,
``potential_energy``, ``total_energy``.
"""

from course_lib.physics.models.base import ManipulatorModel
from course_lib.physics.models.cart_pole import CartPole
from course_lib.physics.models.motor_arm import MotorArm
from course_lib.physics.models.pendulum import Pendulum
from course_lib.physics.models.two_link import LinkParameters, TwoLinkArm

__all__ = ["CartPole", "LinkParameters", "ManipulatorModel", "MotorArm", "Pendulum", "TwoLinkArm"]
