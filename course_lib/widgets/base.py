"""The Lab base class: one figure, controls, readouts, tasks and a message area.

Rules every lab follows (they keep labs fast and robust):

- The figure is made once, inside ``plt.ioff()``, on an ipympl canvas that is
  placed in the lab's layout (so it is shown exactly once). Callbacks change
  artists (``set_data``, ``set_offsets``, ``set_text``, bar heights) and end
  with ``fig.canvas.draw_idle()``; they never build a figure.
- Every callback is wrapped by :meth:`Lab.guard`: an exception or a
  non-finite number becomes a message in the lab, the lab resets its state
  and stays usable.
- A headless API drives the lab exactly as a learner would:
  ``set(key, value)``, ``drag(handle, x, y)``, ``advance(seconds)``,
  ``readout(key)``, ``tasks`` and ``task_done(key)``.
"""

from __future__ import annotations

import functools
import html as _html
import math
import warnings
from typing import Any, Callable

import ipywidgets as w
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.artist import Artist
from matplotlib.figure import Figure

from course_lib.widgets import controls
from course_lib.widgets.drag import DragHandle, send_mouse
from course_lib.widgets.messages import text
from course_lib.widgets.tasks import TaskList

_figure_counter = 0


def slider_angle(name: str, value: Any, low: float = -180.0, high: float = 180.0) -> float:
    """Check a lab's start angle (degrees) against its slider's range.

    Args:
        name: the constructor argument, used in the error message.
        value: the angle (degrees).
        low, high: the slider's range (degrees).

    Returns:
        The angle as a float.

    Raises:
        ValueError: naming ``name`` and the allowed range, for a non-number,
            NaN, infinity or a value outside [low, high].

    >>> slider_angle("theta0", 30)
    30.0
    >>> slider_angle("theta0", 1000)
    Traceback (most recent call last):
    ...
    ValueError: theta0 must be a finite angle in degrees from -180 to 180 (the slider's range), got 1000
    """
    try:
        angle = float(value)
    except (TypeError, ValueError):
        angle = math.nan
    if not (math.isfinite(angle) and low <= angle <= high):
        raise ValueError(text("error_angle_range", name=name, low=low, high=high, value=value))
    return angle


def new_figure(width: float, height: float, dpi: float = 72) -> Figure:
    """A matplotlib figure on an ipympl canvas, made without pyplot's display queue.

    The figure is built inside ``plt.ioff()`` and is not registered with
    pyplot, so it is shown only where the lab puts ``fig.canvas`` in its
    layout (no duplicate figure under the cell) and it works whatever
    backend pyplot uses. The ipympl header, footer and toolbar are hidden.

    Args:
        width, height: size in inches.
        dpi: pixels per inch; 72 keeps Agg rendering cheap.

    Returns:
        The figure; ``fig.canvas`` is an ipympl ``Canvas`` widget.
    """
    from ipympl.backend_nbagg import _Backend_ipympl

    global _figure_counter
    _figure_counter += 1
    with plt.ioff(), warnings.catch_warnings():
        # ipympl 0.10's toolbar passes an argument traitlets deprecates; nothing to fix here
        warnings.filterwarnings("ignore", message="Passing unrecognized arguments", category=DeprecationWarning)
        fig = Figure(figsize=(width, height), dpi=dpi)
        _Backend_ipympl.new_figure_manager_given_figure(100_000 + _figure_counter, fig)
    canvas = fig.canvas
    canvas.header_visible = False
    canvas.footer_visible = False
    canvas.toolbar_visible = False
    canvas.resizable = False
    canvas.capture_scroll = False
    return fig


class _PixelLayer(Artist):
    """Pixels painted 1:1 at the figure's origin, behind everything else.

    A ``figimage`` would do the same through matplotlib's image pipeline,
    which resamples the whole frame on every draw (~9 ms here); handing the
    buffer straight to the renderer costs well under a millisecond.
    """

    zorder = -100

    def __init__(self, pixels: np.ndarray):
        super().__init__()
        self.set_data(pixels)

    def set_data(self, pixels: np.ndarray) -> None:
        """Take an RGBA buffer as Agg returns it (top row first)."""
        self._rows_up = np.ascontiguousarray(pixels[::-1])  # the renderer counts rows from the bottom

    def get_array(self) -> np.ndarray:
        return self._rows_up

    def draw(self, renderer: Any) -> None:
        if not self.get_visible():
            return
        gc = renderer.new_gc()
        renderer.draw_image(gc, 0, 0, self._rows_up)
        gc.restore()


