"""Messages from the browser to the kernel, and the callbacks they fire.

The browser sends small JSON messages (``model.send`` in scene.js):

======================  =====================================================
``{"type": "need"}``    ``t``: playhead, ``t_last``: time of the last queued frame
``{"type": "playhead"}`` ``t``: playhead, ``reason``: tick, pause, ask, end
``{"type": "drag"}``    ``id``, ``phase`` (start, move, end), ``x``, ``y`` (panel data); ``view``, ``n``
``{"type": "key"}``     ``key`` (ArrowLeft, ArrowRight, " "), ``phase`` (down, up)
``{"type": "hold"}``    ``id`` (a HoldButton's), ``phase`` (down, up)
``{"type": "error"}``   ``text``: an exception in the browser (kept in ``browser_errors``)
======================  =====================================================

A drag carries its view's id and a count (``view``, ``n``); each frame the kernel
sends while or after handling it names the last one handled (``frame["answers"]``),
so a view knows when the kernel has caught up with its presses and moves, however
slowly it answers.

With JupyterLab and Notebook 7 attached to the same kernel, each open view
plays and asks for frames; a ``need`` repeating one already forwarded for the
same queue end is dropped, so a lab answers it once.
"""

from __future__ import annotations

import logging
import math
import time
from collections import Counter
from typing import Any, Callable

_log = logging.getLogger(__name__)

PHASES = {"drag": ("start", "move", "end"), "key": ("down", "up"), "hold": ("down", "up")}
KEYS = ("ArrowLeft", "ArrowRight", " ")


def finite_number(value: Any, where: str) -> float:
    """``float(value)``, refusing non-numbers, NaN and infinities.

    Args:
        value: the number.
        where: what it is, for the message (``"set_values: channel 'x'"``).

    Returns:
        The value as a float.

    Raises:
        ValueError: ``"<where> must be a finite number, got nan"``.

    >>> finite_number(float("nan"), "set_values: channel 'bx'")
    Traceback (most recent call last):
    ...
    ValueError: set_values: channel 'bx' must be a finite number, got nan
    """
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = math.nan
    if not math.isfinite(number) or isinstance(value, bool):
        raise ValueError(f"{where} must be a finite number, got {value!r}")
    return number


