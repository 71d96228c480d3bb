"""SimLab: a lab whose state moves in time. Play, pause, step, reset and speed, written once.

The kernel never runs a loop. Play works in chunks:

1. Play sends a quarter of a second of frames (the state sampled every
   ``SAMPLE`` seconds of simulated time), simulated ahead by the lab's
   :class:`~course_lib.physics.simulate.live.LiveSim`; the browser plays them at display rate.
2. When the browser's queue runs low it asks (``need``); the lab answers
   with the next chunk. Every frame sent is kept with its full state.
3. A control moved during Play: the lab rewinds its simulator to the frame
   at the browser's playhead, applies the change, and sends a chunk from
   there that replaces the rest of the queue (``replace_from``).
4. Pause: the lab rewinds to the frame at the playhead and shows it still.

The playhead is the browser's last report plus the wall-clock time since
(``clock``, replaceable by a fake clock in tests) times the speed. Tasks and
the text readouts follow the playhead: each frame is checked when the
browser has shown it, in order, so a task never ticks on a future that a
control change then replaced. Headless, :meth:`SimLab.advance` steps the same
simulator frame by frame and checks the tasks on every frame.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable

import numpy as np

from course_lib.lab import controls
from course_lib.lab.base import Lab
from course_lib.lab.messages import text
from course_lib.lab.release import Release
from course_lib.lab.stream import Frames, Stream
from course_lib.physics.models.base import ManipulatorModel
from course_lib.physics.simulate.live import LiveSim, SimState


class SimLab(Stream, Lab):
    """Base class of the labs that simulate (see the module docstring for how Play works).

    A subclass gives :meth:`values` (channels and readouts of N frames at
    once), builds its scene, declares its controls and tasks, and calls
    :meth:`start`.

    Args:
        model: the system; controls with ``param=`` replace it.
        q0, qd0: the start state (Reset returns here).
        clock: wall-clock seconds, ``time.monotonic`` unless a test fakes it.
        controller: optional ``controller(t, q, qd) -> tau`` (a feedback law; see
            :class:`~course_lib.physics.simulate.live.LiveSim`), sampled every ``control_period`` seconds
            (default every step) and held in between. Its inputs may be the lab's own
            attributes: change them inside :meth:`change` and call
            ``self.live.sample_controller()`` so the frame shown holds the new output.
            Not together with ``torque=`` sliders.
    """

    #: integration step (s)
    dt: float = 1 / 240
    #: simulated time per Step press and per headless frame (s); tasks are checked every frame
    FRAME: float = 1 / 30
    #: simulated time between the frames sent to the browser (s)
    SAMPLE: float = 1 / 60
    #: simulated time per chunk (s): short, so a chunk costs the kernel only a few milliseconds
    CHUNK: float = 0.25
    #: wall seconds of frames the browser keeps queued ahead of its playhead (its Player's lead in scene.js)
    LEAD: float = 1.0
    #: at most this many chunks answer one need
    MAX_CHUNKS: int = 12
    SPEEDS = (("¼×", 0.25), ("½×", 0.5), ("1×", 1.0), ("2×", 2.0))
    #: during Play, the text readouts and the controls bound to a channel (follow=) are rewritten together, from
    #: one frame, at most this often (wall s): a slider moved at every playhead report (10 a second) starved
    #: the browser of animation frames
    FOLLOW_EVERY: float = 0.5
    #: readouts whose least value since the last release the lab keeps (``self.release.least``)
    RELEASE_WATCH: tuple = ()

    def __init__(self, model: ManipulatorModel, q0: Any, qd0: Any, clock: Callable[[], float] = time.monotonic,
                 controller: Callable[[float, np.ndarray, np.ndarray], Any] | None = None,
                 control_period: float | None = None):
        super().__init__()
        self.live = LiveSim(model, q0, qd0, dt=self.dt, controller=controller, control_period=control_period)
        self.q0, self.qd0 = self.live.q, self.live.qd
        self.now: SimState = self.live.snapshot()
        self.clock = clock
        self.playing = False
        self._resume_after_drag = False
        self._queue: list[tuple[SimState, dict[str, float]]] = []  # frames sent, in time order
        self._paused_queue: list[tuple[SimState, dict[str, float]]] = []
        self._anchor = (0.0, 0.0)  # (wall clock, simulated time) of the last playhead report
        self._followed = -math.inf  # wall clock of the last follow during Play
        self._checked = -math.inf  # tasks have been checked up to this time
        self._ranges: dict[tuple[str, str], dict[str, Any]] = {}
        self.release = Release(self.RELEASE_WATCH)  # a hand-set state (drag, state slider, Reset) is a release

    # -- what a lab provides -------------------------------------------------------------------
    def values(self, f: Frames) -> dict[str, Any]:
        """Channels and readouts of the frames ``f``: name -> array (N,) or number."""
        raise NotImplementedError

    def show(self) -> None:
        """Write the text readouts (HTML) from :attr:`readouts`; the scene is updated by the kit."""

    def on_frame(self) -> None:
        """Called for each frame the learner has seen (``self.now``, ``self.readouts``), before the tasks."""

    def autoscale(self, panel: str, axis: str, channels: list[str], initial: tuple[float, float]) -> None:
        """Grow ``panel``'s ``axis`` ("xlim"/"ylim") when ``channels`` leave it; Reset shrinks it back."""
        self._ranges[(panel, axis)] = {"channels": channels, "initial": tuple(initial), "now": tuple(initial)}

    def axis_range(self, panel: str, axis: str) -> tuple[float, float]:
        """The range an autoscaled axis shows now."""
        return self._ranges[(panel, axis)]["now"]

    # -- assembly ---------------------------------------------------------------------------------
    def start(self, scene: Any, below: list = ()) -> None:
        """Attach ``scene``, build the controls and the player, lay out, and show the start state."""
        self.attach_scene(scene)
        scene.on_need(self.guard(self._on_need))
        scene.on_playhead(self.guard(self._on_playhead))
        if not scene.keyboard:  # Space plays and pauses (a scene with keys of its own keeps Space for them)
            scene.play_key = True
            scene.on_key(self.guard(self._on_play_key))
        column = self.build_controls()
        play = self.add_control("play", controls.button(text("play"), "play"), lambda _: self.play())
        step = self.add_control("step", controls.button(text("step"), "step-forward"), lambda _: self.step())
        reset = self.add_control("reset", controls.button(text("reset"), "undo"), lambda _: self.reset())
        speed = self.add_control("speed", controls.dropdown(text("speed"), list(self.SPEEDS), 1.0), self.set_speed)
        import ipywidgets as w

        self.status = w.Label(text("paused"))
        self.layout(column + [w.HBox([play, step, reset]), w.HBox([speed, self.status])], below)
        self.refresh()

    def _on_play_key(self, key: str, phase: str) -> None:
        """Space pressed in the focused scene: the Play/Pause button's path."""
        if key == " " and phase == "down":
            self.play()

    # -- controls ------------------------------------------------------------------------------------
    def control_changed(self, spec: Any, value: Any) -> None:
        """Route a declared control: the integrator, a model parameter, a torque entry, or its ``on=`` method."""
        if getattr(spec, "sim", None) is not None:  # the integrator: "dt" or "method"
            self.change(lambda: self.live.set_step(**{spec.sim: value}))
        elif spec.param is not None:
            self.check_input(**{spec.key: value})
            model = self.live.model.replace(**{spec.param: value})  # checked before anything changes
            self.change(lambda: setattr(self.live, "model", model))
        elif spec.torque is not None:
            self.check_input(**{spec.key: value})
            tau = self.live.tau
            tau[spec.torque] = float(value)
            self.change(lambda: self.live.set_torque(tau))
        else:
            super().control_changed(spec, value)

    def change(self, apply: Callable[[], None]) -> None:
        """Apply a change to the simulation; while playing, from the browser's playhead on."""
        self.show_message("")
        self._paused_queue = []
        if not self.playing:
            self.live.restore(self.now)
            apply()
            self.now = self.live.snapshot()
            self.refresh()
            return
        try:
            index = self._rewind(self.playhead())
            apply()
            del self._queue[index:]
            self._send(include_now=True, replace_from=self.now.t)
        except Exception:
            self.on_error()  # stop Play at the frame shown; the guard says what went wrong
            raise
        self.now = self._queue[index][0]  # the same instant, with the change applied
        self.refresh(scene=False)
        self._followed = self.clock()  # the page shows this frame: the next rewrite a follow period later
        self.describe_scene(force=True)  # a learner's change is described at once, not up to a second later

    # -- the player ----------------------------------------------------------------------------------
    def play(self) -> None:
        """Play, or pause when playing (the Play/Pause button)."""
        if self.playing:
            self.pause()
            return
        self.dragging = None  # Play ends a drag whose release never arrived
        self._paused_queue = []
        self.live.restore(self.now)
        self._queue = []
        self._anchor = (self.clock(), self.now.t)
        self._send(include_now=True, replace_from=self.now.t, seek=True)  # the browser plays from this frame
        self.playing = True
        self.scene.playing = True
        self._show_player()

    def pause(self) -> None:
        """Stop at the frame the browser shows now, and show it still."""
        if not self.playing:
            return
        self._rewind(self.playhead())
        self._paused_queue, self._queue = self._queue, []
        self.playing = False
        self.scene.playing = False
        self._show_player()
        self.refresh()

    def step(self) -> None:
        """Pause, then advance one frame (the Step button)."""
        self.pause()
        self.advance(self.FRAME)

    def reset(self) -> None:
        """Back to the start state at t = 0, traces cleared, every autoscaled axis back to its range."""
        self.pause()
        self.dragging, self._paused_queue = None, []
        self.show_message("")
        self.reset_state()
        for (panel, axis), r in self._ranges.items():
            r["now"] = r["initial"]
            self.scene.set_panel(panel, **{axis: r["initial"]})
        self.scene.restart(self.now.t)  # nothing sent before the Reset is drawn after it (its traces go too)
        self.refresh()

    def set_speed(self, speed: float) -> None:
        """Simulated seconds per wall-clock second."""
        self._anchor = (self.clock(), self.playhead())
        self.scene.speed = float(speed)

    def steps_per(self, seconds: float) -> int:
        """Whole integration steps closest to ``seconds`` (at least one) at the current step."""
        return max(1, int(round(seconds / self.live.dt)))

    def _show_player(self) -> None:
        play = self.controls["play"]
        play.description, play.icon = (text("pause"), "pause") if self.playing else (text("play"), "play")
        self.status.value = text("playing") if self.playing else text("paused")

    def retext(self) -> None:
        """After a language switch: while playing only the texts (the frames already sent play on), else a refresh."""
        if self.playing:
            self.present(describe_now=True)
        else:
            self.refresh()

    # -- the state and what it shows -------------------------------------------------------------------
    def reset_state(self) -> None:
        self.live.reset(self.q0, self.qd0)
        self.now = self.live.snapshot()
        self._checked = -math.inf
        self.release.mark()

    def on_error(self) -> None:
        self.playing = False
        self._queue = []
        if self.scene is not None:
            self.scene.playing = False
        if "play" in self.controls:
            self._show_player()

    def refresh(self, scene: bool = True) -> None:
        """Compute the readouts of ``self.now``, check the tasks, show them (and the scene unless playing)."""
        vals = self._compute([self.now])
        self._visit(self.now, {k: float(v[0]) for k, v in vals.items()})
        if scene:
            self.scene.set_values({c: self.readouts[c] for c in self.scene.channels})
        self.show()
        self.follow_controls()

    def _compute(self, states: list[SimState]) -> dict[str, np.ndarray]:
        with np.errstate(all="ignore"):  # a non-finite value is reported below, in words
            raw = self.values(Frames.of(states))
        vals = {k: np.broadcast_to(np.asarray(v, dtype=float), (len(states),)) for k, v in raw.items()}
        self.check_finite(vals)
        for (panel, axis), r in self._ranges.items():
            lo = min([r["now"][0]] + [float(vals[c].min()) for c in r["channels"]])
            hi = max([r["now"][1]] + [float(vals[c].max()) for c in r["channels"]])
            if (lo, hi) != r["now"]:
                pad = 0.2 * (hi - lo)
                r["now"] = (lo - pad if lo < r["now"][0] else lo, hi + pad if hi > r["now"][1] else hi)
                self.scene.set_panel(panel, **{axis: r["now"]})
        return vals

    def _visit(self, state: SimState, row: dict[str, float]) -> None:
        """The learner sees ``state``: it becomes the lab's state; its readouts and tasks are updated."""
        self.now, self.readouts = state, row
        self.release.visit(row)
        self.on_frame()
        self.tasks.update(self)
        self._checked = state.t

    # -- drags pause the simulation ------------------------------------------------------------------------------
    def _on_drag(self, name: str, phase: str, x: float, y: float) -> None:
        if phase == "start":
            self._resume_after_drag = self.playing
            self.pause()
        try:
            super()._on_drag(name, phase, x, y)
        finally:
            if phase == "end" and self._resume_after_drag:
                self._resume_after_drag = False
                self.play()

    @property
    def t(self) -> float:
        """The time (s) of the state the lab shows."""
        return self.now.t

    @property
    def model(self) -> ManipulatorModel:
        """The model in force at the state the lab shows."""
        return self.now.model

    def put(self, q: Any = None, qd: Any = None) -> None:
        """Place the system at (q, q̇) without showing it (scripts and tests); the next step starts there."""
        self.live.restore(self.now)
        self.live.set_state(self.now.q if q is None else q, self.now.qd if qd is None else qd)
        self.now = self.live.snapshot()

    def set_state(self, q: Any, qd: Any) -> None:
        """Put the system at (q, q̇) by hand (slider or drag), keep t; show it (while playing, from the playhead)."""
        self.release.mark()
        if self.playing:
            self.change(lambda: self.live.set_state(q, qd))
            return
        self._paused_queue = []
        self.live.restore(self.now)
        self.live.set_state(q, qd)
        self.now = self.live.snapshot()
        self.refresh()

    # -- headless ---------------------------------------------------------------------------------------------------
    def advance(self, seconds: float) -> None:
        """Run ``seconds`` of simulated time in frames of ``FRAME`` (tasks checked every frame), then show.

        Time does not pass while a handle is held.

        Raises:
            ValueError: for a negative, infinite or non-numeric duration.
        """
        if not (isinstance(seconds, (int, float)) and math.isfinite(seconds) and seconds >= 0):
            raise ValueError(f"seconds must be a finite number >= 0, got {seconds!r}")
        self.guard(self._advance)(float(seconds))

    def _advance(self, seconds: float) -> None:
        self.pause()
        self._paused_queue = []
        if self.dragging is None:
            self.live.restore(self.now)
            steps = self.steps_per(self.FRAME)
            for _ in range(int(round(seconds / (steps * self.live.dt)))):
                (state,) = self.live.frames(1, steps)
                vals = self._compute([state])
                self._visit(state, {k: float(v[0]) for k, v in vals.items()})
        self.refresh()
