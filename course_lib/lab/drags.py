"""Draggable handles of a lab's scene: what a handle is, and a drag from grab to release.

A drag always ends: the browser sends "end" on every release, and a new "start"
(or a button press, in a lab that plays) ends a drag whose release was lost.
Headless, :meth:`Drags.drag` sends the browser's own messages through the scene.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from course_lib.lab.messages import text


@dataclasses.dataclass
class DragHandle:
    """A draggable handle of the scene, as the lab sees it.

    Attributes:
        name: the scene's Handle id (``lab.drag(name, x, y)``).
        panel: the panel whose data coordinates x, y are in.
        position: ``position() -> (x, y)``, where the handle is now.
        on_move: ``on_move(x, y)``, the pointer moved there.
        on_start, on_end: grabbed / released (no arguments).
    """

    name: str
    panel: str
    position: Callable[[], tuple[float, float]]
    on_move: Callable[[float, float], None]
    on_start: Callable[[], None] = lambda: None
    on_end: Callable[[], None] = lambda: None


def panel_pixels(scene: Any, panel: str, x: float, y: float) -> tuple[float, float]:
    """Approximate CSS pixels of panel data point (x, y): the panel's box mapped linearly onto its ranges.

    Used only when the scene cannot say where it draws (no ``Scene.to_pixels``);
    it ignores plot margins, so it is exact for panels drawn without axes.
    """
    spec = next(p for p in scene.panels if p["id"] == panel)
    left, top = spec["x"] * scene.width, spec["y"] * scene.height
    width, height = spec["w"] * scene.width, spec["h"] * scene.height
    (x0, x1), (y0, y1) = spec["xlim"], spec["ylim"]
    sx, sy = width / (x1 - x0), height / (y1 - y0)
    if spec.get("equal"):
        sx = sy = min(sx, sy)
        left += (width - sx * (x1 - x0)) / 2
        top += (height - sy * (y1 - y0)) / 2
    return float(left + (x - x0) * sx), float(top + (y1 - y) * sy)


class Drags:
    """Mixin of :class:`~course_lib.lab.base.Lab`: its handles, the drag in progress, the headless ``drag``."""

    handles: dict[str, DragHandle]
    dragging: str | None
    scene: Any

    def add_handle(self, handle: DragHandle) -> DragHandle:
        """Register a draggable handle (the scene must have a Handle shape with that id)."""
        self.handles[handle.name] = handle
        return handle

    # -- the browser's drag messages ---------------------------------------------------------------------------------
    def _on_drag(self, name: str, phase: str, x: float, y: float) -> None:
        handle = self.handles.get(name)
        if handle is None:
            return
        if phase == "start":
            self.dragging = name
            handle.on_start()
            return
        if self.dragging != name:
            return  # a move or end of a drag the lab already ended
        try:
            handle.on_move(x, y)  # the end's own x, y are a final move: moves are throttled in the browser
        finally:
            if phase == "end":
                self.dragging = None
        if phase == "end":
            handle.on_end()
            self.refresh()  # the checklist judges the release itself, not the last move before it

    def drag(self, handle: str, x: float, y: float, steps: int = 5) -> None:
        """Drag ``handle`` to ``(x, y)`` (data coordinates of its panel).

        Sends start, ``steps`` moves and end as the browser's messages, through
        the scene, the same path a real pointer takes.

        Raises:
            ValueError: when the lab has no handle ``handle``.
        """
        if handle not in self.handles:
            raise ValueError(f"no handle {handle!r}; this lab has {sorted(self.handles)}")
        try:
            x, y = float(x), float(y)
            self.check_input(x=x, y=y)
        except (TypeError, ValueError):
            self.show_message(text("error_bad_value", name=handle, value=(x, y),
                                   detail=text("error_not_finite", name="x, y")))
            return
        x0, y0 = self.handles[handle].position()
        send = self.scene.browser_message
        send({"type": "drag", "id": handle, "phase": "start", "x": x0, "y": y0})
        for k in range(1, steps + 1):
            f = k / steps
            send({"type": "drag", "id": handle, "phase": "move", "x": x0 + f * (x - x0), "y": y0 + f * (y - y0)})
        send({"type": "drag", "id": handle, "phase": "end", "x": x, "y": y})

    def handle_pixels(self, name: str) -> tuple[float, float]:
        """Where handle ``name`` is drawn, in CSS pixels from the scene's top-left (x right, y down)."""
        h = self.handles[name]
        if hasattr(self.scene, "to_pixels"):
            return tuple(self.scene.to_pixels(h.panel, *h.position()))
        return panel_pixels(self.scene, h.panel, *h.position())

