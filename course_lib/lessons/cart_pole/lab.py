"""Lesson 4's lab: the cart-pole, one actuator for two degrees of freedom.

Left: the cart on a ±1.5 m rail with end stops, the pole with a dashed ±20° band.
Right: the (ẍ, θ̈) plane with the segment of accelerations reachable as F runs
over ±20 N (slope −cos θ / l), the current point on it and the purple diamond
at (0, 0). Inputs: the F slider, press-and-hold "◀ push" / "push ▶" buttons,
← → after clicking the scene (space kicks), Auto-balance (LQR), Kick, and the
speed selector with 0.3×. Every number comes from
:class:`~course_lib.physics.models.CartPole` and :mod:`course_lib.physics.cart_pole_balance` (the limits, the LQR gain
and the force law, built on :mod:`course_lib.physics.control`).

The force comes from one controller, sampled by the simulator every step and
held in between: F = clip(slider + push + (Auto-balance ? −K z : 0), ±20 N).

>>> lab = CartPoleLab(theta0=15.0)
>>> lab.set("auto", True); lab.advance(6.0)
>>> abs(lab.readout("theta_deg")) < 0.5, abs(lab.readout("x")) < 0.1
(True, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.lab import controls as c
from course_lib.lab.scene.layout import PALETTE
from course_lib.lab.base import DragHandle
from course_lib.lab.numbers import wrap_degrees
from course_lib.lab.scene import Arrow, Bind, Cart, Disc, Handle, HoldButton, Link, Panel, Polyline, Rail, Scene, Text
from course_lib.lab.simlab import Frames, SimLab
from course_lib.lab.tasks import NotYet, checklist
from course_lib.lessons.cart_pole.messages import CART_POLE
from course_lib.physics.cart_pole_balance import DT, FORCE_LIMIT, KICK, RAIL, balance_force, lesson_cart_pole, lqr_gain

#: a push button or arrow key adds this force (N) until the push slider changes it: gentle enough to balance
#: by hand at 0.3× (10 N gave θ̈ ≈ −12.5 rad/s² near upright, three times gravity's pull at 20°)
PUSH = 4.0
#: the push slider's range (N)
PUSH_RANGE = (1.0, 20.0)
#: task 1: force to reach both ways with Auto-balance off (N)
FORCE_TASK = 15.0
#: task 2: the band (degrees) and how long to stay in it (s)
BAND_DEG, BALANCE_DWELL = 20.0, 5.0
#: with Auto-balance on, a pole past this angle (degrees) is lost
LOST_DEG = 90.0
#: where the pole starts (degrees from upright)
THETA0 = 3.0
CART_W, CART_H = 0.4, 0.2
PURPLE = PALETTE["gravity"]


class CartPoleLab(SimLab):
    """The cart-pole lab. Args: theta0 (degrees from upright, −180…180), clock.

    Raises ValueError naming the argument and what is allowed."""

    messages = CART_POLE
    #: the scene in words (the kit's describe.py), and the main readouts it names with their units
    DESCRIPTION = "cp_description"
    DESCRIBES = {"x": "m", "theta_deg": "°", "F": "N", "t": "s"}
    dt = DT  # the step auto_balance() uses too
    SPEEDS = (("0.3×", 0.3), ("½×", 0.5), ("1×", 1.0), ("2×", 2.0))
    CONTROLS = (c.Slider("force", "cp_force", -FORCE_LIMIT, FORCE_LIMIT, 0.1, 0.0, ".1f", on="on_force"),
                c.Slider("push", "cp_push", *PUSH_RANGE, 0.5, PUSH, ".1f", on="on_push"),
                c.Toggle("auto", "cp_auto", on="on_auto"))

    def __init__(self, theta0: float = THETA0, **kw):
        theta0 = float(theta0)
        if not (np.isfinite(theta0) and -180.0 <= theta0 <= 180.0):
            raise ValueError(f"theta0 must be an angle in degrees from -180 to 180, got {theta0!r}")
        model = lesson_cart_pole()
        self.K = lqr_gain(model)
        self._slider, self._push, self._auto, self.push_size = 0.0, 0.0, False, PUSH
        super().__init__(model, [0.0, np.radians(theta0)], [0.0, 0.0], controller=self._force, **kw)
        self.theta0 = theta0
        self._clear_progress()
        self.tasks = checklist(self, task_prompts(), "cp_task_{key}_hint",
                               checks={"push": self._check_push, "balance": self._check_balance})
        self.readout_html = c.html()
        self.add_handle(DragHandle("cart", "world", lambda: (float(self.now.q[0]), 0.0), self._drag_move))
        self.start(self._scene(), [self.readout_html])
        self.scene.on_hold(self.guard(self._on_hold))
        self.scene.on_key(self.guard(self._on_key))

    # -- the force law, sampled by the simulator --------------------------------------------------------
    def _force(self, t: float, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
        return np.array([balance_force(self.K, q, qd, self._auto, self._slider + self._push), 0.0])

    def _input(self, **changes: float) -> None:
        """Change an input of the force law, from the frame the learner sees on."""
        def apply() -> None:
            for name, value in changes.items():
                setattr(self, name, value)
            self.live.sample_controller()
        self.change(apply)

    # -- the scene ------------------------------------------------------------------------------------------
    def _scene(self) -> Scene:
        T, p = self.T, self.model
        span = RAIL + CART_W / 2
        band = np.radians(BAND_DEG)
        a_max, th_max = 1.25 * FORCE_LIMIT, 1.25 * FORCE_LIMIT / p.l + 2 * p.g / p.l
        d = 0.04
        diamond_x = [a_max * d, 0, -a_max * d, 0, a_max * d]
        diamond_y = [0, th_max * d * 1.6, 0, -th_max * d * 1.6, 0]
        edge = dict(panel="world", y0=-CART_H - 0.05, y1=0.15, width=4, color="ink")
        band_line = dict(panel="world", x0="x", y0=0.0, y1=1.1 * p.l * np.cos(band), width=1, dash=True,
                         color="good")
        return Scene(width=560, height=330, channels=list(self._channels), keys=True,
                     buttons=[HoldButton("push_left", T("cp_push_left")), HoldButton("push_right", T("cp_push_right"))],
                     panels=[
                         Panel("world", 0, 0, 0.56, 1.0, (-span - 0.1, span + 0.1), (-0.95, 1.28), equal=True,
                               axes=False, title=T("cp_title_world")),
                         Panel("acc", 0.64, 0.04, 0.36, 0.78, (-a_max, a_max), (-th_max, th_max),
                               xlabel=T("cp_xlabel_acc"), ylabel=T("cp_ylabel_acc"), title=T("cp_title_acc"))],
                     shapes=[
                         Rail("rail", "world", x0=-span, x1=span, y=-CART_H),
                         Link("stop_left", x0=-span, x1=-span, **edge),
                         Link("stop_right", x0=span, x1=span, **edge),
                         Link("band_left", x1=Bind("x", 1.0, -1.1 * p.l * np.sin(band)), **band_line),
                         Link("band_right", x1=Bind("x", 1.0, 1.1 * p.l * np.sin(band)), **band_line),
                         Cart("cart_body", "world", x="x", y=-CART_H, w=CART_W, h=CART_H),
                         Handle("cart", "world", x="x", y=0.0, r_px=9, axis="x", limits=(-RAIL, RAIL),
                                color="secondary"),  # drawn between the end stops while dragged
                         Link("pole", "world", x0="x", y0=0.0, x1="tip_x", y1="tip_y", width=4, color="primary"),
                         Disc("tip", "world", x="tip_x", y="tip_y", r_px=8),
                         Arrow("force", "world", x="x", y=-CART_H / 2, dx="F", dy=0.0, scale=0.6 / FORCE_LIMIT),
                         Text("state", "world", x=-span, y=1.17, text=T("cp_scene_state")),  # above every pole
                         Text("slope", "world", x=-span, y=0.98, text=T("cp_scene_slope")),
                         # the line's gap from the diamond, too small to see at a few degrees: said in numbers
                         Text("miss", "world", x=-span, y=-0.62, text=T("cp_scene_miss")),
                         Polyline("axis_x", "acc", xs=[-a_max, a_max], ys=[0, 0], color="grid", width=1),
                         Polyline("axis_y", "acc", xs=[0, 0], ys=[-th_max, th_max], color="grid", width=1),
                         Link("line", "acc", x0="lo_xdd", y0="lo_thdd", x1="hi_xdd", y1="hi_thdd", width=2,
                              color="muted"),
                         Disc("point", "acc", x="xdd", y="thdd", r_px=6, color="force"),
                         # the diamond over the point, with a white outline: both stay visible when they meet
                         Polyline("diamond_outline", "acc", xs=diamond_x, ys=diamond_y, color="background", width=5),
                         Polyline("diamond", "acc", xs=diamond_x, ys=diamond_y, color=PURPLE, width=2)])

    _channels = ("x", "theta_deg", "F", "tip_x", "tip_y", "xdd", "thdd", "lo_xdd", "lo_thdd", "hi_xdd", "hi_thdd",
                 "slope", "miss")

    def values(self, f: Frames) -> dict:
        p, x, th, force = f.model, f.q[:, 0], f.q[:, 1], f.tau[:, 0]
        at_zero, per_newton = p.reachable_line(f.q, f.qd)
        acc = at_zero + force[:, None] * per_newton  # q̈ = M⁻¹ (B F − C q̇ − g): linear in F
        lo, hi = at_zero - FORCE_LIMIT * per_newton, at_zero + FORCE_LIMIT * per_newton
        tip = p.pole_tip(f.q)
        return dict(t=f.t, x=x, theta=th, theta_deg=wrap_degrees(np.degrees(th)), x_dot=f.qd[:, 0],
                    theta_dot=f.qd[:, 1], F=force, tip_x=tip[:, 0], tip_y=tip[:, 1], xdd=acc[:, 0], thdd=acc[:, 1],
                    lo_xdd=lo[:, 0], lo_thdd=lo[:, 1], hi_xdd=hi[:, 0], hi_thdd=hi[:, 1],
                    slope=per_newton[:, 1] / per_newton[:, 0],
                    miss=at_zero[:, 1] - at_zero[:, 0] * per_newton[:, 1] / per_newton[:, 0], p_theta=p.momentum(f.q, f.qd)[:, 1],
                    auto=float(self._auto))

    def show(self) -> None:
        r = self.readouts
        mode = self.T("cp_mode_auto" if self._auto else "cp_mode_hand", limit=FORCE_LIMIT)
        k = self.K[0]
        # while playing, the canvas shows x, θ and F at display rate; a line written on the kernel's later
        # report of the playhead would show an earlier frame (F flips sign within one under Auto-balance)
        readouts = "cp_readouts_playing" if self.playing else "cp_readouts"
        self.readout_html.value = "<br>".join([
            self.T(readouts, limit=FORCE_LIMIT, rail=RAIL, mode=mode, **r),
            self.T("cp_gain", k_x=k[0], k_th=k[1], k_xd=k[2], k_thd=k[3])])

    # -- inputs -------------------------------------------------------------------------------------------------
    def build_controls(self) -> list:
        out = super().build_controls()
        out.append(self.add_control("kick", c.button(self.T("cp_kick"), "bolt"), lambda _: self.kick()))
        return out

    def on_force(self, value: float) -> None:
        self.check_input(F=value)
        self._input(_slider=float(value))

    def on_push(self, value: float) -> None:
        """The push buttons' and arrow keys' force (N); a push held now changes with it."""
        self.check_input(push=value)
        size = float(np.clip(value, *PUSH_RANGE))
        direction = np.sign(self._push)
        self.push_size = size
        if direction:
            self._input(_push=direction * size)

    def on_auto(self, value: bool) -> None:
        self._input(_auto=bool(value))

    def kick(self) -> None:
        """A horizontal tap at the pole's tip (KICK N·s), from the frame the learner sees on."""
        def apply() -> None:
            q, qd = self.live.q, self.live.qd
            self.live.set_state(q, self.live.model.tip_impulse(q, qd, KICK))
            self.live.sample_controller()
        self.change(apply)

    def hold(self, button: str, phase: str) -> None:
        """Press ("down") or release ("up") a push button, as the browser reports it (headless API)."""
        self.scene.browser_message({"type": "hold", "id": button, "phase": phase})

    def _on_hold(self, button: str, phase: str) -> None:
        direction = {"push_left": -1.0, "push_right": 1.0}.get(button, 0.0)
        self._press(direction if phase == "down" else 0.0)

    def _on_key(self, key: str, phase: str) -> None:
        if key == " ":
            if phase == "down":
                self.kick()
            return
        direction = {"ArrowLeft": -1.0, "ArrowRight": 1.0}[key]
        if phase == "down":
            self._press(direction)
        elif self._push * direction > 0:  # releasing the key that pushes now
            self._press(0.0)

    def _press(self, direction: float) -> None:
        if self._push == direction * self.push_size:
            return  # a key's auto-repeat: nothing changes
        self._input(_push=direction * self.push_size)
        if direction and not self.playing:
            self.play()  # pushing means time runs

    def _drag_move(self, x: float, y: float) -> None:
        x = float(np.clip(x, -RAIL, RAIL))
        self.set_state([x, self.now.q[1]], [0.0, 0.0])

    # -- tasks, each next to its threshold above ---------------------------------------------------------------
    def reset_state(self) -> None:
        """Back to the start, with F = 0: the slider and any held push let go (the push strength stays)."""
        self._slider, self._push = 0.0, 0.0
        super().reset_state()
        self.live.sample_controller()  # the start state holds F = 0, not the force before Reset
        self.now = self.live.snapshot()
        self._clear_progress()
        if "force" in self.controls:
            self.move_control("force", 0.0)

    def _clear_progress(self) -> None:
        self._high, self._low, self._band_since, self._band_auto, self._lost = -np.inf, np.inf, None, False, False
        self._left_after = 0.0

    def on_frame(self) -> None:
        r, t = self.readouts, self.now.t
        if not self._auto:
            self._high, self._low = max(self._high, r["F"]), min(self._low, r["F"])
        if abs(r["theta_deg"]) <= BAND_DEG:
            if self._band_since is None:
                self._band_since, self._band_auto = t, False
            self._band_auto |= self._auto
        elif self._band_since is not None:
            self._left_after, self._band_since = t - self._band_since, None
        if self._auto and abs(r["theta_deg"]) > LOST_DEG:
            self._lost = True
            if not getattr(self, "_shown", ("",))[0]:  # again after a kick or push cleared the line: it is still down
                self.show_message(self.T("cp_lost", angle=LOST_DEG, limit=FORCE_LIMIT, rail=RAIL), kind="info")

    @property
    def lost(self) -> bool:
        """Whether Auto-balance let the pole pass LOST_DEG since the last reset."""
        return self._lost

    def _check_push(self, lab: "CartPoleLab") -> str | NotYet | None:
        high, low = self._high >= FORCE_TASK, self._low <= -FORCE_TASK
        if high and low:
            return self.T("cp_task_push_value", high=self._high, low=self._low)
        if self._auto and abs(self.readouts["F"]) >= FORCE_TASK:
            return NotYet(self.T("cp_why_push_auto", force=self.readouts["F"]))
        if high:
            return NotYet(self.T("cp_why_push_one_high", done=self._high, low=-FORCE_TASK))
        if low:
            return NotYet(self.T("cp_why_push_one_low", done=self._low, high=FORCE_TASK))
        return None

    def _check_balance(self, lab: "CartPoleLab") -> str | NotYet | None:
        if self._band_since is None:
            return NotYet(self.T("cp_why_balance_out", dwell=self._left_after)) if self._left_after > 0 else None
        dwell = self.now.t - self._band_since
        if dwell < BALANCE_DWELL - 1e-9:
            return None
        key = "cp_task_balance_auto" if self._band_auto else "cp_task_balance_hand"
        return self.T(key, dwell=dwell, band=BAND_DEG)


def task_prompts() -> dict[str, str]:
    """The two task prompts, thresholds filled in from the constants the checks use."""
    T = CART_POLE.text
    return {"push": T("cp_task_push", force=FORCE_TASK),
            "balance": T("cp_task_balance", band=BAND_DEG, dwell=BALANCE_DWELL)}
