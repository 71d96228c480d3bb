"""Play driven by a test: a wall clock that moves only when told, and the browser's side of the stream.

The browser's side is played by the test: it asks for frames (``need``) through
``scene.browser_message``, exactly the message scene.js sends when its queue runs
low. The wall clock is a number the test sets, so "the browser has played 0.2 s"
is exact and a played run can be compared bit for bit with the headless one.
"""

from __future__ import annotations

from typing import Any, Callable


class Clock:
    """A wall clock (s) that moves only when the test says so.

    Args:
        now: the time it starts at (s); labs only use differences of it.
    """

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def chunks(lab: Any) -> list[dict]:
    """The metadata of every chunk of frames the lab has sent to its scene, oldest first."""
    return [meta for kind, meta in lab.scene.outbox if kind == "chunk"]


def need(lab: Any) -> None:
    """The browser's queue runs low: it asks for more at its playhead."""
    lab.scene.browser_message({"type": "need", "t": lab.playhead(), "t_last": chunks(lab)[-1]["t0"]})


def playing(make: Callable[..., Any], start: float = 100.0, **kwargs: Any) -> tuple[Any, Clock]:
    """A lab made by ``make(clock=..., **kwargs)`` on a test clock starting at ``start`` s, with Play pressed.

    Returns:
        The lab and its clock.
    """
    clock = Clock(start)
    lab = make(clock=clock, **kwargs)
    lab.set("play", None)
    return lab, clock


def play_chunks(lab: Any, clock: Clock, n: int) -> None:
    """``n`` times: the browser plays one chunk's time, then asks for more."""
    for _ in range(n):
        clock.now += lab.CHUNK
        need(lab)
