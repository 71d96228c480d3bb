"""Independent references that the course's own formulas are checked against.

- :mod:`tests.reference.pinocchio_arm`  the pendulum and the planar 2R
  arm rebuilt as Pinocchio rigid-body models (needs the optional ``pin``
  package, part of the ``test`` extra; it is imported only when used)
- :mod:`tests.reference.pinocchio_chain`  any :class:`course_lib.physics.chains.Chain`
  as a Pinocchio model, serial or a tree (``tree_model`` for any numbering)

Nothing here is needed to run the labs: these modules exist so that the tests
and the benchmark script can compare our closed forms with a general-purpose
rigid-body dynamics library that knows nothing about them.
"""

from tests.reference.pinocchio_arm import (
    PinocchioModel,
    PinocchioUnavailableError,
    arm_model,
    import_pinocchio,
    pendulum_model,
    rk4_trajectory,
)
from tests.reference.pinocchio_chain import TreeModel, chain_model, depth_first_order, reference_case, tree_model

__all__ = [
    "PinocchioModel",
    "PinocchioUnavailableError",
    "TreeModel",
    "arm_model",
    "chain_model",
    "depth_first_order",
    "import_pinocchio",
    "pendulum_model",
    "reference_case",
    "rk4_trajectory",
    "tree_model",
]
