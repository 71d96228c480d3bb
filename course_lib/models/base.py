"""What every model of the course shares: the manipulator equation.

Every system in the course obeys

    M(q) q̈ + C(q, q̇) q̇ + g(q) + b q̇ = τ

with M the mass matrix, C the Coriolis/centrifugal matrix (Christoffel form),
g the gravity torques and b q̇ viscous joint friction. A model supplies M, C, g
and the potential energy V; this base class builds everything else from them,
so a formula lives in one place.

Shapes: a single state is ``q`` of shape ``(n,)``; a batch is ``(N, n)``.
Matrices come back as ``(n, n)`` or ``(N, n, n)``, vectors as ``(n,)`` or
``(N, n)``, energies as a float or ``(N,)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib import _checks


class ManipulatorModel:
    """Base class: forward/inverse dynamics and energy from M, C, g and V.

    Subclasses set ``n_dof`` and ``b`` (viscous friction, N·m·s/rad per joint,
    shape ``(n_dof,)``) and implement :meth:`mass_matrix`,
    :meth:`coriolis_matrix`, :meth:`gravity` and :meth:`potential_energy`.
    """

    n_dof: int = 0
    b: np.ndarray

    # -- to be provided by each model ------------------------------------
    def mass_matrix(self, q: Any) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def coriolis_matrix(self, q: Any, qd: Any) -> np.ndarray:  # pragma: no cover
        raise NotImplementedError

    def gravity(self, q: Any) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def potential_energy(self, q: Any) -> np.ndarray | float:  # pragma: no cover
        raise NotImplementedError

    # -- input handling ----------------------------------------------------
    def _q(self, q: Any, name: str = "q") -> np.ndarray:
        return _checks.states(name, q, self.n_dof)

    def _q_qd(self, q: Any, qd: Any) -> tuple[np.ndarray, np.ndarray]:
        q = self._q(q, "q")
        qd = self._q(qd, "qd")
        q, qd = _checks.matching(("q", "qd"), (q, qd))
        return q, qd

    # -- derived quantities --------------------------------------------------
    def bias(self, q: Any, qd: Any) -> np.ndarray:
        """Bias torques C(q, q̇) q̇ + g(q) (N·m), the part of τ not spent on q̈.

        Friction b q̇ is *not* included (Pinocchio's ``nonLinearEffects`` has the
        same meaning); :meth:`inverse_dynamics` adds it.
        """
        q, qd = self._q_qd(q, qd)
        C = self.coriolis_matrix(q, qd)
        return np.einsum("...ij,...j->...i", C, qd) + self.gravity(q)

    def friction(self, qd: Any) -> np.ndarray:
        """Viscous joint friction torques b q̇ (N·m), opposing the motion."""
        return self.b * self._q(qd, "qd")

    def inverse_dynamics(self, q: Any, qd: Any, qdd: Any) -> np.ndarray:
        """Joint torques τ = M q̈ + C q̇ + g + b q̇ (N·m) that produce q̈.

        This is what Pinocchio calls ``rnea`` (plus friction).
        """
        q, qd = self._q_qd(q, qd)
        qdd = self._q(qdd, "qdd")
        q, qd, qdd = _checks.matching(("q", "qd", "qdd"), (q, qd, qdd))
        M = self.mass_matrix(q)
        return np.einsum("...ij,...j->...i", M, qdd) + self.bias(q, qd) + self.b * qd

    def forward_dynamics(self, q: Any, qd: Any, tau: Any) -> np.ndarray:
        """Joint accelerations q̈ = M⁻¹ (τ − C q̇ − g − b q̇) (rad/s² or m/s²).

        M is symmetric positive definite, so the solve always has a unique
        answer. This is what Pinocchio calls ``aba``.
        """
        q, qd = self._q_qd(q, qd)
        tau = self._q(tau, "tau")
        q, qd, tau = _checks.matching(("q", "qd", "tau"), (q, qd, tau))
        rhs = tau - self.bias(q, qd) - self.b * qd
        return np.linalg.solve(self.mass_matrix(q), rhs[..., None])[..., 0]

    def kinetic_energy(self, q: Any, qd: Any) -> np.ndarray | float:
        """Kinetic energy T = ½ q̇ᵀ M(q) q̇ (J)."""
        q, qd = self._q_qd(q, qd)
        T = 0.5 * np.einsum("...i,...ij,...j->...", qd, self.mass_matrix(q), qd)
        return T if np.ndim(T) else float(T)

    def total_energy(self, q: Any, qd: Any) -> np.ndarray | float:
        """Total mechanical energy E = T + V (J)."""
        E = np.asarray(self.kinetic_energy(q, qd)) + np.asarray(self.potential_energy(q))
        return E if np.ndim(E) else float(E)

    def mass_matrix_derivative(self, q: Any, qd: Any, eps: float = 1e-6) -> np.ndarray:
        """Ṁ = Σₖ ∂M/∂q_k q̇_k by central differences along q̇ (kg·m²/s).

        A numerical reference, independent of :meth:`coriolis_matrix`, used to
        show that Ṁ − 2C is skew-symmetric.
        """
        q, qd = self._q_qd(q, qd)
        return (self.mass_matrix(q + eps * qd) - self.mass_matrix(q - eps * qd)) / (2 * eps)
