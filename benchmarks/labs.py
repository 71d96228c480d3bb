"""Kernel time of the labs, and the browser's latency when it has been measured.

The labs now send numbers, not pictures: the browser draws. What the kernel
must do fast is measured here, headless, on the real lab objects:

- **update**: one control move while paused (callback, readouts, tasks and
  the values sent to the scene), replayed ≥ 50 times. Target ≤ 20 ms.
- **chunk**: answering the browser's ``need`` with the next chunk of frames
  (simulate, compute channels, pack, send). Target ≤ 10 ms.
- **first frame after a change**: a control moved during Play: rewind to the
  playhead, re-simulate, send the replacing chunk. Target ≤ 30 ms (and
  ≤ 10 ms as a re-simulation chunk).
- **simulation speed**: simulated seconds per second of CPU time of the lab's
  own simulator (RK4 at the lab's step, with the channels computed for every
  frame). Target ≥ 10× real time.

Times are wall clock (median, p90) plus the median CPU time of the kernel's
process, which stays meaningful when other work shares the cores.

If ``reports/browser_latency.json`` exists (written by the browser test), the
end-to-end latencies it measured for the lab's notebook are added to the row.

The clock, the timing and the browser's side of Play are in :mod:`benchmarks.lab_timing`;
the scripted control moves of each lab in :mod:`benchmarks.lab_moves`; here, the playing
labs' set-ups and the rows.

Usage::

    .venv/bin/python benchmarks/labs.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.lab_moves import (  # noqa: E402
    action_moves,
    action_redraws,
    arm_moves,
    arm_sim_moves,
    christoffel_lab,
    christoffel_moves,
    identification_moves,
    identification_resamples,
    mass_matrix_moves,
    operational_lab,
    operational_moves,
    payload_changes,
    pendulum_moves,
    rnea_moves,
)
from benchmarks.lab_timing import WARMUP, Clock, changes, needs, simulation_speed, speed_row, time_ms  # noqa: E402
from course_lib.lessons.action.lab import ActionLab  # noqa: E402
from course_lib.lessons.cart_pole.lab import CartPoleLab  # noqa: E402
from course_lib.lessons.computed_torque.tool_path_lab import ToolPathLab  # noqa: E402
from course_lib.lessons.coriolis.lab import ChristoffelLab  # noqa: E402
from course_lib.lessons.identification.lab import IdentificationLab  # noqa: E402
from course_lib.lessons.mass_matrix.lab import MassMatrixLab  # noqa: E402
from course_lib.lessons.motors.lab import MotorLab  # noqa: E402
from course_lib.lessons.pendulum.lab import PendulumLab  # noqa: E402
from course_lib.lessons.recursive_dynamics.lab import RneaLab  # noqa: E402
from course_lib.lessons.start_here.lab import ArmPreviewLab  # noqa: E402
from course_lib.lessons.two_link.lab import ArmSimLab  # noqa: E402

TARGETS_MS = {"update": 20.0, "chunk": 10.0, "first frame after a change": 30.0}
BROWSER_REPORT = ROOT / "reports" / "browser_latency.json"


def _playing_christoffel() -> tuple[ChristoffelLab, Clock]:
    clock = Clock()
    lab = ChristoffelLab(qd1=2.0, qd2=-1.0, clock=clock)
    lab.set("play", None)
    return lab, clock


def _playing_pendulum() -> tuple[PendulumLab, Clock]:
    clock = Clock()
    lab = PendulumLab(theta0=150.0, clock=clock)
    lab.set("b", 0.1)
    lab.set("play", None)
    return lab, clock


def _playing_arm() -> tuple[ArmSimLab, Clock]:
    """The 2R simulator playing at h = 1 ms with RK4 (its default), from its default posture."""
    clock = Clock()
    lab = ArmSimLab(clock=clock)
    assert lab.live.dt == 0.001 and lab.live.method == "rk4", "the speed row is labelled RK4 at h = 1 ms"
    lab.set("b", 0.05)
    lab.set("play", None)
    return lab, clock


def _playing_arm_at(method: str, dt: float, push: float) -> tuple[ArmSimLab, Clock]:
    """The 2R simulator playing with ``method`` at step ``dt`` (s), its tool pushed by f_x = ``push`` (N)."""
    clock = Clock()
    lab = ArmSimLab(clock=clock)
    lab.set("method", method)
    lab.set("dt", dt)
    lab.set("fx", push)
    lab.set("b", 0.05)
    lab.set("play", None)
    return lab, clock


def _browser_latency(notebook: str) -> dict[str, Any]:
    """Flattened browser latencies for ``notebook`` from the browser test's report, if any."""
    if not BROWSER_REPORT.exists():
        return {}
    try:
        report = json.loads(BROWSER_REPORT.read_text())
    except (OSError, ValueError):
        return {"browser": "unreadable report"}
    out: dict[str, Any] = {}
    for frontend, entry in sorted(report.get(notebook, {}).items()):
        lat = entry.get("latency_ms", {}) if isinstance(entry, dict) else {}
        for stat in ("median", "p90", "n"):
            if stat in lat:
                out[f"browser_{frontend}_{stat}{'' if stat == 'n' else '_ms'}"] = lat[stat]
    return out


