"""The keys a lab's scene takes, told in one line under the lab (the kit's ``keys_…`` messages).

A scene takes keys when it has handles (Tab picks one, the arrows move it, Shift a fine step: scene.js), when
Space plays and pauses it (a simulated lab's ``play_key``), or when it has keys of its own (``keyboard``, e.g.
the cart-pole's ← →). :func:`keys_key` picks the one kit message that says which; every lab shows it, so no
lesson retypes it. A scene that takes no keys gets no line.

>>> keys_key([{"kind": "handle"}], play=True, own=False), keys_key([], play=False, own=False)
('keys_handles_play', None)
"""

from __future__ import annotations

from typing import Any, Iterable

import ipywidgets as w

from course_lib.lab.messages import text

#: the CSS class of the line (its colour is the page's text colour, either theme)
KEYS_CLASS = "cl-keys"


def keys_key(shapes: Iterable[dict[str, Any]], play: bool, own: bool) -> str | None:
    """The kit's message key that tells a scene's keys, or None when it takes none.

    Args:
        shapes: the scene's shape specs (``{"kind", ...}``).
        play: Space plays and pauses the scene (``Scene.play_key``).
        own: the scene has keys of its own (``Scene.keyboard``).

    Returns:
        ``"keys_own"``, ``"keys_handles_play"``, ``"keys_handles"``, ``"keys_play"`` or None.
    """
    handles = any(s.get("kind") == "handle" for s in shapes)
    if own:
        return "keys_own"
    if handles:
        return "keys_handles_play" if play else "keys_handles"
    return "keys_play" if play else None


def keys_line(scene: Any) -> w.HTML | None:
    """The line under a lab that tells its scene's keys (None for a lab without a scene that takes keys)."""
    if scene is None:
        return None
    key = keys_key(scene.shapes, bool(getattr(scene, "play_key", False)), bool(getattr(scene, "keyboard", False)))
    if key is None:
        return None
    line = w.HTML(text(key), layout={"margin": "2px 0 0 4px"})
    line.add_class(KEYS_CLASS)
    return line
