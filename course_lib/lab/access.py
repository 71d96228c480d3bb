"""A lab's parts as assistive technology reads them: named controls, a list, a live region, an alert.

ipywidgets 8 draws a slider's visible label beside the slider without tying the two together, so a
screen reader announces each slider as an unnamed "slider" (axe-core: ``aria-input-field-name``).
Each lab carries one hidden :class:`Access` widget (made with its layout, :meth:`Lab.lab_box`). Its
browser side (``access.js``) watches the lab's box and

- names every slider handle, its number box and every dropdown by the control's visible label,
  units included as the label shows them (``"θ₂ [deg]"``);
- makes the checklist's rows a list (:data:`LIST_CLASS`) of list items;
- makes the announcer (:data:`ANNOUNCE_CLASS`) a polite live region, visually hidden: a task that
  ticks is said there (:func:`announcement`);
- makes the message line (:data:`MESSAGE_CLASS`) an alert.

The classes are set here, in Python, by the kit's widgets; the roles in the browser. The words the
browser adds ("value of …") come from the kit's message table, in the language in force.

>>> print(announcement("Swing it to 45°.", "θ = 45.1°"))
Task done: Swing it to 45°. (θ = 45.1°)
"""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets as t

from course_lib.lab.messages import text

#: the CSS class of the helper (inside the lab's ``cl-lab`` box)
HELPER_CLASS = "cl-access"
#: the box holding the checklist's rows: role="list", each row role="listitem"
LIST_CLASS = "cl-task-list"
#: the polite live region where a task that ticks is announced
ANNOUNCE_CLASS = "cl-announce"
#: the lab's message line: role="alert"
MESSAGE_CLASS = "cl-message"


def announcement(prompt: str, value: str) -> str:
    """What the live region says when a task is met, in the language in force.

    Args:
        prompt: the task's prompt.
        value: what met it (the check's text).

    Returns:
        One sentence, e.g. ``"Task done: Swing it to 45°. (θ = 45.1°)"``.
    """
    return text("a11y_task_done", prompt=prompt, value=value)


class Access(anywidget.AnyWidget):
    """The hidden helper that names a lab's controls and gives its parts their roles (module docstring)."""

    _esm = pathlib.Path(__file__).with_name("access.js")
    #: the words the browser adds, in the language in force ({"value_of": "value of {label}"})
    texts = t.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(texts=self.words(), layout={"display": "none"}, **kwargs)
        self.add_class(HELPER_CLASS)

    @staticmethod
    def words() -> dict[str, str]:
        """The browser's words in the language in force."""
        return {"value_of": text("a11y_value_of", label="{label}")}

    def relabel(self) -> None:
        """Send the words again, in the language in force now."""
        self.texts = self.words()