def lab_benchmarks() -> list[dict[str, Any]]:
    """One row per lab and measurement: kernel ms (median, p90) against its target.

    Returns:
        Dicts with ``lab``, ``measure``, ``notebook``, ``n``, ``kernel_median_ms``,
        ``kernel_p90_ms``, ``target_ms``, ``meets_target`` and, for control
        moves when the browser report exists, its latencies.
    """
    arm, pend, mass, mass_payload = ArmPreviewLab(), PendulumLab(), MassMatrixLab(), MassMatrixLab()
    act, act_redraw = ActionLab(), ActionLab()
    lab_n, clock_n = _playing_pendulum()
    lab_c, clock_c = _playing_pendulum()
    arm_sim = ArmSimLab()
    arm_n, arm_clock_n = _playing_arm()
    arm_c, arm_clock_c = _playing_arm()
    cases = [
        ("arm_preview", "update", "00_start_here.ipynb", arm_moves(arm)),
        ("rnea", "first frame after a change", "10_recursive_dynamics.ipynb", rnea_moves(RneaLab())),
        ("pendulum", "update", "02_pendulum.ipynb", pendulum_moves(pend)),
        ("action", "update", "01_action_principle.ipynb", action_moves(act)),
        # a lab without time: the first frame after a change is the control's callback up to the values sent
        ("action", "first frame after a change", "01_action_principle.ipynb", action_redraws(act_redraw)),
        ("pendulum", "chunk", "02_pendulum.ipynb", needs(lab_n, clock_n, 60)),
        ("pendulum", "first frame after a change", "02_pendulum.ipynb", changes(lab_c, clock_c, 60)),
        ("mass_matrix", "update", "05_mass_matrix.ipynb", mass_matrix_moves(mass)),
        ("mass_matrix", "first frame after a change", "05_mass_matrix.ipynb", payload_changes(mass_payload)),
        ("arm_sim", "update", "03_two_link_arm.ipynb", arm_sim_moves(arm_sim)),
        ("arm_sim", "chunk", "03_two_link_arm.ipynb", needs(arm_n, arm_clock_n, 60)),
        ("arm_sim", "first frame after a change", "03_two_link_arm.ipynb", changes(arm_c, arm_clock_c, 60, key="tau1", span=10.0)),
        ("christoffel", "first frame after a change", "06_coriolis_christoffel.ipynb",
         christoffel_moves(christoffel_lab())),
        ("christoffel", "chunk", "06_coriolis_christoffel.ipynb", needs(*_playing_christoffel(), 60)),
        ("operational_space", "first frame after a change", "07_operational_space_inertia.ipynb",
         operational_moves(operational_lab())),
        ("identification", "update", "09_identification.ipynb", identification_moves(IdentificationLab())),
        ("identification", "first frame after a change", "09_identification.ipynb",
         identification_resamples(IdentificationLab(), 60)),
    ]
    rows = _rows(cases)
    rows += _rows(cart_pole_cases())
    rows += _rows(motor_cases())
    kicked, kicked_clock = _playing_cart_pole(auto=True)
    kicked.set("kick", None)
    rows += [
        speed_row("pendulum", "simulation speed (× real time)", "02_pendulum.ipynb", simulation_speed(*_playing_pendulum())),
        speed_row("arm_sim", "simulation speed (× real time), RK4 h = 1 ms", "03_two_link_arm.ipynb",
                   simulation_speed(*_playing_arm())),
        # its slowest settings: the finest step, each rule, the tool pushed (Jᵀh_e in every stage)
        speed_row("arm_sim", "simulation speed (× real time), RK4 h = 0.5 ms, tool pushed 10 N", "03_two_link_arm.ipynb",
                  simulation_speed(*_playing_arm_at("rk4", 0.0005, 10.0))),
        speed_row("arm_sim", "simulation speed (× real time), explicit Euler h = 0.5 ms, tool pushed 10 N",
                  "03_two_link_arm.ipynb", simulation_speed(*_playing_arm_at("explicit_euler", 0.0005, 10.0))),
        speed_row("cart_pole", "Auto-balance simulation speed (× real time)", "04_cart_pole.ipynb",
                   simulation_speed(kicked, kicked_clock)),
        speed_row("motors", "simulation speed (× real time), Coulomb on, swinging", "11_motors_friction.ipynb",
                   simulation_speed(*_playing_motors())),
    ]
    rows += _rows(tool_path_cases())
    rows += tool_path_speed_rows()
    rows += _rows(computed_torque_cases())
    rows += computed_torque_speed_rows()
    return rows


