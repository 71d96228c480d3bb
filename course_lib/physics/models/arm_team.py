"""Several copies of one arm, side by side and uncoupled, simulated as one system.

A lab that compares controllers runs one arm per controller. Stacking them
into one model with q = (q⁽¹⁾, q⁽²⁾, …) lets one simulator (and one RK4 step)
advance them all together: M is block-diagonal, C and g are the copies' own
stacked, and nothing couples one copy to another, so each copy moves exactly
as it would alone under the same torques.

>>> from course_lib.physics.models import TwoLinkArm
>>> team = ArmTeam(TwoLinkArm(), 3)
>>> team.n_dof, team.mass_matrix(np.zeros(6))[2:4, 0:2].tolist()   # no coupling between copies
(6, [[0.0, 0.0], [0.0, 0.0]])
"""

from __future__ import annotations

import numpy as np

from course_lib.physics.models.base import ManipulatorModel


class ArmTeam(ManipulatorModel):
    """``count`` uncoupled copies of ``arm``; copy i owns joints i·n … i·n + n − 1.

    Args:
        arm: the model copied (any ManipulatorModel); its friction b applies to every copy.
        count: how many copies, an integer >= 1.

    Raises:
        ValueError: for a model that is not a ManipulatorModel or a bad count.
    """

    parameter_names = ("arm", "count")

    def __init__(self, arm: ManipulatorModel, count: int):
        if not isinstance(arm, ManipulatorModel) or isinstance(arm, ArmTeam):
            raise ValueError(f"arm must be one of the course's models (not a team), got {arm!r}")
        if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or count < 1:
            raise ValueError(f"count must be a whole number >= 1, got {count!r}")
        self.arm, self.count = arm, int(count)
        self.n_dof = arm.n_dof * self.count
        self.b = np.tile(arm.b, self.count)
        self._b_list = self.b.tolist()
        self._viscous = type(arm)._friction is ManipulatorModel._friction  # friction b q̇ and nothing else
        self._freeze()

    def __repr__(self) -> str:
        return f"ArmTeam({self.arm!r}, {self.count})"

    def copies(self, x: np.ndarray) -> np.ndarray:
        """Split joint vectors (..., count·n) into (..., count, n): one row per copy."""
        return np.asarray(x).reshape(np.shape(x)[:-1] + (self.count, self.arm.n_dof))

    def _mass_matrix(self, q: np.ndarray) -> np.ndarray:
        n = self.arm.n_dof
        blocks = self.arm._mass_matrix(self.copies(q))  # (..., count, n, n)
        out = np.zeros(q.shape[:-1] + (self.n_dof, self.n_dof))
        for i in range(self.count):
            out[..., i * n:(i + 1) * n, i * n:(i + 1) * n] = blocks[..., i, :, :]
        return out

    def _coriolis_matrix(self, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
        n = self.arm.n_dof
        blocks = self.arm._coriolis_matrix(self.copies(q), self.copies(qd))
        out = np.zeros(q.shape[:-1] + (self.n_dof, self.n_dof))
        for i in range(self.count):
            out[..., i * n:(i + 1) * n, i * n:(i + 1) * n] = blocks[..., i, :, :]
        return out

    def _gravity(self, q: np.ndarray) -> np.ndarray:
        return self.arm._gravity(self.copies(q)).reshape(q.shape)

    def _friction(self, qd: np.ndarray) -> np.ndarray:
        return self.arm._friction(self.copies(qd)).reshape(qd.shape)

    def _potential_energy(self, q: np.ndarray) -> np.ndarray:
        return np.sum(self.arm._potential_energy(self.copies(q)), axis=-1)

    def _forward_dynamics_batch(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        c = self.copies
        return self.arm._forward_dynamics_batch(c(q), c(qd), c(tau)).reshape(q.shape)

    def _forward_dynamics_one(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        return np.array(self.forward_dynamics_list(q.tolist(), qd.tolist(), tau.tolist()))

    def forward_dynamics_list(self, q: list[float], qd: list[float], tau: list[float]) -> list[float]:
        """Each copy on the arm's own list form (closed forms on floats for the 2R arm), one after another."""
        n, one, out = self.arm.n_dof, self.arm.forward_dynamics_list, []
        for i in range(0, self.n_dof, n):
            out += one(q[i:i + n], qd[i:i + n], tau[i:i + n])
        return out

    def friction_list(self, qd: list[float]) -> list[float]:
        if self._viscous:  # b q̇ with the copies' b side by side
            return [b * w for b, w in zip(self._b_list, qd)]
        n, out = self.arm.n_dof, []
        for i in range(0, self.n_dof, n):
            out += self.arm.friction_list(qd[i:i + n])
        return out

    def rk4_step_floats(self, q: list[float], qd: list[float], tau: list[float],
                        h: float) -> tuple[list[float], list[float], float]:
        """Each copy takes its own RK4 step: nothing couples them, so every stage of every joint is the
        one the stacked step computes; the work is the copies' works added."""
        n, step = self.arm.n_dof, self.arm.rk4_step_floats
        q_new, qd_new, work = [], [], 0.0
        for i in range(0, self.n_dof, n):
            a, b, w = step(q[i:i + n], qd[i:i + n], tau[i:i + n], h)
            q_new += a
            qd_new += b
            work += w
        return q_new, qd_new, work

    @property
    def has_float_forms(self) -> bool:
        return self.arm.has_float_forms