class StaticBackground:
    """Render a figure's unchanging parts once and paint them as one image.

    Tick labels, titles and frames are most of an Agg draw's cost (each text
    costs about a millisecond). After :meth:`freeze`, those static artists are
    hidden and a figure image holding their pixels is drawn instead, so a full
    ``fig.canvas.draw()`` renders one image plus the moving artists. Call
    :meth:`freeze` again after changing something static (axis limits). A
    change of the screen's pixel ratio is noticed after the next draw, which
    re-freezes and asks for one more draw.

    Args:
        fig: the lab's figure.
        dynamic: the artists that change between frames (kept live).
    """

    def __init__(self, fig: Figure, dynamic: list[Any]):
        self.fig = fig
        self.dynamic = list(dynamic)
        self.image = None
        self.static: list[Any] = []
        self._freezing = False
        fig.canvas.mpl_connect("draw_event", self._check_size)

    def _check_size(self, event: Any) -> None:
        """After a draw at a new pixel ratio (HiDPI screen), capture again and redraw."""
        if self._freezing or self.image is None:
            return
        h, w = self.image.get_array().shape[:2]
        if (w, h) != (int(event.renderer.width), int(event.renderer.height)):
            self.freeze()
            self.fig.canvas.draw_idle()

    def freeze(self) -> None:
        """(Re)capture the static layer at the current size and resolution."""
        self._freezing = True
        try:
            self._freeze()
        finally:
            self._freezing = False

    def _freeze(self) -> None:
        fig, live = self.fig, {id(a) for a in self.dynamic}
        for a in self.static:
            a.set_visible(True)
        if self.image is not None:
            self.image.set_visible(False)
        self.static = [fig.patch] + [c for ax in fig.axes for c in ax.get_children()
                                     if id(c) not in live and c.get_visible()]
        shown = [a.get_visible() for a in self.dynamic]
        for a in self.dynamic:
            a.set_visible(False)
        renderer = fig.canvas.get_renderer()
        renderer.clear()
        fig.draw(renderer)  # straight to Agg: nothing is sent to the browser
        pixels = np.asarray(renderer.buffer_rgba()).copy()
        for a, vis in zip(self.dynamic, shown):
            a.set_visible(vis)
        for a in self.static:
            a.set_visible(False)
        if self.image is None:
            self.image = _PixelLayer(pixels)
            fig.add_artist(self.image)
        else:
            self.image.set_data(pixels)
            self.image.set_visible(True)


