"""Slider number boxes that read what a Chinese input method types.

Every slider of a lab shows its value in a small box (the ipywidgets "readout")
that a learner can click, type a number into, and confirm with Enter. The box
reads the text with JavaScript's ``parseFloat``, which does not know the
full-width forms a Chinese input method types: ``０．５`` or ``－１．２`` are
dropped without a word and the slider snaps back.

Each lab carries one hidden :class:`TypedNumbers` widget. Its browser side
(``typed_numbers.js``) installs, once per page, a listener that sees a lab
slider's box being confirmed (Enter, or leaving the box) *before* ipywidgets
reads it, and rewrites the text:

- each character of :data:`NUMBER_CHARS` becomes its ASCII form. The table is
  the part of the quizzes' mapping (:data:`course_lib.i18n.HALFWIDTH`)
  that a number uses: full-width digits, ``＋ － ． ， ｅ``, the ideographic
  full stop ``。`` and the ideographic space; and the minus sign ``−`` the box
  itself shows. It is sent from here; the browser keeps no table of its own;
- spaces around the number and after its sign go (``－ １２`` is −12; ``1 2`` stays unreadable);
- a comma is a decimal point when that is the only reading: one comma, no
  point, and not a thousands group such as ``1,250`` (which stays unreadable:
  1.25 or 1250?). ``０，５`` is 0.5, ``0,500`` is 0.5.

ipywidgets then reads the ASCII text and clamps it to the slider's range, as it
does for anything typed in ASCII. Text that is still no number (``abc``,
``1,250``, ``2x``) is not taken: the box shows the slider's value again and the
lab's message line says so, in the language in force (:func:`unreadable_message`).

>>> NUMBER_CHARS["５"], NUMBER_CHARS["－"], NUMBER_CHARS["，"], NUMBER_CHARS["\\u3000"]
('5', '-', ',', ' ')
>>> "Ａ" in NUMBER_CHARS
False
"""

from __future__ import annotations

import pathlib
from typing import Any, Callable

import anywidget
import traitlets as t

from course_lib.i18n import HALFWIDTH, Message
from course_lib.lab.messages import text

#: the ASCII characters a number typed into a slider's box can be made of
NUMBER_ASCII = "0123456789+-.,eE "
#: what an input method types → its ASCII form, for the characters of a number: taken from the quizzes' table
#: what an input method types → its ASCII form, for the characters of a number: taken from the quizzes' table;
#: plus the minus sign U+2212 that the box itself writes ("−1.20", ipywidgets' number format), so that
#: leaving a box untouched, or editing only its digits, is not taken for unreadable text
NUMBER_CHARS: dict[str, str] = {**{chr(code): ascii_ for code, ascii_ in HALFWIDTH.items()
                                   if ascii_ in NUMBER_ASCII and chr(code) != ascii_}, "\u2212": "-"}
#: the CSS class the browser finds the helper of a lab by (inside the lab's ``cl-lab`` box)
HELPER_CLASS = "cl-typed-numbers"
#: at most this many characters of an unreadable text are repeated in the message
SHOWN_CHARS = 24


def unreadable_message(label: str, typed: str) -> Message:
    """The lab's message when the text typed into slider ``label``'s box is no number.

    Args:
        label: the slider's label as the page shows it, e.g. ``"τ [N·m]"``.
        typed: the text the learner typed (cut to :data:`SHOWN_CHARS` characters).

    Returns:
        The sentence in the language in force (it switches with :func:`course_lib.set_language`).

    >>> print(unreadable_message("τ [N·m]", "abc"))
    τ [N·m]: “abc” is not a number. Type digits with a decimal point, such as 0.5 or -1.2; the slider kept its value.
    """
    shown = typed.strip()
    if len(shown) > SHOWN_CHARS:
        shown = shown[:SHOWN_CHARS] + "…"
    return text("error_typed_number", name=label.strip(), typed=shown)


class TypedNumbers(anywidget.AnyWidget):
    """The hidden helper that lets a lab's slider boxes read full-width numbers (see the module docstring).

    Args:
        on_unreadable: ``on_unreadable(label, typed)`` runs when the browser reports text it could not read.
    """

    _esm = pathlib.Path(__file__).with_name("typed_numbers.js")
    #: full-width character → ASCII (:data:`NUMBER_CHARS`), sent to the browser
    chars = t.Dict().tag(sync=True)

    def __init__(self, on_unreadable: Callable[[str, str], Any], **kwargs: Any):
        super().__init__(chars=dict(NUMBER_CHARS), layout={"display": "none"}, **kwargs)
        self.add_class(HELPER_CLASS)
        self._on_unreadable = on_unreadable
        self.on_msg(lambda _widget, content, _buffers: self.browser_message(content))

    def browser_message(self, content: Any) -> None:
        """Handle one message as the browser sends it (tests feed messages here too).

        ``{"type": "unreadable", "label": ..., "text": ...}`` calls ``on_unreadable``; anything else is ignored.
        """
        if not isinstance(content, dict) or content.get("type") != "unreadable":
            return
        label, typed = content.get("label"), content.get("text")
        if isinstance(label, str) and isinstance(typed, str):
            self._on_unreadable(label, typed)
