"""The course's pendulum and 2R arm as Pinocchio models, an independent reference.

Pinocchio (https://github.com/stack-of-tasks/pinocchio) computes rigid-body
dynamics from a kinematic tree of joints and bodies with spatial-vector
algorithms (CRBA, RNEA, ABA). It knows nothing about our closed forms, so when
its ``crba`` equals our ``mass_matrix`` at arbitrary states, both are right.

How the planar systems are laid out in 3-D:

- The plane of motion is x–y (x to the right, y up); every joint is a
  revolute joint about +z, so a positive angle turns counter-clockwise.
- Gravity is ``(0, −g, 0)`` (``model.gravity``), the models' −y.
- 2R arm: joint 1 at the origin with θ₁ from the +x axis; joint 2 at
  ``(l₁, 0, 0)`` in link 1's frame with θ₂ relative to link 1. Link i's centre
  of mass is at ``(l_cᵢ, 0, 0)`` in its joint frame, its inertia about that
  centre is ``Iᵢ`` about z (a thin rod along x: ``diag(0, Iᵢ, Iᵢ)``). Link 2
  takes the parameters of :attr:`TwoLinkArm.params`, with the payload
  already merged in. A frame ``"tip"`` sits at ``(l₂, 0, 0)`` in joint 2.
- Pendulum: one joint at the origin; θ = 0 hangs straight down, so the bob, a
  point mass with no inertia of its own, sits at ``(0, −l, 0)`` in the joint
  frame; a frame ``"bob"`` marks it.

Joint friction ``b q̇`` is not part of a rigid-body model: add it yourself
(``τ = rnea + b q̇``; ``q̈ = aba(q, q̇, τ − b q̇)``).

Pinocchio is imported only when a model is built; without the optional
``pin`` package a :class:`PinocchioUnavailableError` says how to install it.

Example — the stretched 2R arm held still needs τ = g(q):

>>> from course_lib import TwoLinkArm
>>> ref = arm_model(TwoLinkArm())
>>> ref.gravity([0.0, 0.0]).round(2)
array([30.41,  5.89])
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:  # pragma: no cover - for type checkers only
    from course_lib.physics.models import Pendulum, TwoLinkArm

INSTALL_HINT = (
    "Pinocchio is needed for the reference models but is not installed. It is part of the "
    "test extra: run `make test`, or `pip install pin` (the PyPI name of Pinocchio)."
)


class PinocchioUnavailableError(ImportError):
    """Raised when a Pinocchio reference is asked for but ``pinocchio`` cannot be imported."""


def import_pinocchio() -> Any:
    """Import and return the ``pinocchio`` module.

    Returns:
        The ``pinocchio`` module.

    Raises:
        PinocchioUnavailableError: if it is not installed (with how to install it).
    """
    try:
        import pinocchio
    except ImportError as exc:
        raise PinocchioUnavailableError(f"{INSTALL_HINT} ({exc})") from exc
    return pinocchio


@dataclasses.dataclass
class PinocchioModel:
    """A Pinocchio model and its workspace, with one-state calls in the course's vocabulary.

    Each method is a single Pinocchio call named in its docstring; states are
    one configuration ``q`` of shape ``(n,)`` (no batches: loop over them).

    Attributes:
        pin: the ``pinocchio`` module.
        model: the ``pinocchio.Model`` (kinematic tree, inertias, gravity).
        data: its ``pinocchio.Data`` workspace.
        frame_id: index of the marked point (``"tip"`` of the arm, ``"bob"`` of the pendulum).
    """

    pin: Any
    model: Any
    data: Any
    frame_id: int

    def mass_matrix(self, q: Any) -> np.ndarray:
        """M(q) from ``pin.crba`` (kg·m²), made symmetric from its upper triangle."""
        M = self.pin.crba(self.model, self.data, _vec(q))
        return np.triu(M) + np.triu(M, 1).T

    def coriolis_matrix(self, q: Any, qd: Any) -> np.ndarray:
        """C(q, q̇) from ``pin.computeCoriolisMatrix`` (kg·m²/s); Ṁ = C + Cᵀ holds for it."""
        return self.pin.computeCoriolisMatrix(self.model, self.data, _vec(q), _vec(qd)).copy()

    def gravity(self, q: Any) -> np.ndarray:
        """g(q) from ``pin.computeGeneralizedGravity`` (N·m)."""
        return self.pin.computeGeneralizedGravity(self.model, self.data, _vec(q)).copy()

    def bias(self, q: Any, qd: Any) -> np.ndarray:
        """C(q, q̇) q̇ + g(q) from ``pin.nonLinearEffects`` (N·m)."""
        return self.pin.nonLinearEffects(self.model, self.data, _vec(q), _vec(qd)).copy()

    def rnea(self, q: Any, qd: Any, qdd: Any) -> np.ndarray:
        """Inverse dynamics τ = M q̈ + C q̇ + g from ``pin.rnea`` (N·m), no friction."""
        return self.pin.rnea(self.model, self.data, _vec(q), _vec(qd), _vec(qdd)).copy()

    def aba(self, q: Any, qd: Any, tau: Any) -> np.ndarray:
        """Forward dynamics q̈ = M⁻¹(τ − C q̇ − g) from ``pin.aba`` (rad/s²), no friction."""
        return self.pin.aba(self.model, self.data, _vec(q), _vec(qd), _vec(tau)).copy()

    def kinetic_energy(self, q: Any, qd: Any) -> float:
        """T from ``pin.computeKineticEnergy`` (J)."""
        return float(self.pin.computeKineticEnergy(self.model, self.data, _vec(q), _vec(qd)))

    def potential_energy(self, q: Any) -> float:
        """V from ``pin.computePotentialEnergy`` (J), zero with every centre of mass at y = 0."""
        return float(self.pin.computePotentialEnergy(self.model, self.data, _vec(q)))

    def frame_position(self, q: Any) -> np.ndarray:
        """(x, y) of the marked frame (m) after ``pin.framesForwardKinematics``."""
        self.pin.framesForwardKinematics(self.model, self.data, _vec(q))
        return self.data.oMf[self.frame_id].translation[:2].copy()

    def frame_jacobian(self, q: Any) -> np.ndarray:
        """∂(x, y)/∂q of the marked frame (m/rad), shape ``(2, n)``.

        From ``pin.computeJointJacobians`` then ``pin.getFrameJacobian`` in the
        ``LOCAL_WORLD_ALIGNED`` frame (the linear rows are the velocity of the
        frame's origin in world axes).
        """
        pin = self.pin
        pin.computeJointJacobians(self.model, self.data, _vec(q))
        pin.updateFramePlacements(self.model, self.data)
        J = pin.getFrameJacobian(self.model, self.data, self.frame_id, pin.LOCAL_WORLD_ALIGNED)
        return J[:2].copy()

    def total_mass(self) -> float:
        """Sum of the body masses (kg), from ``pin.computeTotalMass``."""
        return float(self.pin.computeTotalMass(self.model))


def arm_model(arm: "TwoLinkArm") -> PinocchioModel:
    """Build the Pinocchio model of a :class:`~course_lib.physics.models.TwoLinkArm`.

    Args:
        arm: the arm; its :attr:`~course_lib.physics.models.TwoLinkArm.params`
            (payload merged into link 2) give the inertias. Friction ``b`` is
            left out (see the module docstring).

    Returns:
        A :class:`PinocchioModel` with ``q = (θ₁, θ₂)`` and a ``"tip"`` frame.
    """
    pin = import_pinocchio()
    p = arm.params
    model = pin.Model()
    model.name = "planar_2r_arm"
    model.gravity = _gravity(pin, p.g)
    joint1 = model.addJoint(0, pin.JointModelRZ(), pin.SE3.Identity(), "shoulder")
    model.appendBodyToJoint(joint1, _rod(pin, p.m1, p.lc1, p.I1), pin.SE3.Identity())
    joint2 = model.addJoint(joint1, pin.JointModelRZ(), _offset(pin, p.l1, 0.0), "elbow")
    model.appendBodyToJoint(joint2, _rod(pin, p.m2, p.lc2, p.I2), pin.SE3.Identity())
    tip = pin.Frame("tip", joint2, _offset(pin, p.l2, 0.0), pin.FrameType.OP_FRAME)
    frame_id = model.addFrame(tip)
    return PinocchioModel(pin=pin, model=model, data=model.createData(), frame_id=frame_id)


def pendulum_model(pendulum: "Pendulum") -> PinocchioModel:
    """Build the Pinocchio model of a :class:`~course_lib.physics.models.Pendulum`.

    Args:
        pendulum: the pendulum (bob mass ``m`` on a massless rod ``l``);
            friction ``b`` is left out.

    Returns:
        A :class:`PinocchioModel` with ``q = (θ,)``, θ from straight down,
        and a ``"bob"`` frame.

    >>> from course_lib import Pendulum
    >>> pendulum_model(Pendulum(m=2.0, l=0.5)).mass_matrix([1.0])
    array([[0.5]])
    """
    pin = import_pinocchio()
    model = pin.Model()
    model.name = "pendulum"
    model.gravity = _gravity(pin, pendulum.g)
    joint = model.addJoint(0, pin.JointModelRZ(), pin.SE3.Identity(), "pivot")
    bob = pin.Inertia(pendulum.m, np.array([0.0, -pendulum.l, 0.0]), np.zeros((3, 3)))
    model.appendBodyToJoint(joint, bob, pin.SE3.Identity())
    marker = pin.Frame("bob", joint, _offset(pin, 0.0, -pendulum.l), pin.FrameType.OP_FRAME)
    frame_id = model.addFrame(marker)
    return PinocchioModel(pin=pin, model=model, data=model.createData(), frame_id=frame_id)


def rk4_trajectory(ref: PinocchioModel, q0: Any, qd0: Any, tau: Any,
                   duration: float, dt: float) -> tuple[np.ndarray, np.ndarray]:
    """Classic RK4 in a Python loop on ``pin.aba``, as in :func:`course_lib.physics.simulate.integrators.rk4_step`.

    A reference for the simulator (same integrator, independent dynamics) and
    the Pinocchio side of the simulation benchmark. Friction is not included.

    Args:
        ref: a :class:`PinocchioModel`.
        q0, qd0: initial state, shape ``(n,)``.
        tau: joint torque held constant (N·m), shape ``(n,)``.
        duration: simulated time (s); ``round(duration / dt)`` steps are taken.
        dt: integration step (s).

    Returns:
        Positions and velocities at every step, each of shape ``(K + 1, n)``.

    >>> from course_lib import Pendulum
    >>> Q, QD = rk4_trajectory(pendulum_model(Pendulum()), [0.1], [0.0], [0.0], 0.01, 1e-3)
    >>> Q.shape, bool(Q[-1, 0] < 0.1)
    ((11, 1), True)
    """
    aba, model, data = ref.pin.aba, ref.model, ref.data
    q, qd, tau = _vec(q0), _vec(qd0), _vec(tau)
    steps = int(round(duration / dt))
    Q = np.empty((steps + 1, q.size))
    QD = np.empty((steps + 1, q.size))
    Q[0], QD[0] = q, qd
    h2, h6 = 0.5 * dt, dt / 6.0
    for k in range(steps):
        a1 = aba(model, data, q, qd, tau)
        v2 = qd + h2 * a1
        a2 = aba(model, data, q + h2 * qd, v2, tau)
        v3 = qd + h2 * a2
        a3 = aba(model, data, q + h2 * v2, v3, tau)
        v4 = qd + dt * a3
        a4 = aba(model, data, q + dt * v3, v4, tau)
        q = q + h6 * (qd + 2.0 * v2 + 2.0 * v3 + v4)
        qd = qd + h6 * (a1 + 2.0 * a2 + 2.0 * a3 + a4)
        Q[k + 1], QD[k + 1] = q, qd
    return Q, QD


def _gravity(pin: Any, g: float) -> Any:
    """Gravity as Pinocchio wants it: a spatial acceleration, linear part (0, −g, 0)."""
    return pin.Motion(np.array([0.0, -float(g), 0.0]), np.zeros(3))


def _offset(pin: Any, x: float, y: float) -> Any:
    """A pure translation (x, y, 0) in the parent frame."""
    return pin.SE3(np.eye(3), np.array([float(x), float(y), 0.0]))


def _rod(pin: Any, mass: float, lc: float, inertia: float) -> Any:
    """A link along +x: mass at (l_c, 0, 0), inertia ``inertia`` about z through it."""
    rotational = np.diag([0.0, float(inertia), float(inertia)])
    return pin.Inertia(float(mass), np.array([float(lc), 0.0, 0.0]), rotational)


def _vec(x: Any) -> np.ndarray:
    """One state as the contiguous float vector Pinocchio's bindings expect."""
    return np.ascontiguousarray(np.atleast_1d(np.asarray(x, dtype=float)))