class Lab:
    """Base class of the interactive labs.

    Subclasses build their figure and controls in ``__init__``, register
    controls with :meth:`add_control`, handles with :meth:`add_handle`,
    readouts by filling :attr:`readouts`, and implement :meth:`reset_state`
    (what "reset" means) and :meth:`redraw` (update artists from the state).

    Attributes:
        fig: the lab's single figure.
        controls: ``{key: widget}`` of every control.
        readouts: ``{key: float}`` of the latest computed values.
        tasks: the "Try this" checklist.
        message: the message area (an HTML widget).
    """

    #: physics steps per simulated second in labs that animate
    dt: float = 2e-3

    def __init__(self) -> None:
        self.controls: dict[str, w.Widget] = {}
        self.handles: dict[str, DragHandle] = {}
        self.readouts: dict[str, float] = {}
        self.tasks = TaskList([])
        self.message = controls.html()
        self.fig: Figure | None = None
        self.widget: w.Widget | None = None

    # -- building blocks for subclasses -------------------------------------------
    def guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap a callback so that no exception ever escapes into the notebook."""

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except FloatingPointError as exc:
                self.recover(text("error_blowup", detail=str(exc)))
            except ValueError as exc:  # bad input, checked before the state changed: keep the state
                self.show_message(text("error_callback", detail=str(exc)))
            except Exception as exc:  # noqa: BLE001 - the point is to catch everything
                self.recover(text("error_callback", detail=f"{type(exc).__name__}: {exc}"))
            return None

        return wrapper

    def add_control(self, key: str, widget: w.Widget, on_change: Callable[[Any], None] | None = None) -> w.Widget:
        """Register ``widget`` under ``key``; ``on_change(new_value)`` runs guarded."""
        self.controls[key] = widget
        if on_change is not None:
            if isinstance(widget, w.Button):
                widget.on_click(self.guard(lambda _b: on_change(None)))
            else:
                widget.observe(self.guard(lambda change: on_change(change["new"])), names="value")
        return widget

    def add_handle(self, name: str, ax: Any, position: Callable[[], tuple[float, float]],
                   on_start: Callable[[], None], on_move: Callable[[float, float], None],
                   on_end: Callable[[], None], radius_px: float | None = 18.0) -> DragHandle:
        """Register a draggable handle (see :class:`~course_lib.widgets.drag.DragHandle`)."""
        handle = DragHandle(name, ax, position, on_start, on_move, on_end, radius_px=radius_px,
                            guard=self.guard, siblings=self.handles)
        self.handles[name] = handle
        return handle

    def show_message(self, msg: str, kind: str = "error") -> None:
        """Show ``msg`` in the message area ("" clears it)."""
        color = {"error": "#b00020", "info": "#205080"}.get(kind, "#333")
        self.message.value = f"<span style='color:{color}'>{_html.escape(msg)}</span>" if msg else ""

    def recover(self, msg: str) -> None:
        """After an error: show ``msg``, reset the state and redraw; never raises."""
        self.show_message(msg)
        try:
            self.on_error()
            self.reset_state()
            self.redraw()
        except Exception:  # noqa: BLE001 - recovery must not raise either
            pass

    def check_input(self, **values: float) -> None:
        """Raise ValueError naming the first input that is not a finite number."""
        for name, v in values.items():
            if not math.isfinite(float(v)):
                raise ValueError(text("error_not_finite", name=name))

    def check_finite(self, **values: float) -> None:
        """Raise FloatingPointError naming the first value that is NaN or infinite."""
        for name, v in values.items():
            if not math.isfinite(float(v)):
                raise FloatingPointError(f"{name} is no longer a finite number")

    # -- what subclasses provide ------------------------------------------------------
    def reset_state(self) -> None:
        """Return the lab's state to its start (not the controls' values)."""

    def redraw(self) -> None:
        """Update artists and readouts from the state, then ``draw_idle``."""

    def on_error(self) -> None:
        """Stop anything running (e.g. the play loop) before recovering."""

    # -- the headless API -------------------------------------------------------------------
    def set(self, key: str, value: Any) -> None:
        """Move control ``key`` to ``value`` as a learner would (buttons: value ignored).

        An unusable value shows a message in the lab instead of raising.

        Raises:
            ValueError: when the lab has no control ``key``.
        """
        if key not in self.controls:
            raise ValueError(f"no control {key!r}; this lab has {sorted(self.controls)}")
        widget = self.controls[key]
        if isinstance(widget, w.Button):
            widget.click()
            return
        try:
            if isinstance(widget, (w.FloatSlider, w.FloatText)) and not math.isfinite(float(value)):
                raise ValueError(text("error_not_finite", name=key, value=value))
            widget.value = value
        except Exception as exc:  # noqa: BLE001 - shown, not raised
            self.show_message(text("error_bad_value", name=key, value=value, detail=str(exc)))

    def drag(self, handle: str, x: float, y: float, steps: int = 5) -> None:
        """Drag ``handle`` to ``(x, y)`` (data coordinates of its axes).

        Sends press, ``steps`` moves and release through the canvas, the same
        path a browser's mouse takes.

        Raises:
            ValueError: when the lab has no handle ``handle``.
        """
        if handle not in self.handles:
            raise ValueError(f"no handle {handle!r}; this lab has {sorted(self.handles)}")
        h = self.handles[handle]
        if not (math.isfinite(float(x)) and math.isfinite(float(y))):
            self.show_message(text("error_bad_value", name=handle, value=(x, y),
                                   detail=text("error_not_finite", name="x, y", value=(x, y))))
            return
        x0, y0 = h.position()
        send_mouse(h.ax, "button_press", x0, y0)
        for k in range(1, steps + 1):
            f = k / steps
            send_mouse(h.ax, "motion_notify", x0 + f * (x - x0), y0 + f * (y - y0))
        send_mouse(h.ax, "button_release", x, y)

    def advance(self, seconds: float) -> None:
        """Advance simulated time by ``seconds`` (labs without time ignore it)."""

    def readout(self, key: str) -> float:
        """The latest value of readout ``key``.

        Raises:
            ValueError: when the lab has no readout ``key``.
        """
        if key not in self.readouts:
            raise ValueError(f"no readout {key!r}; this lab has {sorted(self.readouts)}")
        return self.readouts[key]

    def task_done(self, key: str) -> bool:
        """Whether the "Try this" task ``key`` has been met."""
        return self.tasks.done(key)

    def handle_pixels(self, name: str) -> tuple[float, float]:
        """Canvas pixel position (x right, y down from the top-left) of handle ``name``."""
        from course_lib.widgets.drag import to_pixels

        h = self.handles[name]
        return to_pixels(h.ax, *h.position())

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
