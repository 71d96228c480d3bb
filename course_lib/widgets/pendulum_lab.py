"""FIG 2 of lesson 8.1: the pendulum, its energy, its phase portrait and two derivations.

m = l = 1. Drag the ball (or move the θ slider) to set the angle; τ and b
sliders; RK4 in real time with play/pause, step, reset and speed; the four
Lagrange steps with the current numbers; the phase portrait (θ, θ̇) with the
separatrix and the trace; energy bars T, V, T+V; a Newton view with gravity,
rod tension and the tangential force. Every number comes from
:class:`~course_lib.models.Pendulum` and :mod:`course_lib.sim`.

Draggable handle (for the browser test): the ball, ``"bob"``, in the left
axes ``lab.ax_pend`` (data coordinates in metres, pivot at (0, 0), y up). At
the initial state θ = 60° it sits at (l sin 60°, −l cos 60°) ≈ (0.866, −0.500);
``lab.handle_pixels("bob")`` gives it in canvas pixels. A press anywhere in
that axes grabs the ball (it then follows the pointer's direction from the
pivot), so a drag works wherever the ball is. The first slider is θ; moving
it swings the ball and moves the phase-portrait marker.

>>> lab = PendulumLab()
>>> lab.set("b", 1.0); lab.advance(20.0)
>>> abs(lab.readout("theta")) < 0.01, abs(lab.readout("lhs") - lab.readout("rhs")) < 1e-9
(True, True)

The two sides agree by construction (θ̈ is solved from this equation); the
readout shows how inertia, gravity, torque and friction share the balance.
That the simulated motion obeys the equation is checked independently in
tests/test_pendulum_lab.py, against finite differences of θ(t).
"""

from __future__ import annotations

import collections

import ipywidgets as w
import numpy as np
from matplotlib.patches import FancyArrowPatch

from course_lib import sim
from course_lib.models import Pendulum
from course_lib.widgets import controls
from course_lib.widgets.animation import PlayLoop
from course_lib.widgets.base import Lab, StaticBackground, new_figure, slider_angle
from course_lib.widgets.messages import text
from course_lib.widgets.pendulum_tasks import (DECAY_ANGLE, DECAY_B, DECAY_FRACTION, REST_ANGLE, REST_B,
                                               REST_DWELL, REST_SPEED, REST_TOL, TENSION_TARGET, task_prompts)
from course_lib.widgets.tasks import Task, TaskList

#: simulated seconds per frame, for Step and for headless advance()
FRAME = 1 / 30
#: newtons per metre of arrow in the Newton view, and the longest arrow drawn (m)
ARROW_SCALE, ARROW_MAX = 1 / 15, 1.3
#: range of the θ slider (degrees)
THETA_RANGE = (-180.0, 180.0)


def wrap(theta: float) -> float:
    """Angle folded into [−π, π) (rad), so 45° and 45° + 2π count the same."""
    return float((theta + np.pi) % (2 * np.pi) - np.pi)


