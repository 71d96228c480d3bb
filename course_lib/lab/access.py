"""A lab's parts as assistive technology reads them: named controls, a list, a live region, an alert.

ipywidgets 8 draws a slider's visible label beside the slider without tying the two together, so a
screen reader announces each slider as an unnamed "slider" (axe-core: ``aria-input-field-name``).
Each lab carries one hidden :class:`Access` widget (made with its layout, :meth:`Lab.lab_box`). Its
browser side (``access.js``) watches the lab's box and

- names every slider handle, its number box and every dropdown by the control's visible label,
  its unit spoken in words (:func:`spoken_name`: ``"θ₂ [°]"`` is read "θ₂ in degrees", in Chinese
  "θ₂，单位：度"), from the names the helper carries (:attr:`Access.names`);
- makes the checklist's rows a list (:data:`LIST_CLASS`) of list items;
- makes the announcer (:data:`ANNOUNCE_CLASS`) a polite live region, visually hidden: a task that
  ticks is said there (:func:`announcement`);
- makes the message line (:data:`MESSAGE_CLASS`) an alert.

The classes are set here, in Python, by the kit's widgets; the roles in the browser. The words the
browser adds ("value of …") come from the kit's message table, in the language in force.

>>> print(announcement("Swing it to 45°.", "θ = 45.1°"))
Task done: Swing it to 45°. (θ = 45.1°)
>>> spoken_name("θ₂ centre [°]"), spoken_name("model error %"), spoken_name("samples N")
('θ₂ centre in degrees', 'model error in percent', 'samples N')
"""

from __future__ import annotations

import pathlib
import re
from typing import Any, Iterable

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


#: a unit as a label writes it -> the kit's key of its name in words (a new unit of a label gets a line here)
UNIT_WORDS: dict[str, str] = {
    "°": "a11y_unit_deg", "rad/s": "a11y_unit_rad_s", "rad/s²": "a11y_unit_rad_s2", "N": "a11y_unit_N",
    "N·m": "a11y_unit_N_m", "N·m·s/rad": "a11y_unit_N_m_s_rad", "kg": "a11y_unit_kg", "kg·m²": "a11y_unit_kg_m2",
    "J": "a11y_unit_J", "s": "a11y_unit_s", "Hz": "a11y_unit_Hz", "m": "a11y_unit_m", "%": "a11y_unit_percent",
}
#: a label's unit: in brackets ("θ₂ centre [°]"), or a closing percent sign ("model error %")
_BRACKETED = re.compile(r"^(?P<name>.*?)\s*\[(?P<unit>[^\]]+)\](?P<rest>.*)$")
_PERCENT = re.compile(r"^(?P<name>.*?)\s*%$")


def label_unit(label: str) -> tuple[str, str | None]:
    """A control's visible label split into its quantity and the unit it writes (None: a pure number).

    Args:
        label: the label as the control shows it, e.g. ``"θ₂ [°]"``.

    Returns:
        ``(quantity, unit)``, e.g. ``("θ₂", "deg")``; ``(label, None)`` when the label writes no unit.
    """
    label = str(label).strip()
    m = _BRACKETED.match(label)
    if m:
        return " ".join(part for part in (m["name"].strip(), m["rest"].strip()) if part), m["unit"].strip()
    m = _PERCENT.match(label)
    if m and m["name"].strip():
        return m["name"].strip(), "%"
    return label, None


def spoken_name(label: str) -> str:
    """The accessible name of a control labelled ``label``: its quantity, then its unit in words, in the
    language in force (``"θ₂ [°]"`` -> ``"θ₂ in degrees"`` / ``"θ₂，单位：度"``).

    A label without a unit is its own name; a unit missing from :data:`UNIT_WORDS` is kept as written
    (tests/lab/test_access.py finds every unit of every lab's labels there).

    Args:
        label: the control's visible label.

    Returns:
        The name a screen reader says for the control.
    """
    quantity, unit = label_unit(label)
    if unit is None or unit not in UNIT_WORDS:
        return str(label).strip()
    return text("a11y_in_unit", label=quantity, unit=text(UNIT_WORDS[unit]))


def spoken_names(labels: Iterable[str]) -> dict[str, str]:
    """``{visible label: accessible name}`` for the controls labelled ``labels`` (empty labels left out)."""
    return {str(label): spoken_name(label) for label in labels if str(label).strip()}


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
    #: the lab's controls' accessible names, by visible label ({"θ₂ [°]": "θ₂ in degrees"})
    names = t.Dict().tag(sync=True)

    def __init__(self, labels: Iterable[str] = (), **kwargs: Any):
        super().__init__(texts=self.words(), names=spoken_names(labels), layout={"display": "none"}, **kwargs)
        self.add_class(HELPER_CLASS)

    @staticmethod
    def words() -> dict[str, str]:
        """The browser's words in the language in force."""
        return {"value_of": text("a11y_value_of", label="{label}")}

    def relabel(self, labels: Iterable[str] = ()) -> None:
        """Send the words and the controls' names again, in the language in force now.

        Args:
            labels: the controls' visible labels, as they read now.
        """
        self.texts = self.words()
        self.names = spoken_names(labels)
