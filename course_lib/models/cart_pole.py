"""The cart-pole: two degrees of freedom, one actuator.

A cart of mass M_c slides on a horizontal rail; a pole of length l with a
point mass m at its tip is hinged on the cart. Coordinates q = (x, θ): the
cart position (m) and the pole angle (rad) measured from straight *up*,
positive clockwise toward +x. Only the cart is pushed (force F, N), so the
generalized force is B F with B = (1, 0)ᵀ: rank 1 < 2, underactuated.

    (M_c + m) ẍ + m l cos θ θ̈ − m l sin θ θ̇² = F
    m l cos θ ẍ + m l² θ̈ − m g l sin θ        = 0
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib import _checks
from course_lib.models.base import ManipulatorModel, mat2


class CartPole(ManipulatorModel):
    """Cart-pole with a point mass at the pole tip (θ from straight up).

    Args:
        cart_mass: M_c (kg), > 0.
        pole_mass: m, the point mass at the tip (kg), > 0.
        l: pole length (m), > 0.
        g: gravitational acceleration (m/s²), >= 0.

    ``forward_dynamics`` and ``inverse_dynamics`` work with the generalized
    force Q = (F, 0); :meth:`input_matrix` gives B and
    :meth:`forward_dynamics_from_force` takes the cart force F directly.

    >>> cp = CartPole()
    >>> cp.forward_dynamics_from_force([0.0, 0.1], [0.0, 0.0], 0.0).round(3)
    array([-0.291,  1.587])
    """

    n_dof = 2
    parameter_names = ("cart_mass", "pole_mass", "l", "g")

    def __init__(self, cart_mass: float = 1.0, pole_mass: float = 0.3, l: float = 0.8, g: float = 9.81):
        self.cart_mass = _checks.positive("cart_mass", cart_mass)
        self.pole_mass = _checks.positive("pole_mass", pole_mass)
        self.l = _checks.positive("l", l)
        self.g = _checks.non_negative("g", g)
        self.b = np.zeros(2)
        self._freeze()

    def __repr__(self) -> str:
        return f"CartPole(cart_mass={self.cart_mass}, pole_mass={self.pole_mass}, l={self.l}, g={self.g})"

    @staticmethod
    def input_matrix() -> np.ndarray:
        """B = (1, 0)ᵀ: the force acts on the cart, nothing turns the pole directly."""
        return np.array([[1.0], [0.0]])

    def _mass_matrix(self, q: np.ndarray) -> np.ndarray:
        # M = [[M_c + m, m l cos θ], [m l cos θ, m l²]] (kg, kg·m, kg·m²)
        m, l = self.pole_mass, self.l
        m12 = m * l * np.cos(q[..., 1])
        return mat2(self.cart_mass + m, m12, m12, m * l**2)

    def _coriolis_matrix(self, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
        # Christoffel form C = [[0, −m l sin θ θ̇], [0, 0]]: the swinging pole drags the cart.
        c12 = -self.pole_mass * self.l * np.sin(q[..., 1]) * qd[..., 1]
        return mat2(0.0, c12, 0.0, 0.0)

    def _gravity(self, q: np.ndarray) -> np.ndarray:
        # g = ∂V/∂q = (0, −m g l sin θ) (N, N·m): gravity tips the pole over.
        out = np.zeros(q.shape)
        out[..., 1] = -self.pole_mass * self.g * self.l * np.sin(q[..., 1])
        return out

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
