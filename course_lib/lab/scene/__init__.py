"""The scene widget: a 2D drawing made in the browser, animated at display rate.

The kernel describes the scene once (panels, shapes bound to channels, an
optional formula and hold buttons, see :mod:`~course_lib.lab.scene.shapes` and
:mod:`~course_lib.lab.scene.layout`)
and then only sends numbers:

- :meth:`Scene.set_values` shows one state (paused, after a drag or a reset);
- :meth:`Scene.send_chunk` sends frames of the state sampled every ``dt``
  seconds of simulated time, as one binary float64 buffer. The browser plays
  them with ``requestAnimationFrame`` at ``scene.speed`` simulated seconds per
  second, interpolating between frames; it asks for more (``on_need``) about a
  second before its queue runs out, and holds the last frame, saying
  "waiting", if a chunk comes late.

The browser reports back through callbacks: ``on_need``, ``on_playhead``,
``on_drag``, ``on_key`` and ``on_hold``. Everything works headless (no front
end, e.g. under nbval); :meth:`Scene.browser_message` feeds a message as the
browser would send it, for tests.

A posture lab can also hand the scene a prediction (:mod:`course_lib.lab.predict`): JavaScript
generated from the course's sympy expressions, the scene channels it computes from the lab's controls,
and its parameters (the ``predict`` and ``predict_params`` traits). The browser then draws a slider's
move at once and replaces the prediction by the kernel's frame for the same inputs as it arrives.

The browser side is ``course_lib/lab/predict.js`` followed by ``course_lib/lab/scene.js``, one ES
module shipped as is (no build step).
"""

from __future__ import annotations

import copy
import itertools
import math
import pathlib
import weakref
from collections import deque
from typing import Any, Sequence

import anywidget
import numpy as np
import traitlets as t

from course_lib.lab.scene.ink import text_colors
from course_lib.lab.scene.layout import FALLBACK_TEXT, PALETTE, Formula, HoldButton, Panel, check_limits
from course_lib.lab.scene.protocol import BrowserMessages, finite_number
from course_lib.lab.scene.shapes import (
    Arrow,
    Band,
    Bar,
    Bind,
    Cart,
    Disc,
    Ellipse,
    Grid,
    Handle,
    Link,
    Polyline,
    Rail,
    Shape,
    Spring,
    Text,
    Trace,
)

__all__ = [
    "Arrow", "Band", "Bar", "Bind", "Cart", "Disc", "Ellipse", "FALLBACK_TEXT", "Formula", "Grid", "Handle", "HoldButton", "Link",
    "PALETTE", "Panel", "Polyline", "Rail", "Scene", "Shape", "Spring", "Text", "Trace", "live_scenes",
]

ESM_PATH = pathlib.Path(__file__).resolve().parent.parent / "scene.js"
#: the prediction's browser side (course_lib/lab/predict.py), shipped in front of scene.js as one module
PREDICT_PATH = ESM_PATH.with_name("predict.js")


def scene_module() -> str:
    """The scene's ES module: predict.js, then scene.js (neither imports anything; their names do not clash)."""
    return PREDICT_PATH.read_text(encoding="utf-8") + "\n" + ESM_PATH.read_text(encoding="utf-8")
_created = itertools.count(1)
_instances: "weakref.WeakSet[Scene]" = weakref.WeakSet()


def live_scenes() -> list["Scene"]:
    """Every Scene of this kernel that a front end can still show, newest first (for tests and tools)."""
    return sorted((s for s in list(_instances) if s.comm is not None), key=lambda s: -s.created)


