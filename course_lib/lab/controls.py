"""Control widgets with a label, units and a readout, made the same way in every lab.

A lab declares its controls as data: :class:`Slider`, :class:`Toggle` and
:class:`Dropdown` say the key, the label (a key of the lab's message table),
the range, and where the value goes:

- ``param="b"``: a parameter of the lab's model, set through
  ``model.replace(b=value)`` (the new model is checked before it is used);
- ``torque=0``: entry 0 of the constant torque the simulation holds;
- ``sim="dt"`` or ``sim="method"``: the simulation's step (s) or integrator
  (``"rk4"``, ``"explicit_euler"``, ``"semi_implicit_euler"``), from the next step on;
- ``shows=("id", ...)`` (on a :class:`Toggle`): those scene shapes are shown
  while it is on, hidden while off, and the lab refreshes;
- ``on="on_theta"``: the lab's method of that name runs with the new value
  (e.g. a slider that sets the state, or a toggle that changes the view).

A control names exactly one of these routes. The names are checked when the
lab's class is made (:meth:`~course_lib.lab.base.Lab.__init_subclass__`): a
typo in ``on=`` is a TypeError at import, never a surprise at the first move.

A slider can also be bound to a state channel: ``follow="theta_deg"`` makes it
show that readout (snapped to its step, kept in its range) whenever the lab
shows a state: pause, step, reset, drags and, a few times a second, Play. The
kit moves it without running its callback, and a front end's late echo of such a
move is ignored (:mod:`~course_lib.lab.following`), so following never sets or resets the simulation and cannot
loop. ``period=360`` marks an angle: the slider then shows the angle's turn
within its range nearest to where it is (−180 stays −180, not 180; 458 shows 98).
During Play followed sliders move at most every ``SimLab.FOLLOW_EVERY`` seconds, together with the text
readouts and from the same frame (``Stream.present``).

The kit builds plain ipywidgets from these (the factories below) and
registers each under its key, so the headless API ``lab.set("tau", 2.0)``
moves it exactly as a learner would.

>>> s = slider("τ [N·m]", -10.0, 10.0, 0.05, 0.0)
>>> s.description, s.readout
('τ [N·m]', True)
>>> routes(Slider("theta", "pend_theta0", -180, 180, 1, 60.0, on="on_theta")), routes(Toggle("newton", "", shows=("f",)))
({'on': 'on_theta'}, {'shows': ('f',)})
"""

from __future__ import annotations

import dataclasses
import math
import unicodedata
from typing import Any, Sequence

import ipywidgets as w

from course_lib.i18n import retranslate


@dataclasses.dataclass(frozen=True)
class Slider:
    """A float slider: ``key``, label key, range ``lo``…``hi`` by ``step``, start ``value``.

    An arrow key moves it by :attr:`keyboard_step` (``key_step``, or the kit's choice: :func:`key_step`), a whole
    number of steps; Shift + arrow by one ``step``.

    >>> Slider("F", "", -20, 20, 0.1, 0.0).keyboard_step, Slider("b", "", 0, 2, 0.05, 0.0).keyboard_step
    (1.0, 0.05)
    """

    key: str
    label: str
    lo: float
    hi: float
    step: float
    value: float
    fmt: str = ".2f"
    param: str | None = None
    torque: int | None = None
    follow: str | None = None
    period: float | None = None
    on: str | None = None
    key_step: float | None = None

    @property
    def keyboard_step(self) -> float:
        """How far one arrow key press moves the slider: ``key_step`` if given, else :func:`key_step`."""
        return float(self.key_step) if self.key_step is not None else key_step(self.lo, self.hi, self.step)

    def build(self, label: str) -> w.FloatSlider:
        built = slider(label, self.lo, self.hi, self.step, self.value, self.fmt)
        steps = self.keyboard_step / self.step
        if steps < 1 or abs(steps - round(steps)) > 1e-9:
            raise ValueError(f"slider {self.key!r}: key_step {self.keyboard_step:g} must be a whole number of its "
                             f"steps ({self.step:g})")
        built.add_class(f"{KEY_STEPS_CLASS}{round(steps)}")  # access.js: one arrow press moves this many steps
        return built

    def snap(self, value: float) -> float:
        """``value`` as this slider can show it: on its step grid, within lo…hi.

        >>> Slider("theta", "", -180, 180, 1, 0.0).snap(150.7)
        151.0
        """
        snapped = self.lo + round((float(value) - self.lo) / self.step) * self.step
        return float(min(max(round(snapped, 9), self.lo), self.hi))

    def shown_for(self, value: float, shown: float) -> float:
        """What this slider shows for the state's ``value`` while it shows ``shown``: snapped, and for an
        angle (``period``) the turn of ``value`` within lo…hi nearest to ``shown`` (−180 stays −180).

        >>> s = Slider("theta", "", -180, 180, 1, 0.0, period=360)
        >>> s.shown_for(458.0, -180.0), s.shown_for(180.0, -180.0), s.shown_for(-181.0, 170.0)
        (98.0, -180.0, 179.0)
        """
        value = float(value)
        if self.period:
            base = self.lo + (value - self.lo) % self.period  # the turn in [lo, lo + period)
            turns = [t for t in (base - self.period, base, base + self.period) if self.lo <= t <= self.hi]
            value = min(turns, key=lambda t: abs(t - shown)) if turns else base
        return self.snap(value)


