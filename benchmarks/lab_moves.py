"""Scripted control moves of the labs, for the benchmarks' "update" and "first frame after a change" rows.

Each function returns a list of actions (functions of no argument) that move one lab's
controls or handles as a learner would; :func:`benchmarks.lab_timing.time_ms` times them.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from course_lib.lessons.action.lab import ActionLab
from course_lib.lessons.coriolis.lab import ChristoffelLab
from course_lib.lessons.identification.lab import IdentificationLab
from course_lib.lessons.mass_matrix.lab import MassMatrixLab
from course_lib.lessons.operational_space.lab import OperationalSpaceLab
from course_lib.lessons.pendulum.lab import PendulumLab
from course_lib.lessons.recursive_dynamics.lab import RneaLab
from course_lib.lessons.start_here.lab import ArmPreviewLab
from course_lib.lessons.two_link.lab import ArmSimLab


def arm_moves(lab: ArmPreviewLab) -> list[Callable[[], None]]:
    moves = []
    for k, a in enumerate(np.linspace(-170, 170, 30)):
        moves.append(lambda a=a: lab.set("theta1", float(a)))
        moves.append(lambda a=a, k=k: lab.set("theta2", float(-a / 2 + k)))
    return moves


def pendulum_moves(lab: PendulumLab) -> list[Callable[[], None]]:
    moves: list[Callable[[], None]] = []
    moves += [lambda a=a: lab.set("theta", float(a)) for a in np.linspace(-150, 150, 20)]
    moves += [lambda v=v: lab.set("tau", float(v)) for v in np.linspace(-8, 8, 15)]
    moves += [lambda v=v: lab.set("b", float(v)) for v in np.linspace(0, 1.5, 10)]
    moves += [lambda k=k: lab.set("newton", k % 2 == 0) for k in range(5)]
    moves += [lambda: lab.set("step", None) for _ in range(10)]
    return moves


def mass_matrix_moves(lab: MassMatrixLab) -> list[Callable[[], None]]:
    """Posture sliders, energy slider and drags of the velocity handle (a posture lab: no Play)."""
    moves: list[Callable[[], None]] = []
    moves += [lambda a=a: lab.set("theta2", float(a)) for a in np.linspace(-170, 170, 20)]
    moves += [lambda a=a: lab.set("theta1", float(a)) for a in np.linspace(-170, 170, 10)]
    moves += [lambda v=v: lab.set("E", float(v)) for v in np.linspace(0.2, 0.9, 10)]
    moves += [lambda k=k: lab.drag("qd", 2 * np.cos(k), 2 * np.sin(k), steps=1) for k in range(20)]
    return moves


def payload_changes(lab: MassMatrixLab) -> list[Callable[[], None]]:
    """The payload slider: the curves over θ₂ are recomputed and sent, then the posture's readouts."""
    return [lambda v=v: lab.set("payload", float(v)) for v in np.tile(np.linspace(0.1, 2.0, 20), 3)]


def action_moves(lab: ActionLab) -> list[Callable[[], None]]:
    """ε by the slider and by drags of the amber handle: the action, the S point and the dashes' channel."""
    moves: list[Callable[[], None]] = [lambda e=e: lab.set("eps", float(e)) for e in np.linspace(-0.5, 0.5, 30)]

    def drag(e: float) -> None:
        x, y = lab.handles["grab"].position()
        lab.drag("grab", x, y - lab.eps + e, steps=1)
    return moves + [lambda e=e: drag(float(e)) for e in np.linspace(0.4, -0.4, 20)]


def action_redraws(lab: ActionLab) -> list[Callable[[], None]]:
    """A new mode or system: the true path, 40 dashes, the handle and the S curve are redrawn."""
    return [lambda k=k, s=s: (lab.set("system", s), lab.set("k", k)) for s in ("ball", "pendulum") * 5
            for k in (1, 2, 3, 4, 5)]


def christoffel_moves(lab: ChristoffelLab) -> list[Callable[[], None]]:
    """Posture lab: each slider move or drag step is a change whose first (and only) frame is sent at once."""
    moves: list[Callable[[], None]] = []
    moves += [lambda a=a: lab.set("theta2", float(a)) for a in np.linspace(-170, 170, 20)]
    moves += [lambda v=v: lab.set("qd1", float(v)) for v in np.linspace(-5, 5, 15)]
    moves += [lambda v=v: lab.set("qd2", float(v)) for v in np.linspace(-5, 5, 15)]
    moves += [lambda k=k: lab.set("form", ("christoffel", "alternative")[k % 2]) for k in range(6)]
    moves += [lambda a=a: lab.scene.browser_message({"type": "drag", "id": "tip", "phase": "move",
                                                     "x": 1.0 + 0.8 * np.cos(a), "y": 0.8 * np.sin(a)})
              for a in np.linspace(0.2, 2.8, 10)]
    return moves


