"""Page style that keeps combining dots (θ̇, θ̈, q̇, J̇) visible in the labs and quizzes.

Two causes, two rules, both scoped to the course's own widgets:

* The fonts. On a stock Linux desktop every installed font sets the dot badly over a tall letter
  (see :mod:`course_lib.ui.dot_font`): in DejaVu Sans, the font Chromium picks here in English
  and in Chinese, the dot lies a fraction of a pixel above the θ, and at 12–13 px the two merge. The
  widgets' font stack therefore starts with :data:`~course_lib.ui.dot_font.FAMILY`, a web font
  built from DejaVu Sans whose marks stand :data:`~course_lib.ui.dot_font.GAP_EM` em above
  their letter. The stack is set both as ``font-family`` and as JupyterLab's font variables, so
  buttons and text boxes that read the variables get it too; Chinese text falls through to the
  page's own CJK font. The scene's canvas puts the same family first (scene.js).
* The hinting. ``text-rendering: geometricPrecision`` stops Chromium from snapping the outlines
  to the pixel grid at small sizes, which pulled the dot down onto the letter.

The style is a ``<style>`` element carried by a hidden HTML widget, so a quiz shown on a page
without a lab gets it too.
"""

from __future__ import annotations

import ipywidgets as w

from course_lib.ui.dot_font import FAMILY, dot_font_face

#: CSS classes of the course's widgets whose text holds θ̇ and friends
SCOPE = ".cl-lab, .course-quiz, .course-quiz-question"
#: JupyterLab's own interface font stack (its default theme), after the course's dot font
FONT_STACK = (f"'{FAMILY}', system-ui, -apple-system, blinkmacsystemfont, 'Segoe UI', helvetica, arial, "
              "sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol'")
GLYPH_CSS = (f"{SCOPE} {{ text-rendering: geometricPrecision; font-family: {FONT_STACK}; "
             f"--jp-ui-font-family: {FONT_STACK}; --jp-content-font-family: {FONT_STACK}; }}")


def glyph_css() -> str:
    """The whole style sheet: the dot font's ``@font-face`` and :data:`GLYPH_CSS`."""
    return f"{dot_font_face()}\n{GLYPH_CSS}"


def glyph_style() -> w.HTML:
    """A hidden widget whose ``<style>`` keeps combining dots visible (see the module docstring).

    Returns:
        An :class:`ipywidgets.HTML` with no size of its own; put it anywhere in the widget tree.
    """
    return w.HTML(f"<style>{glyph_css()}</style>", layout={"display": "none"})