@dataclasses.dataclass(frozen=True)
class Toggle:
    """An on/off button: ``key``, label key, start ``value``."""

    key: str
    label: str
    value: bool = False
    param: str | None = None
    torque: int | None = None
    shows: tuple = ()  # scene shapes shown while on (a view such as "Newton view"); then the lab refreshes
    on: str | None = None

    def build(self, label: str) -> w.ToggleButton:
        return toggle(label, self.value)


@dataclasses.dataclass(frozen=True)
class Dropdown:
    """A choice: ``key``, label key, ``options`` (pairs (text, value)), start ``value``."""

    key: str
    label: str
    options: tuple
    value: Any
    param: str | None = None
    torque: int | None = None
    sim: str | None = None
    on: str | None = None

    def build(self, label: str) -> w.Dropdown:
        # option texts made when the lab's module was imported are made again in the language in force now
        return dropdown(label, list(retranslate(self.options)), self.value)


#: where a declared control's value can go (see the module's docstring); a control names exactly one
ROUTES = ("on", "param", "torque", "sim", "shows")


def routes(spec: Slider | Toggle | Dropdown) -> dict[str, Any]:
    """The routes ``spec`` names, ``{route: its value}`` (see :data:`ROUTES`); a well-made control has one.

    Args:
        spec: a declared control.

    Returns:
        The fields of :data:`ROUTES` that ``spec`` sets (not None, not empty).
    """
    return {f.name: getattr(spec, f.name) for f in dataclasses.fields(spec)
            if f.name in ROUTES and getattr(spec, f.name) not in (None, ())}


#: wide enough for "b [N·m·s/rad]" without eating the slider; longer labels get a wider box (fit_label)
LABEL_STYLE = {"description_width": "100px"}
LABEL_MIN_PX = 100
#: the controls whose label sits in a description box of its own (fit_label sizes it)
LABELLED = (w.FloatSlider, w.IntSlider, w.Dropdown)
#: the widest a label may take in a 340 px slider, leaving room for the track and the readout
LABEL_MAX_PX = 160


def label_px(label: str) -> int:
    """Estimated width in pixels of ``label`` in the widgets' 13 px font, with the label's padding.

    Chinese characters and full-width punctuation ("（", "："） are a full em wide (13 px);
    Latin, Greek, digits and symbols average under 8 px in DejaVu Sans / Liberation Sans.

    >>> label_px("τ [N·m]"), label_px("k_r1（减速比 1）")
    (62, 119)
    """
    wide = sum(unicodedata.east_asian_width(c) in "WF" for c in str(label))
    return math.ceil(13 * wide + 7.6 * (len(str(label)) - wide)) + 8


def fit_label(widget: w.Widget) -> w.Widget:
    """Widen ``widget``'s description box to its label (100–160 px) and put the whole label in its tooltip.

    Called when a control is made and again when the language switches (relabel.py), so a
    Chinese label such as "k_r1（减速比 1）" is not cut to "k_r1（减速比 …".

    Returns:
        ``widget``, for chaining.
    """
    label = widget.description
    px = min(max(label_px(label), LABEL_MIN_PX), LABEL_MAX_PX)
    widget.style.description_width = f"{px}px"
    if isinstance(widget, w.Dropdown):  # the choice keeps its 120 px
        widget.layout.width = f"{px + 120}px"
    if label:
        widget.tooltip = label
    return widget


