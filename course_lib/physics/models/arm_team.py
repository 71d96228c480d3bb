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

    def _forward_dynamics(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        c = self.copies
        return self.arm._forward_dynamics(c(q), c(qd), c(tau)).reshape(q.shape)

    def _forward_dynamics_one(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        n, one = self.arm.n_dof, self.arm._forward_dynamics_one
        return np.concatenate([one(q[i:i + n], qd[i:i + n], tau[i:i + n]) for i in range(0, self.n_dof, n)])