class Scene(BrowserMessages, anywidget.AnyWidget):
    """A 2D scene drawn by the browser from channels the kernel sends.

    Args:
        width, height: size in CSS pixels (drawn at the screen's pixel ratio).
        panels: the scene's :class:`Panel` s.
        channels: names of the state's floats, in the column order of frames.
        shapes: the :class:`Shape` s, drawn in this order (later on top).
        formula: an optional :class:`Formula` shown beside the scene.
        keys: make the scene focusable and report ← → and space (``on_key``).
        buttons: optional :class:`HoldButton` s shown under the scene.
        periodic: channel -> period, for channels interpolated on a circle
            (e.g. ``{"theta_deg": 360}``); other channels are interpolated linearly.
        values: the state shown first (channel -> value; missing channels are 0).

    Raises:
        ValueError: duplicate ids, a shape in an unknown panel, a binding to an
            unknown channel, a non-finite number.
    """

    _esm = scene_module()
    width = t.Int(640).tag(sync=True)
    height = t.Int(400).tag(sync=True)
    panels = t.List(t.Dict()).tag(sync=True)
    channels = t.List(t.Unicode()).tag(sync=True)
    shapes = t.List(t.Dict()).tag(sync=True)
    formula = t.Dict(allow_none=True, default_value=None).tag(sync=True)
    #: focusable, reporting ← → and space (the constructor's ``keys``)
    keyboard = t.Bool(False).tag(sync=True)
    buttons = t.List(t.Dict()).tag(sync=True)
    periodic = t.Dict().tag(sync=True)
    palette = t.Dict().tag(sync=True)
    #: the colour each text is written in, readable where it sits (ink.py): {"canvas" | "light" | "dark": {colour: colour}}
    text_colors = t.Dict().tag(sync=True)
    #: {"seq": n, "gen": g, "values": [...], "answers": {"view", "n"}}: the static state (a new seq drops the
    #: browser's queued frames) and the last drag handled before it (protocol.py)
    frame = t.Dict().tag(sync=True)
    #: the browser plays its queued frames while True
    playing = t.Bool(False).tag(sync=True)
    #: simulated seconds per wall-clock second
    speed = t.Float(1.0).tag(sync=True)
    #: a line shown over the scene (empty: none), e.g. a lab's error message
    message = t.Unicode("").tag(sync=True)
    #: unique within the kernel; the page carries it as data-scene-id (tests find "their" scene by it)
    scene_id = t.Unicode("").tag(sync=True)
    # -- accessibility (scene.js, its "accessibility" section) ------------------------------------
    #: the scene's accessible name ("": its panels' titles, joined)
    label = t.Unicode("").tag(sync=True)
    #: the scene's state in words: its accessible description, also shown as plain text under it
    description = t.Unicode("").tag(sync=True)
    #: focusable, Space reporting " " (``on_key``): a simulated lab plays and pauses with it
    play_key = t.Bool(False).tag(sync=True)
    # -- prediction (course_lib/lab/predict.py): the browser draws a slider's move before the kernel answers
    #: {"source", "inputs", "outputs"}: generated code, its input channels and their controls' models; {}: none
    predict = t.Dict().tag(sync=True)
    #: the generated code's parameter values (the arm's, a plot's range)
    predict_params = t.List(t.Float()).tag(sync=True)

    def __init__(self, *, width: int = 640, height: int = 400, panels: Sequence[Panel] = (),
                 channels: Sequence[str] = (), shapes: Sequence[Shape] = (), formula: Formula | None = None,
                 keys: bool = False, buttons: Sequence[HoldButton] = (), periodic: dict[str, float] | None = None,
                 values: dict[str, float] | None = None, **kwargs: Any):
        channels = [str(c) for c in channels]
        if len(set(channels)) != len(channels):
            raise ValueError(f"channel names must be unique, got {channels}")
        if not panels:
            panels = [Panel("main")]
        panel_ids = [p.id for p in panels]
        if len(set(panel_ids)) != len(panel_ids):
            raise ValueError(f"panel ids must be unique, got {panel_ids}")
        shape_ids = [s.id for s in shapes]
        duplicates = sorted({i for i in shape_ids if shape_ids.count(i) > 1})
        if duplicates:
            raise ValueError(f"shape ids must be unique; repeated: {duplicates}")
        for s in shapes:
            if s.panel not in panel_ids:
                raise ValueError(f"shape {s.id!r} is in panel {s.panel!r}, which the scene does not have; "
                                 f"its panels are {panel_ids}")
        if not (isinstance(width, int) and isinstance(height, int) and 50 <= width <= 4000 and 50 <= height <= 4000):
            raise ValueError(f"width and height are whole CSS pixels from 50 to 4000, got {width!r} × {height!r}")
        periodic = {str(k): float(v) for k, v in (periodic or {}).items()}
        for name, period in periodic.items():
            if name not in channels or not (math.isfinite(period) and period > 0):
                raise ValueError(f"periodic: {name!r} -> {period} must name a channel (one of {channels}) "
                                 "and give a positive period")
        if formula is not None:
            for term, ids in formula.terms.items():
                unknown = [i for i in ids if i not in shape_ids]
                if unknown:
                    raise ValueError(f"formula term {term!r} highlights unknown shapes {unknown}; "
                                     f"the scene's shapes are {shape_ids}")
            missing = [name for name in formula.fields() if name not in channels]
            if missing:
                raise ValueError(f"the formula's live fields {missing} are not channels of the scene; "
                                 f"its channels are {channels}")
        self.created = next(_created)
        _instances.add(self)
        # copies: set_shape/set_panel change this scene's shapes, never a lab module's shared definitions
        self._shapes = {s.id: copy.copy(s) for s in shapes}
        self._panels = {p.id: copy.copy(p) for p in panels}
        # kept so that a lab switching language can make their texts again (see widgets/relabel.py)
        self._formula = copy.copy(formula)
        self._buttons = [copy.copy(b) for b in buttons]
        self._values = np.zeros(len(channels))
        self._seq = 0
        self._gen = 0  # the generation of the state shown: restart() begins a new one (a lab's Reset)
        self.outbox: deque[tuple[str, dict[str, Any]]] = deque(maxlen=100)
        super().__init__(
            width=width, height=height, channels=channels, periodic=periodic, palette=dict(PALETTE), keyboard=bool(keys),
            panels=[p.spec() for p in panels], shapes=[s.spec(channels) for s in shapes],
            formula=formula.spec() if formula is not None else None, buttons=[b.spec() for b in buttons],
            scene_id=f"scene-{self.created}", **kwargs)
        self.text_colors = text_colors(self.shapes, self.formula, self.palette)
        self._init_browser_messages()
        self.set_values(values or {})

    def __repr__(self) -> str:
        return FALLBACK_TEXT

    # ---- kernel -> browser -------------------------------------------------------------------

    def set_values(self, values: dict[str, float]) -> None:
        """Show one static state and drop the frames the browser has queued.

        Args:
            values: channel -> value; channels not named keep their last value.

        Raises:
            ValueError: an unknown channel, or a value that is not a finite number
                (nothing is drawn then).
        """
        new = self._values.copy()
        for name, value in values.items():
            if name not in self.channels:
                raise ValueError(f"set_values: unknown channel {name!r}; the scene's channels are {list(self.channels)}")
            new[self.channels.index(name)] = finite_number(value, f"set_values: channel {name!r}")
        self._values = new
        self._seq += 1
        frame = {"seq": self._seq, "gen": self._gen, "values": [float(v) for v in new]}
        if self.answers is not None:
            frame["answers"] = dict(self.answers)
        self.frame = frame
        self.outbox.append(("values", {"values": dict(zip(self.channels, new.tolist()))}))

    @property
    def values(self) -> dict[str, float]:
        """The last state given to :meth:`set_values` (channel -> value)."""
        return dict(zip(self.channels, self._values.tolist()))

    def send_chunk(self, t0: float, dt: float, frames: np.ndarray, *, replace_from: float | None = None,
                   final: bool = False, seek: bool = False) -> None:
        """Send frames for the browser to play: frame i is the state at time t0 + i·dt.

        The browser drops the frames it has queued at times ≥ ``replace_from``
        (≥ t0 when None: a chunk always supersedes what overlaps it) and plays
        these after the ones it keeps.

        Args:
            t0: simulated time of the first frame (s).
            dt: simulated time between frames (s), > 0.
            frames: array of shape (n, len(channels)), n ≥ 1, finite.
            replace_from: simulated time from which queued frames are replaced.
            final: no frame follows this chunk (the browser stops at its end
                instead of waiting for more).
            seek: drop everything queued and move the playhead to t0 (use it
                for the first chunk of a Play, so a late answer to an older
                ``need`` can never be played in its place).

        Raises:
            ValueError: wrong shape, a non-finite entry (naming row and channel),
                dt ≤ 0, non-finite times.
        """
        t0 = finite_number(t0, "send_chunk: t0")
        dt = finite_number(dt, "send_chunk: dt")
        if dt <= 0:
            raise ValueError(f"send_chunk: dt is the time between frames and must be > 0 s, got {dt}")
        cut = t0 if replace_from is None else finite_number(replace_from, "send_chunk: replace_from")
        data = np.asarray(frames, dtype=float)
        n_ch = len(self.channels)
        if data.ndim != 2 or data.shape[1] != n_ch or data.shape[0] < 1:
            raise ValueError(f"send_chunk: frames must have shape (n ≥ 1, {n_ch}) — one column per channel "
                             f"{list(self.channels)} — got shape {data.shape}")
        bad = np.argwhere(~np.isfinite(data))
        if len(bad):
            row, col = bad[0]
            raise ValueError(f"send_chunk: frame {row} (t = {t0 + row * dt:.4g} s) has a non-finite "
                             f"{self.channels[col]} = {data[row, col]}; every value must be finite")
        meta = {"type": "chunk", "t0": t0, "dt": dt, "n": int(data.shape[0]), "replace_from": cut,
                "final": bool(final), "seek": bool(seek), "gen": self._gen}
        self.send(meta, buffers=[np.ascontiguousarray(data, dtype="<f8").tobytes()])
        self.outbox.append(("chunk", meta))

    def restart(self, t: float) -> None:
        """Begin a new generation at time ``t`` (s): every view drops its queued frames and traces, its playhead goes to ``t``.

        Every chunk and static frame carries its generation and the browser drops those of an older one, so
        nothing sent before a restart (a lab's Reset) can be played or drawn after it, whatever order the
        browser's messages arrive in.

        Raises:
            ValueError: a non-finite ``t``.
        """
        t = finite_number(t, "restart: t")
        self._gen += 1
        self.send({"type": "clear", "gen": self._gen, "t": t})
        self.outbox.append(("clear", {"gen": self._gen, "t": t}))

    @property
    def generation(self) -> int:
        """The generation of what the scene shows now (the number of restarts)."""
        return self._gen

    def clear_traces(self) -> None:
        """Empty every :class:`Trace` (in every open view)."""
        self.send({"type": "clear_traces"})
        self.outbox.append(("clear_traces", {}))

    def ask_playhead(self) -> None:
        """Ask the browser to report its playback time now (answered through ``on_playhead``)."""
        self.send({"type": "ask_playhead"})
        self.outbox.append(("ask_playhead", {}))

    def set_shape(self, id: str, **props: Any) -> None:
        """Change static properties of a shape, e.g. ``visible=False`` or a polyline's ``xs``/``ys``.

        Args:
            id: the shape's id.
            **props: field -> new value (bindings allowed where the shape allows them).

        Raises:
            ValueError: unknown shape or field, or a bad value (the shape is unchanged then).
        """
        self.set_shapes({id: props})

    def set_shapes(self, changes: dict[str, dict[str, Any]]) -> None:
        """Change several shapes at once (``{id: {field: value}}``): one update of the shape list.

        A lab that redraws many static curves together (all its plots after a parameter change)
        sends them as one change instead of one per shape. Either every change is made or,
        on the first bad one, none.

        Raises:
            ValueError: unknown shape or field, or a bad value (no shape is changed then).
        """
        specs, olds = {}, []
        try:
            for id, props in changes.items():
                if id not in self._shapes:
                    raise ValueError(f"set_shape: no shape {id!r}; the scene's shapes are {sorted(self._shapes)}")
                shape = self._shapes[id]
                unknown = [k for k in props if k not in vars(shape) or k in ("id", "panel")]
                if unknown:
                    allowed = sorted(k for k in vars(shape) if k not in ("id", "panel"))
                    raise ValueError(f"set_shape: {type(shape).__name__} {id!r} has no settable field {unknown}; "
                                     f"its fields are {allowed}")
                olds.append((shape, dict(vars(shape))))
                vars(shape).update(props)
                specs[id] = shape.spec(self.channels)
        except ValueError:
            for shape, old in reversed(olds):
                vars(shape).update(old)
            raise
        self.shapes = [specs.get(s["id"], s) for s in self.shapes]
        self.text_colors = text_colors(self.shapes, self.formula, self.palette)

    def set_panel(self, id: str, **props: Any) -> None:
        """Change a panel, e.g. its ranges: ``set_panel("energy", ylim=(0, 12))``.

        Raises:
            ValueError: unknown panel or field, or an empty/non-finite range.
        """
        if id not in self._panels:
            raise ValueError(f"set_panel: no panel {id!r}; the scene's panels are {sorted(self._panels)}")
        panel = self._panels[id]
        unknown = [k for k in props if k not in vars(panel) or k == "id"]
        if unknown:
            raise ValueError(f"set_panel: a Panel has no settable field {unknown}; its fields are "
                             f"{sorted(k for k in vars(panel) if k != 'id')}")
        for key in ("xlim", "ylim"):
            if key in props:
                props[key] = check_limits(id, key, props[key])
        old = dict(vars(panel))
        vars(panel).update(props)
        try:
            spec = panel.spec()
        except ValueError:
            vars(panel).update(old)
            raise
        self.panels = [spec if p["id"] == id else p for p in self.panels]

    @t.validate("speed")
    def _check_speed(self, proposal: Any) -> float:
        speed = proposal["value"]
        if not (math.isfinite(speed) and 0 < speed <= 100):
            raise ValueError(f"speed is simulated seconds per second, from 0 (excluded) to 100, got {speed}")
        return speed