#: the controls whose track starts after the label column (align_labels)
TRACKED = (w.FloatSlider, w.IntSlider)


def align_labels(widgets: Any) -> int:
    """Give every slider among ``widgets`` one label column, as wide as the widest of their labels needs
    (100–160 px, see :func:`fit_label`), so that their tracks start at the same x.

    Called when a lab is laid out and after a language switch (its labels' widths change).

    Returns:
        The column's width (px); 0 when there is no slider.
    """
    sliders = [x for x in widgets if isinstance(x, TRACKED)]
    if not sliders:
        return 0
    px = min(max(max(label_px(x.description) for x in sliders), LABEL_MIN_PX), LABEL_MAX_PX)
    for x in sliders:
        if x.style.description_width != f"{px}px":
            x.style.description_width = f"{px}px"
    return px


SLIDER_LAYOUT = {"width": "340px"}


#: a slider whose range is at most this many steps moves one step an arrow press
FINE_PRESSES = 100
#: a finer slider moves so far a press that this many presses cross its whole range (Shift: one step)
KEY_PRESSES = 40
#: the CSS class prefix that tells the browser (access.js) how many steps one arrow press moves
KEY_STEPS_CLASS = "cl-key-steps-"


def key_step(lo: float, hi: float, step: float) -> float:
    """The kit's keyboard step of a slider over ``lo``…``hi`` by ``step``: ``step`` when the range is at most
    :data:`FINE_PRESSES` steps, else the least of ``step`` × 2, 5, 10, 20, 50, … that crosses the range in at
    most :data:`KEY_PRESSES` presses.

    >>> key_step(-20, 20, 0.1), key_step(-180, 180, 1), key_step(-0.5, 0.5, 0.01)
    (1.0, 10.0, 0.01)
    """
    span = (hi - lo) / step
    if span <= FINE_PRESSES + 1e-9:
        return float(step)
    for decade in range(0, 12):
        for m in (1, 2, 5):
            mult = m * 10 ** decade
            if mult > 1 and span / mult <= KEY_PRESSES + 1e-9:
                return float(round(mult * step, 12))
    return float(hi - lo)


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
    return fit_label(w.FloatSlider(
        value=value, min=lo, max=hi, step=step, description=label, readout=True,
        readout_format=fmt, continuous_update=True, style=LABEL_STYLE, layout=SLIDER_LAYOUT,
    ))


def toggle(label: str, value: bool = False) -> w.ToggleButton:
    """An on/off button (e.g. the Newton view)."""
    return w.ToggleButton(value=value, description=label, layout={"width": "140px"})


def dropdown(label: str, options: Sequence[Any], value: Any) -> w.Dropdown:
    """A choice among ``options`` (pairs ``(text, value)`` or plain values)."""
    return fit_label(w.Dropdown(options=options, value=value, description=label, style=LABEL_STYLE,
                                layout={"width": "220px"}))


def button(label: str, icon: str = "") -> w.Button:
    """A push button (play, step, reset)."""
    return w.Button(description=label, icon=icon, layout={"width": "96px"})


#: scene beside its controls, the controls wrapping below it when the page is narrow
WRAP_LAYOUT = {"flex_flow": "row wrap", "align_items": "flex-start", "grid_gap": "8px"}
#: the column beside the scene (controls, then the checklist, then messages): at least 330 px, and it
#: takes the page's spare width up to 560 px so that task sentences wrap less (1366×768, sidebar open or closed)
COLUMN_LAYOUT = {"flex": "1 1 350px", "min_width": "330px", "max_width": "560px"}


def beside(*children: Any) -> w.HBox:
    """Lay out a scene and its control column side by side, wrapping on narrow pages."""
    return w.HBox(list(children), layout=WRAP_LAYOUT)


def html(value: str = "", width: str | None = None) -> w.HTML:
    """An HTML area for readouts, checklists and messages."""
    layout = {"width": width} if width else {}
    return w.HTML(value=value, layout=layout)
