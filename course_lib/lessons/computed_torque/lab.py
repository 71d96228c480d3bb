"""Lesson 8, lab 1: PD, PD + gravity and computed torque track one target at once.

Three copies of the 2R arm start on the target q_d(t) (a sinusoid per joint,
:mod:`course_lib.physics.joint_tracking`) and follow it under three laws with the same
gains, K_p = 150, K_d = 20: PD (red), PD + gravity compensation (sky blue) and
computed torque (green); the target arm is dashed. The controller runs at
500 Hz with zero-order hold. Sliders: the "model error" (the masses the
controllers believe in are off by this many percent; 0 is the true model) and an "unmodeled
payload" (kg at the tip). Moving a slider restarts the run at t = 0.
Readouts: each controller's RMS error over the last 2 s, and ‖q_d − q‖ on a
log-scale plot.

All three arms are one :class:`~course_lib.physics.models.arm_team.ArmTeam`
model in one simulator: one RK4 step moves all of them, one controller call
samples all three laws.

>>> lab = ComputedTorqueLab()
>>> lab.set("payload", 1.0); lab.advance(6.5)
>>> lab.task_done("payload"), lab.readout("rms_ct") > 0.2
(True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.lab import controls as c
from course_lib.lab.scene.layout import PALETTE
from course_lib.lab.scene import Link, Panel, Scene, Text, Trace
from course_lib.lab.simlab import Frames, SimLab
from course_lib.lab.tasks import NotYet, checklist
from course_lib.lessons.computed_torque.messages import COMPUTED_TORQUE
from course_lib.physics import joint_tracking as jt

#: the lesson's colours (the palette's): PD red, PD + gravity sky blue, computed torque green; the target grey, dashed
COLORS = {"pd": PALETTE["force"], "pdg": PALETTE["tertiary"], "ct": PALETTE["velocity"], "target": "#555555"}
#: the sliders' ranges: model error (%) and payload (kg)
ERROR_RANGE, PAYLOAD_RANGE = (-50.0, 50.0), (0.0, 3.0)
#: both tasks: the run must be past this time (s) before its RMS (over the last jt.RMS_WINDOW s) counts
WAIT = 5.0
#: task "payload": at least this payload (kg), and computed torque's RMS above this (rad)
PAYLOAD_TASK, PAYLOAD_RMS = 1.0, 0.2
#: task "worse": computed torque's RMS at least this many times PD + gravity's, at every frame of the last
#: WORSE_HOLD s (s), that window starting after WAIT: a passing spike (−30 % model error alone peaks near 5 s
#: and is better again by 6 s) does not count, a loss that lasts (2 kg at −30 %) does
WORSE_RATIO, WORSE_HOLD = 1.2, 3.0
#: the hint for task "worse": payload (kg) and model error (%)
HINT_PAYLOAD, HINT_ERROR = 2.0, -30.0
#: the RMS readouts keep the errors of at most this many frames, the last KEEP_SECONDS (s) beyond it
KEEP_FRAMES, KEEP_SECONDS = 900, 3 * jt.RMS_WINDOW
#: the log plot's floor: errors below this (rad) are drawn at it
LOG_FLOOR = 1e-5


class ComputedTorqueLab(SimLab):
    """The joint-space computed-torque lab. Args: clock (tests fake it)."""

    messages = COMPUTED_TORQUE
    #: the scene in words (the kit's describe.py), and the main readouts it names with their units
    DESCRIPTION = "ct_description"
    DESCRIBES = {"t": "s", "err_pd": "rad", "err_pdg": "rad", "err_ct": "rad"}
    dt = jt.DT
    CONTROLS = (c.Slider("model_error", "ct_model_error", *ERROR_RANGE, 5.0, 0.0, ".0f", on="on_model_error"),
                c.Slider("payload", "ct_payload", *PAYLOAD_RANGE, 0.1, 0.0, ".1f", on="on_payload"))

    def __init__(self, **kw: Any):
        self.model_error, self.payload = 0.0, 0.0
        self._errors: dict[int, np.ndarray] = {}  # time (µs) -> the three errors: one run, restarted on a change
        q0, qd0 = jt.start_state()
        super().__init__(jt.plant(0.0), q0, qd0, controller=jt.three_laws(jt.believed(0.0)),
                         control_period=jt.CONTROL_PERIOD, **kw)
        self.live.sample_controller()
        self.now = self.live.snapshot()
        self.tasks = checklist(self, task_prompts(), "ct_task_{key}_hint",
                               hint_values={"worse": {"payload": HINT_PAYLOAD, "error": HINT_ERROR, "wait": WAIT}},
                               checks={"payload": self._check_payload, "worse": self._check_worse})
        self.readout_html, self.setup_html = c.html(), c.html()
        self.autoscale("err", "xlim", ["t"], (0.0, 8.0))
        self.start(self._scene(), [self.readout_html, self.setup_html])

    # -- the scene ---------------------------------------------------------------------------------------------
    def _scene(self) -> Scene:
        T = self.T
        shapes: list = []
        # the target last, thin and dashed, over the three arms: they start on it and follow it closely, and
        # drawn first it hid under them (the legend named a grey arm nobody could see)
        for name, width, dash in (("pd", 5, False), ("pdg", 5, False), ("ct", 5, False), ("target", 2, True)):
            color = COLORS[name]
            shapes += [Link(f"l1_{name}", "world", x0=0.0, y0=0.0, x1=f"ex_{name}", y1=f"ey_{name}", width=width,
                            color=color, dash=dash),
                       Link(f"l2_{name}", "world", x0=f"ex_{name}", y0=f"ey_{name}", x1=f"tx_{name}",
                            y1=f"ty_{name}", width=width, color=color, dash=dash)]
        for name in jt.CONTROLLERS:
            shapes.append(Trace(f"trace_{name}", "err", x="t", y=f"log_{name}", color=COLORS[name], width=2,
                                max_points=1200))
        for i, name in enumerate(("pd", "pdg", "ct", "target")):
            shapes.append(Text(f"legend_{name}", "world", x=-0.55, y=-0.35 - 0.17 * i, text=T(f"ct_legend_{name}"),
                               color=COLORS[name]))
        # one line each: the world panel is 252 px wide, and "model error −30 %   payload 2.0 kg" ran past it
        for key, y in (("time", 2.1), ("error", 1.92), ("payload", 1.74)):   # 0.18 apart: Chinese glyphs are taller
            shapes.append(Text(f"setting_{key}", "world", x=-0.55, y=y, text=T(f"ct_scene_{key}")))
        return Scene(width=560, height=300, channels=list(self._channels), panels=[
            Panel("world", 0, 0, 0.45, 1.0, (-0.6, 2.0), (-1.1, 2.2), equal=True, axes=False,
                  title=T("ct_title_world")),
            Panel("err", 0.57, 0.08, 0.42, 0.76, (0.0, 8.0), (np.log10(LOG_FLOOR), 0.5), xlabel=T("ct_xlabel_err"),
                  ylabel=T("ct_ylabel_err"), title=T("ct_title_err"), grid=True)], shapes=shapes)

    _channels = tuple(f"{k}_{n}" for n in ("target",) + jt.CONTROLLERS for k in ("ex", "ey", "tx", "ty")) + \
        ("t", "model_error", "payload") + tuple(f"log_{n}" for n in jt.CONTROLLERS)

    def values(self, f: Frames) -> dict:
        arms = f.model
        q_d, _, _ = jt.target(f.t)
        out: dict[str, Any] = {"t": f.t, "model_error": self.model_error, "payload": f.model.arm.payload}
        each = arms.copies(f.q)
        for name, q in (("target", q_d),) + tuple((n, each[:, i]) for i, n in enumerate(jt.CONTROLLERS)):
            p = arms.arm.joint_positions(q)
            out.update({f"ex_{name}": p[:, 1, 0], f"ey_{name}": p[:, 1, 1], f"tx_{name}": p[:, 2, 0],
                        f"ty_{name}": p[:, 2, 1]})
        err = jt.tracking_errors(f.t, f.q)
        rms = self._rms(f.t, err)
        for i, name in enumerate(jt.CONTROLLERS):
            out[f"err_{name}"] = err[:, i]
            out[f"log_{name}"] = np.log10(np.maximum(err[:, i], LOG_FLOOR))
            out[f"rms_{name}"] = rms[:, i]
        return out

    def _rms(self, t: np.ndarray, err: np.ndarray) -> np.ndarray:
        """RMS over the last RMS_WINDOW s at each of these frames, over every frame of this run computed so far."""
        for ti, e in zip(t.tolist(), err):
            self._errors[round(ti * 1e6)] = e
        if len(self._errors) > KEEP_FRAMES:  # a long Play: forget what no window (nor a rewind) can reach again
            oldest = round((max(t.tolist()) - KEEP_SECONDS) * 1e6)
            self._errors = {k: v for k, v in self._errors.items() if k >= oldest}
        times, sq = self._table()
        return self._rms_from(times, sq, t)

    def _table(self) -> tuple[np.ndarray, np.ndarray]:
        """The stored frames' times (s, sorted) and the running sums of their squared errors (one row more)."""
        keys = np.array(sorted(self._errors))
        table = np.array([self._errors[k] for k in keys.tolist()]).reshape(-1, 3)
        return keys * 1e-6, np.vstack([np.zeros((1, 3)), np.cumsum(table**2, axis=0)])

    def worst_held_ratio(self, t: float) -> float:
        """The smallest ratio RMS(computed torque) / RMS(PD + gravity) over the stored frames of [t − WORSE_HOLD, t].

        Args:
            t: the run's time (s).
        Returns:
            The ratio (dimensionless); 0 when no frame of the window is stored.
        """
        times, sq = self._table()
        at = times[(times >= t - WORSE_HOLD - 1e-9) & (times <= t + 1e-9)]
        if at.size == 0:
            return 0.0
        rms = self._rms_from(times, sq, at)
        return float(np.min(rms[:, 2] / np.maximum(rms[:, 1], 1e-12)))

    @staticmethod
    def _rms_from(times: np.ndarray, sq: np.ndarray, t: np.ndarray) -> np.ndarray:
        hi = np.searchsorted(times, t + 1e-9, side="right")
        lo = np.searchsorted(times, t - jt.RMS_WINDOW + 1e-9, side="right")
        return np.sqrt((sq[hi] - sq[lo]) / np.maximum(hi - lo, 1)[:, None])

    def show(self) -> None:
        r = self.readouts
        self.readout_html.value = self.T("ct_readouts", window=jt.RMS_WINDOW, t=r["t"], rms_pd=r["rms_pd"],
                                         rms_pdg=r["rms_pdg"], rms_ct=r["rms_ct"], c_pd=COLORS["pd"],
                                         c_pdg=COLORS["pdg"], c_ct=COLORS["ct"])
        (c1, c2), (a1, a2), (w1, w2) = jt.CENTRE, jt.AMPLITUDE, jt.OMEGA
        self.setup_html.value = self.T("ct_setup", kp=jt.KP, kd=jt.KD, rate=round(1 / jt.CONTROL_PERIOD, 6),
                                       c1=c1, c2=c2, a1=a1, a2=a2, w1=w1, w2=w2,
                                       believed=round(100 + self.model_error, 6), payload=self.payload)

    # -- the sliders restart the run ----------------------------------------------------------------------------
    def on_model_error(self, percent: float) -> None:
        self.check_input(model_error=percent)
        if not ERROR_RANGE[0] <= float(percent) <= ERROR_RANGE[1]:
            raise ValueError(self.T("ct_error_model", lo=ERROR_RANGE[0], hi=ERROR_RANGE[1], value=percent))
        self._restart(float(percent), self.payload)

    def on_payload(self, kg: float) -> None:
        self.check_input(payload=kg)
        if not PAYLOAD_RANGE[0] <= float(kg) <= PAYLOAD_RANGE[1]:
            raise ValueError(self.T("ct_error_payload", lo=PAYLOAD_RANGE[0], hi=PAYLOAD_RANGE[1], value=kg))
        self._restart(self.model_error, float(kg))

    def _restart(self, model_error: float, payload: float) -> None:
        """New plant and controller (both built, hence checked, before anything changes), then a run from t = 0."""
        plant, law = jt.plant(payload), jt.three_laws(jt.believed(model_error / 100.0))
        playing = self.playing
        self.pause()
        self.model_error, self.payload = model_error, payload
        self.live.model, self.live.controller = plant, law
        self.reset()
        if playing:
            self.play()

    def reset_state(self) -> None:
        super().reset_state()
        self._errors = {}
        self.live.sample_controller()  # the torque held at t = 0 is the current law's
        self.now = self.live.snapshot()

    # -- tasks, each next to its threshold ----------------------------------------------------------------------
    def _check_payload(self, lab: "ComputedTorqueLab") -> str | NotYet | None:
        r = self.readouts
        if self.payload < PAYLOAD_TASK:
            return NotYet(self.T("ct_why_payload_small", payload=self.payload, need=PAYLOAD_TASK))
        if r["t"] <= WAIT:
            return NotYet(self.T("ct_why_payload_wait", t=r["t"], wait=WAIT))
        if r["rms_ct"] <= PAYLOAD_RMS:
            return NotYet(self.T("ct_why_payload_rms", rms=r["rms_ct"], need=PAYLOAD_RMS))
        return self.T("ct_payload_value", rms=r["rms_ct"], payload=self.payload, t=r["t"], window=jt.RMS_WINDOW)

    def _check_worse(self, lab: "ComputedTorqueLab") -> str | NotYet | None:
        r = self.readouts
        # both sliders, as the "Try this" says: a payload with the model exact is task "payload"'s setting,
        # which alone already makes computed torque lose (1 kg: 1.34× at 8 s)
        if self.model_error == 0.0:
            return NotYet(self.T("ct_why_worse_no_error"))
        if r["t"] <= WAIT + WORSE_HOLD:
            return NotYet(self.T("ct_why_worse_wait", t=r["t"], wait=WAIT + WORSE_HOLD))
        ratio = r["rms_ct"] / max(r["rms_pdg"], 1e-12)
        held = self.worst_held_ratio(r["t"])
        if held < WORSE_RATIO:
            return NotYet(self.T("ct_why_worse_ratio", ratio=ratio, held=held, hold=WORSE_HOLD, need=WORSE_RATIO))
        return self.T("ct_worse_value", ratio=ratio, held=held, hold=WORSE_HOLD, error=self.model_error,
                      payload=self.payload, t=r["t"])


def task_prompts() -> dict[str, str]:
    """The two task prompts, thresholds filled in from the constants the checks use."""
    T = COMPUTED_TORQUE.text
    return {"payload": T("ct_task_payload", payload=PAYLOAD_TASK, wait=WAIT, rms=PAYLOAD_RMS, window=jt.RMS_WINDOW),
            "worse": T("ct_task_worse", percent=round(100 * (WORSE_RATIO - 1), 6), wait=WAIT, hold=WORSE_HOLD,
                        window=jt.RMS_WINDOW)}
