"""Two constrained mechanisms: the 2R arm's tool on a frictionless wall, and a closed parallelogram four-bar.

Each constraint is written once as a sympy expression φ(q); :func:`constraint_from_sympy`
differentiates it into A = ∂φ/∂q and Ȧ q̇ = (∂(A q̇)/∂q) q̇ and compiles all three.

- **Tool on a wall.** The course's 2R arm with its tool on the wall x = x_wall:
  φ(q) = l₁ cos θ₁ + l₂ cos(θ₁ + θ₂) − x_wall (m), one equation on two joints, so the
  tool can only slide up and down the wall. λ is the wall's force on the tool along +x (N);
  with the arm on the side x < x_wall a real wall can only push, λ <= 0.
- **Parallelogram four-bar.** A planar chain crank–coupler–rocker (lengths a, d, a) from the
  ground pivot O = (0, 0), whose free end is pinned to the second ground pivot D = (d, 0):
  φ(q) = p_end(q) − (d, 0) (m), two equations on three joints (redundant coordinates),
  one degree of freedom left. λ is the pin force at D on the rocker (N, x and y). A is
  rank-deficient where all links line up (θ₁ = 0 or π): there the loop can fold either way.

>>> from course_lib.physics.models import TwoLinkArm
>>> wall = tool_on_wall(TwoLinkArm(), x_wall=1.2)
>>> q = wall.posture_on_wall(height=-0.3)
>>> float(wall.system.constraint.phi(q)[0]) == 0.0 or abs(float(wall.system.constraint.phi(q)[0])) < 1e-12
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np
import sympy as sp

from course_lib.physics.chains import Chain, bias_torque, crba
from course_lib.physics.constraints.kkt import ConstrainedSystem, HolonomicConstraint
from course_lib.physics.inverse_kinematics import ELBOW_DOWN, inverse_kinematics
from course_lib.physics.models import TwoLinkArm
from course_lib.physics.models.two_link import point_position

__all__ = ["FourBar", "WallContact", "constraint_from_sympy", "parallelogram_four_bar", "tool_on_wall"]


def constraint_from_sympy(phi: Sequence[sp.Expr], q: Sequence[sp.Symbol], name: str) -> HolonomicConstraint:
    """Compile φ(q) = 0 and its derivatives A = ∂φ/∂q and Ȧ q̇ from sympy expressions.

    Args:
        phi: the m constraint expressions in the symbols ``q`` (and numbers only).
        q: the n coordinate symbols.
        name: what the constraint says, for error messages.

    Returns:
        A :class:`~course_lib.physics.constraints.kkt.HolonomicConstraint` whose functions take
        arrays of shape (n,).

    >>> x, y = sp.symbols("x y")
    >>> c = constraint_from_sympy([x**2 + y**2 - 1], [x, y], "unit circle")
    >>> c.jacobian([0.6, 0.8]).tolist(), c.bias([0.6, 0.8], [0.8, -0.6]).tolist()
    ([[1.2, 1.6]], [2.0])
    """
    q = list(q)
    qd = sp.symbols(f"qd0:{len(q)}")
    Phi = sp.Matrix(list(phi))
    free = Phi.free_symbols - set(q)
    if free:
        raise ValueError(f"the constraint '{name}' may use only the coordinates {q}; it also uses {sorted(map(str, free))}")
    A = Phi.jacobian(q)
    Adot_qd = (A * sp.Matrix(qd)).jacobian(q) * sp.Matrix(qd)
    f_phi = sp.lambdify([q], Phi, "numpy")
    f_A = sp.lambdify([q], A, "numpy")
    f_b = sp.lambdify([q, list(qd)], Adot_qd, "numpy")
    m, n = A.shape

    def as_q(value: Any) -> list[float]:
        arr = np.asarray(value, dtype=float)
        if arr.shape != (n,):
            raise ValueError(f"'{name}' takes q of shape ({n},), got {arr.shape}")
        return arr.tolist()

    return HolonomicConstraint(
        phi=lambda qv: np.asarray(f_phi(as_q(qv)), dtype=float).reshape(m),
        jacobian=lambda qv: np.asarray(f_A(as_q(qv)), dtype=float).reshape(m, n),
        bias=lambda qv, qdv: np.asarray(f_b(as_q(qv), as_q(qdv)), dtype=float).reshape(m),
        name=name)


@dataclasses.dataclass(frozen=True)
class WallContact:
    """The 2R arm with its tool on the frictionless wall x = x_wall.

    Attributes:
        arm: the :class:`~course_lib.physics.models.TwoLinkArm`.
        x_wall: the wall's position (m), 0 < x_wall < l₁ + l₂.
        system: the :class:`~course_lib.physics.constraints.kkt.ConstrainedSystem`; λ is the wall's
            force on the tool along +x (N), <= 0 for a wall that only pushes.
    """

    arm: TwoLinkArm
    x_wall: float
    system: ConstrainedSystem

    def posture_on_wall(self, height: float, elbow: int = ELBOW_DOWN) -> np.ndarray:
        """Joint angles (rad) that put the tool on the wall at y = height (m)."""
        return inverse_kinematics(self.arm, [self.x_wall, float(height)], elbow=elbow)

    def holding_torque(self, q: Any, push: float) -> np.ndarray:
        """τ = g(q) − Jᵀ (push, 0) (N·m): the torques that hold the arm still while the wall pushes
        on the tool with force ``push`` along +x (N); then λ = push and q̈ = 0."""
        q = np.asarray(q, dtype=float)
        return self.arm.gravity(q) - self.arm.jacobian(q).T @ np.array([float(push), 0.0])


def tool_on_wall(arm: TwoLinkArm | None = None, x_wall: float = 1.2) -> WallContact:
    """Build :class:`WallContact` for ``arm`` (default the course's arm) and the wall x = x_wall (m).

    The tool's x comes from the arm's own point formula
    (:func:`~course_lib.physics.models.two_link.point_position`) written on sympy symbols.
    """
    arm = TwoLinkArm() if arm is None else arm
    if not (isinstance(x_wall, (int, float)) and 0 < x_wall < arm.l1 + arm.l2):
        raise ValueError(f"x_wall must be a number in (0, l1 + l2) = (0, {arm.l1 + arm.l2}) m, got {x_wall!r}")
    q1, q2 = sp.symbols("theta1 theta2")
    x_tool, _ = point_position(q1, q2, arm.l1, arm.l2, lib=sp)
    constraint = constraint_from_sympy([x_tool - x_wall], [q1, q2], f"tool on the wall x = {x_wall} m")
    system = ConstrainedSystem(mass_matrix=arm.mass_matrix, bias=arm.bias, constraint=constraint, n=2)
    return WallContact(arm=arm, x_wall=float(x_wall), system=system)


@dataclasses.dataclass(frozen=True)
class FourBar:
    """A parallelogram four-bar in redundant coordinates q = (θ₁, θ₂, θ₃) of a planar 3R chain.

    Attributes:
        chain: the open chain crank (a), coupler (d), rocker (a) as a
            :class:`~course_lib.physics.chains.Chain` (uniform rods).
        a, d: crank and coupler lengths (m).
        system: the closed mechanism; λ is the pin force at D = (d, 0) on the rocker (N).
    """

    chain: Chain
    a: float
    d: float
    system: ConstrainedSystem

    def closed_state(self, crank: float, crank_rate: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
        """(q, q̇) of the closed parallelogram with the crank at θ₁ = ``crank`` (rad) turning at
        ``crank_rate`` (rad/s): the coupler stays parallel to the ground, q = (θ, −θ, θ + π)."""
        s = np.array([1.0, -1.0, 1.0])
        return np.array([crank, -crank, crank + np.pi]), s * float(crank_rate)


def parallelogram_four_bar(a: float = 0.5, d: float = 1.0, masses: Sequence[float] = (1.0, 2.0, 1.0),
                           g: float = 9.81) -> FourBar:
    """Build the closed parallelogram four-bar :class:`FourBar` (lengths in m, masses in kg).

    >>> bar = parallelogram_four_bar()
    >>> q, qd = bar.closed_state(0.7, 1.0)
    >>> bool(np.allclose(bar.system.constraint.phi(q), 0.0, atol=1e-12))
    True
    """
    if not (a > 0 and d > 0):
        raise ValueError(f"a and d are lengths in m, both > 0; got a={a!r}, d={d!r}")
    chain = Chain.planar([a, d, a], list(masses), g=g)
    q = sp.symbols("theta1:4")
    angle, end = sp.Integer(0), sp.Matrix([0, 0])
    for qi, length in zip(q, (a, d, a)):
        angle = angle + qi
        end = end + length * sp.Matrix([sp.cos(angle), sp.sin(angle)])
    constraint = constraint_from_sympy([end[0] - d, end[1]], q, f"rocker pinned at D = ({d}, 0) m")
    system = ConstrainedSystem(mass_matrix=lambda qv: crba(chain, qv),
                               bias=lambda qv, qdv: bias_torque(chain, qv, qdv),
                               constraint=constraint, n=3)
    return FourBar(chain=chain, a=float(a), d=float(d), system=system)
