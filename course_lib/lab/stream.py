"""The stream of frames a playing SimLab sends ahead to the browser, and the playhead that reads them.

Every frame sent is kept with its full state and readouts (``_queue``). The
playhead is the browser's last report plus the wall-clock time since, times
the speed. The learner's state follows the playhead: each frame is visited
(readouts, tasks) once the browser has shown it, in order; a change rewinds
the simulator to the frame shown (:meth:`Stream._rewind`).

What the kernel writes on the page (the text readouts of ``show()``, the sliders bound to a
channel and the scene's description) is written by :meth:`Stream.present`, all at once from
one frame: during Play at most every ``FOLLOW_EVERY`` wall seconds (the description at most
every ``describe.PLAY_EVERY`` s, so it may name a moment up to that much older, but always one
moment), and at once on pause, step, reset and every control change.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from course_lib.physics.models.base import ManipulatorModel
from course_lib.physics.simulate.live import SimState


@dataclasses.dataclass(frozen=True)
class Frames:
    """N states as arrays, what a lab's :meth:`SimLab.values` computes its channels from.

    Attributes:
        t: times (s), shape (N,).
        q, qd, tau: positions, velocities and held torques, shape (N, n).
        work: work done since t = 0 (J), shape (N,).
        model: the model in force (the same for every frame of one chunk).
        work_ext: work of the tool force since t = 0 (J), shape (N,).
        tool_force: the tool force held (N), shape (N, 2); zeros where nothing pushes.
    """

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    tau: np.ndarray
    work: np.ndarray
    model: ManipulatorModel
    work_ext: np.ndarray | None = None
    tool_force: np.ndarray | None = None

    @classmethod
    def of(cls, states: list[SimState]) -> "Frames":
        return cls(np.array([s.t for s in states]), np.array([s.q for s in states]),
                   np.array([s.qd for s in states]), np.array([s.tau for s in states]),
                   np.array([s.work for s in states]), states[-1].model,
                   np.array([s.work_ext for s in states]),
                   np.array([(0.0, 0.0) if s.tool_force is None else s.tool_force for s in states]))


class Stream:
    """Mixin of :class:`~course_lib.lab.simlab.SimLab`: chunks sent, the playhead, catching up with it."""

    live: Any
    scene: Any
    now: SimState
    playing: bool
    _queue: list
    _paused_queue: list
    _anchor: tuple[float, float]
    _checked: float
    _followed: float

    def playhead(self) -> float:
        """Where the browser's playback is now (s of simulated time), within the frames sent."""
        if not self.playing or not self._queue:
            return self.now.t
        wall, t = self._anchor
        estimate = t + (self.clock() - wall) * float(self.scene.speed)
        return min(max(estimate, self._queue[0][0].t), self._queue[-1][0].t)

    # -- chunks ----------------------------------------------------------------------------------------------
    def _send(self, include_now: bool, replace_from: float | None = None, seek: bool = False) -> None:
        steps = self.steps_per(self.SAMPLE)
        count = max(2, int(round(self.CHUNK / (steps * self.live.dt))))
        states = [self.live.snapshot()] if include_now else []
        states += self.live.frames(count - len(states), steps)
        vals = self._compute(states)
        frames = np.column_stack([vals[c] for c in self.scene.channels])
        self.scene.send_chunk(states[0].t, steps * self.live.dt, frames, replace_from=replace_from, seek=seek)
        names = list(vals)
        table = np.column_stack([vals[k] for k in names]).tolist()
        self._queue += [(s, dict(zip(names, row))) for s, row in zip(states, table)]

    def _rewind(self, t: float) -> int:
        """Check the tasks up to the frame shown at ``t``, continue the simulation from it; its index."""
        self._catch_up(t)
        index = max(0, sum(1 for s, _ in self._queue if s.t <= t + 1e-9) - 1)
        if self._queue:
            self.now = self._queue[index][0]
        self.live.restore(self.now)
        return index

    def _catch_up(self, t: float) -> None:
        """Visit (readouts, tasks) every frame sent up to the one shown at ``t``; the page is written by
        :meth:`present`, so that it never mixes two of these frames."""
        for state, row in self._queue:
            if self._checked < state.t <= t + 1e-9:
                self._visit(state, row)

    def present(self, describe_now: bool = False) -> None:
        """Write what the kernel shows on the page from one frame, the last one visited: the text readouts
        (``show()``), the followed sliders and (at most every ``PLAY_EVERY`` s during Play, unless
        ``describe_now``) the scene's description."""
        self.show()
        self.follow_controls()
        self.describe_scene(force=describe_now)

    def _on_need(self, t_playhead: float, t_last: float) -> None:
        if not self.playing or not self._queue:
            return
        self._note(t_playhead)
        # Fill the browser's lead (LEAD wall seconds at this speed), not just one chunk: one chunk per round trip
        # played 2× no faster than 1× when the round trip took longer than a chunk lasts at 2× (a loaded machine).
        wanted = t_playhead + self.LEAD * float(self.scene.speed)
        for _ in range(self.MAX_CHUNKS):
            self.live.restore(self._queue[-1][0])
            self._send(include_now=False)
            if self._queue[-1][0].t >= wanted:
                break
        keep = max(0, sum(1 for s, _ in self._queue if s.t < t_playhead) - 1)
        del self._queue[:keep]  # frames already played, except the one the playhead is in

    def _on_playhead(self, t: float) -> None:
        if self.playing:
            self._note(t)
        elif getattr(self.scene, "playhead_reason", "pause") == "tick":
            # sent while the Pause was on its way to the browser: its own "pause" report follows and settles it
            # (following each of these stale reports cost a full refresh each, on a loaded kernel seconds of them)
            return
        elif self._paused_queue and abs(t - self.now.t) > self.SAMPLE / 2:
            # the browser stopped elsewhere than the kernel estimated: show the frame it stopped on
            self._queue = self._paused_queue
            self._rewind(t)
            self._queue = []
            self.refresh()

    def _note(self, t: float) -> None:
        self._anchor = (self.clock(), t)
        self._catch_up(t)
        # the page a few times a second, all of it from one frame (a slider moved at every report, 10 a second,
        # starved the browser of animation frames; text written at every report showed a later frame than the sliders)
        if self.clock() - self._followed >= self.FOLLOW_EVERY:
            self._followed = self.clock()
            self.present()

