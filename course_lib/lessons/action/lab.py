"""Lesson 1's lab: the action of a path, and the true path at the bottom of its valley.

Left, the path q(t) over the horizon T: the true path solid, the perturbed path
q(t) + ε sin(kπt/T) dashed, both end points fixed. Right, S(ε) − S(0) over ε with
the current point. Every number comes from :mod:`course_lib.physics.action`. The dashed
path and the vermilion handle are bound to the channel ``eps``, so the browser moves
them together while the handle is dragged.

Handle ``"grab"`` in panel ``"path"`` (s, m or rad) sits on the first crest of the
mode, t = T/(2k), at height q_true(T/(2k)) + ε; it moves only up and down.

>>> lab = ActionLab()
>>> lab.set("eps", 0.4); lab.set("eps", 0.02)
>>> lab.task_done("valley"), abs(lab.readout("diff")) < 1e-9
(True, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.lab import controls as c
from course_lib.lab.scene.layout import PALETTE
from course_lib.lab.base import DragHandle, Lab
from course_lib.lab.scene import Bind, Disc, Handle, Link, Panel, Polyline, Scene, Text
from course_lib.lab.tasks import TEXT_STYLE, NotYet, checklist
from course_lib.lessons.action.messages import ACTION
from course_lib.physics.action import Ball, action, action_change, ball_delta_s, check_mode, mode_shape
from course_lib.physics.pendulum_bvp import PendulumSwing

#: task 1, the valley: go beyond |ε| > OUT, then come back within |ε| < BACK
VALLEY_OUT, VALLEY_BACK = 0.3, 0.03
#: task 2: with mode k = MODE3_K reach |ε| ≥ MODE3_EPS for both systems
MODE3_K, MODE3_EPS = 3, 0.3
#: the ε slider's range and step (m for the ball, rad for the pendulum)
EPS_MAX, EPS_STEP = 0.5, 0.01
MODES = (1, 2, 3, 4, 5)
SYSTEMS = ("ball", "pendulum")
#: room beside ±EPS_MAX on the S(ε) panel, so that the vermilion point at the ends stays whole inside the frame
EPS_PAD = 0.08
#: the handle and its point on S(ε): the palette's force vermilion (apart from the orange dashes of the path)
HANDLE = PALETTE["force"]
#: samples drawn of the true path, dashes of the perturbed path, points of the S(ε) curve
PATH_POINTS, DASHES, CURVE_POINTS = 121, 40, 101


class ActionLab(Lab):
    """The action lab.

    Args:
        system: ``"ball"`` (m = 1 kg, T = 1 s) or ``"pendulum"`` (m = l = 1, T = 0.8 s, θ from +0.3 to −0.3 rad).
        k: the mode, 1…5.
        eps: ε, within ±0.5 (m or rad).

    Raises:
        ValueError: naming the argument and what is allowed.
    """

    messages = ACTION
    #: the scene in words (the kit's describe.py), and the main readouts it names with their units
    DESCRIPTION = "act_description"
    DESCRIBES = {"eps": "", "S": "J·s", "dS": "J·s"}
    CONTROLS = (c.Slider("eps", "act_eps", -EPS_MAX, EPS_MAX, EPS_STEP, 0.0, ".2f", on="on_eps"),
                c.Dropdown("k", "act_k", tuple((str(k), k) for k in MODES), 1, on="on_k"),
                c.Dropdown("system", "act_system", tuple((ACTION.text(f"act_{s}_name"), s) for s in SYSTEMS), "ball",
                           on="on_system"))

    def __init__(self, system: str = "ball", k: int = 1, eps: float = 0.0):
        super().__init__()
        if system not in SYSTEMS:
            raise ValueError(f"system must be one of {SYSTEMS}, got {system!r}")
        if check_mode(k) not in MODES:
            raise ValueError(f"k must be one of {MODES}, got {k!r}")
        self.check_input(eps=eps)
        if abs(float(eps)) > EPS_MAX:
            raise ValueError(f"eps must lie within ±{EPS_MAX}, got {eps!r}")
        self.systems = {"ball": Ball(), "pendulum": PendulumSwing()}
        self.system, self.k, self.eps = system, int(k), float(eps)
        self._curves: dict[tuple[str, int], tuple[float, np.ndarray]] = {}
        self._compute_curves()
        self._went_out, self._mode3 = False, set()  # task 1 went beyond VALLEY_OUT; task 2 systems done
        self._eps_moved = False  # task 2: ε was moved (slider or drag) since the system or the mode last changed
        self.tasks = checklist(self, task_prompts(), "act_task_{key}_hint",
                               checks={"valley": self._check_valley, "mode3": self._check_mode3})
        self.add_handle(DragHandle("grab", "path", self._handle_position, self._drag_move))
        self.setup_html, self.readout_html = c.html(), c.html()
        self.attach_scene(self._scene())
        column = self.build_controls()
        for key in ("eps", "k", "system"):  # only where asked for another start: the kit takes a value it moved
            if self.controls[key].value != getattr(self, key):  # the kit hears its own move as an echo
                self.move_control(key, getattr(self, key))
        self.layout(column + [self.setup_html, self.readout_html])
        self._show_system()

    # -- the scene -------------------------------------------------------------------------------
    def _scene(self) -> Scene:
        T = self.T
        dash = dict(panel="path", color="secondary", width=2)
        return Scene(width=560, height=400, channels=["eps", "eps_now", "dS"], panels=[
            Panel("path", 0.0, 0.0, 0.56, 0.86, (0.0, 1.0), (-1.0, 1.0), xlabel=T("act_xlabel_t"),
                  title=T("act_title_path_ball")),
            Panel("action", 0.66, 0.0, 0.34, 0.86, (-EPS_MAX - EPS_PAD, EPS_MAX + EPS_PAD), (0.0, 1.0),
                  xlabel=T("act_xlabel_eps"),
                  title=T("act_title_action"), grid=True),
            Panel("text", 0.0, 0.9, 1.0, 0.1, (0, 1), (0, 1), axes=False)], shapes=[
            Polyline("true", "path", color="primary", width=2.5),
            *[Link(f"dash{j}", **dash) for j in range(DASHES)],
            Disc("start", "path", r_px=6, color="ink"),
            Disc("end", "path", r_px=6, color="ink"),
            Handle("grab", "path", x=0.5, y=Bind("eps"), r_px=10, axis="y", color=HANDLE),
            Polyline("zero", "action", xs=[0.0, 0.0], ys=[0.0, 1.0], color="muted", dash=True, width=1),
            Polyline("curve", "action", color="primary", width=2),
            # the S point and the label read eps_now, which only the kernel sets, with dS: while the handle is
            # dragged the browser overrides "eps" (the handle and the dashes follow the pointer), not the pair
            Disc("now", "action", x="eps_now", y="dS", r_px=6, color=HANDLE),
            Text("readout", "text", x=0.0, y=0.5, text=T("act_scene_readout"))])

    def _show_system(self) -> None:
        """Draw what depends on the system and the mode: the true path, the dashes, the handle, the S curve."""
        s, k, scene = self.current, self.k, self.scene
        t = np.linspace(0.0, s.horizon, PATH_POINTS)
        q, _ = s.true_path(t)
        ts = np.linspace(0.0, s.horizon, 2 * DASHES + 1)
        qs, _ = s.true_path(ts)
        eta, _ = mode_shape(ts, s.horizon, k)
        eps_grid, curve = self._curve()
        lo, hi = float(min(q.min(), s.q_start, s.q_end)) - EPS_MAX, float(max(q.max(), s.q_start, s.q_end)) + EPS_MAX
        pad = 0.05 * (hi - lo)
        top = float(curve.max()) * 1.08
        bottom = min(0.0, float(curve.min()) * 1.08) - 0.02 * top
        with scene.hold_sync():
            scene.set_panel("path", xlim=(0.0, s.horizon), ylim=(lo - pad, hi + pad),
                            title=self.T(f"act_title_path_{self.system}"))
            scene.set_panel("action", ylim=(bottom, top))
            x, y = self._crest()
            scene.set_shapes({
                "true": dict(xs=t.tolist(), ys=q.tolist()),
                **{f"dash{j}": dict(x0=float(ts[2 * j]), x1=float(ts[2 * j + 1]),
                                    y0=Bind("eps", float(eta[2 * j]), float(qs[2 * j])),
                                    y1=Bind("eps", float(eta[2 * j + 1]), float(qs[2 * j + 1])))
                   for j in range(DASHES)},
                "start": dict(x=0.0, y=s.q_start), "end": dict(x=s.horizon, y=s.q_end),
                "grab": dict(x=x, y=Bind("eps", 1.0, y)), "zero": dict(ys=[bottom, top]),
                "curve": dict(xs=eps_grid.tolist(), ys=curve.tolist())})
        self._show_setup()
        self.refresh()

    def _show_setup(self) -> None:
        """The sentence that states the system's parameters and ends."""
        s, p = self.current, getattr(self.current, "pendulum", None)
        self.setup_html.value = f"<div style='{TEXT_STYLE}'>" + (self.T("act_setup_ball", m=s.m, T=s.horizon, q0=s.q_start, qT=s.q_end) if p is None
                                 else self.T("act_setup_pendulum", m=p.m, l=p.l, T=s.horizon, q0=s.q_start,
                                             qT=s.q_end, rate=s.theta_dot_start)) + "</div>"

    def retext(self) -> None:
        """After a language switch: the setup sentence too (it is written only when the system changes)."""
        self._show_setup()
        super().retext()

    def _curve(self) -> tuple[np.ndarray, np.ndarray]:
        """ε and S(ε) − S(0) of the S curve for the system and mode shown now."""
        return np.linspace(-EPS_MAX, EPS_MAX, CURVE_POINTS), self._curves[(self.system, self.k)][1]

    def _compute_curves(self) -> None:
        """S(0) and the S curve of every system and mode, once: a change of mode or system then only redraws."""
        eps = np.linspace(-EPS_MAX, EPS_MAX, CURVE_POINTS)
        for name, system in self.systems.items():
            for k in MODES:
                self._curves[(name, k)] = (action(system, 0.0, k), action_change(system, eps, k))

    def _crest(self) -> tuple[float, float]:
        """(t, q_true(t)) at the mode's first crest t = T/(2k), where η = 1."""
        t = self.current.horizon / (2 * self.k)
        return t, float(self.current.true_path(t)[0])

    def _handle_position(self) -> tuple[float, float]:
        t, q = self._crest()
        return t, q + self.eps

    # -- state -> readouts ------------------------------------------------------------------------
    @property
    def current(self) -> Ball | PendulumSwing:
        """The system shown now."""
        return self.systems[self.system]

    def refresh(self) -> None:
        s, k, eps = self.current, self.k, self.eps
        S0 = self._curves[(self.system, k)][0]
        S = action(s, eps, k)
        r = dict(eps=eps, k=float(k), S0=S0, S=S, dS=S - S0)
        if isinstance(s, Ball):
            r["exact"] = ball_delta_s(s, eps, k)
            r["diff"] = r["dS"] - r["exact"]
        self.check_finite(r)
        self.readouts.clear()
        self.readouts.update(r)
        self.scene.set_values({"eps": eps, "eps_now": eps, "dS": r["dS"]})
        text = self.T("act_readouts", k=k, eps=eps, S0=S0, S=S, dS=r["dS"])
        if "exact" in r:
            text += "<br>" + self.T("act_exact", exact=r["exact"], diff=r["diff"])
        self.readout_html.value = f"<div style='{TEXT_STYLE}'>{text}</div>"
        self.tasks.update(self)

    def reset_state(self) -> None:
        self.eps = 0.0
        self.move_control("eps", 0.0)

    # -- callbacks (run guarded) --------------------------------------------------------------------
    def on_eps(self, value: float) -> None:
        self.check_input(ε=value)
        self.show_message("")
        self.eps, self._eps_moved = float(value), True
        self.refresh()

    def on_k(self, value: int) -> None:
        if value not in MODES:
            raise ValueError(f"k must be one of {MODES}, got {value!r}")
        self.k, self._eps_moved = int(value), False
        self._show_system()

    def on_system(self, value: str) -> None:
        if value not in SYSTEMS:
            raise ValueError(f"system must be one of {SYSTEMS}, got {value!r}")
        self.system, self._eps_moved = value, False
        self._show_system()

    def _drag_move(self, x: float, y: float) -> None:
        self.check_input(x=x, y=y)
        eps = self.CONTROLS[0].snap(y - self._crest()[1])  # on the slider's grid, within ±EPS_MAX
        self.move_control("eps", eps)
        self.eps, self._eps_moved = eps, True
        self.refresh()

    # -- tasks, each next to its threshold above ----------------------------------------------------
    def _check_valley(self, lab: "ActionLab") -> str | NotYet | None:
        size = abs(self.eps)
        if size > VALLEY_OUT:
            self._went_out = True
        if not self._went_out:
            return None
        if size < VALLEY_BACK:
            return self.T("act_task_valley_value", eps=self.eps, dS=self.readouts["dS"])
        return NotYet(self.T("act_why_valley_back", out=VALLEY_OUT, back=VALLEY_BACK, eps=self.eps))

    def _check_mode3(self, lab: "ActionLab") -> str | NotYet | None:
        far = abs(self.eps) >= MODE3_EPS - 1e-9  # the slider's 0.3 may arrive as 0.29999999999999993
        if far and self.k == MODE3_K and self._eps_moved:  # only ε moved in this system and mode counts
            self._mode3.add(self.system)
        if self._mode3 == set(SYSTEMS):
            return self.T("act_task_mode3_value", k=MODE3_K)
        if far and self.k != MODE3_K:
            return NotYet(self.T("act_why_mode3_k", k_now=self.k, k=MODE3_K))
        if far and self.system not in self._mode3:  # ε carried over a switch of system or mode
            return NotYet(self.T("act_why_mode3_move", eps=MODE3_EPS, system=self.T(f"act_{self.system}_name"),
                                 k=MODE3_K))
        if self._mode3:
            (done,) = self._mode3
            (other,) = set(SYSTEMS) - self._mode3
            return NotYet(self.T("act_why_mode3_other", done=self.T(f"act_{done}_name"),
                                 other=self.T(f"act_{other}_name")))
        return None


def task_prompts() -> dict[str, str]:
    """The two task prompts, thresholds filled in from the constants the checks use."""
    T = ACTION.text
    return {"valley": T("act_task_valley", out=VALLEY_OUT, back=VALLEY_BACK),
            "mode3": T("act_task_mode3", k=MODE3_K, eps=MODE3_EPS)}
