"""Lesson 8, lab 2: tracking a tool path with PD, PD + gravity and computed torque.

Three copies of the course's 2R arm (four with the task-space toggle) run side
by side from the same joint error, one per controller: plain PD (purple),
PD + gravity compensation (sky blue), computed torque (amber) and, optionally,
task-space computed torque (red, dashed: it lies on the amber). Left: the tool paths over the dashed
reference. Right: each tool's position error over time, linear or log
(exponential convergence is a straight line). Below: the RMS tool error after
t ≥ 1 s and the peak |τ₁| of each controller.

All the physics is :mod:`course_lib.physics.tool_tracking` (the path, its centre and
elbow branch, the gains, the laws), stepped by the kit's simulator (RK4 at
1 ms, control at 1 kHz with zero-order hold) on an
:class:`~course_lib.physics.models.arm_team.ArmTeam`. Every control restarts the run
from t = 0, so the readouts always describe one setting.

>>> lab = ToolPathLab()
>>> lab.set("omega_n", 12.0); lab.advance(2.5)
>>> lab.readout("rms_computed_torque") < 0.001 < 0.05 < lab.readout("rms_pd")
True
"""

from __future__ import annotations

import html as _html
import math
from typing import Any

import numpy as np

from course_lib.lab import controls as c
from course_lib.lab.scene.layout import PALETTE
from course_lib.lab.scene import Disc, Link, Panel, Polyline, Scene, Text, Trace
from course_lib.lab.simlab import Frames, SimLab
from course_lib.lab.tasks import TABLE_STYLE, NotYet, checklist
from course_lib.lessons.computed_torque.tool_path_messages import TOOL_PATH
from course_lib.physics.simulate.live import LiveSim
from course_lib.physics.tool_paths import PERIOD
from course_lib.physics.tool_tracking import COMPARE_AT, CONTROL_PERIOD, CONTROLLERS, DT, OMEGA_N, RMS_FROM, Tracking

#: the colours (the palette's): PD purple, PD + gravity sky blue, computed torque amber; task-space CT red, dashed
COLORS = {"pd": PALETTE["gravity"], "pd_gravity": PALETTE["tertiary"], "computed_torque": PALETTE["secondary"],
          "task_space": PALETTE["force"]}
#: tasks "exact" and "slow" read the RMS once it spans at least this much time (s): from t = RMS_FROM + MIN_RMS_SPAN
MIN_RMS_SPAN = 1.0
#: task "exact": δ = 0 and b = 0; computed torque below CT_EXACT (m) while PD above PD_EXACT (m)
CT_EXACT, PD_EXACT = 1e-3, 0.05
#: task "mismatch": the two model errors (%) to compare, each by its RMS over RMS_FROM ≤ t < COMPARE_AT (the quiz's window)
MISMATCH_LOW, MISMATCH_HIGH = -30.0, 30.0
#: task "slow": |δ| ≤ SLOW_DELTA (%), b ≤ SLOW_B, ωₙ < SLOW_OMEGA (rad/s); PD above PD_SLOW, CT within CT_SLOW (m)
SLOW_DELTA, SLOW_B, SLOW_OMEGA, PD_SLOW, CT_SLOW = 5.0, 0.2, 7.0, 0.30, 0.03
#: the error plot's starting ranges (they grow with the errors): linear (m) and log₁₀ (of m)
ERROR_LINEAR, ERROR_LOG = (0.0, 0.3), (-7.0, 0.0)
#: log₁₀ of an error below this (m) is drawn at it (an exact zero has no logarithm)
ERROR_FLOOR = 1e-9