def _rows(cases: list) -> list[dict[str, Any]]:
    rows = []
    for name, measure, notebook, actions in cases:
        ms, cpu = time_ms(actions)
        median, p90 = float(np.median(ms)), float(np.percentile(ms, 90))
        target = TARGETS_MS[measure]
        row: dict[str, Any] = {"lab": name, "measure": measure, "notebook": notebook, "n": len(ms),
                               "kernel_median_ms": median, "kernel_p90_ms": p90,
                               "cpu_median_ms": float(np.median(cpu)), "target_ms": target,
                               "meets_target": "yes" if p90 <= target else "NO"}
        if measure == "update":
            row.update(_browser_latency(notebook))
        rows.append(row)
    return rows


def _playing_cart_pole(auto: bool) -> tuple[CartPoleLab, Clock]:
    clock = Clock()
    lab = CartPoleLab(theta0=10.0, clock=clock)
    lab.set("auto", auto)
    lab.set("play", None)
    return lab, clock


def _pushes(lab: CartPoleLab, clock: Clock, n: int) -> list[tuple[Callable[[], None], Callable[[], None]]]:
    """A push button pressed and released during Play: each press or release is a change from the playhead."""
    phases = iter(["down", "up"] * (n + WARMUP))

    def playback() -> None:  # not timed: 100 ms of playback, the queue topped up
        clock.now += 0.1
        lab.scene.browser_message({"type": "need", "t": lab.playhead(), "t_last": lab._queue[-1][0].t})

    def push() -> None:  # timed: the button's message, rewind, re-simulate with the new force, send
        lab.hold("push_right", next(phases))
    return [(playback, push)] * n


def cart_pole_cases() -> list:
    """The cart-pole lab: slider and toggle moves, a chunk with Auto-balance on, a push during Play."""
    lab = CartPoleLab()
    moves: list[Callable[[], None]] = [lambda v=v: lab.set("force", float(v)) for v in np.linspace(-20, 20, 30)]
    moves += [lambda k=k: lab.set("auto", k % 2 == 0) for k in range(10)]
    moves += [lambda: lab.set("step", None) for _ in range(10)]
    lab_n, clock_n = _playing_cart_pole(auto=True)
    lab_p, clock_p = _playing_cart_pole(auto=True)
    return [("cart_pole", "update", "04_cart_pole.ipynb", moves),
            ("cart_pole", "chunk", "04_cart_pole.ipynb", needs(lab_n, clock_n, 60)),
            ("cart_pole", "first frame after a change", "04_cart_pole.ipynb", _pushes(lab_p, clock_p, 60))]


def _playing_motors() -> tuple[MotorLab, Clock]:
    """The motor lab playing from its default posture: gravity on, F_s = 1 N·m, the arm swinging down."""
    clock = Clock()
    lab = MotorLab(clock=clock)
    lab.set("play", None)
    return lab, clock


def motor_cases() -> list:
    """The motor lab: gear and rotor sliders (bars, κ over θ₂), a τ₁ change during Play, chunks."""
    lab = MotorLab()
    moves: list[Callable[[], None]] = [lambda v=v: lab.set("kr1", float(v)) for v in np.linspace(1, 160, 20)]
    moves += [lambda v=v: lab.set("Im2", float(v)) for v in np.linspace(1e-5, 1e-3, 10)]
    moves += [lambda k=k: lab.set("rotors", k % 2 == 1) for k in range(6)]
    lab_n, clock_n = _playing_motors()
    lab_c, clock_c = _playing_motors()
    return [("motors", "update", "11_motors_friction.ipynb", moves),
            ("motors", "chunk", "11_motors_friction.ipynb", needs(lab_n, clock_n, 60)),
            ("motors", "first frame after a change", "11_motors_friction.ipynb",
             changes(lab_c, clock_c, 60, key="tau1", span=10.0))]


