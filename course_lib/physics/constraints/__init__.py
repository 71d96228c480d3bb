"""Constrained forward dynamics (closed chains and contact) by the KKT system.

- :mod:`~course_lib.physics.constraints.kkt`       the KKT solve, Baumgarte stabilisation, simulation
- :mod:`~course_lib.physics.constraints.examples`  the 2R arm's tool on a wall; a closed parallelogram four-bar
"""

from course_lib.physics.constraints.examples import (
    FourBar,
    WallContact,
    constraint_from_sympy,
    parallelogram_four_bar,
    tool_on_wall,
)
from course_lib.physics.constraints.kkt import (
    RANK_TOLERANCE,
    ConstrainedSystem,
    ConstrainedTrajectory,
    HolonomicConstraint,
    kkt_solve,
)

__all__ = [
    "RANK_TOLERANCE", "ConstrainedSystem", "ConstrainedTrajectory", "FourBar", "HolonomicConstraint",
    "WallContact", "constraint_from_sympy", "kkt_solve", "parallelogram_four_bar", "tool_on_wall",
]
