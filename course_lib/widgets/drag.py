"""Draggable handles on an ipympl figure.

A :class:`DragHandle` listens to matplotlib's ``button_press_event``,
``motion_notify_event`` and ``button_release_event`` on the figure's canvas.
A press within ``radius_px`` pixels of the handle grabs it; every move reports
the pointer in the handle's data coordinates; the release lets go.

:func:`send_mouse` feeds the canvas the same JSON message the browser's
ipympl front end sends, so a headless ``lab.drag(...)`` runs through exactly
the handlers a real mouse does.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

import numpy as np
from matplotlib.axes import Axes

#: JavaScript's bit mask for "left button held" (MouseEvent.buttons)
_LEFT_HELD = 1


class DragHandle:
    """Grab an artist's position with the mouse.

    Args:
        name: key used by ``lab.drag(name, x, y)``.
        ax: the axes the handle lives in (its data coordinates are used).
        position: ``position() -> (x, y)``, where the handle currently is.
        on_start: called with no argument when the handle is grabbed.
        on_move: called with ``(x, y)`` in data coordinates while dragging.
        on_end: called with no argument on release.
        radius_px: how close (display pixels) a press must land to grab; ``None``
            means a press anywhere in the axes grabs the handle.
        guard: wraps each handler so an error becomes a message, not a traceback.
        siblings: all handles of the lab; when a press is within reach of
            several, only the nearest one is grabbed.
    """

    def __init__(
        self,
        name: str,
        ax: Axes,
        position: Callable[[], tuple[float, float]],
        on_start: Callable[[], None],
        on_move: Callable[[float, float], None],
        on_end: Callable[[], None],
        radius_px: float | None = 18.0,
        guard: Callable[[Callable[..., Any]], Callable[..., Any]] = lambda f: f,
        siblings: Mapping[str, "DragHandle"] | None = None,
    ):
        self.name, self.ax, self.position = name, ax, position
        self._start, self._move, self._end = on_start, on_move, on_end
        self.radius_px = radius_px
        self.siblings = siblings if siblings is not None else {name: self}
        self.active = False
        canvas = ax.figure.canvas
        self._cids = [
            canvas.mpl_connect("button_press_event", guard(self._on_press)),
            canvas.mpl_connect("motion_notify_event", guard(self._on_motion)),
            canvas.mpl_connect("button_release_event", guard(self._on_release)),
        ]

    def distance(self, event: Any) -> float:
        """Pixels from the press to the handle; ``inf`` when out of reach."""
        if event.inaxes is not self.ax or event.x is None:
            return float("inf")
        hx, hy = self.ax.transData.transform(self.position())
        d = float(np.hypot(event.x - hx, event.y - hy))
        return d if self.radius_px is None or d <= self.radius_px else float("inf")

    def _on_press(self, event: Any) -> None:
        if event.button != 1:
            return
        mine = self.distance(event)
        nearest = min(h.distance(event) for h in self.siblings.values())
        if np.isfinite(mine) and mine <= nearest:
            self.active = True
            self._start()

    def _on_motion(self, event: Any) -> None:
        if self.active and event.inaxes is self.ax and event.xdata is not None:
            self._move(float(event.xdata), float(event.ydata))

    def _on_release(self, event: Any) -> None:
        if self.active:
            self.active = False
            if event.inaxes is self.ax and event.xdata is not None:
                self._move(float(event.xdata), float(event.ydata))
            self._end()


def to_pixels(ax: Axes, x: float, y: float) -> tuple[float, float]:
    """Data coordinates of ``ax`` -> canvas pixels as the browser reports them (y from the top)."""
    px, py = ax.transData.transform((x, y))
    height = ax.figure.canvas.get_renderer().height
    return float(px), float(height - py)


def send_mouse(ax: Axes, kind: str, x: float, y: float) -> None:
    """Deliver one browser-style mouse message to the figure of ``ax``.

    Args:
        ax: the axes whose data coordinates ``x``, ``y`` are in.
        kind: ``"button_press"``, ``"motion_notify"`` or ``"button_release"``.
        x, y: pointer position in data coordinates.
    """
    if kind not in ("button_press", "motion_notify", "button_release"):
        raise ValueError(f"kind must be button_press, motion_notify or button_release, got {kind!r}")
    px, py = to_pixels(ax, x, y)
    held = 0 if kind == "button_release" else _LEFT_HELD
    msg = {"type": kind, "x": px, "y": py, "button": 0, "buttons": held, "modifiers": [], "guiEvent": None}
    ax.figure.canvas.handle_event(msg)
