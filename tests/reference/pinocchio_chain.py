"""A :class:`~course_lib.physics.chains.Chain`, serial or a tree, as a Pinocchio model: an independent reference.

Each joint becomes ``JointModelRevoluteUnaligned`` or
``JointModelPrismaticUnaligned`` about its axis, placed by its placement as an
``SE3`` in its parent's frame; each link an ``Inertia(mass, com, I_com)``;
gravity goes into ``model.gravity``. A tree's parent array becomes
Pinocchio's own: joint i is added to the joint of its parent body λ(i)
(Pinocchio's joint 0, the universe, is the fixed base).

Pinocchio's CRBA needs the joints added in depth-first order, so that every
subtree's joints are consecutive (stack-of-tasks/pinocchio#1897; with another
order ``pin.crba`` returns a wrong M while ``pin.rnea`` is still right). The
course's trees need only λ(i) < i, so :func:`chain_model` takes a serial chain or
a tree numbered depth-first, and :func:`tree_model` takes any tree: it adds
the bodies to Pinocchio depth-first and reads every result back in the tree's
own numbering.

Pinocchio's spatial vectors put the *linear* part first; nothing here
converts them, because the tests compare joint-space quantities (τ, M, q̈,
g, h), which have no such ordering.

A frame ``"tip"`` marks the last joint's origin. Motor rotors are not
translated (Pinocchio's ``armature`` holds only the diagonal k_r² I_m).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import numpy as np

from tests.reference.pinocchio_arm import PinocchioModel, import_pinocchio

if TYPE_CHECKING:  # pragma: no cover
    from course_lib.physics.chains import Chain


def chain_model(chain: "Chain") -> PinocchioModel:
    """Build the Pinocchio model of a chain or tree without rotors.

    Returns:
        A :class:`PinocchioModel`; joint i of the chain is Pinocchio joint i
        (joint 0 is Pinocchio's universe).
    """
    if chain.has_rotors:
        raise ValueError("chain_model translates rigid links only; this chain has motor rotors")
    if depth_first_order(chain.parents) != list(range(chain.n)):
        raise ValueError(f"chain_model needs a tree numbered depth-first (Pinocchio's CRBA assumes it), got "
                         f"parents {chain.parents}; use tree_model, which renumbers it")
    pin = import_pinocchio()
    model = pin.Model()
    model.name = f"chain_{chain.n}"
    model.gravity = pin.Motion(np.asarray(chain.gravity, dtype=float), np.zeros(3))
    joint_of_body = [0]                                  # body 0, the base, is Pinocchio's universe
    for i in range(chain.n):
        axis = chain.axes[i].copy()
        joint = (pin.JointModelRevoluteUnaligned(axis) if chain.kinds[i] == "R"
                 else pin.JointModelPrismaticUnaligned(axis))
        placement = pin.SE3(chain.placement_rotations[i].copy(), chain.placement_origins[i].copy())
        joint_id = model.addJoint(joint_of_body[chain.parents[i]], joint, placement, f"joint{i + 1}")
        inertia = pin.Inertia(float(chain.masses[i]), chain.coms[i].copy(), chain.inertias[i].copy())
        model.appendBodyToJoint(joint_id, inertia, pin.SE3.Identity())
        joint_of_body.append(joint_id)
    frame_id = model.addFrame(pin.Frame("tip", joint_of_body[-1], pin.SE3.Identity(), pin.FrameType.OP_FRAME))
    return PinocchioModel(pin=pin, model=model, data=model.createData(), frame_id=frame_id)


def depth_first_order(parents: tuple[int, ...]) -> list[int]:
    """The bodies (0-based) in depth-first order, children by ascending number: [0, 1, …] if already so.

    >>> depth_first_order((0, 1, 2, 1, 3))      # body 5 hangs from body 3, after body 4 on another branch
    [0, 1, 2, 4, 3]
    """
    children: dict[int, list[int]] = {}
    for body, parent in enumerate(parents, start=1):
        children.setdefault(parent, []).append(body)
    order, stack = [], list(reversed(children.get(0, [])))
    while stack:
        body = stack.pop()
        order.append(body - 1)
        stack.extend(reversed(children.get(body, [])))
    return order


@dataclasses.dataclass
class TreeModel:
    """Pinocchio's model of a tree renumbered depth-first, read in the tree's own numbering.

    Attributes:
        ref: the :class:`PinocchioModel` of the renumbered tree.
        order: ``order[k]`` is the tree's body (0-based) that is Pinocchio's joint k + 1.
    """

    ref: PinocchioModel
    order: np.ndarray

    def joint_id(self, i: int) -> int:
        """Pinocchio's joint id of the tree's body i (0-based)."""
        return int(np.flatnonzero(self.order == i)[0]) + 1

    def _in(self, x: Any) -> np.ndarray:
        return np.ascontiguousarray(np.asarray(x, dtype=float)[self.order])

    def _back(self, x: np.ndarray) -> np.ndarray:
        out = np.empty_like(x)
        out[self.order] = x
        return out

    def rnea(self, q: Any, qd: Any, qdd: Any) -> np.ndarray:
        """τ from ``pin.rnea`` (N·m or N)."""
        return self._back(self.ref.rnea(self._in(q), self._in(qd), self._in(qdd)))

    def aba(self, q: Any, qd: Any, tau: Any) -> np.ndarray:
        """q̈ from ``pin.aba``."""
        return self._back(self.ref.aba(self._in(q), self._in(qd), self._in(tau)))

    def mass_matrix(self, q: Any) -> np.ndarray:
        """M(q) from ``pin.crba`` (upper triangle made symmetric)."""
        M = np.empty((self.order.size,) * 2)
        M[np.ix_(self.order, self.order)] = self.ref.mass_matrix(self._in(q))
        return M

    def kinetic_energy(self, q: Any, qd: Any) -> float:
        """T from ``pin.computeKineticEnergy`` (J)."""
        return self.ref.kinetic_energy(self._in(q), self._in(qd))

    def potential_energy(self, q: Any) -> float:
        """U from ``pin.computePotentialEnergy`` (J)."""
        return self.ref.potential_energy(self._in(q))

    def joint_jacobian(self, q: Any, i: int) -> np.ndarray:
        """Body i's LOCAL joint Jacobian (rows [v; ω]), columns in the tree's numbering, shape (6, n)."""
        J = self.ref.pin.computeJointJacobian(self.ref.model, self.ref.data, self._in(q), self.joint_id(i))
        return self._back(J.T).T

    def supports(self, i: int) -> list[int]:
        """Pinocchio's ``model.supports`` of body i (the joints from the base to it) as the tree's bodies."""
        return sorted(int(self.order[j - 1]) for j in self.ref.model.supports[self.joint_id(i)] if j > 0)

    def parent(self, i: int) -> int:
        """Body i's parent read from Pinocchio's ``model.parents`` (0-based, −1 for the base)."""
        j = self.ref.model.parents[self.joint_id(i)]
        return int(self.order[j - 1]) if j > 0 else -1


def tree_model(chain: "Chain") -> TreeModel:
    """Pinocchio's model of any tree (λ(i) < i), its bodies added depth-first; no rotors.

    The renumbered tree has body order[k] of ``chain`` as its body k + 1, with
    the same joint, placement (in the same parent) and inertia.
    """
    order = depth_first_order(chain.parents)
    new_number = {old: new + 1 for new, old in enumerate(order)}
    parents = tuple(0 if chain.parent(i) < 0 else new_number[chain.parent(i)] for i in order)
    renumbered = chain.replace(
        kinds=tuple(chain.kinds[i] for i in order), axes=chain.axes[order],
        placement_rotations=chain.placement_rotations[order], placement_origins=chain.placement_origins[order],
        masses=chain.masses[order], coms=chain.coms[order], inertias=chain.inertias[order], parents=parents)
    return TreeModel(ref=chain_model(renumbered), order=np.array(order))


def reference_case(chain: "Chain", rng: np.random.Generator, build: Any = chain_model, states: int = 3) -> dict:
    """A chain, its Pinocchio reference (``build``: :func:`chain_model` or :func:`tree_model`) and random states.

    Returns:
        ``{"chain", "ref", "states"}``; each state has q (rad, uniform in ±π), qd (rad/s), qdd (rad/s²) and tau (N·m).
    """
    n = chain.n
    return {"chain": chain, "ref": build(chain),
            "states": [dict(q=rng.uniform(-np.pi, np.pi, n), qd=rng.normal(0.0, 2.0, n),
                            qdd=rng.normal(0.0, 5.0, n), tau=rng.normal(0.0, 10.0, n)) for _ in range(states)]}
