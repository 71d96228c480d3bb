"""What a scene draws: shapes, each in a panel, with properties bound to channels.

A scene is described once, declaratively, in the kernel; the browser draws it.

- A :class:`Panel` is a rectangle of the scene (fractions of its width and
  height) with its own data coordinates (``xlim``, ``ylim``), optionally
  drawn as a plot: frame, ticks, tick labels, axis labels, grid, title.
- A shape (:class:`Link`, :class:`Disc`, :class:`Arrow`, ...) lives in one
  panel. Each numeric property is either a number or *bound* to a channel of
  the state: ``x="bx"`` draws the shape at the value of channel ``bx``;
  ``"-bx"`` negates it; :class:`Bind` adds a scale and an offset.
- Colours are names from :data:`~course_lib.lab.scene.layout.PALETTE`
  (``"primary"``, ``"gravity"``, ...) or any CSS colour.

Everything here is plain data: :meth:`Shape.spec` turns a shape into the
JSON the browser reads, after checking that every bound channel exists.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence


@dataclass(frozen=True)
class Bind:
    """A property bound to a channel: value = scale * state[channel] + offset.

    Args:
        channel: the channel's name (one of the scene's ``channels``).
        scale: factor applied to the channel's value.
        offset: added after scaling, in the property's units.
    """

    channel: str
    scale: float = 1.0
    offset: float = 0.0


Value = float | int | str | Bind

#: properties that are plain strings, never channel names
_TEXT_PROPS = {"color", "fill", "label", "text", "anchor", "orient", "title", "axis", "font", "stroke"}


def _binding(value: Any, where: str, channels: Sequence[str]) -> Any:
    """Turn a property value into its JSON form, checking names and numbers.

    Args:
        value: a number, a channel name (``"bx"`` or ``"-bx"``) or a :class:`Bind`.
        where: ``"shape 'rod', property 'x1'"``, for error messages.
        channels: the scene's channel names.

    Returns:
        The number, or ``{"ch": index, "k": scale, "c": offset}``.

    Raises:
        ValueError: for an unknown channel (naming the known ones) or a
            non-finite number.
    """
    if isinstance(value, str):
        sign, name = (-1.0, value[1:]) if value.startswith("-") else (1.0, value)
        value = Bind(name.strip(), sign)
    if isinstance(value, Bind):
        if value.channel not in channels:
            raise ValueError(f"{where} is bound to channel {value.channel!r}, which the scene does not have; "
                             f"its channels are {list(channels)}")
        if not (math.isfinite(value.scale) and math.isfinite(value.offset)):
            raise ValueError(f"{where}: a binding's scale and offset must be finite, got {value}")
        return {"ch": list(channels).index(value.channel), "k": float(value.scale), "c": float(value.offset)}
    if isinstance(value, bool) or value is None:
        return value
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{where} must be a number, a channel name or a Bind, got {value!r}") from None
    if not math.isfinite(number):
        raise ValueError(f"{where} must be finite, got {value!r}")
    return number


@dataclass
class Shape:
    """Base of every shape: an id, the panel it is drawn in, and its style.

    Args:
        id: unique within the scene; used by ``set_shape`` and formula terms.
        panel: the id of the :class:`Panel` whose coordinates the shape uses.
        color: a :data:`PALETTE` name or a CSS colour.
        width: line width in CSS pixels.
        dash: draw lines dashed.
        alpha: opacity from 0 to 1.
        visible: drawn or not (change it later with ``scene.set_shape``).
    """

    id: str
    panel: str = "main"
    color: str = "ink"
    width: float = 2.0
    dash: bool = False
    alpha: float = 1.0
    visible: bool = True

    kind: ClassVar[str] = "shape"
    #: numeric properties that may be bound to channels
    bindable: ClassVar[tuple[str, ...]] = ()

    def spec(self, channels: Sequence[str]) -> dict[str, Any]:
        """The shape as JSON for the browser, with bindings resolved to channel indices.

        Args:
            channels: the scene's channel names.

        Returns:
            ``{"kind": ..., "id": ..., "panel": ..., "props": {...}}``.

        Raises:
            ValueError: for an unknown channel or a non-finite number.
        """
        props: dict[str, Any] = {}
        for name, value in vars(self).items():
            if name in ("id", "panel"):
                continue
            where = f"shape {self.id!r} ({type(self).__name__}), property {name!r}"
            if name in self.bindable:
                props[name] = _binding(value, where, channels)
            elif name in _TEXT_PROPS or isinstance(value, (bool, str)) or value is None:
                props[name] = value
            elif isinstance(value, (list, tuple)):
                props[name] = [_binding(v, where, ()) for v in value]
            else:
                props[name] = _binding(value, where, ())
        return {"kind": self.kind, "id": self.id, "panel": self.panel, "props": props}


@dataclass
class Link(Shape):
    """A rod from (x0, y0) to (x1, y1), with round ends; ``width`` in px."""

    x0: Value = 0.0
    y0: Value = 0.0
    x1: Value = 1.0
    y1: Value = 0.0
    width: float = 6.0
    color: str = "primary"
    kind = "link"
    bindable = ("x0", "y0", "x1", "y1")


@dataclass
class Disc(Shape):
    """A filled disc at (x, y) of radius ``r`` in data units (or ``r_px`` pixels when given)."""

    x: Value = 0.0
    y: Value = 0.0
    r: Value = 0.05
    r_px: float | None = None
    fill: str | None = None
    color: str = "primary"
    kind = "disc"
    bindable = ("x", "y", "r")


@dataclass
class Spring(Shape):
    """A zig-zag spring from (x0, y0) to (x1, y1) with ``coils`` turns, ``amplitude`` px wide."""

    x0: Value = 0.0
    y0: Value = 0.0
    x1: Value = 1.0
    y1: Value = 0.0
    coils: int = 8
    amplitude: float = 8.0
    width: float = 1.5
    color: str = "muted"
    kind = "spring"
    bindable = ("x0", "y0", "x1", "y1")


@dataclass
class Cart(Shape):
    """A cart centred at (x, y) (y = top of the rail), ``w`` × ``h`` in data units, on two wheels."""

    x: Value = 0.0
    y: Value = 0.0
    w: Value = 0.4
    h: Value = 0.2
    color: str = "secondary"
    kind = "cart"
    bindable = ("x", "y", "w", "h")


@dataclass
class Rail(Shape):
    """A horizontal rail at height y from x0 to x1, hatched underneath."""

    x0: Value = -1.0
    x1: Value = 1.0
    y: Value = 0.0
    color: str = "muted"
    kind = "rail"
    bindable = ("x0", "x1", "y")


@dataclass
class Arrow(Shape):
    """An arrow from (x, y) along scale·(dx, dy), labelled at its tip.

    The head is a fixed size in pixels, so short arrows stay readable; an arrow
    shorter than ``min_px`` pixels is not drawn (its label neither).
    """

    x: Value = 0.0
    y: Value = 0.0
    dx: Value = 1.0
    dy: Value = 0.0
    scale: float = 1.0
    label: str = ""
    min_px: float = 2.0
    width: float = 2.5
    color: str = "force"
    kind = "arrow"
    bindable = ("x", "y", "dx", "dy")


@dataclass
class Polyline(Shape):
    """Static data: a line through (xs[i], ys[i]); change it with ``scene.set_shape(id, xs=..., ys=...)``."""

    xs: Sequence[float] = ()
    ys: Sequence[float] = ()
    width: float = 1.5
    kind = "polyline"


@dataclass
class Ellipse(Shape):
    """An ellipse centred at (x, y): semi-axis ``a`` along the direction (ux, uy), ``b`` across it.

    Every property may be bound to channels, so an ellipse that changes with the state
    (an inertia ellipse, a level set ½ vᵀ A v = E) travels as six numbers per frame
    instead of a polyline re-sent as static data. (ux, uy) need not be a unit vector;
    (0, 0) means along +x. Drawn through ``n`` points in data units (so it stays right
    on panels whose x and y scales differ), clipped to the plot area.
    """

    x: Value = 0.0
    y: Value = 0.0
    a: Value = 1.0
    b: Value = 1.0
    ux: Value = 1.0
    uy: Value = 0.0
    n: int = 72
    width: float = 1.5
    kind = "ellipse"
    bindable = ("x", "y", "a", "b", "ux", "uy")


@dataclass
class Trace(Shape):
    """The path of (x, y) over the frames played, kept in the browser (last ``max_points``)."""

    x: Value = 0.0
    y: Value = 0.0
    max_points: int = 600
    width: float = 1.5
    color: str = "primary"
    kind = "trace"
    bindable = ("x", "y")


@dataclass
class Text(Shape):
    """Text at (x, y); ``{name:.2f}`` in ``text`` is replaced by the channel's value.

    ``anchor`` is one of start, middle, end; ``dx_px``/``dy_px`` shift the text in
    pixels (positive = right, down); ``size`` is the font size in px.
    """

    x: Value = 0.0
    y: Value = 0.0
    text: str = ""
    size: float = 13.0
    anchor: str = "start"
    dx_px: float = 0.0
    dy_px: float = 0.0
    kind = "text"
    bindable = ("x", "y")


@dataclass
class Bar(Shape):
    """A vertical bar centred at x, ``width`` data units wide, from ``base`` to ``base + height``.

    Its label is written under the plot, on row ``label_row`` (0 or 1): neighbouring bars whose labels are
    wider than the bars' spacing take alternate rows.
    """

    x: Value = 0.0
    height: Value = 0.0
    base: Value = 0.0
    bar_width: float = 0.6
    label: str = ""
    label_row: int = 0
    color: str = "primary"
    kind = "bar"
    bindable = ("x", "height", "base")


@dataclass
class Band(Shape):
    """A shaded band between two values, bordered by dashed lines.

    ``orient="h"``: between heights lo and hi across the panel; ``"v"``: between x = lo and x = hi.
    """

    lo: Value = 0.0
    hi: Value = 1.0
    orient: str = "h"
    label: str = ""
    color: str = "good"
    dash: bool = True
    width: float = 1.0
    kind = "band"
    bindable = ("lo", "hi")


@dataclass
class Grid(Shape):
    """Grid lines every ``step`` data units (``step_y`` for y, same as x when None)."""

    step: float = 0.5
    step_y: float | None = None
    width: float = 1.0
    color: str = "grid"
    kind = "grid"


@dataclass
class Handle(Shape):
    """A draggable disc at (x, y), ``r_px`` pixels; the browser draws it under the pointer at once.

    While dragging, the browser also moves the shapes bound to the same channels
    as ``x`` and ``y``. ``axis="x"`` or ``"y"`` restricts the drag to one axis,
    and ``limits=(lo, hi)`` to that part of the axis (data units: a cart between
    its end stops); ``circle=(cx, cy)`` keeps it on the circle through its start about (cx, cy).
    From the keyboard an arrow moves it by ``key_step`` (data units; degrees about its circle), by
    default 1/50 of its panel's range (2° about a circle); with Shift by a fifth of that.
    """

    x: Value = 0.0
    y: Value = 0.0
    r_px: float = 12.0
    axis: str | None = None
    circle: tuple[float, float] | None = None
    limits: tuple[float, float] | None = None
    color: str = "primary"
    key_step: float | None = None
    kind = "handle"
    bindable = ("x", "y")