class BrowserMessages:
    """Mixin for :class:`~course_lib.lab.scene.Scene`: callbacks and the browser's reports.

    Attributes:
        playhead: the browser's last reported playback time (s of simulated time).
        browser_errors: texts of exceptions the browser reported (last 20).
        received: how many messages of each type arrived from the browser.
        callback_errors: exceptions raised by callbacks on a browser message (last 20).
    """

    def _init_browser_messages(self) -> None:
        self._callbacks: dict[str, list[Callable[..., Any]]] = {k: [] for k in ("need", "playhead", "drag", "key",
                                                                                 "hold")}
        self.playhead = 0.0
        self.playhead_reason = ""  # why the browser sent its last playhead report: tick, pause, ask or end
        self._playhead_wall = time.monotonic()
        self._last_need: tuple[float, float] | None = None
        self.browser_errors: list[str] = []
        self.received: Counter[str] = Counter()
        self.callback_errors: list[BaseException] = []
        #: the last drag handled, {"view": id, "n": count}, named in every frame sent since (None: none yet)
        self.answers: dict[str, Any] | None = None
        self.on_msg(self._on_custom_msg)

    # ---- registering callbacks ----------------------------------------------------------------

    def on_need(self, callback: Callable[[float, float], Any]) -> None:
        """Call ``callback(t_playhead, t_last_queued)`` when the browser's queue runs low."""
        self._callbacks["need"].append(callback)

    def on_playhead(self, callback: Callable[[float], Any]) -> None:
        """Call ``callback(t)`` when the browser reports its playback time (~10 Hz while playing, on pause)."""
        self._callbacks["playhead"].append(callback)

    def on_drag(self, callback: Callable[[str, str, float, float], Any]) -> None:
        """Call ``callback(handle_id, phase, x, y)``; phase is start, move or end; x, y in panel data units."""
        self._callbacks["drag"].append(callback)

    def on_key(self, callback: Callable[[str, str], Any]) -> None:
        """Call ``callback(key, phase)`` for ←, → and space (key ArrowLeft, ArrowRight, " "; phase down/up)."""
        self._callbacks["key"].append(callback)

    def on_hold(self, callback: Callable[[str, str], Any]) -> None:
        """Call ``callback(button_id, phase)`` when a HoldButton is pressed (down) and released (up)."""
        self._callbacks["hold"].append(callback)

    def playhead_estimate(self) -> float:
        """Where the browser's playhead is now: the last report plus the time since, at ``speed``.

        Returns:
            Simulated time (s); the last report itself when not playing.
        """
        if not self.playing:
            return self.playhead
        return self.playhead + self.speed * (time.monotonic() - self._playhead_wall)

    # ---- receiving ---------------------------------------------------------------------------

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """ipywidgets' handler: never raise into the notebook; keep the error for the lab to show."""
        try:
            self.browser_message(content)
        except Exception as exc:  # noqa: BLE001 - a bad message must not break the comm
            self.callback_errors = (self.callback_errors + [exc])[-20:]
            _log.exception("scene: error while handling a browser message %r", content)

    def browser_message(self, content: dict[str, Any]) -> None:
        """Handle one message as the browser sends it (public so that tests can drive a scene headless).

        Args:
            content: e.g. ``{"type": "drag", "id": "bob", "phase": "move", "x": 0.3, "y": -0.9}``.

        Raises:
            ValueError: an unknown type, phase, key or handle, or a non-finite
                number; exceptions of callbacks propagate.
        """
        if not isinstance(content, dict) or content.get("type") not in ("need", "playhead", "drag", "key", "hold",
                                                                          "error"):
            raise ValueError(f"scene: unknown browser message {content!r}; types are need, playhead, drag, key, "
                             "hold, error")
        kind = content["type"]
        self.received[kind] += 1
        if kind == "error":
            self.browser_errors = (self.browser_errors + [str(content.get("text", ""))])[-20:]
            return
        if kind in PHASES and content.get("phase") not in PHASES[kind]:
            raise ValueError(f"scene: {kind} phase must be one of {PHASES[kind]}, got {content.get('phase')!r}")
        if kind == "need":
            now, last = finite_number(content.get("t"), "need: t"), finite_number(content.get("t_last"), "need: t_last")
            self._note_playhead(now)
            if self._last_need is not None and abs(self._last_need[1] - last) < 1e-9 \
                    and time.monotonic() - self._last_need[0] < 1.0:
                return  # another view asked for the same frames
            self._last_need = (time.monotonic(), last)
            self._fire("need", now, last)
        elif kind == "playhead":
            self.playhead_reason = str(content.get("reason", ""))
            self._note_playhead(finite_number(content.get("t"), "playhead: t"))
            self._fire("playhead", self.playhead)
        elif kind == "drag":
            handle = content.get("id")
            if handle not in self._shapes or self._shapes[handle].kind != "handle":
                handles = sorted(k for k, s in self._shapes.items() if s.kind == "handle")
                raise ValueError(f"scene: drag of {handle!r}, which is not a Handle; handles: {handles}")
            x, y = finite_number(content.get("x"), "drag: x"), finite_number(content.get("y"), "drag: y")
            self._note_input(content)
            self._fire("drag", handle, content["phase"], x, y)
        elif kind == "key":
            if content.get("key") not in KEYS:
                raise ValueError(f"scene: key must be one of {KEYS}, got {content.get('key')!r}")
            self._fire("key", content["key"], content["phase"])
        else:
            ids = [b["id"] for b in self.buttons]
            if content.get("id") not in ids:
                raise ValueError(f"scene: hold of unknown button {content.get('id')!r}; buttons: {ids}")
            self._fire("hold", content["id"], content["phase"])

    _handle_browser_msg = browser_message

    def _note_input(self, content: dict[str, Any]) -> None:
        """Remember which view's input this is (``view``, ``n``), for the frames that answer it."""
        view, n = content.get("view"), content.get("n")
        if view is None and n is None:
            return  # a headless drag (Lab.drag) names no view
        if not isinstance(view, str) or not 0 < len(view) <= 32 or isinstance(n, bool) or not isinstance(n, int) \
                or n < 0:
            raise ValueError(f"scene: a drag's view must be a short string and n a count (an int ≥ 0), got "
                             f"view={view!r}, n={n!r}")
        self.answers = {"view": view, "n": n}

    def _note_playhead(self, now: float) -> None:
        self.playhead = now
        self._playhead_wall = time.monotonic()

    def _fire(self, kind: str, *args: Any) -> None:
        for callback in list(self._callbacks[kind]):
            callback(*args)
