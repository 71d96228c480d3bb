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

Usage::

    .venv/bin/python benchmarks/labs.py
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from course_lib.widgets.action_lab import ActionLab  # noqa: E402
from course_lib.widgets.arm_preview import ArmPreviewLab  # noqa: E402
from course_lib.widgets.mass_matrix_lab import MassMatrixLab  # noqa: E402
from course_lib.widgets.arm_sim_lab import ArmSimLab  # noqa: E402
from course_lib.widgets.cart_pole_lab import CartPoleLab  # noqa: E402
from course_lib.widgets.christoffel_lab import ChristoffelLab  # noqa: E402
from course_lib.widgets.operational_space_lab import OperationalSpaceLab  # noqa: E402
from course_lib.widgets.identification_lab import IdentificationLab  # noqa: E402
from course_lib.widgets.pendulum_lab import PendulumLab  # noqa: E402
from course_lib.widgets.rnea_lab import RneaLab  # noqa: E402
from course_lib.widgets.motor_lab import MotorLab  # noqa: E402
from course_lib.widgets.tool_path_lab import ToolPathLab  # noqa: E402

TARGETS_MS = {"update": 20.0, "chunk": 10.0, "first frame after a change": 30.0}
WARMUP = 5
BROWSER_REPORT = ROOT / "reports" / "browser_latency.json"


def _time_ms(actions: list[Any]) -> tuple[np.ndarray, np.ndarray]:
    """Milliseconds per action (wall clock, and CPU time of this process), after untimed warm-up runs.

    An action is a function, or a pair (prepare, act) of which only ``act`` is timed. On a
    machine shared with other work the wall-clock time includes waiting for a core; the
    CPU time does not, so both are reported.
    """
    pairs = [a if isinstance(a, tuple) else (lambda: None, a) for a in actions]
    for prepare, act in pairs[:WARMUP]:
        prepare()
        act()
    wall, cpu = [], []
    for prepare, act in pairs:
        prepare()
        t0, c0 = time.perf_counter(), time.process_time()
        act()
        wall.append((time.perf_counter() - t0) * 1e3)
        cpu.append((time.process_time() - c0) * 1e3)
    return np.array(wall), np.array(cpu)


def _arm_moves(lab: ArmPreviewLab) -> list[Callable[[], None]]:
    moves = []
    for k, a in enumerate(np.linspace(-170, 170, 30)):
        moves.append(lambda a=a: lab.set("theta1", float(a)))
        moves.append(lambda a=a, k=k: lab.set("theta2", float(-a / 2 + k)))
    return moves


def _pendulum_moves(lab: PendulumLab) -> list[Callable[[], None]]:
    moves: list[Callable[[], None]] = []
    moves += [lambda a=a: lab.set("theta", float(a)) for a in np.linspace(-150, 150, 20)]
    moves += [lambda v=v: lab.set("tau", float(v)) for v in np.linspace(-8, 8, 15)]
    moves += [lambda v=v: lab.set("b", float(v)) for v in np.linspace(0, 1.5, 10)]
    moves += [lambda k=k: lab.set("newton", k % 2 == 0) for k in range(5)]
    moves += [lambda: lab.set("step", None) for _ in range(10)]
    return moves


def _mass_matrix_moves(lab: MassMatrixLab) -> list[Callable[[], None]]:
    """Posture sliders, energy slider and drags of the velocity handle (a posture lab: no Play)."""
    moves: list[Callable[[], None]] = []
    moves += [lambda a=a: lab.set("theta2", float(a)) for a in np.linspace(-170, 170, 20)]
    moves += [lambda a=a: lab.set("theta1", float(a)) for a in np.linspace(-170, 170, 10)]
    moves += [lambda v=v: lab.set("E", float(v)) for v in np.linspace(0.2, 0.9, 10)]
    moves += [lambda k=k: lab.drag("qd", 2 * np.cos(k), 2 * np.sin(k), steps=1) for k in range(20)]
    return moves


