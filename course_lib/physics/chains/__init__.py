"""Readable spatial-vector dynamics for serial chains and kinematic trees of n joints.

Spatial vectors put the angular part first, as in Featherstone's spatial
vector algebra. One idea per module:

- :mod:`~course_lib.physics.chains.spatial`     6-D vectors, X, the two cross products, inertia
- :mod:`~course_lib.physics.chains.chain`       :class:`Chain`: parents, joint placements, axes, link inertias, rotors
- :mod:`~course_lib.physics.chains.builders`    the 2R arm, random chains and trees, a Panda-like arm, a two-armed torso
- :mod:`~course_lib.physics.chains.rnea`        RNEA, and inverse dynamics as a tool (g, c, M by columns, Jᵀ F)
- :mod:`~course_lib.physics.chains.batch`       RNEA over N states at once (numpy, no loop over states)
- :mod:`~course_lib.physics.chains.crba`        CRBA, the mass matrix
- :mod:`~course_lib.physics.chains.aba`         ABA, forward dynamics in O(n)
- :mod:`~course_lib.physics.chains.friction`    viscous and Coulomb friction, the smoothed-sign pitfall
- :mod:`~course_lib.physics.chains.dynamics`    forward dynamics with rotors and stick–slip; simulation
- :mod:`~course_lib.physics.chains.kinematics`  link poses, kinetic and potential energy
- :mod:`~course_lib.physics.chains.regressor`   τ = Y π with 11 parameters per link

A tree is a :class:`Chain` with a parent array ``parents = (λ(1), …, λ(n))``,
0 <= λ(i) < i, 0 the fixed base (Featherstone's numbering); a serial chain is
the default, λ(i) = i − 1. Every function here takes either.

Units: SI (kg, m, s, rad, N, N·m). Link and joint numbers in docstrings count
from 1 as in the notes; Python indices from 0.

>>> tree = Chain.planar([1.0, 0.5, 0.5], masses=[2.0, 1.0, 1.0], parents=(0, 1, 1))
>>> float(crba(tree, [0.3, 0.2, -0.4])[1, 2])      # two branches: no shared entry of M
0.0
"""

from course_lib.physics.chains.aba import aba
from course_lib.physics.chains.batch import rnea_batch
from course_lib.physics.chains.builders import (
    from_two_link,
    panda_like,
    random_chain,
    random_parents,
    random_tree,
    two_armed_torso,
)
from course_lib.physics.chains.chain import Chain
from course_lib.physics.chains.crba import crba
from course_lib.physics.chains.dynamics import ChainTrajectory, forward_dynamics, mass_matrix, simulate
from course_lib.physics.chains.friction import friction_power, friction_torque, smooth_sign
from course_lib.physics.chains.kinematics import (
    body_jacobian,
    kinetic_energy,
    link_poses,
    mass_matrix_from_jacobians,
    potential_energy,
)
from course_lib.physics.chains.regressor import PARAMETER_NAMES, link_parameters, regressor
from course_lib.physics.chains.rnea import (
    RneaPasses,
    bias_torque,
    coriolis_torque,
    gravity_torque,
    jacobian_transpose_force,
    mass_matrix_by_columns,
    rnea,
    rnea_passes,
)

__all__ = [
    "Chain", "ChainTrajectory", "RneaPasses", "PARAMETER_NAMES", "aba", "bias_torque", "body_jacobian",
    "coriolis_torque", "crba",
    "forward_dynamics", "friction_power", "friction_torque", "from_two_link", "gravity_torque",
    "jacobian_transpose_force", "kinetic_energy", "link_parameters", "link_poses",
    "mass_matrix", "mass_matrix_by_columns", "mass_matrix_from_jacobians", "panda_like", "potential_energy", "random_chain",
    "random_parents", "random_tree", "regressor", "rnea", "rnea_batch", "rnea_passes", "simulate",
    "smooth_sign", "two_armed_torso",
]
