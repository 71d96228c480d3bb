"""The planar two-link (2R) arm, the course's running example.

Conventions: θ₁ is the angle of link 1 above the +x axis (θ₁ = 0 is
horizontal), θ₂ is the elbow angle relative to link 1, both counter-clockwise;
gravity acts along −y.
Link i has length lᵢ, mass mᵢ, centre of mass at distance l_cᵢ from its
joint and moment of inertia Iᵢ about that centre. The course's arm is
l₁ = 1 m, l₂ = 0.8 m, m₁ = 2 kg, m₂ = 1.5 kg, uniform rods (l_c = l/2,
I = m l²/12).

With h = m₂ l₁ l_c₂ sin θ₂ the closed forms are

    M₁₁ = m₁l_c₁² + I₁ + m₂(l₁² + l_c₂² + 2 l₁ l_c₂ cos θ₂) + I₂
    M₁₂ = m₂(l_c₂² + l₁ l_c₂ cos θ₂) + I₂
    M₂₂ = m₂ l_c₂² + I₂
    C   = [[−h θ̇₂, −h(θ̇₁+θ̇₂)], [h θ̇₁, 0]]            (Christoffel form)
    g₁  = (m₁l_c₁ + m₂l₁) g cos θ₁ + m₂ l_c₂ g cos(θ₁+θ₂)
    g₂  = m₂ l_c₂ g cos(θ₁+θ₂)

Each formula lives in one function below written against a math library
``lib`` (``numpy`` for numbers, ``sympy`` for symbols), so the symbolic
derivation in :mod:`course_lib.physics.symbolic` can check the very code the labs run.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from course_lib.physics import _checks
from course_lib.physics.models.base import ManipulatorModel, mat2


class LinkParameters(NamedTuple):
    """Inertial parameters of the 2R arm as the equations use them.

    ``m2, lc2, I2`` already include any tip payload (see
    :meth:`TwoLinkArm.effective_parameters`). Entries may be floats or sympy
    symbols.
    """

    l1: Any
    l2: Any
    m1: Any
    m2: Any
    lc1: Any
    lc2: Any
    I1: Any
    I2: Any
    g: Any


# -- the closed forms, one function each -----------------------------------
def merged_parameters(l1: Any, l2: Any, m1: Any, m2: Any, payload: Any, lc1: Any, lc2: Any, I1: Any, I2: Any,
                      g: Any) -> LinkParameters:
    """The equations' parameters with a tip payload m_p (kg) merged into link 2 (numbers or sympy symbols).

    The payload sits at distance l₂ from joint 2: link 2 becomes a body of mass m₂ + m_p whose centre of
    mass moves toward the tip, with its inertia about the new centre from the parallel-axis theorem.

    >>> merged_parameters(1.0, 0.8, 2.0, 1.5, 0.5, 0.5, 0.4, 1 / 6, 0.08, 9.81).lc2
    0.5
    """
    m2_all = m2 + payload
    lc2_all = (m2 * lc2 + payload * l2) / m2_all
    I2_all = I2 + m2 * (lc2 - lc2_all) ** 2 + payload * (l2 - lc2_all) ** 2
    return LinkParameters(l1, l2, m1, m2_all, lc1, lc2_all, I1, I2_all, g)


def mass_matrix_entries(theta2: Any, p: LinkParameters, lib: Any = np) -> tuple[Any, Any, Any]:
    """(M₁₁, M₁₂, M₂₂) in kg·m²; M depends on the elbow angle θ₂ only."""
    c2 = lib.cos(theta2)
    m11 = p.m1 * p.lc1**2 + p.I1 + p.m2 * (p.l1**2 + p.lc2**2 + 2 * p.l1 * p.lc2 * c2) + p.I2
    m12 = p.m2 * (p.lc2**2 + p.l1 * p.lc2 * c2) + p.I2
    m22 = p.m2 * p.lc2**2 + p.I2
    return m11, m12, m22


def velocity_coupling(theta2: Any, p: LinkParameters, lib: Any = np) -> Any:
    """h = m₂ l₁ l_c₂ sin θ₂ (kg·m²): every entry of C, and every Christoffel symbol, is a multiple of it."""
    return p.m2 * p.l1 * p.lc2 * lib.sin(theta2)


def coriolis_entries(
    theta2: Any, qd1: Any, qd2: Any, p: LinkParameters, form: str = "christoffel", lib: Any = np
) -> tuple[Any, Any, Any, Any]:
    """(C₁₁, C₁₂, C₂₁, C₂₂) in kg·m²/s.

    ``form="christoffel"`` builds C from the Christoffel symbols of M, the
    factorisation for which Ṁ − 2C is skew-symmetric. ``form="alternative"``
    is another matrix with the same product C q̇ that is *not* skew:
    C_b = [[0, −h(2θ̇₁+θ̇₂)], [h θ̇₁, 0]].
    """
    h = velocity_coupling(theta2, p, lib)
    if form == "christoffel":
        return -h * qd2, -h * (qd1 + qd2), h * qd1, 0 * h
    return 0 * h, -h * (2 * qd1 + qd2), h * qd1, 0 * h


def gravity_entries(theta1: Any, theta2: Any, p: LinkParameters, lib: Any = np) -> tuple[Any, Any]:
    """(g₁, g₂) in N·m: each term is a weight times its lever arm about the joint."""
    c12 = lib.cos(theta1 + theta2)
    g1 = (p.m1 * p.lc1 + p.m2 * p.l1) * p.g * lib.cos(theta1) + p.m2 * p.lc2 * p.g * c12
    g2 = p.m2 * p.lc2 * p.g * c12
    return g1, g2


def point_position(theta1: Any, theta2: Any, r1: Any, r2: Any, lib: Any = np) -> tuple[Any, Any]:
    """(x, y) in m of the point reached by going r₁ along link 1, then r₂ along link 2.

    Every point of the arm is one of these: the elbow is (l₁, 0), the tip
    (l₁, l₂), link 1's centre (l_c₁, 0), link 2's centre (l₁, l_c₂).
    """
    t12 = theta1 + theta2
    return r1 * lib.cos(theta1) + r2 * lib.cos(t12), r1 * lib.sin(theta1) + r2 * lib.sin(t12)


def tool_torque_entries(theta1: Any, theta2: Any, l1: Any, l2: Any, fx: Any, fy: Any,
                        lib: Any = np) -> tuple[Any, Any]:
    """(τ₁, τ₂) = Jᵀ h_e in N·m: each joint's share of a force h_e = (f_x, f_y) (N) at the tip is the
    force's moment about that joint, r × h_e with r the lever from the joint to the tip."""
    x1, y1 = point_position(theta1, theta2, l1, l2, lib)
    x2, y2 = point_position(theta1, theta2, 0, l2, lib)
    return x1 * fy - y1 * fx, x2 * fy - y2 * fx


