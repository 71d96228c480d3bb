"""Text colours that stay readable: WCAG 2.1 contrast, JupyterLab's light and dark themes, the kit's text roles.

WCAG 2.1 AA asks for a contrast ratio of at least 4.5:1 between text and its background
(:data:`MINIMUM`). The ratio is ``(L₁ + 0.05) / (L₂ + 0.05)`` of the two colours' relative
luminances ``L = 0.2126 R + 0.7152 G + 0.0722 B`` (linear sRGB, the lighter colour first).

- :func:`readable` darkens a series colour (mixes it towards black, or on a dark background towards
  white) just until it meets the minimum: a label drawn in a lab's amber stays amber-brown, and legible.
- :data:`THEMES` holds the page background and body text of JupyterLab's two stock themes
  (``--jp-layout-color0``, ``--jp-ui-font-color1``; tests/ui/test_colours.py reads them from the
  installed themes).
- :data:`TEXT_ROLES` are the kit's own coloured texts (a ticked task's mark, a task's "not yet"
  reason, the error and info lines), one colour per theme; :func:`theme_style` puts them in the page
  as CSS classes, the dark one under JupyterLab's ``body[data-jp-theme-light="false"]``.

>>> round(contrast_ratio("#767676", "#ffffff"), 2)
4.54
>>> readable("#ffffff", "#ffffff", 4.5) != "#ffffff" and contrast_ratio(readable("#f2b705", "#ffffff"), "#ffffff") >= 4.5
True
"""

from __future__ import annotations

import functools
import re

import ipywidgets as w

#: WCAG 2.1 AA: the least contrast ratio for text (1.4.3, normal size)
MINIMUM = 4.5

#: JupyterLab's stock themes: the notebook's background and its body text
THEMES: dict[str, dict[str, str]] = {
    "light": {"page": "#ffffff", "text": "rgba(0,0,0,.87)"},
    "dark": {"page": "#111111", "text": "rgba(255,255,255,.87)"},
}

#: the kit's coloured texts: role -> theme -> colour (CSS class ``cl-text-<role>``)
TEXT_ROLES: dict[str, dict[str, str]] = {
    "done": {"light": "#1e7a34", "dark": "#5cc46a"},   # the ☑ of a met task
    "why": {"light": "#8a5a00", "dark": "#e0a84a"},    # why a task is not met yet
    "error": {"light": "#b00020", "dark": "#ff6f6f"},  # the lab's error line
    "info": {"light": "#205080", "dark": "#8cb8e8"},   # the lab's info line
}

_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_RGBA = re.compile(r"^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$")
_NAMED = {"white": "#ffffff", "black": "#000000"}


def rgba(css: str) -> tuple[float, float, float, float]:
    """A CSS colour (``#rgb``, ``#rrggbb``, ``rgb()``, ``rgba()``, white, black) as (r, g, b, alpha) in 0…1.

    Raises:
        ValueError: naming the colour and the forms allowed.
    """
    text = _NAMED.get(str(css).strip().lower(), str(css).strip())
    m = _HEX.match(text)
    if m:
        digits = m[1] if len(m[1]) == 6 else "".join(c * 2 for c in m[1])
        return (*(int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)), 1.0)
    m = _RGBA.match(text)
    if m:
        return (*(float(m[i]) / 255 for i in (1, 2, 3)), float(m[4]) if m[4] is not None else 1.0)
    raise ValueError(f"colour {css!r} is not #rgb, #rrggbb, rgb(r, g, b), rgba(r, g, b, a), white or black")


def on(css: str, background: str) -> tuple[float, float, float]:
    """``css`` as seen over ``background`` (its alpha composited): (r, g, b) in 0…1."""
    r, g, b, a = rgba(css)
    br, bg, bb, _ = rgba(background)
    return (a * r + (1 - a) * br, a * g + (1 - a) * bg, a * b + (1 - a) * bb)


def relative_luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG's relative luminance of an sRGB colour (components 0…1): 0 black … 1 white."""
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast_ratio(text: str, background: str) -> float:
    """The WCAG contrast ratio (1…21) of ``text`` over ``background`` (an opaque colour).

    Args:
        text: the text's CSS colour (may be translucent: it is composited on the background).
        background: the background's CSS colour.

    Returns:
        ``(L_lighter + 0.05) / (L_darker + 0.05)``.
    """
    a = relative_luminance(on(text, background))
    b = relative_luminance(on(background, "#ffffff"))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(255 * min(max(c, 0.0), 1.0)):02x}" for c in rgb)


@functools.lru_cache(maxsize=1024)  # a scene asks again on every shape change (ink.py)
def readable(color: str, background: str, minimum: float = MINIMUM) -> str:
    """``color`` if it meets ``minimum`` over ``background``, else the least mix of it towards black (on a
    light background) or white (on a dark one) that does.

    Args:
        color: the series colour of the text (CSS).
        background: the opaque colour it is drawn on.
        minimum: the contrast ratio to reach (WCAG AA: 4.5).

    Returns:
        A ``#rrggbb`` colour (``color`` itself, as hex, when it already reads).
    """
    base = on(color, background)
    if contrast_ratio(_hex(base), background) >= minimum:
        return _hex(base)
    towards = 0.0 if relative_luminance(on(background, "#ffffff")) > 0.18 else 1.0
    for step in range(1, 51):
        f = step / 50
        mixed = _hex(tuple(c + (towards - c) * f for c in base))
        if contrast_ratio(mixed, background) >= minimum:
            return mixed
    return _hex((towards,) * 3)


def theme_css() -> str:
    """The kit's text roles (:data:`TEXT_ROLES`) as CSS classes, the dark theme's under JupyterLab's marker."""
    rules = []
    for role, colours in TEXT_ROLES.items():
        rules.append(f".cl-text-{role} {{ color: {colours['light']}; }}")
        rules.append(f'body[data-jp-theme-light="false"] .cl-text-{role} {{ color: {colours["dark"]}; }}')
    return "\n".join(rules)


def theme_style() -> w.HTML:
    """A hidden widget whose ``<style>`` gives the kit's text roles their colours in either theme."""
    return w.HTML(f"<style>{theme_css()}</style>", layout={"display": "none"})
