"""A kinematic tree of n joints, a serial chain by default: what RNEA, CRBA and ABA read.

Numbering as in the lecture notes and Featherstone's book: the fixed base is
body 0, the moving bodies (links) are 1 … n, and joint i joins body i to its
**parent** λ(i), the body it hangs from. The parent array
``parents = (λ(1), …, λ(n))`` gives the tree. The one rule is that a parent
comes before its child, 0 <= λ(i) < i, with λ(i) = 0 for a body on the base;
every tree can be numbered so (number the bodies as you reach them from the
base). A serial chain is λ(i) = i − 1, the default when ``parents`` is not
given. Link i's frame sits on joint i's axis.

Each joint i is given by

- its **placement**: the pose (rotation ``E``, origin ``p``) of joint i's
  frame in its parent's frame when q_i = 0 (m);
- its **kind** and **axis**: ``"R"`` (revolute, q_i in rad, rotation about
  the unit axis u_i) or ``"P"`` (prismatic, q_i in m, translation along u_i),
  u_i in joint i's own frame. Its motion subspace is S_i = [u_i; 0] or
  [0; u_i] (angular part first);

and each link i by its mass (kg), centre of mass (m, in link i's frame) and
3×3 inertia about that centre (kg·m²). Gravity is a vector in base axes
(m/s²), (0, 0, −9.81) unless given.

Python indices count from 0: the methods take and return ``i`` = body
number − 1, and :meth:`Chain.parent` returns −1 for the base.

Optional motor rotors, as in the textbook Lagrange model of geared motors: the rotor of joint i
sits on joint i's axis, is carried by joint i's parent link and spins at k_r,i q̇_i
relative to it. ``gear`` is k_r (rad of rotor per rad or per m of joint),
``rotor_inertia`` I_m the rotor's inertia about its spin axis (kg·m²),
``rotor_mass`` m_m (kg) and ``rotor_inertia_transverse`` its inertia about
the two other axes through its centre (kg·m²).

Physics note on the tree: a joint's motion moves only its own subtree, and a
force travels from a body only towards the base. So M_ij, the torque joint j
needs when joint i alone accelerates, is zero unless one of bodies i, j lies
on the other's path to the base (:meth:`Chain.same_branch`): two arms on one
torso share no entry of M.

Physics note on the rotors: the model is that textbook kinetic energy, rotor
terms included, and nothing else. In its planar arm every spin axis is
parallel to every joint axis, so the rotors add constants to M (k_r² I_m on
the diagonal, k_r2 I_m2 off it) and no velocity term. When a rotor spins on a
link that turns about another axis, the same energy also gives a gyroscopic
torque; RNEA keeps it, because dropping it would contradict Lagrange's
equations for that M(q) (tests/physics/chains/test_properties.py checks c against
them). Gyroscopic torques do no work, so the energy balance cannot see them.

>>> chain = Chain.planar([1.0, 0.8], masses=[2.0, 1.5])
>>> chain.n, chain.parents
(2, (0, 1))
>>> Chain.planar([1.0, 0.8, 0.8], masses=[2.0, 1.5, 1.5], parents=(0, 1, 1)).same_branch()
array([[ True,  True,  True],
       [ True,  True, False],
       [ True, False,  True]])
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

import numpy as np

from course_lib.physics.chains.spatial import motion_transform, rotation_about, spatial_inertia

JOINT_KINDS = ("R", "P")


@dataclasses.dataclass(frozen=True)
class Chain:
    """An n-joint kinematic tree (serial by default); arrays have one row per joint (see the module docstring)."""

    kinds: tuple[str, ...]
    axes: np.ndarray  # (n, 3) unit vectors, joint frames
    placement_rotations: np.ndarray  # (n, 3, 3) E_i: joint i axes in its parent's axes
    placement_origins: np.ndarray  # (n, 3) p_i: joint i origin in its parent's frame (m)
    masses: np.ndarray  # (n,) kg
    coms: np.ndarray  # (n, 3) m, link frames
    inertias: np.ndarray  # (n, 3, 3) kg·m² about each centre of mass
    gravity: np.ndarray = dataclasses.field(default_factory=lambda: np.array([0.0, 0.0, -9.81]))
    gear: np.ndarray | None = None  # (n,) k_r
    rotor_inertia: np.ndarray | None = None  # (n,) I_m, kg·m²
    rotor_mass: np.ndarray | None = None  # (n,) m_m, kg
    rotor_inertia_transverse: np.ndarray | None = None  # (n,) kg·m²
    parents: tuple[int, ...] | None = None  # (λ(1), …, λ(n)), body numbers, 0 the base; None: serial

    def __post_init__(self) -> None:
        n = len(self.kinds)
        if n < 1:
            raise ValueError("a chain needs at least one joint, got none")
        bad = [k for k in self.kinds if k not in JOINT_KINDS]
        if bad:
            raise ValueError(f"joint kinds must be 'R' (revolute) or 'P' (prismatic), got {bad}")
        shapes = {"axes": (n, 3), "placement_rotations": (n, 3, 3), "placement_origins": (n, 3),
                  "masses": (n,), "coms": (n, 3), "inertias": (n, 3, 3), "gravity": (3,)}
        for name, shape in shapes.items():
            arr = np.asarray(getattr(self, name), dtype=float)
            if arr.shape != shape or not np.all(np.isfinite(arr)):
                raise ValueError(f"{name} must be a finite array of shape {shape}, got {arr.shape}")
            object.__setattr__(self, name, arr)
        norms = np.linalg.norm(self.axes, axis=1)
        if np.any(norms < 1e-12):
            raise ValueError(f"every joint axis must be non-zero, got norms {norms}")
        object.__setattr__(self, "axes", self.axes / norms[:, None])
        if np.any(self.masses < 0):
            raise ValueError(f"link masses must be >= 0, got {self.masses}")
        for name in ("gear", "rotor_inertia", "rotor_mass", "rotor_inertia_transverse"):
            value = getattr(self, name)
            arr = np.zeros(n) if value is None else np.broadcast_to(
                np.asarray(value, dtype=float), (n,)).copy()
            if not np.all(np.isfinite(arr)) or (name != "gear" and np.any(arr < 0)):
                raise ValueError(f"{name} must be finite (and >= 0 except gear), got {value!r}")
            object.__setattr__(self, name, arr)
        object.__setattr__(self, "parents", _checked_parents(self.parents, n))
        object.__setattr__(self, "_parent", tuple(p - 1 for p in self.parents))
        object.__setattr__(self, "_I", np.array(
            [spatial_inertia(m, c, I) for m, c, I in zip(self.masses, self.coms, self.inertias)]))
        S = np.zeros((n, 6))
        for i, (kind, u) in enumerate(zip(self.kinds, self.axes)):
            if kind == "R":
                S[i, :3] = u  # rotation about u: [u; 0]
            else:
                S[i, 3:] = u  # translation along u: [0; u]
        object.__setattr__(self, "_S", S)
        object.__setattr__(self, "_has_rotors", bool(
            np.any(self.rotor_inertia > 0) or np.any(self.rotor_mass > 0)
            or np.any(self.rotor_inertia_transverse > 0)))

    # -- sizes and per-joint pieces -------------------------------------------
    @property
    def n(self) -> int:
        """Number of joints (= moving links)."""
        return len(self.kinds)

    @property
    def is_serial(self) -> bool:
        """True for a serial chain, λ(i) = i − 1 for every body."""
        return self.parents == tuple(range(self.n))

    def parent(self, i: int) -> int:
        """Index of body i's parent (0-based, as i), −1 for the fixed base: λ(i + 1) − 1."""
        return self._parent[i]

    def children(self, i: int) -> list[int]:
        """Indices of the bodies whose parent is body i (i = −1: the bodies on the base), ascending."""
        return [j for j in range(self.n) if self._parent[j] == i]

    def support(self, i: int) -> list[int]:
        """κ(i): the joints from body i down to the base, i first (0-based); they are what moves body i."""
        path = [i]
        while self._parent[path[-1]] >= 0:
            path.append(self._parent[path[-1]])
        return path

    def subtree(self, i: int) -> list[int]:
        """ν(i): body i and every body beyond it, ascending (0-based); joint i's motion moves exactly these."""
        return [j for j in range(i, self.n) if i in self.support(j)]

    def same_branch(self) -> np.ndarray:
        """n×n booleans, True where body i is on body j's path to the base or j on i's.

        These are the only entries where M(q) can be non-zero (see the module
        docstring); the others are zero whatever q. A serial chain is all True.
        """
        on = np.zeros((self.n, self.n), dtype=bool)
        for j in range(self.n):
            on[j, self.support(j)] = True
        return on | on.T

    @property
    def has_rotors(self) -> bool:
        """True if any joint carries a rotor with inertia or mass."""
        return self._has_rotors

    def S(self, i: int) -> np.ndarray:
        """Motion subspace S_i of joint i (0-based index): [u; 0] or [0; u]."""
        return self._S[i]

    def I(self, i: int) -> np.ndarray:  # noqa: E743 - the physics name
        """Spatial inertia of link i (0-based) about its frame's origin, 6×6."""
        return self._I[i]

    def joint_pose(self, i: int, qi: float) -> tuple[np.ndarray, np.ndarray]:
        """(rotation, origin) of link i's frame in its parent's frame at q_i (origin in m)."""
        E, p, u = self.placement_rotations[i], self.placement_origins[i], self.axes[i]
        if self.kinds[i] == "R":
            return E @ rotation_about(u, qi), p
        return E, p + E @ (u * qi)

    def X(self, i: int, qi: float) -> np.ndarray:
        """X_i: motion vectors of link i's parent into link i's frame at q_i (6×6)."""
        R, p = self.joint_pose(i, qi)
        return motion_transform(R.T, -R.T @ p)

    def X_rotor(self, i: int) -> np.ndarray:
        """Motion vectors of joint i's parent link into rotor i's frame (joint i's frame at q_i = 0)."""
        E, p = self.placement_rotations[i], self.placement_origins[i]
        return motion_transform(E.T, -E.T @ p)

    def rotor_spatial_inertia(self, i: int) -> np.ndarray:
        """6×6 inertia of rotor i about its centre on joint i's axis (joint i's frame)."""
        u = self.axes[i]
        inertia = self.rotor_inertia[i] * np.outer(u, u) + self.rotor_inertia_transverse[i] * (
            np.eye(3) - np.outer(u, u))
        return spatial_inertia(self.rotor_mass[i], np.zeros(3), inertia)

    def replace(self, **changes: Any) -> "Chain":
        """A copy with some fields changed, e.g. ``chain.replace(gravity=np.zeros(3))``."""
        return dataclasses.replace(self, **changes)

    def q_vector(self, name: str, value: Any) -> np.ndarray:
        """``value`` as a finite float vector of shape (n,), or a ValueError naming it."""
        arr = np.asarray(value, dtype=float)
        if arr.shape != (self.n,) or not np.all(np.isfinite(arr)):
            raise ValueError(
                f"{name} must be {self.n} finite numbers (one per joint), got shape {arr.shape}")
        return arr

    # -- builders -------------------------------------------------------------
    @classmethod
    def planar(cls, lengths: Sequence[float], masses: Sequence[float],
               coms: Sequence[float] | None = None, inertias: Sequence[float] | None = None,
               g: float = 9.81, **rotors: Any) -> "Chain":
        """A planar chain of revolute joints about z moving in the x–y plane.

        Joint 1 is at the origin with θ₁ from +x; joint i + 1 sits at (lᵢ, 0, 0)
        in link i. Link i's centre of mass is at (l_cᵢ, 0, 0) (default lᵢ/2)
        and its inertia about it is Iᵢ about z (default mᵢlᵢ²/12, a thin rod
        along x: diag(0, Iᵢ, Iᵢ)). Gravity is (0, −g, 0). Extra keywords
        give motor rotors (``gear``, ``rotor_inertia``, …) or a tree (``parents``:
        then joint i sits at (l_λ(i), 0, 0) in its parent, at the base's origin if λ(i) = 0).
        """
        lengths = np.asarray(lengths, dtype=float)
        masses = np.asarray(masses, dtype=float)
        n = lengths.shape[0]
        lc = lengths / 2 if coms is None else np.asarray(coms, dtype=float)
        Iz = masses * lengths**2 / 12 if inertias is None else np.asarray(inertias, dtype=float)
        parents = _checked_parents(rotors.get("parents"), n)
        origins = np.zeros((n, 3))
        origins[:, 0] = [lengths[p - 1] if p > 0 else 0.0 for p in parents]
        com = np.zeros((n, 3))
        com[:, 0] = lc
        return cls(kinds=("R",) * n, axes=np.tile([0.0, 0.0, 1.0], (n, 1)),
                   placement_rotations=np.tile(np.eye(3), (n, 1, 1)), placement_origins=origins,
                   masses=masses, coms=com,
                   inertias=np.array([np.diag([0.0, I, I]) for I in Iz]),
                   gravity=np.array([0.0, -g, 0.0]), **rotors)


def _checked_parents(parents: Sequence[int] | None, n: int) -> tuple[int, ...]:
    """The parent array as a tuple of ints, (0, 1, …, n − 1) if None; a ValueError if it breaks λ(i) < i."""
    if parents is None:
        return tuple(range(n))
    if isinstance(parents, (str, bytes)) or not hasattr(parents, "__len__") or len(parents) != n:
        raise ValueError(f"parents must list one parent per body, λ(1) … λ({n}), got {parents!r}")
    out = []
    for body, p in enumerate(parents, start=1):
        if isinstance(p, (bool, np.bool_)) or not isinstance(p, (int, np.integer)):
            raise ValueError(f"parent of body {body} is {p!r}, but a parent is a body number "
                             f"(an integer, 0 for the fixed base)")
        if p < 0:
            raise ValueError(f"parent of body {body} is {p}, but body numbers start at 0 (the fixed base)")
        if p >= body:
            raise ValueError(f"parent of body {body} is {p}, but a parent must come before its child "
                             f"(λ(i) < i): number the bodies so that each comes after the one it hangs from")
        out.append(int(p))
    return tuple(out)