def potential_energy_expr(theta1: Any, theta2: Any, p: LinkParameters, lib: Any = np) -> Any:
    """V = g (m₁ y_c₁ + m₂ y_c₂) in J, zero with the arm horizontal."""
    _, y1 = point_position(theta1, theta2, p.lc1, 0, lib)
    _, y2 = point_position(theta1, theta2, p.l1, p.lc2, lib)
    return p.g * (p.m1 * y1 + p.m2 * y2)


def base_parameter_entries(p: LinkParameters) -> tuple[Any, Any, Any, Any, Any]:
    """The five base parameters (a, b, c, d, e) that torque data can identify.

    a = m₁l_c₁² + I₁ + m₂(l₁² + l_c₂²) + I₂  (kg·m²)
    b = m₂ l₁ l_c₂                          (kg·m²)
    c = m₂ l_c₂² + I₂                        (kg·m²)
    d = m₁ l_c₁ + m₂ l₁                      (kg·m)
    e = m₂ l_c₂                              (kg·m)
    """
    a = p.m1 * p.lc1**2 + p.I1 + p.m2 * (p.l1**2 + p.lc2**2) + p.I2
    return a, p.m2 * p.l1 * p.lc2, p.m2 * p.lc2**2 + p.I2, p.m1 * p.lc1 + p.m2 * p.l1, p.m2 * p.lc2