class PendulumLab(Lab):
    """The pendulum lab (seed lesson 8.1, FIG 2).

    Args:
        theta0: initial angle (degrees from straight down, within the slider's
            −180…180); Reset returns here.
        m, l: bob mass (kg) and rod length (m), positive; the seed uses 1 and 1.

    Raises:
        ValueError: naming the argument and what is allowed, for a ``theta0``
            outside the slider's range or not finite, or a bad ``m`` or ``l``.
    """

    def __init__(self, theta0: float = 60.0, m: float = 1.0, l: float = 1.0):
        super().__init__()
        self.theta0 = slider_angle("theta0", theta0, *THETA_RANGE)
        self.model = Pendulum(m=m, l=l)  # checks m and l
        self.m, self.l = float(self.model.m), float(self.model.l)
        self.tau = 0.0
        self.newton = False
        self.trace: collections.deque[tuple[float, float]] = collections.deque(maxlen=900)
        self._dragging = self._resume_after_drag = False
        self._acc = 0.0
        self.dt = FRAME / 8  # RK4 step (s): 8 steps per frame
        self.loop = PlayLoop(self.guard(self._play_frame), period=FRAME, on_stop=self._show_paused)
        self._build_figure()
        self._build_controls()
        prompts = task_prompts()
        self.tasks = TaskList([
            Task("rest45", prompts["rest45"], self._check_rest, text("pend_task_rest45_hint")),
            Task("decay", prompts["decay"], self._check_decay, text("pend_task_decay_hint")),
            Task("tension", prompts["tension"], self._check_tension, text("pend_task_tension_hint")),
        ])
        self.widget = w.VBox([
            controls.beside(self.fig.canvas, w.VBox(list(self.controls.values())[:4] + [self.buttons])),
            self.readout_html, self.steps_html, self.tasks.widget, self.message,
        ])
        self.background = StaticBackground(self.fig, [
            self.rod, self.bob, *self.arrows.values(), self.tension_text,
            self.trace_line, self.phase_point, *self.bars])
        self.background.freeze()
        self.reset_state()
        self.redraw()

    # -- construction -----------------------------------------------------------------
    def _build_figure(self) -> None:
        self.fig = fig = new_figure(9.4, 3.3)
        r = 1.45 * self.l
        self.ax_pend = ax = fig.add_axes((0.01, 0.05, 0.27, 0.82))
        ax.set_xlim(-r, r), ax.set_ylim(-r, r), ax.set_aspect("equal"), ax.axis("off")
        ax.set_title(text("pend_title_pendulum"), fontsize=9)
        circle = np.linspace(0, 2 * np.pi, 121)
        ax.plot(self.l * np.cos(circle), self.l * np.sin(circle), ":", lw=0.8, color="#bbb")
        (self.rod,) = ax.plot([], [], "-", lw=3, color="#555")
        ax.plot([0], [0], "o", color="#222", ms=5)
        (self.bob,) = ax.plot([], [], "o", ms=16, color="#2a6f97", mec="#0b2545")
        colors = {"gravity": "#e9a23b", "tension": "#8e44ad", "tangential": "#17a2b8"}
        self.arrows = {}
        for name, c in colors.items():
            arrow = FancyArrowPatch((0, 0), (0, 0), arrowstyle="-|>", mutation_scale=12, lw=2,
                                    color=c, zorder=4)
            ax.add_patch(arrow)
            self.arrows[name] = arrow
        self.tension_text = ax.text(0.0, -1.38 * self.l, "", ha="center", fontsize=9, color=colors["tension"])

        self.ax_phase = ax = fig.add_axes((0.36, 0.16, 0.4, 0.7))
        ax.set_title(text("pend_title_phase"), fontsize=9)
        ax.set_xlabel(text("pend_xlabel_phase"), fontsize=8)
        ax.set_ylabel(text("pend_ylabel_phase"), fontsize=8)
        ax.tick_params(labelsize=7)
        grid = np.linspace(-np.pi, np.pi, 241)
        sep = self.model.separatrix_speed(grid)
        ax.plot(grid, sep, "--", color="#999", lw=1)
        ax.plot(grid, -sep, "--", color="#999", lw=1)
        ax.set_xlim(-np.pi, np.pi)
        self.speed_limit = 1.5 * float(sep.max())
        ax.set_ylim(-self.speed_limit, self.speed_limit)
        (self.trace_line,) = ax.plot([], [], "-", lw=1, color="#2a6f97", alpha=0.7)
        (self.phase_point,) = ax.plot([], [], "o", ms=6, color="#d62828")

        self.ax_energy = ax = fig.add_axes((0.83, 0.16, 0.15, 0.7))
        ax.set_title(text("pend_title_energy"), fontsize=9)
        ax.tick_params(labelsize=7)
        self.bars = ax.bar([0, 1, 2], [0, 0, 0], color=["#17a2b8", "#e9a23b", "#555"])
        ax.set_xticks([0, 1, 2], [text("pend_bar_T"), text("pend_bar_V"), text("pend_bar_E")], fontsize=8)
        self.energy_top = 1.25 * 2 * self.m * self.model.g * self.l  # just above the top's V
        ax.set_ylim(0, self.energy_top)

    def _build_controls(self) -> None:
        self.add_control("theta", controls.slider(text("pend_theta0"), *THETA_RANGE, 1, self.theta0, ".0f"),
                         self._on_theta)
        self.add_control("tau", controls.slider(text("pend_tau"), -10, 10, 0.05, 0.0), self._on_tau)
        self.add_control("b", controls.slider(text("pend_b"), 0, 2, 0.05, 0.0), self._on_b)
        self.add_control("newton", controls.toggle(text("pend_newton")), self._on_newton)
        play = self.add_control("play", controls.button(text("play"), "play"), self._on_play)
        step = self.add_control("step", controls.button(text("step"), "step-forward"), self._on_step)
        reset = self.add_control("reset", controls.button(text("reset"), "undo"), self._on_reset)
        speed = self.add_control("speed", controls.dropdown(text("speed"), [("¼×", 0.25), ("½×", 0.5),
                                 ("1×", 1.0), ("2×", 2.0)], 1.0), self._on_speed)
        self.status = w.Label(text("paused"))
        self.buttons = w.VBox([w.HBox([play, step, reset]), speed, self.status])
        self.add_handle("bob", self.ax_pend, lambda: tuple(self.model.bob_position(self.theta)),
                        self._drag_start, self._drag_move, self._drag_end, radius_px=None)
        self.readout_html = controls.html()
        self.steps_html = controls.html()

    # -- state ------------------------------------------------------------------------------
    @property
    def b(self) -> float:
        """Viscous friction at the pivot (N·m·s/rad)."""
        return float(self.model.b[0])

    def reset_state(self) -> None:
        self.theta, self.theta_dot, self.t, self._acc = np.radians(self.theta0), 0.0, 0.0, 0.0
        self.trace.clear()
        self._rest_since: float | None = None
        self._mark_release()

    def on_error(self) -> None:
        self.loop.stop()
        self._show_paused()

    def _mark_release(self) -> None:
        """A hand-set state at rest: remember it as a release for the energy-decay task."""
        energy = float(self.model.total_energy([self.theta], [self.theta_dot]))
        high = abs(wrap(self.theta)) > DECAY_ANGLE and self.theta_dot == 0.0
        self.release = {"energy": energy, "min_b": self.b} if high else None

    def _physics(self, seconds: float) -> None:
        """Advance the state by ``seconds`` with RK4 at the fixed step ``dt``."""
        self._acc += seconds
        n = int(self._acc / self.dt + 1e-9)
        self._acc -= n * self.dt
        if n == 0:
            return
        dynamics = sim.model_dynamics(self.model, [self.tau])
        q, qd = np.array([self.theta]), np.array([self.theta_dot])
        with np.errstate(all="ignore"):
            for _ in range(n):
                q, qd, _w = sim.rk4_step(dynamics, q, qd, self.dt)
        self.check_finite(θ=q[0], θ̇=qd[0])
        self.theta, self.theta_dot, self.t = float(q[0]), float(qd[0]), self.t + n * self.dt
        self.trace.append((wrap(self.theta), self.theta_dot))
        if self.release is not None:
            self.release["min_b"] = min(self.release["min_b"], self.b)
        self._compute_readouts()
        self.tasks.update(self)

    def _compute_readouts(self) -> None:
        with np.errstate(all="ignore"):  # a blow-up is reported in words by check_finite
            self._compute_readouts_unchecked()

    def _compute_readouts_unchecked(self) -> None:
        p, q, qd = self.model, np.array([self.theta]), np.array([self.theta_dot])
        M = float(p.mass_matrix(q)[0, 0])
        grav = float(p.gravity(q)[0])
        fric = float(p.friction(qd)[0])
        acc = float(p.forward_dynamics(q, qd, [self.tau])[0])
        T, V = float(p.kinetic_energy(q, qd)), float(p.potential_energy(q))
        r = dict(t=self.t, theta=self.theta, theta_deg=np.degrees(self.theta), theta_dot=self.theta_dot,
                 theta_ddot=acc, T=T, V=V, energy=T + V, tension=float(p.rod_tension(self.theta, self.theta_dot)),
                 tau=self.tau, b=self.b, friction=fric, p=M * self.theta_dot, dp=M * acc, dLdq=-grav,
                 inertia=M * acc, gravity=grav, lhs=M * acc + grav, rhs=self.tau - fric)
        r = {k: float(v) for k, v in r.items()}
        self.check_finite(**r)
        self.readouts.update(r)

    # -- state -> picture -------------------------------------------------------------------
    def redraw(self) -> None:
        """Recompute the readouts from the state, then update the picture."""
        self._compute_readouts()
        self._draw()

    def _draw(self) -> None:
        """Update artists and text from ``self.readouts`` (which must be current)."""
        r, (bx, by) = self.readouts, self.model.bob_position(self.theta)
        self.rod.set_data([0, bx], [0, by])
        self.bob.set_data([bx], [by])
        self.phase_point.set_data([wrap(self.theta)], [np.clip(self.theta_dot, -self.speed_limit, self.speed_limit)])
        if self.trace:
            th, om = np.array(self.trace).T
            jumps = np.nonzero(np.abs(np.diff(th)) > np.pi)[0] + 1
            self.trace_line.set_data(np.insert(th, jumps, np.nan), np.insert(om, jumps, np.nan))
        else:
            self.trace_line.set_data([], [])
        for bar, h in zip(self.bars, (r["T"], r["V"], r["energy"])):
            bar.set_height(h)
        if r["energy"] > self.energy_top:
            self.energy_top = 1.2 * r["energy"]
            self.ax_energy.set_ylim(0, self.energy_top)
            self.background.freeze()  # the tick labels changed
        self._draw_newton(bx, by)
        self.readout_html.value = text("pend_readouts", **r)
        self.steps_html.value = (f"<b>{text('pend_steps_title')}</b><br>" + "<br>".join(
            text(k, **r) for k in ("pend_step1", "pend_step2", "pend_step3", "pend_step4", "pend_balance")))
        self.fig.canvas.draw_idle()

    def _draw_newton(self, bx: float, by: float) -> None:
        r = self.readouts
        radial = -np.array([bx, by]) / self.l  # unit vector bob -> pivot
        tangent = np.array([np.cos(self.theta), np.sin(self.theta)])  # direction of increasing θ
        forces = {"gravity": np.array([0.0, -self.m * self.model.g]), "tension": r["tension"] * radial,
                  "tangential": (self.tau - r["friction"]) / self.l * tangent}
        for name, f in forces.items():
            vec = f * ARROW_SCALE
            length = float(np.hypot(*vec))
            if length > ARROW_MAX:
                vec = vec * ARROW_MAX / length
            self.arrows[name].set_positions((bx, by), (bx + vec[0], by + vec[1]))
            self.arrows[name].set_visible(self.newton)
        self.tension_text.set_text(text("pend_tension_label", value=r["tension"]) if self.newton else "")

    # -- tasks --------------------------------------------------------------------------------
    def _check_rest(self, lab: "PendulumLab") -> str | None:
        ok = (abs(wrap(self.theta) - REST_ANGLE) < REST_TOL and abs(self.theta_dot) < REST_SPEED
              and self.b >= REST_B)
        if not ok:
            self._rest_since = None
            return None
        if self._rest_since is None:
            self._rest_since = self.t
        if self.t - self._rest_since < REST_DWELL - 1e-9:
            return None
        return text("pend_task_rest45_value", theta=wrap(self.theta), tau=self.tau, b=self.b)

    def _check_decay(self, lab: "PendulumLab") -> str | None:
        rel = self.release
        if rel is None or rel["min_b"] < DECAY_B or self.readouts["energy"] >= DECAY_FRACTION * rel["energy"]:
            return None
        return text("pend_task_decay_value", energy=self.readouts["energy"], start=rel["energy"])

    def _check_tension(self, lab: "PendulumLab") -> str | None:
        tension = self.readouts["tension"]
        return text("pend_task_tension_value", tension=tension) if self.newton and tension > TENSION_TARGET else None

    # -- callbacks (all run guarded) ------------------------------------------------------
    def _on_theta(self, degrees: float) -> None:
        if self._dragging:
            return  # the drag already set θ; the slider only follows
        self.check_input(θ=degrees)
        self.show_message("")  # a valid angle clears an earlier error
        self.theta, self.theta_dot = float(np.radians(degrees)), 0.0
        self.trace.clear()
        self._mark_release()
        self.redraw()

    def _on_tau(self, value: float) -> None:
        self.check_input(τ=value)
        self.tau = float(value)
        self.redraw()

    def _on_b(self, value: float) -> None:
        self.check_input(b=value)
        self.model = Pendulum(m=self.m, l=self.l, b=value)
        if self.release is not None:
            self.release["min_b"] = min(self.release["min_b"], self.b)
        self.redraw()

    def _on_newton(self, on: bool) -> None:
        self.newton = bool(on)
        self.tasks.update(self)
        self.redraw()

    def _on_play(self, _: object) -> None:
        if self.loop.playing:
            self.loop.stop()
            self._show_paused()
            return
        try:
            self.loop.start()
        except RuntimeError:
            self.show_message(text("error_no_loop"), kind="info")
            return
        self.controls["play"].description, self.controls["play"].icon = text("pause"), "pause"
        self.status.value = text("playing")

    def _show_paused(self) -> None:
        self.controls["play"].description, self.controls["play"].icon = text("play"), "play"
        self.status.value = text("paused")

    def _on_step(self, _: object) -> None:
        self.advance(FRAME)

    def _on_reset(self, _: object) -> None:
        self.loop.stop()
        self._show_paused()
        self.show_message("")
        self.reset_state()
        self._dragging = True  # move the slider without re-running its callback
        self.controls["theta"].value = self.theta0
        self._dragging = False
        self.redraw()

    def _on_speed(self, value: float) -> None:
        self.loop.speed = float(value)

    def _play_frame(self, seconds: float) -> bool:
        if not self._dragging:
            self._physics(seconds)  # leaves self.readouts current (computed once per frame)
            self._draw()
        return True

    def _drag_start(self) -> None:
        self._resume_after_drag = self.loop.playing
        self.loop.stop()
        self._dragging = True

    def _drag_move(self, x: float, y: float) -> None:
        self.check_input(x=x, y=y)
        self.theta, self.theta_dot = float(np.arctan2(x, -y)), 0.0  # θ from straight down
        self.trace.clear()
        self.controls["theta"].value = float(np.clip(np.round(np.degrees(self.theta)), *THETA_RANGE))
        self.redraw()

    def _drag_end(self) -> None:
        self._dragging = False
        self._mark_release()
        self.redraw()
        if self._resume_after_drag:
            self._on_play(None)

    # -- headless API -------------------------------------------------------------------------
    def advance(self, seconds: float) -> None:
        """Run ``seconds`` of simulated time in frames of 1/30 s (same code as Play), then redraw."""
        if not (isinstance(seconds, (int, float)) and np.isfinite(seconds) and seconds >= 0):
            raise ValueError(f"seconds must be a finite number >= 0, got {seconds!r}")
        run = self.guard(self._play_frame_quiet)
        frames = int(round(float(seconds) / FRAME))
        for _ in range(frames):
            if run(FRAME) is None:
                return  # an error was shown and the lab reset
        self.guard(self.redraw)()

    def _play_frame_quiet(self, seconds: float) -> bool:
        if not self._dragging:
            self._physics(seconds)
        return True
