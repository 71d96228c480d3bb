"""The Lab base class: a browser-drawn scene, declared controls, readouts, tasks and a message line.

Rules every lab follows (they keep labs fast and robust):

- The picture is one :class:`~course_lib.lab.scene.Scene`, drawn by the
  browser. The kernel sends numbers (``scene.set_values``), never pixels.
- Controls are declared (:mod:`~course_lib.lab.controls`) and built
  here; a control either replaces a model parameter, sets a torque, shows a
  group of shapes, or runs the lab's method it names (``on="on_theta"``),
  checked when the lab's class is made.
- Every callback runs through :meth:`Lab.guard`: an exception or a
  non-finite number becomes a message in the lab, the lab resets its state
  and stays usable. NaN is never drawn (the scene refuses it) nor printed.
- A drag always ends: the browser sends "end" on every release, and a new
  "start" or a button press ends a drag whose release was lost.
- A headless API drives the lab exactly as a learner would:
  ``set(key, value)``, ``drag(handle, x, y)``, ``advance(seconds)``,
  ``readout(key)``, ``tasks`` and ``task_done(key)``.
- Running a lab's cell again retires the lab that cell made before (its
  play stops, it no longer answers the browser).
- :func:`course_lib.set_language` switches a lab on screen in place: every
  text it shows is made again in the new language (:meth:`Lab.relabel`),
  without stopping Play.
"""

from __future__ import annotations

import functools
import html as _html
import math
import weakref
from typing import Any, Callable

import ipywidgets as w
import numpy as np

from course_lib.i18n import Message, MessageTable, on_language_change, retranslate
from course_lib.lab import controls
from course_lib.lab.access import MESSAGE_CLASS, Access
from course_lib.lab.describe import Described, described
from course_lib.lab.drags import DragHandle, Drags, panel_pixels  # noqa: F401 - DragHandle: the labs import it from here
from course_lib.lab.following import Following, SentValues
from course_lib.lab.keys import keys_line
from course_lib.lab.messages import text
from course_lib.lab.relabel import relabel_scene, relabel_widgets
from course_lib.lab.tasks import TEXT_STYLE, TaskList
from course_lib.lab.typed_numbers import TypedNumbers, unreadable_message
from course_lib.ui.cells import current_cell
from course_lib.ui.contrast import TEXT_ROLES, theme_style
from course_lib.ui.glyph_style import glyph_style

# -- one lab per notebook cell ----------------------------------------------------------------
_LABS_BY_CELL: dict[str, tuple[int, list["weakref.ref[Lab]"]]] = {}