def _payload_changes(lab: MassMatrixLab) -> list[Callable[[], None]]:
    """The payload slider: the curves over θ₂ are recomputed and sent, then the posture's readouts."""
    return [lambda v=v: lab.set("payload", float(v)) for v in np.tile(np.linspace(0.1, 2.0, 20), 3)]


def _action_moves(lab: ActionLab) -> list[Callable[[], None]]:
    """ε by the slider and by drags of the amber handle: the action, the S point and the dashes' channel."""
    moves: list[Callable[[], None]] = [lambda e=e: lab.set("eps", float(e)) for e in np.linspace(-0.5, 0.5, 30)]

    def drag(e: float) -> None:
        x, y = lab.handles["grab"].position()
        lab.drag("grab", x, y - lab.eps + e, steps=1)
    return moves + [lambda e=e: drag(float(e)) for e in np.linspace(0.4, -0.4, 20)]


def _action_redraws(lab: ActionLab) -> list[Callable[[], None]]:
    """A new mode or system: the true path, 40 dashes, the handle and the S curve are redrawn."""
    return [lambda k=k, s=s: (lab.set("system", s), lab.set("k", k)) for s in ("ball", "pendulum") * 5
            for k in (1, 2, 3, 4, 5)]


def _christoffel_moves(lab: ChristoffelLab) -> list[Callable[[], None]]:
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


def _playing_christoffel() -> tuple[ChristoffelLab, "_Clock"]:
    clock = _Clock()
    lab = ChristoffelLab(qd1=2.0, qd2=-1.0, clock=clock)
    lab.set("play", None)
    return lab, clock


def _christoffel_lab() -> ChristoffelLab:
    lab = ChristoffelLab(theta1=0.0)
    lab.scene.browser_message({"type": "drag", "id": "tip", "phase": "start", "x": 1.4, "y": 0.7})
    return lab


def _operational_moves(lab: OperationalSpaceLab) -> list[Callable[[], None]]:
    """Posture lab: θ₂ through straight and folded postures, θ₁, and moves of the push handle."""
    moves: list[Callable[[], None]] = []
    moves += [lambda a=a: lab.set("theta2", float(a)) for a in np.linspace(-180, 180, 25)]
    moves += [lambda a=a: lab.set("theta1", float(a)) for a in np.linspace(-150, 150, 15)]
    moves += [lambda a=a: lab.scene.browser_message({"type": "drag", "id": "push", "phase": "move",
                                                     "x": float(lab.readout("tx") + 0.5 * np.cos(a)),
                                                     "y": float(lab.readout("ty") + 0.5 * np.sin(a))})
              for a in np.linspace(0.0, 6.0, 20)]
    return moves


def _operational_lab() -> OperationalSpaceLab:
    lab = OperationalSpaceLab()
    lab.scene.browser_message({"type": "drag", "id": "push", "phase": "start", "x": 0.0, "y": 0.0})
    return lab


def _rnea_moves(lab: RneaLab) -> list[Callable[[], None]]:
    """n up and down, q̇ and q̈, Next and Back, and tip drags: each shows a new picture at once (no time)."""
    moves: list[Callable[[], None]] = []
    moves += [lambda v=v: lab.set("n", float(v)) for v in (2, 4, 6, 8, 7, 5, 3, 8)]
    moves += [lambda v=v: lab.set("qd", float(v)) for v in np.linspace(-3, 3, 10)]
    moves += [lambda v=v: lab.set("qdd", float(v)) for v in np.linspace(-10, 10, 10)]
    moves += [lambda: lab.press("next") for _ in range(16)] + [lambda: lab.press("back") for _ in range(6)]
    moves += [lambda a=a: lab.drag("tip", float(np.cos(a)), float(1.0 + np.sin(a)), steps=1)
              for a in np.linspace(0, 3, 10)]
    return moves
