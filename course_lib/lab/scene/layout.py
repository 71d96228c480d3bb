"""The scene's layout and extras: panels, the palette, the formula, hold buttons, the fallback text.

A :class:`Panel` is a rectangle of the scene (fractions of its width and
height, y from the top) with its own data coordinates, drawn bare or as a
plot (frame, ticks, labels, grid, title). :data:`PALETTE` is the one set of
colours every lab uses, named by role.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Sequence

#: The course's one palette (light theme), used by every lab. Names describe roles. The series colours are
#: Okabe and Ito's colour-blind-safe set (Wong 2011, Nature Methods 8:441): every two that differ stay apart
#: under deuteranopia, protanopia and tritanopia (tests/ui/test_colours.py). A state shares its family's
#: colour: a task met or a safe range is drawn as velocities are (green), a limit crossed as forces (vermilion).
PALETTE: dict[str, str] = {
    "primary": "#0072b2",    # the moving body (blue)
    "secondary": "#e69f00",  # a second body, a reference (orange)
    "gravity": "#cc79a7",    # weight, potential energy (reddish purple)
    "force": "#d55e00",      # applied forces, torques, tension (vermilion)
    "velocity": "#009e73",   # velocities, kinetic energy (bluish green)
    "tertiary": "#56b4e9",   # a third series: inertia terms, a comparison curve (sky blue)
    "muted": "#8a8f98",      # rails, guides, static geometry
    "ink": "#24292f",        # text, axes
    "grid": "#e4e7eb",       # grid lines
    "good": "#009e73",       # a task met, a safe range (the velocity green)
    "bad": "#d55e00",        # a limit crossed (the force vermilion)
    "highlight": "#f0e442",  # what a hovered formula term points at (yellow)
    "background": "#ffffff",
}

#: What the notebook shows in place of the scene when its front end cannot load.
FALLBACK_TEXT = (
    "The lab's drawing could not load in this browser page. Fix: install the widget front end "
    "with `pip install anywidget` in the environment that runs Jupyter, restart JupyterLab or "
    "Notebook 7, then reload the page and run the cell again."
)


@dataclass
class Panel:
    """A rectangle of the scene with its own data coordinates.

    Args:
        id: how shapes name it.
        x, y, w, h: position and size as fractions of the scene (y from the top).
        xlim, ylim: the data range shown.
        equal: keep one data unit the same length along x and y (the range grows to fit).
        axes: draw frame, ticks and tick labels (a plot); False for a bare drawing.
        xlabel, ylabel, title: texts around the plot.
        grid: light grid lines at the ticks.
        xticks, yticks: explicit tick positions (None: chosen automatically).
    """

    id: str
    x: float = 0.0
    y: float = 0.0
    w: float = 1.0
    h: float = 1.0
    xlim: tuple[float, float] = (-1.0, 1.0)
    ylim: tuple[float, float] = (-1.0, 1.0)
    equal: bool = False
    axes: bool = True
    xlabel: str = ""
    ylabel: str = ""
    title: str = ""
    grid: bool = False
    xticks: Sequence[float] | None = None
    yticks: Sequence[float] | None = None

    def spec(self) -> dict[str, Any]:
        """The panel as JSON, after checking its box and ranges.

        Returns:
            A dict of the panel's fields.

        Raises:
            ValueError: for a box outside the scene or an empty/non-finite range.
        """
        check_limits(self.id, "xlim", self.xlim)
        check_limits(self.id, "ylim", self.ylim)
        box = (self.x, self.y, self.w, self.h)
        if not all(math.isfinite(v) for v in box) or self.w <= 0 or self.h <= 0 or \
                self.x < 0 or self.y < 0 or self.x + self.w > 1 + 1e-9 or self.y + self.h > 1 + 1e-9:
            raise ValueError(f"panel {self.id!r}: x, y, w, h are fractions of the scene; the box must lie "
                             f"within 0..1 with w, h > 0, got {box}")
        out = dict(vars(self))
        out["xlim"], out["ylim"] = [float(v) for v in self.xlim], [float(v) for v in self.ylim]
        for key in ("xticks", "yticks"):
            if out[key] is not None:
                out[key] = [float(v) for v in out[key]]
        return out


def check_limits(panel: str, name: str, lim: Any) -> tuple[float, float]:
    """Check an axis range: two finite numbers, low < high.

    Args:
        panel: the panel's id (for the message).
        name: ``"xlim"`` or ``"ylim"``.
        lim: the range.

    Returns:
        The range as two floats.

    Raises:
        ValueError: naming the panel and the range.

    >>> check_limits("world", "xlim", (2, 1))
    Traceback (most recent call last):
    ...
    ValueError: panel 'world': xlim must be two finite numbers, low < high, got (2, 1)
    """
    try:
        lo, hi = (float(v) for v in lim)
    except (TypeError, ValueError):
        lo = hi = math.nan
    if not (math.isfinite(lo) and math.isfinite(hi) and lo < hi):
        raise ValueError(f"panel {panel!r}: {name} must be two finite numbers, low < high, got {lim!r}")
    return lo, hi


#: a live field in a formula's text: ``{name}``, ``{name:.2f}``, ``{name:+.2f}`` or ``{name:.3g}`` (as the browser reads them)
_FIELD = re.compile(r"\{([^{}:]+)(?::\+?\.\d+[fg])?\}")


@dataclass
class Formula:
    """An equation shown beside the scene; hovering a tagged term highlights shapes.

    Args:
        parts: the equation, in order: plain strings, or ``(text, term)`` pairs
            for a tagged term (Unicode math, e.g. ``"m l² θ̈"``). A text may hold
            ``{channel:.2f}`` fields: the browser fills them in with the scene's
            channels at display rate, as for :class:`~course_lib.lab.scene.Text`
            (live numbers in the equation). ``"\n"`` starts a new line.
        terms: term -> ids of the shapes it highlights.
        colors: term -> colour of its text (a palette name or a CSS colour), e.g. to colour
            inertia, gravity and inputs as a seed prescribes; terms not named keep the ink colour.
        below: draw the formula under the drawing instead of beside it, so that a lab's control
            column still fits beside a 560 px scene at 1366×768.

    >>> f = Formula(["m l² θ̈", " + ", ("m g l sin θ", "gravity"), " = τ"], {"gravity": ["weight"]},
    ...             colors={"gravity": "#d48806"})
    >>> f.spec()["parts"][2]
    {'text': 'm g l sin θ', 'term': 'gravity', 'color': '#d48806'}
    """

    parts: Sequence[str | tuple[str, str]]
    terms: dict[str, list[str]] = field(default_factory=dict)
    colors: dict[str, str] = field(default_factory=dict)
    below: bool = False

    def spec(self) -> dict[str, Any]:
        """The formula as JSON: ``{"parts": [{"text", "term", "color"}], "terms": {...}, "below": bool}``."""
        unknown = sorted(set(self.colors) - set(self.terms))
        if unknown:
            raise ValueError(f"formula colors name terms {unknown} that are not in terms; known terms: "
                             f"{sorted(self.terms)}")
        parts = []
        for part in self.parts:
            text, term = (part, None) if isinstance(part, str) else part
            if term is not None and term not in self.terms:
                raise ValueError(f"formula term {term!r} has no entry in terms; known terms: {sorted(self.terms)}")
            parts.append({"text": str(text), "term": term, "color": self.colors.get(term) if term else None})
        return {"parts": parts, "terms": {k: list(v) for k, v in self.terms.items()}, "below": bool(self.below)}

    def fields(self) -> list[str]:
        """The channel names its texts' ``{name}`` fields use, in order of first use.

        >>> Formula(["{a:.2f} + ", ("{b:+.1f}", "t")], {"t": []}).fields()
        ['a', 'b']
        """
        names: list[str] = []
        for part in self.parts:
            text = part if isinstance(part, str) else part[0]
            names += [n.strip() for n in _FIELD.findall(str(text)) if n.strip() not in names]
        return names


@dataclass
class HoldButton:
    """A press-and-hold button under the scene: reports "down" on press and "up" on release.

    Args:
        id: passed to ``on_hold`` callbacks.
        label: the button's text, e.g. ``"◀ push"``.
    """

    id: str
    label: str

    def spec(self) -> dict[str, str]:
        """The button as JSON."""
        return {"id": self.id, "label": self.label}