class Lab(Drags, Following, Described):
    """Base class of the interactive labs.

    A subclass sets :attr:`messages` (its own table) and :attr:`CONTROLS`,
    builds its scene in :meth:`build_scene`, registers handles with
    :meth:`add_handle`, fills :attr:`tasks`, and implements
    :meth:`reset_state` and :meth:`refresh` (state -> readouts and scene).

    Attributes:
        scene: the lab's single Scene widget.
        controls: ``{key: widget}`` of every control.
        readouts: ``{key: float}`` of the latest computed values.
        tasks: the "Try this" checklist.
        message: the message line (an HTML widget).
    """

    #: the lab's sentences (labels, readouts, tasks)
    messages: MessageTable
    #: the lab's controls, declared (see :mod:`~course_lib.lab.controls`)
    CONTROLS: tuple = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Check the wiring of a lab class as it is made: every declared control names exactly one route,
        and a control's ``on=`` names a method of the class.

        Raises:
            TypeError: naming the lab, the control and the missing method (or the routes it names).
        """
        super().__init_subclass__(**kwargs)
        if "refresh" in cls.__dict__:  # every refresh ends by describing the scene (describe.py)
            cls.refresh = described(cls.__dict__["refresh"])
        for spec in cls.CONTROLS:
            named = controls.routes(spec)
            if len(named) != 1:
                raise TypeError(f"{cls.__name__}: control {spec.key!r} must name exactly one of "
                                f"{', '.join(r + '=' for r in controls.ROUTES)}; it names {sorted(named) or 'none'}")
            if "on" in named and not callable(getattr(cls, spec.on, None)):
                raise TypeError(f"{cls.__name__}: control {spec.key!r} has on={spec.on!r}, "
                                f"but {cls.__name__} has no method {spec.on!r}")

    def __init__(self) -> None:
        self.controls: dict[str, w.Widget] = {}
        self.handles: dict[str, DragHandle] = {}
        self.readouts: dict[str, float] = {}
        self.tasks = TaskList([])
        self.message = controls.html()
        self.message.add_class(MESSAGE_CLASS)  # an alert (access.py)
        self.scene: Any = None
        self.widget: w.Widget | None = None
        self.typed_numbers: TypedNumbers | None = None  # made with the layout (lab_box)
        self.dragging: str | None = None
        self.retired = False
        self._quiet = 0  # > 0 while the kit moves a control itself (no callback)
        self._sent = SentValues()  # what the kit showed on each control, until the learner moves it
        self._claim_cell()
        on_language_change(self._language_changed)  # held weakly: a lab nobody keeps is not kept alive

    def T(self, key: str, **values: Any) -> str:
        """The lab's sentence ``key`` (from :attr:`messages`)."""
        return self.messages.text(key, **values)

    # -- building blocks for subclasses ---------------------------------------------------------
    def guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap a callback so that no exception ever escapes into the notebook."""

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if self.retired:
                return None
            try:
                return fn(*args, **kwargs)
            except FloatingPointError as exc:
                self.recover(text("error_blowup", detail=_detail(exc)))
            except ValueError as exc:  # bad input, refused before the state changed: keep the state
                self.show_message(text("error_callback", detail=_detail(exc)))
            except Exception as exc:  # noqa: BLE001 - the point is to catch everything
                self.recover(text("error_handler", detail=f"{type(exc).__name__}: {exc}"))
            return None

        return wrapper

    def build_controls(self) -> list[w.Widget]:
        """Build the declared :attr:`CONTROLS`; returns their widgets in order."""
        out = []
        for spec in self.CONTROLS:
            widget = spec.build(self.T(spec.label))
            self.add_control(spec.key, widget, functools.partial(self.control_changed, spec))
            out.append(widget)
        return out

    def control_changed(self, spec: Any, value: Any) -> None:
        """A declared control moved: show its group of shapes, or run the method its ``on=`` names
        (see :mod:`~course_lib.lab.controls`)."""
        if getattr(spec, "shows", ()):
            for shape in spec.shows:
                self.scene.set_shape(shape, visible=bool(value))
            self.refresh()
        elif spec.on is not None:
            getattr(self, spec.on)(value)  # a name checked when the class was made (__init_subclass__)
        else:
            raise TypeError(f"{type(self).__name__}: nothing handles control {spec.key!r} "
                            f"({controls.routes(spec)}); a plain Lab runs on= or shows=")

    def add_control(self, key: str, widget: w.Widget, on_change: Callable[[Any], None] | None = None) -> w.Widget:
        """Register ``widget`` under ``key``; ``on_change(new_value)`` runs guarded."""
        self.controls[key] = widget
        if on_change is not None:
            if isinstance(widget, w.Button):
                widget.on_click(self.guard(lambda _b: on_change(None)))
            else:
                widget.observe(self.guard(lambda change: self._quiet or self._is_echo(key, change["new"])
                                          or on_change(change["new"])), names="value")
        return widget

    def attach_scene(self, scene: Any) -> Any:
        """Keep ``scene`` as the lab's picture and route its drags to the handles."""
        self.scene = scene
        scene.on_drag(self.guard(self._on_drag))
        return scene

    #: True: the ``below`` rows (readouts) go under the scene, in its column, instead of under the whole lab;
    #: a tall control column then leaves no empty block under the scene, and the readouts stay near the sliders
    READOUTS_UNDER_SCENE = False

    def layout(self, column: list[w.Widget], below: list[w.Widget] = ()) -> w.Widget:
        """The scene with a column beside it (controls, then checklist, then message), and rows below
        (under the scene only, with :attr:`READOUTS_UNDER_SCENE`)."""
        side = w.VBox(list(column) + [self.tasks.widget, self.message], layout=controls.COLUMN_LAYOUT)
        if self.READOUTS_UNDER_SCENE and below:
            left = w.VBox([self.scene, *below], layout={"max_width": f"{self.scene.width + 20}px"})
            return self.lab_box([controls.beside(left, side)])
        return self.lab_box([controls.beside(self.scene, side), *below])

    def lab_box(self, rows: list[w.Widget]) -> w.Widget:
        """The lab's outer box: ``rows`` and the lab's hidden helpers (glyph style; slider boxes that read
        full-width digits, :mod:`~course_lib.lab.typed_numbers`). A lab with a layout of its own calls it too."""
        controls.align_labels(self.controls.values())  # one label column: every slider's track starts at one x
        self.typed_numbers = TypedNumbers(self.guard(self._unreadable_number))
        self.access = Access(self.control_labels())
        keys = keys_line(getattr(self, "scene", None))  # the keys the scene takes, in words (keys.py)
        self.widget = w.VBox([*rows, *([keys] if keys else []), glyph_style(), theme_style(), self.typed_numbers,
                              self.access])
        self.widget.add_class("cl-lab")
        return self.widget

    def control_labels(self) -> list[str]:
        """The visible labels of the lab's controls, and of those without one their tooltip (access.py)."""
        return [getattr(wd, "description", "") or getattr(wd, "tooltip", "") or "" for wd in self.controls.values()]

    def _unreadable_number(self, label: str, typed: str) -> None:
        """The browser could not read what was typed into slider ``label``'s box: say so (the value stays)."""
        self.show_message(unreadable_message(label, typed))

    def show_message(self, msg: str, kind: str = "error") -> None:
        """Show ``msg`` in the message line ("" clears it)."""
        self._shown = (msg, kind)  # kept so that a language switch can show it again
        role = f" class='cl-text-{kind}'" if kind in TEXT_ROLES else ""  # its colour in either theme (contrast.py)
        # a div with the checklist's line height: the HTML widget's own (one control's height) spaces wrapped lines apart
        self.message.value = (f"<div{role} style='{TEXT_STYLE}'>{_html.escape(msg)}</div>" if msg else "")

    def recover(self, msg: str) -> None:
        """After an error: show ``msg``, reset the state and redraw; never raises."""
        self.show_message(msg)
        self.dragging = None
        try:
            self.on_error()
            self.reset_state()
            self.refresh()
        except Exception:  # noqa: BLE001 - recovery must not raise either
            pass

    @staticmethod
    def check_input(**values: Any) -> None:
        """Raise ValueError naming the first input that is not a finite number."""
        for name, v in values.items():
            try:
                ok = math.isfinite(float(v)) and not isinstance(v, bool)
            except (TypeError, ValueError):
                ok = False
            if not ok:
                raise ValueError(text("error_not_finite", name=name))

    @staticmethod
    def check_finite(values: dict[str, Any]) -> None:
        """Raise FloatingPointError naming the first value that is NaN or infinite (anywhere in an array)."""
        for name, v in values.items():
            if not np.all(np.isfinite(v)):
                raise FloatingPointError(f"{name} is no longer a finite number")

    # -- what subclasses provide ---------------------------------------------------------------
    def reset_state(self) -> None:
        """Return the lab's state to its start (not the controls' values)."""

    def refresh(self) -> None:
        """Recompute the readouts from the state and show them (scene, text, tasks)."""

    def on_error(self) -> None:
        """Stop anything running (e.g. play) before recovering."""

    # -- the headless API -------------------------------------------------------------------------
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
                raise ValueError(text("error_not_finite", name=key))
            widget.value = value
        except Exception as exc:  # noqa: BLE001 - shown, not raised
            self.show_message(text("error_bad_value", name=key, value=value, detail=_detail(exc)))

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

    def shown_text(self) -> str:
        """Every text the lab shows outside the scene (readouts, checklist, message), for checks."""
        return " ".join([self.tasks.html, self.message.value] + [v.value for v in vars(self).values()
                                                                 if isinstance(v, w.HTML)])

    # -- language ---------------------------------------------------------------------------------------
    def relabel(self) -> None:
        """Show every text of the lab in the language in force now (after :func:`course_lib.set_language`).

        Control labels, the scene's titles, texts and formula, the checklist and the message line are
        made again from their message tables; the readouts are rewritten by :meth:`show` (or a full
        :meth:`refresh` when nothing plays). The state, the controls' values and Play are untouched.
        """
        self._quiet += 1  # a dropdown whose option texts change keeps its value: not a learner's choice
        try:
            relabel_widgets(self.widget if self.widget is not None else self.message)
            for widget in self.controls.values():
                relabel_widgets(widget)
            controls.align_labels(self.controls.values())  # the new language's labels: one column again
        finally:
            self._quiet -= 1
        if self.scene is not None:
            relabel_scene(self.scene)
        self.tasks.relabel()
        if getattr(self, "access", None) is not None:
            self.access.relabel(self.control_labels())
        msg, kind = getattr(self, "_shown", ("", "error"))
        if msg:
            self.show_message(retranslate(msg), kind)
        self.retext()

    def retext(self) -> None:
        """Rewrite the texts made from the state (a lab without time: a full refresh)."""
        self.refresh()

    def _language_changed(self) -> bool:
        """Listener of :func:`course_lib.set_language`: relabel, never raising. False (stop listening)
        once the lab is retired or its widget closed: a retired lab keeps its texts."""
        if self.retired or (self.widget is not None and self.widget.comm is None):
            return False
        self.guard(self.relabel)()
        return True

    # -- lifetime -------------------------------------------------------------------------------------
    def _claim_cell(self) -> None:
        """Retire the lab an earlier run of this notebook cell made (its play stops)."""
        cell = current_cell()
        if cell is None:
            return
        run, labs = _LABS_BY_CELL.get(cell[0], (cell[1], []))
        if run != cell[1]:  # the cell ran again: every lab of its earlier run stops
            for ref in labs:
                if ref() is not None:
                    ref().retire()
            labs = []
        _LABS_BY_CELL[cell[0]] = (cell[1], labs + [weakref.ref(self)])

    def retire(self) -> None:
        """Stop this lab for good: pause, ignore the browser from now on, say so."""
        try:
            self.on_error()
        finally:
            self.retired = True
            self.show_message(text("error_old_lab"), kind="info")

    def close(self) -> None:
        """Retire the lab and close its widgets (a lab only driven from code, never shown)."""
        self.retire()
        for widget in [self.scene, self.widget, *self.controls.values()]:
            if widget is not None:
                widget.close()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def _detail(exc: BaseException) -> str:
    """What went wrong, as the exception says it; a course message stays a Message (it can switch language)."""
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Message) else str(exc)

