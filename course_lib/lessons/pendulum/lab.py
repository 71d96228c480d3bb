"""Lesson 2's lab: the pendulum, its energy, its phase portrait and two derivations.

Drag the ball or move θ; τ and b sliders; the Lagrange steps with live numbers; the
phase portrait with the separatrix and trace; energy bars; a Newton view (forces with a
legend, the radial and tangential equations live). Every number comes from
:class:`~course_lib.physics.models.Pendulum`. Handle ``"bob"`` in panel ``"world"`` (metres,
pivot at the origin, y up) sits at (0.866, −0.500) for θ = 60°. The first slider is θ.

>>> lab = PendulumLab()
>>> lab.set("b", 1.0); lab.advance(20.0)
>>> abs(lab.readout("theta")) < 0.01, abs(lab.readout("lhs") - lab.readout("rhs")) < 1e-9
(True, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.lab import controls as c
from course_lib.lab.scene.layout import PALETTE
from course_lib.lab.base import DragHandle
from course_lib.lab.numbers import capped, slider_angle, wrap_degrees
from course_lib.lab.scene import Arrow, Bar, Disc, Handle, Link, Panel, Polyline, Scene, Text, Trace
from course_lib.lab.simlab import Frames, SimLab
from course_lib.lab.tasks import NotYet, checklist
from course_lib.lessons.pendulum.messages import PENDULUM
from course_lib.physics.models import Pendulum

#: task 1, rest at 45°: target angle (rad), angle and speed tolerances (rad, rad/s), least damping (N·m·s/rad)
REST_ANGLE, REST_TOL, REST_SPEED, REST_B = np.pi / 4, 0.03, 0.05, 0.5
#: how long (s) the rest condition must hold, so a turning point of a swing does not count
REST_DWELL = 1.0
#: task 2, energy decay: release above this angle (rad), least damping (N·m·s/rad), energy fraction to reach
DECAY_ANGLE, DECAY_B, DECAY_FRACTION = np.radians(120.0), 0.3, 0.10
#: task 3: rod tension to exceed in the Newton view (N)
TENSION_TARGET = 25.0
#: Newton view: arrow length per newton (rod lengths per N/kg) up to the longest arrow (rod lengths)
ARROW_PER_N, ARROW_MAX = 1 / 40, 0.9
THETA_RANGE = (-180.0, 180.0)
#: the lesson's colours (the palette's): weight and its potential energy amber, rod force purple, tangential force
#: sky blue
COLORS = {"gravity": PALETTE["secondary"], "tension": PALETTE["gravity"], "tangential": PALETTE["tertiary"]}
NEWTON = ("gravity", "tension", "tangential", "radial", "tangential_eq", *(f"legend_{k}" for k in COLORS))


class PendulumLab(SimLab):
    """The pendulum lab. Args: theta0 (degrees from straight down, −180…180), m (kg), l (m), clock.

    Raises ValueError naming the argument and what is allowed."""

    messages = PENDULUM
    #: the scene in words (the kit's describe.py), and the main readouts it names with their units
    DESCRIPTION = "pend_description"
    DESCRIBES = {"theta_deg": "°", "theta_dot": "rad/s", "t": "s", "E": "J"}
    RELEASE_WATCH = ("b",)  # task 2: b must not drop below DECAY_B after the release
    CONTROLS = (c.Slider("theta", "pend_theta0", *THETA_RANGE, 1, 60.0, ".0f", follow="theta_deg",
                         period=360, on="on_theta"),
                c.Slider("tau", "pend_tau", -10, 10, 0.05, 0.0, torque=0),
                c.Slider("b", "pend_b", 0, 2, 0.05, 0.0, param="b"),
                c.Toggle("newton", "pend_newton", shows=NEWTON))

    def __init__(self, theta0: float = 60.0, m: float = 1.0, l: float = 1.0, **kw):
        theta0 = slider_angle("theta0", theta0, *THETA_RANGE)
        super().__init__(Pendulum(m=m, l=l), [np.radians(theta0)], [0.0], **kw)
        self.theta0, self._top_tension = theta0, 0.0
        p = self.model
        self.speed_limit, self.energy_top = 1.5 * float(p.separatrix_speed(0.0)), 2.5 * p.m * p.g * p.l
        self.tasks = checklist(self, task_prompts(), "pend_task_{key}_hint", hold={"rest45": REST_DWELL},
                               checks={"rest45": self._check_rest45, "decay": self._check_decay,
                                       "tension": self._check_tension})
        self.readout_html, self.steps_html = c.html(), c.html()
        self.autoscale("energy", "ylim", ["T", "V", "E"], (0.0, self.energy_top))
        self.autoscale("phase", "ylim", ["theta_dot"], (-self.speed_limit, self.speed_limit))
        self.add_handle(DragHandle("bob", "world", lambda: tuple(self.model.bob_position(self.theta)),
                                   self._drag_move))
        self.start(self._scene(), [self.readout_html, self.steps_html])
        self.move_control("theta", theta0)  # ±180° is the same angle: show the one asked for

    def _scene(self) -> Scene:
        T, p, r = self.T, self.model, 1.3 * self.model.l
        grid = np.linspace(-np.pi, np.pi, 121)
        sep = p.separatrix_speed(grid).tolist()
        circle = np.linspace(0, 2 * np.pi, 91)
        arrow = dict(panel="world", x="bx", y="by", scale=p.l * ARROW_PER_N / p.m, visible=False, width=3)
        line = dict(panel="text", x=0.0, visible=False)
        return Scene(width=560, height=480, channels=list(self._channels), periodic={"theta_w": 2 * np.pi}, panels=[
            Panel("world", 0, 0, 0.41, 0.64, (-r, r), (-r, r), equal=True, axes=False, title=T("pend_title_pendulum")),
            Panel("phase", 0.45, 0.02, 0.31, 0.56, (-np.pi, np.pi), (-self.speed_limit, self.speed_limit),
                  xlabel=T("pend_xlabel_phase"), ylabel=T("pend_ylabel_phase"), title=T("pend_title_phase")),
            Panel("energy", 0.78, 0.02, 0.22, 0.56, (-0.6, 2.6), (0, self.energy_top), xticks=[],
                  title=T("pend_title_energy")),
            Panel("text", 0.0, 0.66, 1.0, 0.34, (0, 1), (0, 1), axes=False)], shapes=[
            Polyline("circle", "world", color="muted", dash=True, width=1, xs=(p.l * np.cos(circle)).tolist(),
                     ys=(p.l * np.sin(circle)).tolist()),
            Link("rod", "world", x0=0, y0=0, x1="bx", y1="by", width=4, color="muted"),
            Disc("pivot", "world", r_px=4, color="ink"),
            Handle("bob", "world", x="bx", y="by", r_px=11, circle=(0.0, 0.0)),
            Disc("ball", "world", x="bx", y="by", r_px=7),
            Arrow("gravity", **arrow, dx="gx", dy="gy", color=COLORS["gravity"]),
            Arrow("tension", **arrow, dx="tx", dy="ty", color=COLORS["tension"]),
            Arrow("tangential", **arrow, dx="fx", dy="fy", color=COLORS["tangential"]),
            Text("angle", "world", x=-r, y=-r, text=T("pend_scene_theta"), size=13),
            Polyline("sep_up", "phase", xs=grid.tolist(), ys=sep, dash=True, color="muted"),
            Polyline("sep_down", "phase", xs=grid.tolist(), ys=[-s for s in sep], dash=True, color="muted"),
            Trace("trace", "phase", x="theta_w", y="theta_dot", max_points=900),
            Disc("state", "phase", x="theta_w", y="theta_dot", r_px=5, color="bad"),
            Bar("T", "energy", x=0, height="T", label=T("pend_bar_T"), color="velocity"),
            Bar("V", "energy", x=1, height="V", label=T("pend_bar_V"), color=COLORS["gravity"]),
            Bar("E", "energy", x=2, height="E", label=T("pend_bar_E"), color="ink"),
            Text("balance", "text", x=0.0, y=0.84, text=T("pend_scene_balance")),
            Text("radial", y=0.6, text=T("pend_scene_radial"), **line),
            Text("tangential_eq", y=0.38, text=T("pend_scene_tangential"), **line),
            *[Text(f"legend_{k}", y=0.18, text=T(f"pend_legend_{k}"), color=COLORS[k], **dict(line, x=x))
              for k, x in (("gravity", 0.0), ("tension", 0.34), ("tangential", 0.66))]])

    _channels = ("theta_w", "theta_deg", "theta_dot", "bx", "by", "T", "V", "E", "gx", "gy", "tx", "ty", "fx", "fy",
                 "lhs", "rhs", "tension", "weight", "mg_cos", "centripetal", "ml_acc", "mg_sin", "ft")

    def values(self, f: Frames) -> dict:
        p, th, om, tau = f.model, f.q[:, 0], f.qd[:, 0], f.tau[:, 0]
        acc = p.forward_dynamics(f.q, f.qd, f.tau)[:, 0]
        grav, fric, tension = p.gravity(f.q)[:, 0], p.friction(f.qd)[:, 0], p.rod_tension(th, om)
        (bx, by), ft = p.bob_position(th).T, (tau - fric) / p.l
        radial, tangent = -np.stack([bx, by]) / p.l, np.stack([np.cos(th), np.sin(th)])
        (tx, ty), (fx, fy) = (capped(v, ARROW_MAX * p.m / ARROW_PER_N) for v in (tension * radial, ft * tangent))
        deg = wrap_degrees(np.degrees(th))
        T, V = p.kinetic_energy(f.q, f.qd), p.potential_energy(f.q)
        return dict(t=f.t, theta=th, theta_w=np.radians(deg), theta_deg=deg, theta_dot=om, theta_ddot=acc, bx=bx,
                    by=by, T=T, V=V, E=T + V, energy=T + V, tension=tension, tau=tau, b=p.b[0], friction=fric,
                    p=p.inertia * om, dp=p.inertia * acc, dLdq=-grav, inertia=p.inertia * acc, gravity=grav,
                    lhs=p.inertia * acc + grav, rhs=tau - fric, weight=p.m * p.g, mg_cos=p.m * p.g * np.cos(th),
                    centripetal=p.m * p.l * om**2, ml_acc=p.m * p.l * acc, mg_sin=-p.m * p.g * np.sin(th), ft=ft,
                    gx=0 * th, gy=-p.m * p.g + 0 * th, tx=tx, ty=ty, fx=fx, fy=fy)

    def show(self) -> None:
        r = self.readouts
        note = f"<br><i>{self.T('pend_compression')}</i>" if self.newton and r["tension"] < 0 else ""
        self.readout_html.value = self.T("pend_readouts", **r) + note
        self.steps_html.value = f"<b>{self.T('pend_steps_title')}</b><br>" + "<br>".join(
            self.T(k, **r) for k in ("pend_step1", "pend_step2", "pend_step3", "pend_step4", "pend_balance"))

    b = property(lambda self: float(self.now.model.b[0]))
    tau = property(lambda self: float(self.now.tau[0]))
    theta = property(lambda self: float(self.now.q[0]))
    theta_dot = property(lambda self: float(self.now.qd[0]))
    newton = property(lambda self: bool(self.controls["newton"].value))

    def on_theta(self, degrees: float) -> None:
        self.check_input(θ=degrees)
        self.show_message("")
        self.set_state([np.radians(degrees)], [0.0])  # a release (the kit marks it)
        self.scene.clear_traces()

    def _drag_move(self, x: float, y: float) -> None:
        theta = float(np.arctan2(x, -y))  # θ from straight down
        self.set_state([theta], [0.0])  # the θ slider follows (it is bound to theta_deg)
        self.scene.clear_traces()

    # -- tasks, each next to its threshold above -----------------------------------------------------------------
    def on_frame(self) -> None:
        self._top_tension = max(self._top_tension, self.readouts["tension"]) if not self.newton else 0.0

    def _check_rest45(self, lab: "PendulumLab") -> str | NotYet | None:
        if self.dragging is not None:
            return None  # a ball held by the mouse is not resting
        still, deg = abs(self.theta_dot) < REST_SPEED, float(wrap_degrees(np.degrees(self.theta)))
        there = abs(np.radians(deg) - REST_ANGLE) < REST_TOL
        if not (still and there and self.b >= REST_B):
            if still and there:
                return NotYet(self.T("pend_why_rest_b", b=self.b, need=REST_B))
            return NotYet(self.T("pend_why_rest_angle", deg=deg, tol=REST_TOL, angle=np.degrees(REST_ANGLE))) \
                if still else None
        return self.T("pend_task_rest45_value", theta=np.radians(deg), tau=self.tau, b=self.b)

    def _check_decay(self, lab: "PendulumLab") -> str | NotYet | None:
        rel, angle = self.release.at, np.degrees(DECAY_ANGLE)
        if abs(rel["theta_deg"]) <= angle:
            return NotYet(self.T("pend_why_decay_low", deg=abs(rel["theta_deg"]), angle=angle))
        if rel["b"] < DECAY_B:
            return NotYet(self.T("pend_why_decay_b_start", b=DECAY_B))
        if self.release.least["b"] < DECAY_B:
            return NotYet(self.T("pend_why_decay_b_after", b=DECAY_B))
        if self.readouts["energy"] >= DECAY_FRACTION * rel["energy"]:
            # a torque τ feeds energy in at the rate τ θ̇: the friction alone cannot drain it while τ ≠ 0
            return NotYet(self.T("pend_why_decay_tau", tau=self.tau)) if self.tau != 0.0 else None
        return self.T("pend_task_decay_value", energy=self.readouts["energy"], start=rel["energy"])

    def _check_tension(self, lab: "PendulumLab") -> str | NotYet | None:
        tension = self.readouts["tension"]
        if self.newton and tension > TENSION_TARGET:
            return self.T("pend_task_tension_value", tension=tension)
        if self._top_tension > TENSION_TARGET:
            return NotYet(self.T("pend_why_tension_hidden", tension=self._top_tension))
        return None


def task_prompts() -> dict[str, str]:
    """The three task prompts, thresholds filled in from the constants the checks use."""
    T, deg = PENDULUM.text, lambda a: round(float(np.degrees(a)), 6)
    return {"rest45": T("pend_task_rest45", b=REST_B, angle=deg(REST_ANGLE), tol=REST_TOL, speed=REST_SPEED,
                        dwell=REST_DWELL),
            "decay": T("pend_task_decay", angle=deg(DECAY_ANGLE), b=DECAY_B, percent=round(100 * DECAY_FRACTION, 6)),
            "tension": T("pend_task_tension", tension=TENSION_TARGET)}
