"""Lesson 3's lab: the 2R arm as a full simulator, with its equation live and an energy ledger.

Drag the elbow or the tip to pose the arm (the simulation pauses while you hold it); τ₁, τ₂
and b sliders, gravity on/off, explicit Euler or RK4 with a step h of 0.5–20 ms, Play, Step,
Reset, "Run 10 s" and "Hold: τ = g(q) − Jᵀh_e". The f_x, f_y sliders push the tool with a constant
force h_e (N, drawn as a red arrow at the tip), which enters the equation as Jᵀh_e. The equation
M q̈ + C q̇ + g = τ + Jᵀh_e − b q̇ is shown with its numbers, inertia and velocity terms sky blue, gravity
amber, inputs purple, the push red; hovering a term lights up its quantity in the drawing. The ledger
plots E − E₀ (amber), the work W of τ and friction (purple) and the push's work W_ext (red) since the
last release; the gap (E − E₀) − W − W_ext is the integrator's error.
"drop C q̇" simulates the arm without its velocity term, and the ledger shows it.

Every number comes from :class:`~course_lib.physics.models.TwoLinkArm`. Handles ``"elbow"`` and
``"tip"`` in panel ``"world"`` (metres, base at the origin, y up).

>>> lab = ArmSimLab()
>>> lab.set("hold", True); lab.advance(1.0)
>>> float(np.abs(lab.now.qd).max()) < 1e-9, lab.readout("tau1") == float(lab.model.gravity(lab.now.q)[0])
(True, True)
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from course_lib.lab import controls as c
from course_lib.lab.scene.layout import PALETTE
from course_lib.lab.arm2r import PLAIN, PosedSimArm, arm_shapes
from course_lib.lab.numbers import capped, energy_text  # noqa: F401 - energy_text: the ledger's numbers
from course_lib.lab.scene import Arrow, Disc, Formula, Panel, Polyline, Scene, Text, Trace
from course_lib.lab.simlab import Frames, SimLab
from course_lib.lab.tasks import checklist
from course_lib.lessons.two_link.messages import ARM_SIM
from course_lib.lessons.two_link.push import ToolPush
from course_lib.lessons.two_link.tasks import (  # noqa: F401
    EULER_ERROR,
    EULER_H,
    HOLD_DWELL,
    HOLD_SPEED,
    HALVING,
    PUSH_DWELL,
    PUSH_MIN,
    PUSH_TAU,
    RK4_ERROR,
    RK4_H,
    RUNS_KEPT,
    ArmSimTasks,
    task_prompts,
)
from course_lib.physics.models import TwoLinkArm
from course_lib.physics.models.pitfalls import TwoLinkArmWithoutCoriolis

#: the default posture (rad): well away from hanging, so that explicit Euler's error is tens of joules
Q0 = (0.5, 0.5)
#: how long "Run 10 s" runs (s of simulated time, a whole number of steps h: every h offered divides it)
RUN = 10.0
STEPS_MS = (0.5, 1.0, 2.0, 2.5, 5.0, 10.0, 20.0)
#: the lesson's colours (the palette's): inertia and velocity terms sky blue, gravity amber, inputs purple, the push red
COLORS = {"inertia": PALETTE["tertiary"], "gravity": PALETTE["secondary"], "input": PALETTE["gravity"], "push": PALETTE["force"]}
#: drawing scales: weight arrows (m per N), velocity arrows (m per m/s) and their longest length (m)
WEIGHT_SCALE, VELOCITY_SCALE, ARROW_MAX = 0.02, 0.08, 0.6
#: the tool-force sliders' range (N), and the push arrow's scale (m per N: the same as the weights')
PUSH_RANGE, PUSH_SCALE = 30.0, WEIGHT_SCALE
#: each push slider's width: two side by side fit under the 560 px drawing
PUSH_SLIDER_WIDTH = "280px"
#: the ledger plot keeps at most this many points (the history is thinned evenly beyond)
LEDGER_POINTS = 400


class ArmSimLab(ArmSimTasks, ToolPush, PosedSimArm, SimLab):
    """The 2R arm simulator. Args: q0 = (θ₁ from the horizontal, θ₂ relative) in rad, arm, clock.

    Raises ValueError naming the argument and what is allowed."""

    messages = ARM_SIM
    #: the scene in words (the kit's describe.py), and the main readouts it names with their units
    DESCRIPTION = "arm_sim_description"
    DESCRIBES = {"th1w": "rad", "th2w": "rad", "t": "s", "E": "J", "W": "J", "fx": "N", "fy": "N",
                 "Wext": "J"}
    dt = 0.001
    CONTROLS = (c.Slider("tau1", "arm_tau1", -40, 40, 0.01, 0.0, torque=0),  # 0.01: Hold's g(q) shown as computed
                c.Slider("tau2", "arm_tau2", -20, 20, 0.01, 0.0, torque=1),
                c.Slider("b", "arm_b", 0, 2, 0.05, 0.0, param="b"),
                c.Toggle("gravity", "arm_gravity", True, on="on_gravity"),
                c.Dropdown("method", "arm_method", ((ARM_SIM.text("arm_method_rk4"), "rk4"),
                                                    (ARM_SIM.text("arm_method_euler"), "explicit_euler")),
                           "rk4", sim="method"),
                c.Dropdown("dt", "arm_dt", tuple((f"{ms:g} ms", ms / 1000) for ms in STEPS_MS), 0.001, sim="dt"),
                c.Slider("fx", "arm_fx", -PUSH_RANGE, PUSH_RANGE, 0.5, 0.0, fmt=".1f", on="on_push"),
                c.Slider("fy", "arm_fy", -PUSH_RANGE, PUSH_RANGE, 0.5, 0.0, fmt=".1f", on="on_push"),
                c.Toggle("hold", "arm_hold", on="on_hold"),
                c.Toggle("drop_c", "arm_drop_c", on="on_drop_c"))

    def __init__(self, q0: Any = Q0, arm: TwoLinkArm | None = None, **kw: Any):
        try:
            q0 = [float(v) for v in q0]
        except (TypeError, ValueError):
            q0 = None
        if q0 is None or len(q0) != 2 or not all(map(math.isfinite, q0)):
            raise ValueError(ARM_SIM.text("arm_error_q0", value=q0))
        arm = TwoLinkArm() if arm is None else arm
        if not isinstance(arm, TwoLinkArm):
            raise ValueError(f"arm must be a TwoLinkArm, got {type(arm).__name__}")
        self.g_on = arm.g  # gravity's value while the switch is on (m/s²)
        super().__init__(arm, q0, [0.0, 0.0], **kw)
        # (E₀, W₀, W_ext₀) of the ledger
        self._origin = (float(arm.total_energy(self.now.q, self.now.qd)), 0.0, 0.0)
        self._history: list[tuple[float, float, float, float]] = []  # (t, E − E₀, W, W_ext) of the frames seen
        self._plotted = 0
        self._hold, self._before_hold = None, None  # (q, speed, h_e) where Hold was switched on; the τ it replaced
        self._run: dict[str, Any] | None = None  # the last Run 10 s: its settings and its error
        self._runs: list[dict[str, Any]] = []  # the Run 10 s of this lab, oldest first (Reset keeps them)
        self.tasks = checklist(self, task_prompts(), "arm_task_{key}_hint",
                               checks={"euler": self._check_euler, "rk4": self._check_rk4, "hold": self._check_hold,
                                       "push": self._check_push}, hold={"hold": HOLD_DWELL, "push": PUSH_DWELL})
        self.readout_html = c.html()
        self.autoscale("ledger", "xlim", ["t"], (0.0, RUN))
        self.autoscale("ledger", "ylim", ["dE", "W", "Wext"], (-1.0, 1.0))
        self.add_arm_handles()
        self.start(self._scene(), [self.readout_html])

    def build_controls(self) -> list:
        """The controls in compact rows (two toggles or a toggle and a button per row), so the lab fits 1366×768."""
        import ipywidgets as w

        built = dict(zip((spec.key for spec in self.CONTROLS), super().build_controls()))
        run = self.add_control("run10", c.button(self.T("arm_run10"), "forward"), lambda _: self.run10())
        run.tooltip = self.T("arm_run10_tooltip")
        built["run10"] = run
        row = lambda *keys: w.HBox([built[k] for k in keys])  # noqa: E731
        for key in ("fx", "fy"):  # the push's two sliders side by side under the drawing, where the column has no room
            built[key].layout.width = PUSH_SLIDER_WIDTH
        self._under = [row("fx", "fy"), row("method", "dt")]  # the integrator's two choices beside each other too
        return [built["tau1"], built["tau2"], built["b"], row("gravity", "drop_c"), row("hold", "run10")]

    def start(self, scene: Scene, below: list = ()) -> None:
        super().start(scene, below)
        self.controls["reset"].tooltip = self.T("arm_reset_tooltip")  # the kit's Reset: what it keeps

    # -- the scene ------------------------------------------------------------------------------------------------
    _channels = ("ex", "ey", "tx", "ty", "c1x", "c1y", "c2x", "c2y", "w1", "w2", "v1x", "v1y", "v2x", "v2y",
                 "t", "dE", "W", "gap", "th1w", "th2w", "Mqdd1", "Mqdd2", "Cqd1", "Cqd2", "g1", "g2",
                 "tau1", "tau2", "bqd1", "bqd2", "hx", "hy", "Wext", "JTh1", "JTh2")

    def _scene(self) -> Scene:
        """560 × 340 px: the arm in a square on the left, the ledger and its numbers on the right, the
        live equation under it in three short rows (the whole lab fits a 1366×768 screen)."""
        T, arm = self.T, self.model
        r = 1.04 * (arm.l1 + arm.l2)  # any posture fits; the corners hold the angle and torque readouts
        world = dict(panel="world")
        row = lambda i: [  # noqa: E731 - one row of the live equation, joint i
            T(f"arm_formula_row{i}"), (f"{{Mqdd{i}:.3g}}", "inertia"), T("arm_formula_plus"),
            (f"{{Cqd{i}:.3g}}", "velocity"), T("arm_formula_plus"), (f"{{g{i}:.3g}}", "gravity"), T("arm_formula_eq"),
            (f"{{tau{i}:.3g}}", "tau"), T("arm_formula_plus"), (f"{{JTh{i}:.3g}}", "push"), T("arm_formula_minus"),
            (f"{{bqd{i}:.3g}}", "friction")]
        formula = Formula(
            [(T("arm_formula_Mqdd"), "inertia"), T("arm_formula_plus"), (T("arm_formula_Cqd"), "velocity"),
             T("arm_formula_plus"), (T("arm_formula_g"), "gravity"), T("arm_formula_eq"),
             (T("arm_formula_tau"), "tau"), T("arm_formula_plus"), (T("arm_formula_JTh"), "push"),
             T("arm_formula_minus"), (T("arm_formula_bqd"), "friction"),
             T("arm_formula_units"), *row(1), *row(2)],
            terms={"inertia": ["link1", "link2", "com1", "com2"], "velocity": ["v1", "v2"],
                   "gravity": ["weight1", "weight2"], "tau": ["motor1", "motor2"], "friction": ["motor1", "motor2"],
                   "push": ["push"]},
            colors={"inertia": COLORS["inertia"], "velocity": COLORS["inertia"], "gravity": COLORS["gravity"],
                    "tau": COLORS["input"], "friction": COLORS["input"], "push": COLORS["push"]}, below=True)
        return Scene(width=560, height=340, channels=list(self._channels), formula=formula, panels=[
            Panel("world", 0, 0, 0.56, 1.0, (-r, r), (-r, r), equal=True, axes=False, title=T("arm_title_world")),
            Panel("ledger", 0.6, 0.0, 0.4, 0.74, (0.0, RUN), (-1.0, 1.0), xlabel=T("arm_xlabel_ledger"),
                  title=T("arm_title_ledger"), grid=True),
            Panel("text", 0.57, 0.76, 0.43, 0.24, (0, 1), (0, 1), axes=False)], shapes=[
            Disc("motor1", **world, x=0, y=0, r_px=13, color=COLORS["input"], alpha=0.45),
            Disc("motor2", **world, x="ex", y="ey", r_px=13, color=COLORS["input"], alpha=0.45),
            *arm_shapes("world", PLAIN, between=[
                Disc("com1", **world, x="c1x", y="c1y", r_px=4, color="ink"),
                Disc("com2", **world, x="c2x", y="c2y", r_px=4, color="ink"),
                Arrow("weight1", **world, x="c1x", y="c1y", dx=0, dy="w1", scale=WEIGHT_SCALE,
                      color=COLORS["gravity"]),
                Arrow("weight2", **world, x="c2x", y="c2y", dx=0, dy="w2", scale=WEIGHT_SCALE,
                      color=COLORS["gravity"]),
                Arrow("v1", **world, x="c1x", y="c1y", dx="v1x", dy="v1y", color=COLORS["inertia"]),
                Arrow("v2", **world, x="c2x", y="c2y", dx="v2x", dy="v2y", color=COLORS["inertia"]),
                Arrow("push", **world, x="tx", y="ty", dx="hx", dy="hy", scale=PUSH_SCALE, color=COLORS["push"])]),
            Text("angles", **world, x=-r, y=-r, dy_px=-18, text=T("arm_scene_angles")),
            Text("torques", **world, x=-r, y=-r, text=T("arm_scene_torques"), color=COLORS["input"]),
            Polyline("ledger_E", "ledger", color=COLORS["gravity"], width=2),
            Polyline("ledger_W", "ledger", color=COLORS["input"], width=2, dash=True),
            Polyline("ledger_X", "ledger", color=COLORS["push"], width=2, dash=True),
            Trace("trace_E", "ledger", x="t", y="dE", color=COLORS["gravity"], width=2, max_points=1200),
            Trace("trace_W", "ledger", x="t", y="W", color=COLORS["input"], width=2, dash=True, max_points=1200),
            Trace("trace_X", "ledger", x="t", y="Wext", color=COLORS["push"], width=2, dash=True, max_points=1200),
            Disc("now_E", "ledger", x="t", y="dE", r_px=4, color=COLORS["gravity"]),
            Disc("now_W", "ledger", x="t", y="W", r_px=4, color=COLORS["input"]),
            Text("legend_E", "text", x=0.0, y=0.86, text=T("arm_legend_E"), color=COLORS["gravity"]),
            Text("legend_W", "text", x=0.0, y=0.62, text=T("arm_legend_W"), color=COLORS["input"]),
            Text("legend_X", "text", x=0.0, y=0.38, text=T("arm_legend_Wext"), color=COLORS["push"]),
            Text("ledger", "text", x=0.0, y=0.12, text=T("arm_scene_ledger"))])

    # -- values of N frames ---------------------------------------------------------------------------------------
    def values(self, f: Frames) -> dict:
        p, q, qd, tau = f.model, f.q, f.qd, f.tau
        joints, coms = p.joint_positions(q), p.com_positions(q)
        J1, J2 = p.com_jacobians(q)
        v1, v2 = np.einsum("nij,nj->in", J1, qd), np.einsum("nij,nj->in", J2, qd)
        (v1x, v1y), (v2x, v2y) = (VELOCITY_SCALE * capped(v, ARROW_MAX / VELOCITY_SCALE) for v in (v1, v2))
        qdd = p.forward_dynamics(q, qd, tau)
        Mqdd = np.einsum("nij,nj->ni", p.mass_matrix(q), qdd)
        Cqd = np.einsum("nij,nj->ni", p.coriolis_matrix(q, qd), qd)
        grav, fric = p.gravity(q), p.friction(qd)
        E = np.asarray(p.total_energy(q, qd), dtype=float)
        h_e = f.tool_force
        JTh = np.einsum("nji,nj->ni", p.jacobian(q), h_e)  # Jᵀ h_e, as tool_force_torque computes it
        dE, W, Wext = E - self._origin[0], f.work - self._origin[1], f.work_ext - self._origin[2]
        gap = dE - W - Wext
        out = dict(t=f.t, ex=joints[:, 1, 0], ey=joints[:, 1, 1], tx=joints[:, 2, 0], ty=joints[:, 2, 1],
                   c1x=coms[:, 0, 0], c1y=coms[:, 0, 1], c2x=coms[:, 1, 0], c2y=coms[:, 1, 1],
                   w1=-p.m1 * p.g + 0 * E, w2=-p.params.m2 * p.g + 0 * E, v1x=v1x, v1y=v1y, v2x=v2x, v2y=v2y,
                   E=E, dE=dE, W=W, Wext=Wext, gap=gap, speed=np.abs(qd).max(axis=1),
                   fx=h_e[:, 0], fy=h_e[:, 1], hx=h_e[:, 0], hy=h_e[:, 1], push=np.hypot(h_e[:, 0], h_e[:, 1]),
                   b=p.b[0], g=p.g, drop_c=float(isinstance(p, TwoLinkArmWithoutCoriolis)),
                   th1w=np.remainder(q[:, 0] + np.pi, 2 * np.pi) - np.pi, th2w=np.remainder(q[:, 1] + np.pi, 2 * np.pi) - np.pi)
        for i in (0, 1):
            k = i + 1
            out.update({f"theta{k}": q[:, i], f"qd{k}": qd[:, i], f"qdd{k}": qdd[:, i], f"Mqdd{k}": Mqdd[:, i],
                        f"Cqd{k}": Cqd[:, i], f"g{k}": grav[:, i], f"tau{k}": tau[:, i], f"bqd{k}": fric[:, i],
                        f"JTh{k}": JTh[:, i], f"lhs{k}": Mqdd[:, i] + Cqd[:, i] + grav[:, i],
                        f"rhs{k}": tau[:, i] + JTh[:, i] - fric[:, i]})
        return out

    def layout(self, column: list, below: list = ()) -> Any:
        """The push's sliders, the integrator's choices and the readouts under the drawing and its equation (not
        under the taller control column), so that the checklist and t, q, τ, E and the gap stay in view at 1366×768."""
        import ipywidgets as w

        side = w.VBox(list(column) + [self.tasks.widget, self.message], layout=c.COLUMN_LAYOUT)
        return self.lab_box([c.beside(w.VBox([self.scene, *self._under, *below], layout={"max_width": "580px"}),
                                      side)])

    def show(self) -> None:
        r = self.readouts
        lines = [self.T("arm_readouts", **r, gap_text=energy_text(r["gap"]))]
        if r["push"] > 0:
            lines.append(self.T("arm_readout_push", **r))
        if self._hold is not None:
            lines.append(self.T("arm_readout_hold", tau1=r["tau1"], tau2=r["tau2"], q1=self._hold[0][0],
                                q2=self._hold[0][1], fx=self._hold[2][0], fy=self._hold[2][1]))
        if self._run is not None:
            lines.append(self.T("arm_readout_run", method=self._method_name(self._run["method"]),
                                h_ms=self._run["dt"] * 1e3, error=energy_text(self._run["error"])))
        if r["drop_c"]:
            lines.append(f"<i>{self.T('arm_readout_drop_c')}</i>")
        self.readout_html.value = "<br>".join(lines)
        self._plot_ledger()

    def _plot_ledger(self) -> None:
        """Send the ledger's history as two polylines when the lab is still (pause, step, Run 10 s, drag, reset)."""
        n = len(self._history)
        if n == self._plotted or self.playing:  # during Play the browser's traces draw the ledger
            return
        rows = np.array(self._history or [(self.t, 0.0, 0.0, 0.0)])
        if len(rows) > LEDGER_POINTS:
            rows = rows[np.linspace(0, len(rows) - 1, LEDGER_POINTS).round().astype(int)]
        ts = rows[:, 0].tolist()
        self.scene.set_shape("ledger_E", xs=ts, ys=rows[:, 1].tolist())
        self.scene.set_shape("ledger_W", xs=ts, ys=rows[:, 2].tolist())
        self.scene.set_shape("ledger_X", xs=ts, ys=rows[:, 3].tolist())
        self._plotted = n

    # -- what the learner sees, frame by frame ---------------------------------------------------------------------
    def on_frame(self) -> None:
        r, h = self.readouts, self._history
        while h and h[-1][0] >= r["t"] - 1e-12:  # time went back (Pause rewinds to the playhead): forget the future
            h.pop()
        h.append((r["t"], r["dE"], r["W"], r["Wext"]))

    def _release(self, q: Any, qd: Any) -> None:
        """A state set by hand: the ledger starts again there (E₀ = E(q, q̇), W₀ and W_ext₀ the works so far)."""
        self._origin = (float(self.model.total_energy(q, qd)), float(self.now.work), float(self.now.work_ext))
        self._history.clear()
        self._plotted = -1

    def reset_state(self) -> None:
        super().reset_state()
        self._release(self.now.q, self.now.qd)
        self._run = None
        if self._hold is not None:
            self.on_hold(True)

    def set_state(self, q: Any, qd: Any) -> None:
        self.live.restore(self.now)
        self.live.set_state(q, qd)  # checked here, before the ledger moves
        self._release(self.live.q, self.live.qd)
        self.scene.clear_traces()
        super().set_state(q, qd)

    def put_posture(self, q: np.ndarray, joint: int, source: str) -> None:
        """A posture set by a drag: at rest there; Hold follows it."""
        if self._hold is not None:  # Hold follows the posture: τ = g − Jᵀh_e at the new q, set with the state
            self.live.restore(self.now)
            self._hold = (np.array(q), 0.0, self._push())
            self.live.set_torque(self._holding(self.model, self._hold))
            self.now = self.live.snapshot()
            self._show_torque()
        self.set_state(q, [0.0, 0.0])

    # -- controls with callbacks ---------------------------------------------------------------------------------
    def on_gravity(self, on: bool) -> None:
        model = self.live.model.replace(g=self.g_on if on else 0.0)
        self._switch_model(model)

    def on_drop_c(self, on: bool) -> None:
        cls = TwoLinkArmWithoutCoriolis if on else TwoLinkArm
        self._switch_model(cls(**self.live.model.parameters()))

    def _switch_model(self, model: TwoLinkArm) -> None:
        """Use ``model`` from the frame shown on; E₀ moves by the jump in V, so the ledger's gap stays continuous."""
        def apply() -> None:  # at the frame shown (during Play, the kit has rewound the simulator to it)
            q, qd = self.live.q, self.live.qd
            jump = float(model.total_energy(q, qd) - self.live.model.total_energy(q, qd))
            self._origin = (self._origin[0] + jump, *self._origin[1:])
            self.live.model = model
            if self._hold is not None:
                self.live.set_torque(self._holding(model, self._hold))
        self.change(apply)
        if self._hold is not None:
            self._show_torque()

    def on_hold(self, on: bool) -> None:
        """Hold: τ = g(q) − Jᵀ(q) h_e at the posture shown and the push then, held constant (the sliders show it);
        off, the torques from before Hold come back."""
        if not on:
            before, self._hold, self._before_hold = self._before_hold, None, None
            self.change(lambda: before is not None and self.live.set_torque(before))
            self._show_torque()
            return
        def apply() -> None:  # at the frame shown (during Play, the kit has rewound the simulator to it)
            if self._hold is None:  # switched on (not re-applied by Reset or a new model): keep the learner's τ
                self._before_hold = self.live.tau
            self._hold = (self.live.q, float(np.abs(self.live.qd).max()), self._push())
            self.live.set_torque(self._holding(self.live.model, self._hold))
        self.change(apply)
        self._show_torque()

    def _show_torque(self) -> None:
        for i, key in enumerate(("tau1", "tau2")):
            spec = next(s for s in self.CONTROLS if s.key == key)
            self.move_control(key, spec.snap(float(self.now.tau[i])))

    def control_changed(self, spec: Any, value: Any) -> None:
        if spec.key in ("tau1", "tau2") and self._hold is not None:  # a torque set by hand ends Hold (the other stays)
            self._hold, self._before_hold = None, None
            self.move_control("hold", False)
        super().control_changed(spec, value)

    def run10(self) -> None:
        """Run exactly 10 s of simulated time at once, as a new ledger, then show the end and the ledger.

        The state the lab shows becomes the release: E₀ = E there and W starts from 0, so the
        readout's gap and the run's largest |gap| are the same ledger's. The largest |gap| is taken
        after every integration step, not once per frame."""
        self.guard(self._run10)()

    def _run10(self) -> None:
        self.pause()
        self._paused_queue = []
        if self.dragging is not None:  # time does not pass while a handle is held
            return
        live = self.live
        live.restore(self.now)
        start = {"method": live.method, "dt": live.dt, "tau": self.now.tau.copy(), "push": self._push(),
                 "b": float(self.now.model.b.max()), "g": self.now.model.g,
                 "drop_c": isinstance(self.now.model, TwoLinkArmWithoutCoriolis),
                 "q0": live.q.copy(), "qd0": live.qd.copy()}
        self._run = None
        self.show_message("")
        self._release(live.q, live.qd)  # a new ledger from the state shown
        self.release.mark()
        self.scene.clear_traces()
        (E0, W0, X0), energy = self._origin, live.model.total_energy
        total, per = int(round(RUN / live.dt)), self.steps_per(self.FRAME)
        largest, done = 0.0, 0
        with np.errstate(over="ignore", invalid="ignore"):  # a blow-up is reported by the step, in words
            while done < total:  # frames of ``per`` steps, the last one shorter: exactly RUN seconds
                steps = []
                for _ in range(min(per, total - done)):
                    live.step()
                    steps.append((*live.current(), live.work_ext))
                done += len(steps)
                q, qd, _, work, work_ext = (np.array(column) for column in zip(*steps))  # every step of this frame
                gaps = np.asarray(energy(q, qd), dtype=float) - E0 - (work - W0) - (work_ext - X0)
                largest = max(largest, float(np.abs(gaps).max()))
                state = live.snapshot()
                vals = self._compute([state])
                self._visit(state, {k: float(v[0]) for k, v in vals.items()})
        self._run = dict(start, error=largest, duration=total * live.dt)
        self._runs = (self._runs + [self._run])[-RUNS_KEPT:]
        self.refresh()
