"""Control widgets with a label, units and a readout, made the same way in every lab.

Each factory returns a plain ipywidgets object; the lab registers it under a
short key (``"tau"``) so the headless API ``lab.set("tau", 2.0)`` can move it
exactly as a learner would.

>>> s = slider("τ [N·m]", -10.0, 10.0, 0.05, 0.0)
>>> s.description, s.readout
('τ [N·m]', True)
"""

from __future__ import annotations

from typing import Any, Sequence

import ipywidgets as w

#: wide enough for "b [N·m·s/rad]" without eating the slider
LABEL_STYLE = {"description_width": "110px"}
SLIDER_LAYOUT = {"width": "360px"}


def slider(label: str, lo: float, hi: float, step: float, value: float, fmt: str = ".2f") -> w.FloatSlider:
    """A float slider whose description carries the quantity and its unit.

    Args:
        label: quantity and unit, e.g. ``"τ [N·m]"``.
        lo, hi: range of the slider.
        step: resolution.
        value: initial value.
        fmt: readout format (Python format spec).

    Returns:
        A continuous-update :class:`ipywidgets.FloatSlider` with a readout.
    """
    return w.FloatSlider(
        value=value, min=lo, max=hi, step=step, description=label, readout=True,
        readout_format=fmt, continuous_update=True, style=LABEL_STYLE, layout=SLIDER_LAYOUT,
    )


def toggle(label: str, value: bool = False) -> w.ToggleButton:
    """An on/off button (e.g. the Newton view)."""
    return w.ToggleButton(value=value, description=label, layout={"width": "140px"})


def dropdown(label: str, options: Sequence[Any], value: Any) -> w.Dropdown:
    """A choice among ``options`` (pairs ``(text, value)`` or plain values)."""
    return w.Dropdown(options=options, value=value, description=label, style=LABEL_STYLE,
                      layout={"width": "220px"})


def button(label: str, icon: str = "") -> w.Button:
    """A push button (play, step, reset)."""
    return w.Button(description=label, icon=icon, layout={"width": "90px"})


#: figure beside its controls, the controls wrapping below it when the page is narrow
WRAP_LAYOUT = {"flex_flow": "row wrap", "align_items": "flex-start"}


def beside(*children: Any) -> w.HBox:
    """Lay out a figure and its control column side by side, wrapping on narrow pages."""
    return w.HBox(list(children), layout=WRAP_LAYOUT)


def html(value: str = "", width: str | None = None) -> w.HTML:
    """An HTML area for readouts, checklists and messages."""
    layout = {"width": width} if width else {}
    return w.HTML(value=value, layout=layout)
