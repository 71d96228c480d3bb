"""The play loop: real-time animation that keeps the kernel responsive.

:class:`PlayLoop` runs as an asyncio task on the kernel's own event loop. Each
frame it awaits ``asyncio.sleep(frame)``, which hands control back to the
kernel so slider and button messages are processed between frames; then it
asks the lab to advance by the wall-clock time that passed (times the speed
factor, capped so a stalled browser does not cause a jump). Pausing cancels
the task at once.

Headless code (tests, notebook cells) never needs the loop: the lab's
``advance(seconds)`` runs the same frame function synchronously.
"""

from __future__ import annotations

import asyncio
import time
from typing import Callable

#: longest simulated stretch per frame (s) when the browser or kernel stalls
MAX_FRAME = 0.1


class PlayLoop:
    """Call ``frame(dt)`` about every ``period`` seconds while playing.

    Args:
        frame: ``frame(dt) -> bool`` advances the lab by ``dt`` simulated seconds
            and redraws; returning False ends the loop (e.g. after an error).
        period: wall-clock time between frames (s).
        on_stop: called when the loop ends by itself (e.g. after an error).
        clock: ``clock() -> float``, seconds of wall-clock time; the elapsed time
            between frames is measured with it. Tests pass a fake clock.
    """

    def __init__(self, frame: Callable[[float], bool], period: float = 1 / 30,
                 on_stop: Callable[[], None] = lambda: None,
                 clock: Callable[[], float] = time.monotonic):
        self.frame, self.period, self.on_stop, self.clock = frame, period, on_stop, clock
        self.speed = 1.0
        self._task: asyncio.Task | None = None

    @property
    def playing(self) -> bool:
        """True while the loop task is alive."""
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        """Start playing on the running event loop (the kernel's).

        Raises:
            RuntimeError: when no event loop is running (plain Python script).
        """
        if self.playing:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = asyncio.get_event_loop_policy().get_event_loop()
            if not loop.is_running():
                raise RuntimeError("no running event loop") from None
        self._task = loop.create_task(self._run())

    def stop(self) -> None:
        """Pause immediately: the pending sleep is cancelled."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _run(self) -> None:
        last = self.clock()
        try:
            while True:
                await asyncio.sleep(self.period)
                now = self.clock()
                dt, last = min(now - last, MAX_FRAME) * self.speed, now
                if not self.frame(dt):
                    break
        except asyncio.CancelledError:
            return
        self._task = None
        self.on_stop()
