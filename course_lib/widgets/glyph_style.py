"""Page style that keeps combining dots (θ̇, θ̈, q̇) visible in the labs and quizzes.

At the widgets' 12–13 px, Chromium on Linux snaps glyph outlines to the pixel grid ("hinting").
DejaVu Sans and Liberation Sans, the fonts Debian installs with chromium, then draw the combining
dot above a tall letter such as θ on the same pixel rows as the letter's top: θ̇ looks exactly
like θ. ``text-rendering: geometricPrecision`` turns that snapping off, and the dot sits above
the letter with a blank row between. The canvas of the scene widget does the same with
``ctx.textRendering`` (scene.js).

The style is a ``<style>`` element carried by a hidden HTML widget, so a quiz shown on a page
without a lab gets it too. Each rule is scoped to the course's own widgets.
"""

from __future__ import annotations

import ipywidgets as w

#: CSS classes of the course's widgets whose text holds θ̇ and friends
GLYPH_CSS = ".cl-lab, .course-quiz, .course-quiz-question { text-rendering: geometricPrecision; }"


def glyph_style() -> w.HTML:
    """A hidden widget whose ``<style>`` keeps combining dots visible (see the module docstring).

    Returns:
        An :class:`ipywidgets.HTML` with no size of its own; put it anywhere in the widget tree.
    """
    return w.HTML(f"<style>{GLYPH_CSS}</style>", layout={"display": "none"})