class ToolPathLab(SimLab):
    """The tool-path tracking lab (see the module docstring). Args: clock (tests)."""

    messages = TOOL_PATH
    #: the scene in words (the kit's describe.py), and the main readouts it names with their units
    DESCRIPTION = "tp_description"
    DESCRIBES = {"t": "s", "xd": "m", "yd": "m", "err0": "m", "err1": "m", "err2": "m"}
    READOUTS_UNDER_SCENE = True  # the RMS table and legend stay beside the sliders (1366×768)
    dt = DT
    CHUNK = 0.1
    CONTROLS = (c.Slider("delta", "delta", -50, 50, 1, 0.0, ".0f", on="on_delta"),
                c.Slider("b", "b", 0.0, 1.0, 0.05, 0.0, ".2f", on="on_b"),
                c.Slider("omega_n", "omega_n", 2.0, 30.0, 0.5, OMEGA_N, ".1f", on="on_omega_n"),
                c.Slider("period", "period", 0.8, 4.0, 0.1, PERIOD, ".1f", on="on_period"),
                c.Dropdown("path", "path", ((TOOL_PATH.text("path_circle"), "circle"),
                                            (TOOL_PATH.text("path_eight"), "figure_eight")), "circle", on="on_path"),
                c.Toggle("task_space", "task_space", on="on_task_space"),
                c.Toggle("log", "log", on="on_log"))

    def __init__(self, **kw: Any):
        self.setting = dict(shape="circle", period=PERIOD, delta=0.0, b=0.0, omega_n=OMEGA_N)
        self.log = False
        self.exp = Tracking(**self.setting)
        q0, qd0 = self.exp.start()
        super().__init__(self.exp.team, q0, qd0, controller=self._torques, control_period=CONTROL_PERIOD, **kw)
        self._clear_record()
        self._seen: dict[float, tuple[float, float]] = {}  # δ (%) -> (CT RMS, PD + gravity RMS)
        self.tasks = checklist(self, task_prompts(), "task_{key}_hint",
                               checks={"exact": self._check_exact, "mismatch": self._check_mismatch,
                                       "slow": self._check_slow})
        self.readout_html = c.html(width="560px")  # the scene's width: long lines wrap under the scene
        self.start(self._scene(), [self.readout_html])

    # -- the controllers, sampled by the simulator; each sample is recorded for the readouts ------------
    def _torques(self, t: float, q: np.ndarray, qd: np.ndarray) -> list[float]:
        try:  # on plain floats (1000 samples per simulated second): no numpy call in here
            tau, errors = self.exp.torques_and_errors_floats(t, q.tolist(), qd.tolist())
        except (ValueError, OverflowError, ZeroDivisionError) as exc:  # math.cos(inf) and the like: a blow-up
            raise FloatingPointError(f"the controllers could not act at t = {t:.3f} s: {exc}") from exc
        if not all(map(math.isfinite, tau)):  # a state gone wild: the kit's blow-up path shows it and starts again
            raise FloatingPointError(f"the controllers' torques stopped being finite at t = {t:.3f} s")
        k = int(round(t / CONTROL_PERIOD))
        if k + 1 < len(self._late):  # a rewind (Pause, then Play) samples the same steps again
            del self._sq[k + 1:], self._peak[k + 1:], self._late[k + 1:]
        late = t >= RMS_FROM - 1e-9
        sq, peak = self._sq[-1], self._peak[-1]
        if late:
            sq = [a + e * e for a, e in zip(sq, errors)]
        self._sq.append(sq)
        self._late.append(self._late[-1] + late)
        self._peak.append([max(a, abs(u)) for a, u in zip(peak, tau[0::2])])
        return tau

    def _clear_record(self) -> None:
        k = len(self.exp.controllers)
        # at index i, over the samples 0 … i−1: Σ e² after RMS_FROM, how many, and the peak |τ₁|
        self._sq, self._late, self._peak = [[0.0] * k], [0], [[0.0] * k]

    def _record(self, t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """RMS (m) and peak |τ₁| (N·m) over the samples before each time t: shapes (N, k)."""
        idx = np.minimum(np.round(np.asarray(t) / CONTROL_PERIOD).astype(int), len(self._sq) - 1).tolist()
        sq = np.array([self._sq[i] for i in idx])
        n = np.maximum([self._late[i] for i in idx], 1)[:, None]
        return np.sqrt(sq / n), np.array([self._peak[i] for i in idx])

    # -- controls: each restarts the run from t = 0 ---------------------------------------------------
    def on_delta(self, value: float) -> None:
        self._restart(delta=float(value) / 100.0)

    def on_b(self, value: float) -> None:
        self._restart(b=value)

    def on_omega_n(self, value: float) -> None:
        self._restart(omega_n=value)

    def on_period(self, value: float) -> None:
        self._restart(period=value)

    def on_path(self, value: str) -> None:
        self._restart(shape=value)

    def on_task_space(self, value: bool) -> None:
        self._restart()

    def on_log(self, value: bool) -> None:
        self.log = bool(value)
        self._show_scale()
        self.refresh()

    def _restart(self, **changes: Any) -> None:
        """A new setting: checked first (nothing changes if refused), then the run starts again at t = 0."""
        for name, value in changes.items():
            if name != "shape":
                self.check_input(**{name: value})
        setting = {**self.setting, **changes}
        names = CONTROLLERS if self._task_space_on() else CONTROLLERS[:3]
        exp = Tracking(controllers=names, **setting)  # a ValueError here leaves the lab as it was
        playing = self.playing
        self.pause()
        self.setting, self.exp = setting, exp
        q0, qd0 = exp.start()
        self.live = LiveSim(exp.team, q0, qd0, dt=self.dt, controller=self._torques, control_period=CONTROL_PERIOD)
        self.q0, self.qd0 = self.live.q, self.live.qd
        self._show_path()
        self.reset()
        if playing:
            self.play()

    def _task_space_on(self) -> bool:
        return bool(self.controls["task_space"].value) if "task_space" in self.controls else False

    def reset_state(self) -> None:
        super().reset_state()
        self._clear_record()

    # -- the scene ----------------------------------------------------------------------------------------
    def _scene(self) -> Scene:
        T = self.T
        arms, shapes = range(len(CONTROLLERS)), []
        ref = self.exp.path.points()
        shapes.append(Polyline("reference", "world", xs=ref[:, 0].tolist(), ys=ref[:, 1].tolist(), dash=True,
                               color="muted", width=1.5))
        for i, name in zip(arms, CONTROLLERS):
            col = COLORS[name]
            shapes += [Link(f"link1_{i}", "world", x0=0.0, y0=0.0, x1=f"ex{i}", y1=f"ey{i}", width=2, color=col,
                            alpha=0.45),
                       Link(f"link2_{i}", "world", x0=f"ex{i}", y0=f"ey{i}", x1=f"tx{i}", y1=f"ty{i}", width=2,
                            color=col, alpha=0.45),
                       Trace(f"path_{i}", "world", x=f"tx{i}", y=f"ty{i}", max_points=120, color=col, dash=i == 3),
                       Disc(f"tool_{i}", "world", x=f"tx{i}", y=f"ty{i}", r_px=4, color=col),
                       Trace(f"err_{i}", "error", x="t", y=f"err{i}", max_points=1500, color=col, dash=i == 3),
                       Trace(f"logerr_{i}", "error", x="t", y=f"logerr{i}", max_points=1500, color=col,
                             visible=False, dash=i == 3)]
        shapes += [Disc("target", "world", x="xd", y="yd", r_px=4, color="ink"),
                   Text("time", "world", x=-0.35, y=1.72, text=T("scene_time"))]
        scene = Scene(width=560, height=330, channels=list(self._channels()),
                      panels=[Panel("world", 0, 0, 0.5, 1.0, (-0.4, 1.4), (-0.35, 1.8), equal=True, axes=False,
                                    title=T("title_world")),
                              Panel("error", 0.6, 0.05, 0.4, 0.8, (0.0, 6.0), ERROR_LINEAR, xlabel=T("xlabel_error"),
                                    ylabel=T("ylabel_linear"), title=T("title_error"))],
                      shapes=shapes)
        self.autoscale("error", "xlim", ["t"], (0.0, 6.0))
        self._error_axis()
        self._scene_obj = scene
        self._visibility(scene)
        return scene

    def _channels(self) -> list[str]:
        out = ["t", "xd", "yd"]
        for i in range(len(CONTROLLERS)):
            out += [f"ex{i}", f"ey{i}", f"tx{i}", f"ty{i}", f"err{i}", f"logerr{i}"]
        return out

    def _visibility(self, scene: Any = None) -> None:
        scene = scene or self.scene
        on = len(self.exp.controllers) == len(CONTROLLERS)
        for shape in ("link1_3", "link2_3", "path_3", "tool_3"):
            scene.set_shape(shape, visible=on)
        scene.set_shape("err_3", visible=on and not self.log)
        scene.set_shape("logerr_3", visible=on and self.log)

    def _show_scale(self) -> None:
        for i in range(len(CONTROLLERS) - 1):
            self.scene.set_shape(f"err_{i}", visible=not self.log)
            self.scene.set_shape(f"logerr_{i}", visible=self.log)
        self._visibility()
        self._error_axis()
        self.scene.set_panel("error", ylim=ERROR_LOG if self.log else ERROR_LINEAR,
                             ylabel=self.T("ylabel_log" if self.log else "ylabel_linear"))

    def _error_axis(self) -> None:
        """The error axis grows with the errors shown (PD can miss by metres at low ωₙ); Reset shrinks it."""
        names = [f"{'logerr' if self.log else 'err'}{i}" for i in range(len(CONTROLLERS))]
        self.autoscale("error", "ylim", names, ERROR_LOG if self.log else ERROR_LINEAR)

    def _show_path(self) -> None:
        ref = self.exp.path.points()
        self.scene.set_shapes({"reference": {"xs": ref[:, 0].tolist(), "ys": ref[:, 1].tolist()}})
        self._visibility()

    def values(self, f: Frames) -> dict:
        exp, n = self.exp, len(f.t)
        k = len(exp.controllers)
        arm = exp.true_arm
        joints = arm.joint_positions(f.q.reshape(-1, 2)).reshape(n, k, 3, 2)  # per arm: base, elbow, tool
        err = exp.tool_errors(f.t, f.q)  # (N, k)
        rms, peak = self._record(f.t)
        xd = exp.path.at(f.t)[0]
        out: dict[str, Any] = dict(t=f.t, xd=xd[:, 0], yd=xd[:, 1], rms_ready=(f.t >= RMS_FROM).astype(float))
        for i in range(len(CONTROLLERS)):
            j = min(i, k - 1)  # a hidden fourth arm repeats the third's numbers (never drawn)
            out.update({f"ex{i}": joints[:, j, 1, 0], f"ey{i}": joints[:, j, 1, 1], f"tx{i}": joints[:, j, 2, 0],
                        f"ty{i}": joints[:, j, 2, 1], f"err{i}": err[:, j],
                        f"logerr{i}": np.log10(np.maximum(err[:, j], ERROR_FLOOR))})
        for i, name in enumerate(exp.controllers):
            out[f"rms_{name}"], out[f"peak_tau1_{name}"] = rms[:, i], peak[:, i]
        out["n"] = np.full(n, float(k))
        return out

    def show(self) -> None:
        r, s = self.readouts, self.setting
        rows = [self.T("table_head", since=RMS_FROM)]
        for name in self.exp.controllers:
            rms = (self.T("rms_value", rms=r[f"rms_{name}"]) if r["rms_ready"]
                   else self.T("rms_waiting", since=RMS_FROM))
            rows.append(self.T("table_row", color=COLORS[name], name=_html.escape(self.T(f"name_{name}")), rms=rms,
                               peak=r[f"peak_tau1_{name}"]))
        legend = self.T("legend_task" if len(self.exp.controllers) == 4 else "legend")
        self.readout_html.value = (self.T("setting", t=self.now.t, delta=100 * s["delta"], b=s["b"],
                                          omega_n=s["omega_n"], kp=self.exp.kp, kd=self.exp.kd, period=s["period"])
                                   + "<br>" + self.T("pd_gains", m11=self.exp.kp_pd[0, 0] / self.exp.kp,
                                                     m22=self.exp.kp_pd[1, 1] / self.exp.kp, delta=100 * s["delta"])
                                   + f"<br>{_html.escape(legend)}<table style='{TABLE_STYLE}'>" + "".join(rows)
                                   + "</table>")

    # -- tasks, each next to its threshold above -------------------------------------------------------------
    def _rms_ready(self) -> bool:
        return self.now.t >= RMS_FROM + MIN_RMS_SPAN - 1e-9

    def on_frame(self) -> None:
        """Task "mismatch": once a run at δ = ±30 % reaches COMPARE_AT, keep its RMS over the quiz's window."""
        if self.now.t >= COMPARE_AT - 1e-9 and self.setting["b"] == 0.0 and self._quiz_setting():
            d = round(100 * self.setting["delta"])
            if d in (MISMATCH_LOW, MISMATCH_HIGH):
                rms = self._record(np.array([COMPARE_AT]))[0][0]  # the samples RMS_FROM ≤ t < COMPARE_AT
                names = self.exp.controllers
                self._seen[float(d)] = (float(rms[names.index("computed_torque")]),
                                        float(rms[names.index("pd_gravity")]))

    def _check_exact(self, lab: Any) -> str | NotYet | None:
        s, r = self.setting, self.readouts
        if s["delta"] != 0.0 or s["b"] != 0.0:
            return None
        if not self._rms_ready():
            return NotYet(self.T("why_wait", since=RMS_FROM + MIN_RMS_SPAN))
        ct, pd = r["rms_computed_torque"], r["rms_pd"]
        if ct >= CT_EXACT:
            return NotYet(self.T("why_exact_ct", ct=ct, ct_mm=CT_EXACT * 1e3))
        if pd <= PD_EXACT:
            return NotYet(self.T("why_exact_pd", pd=pd, pd_cm=PD_EXACT * 1e2))
        return self.T("task_exact_value", ct=ct, pd=pd)

    def _quiz_setting(self) -> bool:
        """The quiz's ±30 % runs: the circle at the default ωₙ and period."""
        s = self.setting
        return s["shape"] == "circle" and s["omega_n"] == OMEGA_N and abs(s["period"] - PERIOD) < 1e-9

    def _check_mismatch(self, lab: Any) -> str | NotYet | None:
        d = round(100 * self.setting["delta"])
        if d in (MISMATCH_LOW, MISMATCH_HIGH) and not self._quiz_setting():
            return NotYet(self.T("why_mismatch_default", omega=OMEGA_N, period=PERIOD))
        low, high = self._seen.get(MISMATCH_LOW), self._seen.get(MISMATCH_HIGH)
        if low and high:
            return self.T("task_mismatch_value", low=MISMATCH_LOW, high=MISMATCH_HIGH, ct_low=low[0], pg_low=low[1],
                          ct_high=high[0], pg_high=high[1])
        if low:
            return NotYet(self.T("why_mismatch_high", low=MISMATCH_LOW, high=MISMATCH_HIGH, at=COMPARE_AT))
        if high:
            return NotYet(self.T("why_mismatch_low", low=MISMATCH_LOW, high=MISMATCH_HIGH, at=COMPARE_AT))
        if d in (MISMATCH_LOW, MISMATCH_HIGH) and self.setting["b"] == 0.0:
            return NotYet(self.T("why_mismatch_wait", at=COMPARE_AT))
        return None

    def _check_slow(self, lab: Any) -> str | NotYet | None:
        s, r = self.setting, self.readouts
        if s["omega_n"] >= SLOW_OMEGA:
            return None
        if abs(100 * s["delta"]) > SLOW_DELTA + 1e-9 or s["b"] > SLOW_B + 1e-9:
            return NotYet(self.T("why_slow_model", delta=abs(100 * s["delta"]), b=s["b"]))
        if not self._rms_ready():
            return NotYet(self.T("why_wait", since=RMS_FROM + MIN_RMS_SPAN))
        pd, ct = r["rms_pd"], r["rms_computed_torque"]
        if pd <= PD_SLOW:
            return NotYet(self.T("why_slow_pd", pd=pd, pd_cm=PD_SLOW * 1e2))
        if ct > CT_SLOW:
            return NotYet(self.T("why_slow_ct", ct=ct, ct_cm=CT_SLOW * 1e2))
        return self.T("task_slow_value", omega=s["omega_n"], pd=pd, ct=ct)


def task_prompts() -> dict[str, str]:
    """The three task prompts, thresholds filled in from the constants the checks use."""
    T = TOOL_PATH.text
    return {"exact": T("task_exact", ct_mm=CT_EXACT * 1e3, pd_cm=PD_EXACT * 1e2, since=RMS_FROM,
                       ready=RMS_FROM + MIN_RMS_SPAN),
            "mismatch": T("task_mismatch", low=MISMATCH_LOW, high=MISMATCH_HIGH, since=RMS_FROM, at=COMPARE_AT,
                          omega=OMEGA_N, period=PERIOD),
            "slow": T("task_slow", delta=SLOW_DELTA, b=SLOW_B, omega=SLOW_OMEGA, pd_cm=PD_SLOW * 1e2,
                      ct_cm=CT_SLOW * 1e2)}


def tool_path_lab(**kw: Any) -> ToolPathLab:
    """Make the lab (what the lesson's notebook calls)."""
    return ToolPathLab(**kw)
