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

Models are immutable: a parameter is changed by making a new model with
:meth:`ManipulatorModel.replace`, which checks the new values exactly as the
constructor does. A lab's slider therefore swaps in a new, valid model and
can never leave a half-changed one behind.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from course_lib.physics import _checks


class ManipulatorModel:
    """Base class: forward/inverse dynamics and energy from M, C, g and V.

    Subclasses set ``n_dof`` and ``b`` (viscous friction, N·m·s/rad per joint,
    shape ``(n_dof,)``) and implement :meth:`mass_matrix`,
    :meth:`coriolis_matrix`, :meth:`gravity` and :meth:`potential_energy`.
    """

    n_dof: int = 0
    b: np.ndarray
    #: the constructor's arguments, in order; :meth:`replace` and ``repr`` use them
    parameter_names: tuple[str, ...] = ()
    _frozen: bool = False

    # -- immutability -------------------------------------------------------------
    def _freeze(self) -> None:
        """End of ``__init__``: make arrays read-only and refuse further attribute writes."""
        for value in vars(self).values():
            if isinstance(value, np.ndarray):
                value.setflags(write=False)
        object.__setattr__(self, "_frozen", True)

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen:
            raise AttributeError(
                f"{type(self).__name__} is immutable; make a changed copy with "
                f"model.replace({name}=...) instead of setting {name}"
            )
        object.__setattr__(self, name, value)

    def parameters(self) -> dict[str, Any]:
        """The constructor's arguments that rebuild this model, ``{name: value}``."""
        return {name: _copy(getattr(self, name)) for name in self.parameter_names}

    def replace(self, **changes: Any):
        """A new model with some parameters changed, checked as the constructor checks them.

        Args:
            **changes: constructor arguments, e.g. ``b=0.5`` or ``payload=1.0``.

        Returns:
            A new model of the same class; this one is unchanged.

        Raises:
            ValueError: for a name that is not a parameter (listing the allowed
                ones) or a value the constructor refuses.

        >>> from course_lib.physics.models import Pendulum
        >>> p = Pendulum()
        >>> p.replace(b=0.5).b, p.b
        (array([0.5]), array([0.]))
        """
        unknown = set(changes) - set(self.parameter_names)
        if unknown:
            raise ValueError(
                f"unknown parameter(s) {sorted(unknown)} for {type(self).__name__}; "
                f"allowed: {sorted(self.parameter_names)}"
            )
        kwargs = self.parameters()
        kwargs.update(changes)
        return type(self)(**kwargs)


    # -- to be provided by each model, on inputs already checked ----------
    # The public methods below validate their arguments once and call these.
    def _mass_matrix(self, q: np.ndarray) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def _coriolis_matrix(self, q: np.ndarray, qd: np.ndarray) -> np.ndarray:  # pragma: no cover
        raise NotImplementedError

    def _gravity(self, q: np.ndarray) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def _potential_energy(self, q: np.ndarray) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def impact(self, q: np.ndarray, qd: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
        """An instantaneous event after a time step (an end stop): the state after it, or None.

        The simulator (:class:`~course_lib.physics.simulate.live.LiveSim`, hence also
        :func:`~course_lib.physics.simulate.integrators.simulate`) calls this after every step with one
        state, float arrays ``(n,)``. Most models have no such events: None.
        """
        return None

    # -- the four terms, checked ----------------------------------------------
    def mass_matrix(self, q: Any) -> np.ndarray:
        """M(q), symmetric positive definite; shape ``(n, n)`` or ``(N, n, n)``."""
        return self._mass_matrix(self._q(q))

    def coriolis_matrix(self, q: Any, qd: Any) -> np.ndarray:
        """C(q, q̇) in Christoffel form, so that Ṁ − 2C is skew-symmetric."""
        return self._coriolis_matrix(*self._q_qd(q, qd))

    def gravity(self, q: Any) -> np.ndarray:
        """g(q) = ∂V/∂q, the generalized forces that hold the system still at q."""
        return self._gravity(self._q(q))

    def potential_energy(self, q: Any) -> np.ndarray | float:
        """Potential energy V(q) (J)."""
        return _scalar_if_0d(self._potential_energy(self._q(q)))

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
        return self._bias(*self._q_qd(q, qd))

    def _bias(self, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
        return matvec(self._coriolis_matrix(q, qd), qd) + self._gravity(q)

    def friction(self, qd: Any) -> np.ndarray:
        """Joint friction torques (N·m), opposing the motion: b q̇ unless a model adds more."""
        return self._friction(self._q(qd, "qd"))

    def _friction(self, qd: np.ndarray) -> np.ndarray:
        """Friction on checked rates; the simulator's work ledger counts it (a model with Coulomb
        friction overrides this)."""
        return self.b * qd

    def stop_reversals(self, qd_before: np.ndarray, qd: np.ndarray) -> np.ndarray | None:
        """Rates after a step, for models with Coulomb friction that stop a joint whose rate changed
        sign within the step (the stick–slip rule then decides); None: leave them (the default)."""
        return None

    def straddles_friction_jump(self, qd_before: np.ndarray, qd: np.ndarray) -> bool:
        """True when a step from rates ``qd_before`` to ``qd`` may have crossed a jump of the friction
        torque (Coulomb's sgn q̇ at q̇ = 0); the simulator then books friction's work from the energy
        balance. False for smooth (viscous) friction, the default."""
        return False

    def inverse_dynamics(self, q: Any, qd: Any, qdd: Any) -> np.ndarray:
        """Joint torques τ = M q̈ + C q̇ + g + b q̇ (N·m) that produce q̈.

        This is what Pinocchio calls ``rnea`` (plus friction).
        """
        q, qd = self._q_qd(q, qd)
        qdd = self._q(qdd, "qdd")
        q, qd, qdd = _checks.matching(("q", "qd", "qdd"), (q, qd, qdd))
        M = self._mass_matrix(q)
        return matvec(M, qdd) + self._bias(q, qd) + self.b * qd

    def forward_dynamics(self, q: Any, qd: Any, tau: Any) -> np.ndarray:
        """Joint accelerations q̈ = M⁻¹ (τ − C q̇ − g − b q̇) (rad/s² or m/s²).

        M is symmetric positive definite, so the solve always has a unique
        answer. This is what Pinocchio calls ``aba``.

        Args:
            q, qd, tau: one state ``(n,)`` or a batch ``(N, n)`` (rad or m, per s, N·m or N).

        Returns:
            q̈, the shape of ``q``.

        >>> from course_lib.physics.models import Pendulum
        >>> Pendulum().forward_dynamics([np.pi / 2], [0.0], [0.0])
        array([-9.81])
        """
        q, qd = self._q_qd(q, qd)
        tau = self._q(tau, "tau")
        q, qd, tau = _checks.matching(("q", "qd", "tau"), (q, qd, tau))
        return self._forward_dynamics_one(q, qd, tau) if q.ndim == 1 else self._forward_dynamics(q, qd, tau)

    def _forward_dynamics(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        """q̈ on checked float arrays of any shape: the solve M q̈ = τ − C q̇ − g − friction."""
        rhs = tau - self._bias(q, qd) - self.b * qd
        return np.linalg.solve(self._mass_matrix(q), rhs[..., None])[..., 0]

    def _forward_dynamics_one(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        """q̈ at one state, float arrays ``(n,)`` already checked: the call a time-stepping loop makes
        thousands of times per second. A model may write it on plain floats; by default the solve."""
        return self._forward_dynamics(q, qd, tau)

    def kinetic_energy(self, q: Any, qd: Any) -> np.ndarray | float:
        """Kinetic energy T = ½ q̇ᵀ M(q) q̇ (J)."""
        q, qd = self._q_qd(q, qd)
        return _scalar_if_0d(self._kinetic_energy(q, qd))

    def _kinetic_energy(self, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
        return 0.5 * np.einsum("...i,...ij,...j->...", qd, self._mass_matrix(q), qd)

    def total_energy(self, q: Any, qd: Any) -> np.ndarray | float:
        """Total mechanical energy E = T + V (J)."""
        q, qd = self._q_qd(q, qd)
        return _scalar_if_0d(self._kinetic_energy(q, qd) + self._potential_energy(q))

    def mass_matrix_derivative(self, q: Any, qd: Any, eps: float = 1e-6) -> np.ndarray:
        """Ṁ = Σₖ ∂M/∂q_k q̇_k by central differences along q̇ (kg·m²/s).

        A numerical reference, independent of :meth:`coriolis_matrix`, used to
        show that Ṁ − 2C is skew-symmetric.
        """
        q, qd = self._q_qd(q, qd)
        return derivative_along(self._mass_matrix, q, qd, _checks.positive("eps", eps))


def derivative_along(f: Callable[[np.ndarray], Any], q: np.ndarray, qd: np.ndarray,
                     eps: float = 1e-6) -> np.ndarray:
    """d/dt f(q(t)) = Σₖ ∂f/∂qₖ q̇ₖ by a central difference along q̇ (error O(eps²)).

    The numerical reference for Ṁ used by the tests and the graders.

    >>> rate = derivative_along(lambda q: q[0] ** 2, np.array([3.0]), np.array([2.0]))
    >>> round(float(rate), 6)  # d(q²)/dt = 2 q q̇ = 12
    12.0
    """
    return (np.asarray(f(q + eps * qd), dtype=float) - np.asarray(f(q - eps * qd), dtype=float)) / (2 * eps)


def _copy(value: Any) -> Any:
    return value.copy() if isinstance(value, np.ndarray) else value


def _scalar_if_0d(x: Any) -> np.ndarray | float:
    """Energies of one state come back as a plain float, of a batch as an array."""
    return float(x) if np.ndim(x) == 0 else np.asarray(x)


def matvec(A: np.ndarray, x: np.ndarray) -> np.ndarray:
    """A x for one matrix or a batch of them: shapes (..., n, n) and (..., n)."""
    return np.matmul(A, x[..., None])[..., 0]


def mat2(a: Any, b: Any, c: Any, d: Any) -> np.ndarray:
    """Assemble [[a, b], [c, d]] from entries that may be numbers or arrays of one shape."""
    if np.ndim(a) == np.ndim(b) == np.ndim(c) == np.ndim(d) == 0:  # one state: the fast path
        return np.array([[a, b], [c, d]], dtype=float)
    shape = np.broadcast_shapes(np.shape(a), np.shape(b), np.shape(c), np.shape(d))
    out = np.empty(shape + (2, 2))
    out[..., 0, 0], out[..., 0, 1], out[..., 1, 0], out[..., 1, 1] = a, b, c, d
    return out
