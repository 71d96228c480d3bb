"""Switch a lab on screen to another language in place: every text it shows is made again.

Each text a lab shows came from a message table as a
:class:`~course_lib.i18n.Message`, which remembers its table, key and
values. After :func:`course_lib.set_language`, :func:`relabel_scene` and
:func:`relabel_widgets` find those texts where the lab put them (the scene's
panels, shapes, formula and hold buttons; the labels, options, tooltips and
HTML of its widgets) and put the same texts in the new language there. Texts
a lab rewrites on every refresh (its readouts) are rewritten by the lab itself.

Nothing is rebuilt and nothing is re-sent but the changed texts, so a lab that
is playing keeps playing.
"""

from __future__ import annotations

from typing import Any, Iterator

import ipywidgets as w

from course_lib.i18n import has_message, retranslate
from course_lib.lab.controls import LABELLED, fit_label

#: widget traits that can hold a text (Dropdown options are handled on their own)
TEXT_TRAITS = ("description", "tooltip", "placeholder", "value")


def relabel_scene(scene: Any) -> None:
    """Put every text of ``scene`` (titles, axis labels, texts, bar labels, formula, hold buttons) in the new language."""
    changes = {}
    for id, shape in scene._shapes.items():
        props = {k: retranslate(v) for k, v in vars(shape).items() if k not in ("id", "panel") and has_message(v)}
        if props:
            changes[id] = props
    if changes:
        scene.set_shapes(changes)
    for id, panel in scene._panels.items():
        props = {k: retranslate(v) for k, v in vars(panel).items() if k != "id" and has_message(v)}
        if props:
            scene.set_panel(id, **props)
    formula = getattr(scene, "_formula", None)
    if formula is not None and has_message(formula.parts):
        formula.parts = retranslate(formula.parts)
        scene.formula = formula.spec()
    buttons = getattr(scene, "_buttons", None)
    if buttons and any(has_message(b.label) for b in buttons):
        for b in buttons:
            b.label = retranslate(b.label)
        scene.buttons = [b.spec() for b in buttons]


def widgets_in(root: Any) -> Iterator[w.Widget]:
    """``root`` and every widget inside it (through ``children``), each once."""
    seen, stack = set(), [root]
    while stack:
        widget = stack.pop()
        if not isinstance(widget, w.Widget) or id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        stack.extend(getattr(widget, "children", ()) or ())


def relabel_widgets(root: Any) -> None:
    """Put every text held by ``root``'s widgets in the new language; a dropdown keeps its value.

    A dropdown's value is put back after its options change; changing the options does not
    count as the learner's choice, so the caller silences the lab's callbacks meanwhile.
    """
    for widget in widgets_in(root):
        for trait in TEXT_TRAITS:
            if widget.has_trait(trait) and has_message(getattr(widget, trait)):
                setattr(widget, trait, retranslate(getattr(widget, trait)))
                if trait == "description" and isinstance(widget, LABELLED):
                    fit_label(widget)  # the new language's label may be wider
        if isinstance(widget, w.Dropdown) and has_message(widget.options):
            value = widget.value
            widget.options = retranslate(widget.options)
            widget.value = value
