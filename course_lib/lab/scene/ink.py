"""The colours a scene writes its texts in: each series colour made readable where the text sits.

A scene draws texts in its series colours (an arrow's label in the arrow's colour, a text shape in
its own, a formula's coloured terms). Many series colours are light (amber, cyan) and read poorly as
text. :func:`text_colors` maps every colour a scene uses for text to the nearest colour that meets
WCAG's 4.5:1 (:func:`course_lib.ui.contrast.readable`):

- ``"canvas"``: on the canvas, over the palette's ``background`` (the canvas paints its own, in either
  JupyterLab theme);
- ``"light"`` and ``"dark"``: the formula's terms, written in the page beside the canvas, over the
  background of JupyterLab's light and dark theme (:data:`~course_lib.ui.contrast.THEMES`); scene.js
  picks by the page's ``data-jp-theme-light``.

The lines and discs keep the series colours; only texts are darkened (or, on the dark page, lightened).

>>> inks = text_colors([{"kind": "text", "props": {"color": "highlight"}}], None, {"highlight": "#f2b705",
...                    "background": "#ffffff", "ink": "#24292f"})
>>> sorted(inks), inks["canvas"]["#24292f"]
(['canvas', 'dark', 'light'], '#24292f')
"""

from __future__ import annotations

from typing import Any, Iterable

from course_lib.ui.contrast import THEMES, readable

#: shape kinds that write their own colour as text (an arrow and a band only when they carry a label)
TEXT_KINDS = {"text": None, "arrow": "label", "band": "label"}


def canvas_text_colors(shapes: Iterable[dict[str, Any]], palette: dict[str, str]) -> list[str]:
    """The CSS colours of the texts drawn on the canvas: the ink (axes, ticks, titles, bar labels) and
    the colour of every text shape and of every labelled arrow and band."""
    used = [palette["ink"]]
    for s in shapes:
        kind, props = s.get("kind"), s.get("props", {})
        if kind in TEXT_KINDS and (TEXT_KINDS[kind] is None or props.get(TEXT_KINDS[kind])):
            used.append(palette.get(props.get("color") or "ink", props.get("color") or palette["ink"]))
    return list(dict.fromkeys(used))


def formula_colors(formula: dict[str, Any] | None, palette: dict[str, str]) -> list[str]:
    """The CSS colours of the formula's coloured terms."""
    parts = (formula or {}).get("parts", [])
    return list(dict.fromkeys(palette.get(p["color"], p["color"]) for p in parts if p.get("color")))


def text_colors(shapes: Iterable[dict[str, Any]], formula: dict[str, Any] | None,
                palette: dict[str, str]) -> dict[str, dict[str, str]]:
    """``{"canvas" | "light" | "dark": {series colour: the colour its text is written in}}``.

    Args:
        shapes: the scene's shape specs (``{"kind", "props"}``), colours as palette names or CSS.
        formula: the scene's formula spec, or None.
        palette: the scene's palette (names -> CSS colours), with ``background`` and ``ink``.

    Returns:
        For the canvas and for each JupyterLab theme, every text colour mapped to a readable one.
    """
    out = {"canvas": {c: readable(c, palette["background"]) for c in canvas_text_colors(shapes, palette)}}
    for theme, colours in THEMES.items():
        out[theme] = {c: readable(c, colours["page"]) for c in formula_colors(formula, palette)}
    return out
