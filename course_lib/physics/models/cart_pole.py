"""The cart-pole: two degrees of freedom, one actuator.

A cart of mass M_c slides on a horizontal rail; a pole of length l with a
point mass m at its tip is hinged on the cart. Coordinates q = (x, θ): the
cart position (m) and the pole angle (rad) measured from straight *up*,
positive clockwise toward +x. Only the cart is pushed (force F, N), so the
generalized force is B F with B = (1, 0)ᵀ: rank 1 < 2, underactuated.

    (M_c + m) ẍ + m l cos θ θ̈ − m l sin θ θ̇² = F
    m l cos θ ẍ + m l² θ̈ − m g l sin θ        = 0

Optional end stops at x = ±rail: when the cart reaches one it stops dead.
The stop's impulse acts on x only, so the pole's generalized momentum
p_θ = ∂T/∂θ̇ = m l cos θ ẋ + m l² θ̇ is the same just before and just after
(:meth:`CartPole.impact`).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from course_lib.physics import _checks
from course_lib.physics.models.base import ManipulatorModel, mat2


class CartPole(ManipulatorModel):
    """Cart-pole with a point mass at the pole tip (θ from straight up).

    Args:
        cart_mass: M_c (kg), > 0.
        pole_mass: m, the point mass at the tip (kg), > 0.
        l: pole length (m), > 0.
        g: gravitational acceleration (m/s²), >= 0.
        rail: half-length of the rail (m), > 0: end stops at x = ±rail; None
            (the default) for an endless rail.

    ``forward_dynamics`` and ``inverse_dynamics`` work with the generalized
    force Q = (F, 0); :meth:`input_matrix` gives B and
    :meth:`forward_dynamics_from_force` takes the cart force F directly.

    >>> cp = CartPole()
    >>> cp.forward_dynamics_from_force([0.0, 0.1], [0.0, 0.0], 0.0).round(3)
    array([-0.291,  1.587])
    """

    n_dof = 2
    parameter_names = ("cart_mass", "pole_mass", "l", "g", "rail")

    def __init__(self, cart_mass: float = 1.0, pole_mass: float = 0.3, l: float = 0.8, g: float = 9.81,
                 rail: float | None = None):
        self.cart_mass = _checks.positive("cart_mass", cart_mass)
        self.pole_mass = _checks.positive("pole_mass", pole_mass)
        self.l = _checks.positive("l", l)
        self.g = _checks.non_negative("g", g)
        self.rail = None if rail is None else _checks.positive("rail", rail)
        self.b = np.zeros(2)
        self._freeze()

    def __repr__(self) -> str:
        rail = "" if self.rail is None else f", rail={self.rail}"
        return f"CartPole(cart_mass={self.cart_mass}, pole_mass={self.pole_mass}, l={self.l}, g={self.g}{rail})"

    @staticmethod
    def input_matrix() -> np.ndarray:
        """B = (1, 0)ᵀ: the force acts on the cart, nothing turns the pole directly."""
        return np.array([[1.0], [0.0]])

    # Each entry is written once, for arrays (lib=np) and for the plain floats of a simulation step (lib=math).
    def _mass_entries(self, theta: Any, lib: Any = np) -> tuple[Any, Any, Any]:
        # M = [[M_c + m, m l cos θ], [m l cos θ, m l²]] (kg, kg·m, kg·m²)
        m, l = self.pole_mass, self.l
        return self.cart_mass + m, m * l * lib.cos(theta), m * l**2

    def _coriolis_entry(self, theta: Any, theta_dot: Any, lib: Any = np) -> Any:
        # Christoffel form C = [[0, −m l sin θ θ̇], [0, 0]]: the swinging pole drags the cart.
        return -self.pole_mass * self.l * lib.sin(theta) * theta_dot

    def _gravity_entry(self, theta: Any, lib: Any = np) -> Any:
        # g = ∂V/∂q = (0, −m g l sin θ) (N, N·m): gravity tips the pole over.
        return -self.pole_mass * self.g * self.l * lib.sin(theta)

    def _mass_matrix(self, q: np.ndarray) -> np.ndarray:
        m11, m12, m22 = self._mass_entries(q[..., 1])
        return mat2(m11, m12, m12, m22)

    def _coriolis_matrix(self, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
        return mat2(0.0, self._coriolis_entry(q[..., 1], qd[..., 1]), 0.0, 0.0)

    def _gravity(self, q: np.ndarray) -> np.ndarray:
        out = np.zeros(q.shape)
        out[..., 1] = self._gravity_entry(q[..., 1])
        return out

    def _forward_dynamics_one(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        # One state, as in a simulation loop: the entries above on plain floats and a 2×2 solve by
        # Cramer's rule, several times faster than small numpy arrays.
        theta, (xd, thd), (f1, f2) = float(q[1]), qd.tolist(), tau.tolist()
        m11, m12, m22 = self._mass_entries(theta, math)
        b1, b2 = self.b.tolist()
        r1 = f1 - self._coriolis_entry(theta, thd, math) * thd - b1 * xd
        r2 = f2 - self._gravity_entry(theta, math) - b2 * thd
        det = m11 * m22 - m12 * m12
        return np.array(((m22 * r1 - m12 * r2) / det, (m11 * r2 - m12 * r1) / det))

    def _potential_energy(self, q: np.ndarray) -> np.ndarray:
        # V = m g l cos θ (J), measured from the height of the hinge.
        return self.pole_mass * self.g * self.l * np.cos(q[..., 1])

    def forward_dynamics_from_force(self, q: Any, qd: Any, force: Any) -> np.ndarray:
        """q̈ under a cart force F (N): ``forward_dynamics(q, qd, B F)``."""
        if np.ndim(force) > 1:
            raise ValueError(f"force must be a number or a 1-D batch of numbers, got shape {np.shape(force)}")
        f = _checks.states("force", np.reshape(force, (-1, 1)), 1)[:, 0]
        if np.ndim(force) == 0:
            f = f[0]
        tau = np.stack([f, np.zeros_like(f)], -1)
        return self.forward_dynamics(q, qd, tau)

    def pole_tip(self, q: Any) -> np.ndarray:
        """Pole-tip position (x + l sin θ, l cos θ) in metres, shape ``(2,)`` or ``(N, 2)``."""
        q = self._q(q)
        return np.stack([q[..., 0] + self.l * np.sin(q[..., 1]), self.l * np.cos(q[..., 1])], -1)

    # -- underactuation: what one force can and cannot do -------------------------------------------------
    def reachable_line(self, q: Any, qd: Any) -> tuple[np.ndarray, np.ndarray]:
        """The accelerations (ẍ, θ̈) reachable at a state as F varies: the line a + F d.

        Args:
            q, qd: a state, shape ``(2,)``, or a batch ``(N, 2)`` (m, rad; m/s, rad/s).

        Returns:
            ``(a, d)``: q̈ at F = 0 (m/s², rad/s²) and M⁻¹ B, the change of q̈ per
            newton; each of the state's shape. The line's slope dθ̈/dẍ is d[1]/d[0] = −cos θ / l.

        Physics note: the second row of M q̈ + C q̇ + g = B F has no F, so every
        reachable q̈ satisfies l θ̈ + cos θ ẍ = g sin θ: a line, which misses
        (0, 0) whenever sin θ ≠ 0.

        >>> a, d = CartPole().reachable_line([0.0, 0.0], [0.0, 0.0])
        >>> round(float(d[1] / d[0]), 4)  # −cos 0 / 0.8
        -1.25
        """
        q, qd = self._q_qd(q, qd)
        a = self._forward_dynamics(q, qd, np.zeros(q.shape))
        rhs = np.broadcast_to(self.input_matrix()[:, 0], q.shape)[..., None]
        return a, np.linalg.solve(self._mass_matrix(q), rhs)[..., 0]

    def momentum(self, q: Any, qd: Any) -> np.ndarray:
        """Generalized momenta p = ∂T/∂q̇ = M(q) q̇: (p_x, p_θ) in (kg·m/s, kg·m²/s)."""
        q, qd = self._q_qd(q, qd)
        return np.matmul(self._mass_matrix(q), qd[..., None])[..., 0]

    # -- impulses: the end stops and a kick ---------------------------------------------------------------
    def impact(self, q: np.ndarray, qd: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
        """The end stops: the state after the cart hits one, or None when it does not.

        The simulator calls this after every step. A cart beyond x = ±rail, or at
        a stop and moving into it, is put back at the stop with ẋ = 0. The stop
        pushes on the cart only, so its impulse is (J, 0): p_θ = m l cos θ ẋ +
        m l² θ̇ is unchanged, which gives θ̇⁺ = θ̇⁻ + cos θ ẋ⁻ / l (the pole swings
        on, faster, as the cart stops under it).

        Args:
            q, qd: one state, float arrays ``(2,)``.

        Returns:
            ``(q⁺, q̇⁺)``, or None (no rail, or the cart is inside it).

        >>> cp = CartPole(rail=1.5)
        >>> q, qd = cp.impact(np.array([1.52, 0.0]), np.array([2.0, 0.0]))
        >>> q.tolist(), qd.round(3).tolist()  # θ̇⁺ = 0 + cos 0 · 2.0 / 0.8
        ([1.5, 0.0], [0.0, 2.5])
        """
        if self.rail is None:
            return None
        x, xd = float(q[0]), float(qd[0])
        beyond = abs(x) > self.rail
        into = abs(x) >= self.rail and x * xd > 0.0
        if not (beyond or into):
            return None
        theta_dot = float(qd[1]) + np.cos(float(q[1])) * xd / self.l
        if not into:  # beyond the stop but already moving back: only put it back on the rail
            theta_dot, xd_after = float(qd[1]), xd
        else:
            xd_after = 0.0
        return np.array([np.copysign(self.rail, x), float(q[1])]), np.array([xd_after, theta_dot])

    def tip_impulse(self, q: Any, qd: Any, impulse: float) -> np.ndarray:
        """Velocities just after a horizontal impulse (N·s) at the pole tip (a kick), q̇⁺ = q̇ + M⁻¹ Jᵀ impulse.

        J = (1, l cos θ) is the tip's horizontal velocity per (ẋ, θ̇). At θ = 0 the
        cart does not move: the massless rod carries no sideways impulse.

        >>> CartPole().tip_impulse([0.0, 0.0], [0.0, 0.0], 0.3).round(3).tolist()
        [0.0, 1.25]
        """
        q, qd = self._q_qd(q, qd)
        if q.ndim != 1:
            raise ValueError(f"tip_impulse takes one state of shape (2,), got shape {q.shape}")
        impulse = _checks.finite("impulse", impulse)
        jac = np.array([1.0, self.l * np.cos(q[1])])
        return qd + np.linalg.solve(self._mass_matrix(q), jac * impulse)

    # -- linearization --------------------------------------------------------------------------------------
    def equilibrium_error(self, q: Any) -> float:
        """|g(q)| (N·m) at rest with F = 0: zero at an equilibrium (θ = 0 up or θ = π down, any x)."""
        return float(np.abs(self.gravity(q)).max())

    def linearize(self, q_eq: Any = (0.0, 0.0)) -> tuple[np.ndarray, np.ndarray]:
        """A, B of ż = A z + B F about the equilibrium q_eq at rest, F = 0; z = (x, θ, ẋ, θ̇) − (q_eq, 0).

        From the model: at rest C q̇ is quadratic in q̇ and drops out, so
        δq̈ = −M⁻¹ (∂g/∂q δq + b δq̇) + M⁻¹ B δF, with ∂g/∂q = [[0, 0], [0, −m g l cos θ]].

        Args:
            q_eq: the equilibrium (m, rad): θ = 0 (upright) or π (hanging), any x.

        Returns:
            A ``(4, 4)`` and B ``(4, 1)``.

        Raises:
            ValueError: when q_eq is not an equilibrium (gravity would move it).

        >>> A, B = CartPole().linearize()
        >>> A[3, 1].round(3), B[2, 0].round(3)  # θ̈ per rad of tilt, ẍ per newton
        (np.float64(15.941), np.float64(1.0))
        """
        q = self._q(q_eq, "q_eq")
        if q.ndim != 1:
            raise ValueError(f"q_eq must be one state (x, θ), got shape {q.shape}")
        if self.equilibrium_error(q) > 1e-9 * self.pole_mass * self.g * self.l:
            raise ValueError(f"q_eq = ({q[0]:.4g}, {q[1]:.4g}) is not an equilibrium: with F = 0 the pole is "
                             "at rest only at θ = 0 (upright) or θ = π (hanging)")
        M_inv = np.linalg.inv(self._mass_matrix(q))
        dg_dq = np.array([[0.0, 0.0], [0.0, -self.pole_mass * self.g * self.l * np.cos(q[1])]])
        A = np.block([[np.zeros((2, 2)), np.eye(2)], [-M_inv @ dg_dq, -M_inv @ np.diag(self.b)]])
        B = np.vstack([np.zeros((2, 1)), M_inv @ self.input_matrix()])
        return A, B