def _playing_tool_path(task_space: bool = False) -> tuple[ToolPathLab, Clock]:
    """The tool-path lab playing its default circle (three arms, or four with task-space CT)."""
    clock = Clock()
    lab = ToolPathLab(clock=clock)
    lab.set("task_space", task_space)
    lab.set("play", None)
    return lab, clock


def _tool_path_changes(lab: ToolPathLab, clock: Clock, n: int) -> list[tuple[Callable[[], None], Callable[[], None]]]:
    """``n`` moves of the ωₙ slider during Play (each restarts the run), each after 100 ms of playback."""
    values = iter(np.tile(np.linspace(8.0, 14.0, 7), n + WARMUP))

    def playback() -> None:  # not timed: 100 ms of playback since the last change, the queue topped up
        clock.now += 0.1
        lab.scene.browser_message({"type": "need", "t": lab.playhead(), "t_last": lab._queue[-1][0].t})

    def change() -> None:  # timed: slider callback, new experiment, restart, the first chunk sent
        lab.set("omega_n", float(next(values)))
    return [(playback, change)] * n


def tool_path_cases() -> list:
    """The tool-path lab: an ωₙ move during Play (the run restarts), and chunks, with 3 and 4 arms."""
    return [("tool_path", "first frame after a change", "08_computed_torque.ipynb",
             _tool_path_changes(*_playing_tool_path(), 30)),
            ("tool_path", "chunk", "08_computed_torque.ipynb", needs(*_playing_tool_path(), 30)),
            ("tool_path (+ task-space CT)", "first frame after a change", "08_computed_torque.ipynb",
             _tool_path_changes(*_playing_tool_path(task_space=True), 30)),
            ("tool_path (+ task-space CT)", "chunk", "08_computed_torque.ipynb",
             needs(*_playing_tool_path(task_space=True), 30))]


def tool_path_speed_rows() -> list[dict[str, Any]]:
    """Simulated seconds per CPU second of the playing tool-path lab, all its controllers together."""
    return [speed_row("tool_path", "simulation speed (× real time), 3 arms, RK4 1 ms, 1 kHz control",
                       "08_computed_torque.ipynb", simulation_speed(*_playing_tool_path(), 10.0)),
            speed_row("tool_path (+ task-space CT)", "simulation speed (× real time), 4 arms, RK4 1 ms, 1 kHz control",
                       "08_computed_torque.ipynb", simulation_speed(*_playing_tool_path(task_space=True), 10.0))]


def _playing_computed_torque() -> tuple[Any, Clock]:
    """Lesson 8's joint-space lab playing, with a 1 kg payload (all three arms moving off the target)."""
    from course_lib.lessons.computed_torque.lab import ComputedTorqueLab

    clock = Clock()
    lab = ComputedTorqueLab(clock=clock)
    lab.set("payload", 1.0)
    lab.set("play", None)
    return lab, clock


def computed_torque_cases() -> list:
    """The joint-space computed-torque lab: a model-error move during Play (the run restarts at t = 0), and chunks."""
    return [("computed_torque", "first frame after a change", "08_computed_torque.ipynb",
             changes(*_playing_computed_torque(), 30, key="model_error", span=30.0)),
            ("computed_torque", "chunk", "08_computed_torque.ipynb", needs(*_playing_computed_torque(), 30))]


def computed_torque_speed_rows() -> list[dict[str, Any]]:
    """Simulated seconds per CPU second of the playing joint-space lab, its three controllers together."""
    return [speed_row("computed_torque", "simulation speed (× real time), 3 arms, RK4 2 ms, 500 Hz control",
                       "08_computed_torque.ipynb", simulation_speed(*_playing_computed_torque(), 10.0))]


if __name__ == "__main__":
    results = lab_benchmarks()
    keys: list[str] = []
    for r in results:
        keys += [k for k in r if k not in keys]
    print(" | ".join(keys))
    for r in results:
        print(" | ".join(f"{r.get(k):.2f}" if isinstance(r.get(k), float) else str(r.get(k, "")) for k in keys))
