"""Chains and trees to study: the course's 2R arm, random chains and trees, a Panda-like arm, a two-armed torso.

- :func:`from_two_link` turns a :class:`~course_lib.physics.models.TwoLinkArm` into a
  planar :class:`Chain`, so the arm's closed forms become one special case of
  the recursive algorithms.
- :func:`random_chain` draws a chain with random joint kinds, axes,
  placements and (physically valid) inertias, for tests; :func:`random_tree`
  the same on a random parent array (:func:`random_parents`).
- :func:`panda_like` is a 7-DoF arm with the kinematic layout and identified
  inertial parameters of the Franka Emika Panda as published in the
  ``franka_description`` URDF (franka_ros; the same numbers ship in
  ``example-robot-data``'s ``panda.urdf``), without the hand.
- :func:`two_armed_torso` is the smallest tree worth drawing: a torso turning
  on a fixed hip, with two three-joint arms hanging from its shoulders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from course_lib.physics.chains.chain import Chain
from course_lib.physics.chains.spatial import rotation_about

if TYPE_CHECKING:  # pragma: no cover
    from course_lib.physics.models import TwoLinkArm


def from_two_link(arm: "TwoLinkArm", **rotors: Any) -> Chain:
    """The 2R arm as a planar chain (θ₁ from +x, θ₂ relative, gravity along −y).

    Uses :attr:`TwoLinkArm.params`, so a tip payload is already merged into
    link 2. Viscous friction ``b`` is not a rigid-body quantity: add it with
    :mod:`course_lib.physics.chains.friction`. Extra keywords give motor rotors.

    >>> from course_lib import TwoLinkArm
    >>> from_two_link(TwoLinkArm()).masses
    array([2. , 1.5])
    """
    p = arm.params
    return Chain.planar([p.l1, p.l2], [p.m1, p.m2], coms=[p.lc1, p.lc2], inertias=[p.I1, p.I2],
                        g=p.g, **rotors)


def random_inertia(rng: np.random.Generator, mass: float, size: float) -> np.ndarray:
    """A physically valid 3×3 inertia about the centre of mass (kg·m²).

    Principal moments from masses spread along three random axes satisfy the
    triangle inequality; a random rotation gives the off-diagonal terms.
    """
    spread = rng.uniform(0.05, 1.0, 3) * size
    Ixx, Iyy, Izz = mass * (spread[1] ** 2 + spread[2] ** 2), mass * (
        spread[0] ** 2 + spread[2] ** 2), mass * (spread[0] ** 2 + spread[1] ** 2)
    R = random_rotation(rng)
    return R @ np.diag([Ixx, Iyy, Izz]) @ R.T / 5.0


def random_rotation(rng: np.random.Generator) -> np.ndarray:
    """A uniformly random rotation matrix (QR of a Gaussian matrix, signs fixed)."""
    Q, R = np.linalg.qr(rng.normal(size=(3, 3)))
    Q = Q @ np.diag(np.sign(np.diag(R)))
    return Q if np.linalg.det(Q) > 0 else -Q


def random_chain(n: int, rng: np.random.Generator, prismatic_fraction: float = 0.25,
                 parents: tuple[int, ...] | None = None) -> Chain:
    """A chain of n joints with random kinds, axes, placements, masses and inertias.

    Args:
        n: number of joints, >= 1.
        rng: the random generator (seed it: tests must be deterministic).
        prismatic_fraction: chance that a joint is prismatic.
        parents: the parent array (λ(1), …, λ(n)) of a tree; None for a serial chain.

    Returns:
        The :class:`Chain`, gravity near (0, 0, −9.81) m/s² but tilted at random.
    """
    _check_n(n)
    kinds = tuple("P" if rng.random() < prismatic_fraction else "R" for _ in range(n))
    axes = rng.normal(size=(n, 3))
    masses = rng.uniform(0.2, 3.0, n)
    return Chain(kinds=kinds, axes=axes,
                 placement_rotations=np.array([random_rotation(rng) for _ in range(n)]),
                 placement_origins=rng.uniform(-0.4, 0.4, (n, 3)),
                 masses=masses, coms=rng.uniform(-0.2, 0.2, (n, 3)),
                 inertias=np.array([random_inertia(rng, m, 0.3) for m in masses]),
                 gravity=np.array([0.0, 0.0, -9.81]) + rng.normal(0.0, 0.5, 3), parents=parents)


def _check_n(n: Any) -> None:
    if not (isinstance(n, (int, np.integer)) and n >= 1):
        raise ValueError(f"n must be an integer >= 1, got {n!r}")


def random_parents(n: int, rng: np.random.Generator, branching: float = 0.5) -> tuple[int, ...]:
    """A random parent array (λ(1), …, λ(n)) with 0 <= λ(i) < i (0 is the fixed base).

    Each body continues the branch of the body before it (λ(i) = i − 1) with
    chance 1 − ``branching``; otherwise it hangs from any earlier body or the
    base, all alike. So the trees have long branches and forks near the base alike.

    Args:
        n: number of bodies, >= 1.
        rng: the random generator.
        branching: chance (0 … 1) that a body starts a new branch.

    >>> random_parents(6, np.random.default_rng(0), branching=0.0)
    (0, 1, 2, 3, 4, 5)
    """
    _check_n(n)
    if not 0.0 <= branching <= 1.0:
        raise ValueError(f"branching is a chance, from 0 to 1, got {branching!r}")
    return tuple(int(rng.integers(0, i)) if rng.random() < branching else i - 1 for i in range(1, n + 1))


def random_tree(n: int, rng: np.random.Generator, prismatic_fraction: float = 0.25,
                branching: float = 0.5) -> Chain:
    """:func:`random_chain` on :func:`random_parents` (n bodies, arguments as there)."""
    return random_chain(n, rng, prismatic_fraction, parents=random_parents(n, rng, branching))


#: Panda joints: (roll about x of the joint frame (rad), origin in the parent (m)); axis z.
PANDA_JOINTS = (
    (0.0, (0.0, 0.0, 0.333)),
    (-np.pi / 2, (0.0, 0.0, 0.0)),
    (np.pi / 2, (0.0, -0.316, 0.0)),
    (np.pi / 2, (0.0825, 0.0, 0.0)),
    (-np.pi / 2, (-0.0825, 0.384, 0.0)),
    (np.pi / 2, (0.0, 0.0, 0.0)),
    (np.pi / 2, (0.088, 0.0, 0.0)),
)
#: Panda links 1–7: mass (kg), centre of mass (m), inertia about it (xx, xy, xz, yy, yz, zz; kg·m²).
PANDA_LINKS = (
    (4.970684, (0.003875, 0.002081, -0.04762),
     (0.70337, -0.000139, 0.006772, 0.70661, 0.019169, 0.009117)),
    (0.646926, (-0.003141, -0.02872, 0.003495),
     (0.007962, -0.003925, 0.010254, 0.02811, 0.000704, 0.025995)),
    (3.228604, (0.027518, 0.039252, -0.066502),
     (0.037242, -0.004761, -0.011396, 0.036155, -0.012805, 0.01083)),
    (3.587895, (-0.05317, 0.104419, 0.027454),
     (0.025853, 0.007796, -0.001332, 0.019552, 0.008641, 0.028323)),
    (1.225946, (-0.011953, 0.041065, -0.038437),
     (0.035549, -0.002117, -0.004037, 0.029474, 0.000229, 0.008627)),
    (1.666555, (0.060149, -0.014117, -0.010517),
     (0.001964, 0.000109, -0.001158, 0.004354, 0.000341, 0.005433)),
    (0.735522, (0.010517, -0.004252, 0.061597),
     (0.012516, -0.000428, -0.001196, 0.010027, -0.000741, 0.004815)),
)


def panda_like() -> Chain:
    """The Panda's seven revolute joints and links 1–7 (no hand), gravity −z.

    >>> panda_like().n
    7
    """
    def inertia(xx, xy, xz, yy, yz, zz):  # the URDF's six numbers as a matrix
        return np.array([[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]])

    x = np.array([1.0, 0.0, 0.0])
    return Chain(kinds=("R",) * 7, axes=np.tile([0.0, 0.0, 1.0], (7, 1)),
                 placement_rotations=np.array([rotation_about(x, roll) for roll, _ in PANDA_JOINTS]),
                 placement_origins=np.array([origin for _, origin in PANDA_JOINTS]),
                 masses=np.array([m for m, _, _ in PANDA_LINKS]),
                 coms=np.array([c for _, c, _ in PANDA_LINKS]),
                 inertias=np.array([inertia(*I) for _, _, I in PANDA_LINKS]))


#: The torso (body 1, a yaw joint on the fixed hip, axis z) and each arm's three joints: shoulder pitch
#: (axis y) and roll (axis x) at one point, elbow pitch (axis y) one upper arm lower. Round made-up numbers:
#: shoulders 0.2 m either side of the torso's axis and 0.45 m above the hip (m); masses (kg) and
#: lengths (m) of the torso, the shoulder's small housing, the upper arm and the forearm; how far the
#: forearm's centre of mass sits off its axis, towards the body (m: a hand holding a tool inwards).
TORSO_SHOULDER_Y, TORSO_SHOULDER_Z = 0.2, 0.45
TORSO = (12.0, 0.5)
SHOULDER, UPPER_ARM, FOREARM = (0.5, 0.1), (2.0, 0.3), (1.5, 0.25)
FOREARM_INWARD = 0.03


def two_armed_torso() -> Chain:
    """A torso with two arms: 7 revolute joints, parents (0, 1, 2, 3, 1, 5, 6), gravity −z.

    Body 1 is the torso; bodies 2–4 the left arm (+y), 5–7 the right arm (−y),
    each hanging straight down at q = 0. Each body is a uniform rod along its
    frame's −z axis (inertia m l²/12 about x and y, m l²/200 about z), the
    forearm's centre of mass moved :data:`FOREARM_INWARD` towards the body, so
    that no entry of M vanishes by symmetry within an arm.

    Physics note: the two arms share no entry of M(q) (:meth:`Chain.same_branch`);
    the torso's row couples with both.

    >>> torso = two_armed_torso()
    >>> torso.parents, torso.children(0)
    ((0, 1, 2, 3, 1, 5, 6), [1, 4])
    """
    def rod(mass: float, length: float, inward: float = 0.0) -> tuple[float, tuple[float, ...], np.ndarray]:
        across = mass * length**2 / 12
        return mass, (0.0, inward, -length / 2), np.diag([across, across, mass * length**2 / 200])

    x, y, z = np.eye(3)
    torso_mass, torso_length = TORSO
    torso = (torso_mass, (0.0, 0.0, torso_length / 2),
             np.diag([torso_mass * torso_length**2 / 12] * 2 + [torso_mass * torso_length**2 / 200]))
    joints = [(z, np.zeros(3), torso, 0)]                 # (axis, origin in the parent, link, parent)
    for side in (1.0, -1.0):
        first = len(joints) + 1                           # body number of the shoulder's first joint
        joints += [(y, np.array([0.0, side * TORSO_SHOULDER_Y, TORSO_SHOULDER_Z]), rod(*SHOULDER), 1),
                   (x, np.zeros(3), rod(*UPPER_ARM), first),
                   (y, np.array([0.0, 0.0, -UPPER_ARM[1]]), rod(*FOREARM, -side * FOREARM_INWARD), first + 1)]
    axes, origins, links, parents = zip(*joints)
    return Chain(kinds=("R",) * len(joints), axes=np.array(axes),
                 placement_rotations=np.tile(np.eye(3), (len(joints), 1, 1)), placement_origins=np.array(origins),
                 masses=np.array([m for m, _, _ in links]), coms=np.array([c for _, c, _ in links]),
                 inertias=np.array([I for _, _, I in links]), parents=tuple(parents))