def regressor_entries(theta1: Any, theta2: Any, qd1: Any, qd2: Any, qdd1: Any, qdd2: Any, g: Any,
                      lib: Any = np) -> tuple[list[Any], list[Any]]:
    """The two rows of Y(q, q̇, q̈), with τ = Y (a, b, c, d, e) in N·m (columns a, b, c in rad/s², d, e in m/s²).

    Read off the closed forms above: a multiplies θ̈₁ in τ₁ only, b every cos θ₂ and
    sin θ₂ term (the coupling through h), c the elbow's own inertia, d and e the
    gravity lever arms.
    """
    c2, s2 = lib.cos(theta2), lib.sin(theta2)
    gc1, gc12 = g * lib.cos(theta1), g * lib.cos(theta1 + theta2)
    row1 = [qdd1, c2 * (2 * qdd1 + qdd2) - s2 * (2 * qd1 * qd2 + qd2**2), qdd2, gc1, gc12]
    row2 = [0 * qdd1, c2 * qdd1 + s2 * qd1**2, qdd1 + qdd2, 0 * qdd1, gc12]
    return row1, row2


CORIOLIS_FORMS = ("christoffel", "alternative")


class TwoLinkArm(ManipulatorModel):
    """The planar 2R arm (θ₁ from the horizontal, θ₂ relative to link 1).

    Args:
        l1, l2: link lengths (m), > 0.
        m1, m2: link masses (kg), > 0.
        payload: point mass at the tip of link 2 (kg), >= 0; it is merged into
            link 2's mass, centre of mass and inertia.
        b: viscous joint friction (N·m·s/rad), a number or one per joint, >= 0.
        g: gravitational acceleration (m/s²) along −y, >= 0.
        lc1, lc2: centre-of-mass distances from each joint (m); default l/2.
        I1, I2: inertias about each centre of mass (kg·m²); default m l²/12.

    Example — the stretched arm held still needs τ = g(q):

    >>> arm = TwoLinkArm()
    >>> arm.gravity([0.0, 0.0]).round(2)
    array([30.41,  5.89])
    >>> arm.mass_matrix([0.3, np.pi / 2]).round(4)
    array([[2.4867, 0.32  ],
           [0.32  , 0.32  ]])
    """

    n_dof = 2
    parameter_names = ("l1", "l2", "m1", "m2", "payload", "b", "g", "lc1", "lc2", "I1", "I2")

    def __init__(
        self,
        l1: float = 1.0,
        l2: float = 0.8,
        m1: float = 2.0,
        m2: float = 1.5,
        payload: float = 0.0,
        b: Any = 0.0,
        g: float = 9.81,
        lc1: float | None = None,
        lc2: float | None = None,
        I1: float | None = None,
        I2: float | None = None,
    ):
        self.l1 = _checks.positive("l1", l1)
        self.l2 = _checks.positive("l2", l2)
        self.m1 = _checks.positive("m1", m1)
        self.m2 = _checks.positive("m2", m2)
        self.payload = _checks.non_negative("payload", payload)
        self.g = _checks.non_negative("g", g)
        self.b = _checks.damping("b", b, 2)
        self.lc1 = _com("lc1", lc1, self.l1)
        self.lc2 = _com("lc2", lc2, self.l2)
        self.I1 = self.m1 * self.l1**2 / 12 if I1 is None else _checks.non_negative("I1", I1)
        self.I2 = self.m2 * self.l2**2 / 12 if I2 is None else _checks.non_negative("I2", I2)
        #: the parameters the equations use, payload merged into link 2
        self.params = self.effective_parameters()
        self._freeze()

    def __repr__(self) -> str:
        b = self.b[0] if self.b[0] == self.b[1] else tuple(self.b)
        return (
            f"TwoLinkArm(l1={self.l1}, l2={self.l2}, m1={self.m1}, m2={self.m2}, "
            f"payload={self.payload}, b={b}, g={self.g})"
        )

    # -- parameters ---------------------------------------------------------
    def effective_parameters(self) -> LinkParameters:
        """Link parameters with the tip payload merged into link 2.

        The payload m_p sits at distance l₂ from joint 2. Link 2 becomes a body
        of mass m₂ + m_p whose centre of mass moves toward the tip, and whose
        inertia about the new centre follows from the parallel-axis theorem.
        """
        return merged_parameters(self.l1, self.l2, self.m1, self.m2, self.payload, self.lc1, self.lc2, self.I1,
                                 self.I2, self.g)

    def with_mass_error(self, delta: float) -> "TwoLinkArm":
        """The arm a controller *believes* in when every mass is off by 1 + δ.

        Masses, payload and inertias are all scaled by 1 + δ (δ > −1); lengths
        stay. This is the "model error" of the computed-torque labs.

        >>> TwoLinkArm().with_mass_error(0.1).m1
        2.2
        """
        delta = _checks.finite("delta", delta)
        if delta <= -1.0:
            raise ValueError(f"delta must be > -1 so that every mass stays positive, got {delta}")
        s = 1.0 + delta
        return self.replace(
            m1=self.m1 * s, m2=self.m2 * s, payload=self.payload * s, I1=self.I1 * s, I2=self.I2 * s
        )

    def base_parameters(self) -> np.ndarray:
        """The five base parameters π = (a, b, c, d, e); see :func:`base_parameter_entries`.

        >>> TwoLinkArm().base_parameters().round(4)
        array([2.4867, 0.6   , 0.32  , 2.5   , 0.6   ])
        """
        return np.array(base_parameter_entries(self.params), dtype=float)

    # -- the manipulator-equation terms --------------------------------------
    def mass_matrix(self, q: Any) -> np.ndarray:
        """M(q) (kg·m²), symmetric positive definite, a function of θ₂ only."""
        return self._mass_matrix(self._q(q))

    def _mass_matrix(self, q: np.ndarray) -> np.ndarray:
        m11, m12, m22 = mass_matrix_entries(q[..., 1], self.params)
        return mat2(m11, m12, m12, m22)

    def coriolis_matrix(self, q: Any, qd: Any, form: str = "christoffel") -> np.ndarray:
        """C(q, q̇) (kg·m²/s) with C q̇ the Coriolis and centrifugal torques.

        Args:
            form: ``"christoffel"`` (default; Ṁ − 2C is skew-symmetric, as in
                Pinocchio's ``computeCoriolisMatrix``) or ``"alternative"``
                (same C q̇, not skew).
        """
        _checks.choice("form", form, CORIOLIS_FORMS)
        return self._coriolis_matrix(*self._q_qd(q, qd), form=form)

    def _coriolis_matrix(self, q: np.ndarray, qd: np.ndarray, form: str = "christoffel") -> np.ndarray:
        return mat2(*coriolis_entries(q[..., 1], qd[..., 0], qd[..., 1], self.params, form))

    def gravity(self, q: Any) -> np.ndarray:
        """g(q) = ∂V/∂q (N·m), the torques that hold the arm still at q."""
        return self._gravity(self._q(q))

    def _gravity(self, q: np.ndarray) -> np.ndarray:
        g1, g2 = gravity_entries(q[..., 0], q[..., 1], self.params)
        out = np.empty(q.shape)
        out[..., 0], out[..., 1] = g1, g2
        return out

    def potential_energy(self, q: Any) -> np.ndarray | float:
        """V(q) (J), zero with both centres of mass at the height of the base."""
        return super().potential_energy(q)

    def _potential_energy(self, q: np.ndarray) -> np.ndarray:
        return potential_energy_expr(q[..., 0], q[..., 1], self.params)

    def regressor(self, q: Any, qd: Any, qdd: Any) -> np.ndarray:
        """Y(q, q̇, q̈), shape ``(2, 5)`` or ``(N, 2, 5)``, with τ_rigid = Y π.

        The rigid-body torques are linear in the base parameters π
        (:meth:`base_parameters`); friction b q̇ is not part of π.
        """
        q, qd = self._q_qd(q, qd)
        qdd = self._q(qdd, "qdd")
        q, qd, qdd = _checks.matching(("q", "qd", "qdd"), (q, qd, qdd))
        row1, row2 = regressor_entries(q[..., 0], q[..., 1], qd[..., 0], qd[..., 1], qdd[..., 0], qdd[..., 1], self.g)
        return np.stack([np.stack(row1, -1), np.stack(row2, -1)], -2)

    # -- kinematics --------------------------------------------------------------
    def joint_positions(self, q: Any) -> np.ndarray:
        """Base, elbow and tip positions (m), shape ``(3, 2)`` or ``(N, 3, 2)``."""
        q = self._q(q)
        elbow = self._point(q, self.l1, 0.0)
        return np.stack([np.zeros_like(elbow), elbow, self._point(q, self.l1, self.l2)], -2)

    def tip(self, q: Any) -> np.ndarray:
        """Tip position (x, y) in metres, shape ``(2,)`` or ``(N, 2)``."""
        return self._point(self._q(q), self.l1, self.l2)

    def jacobian(self, q: Any) -> np.ndarray:
        """Tip Jacobian J = ∂(x, y)/∂(θ₁, θ₂) (m/rad), shape ``(2, 2)`` or ``(N, 2, 2)``.

        Turning joint i swings everything beyond it about that joint, so column
        i is the lever from joint i to the tip turned by 90°. J is singular when
        the arm is stretched or folded (sin θ₂ = 0).
        """
        return self._point_jacobian(self._q(q), self.l1, self.l2)

    def jacobian_derivative(self, q: Any, qd: Any) -> np.ndarray:
        """J̇ = dJ/dt (m/(rad·s)) along the motion, same shape as :meth:`jacobian`.

        Each lever turns at its link's absolute rate (θ̇₁ for link 1, θ̇₁ + θ̇₂
        for link 2), so the turned levers of J turn once more: J̇'s columns are
        the levers scaled by those rates and reversed.
        """
        q, qd = self._q_qd(q, qd)
        qd1, qd12 = qd[..., 0], qd[..., 0] + qd[..., 1]
        col1 = -self._point(q, self.l1 * qd1, self.l2 * qd12)
        col2 = -self._point(q, 0.0 * qd1, self.l2 * qd12)
        return np.stack([col1, col2], -1)

    def com_positions(self, q: Any) -> np.ndarray:
        """Centres of mass of links 1 and 2 (payload merged), shape ``(2, 2)`` or ``(N, 2, 2)``."""
        q = self._q(q)
        p = self.params
        return np.stack([self._point(q, p.lc1, 0.0), self._point(q, p.l1, p.lc2)], -2)

    def com_jacobians(self, q: Any) -> tuple[np.ndarray, np.ndarray]:
        """Linear Jacobians of the two centres of mass (m/rad), each ``(2, 2)`` or ``(N, 2, 2)``.

        Link 1's centre does not move with θ₂, so its second column is zero.
        """
        q = self._q(q)
        p = self.params
        J1 = self._point_jacobian(q, p.lc1, 0.0)
        J1[..., :, 1] = 0.0
        return J1, self._point_jacobian(q, p.l1, p.lc2)

    @staticmethod
    def _point(q: np.ndarray, r1: Any, r2: Any) -> np.ndarray:
        return np.stack(point_position(q[..., 0], q[..., 1], r1, r2), -1)

    @classmethod
    def _point_jacobian(cls, q: np.ndarray, r1: float, r2: float) -> np.ndarray:
        # ∂p/∂θ₁ and ∂p/∂θ₂ are the levers from joints 1 and 2, turned by +90°: (x, y) → (−y, x)
        turn = np.array([[0.0, -1.0], [1.0, 0.0]])
        lever1, lever2 = cls._point(q, r1, r2), cls._point(q, 0.0, r2)
        return np.stack([lever1 @ turn.T, lever2 @ turn.T], -1)


def _com(name: str, value: float | None, length: float) -> float:
    if value is None:
        return length / 2
    x = _checks.non_negative(name, value)
    if x > length:
        raise ValueError(f"{name} must lie on the link, between 0 and {length} m; got {x}")
    return x