def _identification_moves(lab: IdentificationLab) -> list[Callable[[], None]]:
    moves: list[Callable[[], None]] = []
    moves += [lambda k=k: lab.set("excitation", ("rich", "joint1", "slow", "own")[k % 4]) for k in range(12)]
    moves += [lambda v=v: lab.set("sigma", float(v)) for v in np.linspace(0, 2, 15)]
    moves += [lambda v=v: lab.set("theta2", float(v)) for v in np.linspace(-170, 170, 15)]
    moves += [lambda v=v: lab.set("n_samples", float(v)) for v in (60, 61) * 5]
    return moves


def _identification_resamples(lab: IdentificationLab, n: int) -> list[Callable[[], None]]:
    """The lab's "first frame after a change": Resample at 60 samples (simulate, estimate, redraw, tasks)."""
    lab.set("n_samples", 60.0)
    return [lambda: lab.set("resample", None)] * n


class _Clock:
    """A wall clock the benchmark moves by hand, so the playhead is where the script says."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _playing_pendulum() -> tuple[PendulumLab, _Clock]:
    clock = _Clock()
    lab = PendulumLab(theta0=150.0, clock=clock)
    lab.set("b", 0.1)
    lab.set("play", None)
    return lab, clock


def _needs(lab: PendulumLab, clock: _Clock, n: int) -> list[Callable[[], None]]:
    def need() -> None:
        clock.now += lab.CHUNK  # the browser played one chunk, then asks for the next
        t = lab.playhead()
        lab.scene.browser_message({"type": "need", "t": t, "t_last": lab._queue[-1][0].t})
    return [need] * n


def _changes(lab: Any, clock: _Clock, n: int, key: str = "tau",
             span: float = 3.0) -> list[tuple[Callable[[], None], Callable[[], None]]]:
    """``n`` changes of the slider ``key`` (values over ±``span``) during Play, each after 100 ms of playback."""
    values = iter(np.tile(np.linspace(-span, span, 7), n + WARMUP))

    def playback() -> None:  # not timed: 100 ms of playback since the last change, the queue topped up
        clock.now += 0.1
        lab.scene.browser_message({"type": "need", "t": lab.playhead(), "t_last": lab._queue[-1][0].t})

    def change() -> None:  # timed: slider callback, rewind to the playhead, re-simulate, send
        lab.set(key, float(next(values)))
    return [(playback, change)] * n


def _speed(lab: Any, clock: _Clock, seconds: float = 20.0) -> float:
    """Simulated seconds per second of CPU time of a playing lab: ``seconds`` of chunks, channels included."""
    chunks = int(seconds / lab.CHUNK)
    t0 = time.process_time()
    for need in _needs(lab, clock, chunks):
        need()
    return chunks * lab.CHUNK / (time.process_time() - t0)


def _speed_row(lab: str, measure: str, notebook: str, speed: float) -> dict[str, Any]:
    return {"lab": lab, "measure": measure, "notebook": notebook, "n": 1, "kernel_median_ms": None,
            "kernel_p90_ms": None, "target_ms": None, "meets_target": "yes" if speed >= 10 else "NO",
            "speed_x_real_time": speed}


def _arm_sim_moves(lab: ArmSimLab) -> list[Callable[[], None]]:
    moves: list[Callable[[], None]] = []
    moves += [lambda v=v: lab.set("tau1", float(v)) for v in np.linspace(-20, 20, 15)]
    moves += [lambda v=v: lab.set("tau2", float(v)) for v in np.linspace(-8, 8, 10)]
    moves += [lambda v=v: lab.set("b", float(v)) for v in np.linspace(0, 1.5, 10)]
    moves += [lambda k=k: lab.set("gravity", k % 2 == 1) for k in range(4)]
    moves += [lambda k=k: lab.set("drop_c", k % 2 == 0) for k in range(4)]
    moves += [lambda: lab.set("step", None) for _ in range(10)]
    return moves


def _playing_arm() -> tuple[ArmSimLab, _Clock]:
    """The 2R simulator playing at h = 1 ms with RK4 (its default), from its default posture."""
    clock = _Clock()
    lab = ArmSimLab(clock=clock)
    assert lab.live.dt == 0.001 and lab.live.method == "rk4", "the speed row is labelled RK4 at h = 1 ms"
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
        ("arm_preview", "update", "00_start_here.ipynb", _arm_moves(arm)),
        ("rnea", "first frame after a change", "10_recursive_dynamics.ipynb", _rnea_moves(RneaLab())),
        ("pendulum", "update", "02_pendulum.ipynb", _pendulum_moves(pend)),
        ("action", "update", "01_action_principle.ipynb", _action_moves(act)),
        # a lab without time: the first frame after a change is the control's callback up to the values sent
        ("action", "first frame after a change", "01_action_principle.ipynb", _action_redraws(act_redraw)),
        ("pendulum", "chunk", "02_pendulum.ipynb", _needs(lab_n, clock_n, 60)),
        ("pendulum", "first frame after a change", "02_pendulum.ipynb", _changes(lab_c, clock_c, 60)),
        ("mass_matrix", "update", "05_mass_matrix.ipynb", _mass_matrix_moves(mass)),
        ("mass_matrix", "first frame after a change", "05_mass_matrix.ipynb", _payload_changes(mass_payload)),
        ("arm_sim", "update", "03_two_link_arm.ipynb", _arm_sim_moves(arm_sim)),
        ("arm_sim", "chunk", "03_two_link_arm.ipynb", _needs(arm_n, arm_clock_n, 60)),
        ("arm_sim", "first frame after a change", "03_two_link_arm.ipynb", _changes(arm_c, arm_clock_c, 60, key="tau1", span=10.0)),
        ("christoffel", "first frame after a change", "06_coriolis_christoffel.ipynb",
         _christoffel_moves(_christoffel_lab())),
        ("christoffel", "chunk", "06_coriolis_christoffel.ipynb", _needs(*_playing_christoffel(), 60)),
        ("operational_space", "first frame after a change", "07_operational_space_inertia.ipynb",
         _operational_moves(_operational_lab())),
        ("identification", "update", "09_identification.ipynb", _identification_moves(IdentificationLab())),
        ("identification", "first frame after a change", "09_identification.ipynb",
         _identification_resamples(IdentificationLab(), 60)),
    ]
    rows = _rows(cases)
    rows += _rows(cart_pole_cases())
    rows += _rows(motor_cases())
    kicked, kicked_clock = _playing_cart_pole(auto=True)
    kicked.set("kick", None)
    rows += [
        _speed_row("pendulum", "simulation speed (× real time)", "02_pendulum.ipynb", _speed(*_playing_pendulum())),
        _speed_row("arm_sim", "simulation speed (× real time), RK4 h = 1 ms", "03_two_link_arm.ipynb",
                   _speed(*_playing_arm())),
        _speed_row("cart_pole", "Auto-balance simulation speed (× real time)", "04_cart_pole.ipynb",
                   _speed(kicked, kicked_clock)),
        _speed_row("motors", "simulation speed (× real time), Coulomb on, swinging", "11_motors_friction.ipynb",
                   _speed(*_playing_motors())),
    ]
    rows += _rows(tool_path_cases())
    rows += tool_path_speed_rows()
    rows += _rows(computed_torque_cases())
    rows += computed_torque_speed_rows()
    return rows


def _rows(cases: list) -> list[dict[str, Any]]:
    rows = []
    for name, measure, notebook, actions in cases:
        ms, cpu = _time_ms(actions)
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


def _playing_cart_pole(auto: bool) -> tuple[CartPoleLab, _Clock]:
    clock = _Clock()
    lab = CartPoleLab(theta0=10.0, clock=clock)
    lab.set("auto", auto)
    lab.set("play", None)
    return lab, clock


def _pushes(lab: CartPoleLab, clock: _Clock, n: int) -> list[tuple[Callable[[], None], Callable[[], None]]]:
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
            ("cart_pole", "chunk", "04_cart_pole.ipynb", _needs(lab_n, clock_n, 60)),
            ("cart_pole", "first frame after a change", "04_cart_pole.ipynb", _pushes(lab_p, clock_p, 60))]


def _playing_motors() -> tuple[MotorLab, "_Clock"]:
    """The motor lab playing from its default posture: gravity on, F_s = 1 N·m, the arm swinging down."""
    clock = _Clock()
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
            ("motors", "chunk", "11_motors_friction.ipynb", _needs(lab_n, clock_n, 60)),
            ("motors", "first frame after a change", "11_motors_friction.ipynb",
             _changes(lab_c, clock_c, 60, key="tau1", span=10.0))]


def _playing_tool_path(task_space: bool = False) -> tuple[ToolPathLab, _Clock]:
    """The tool-path lab playing its default circle (three arms, or four with task-space CT)."""
    clock = _Clock()
    lab = ToolPathLab(clock=clock)
    lab.set("task_space", task_space)
    lab.set("play", None)
    return lab, clock


def _tool_path_changes(lab: ToolPathLab, clock: _Clock, n: int) -> list[tuple[Callable[[], None], Callable[[], None]]]:
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
            ("tool_path", "chunk", "08_computed_torque.ipynb", _needs(*_playing_tool_path(), 30)),
            ("tool_path (+ task-space CT)", "first frame after a change", "08_computed_torque.ipynb",
             _tool_path_changes(*_playing_tool_path(task_space=True), 30)),
            ("tool_path (+ task-space CT)", "chunk", "08_computed_torque.ipynb",
             _needs(*_playing_tool_path(task_space=True), 30))]


def tool_path_speed_rows() -> list[dict[str, Any]]:
    """Simulated seconds per CPU second of the playing tool-path lab, all its controllers together."""
    return [_speed_row("tool_path", "simulation speed (× real time), 3 arms, RK4 1 ms, 1 kHz control",
                       "08_computed_torque.ipynb", _speed(*_playing_tool_path(), 10.0)),
            _speed_row("tool_path (+ task-space CT)", "simulation speed (× real time), 4 arms, RK4 1 ms, 1 kHz control",
                       "08_computed_torque.ipynb", _speed(*_playing_tool_path(task_space=True), 10.0))]


def _playing_computed_torque() -> tuple[Any, "_Clock"]:
    """Lesson 8's joint-space lab playing, with a 1 kg payload (all three arms moving off the target)."""
    from course_lib.widgets.computed_torque_lab import ComputedTorqueLab

    clock = _Clock()
    lab = ComputedTorqueLab(clock=clock)
    lab.set("payload", 1.0)
    lab.set("play", None)
    return lab, clock


def computed_torque_cases() -> list:
    """The joint-space computed-torque lab: a model-error move during Play (the run restarts at t = 0), and chunks."""
    return [("computed_torque", "first frame after a change", "08_computed_torque.ipynb",
             _changes(*_playing_computed_torque(), 30, key="model_error", span=30.0)),
            ("computed_torque", "chunk", "08_computed_torque.ipynb", _needs(*_playing_computed_torque(), 30))]


def computed_torque_speed_rows() -> list[dict[str, Any]]:
    """Simulated seconds per CPU second of the playing joint-space lab, its three controllers together."""
    return [_speed_row("computed_torque", "simulation speed (× real time), 3 arms, RK4 2 ms, 500 Hz control",
                       "08_computed_torque.ipynb", _speed(*_playing_computed_torque(), 10.0))]


if __name__ == "__main__":
    results = lab_benchmarks()
    keys: list[str] = []
    for r in results:
        keys += [k for k in r if k not in keys]
    print(" | ".join(keys))
    for r in results:
        print(" | ".join(f"{r.get(k):.2f}" if isinstance(r.get(k), float) else str(r.get(k, "")) for k in keys))
