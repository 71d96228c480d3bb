"""Several independent systems simulated as one: the state is their states one after another.

A lab that compares controllers (PD, PD + gravity, computed torque) drives
three copies of the same arm at once. :class:`SideBySide` stacks them into
one :class:`~course_lib.models.base.ManipulatorModel`, so one simulator
(:class:`~course_lib.live.LiveSim`) steps all of them with one RK4 step and
one controller call per sample, and a snapshot holds all of them at one instant.

Physics note: the systems do not touch each other, so M is block-diagonal, C
and g are stacked, the potential energies add, and q̈ of each part is that
part's own forward dynamics.

>>> from course_lib.models import TwoLinkArm
>>> arms = SideBySide((TwoLinkArm(), TwoLinkArm()))
>>> arms.n_dof, float(arms.mass_matrix([0, 0.5, 0, 0.5])[0, 2])
(4, 0.0)
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from course_lib.models.base import ManipulatorModel


class SideBySide(ManipulatorModel):
    """``models`` side by side; q = (q of model 0, q of model 1, …).

    Args:
        models: one or more course models (they may differ).

    Raises:
        ValueError: for an empty sequence or something that is not a course model.
    """

    parameter_names = ("models",)

    def __init__(self, models: Sequence[ManipulatorModel]):
        models = tuple(models)
        if not models or not all(isinstance(m, ManipulatorModel) for m in models):
            raise ValueError(f"models must be one or more course models (ManipulatorModel), got {models!r}")
        self.models = models
        sizes = [m.n_dof for m in models]
        self.n_dof = int(sum(sizes))
        #: where each part's coordinates start and end in q
        self.slices = tuple(slice(a, a + s) for a, s in zip(np.cumsum([0] + sizes[:-1]).tolist(), sizes))
        self.b = np.concatenate([m.b for m in models])
        self._viscous = all(type(m)._friction is ManipulatorModel._friction for m in models)
        self._freeze()

    def parameters(self) -> dict[str, Any]:
        return {"models": self.models}

    def part(self, i: int, x: np.ndarray) -> np.ndarray:
        """The coordinates of part ``i`` in ``x`` (last axis), e.g. ``arms.part(2, q)``."""
        return x[..., self.slices[i]]

    def _blocks(self, q: np.ndarray, matrices: list[np.ndarray]) -> np.ndarray:
        out = np.zeros(q.shape[:-1] + (self.n_dof, self.n_dof))
        for s, m in zip(self.slices, matrices):
            out[..., s, s] = m
        return out

    def _mass_matrix(self, q: np.ndarray) -> np.ndarray:
        return self._blocks(q, [m._mass_matrix(q[..., s]) for m, s in zip(self.models, self.slices)])

    def _coriolis_matrix(self, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
        return self._blocks(q, [m._coriolis_matrix(q[..., s], qd[..., s]) for m, s in zip(self.models, self.slices)])

    def _gravity(self, q: np.ndarray) -> np.ndarray:
        return np.concatenate([m._gravity(q[..., s]) for m, s in zip(self.models, self.slices)], axis=-1)

    def _potential_energy(self, q: np.ndarray) -> np.ndarray:
        return sum(m._potential_energy(q[..., s]) for m, s in zip(self.models, self.slices))

    def _friction(self, qd: np.ndarray) -> np.ndarray:
        if self._viscous:  # every part's friction is b q̇: one product (the simulator asks 4× per step)
            return self.b * qd
        return np.concatenate([m._friction(qd[..., s]) for m, s in zip(self.models, self.slices)], axis=-1)

    def _forward_dynamics_one(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        # each part on its own fast path: the block-diagonal solve is the parts' solves
        return np.concatenate([m._forward_dynamics_one(q[s], qd[s], tau[s])
                               for m, s in zip(self.models, self.slices)])