def christoffel_lab() -> ChristoffelLab:
    lab = ChristoffelLab(theta1=0.0)
    lab.scene.browser_message({"type": "drag", "id": "tip", "phase": "start", "x": 1.4, "y": 0.7})
    return lab


def operational_moves(lab: OperationalSpaceLab) -> list[Callable[[], None]]:
    """Posture lab: θ₂ through straight and folded postures, θ₁, and moves of the push handle."""
    moves: list[Callable[[], None]] = []
    moves += [lambda a=a: lab.set("theta2", float(a)) for a in np.linspace(-180, 180, 25)]
    moves += [lambda a=a: lab.set("theta1", float(a)) for a in np.linspace(-150, 150, 15)]
    moves += [lambda a=a: lab.scene.browser_message({"type": "drag", "id": "push", "phase": "move",
                                                     "x": float(lab.readout("tx") + 0.5 * np.cos(a)),
                                                     "y": float(lab.readout("ty") + 0.5 * np.sin(a))})
              for a in np.linspace(0.0, 6.0, 20)]
    return moves


def operational_lab() -> OperationalSpaceLab:
    lab = OperationalSpaceLab()
    lab.scene.browser_message({"type": "drag", "id": "push", "phase": "start", "x": 0.0, "y": 0.0})
    return lab


def rnea_moves(lab: RneaLab) -> list[Callable[[], None]]:
    """n up and down, q̇ and q̈, Next and Back, and tip drags: each shows a new picture at once (no time)."""
    moves: list[Callable[[], None]] = []
    moves += [lambda v=v: lab.set("n", float(v)) for v in (2, 4, 6, 8, 7, 5, 3, 8)]
    moves += [lambda v=v: lab.set("qd", float(v)) for v in np.linspace(-3, 3, 10)]
    moves += [lambda v=v: lab.set("qdd", float(v)) for v in np.linspace(-10, 10, 10)]
    moves += [lambda: lab.press("next") for _ in range(16)] + [lambda: lab.press("back") for _ in range(6)]
    moves += [lambda a=a: lab.drag("tip", float(np.cos(a)), float(1.0 + np.sin(a)), steps=1)
              for a in np.linspace(0, 3, 10)]
    return moves
def identification_moves(lab: IdentificationLab) -> list[Callable[[], None]]:
    moves: list[Callable[[], None]] = []
    moves += [lambda k=k: lab.set("excitation", ("rich", "joint1", "slow", "own")[k % 4]) for k in range(12)]
    moves += [lambda v=v: lab.set("sigma", float(v)) for v in np.linspace(0, 2, 15)]
    moves += [lambda v=v: lab.set("theta2", float(v)) for v in np.linspace(-170, 170, 15)]
    moves += [lambda v=v: lab.set("n_samples", float(v)) for v in (60, 61) * 5]
    return moves


def identification_resamples(lab: IdentificationLab, n: int) -> list[Callable[[], None]]:
    """The lab's "first frame after a change": Resample at 60 samples (simulate, estimate, redraw, tasks)."""
    lab.set("n_samples", 60.0)
    return [lambda: lab.set("resample", None)] * n


def arm_sim_moves(lab: ArmSimLab) -> list[Callable[[], None]]:
    moves: list[Callable[[], None]] = []
    moves += [lambda v=v: lab.set("tau1", float(v)) for v in np.linspace(-20, 20, 15)]
    moves += [lambda v=v: lab.set("tau2", float(v)) for v in np.linspace(-8, 8, 10)]
    moves += [lambda v=v: lab.set("b", float(v)) for v in np.linspace(0, 1.5, 10)]
    moves += [lambda k=k: lab.set("gravity", k % 2 == 1) for k in range(4)]
    moves += [lambda k=k: lab.set("drop_c", k % 2 == 0) for k in range(4)]
    moves += [lambda: lab.set("step", None) for _ in range(10)]
    return moves
