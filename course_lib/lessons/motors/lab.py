"""Lesson 11's lab: the 2R arm with geared motors and joint friction.

Sliders for the gear ratio k_r (1–160) and rotor inertia I_m (1e-5–1e-3 kg·m²) of each
joint, viscous F_v and Coulomb F_s friction, a switch "include rotor inertia in the
model", gravity on/off, and a step or sinusoid joint torque τ = k_r τ_m. Readouts: the
diagonal of M as stacked bars, each rotor's reflected inertia k_r² I_m on the rest (the links and
what they carry, rotor 2's own I_m2 included), κ(M) here and at worst over θ₂, and the
coupling |M₁₂|/√(M₁₁M₂₂). Drag the elbow (turns θ₁) or the tip (bends θ₂) to pose the arm; it is put
at rest there.

Every number comes from :class:`~course_lib.physics.models.MotorArm`. Handles ``"elbow"`` and ``"tip"`` in panel
``"world"`` (metres, base at the origin, y up).

>>> lab = MotorLab()
>>> lab.set("gravity", False); lab.set("tau1", 0.9 * lab.model.Fs[0]); lab.advance(0.5)
>>> float(abs(lab.now.qd[0]))  # within F_s, joint 1 sticks
0.0
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

from course_lib.lab import controls as c
from course_lib.lab.scene.layout import PALETTE
from course_lib.lab.arm2r import PLAIN, ArmLook, PosedSimArm, arm_shapes
from course_lib.lab.numbers import wrap_degrees
from course_lib.lab.scene import Bar, Disc, Panel, Scene, Text
from course_lib.lab.simlab import Frames, SimLab
from course_lib.lab.tasks import NotYet, checklist
from course_lib.lessons.motors.messages import MOTOR
from course_lib.physics.models import MotorArm
from course_lib.physics.models.motor_arm import GEAR_RANGE, ROTOR_INERTIA_RANGE

#: the start posture (rad): θ₁ from the horizontal, θ₂ relative
Q0 = (0.3, 0.9)
#: task 2: κ(M) must stay below this over all θ₂ …
KAPPA_MAX = 2.0
#: … checked on this many elbow angles over a full turn
THETA2_GRID = np.linspace(-np.pi, np.pi, 721)
#: task 3: the constant τ₁ must be within this fraction above the breakaway torque
BREAKAWAY_TOLERANCE = 0.02
#: joint 1 counts as started once it has turned this far (rad) since τ₁ was set
MOVED = 1e-4
#: the rotors the lab starts with (kg·m², a larger servo's): tasks 1 and 2 are then reachable by gearing alone
#: (task 1 from k_r1 ≈ 104, task 2 e.g. with k_r = (130, 160)); at 1e-4 task 1 would need k_r1 ≈ 180 > 160
IM_START = 3e-4
#: the links' share of M sky blue, the rotors' purple (the palette's)
COLORS = {"link": PALETTE["tertiary"], "rotor": PALETTE["gravity"]}


@functools.lru_cache(maxsize=8)  # models are immutable: one grid per model, however many frames show it
def max_condition_number(arm: MotorArm) -> tuple[float, float]:
    """(largest κ(M) over θ₂, the θ₂ in rad where it occurs), on :data:`THETA2_GRID`."""
    kappa = arm.condition_number(THETA2_GRID)
    i = int(np.argmax(kappa))
    return float(kappa[i]), float(THETA2_GRID[i])


def _show_on_off(button: Any) -> None:
    """A switch's look: a ticked box and colour while on, an empty box while off."""
    button.icon = "check-square-o" if button.value else "square-o"
    button.button_style = "info" if button.value else ""


class MotorLab(PosedSimArm, SimLab):
    """The motor lab. Args: q0 (rad), arm (a MotorArm), clock. Raises ValueError naming what was wrong."""

    messages = MOTOR
    #: the scene in words (the kit's describe.py), and the main readouts it names with their units
    DESCRIPTION = "mot_description"
    DESCRIBES = {"th1_deg": "°", "th2_deg": "°", "t": "s", "top11": "kg·m²", "rotor11": "kg·m²", "kappa": ""}
    CONTROLS = (c.Slider("kr1", "mot_kr1", *GEAR_RANGE, 1.0, 50.0, ".0f", param="kr1"),
                c.Slider("kr2", "mot_kr2", *GEAR_RANGE, 1.0, 50.0, ".0f", param="kr2"),
                c.Slider("Im1", "mot_Im1", *ROTOR_INERTIA_RANGE, 1e-5, IM_START, ".5f", param="Im1"),
                c.Slider("Im2", "mot_Im2", *ROTOR_INERTIA_RANGE, 1e-5, IM_START, ".5f", param="Im2"),
                c.Slider("Fv", "mot_Fv", 0.0, 2.0, 0.01, 0.1, param="b"),
                c.Slider("Fs", "mot_Fs", 0.0, 5.0, 0.01, 1.0, param="Fs"),
                c.Toggle("rotors", "mot_rotors", True, on="on_rotors"),
                c.Toggle("gravity", "mot_gravity", True, on="on_gravity"),
                c.Dropdown("input", "mot_input", ((MOTOR.text("mot_input_step"), "step"),
                                                  (MOTOR.text("mot_input_sine"), "sine")), "step", on="on_input"),
                c.Slider("tau1", "mot_tau1", -40.0, 40.0, 0.01, 0.0, on="on_tau1"),
                c.Slider("tau2", "mot_tau2", -20.0, 20.0, 0.01, 0.0, on="on_tau2"),
                c.Slider("freq", "mot_freq", 0.1, 3.0, 0.1, 0.5, ".1f", on="on_freq"))

    def __init__(self, q0: Any = Q0, arm: MotorArm | None = None, **kw: Any):
        try:
            q0 = [float(v) for v in q0]
        except (TypeError, ValueError):
            q0 = None
        if q0 is None or len(q0) != 2 or not all(map(math.isfinite, q0)):
            raise ValueError(MOTOR.text("mot_error_q0", value=q0))
        arm = MotorArm(b=0.1, Fs=1.0, Im1=IM_START, Im2=IM_START) if arm is None else arm
        if not isinstance(arm, MotorArm):
            raise ValueError(f"arm must be a MotorArm, got {type(arm).__name__}")
        self.g_on = arm.g if arm.g > 0 else 9.81
        self._amp, self._mode, self._freq = np.zeros(2), "step", 0.5
        self._set_at: dict[str, Any] | None = None  # the state when τ₁ was last set (task 3)
        super().__init__(arm, q0, [0.0, 0.0], controller=self._torque, **kw)
        self._origin = (float(arm.total_energy(self.now.q, self.now.qd)), 0.0)
        prompts = {"rotor": MOTOR.text("mot_task_rotor"),
                   "kappa": MOTOR.text("mot_task_kappa", kappa=KAPPA_MAX),
                   "breakaway": MOTOR.text("mot_task_breakaway", pct=100 * BREAKAWAY_TOLERANCE)}
        self.tasks = checklist(self, prompts, "mot_task_{key}_hint",
                               checks={"rotor": self._check_rotor, "kappa": self._check_kappa,
                                       "breakaway": self._check_breakaway})
        self.readout_html = c.html()
        self.autoscale("bars", "ylim", ["top11", "top22"], (0.0, 4.0))
        self.add_arm_handles()
        self.start(self._scene(), [self.readout_html])

    def build_controls(self) -> list:
        """The controls with the two switches in one row, so that the lab fits a 1366×768 screen; a switch
        shows ☑ or ☐ and is coloured while on, so on and off are told apart at a glance."""
        import ipywidgets as w

        built = dict(zip((spec.key for spec in self.CONTROLS), super().build_controls()))
        for key in ("rotors", "gravity"):
            button = built[key]
            button.tooltip = self.T(f"mot_{key}_tooltip")
            _show_on_off(button)
            button.observe(lambda change, b=button: _show_on_off(b), "value")
            button.layout.width = "100px"
        choice = built["input"]  # its options say what it is: no description, so it fits beside the switches
        choice.description, choice.tooltip, choice.layout.width = "", self.T("mot_input"), "120px"
        row = w.HBox([built["rotors"], built["gravity"], choice], layout={"flex_flow": "row wrap", "grid_gap": "4px"})
        return [built["kr1"], built["kr2"], built["Im1"], built["Im2"], built["Fv"], built["Fs"], row,
                built["tau1"], built["tau2"], built["freq"]]

    def start(self, scene: Scene, below: list = ()) -> None:
        super().start(scene, below)
        self.controls["reset"].tooltip = self.T("mot_reset_tooltip")

    # -- the torque input, sampled by the simulator ------------------------------------------------
    def _torque(self, t: float, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
        if self._mode == "sine":
            return self._amp * math.sin(2 * math.pi * self._freq * t)
        return self._amp.copy()

    def _input(self, **changes: Any) -> None:
        def apply() -> None:  # at the frame shown
            for name, value in changes.items():
                setattr(self, name, value)
            self.live.sample_controller()
        self.change(apply)

    def on_tau1(self, value: float) -> None:
        self.check_input(tau1=value)
        self._input(_amp=np.array([float(value), self._amp[1]]))
        self._note_tau1()

    def on_tau2(self, value: float) -> None:
        self.check_input(tau2=value)
        self._input(_amp=np.array([self._amp[0], float(value)]))

    def on_freq(self, value: float) -> None:
        self.check_input(freq=value)
        self._input(_freq=float(value))

    def on_input(self, mode: str) -> None:
        if mode not in ("step", "sine"):
            raise ValueError(f"input must be 'step' or 'sine', got {mode!r}")
        self._input(_mode=mode)

    def control_changed(self, spec: Any, value: Any) -> None:
        """A model slider (k_r, I_m, F_v, F_s) goes through :meth:`_switch` like the switches: k_r and I_m
        change M, so ½ q̇ᵀ M q̇ jumps while the arm moves, and the ledger's E₀ must jump with it."""
        if spec.param is None:
            super().control_changed(spec, value)
            return
        self.check_input(**{spec.key: value})
        self._switch(self.live.model.replace(**{spec.param: value}))

    def on_rotors(self, on: bool) -> None:
        self._switch(self.live.model.replace(rotors=bool(on)))

    def on_gravity(self, on: bool) -> None:
        self._switch(self.live.model.replace(g=self.g_on if on else 0.0))

    def _switch(self, model: MotorArm) -> None:
        def apply() -> None:  # E₀ moves by the jump in E, so the ledger E − W stays continuous
            q, qd = self.live.q, self.live.qd
            jump = float(model.total_energy(q, qd) - self.live.model.total_energy(q, qd))
            self._origin = (self._origin[0] + jump, self._origin[1])
            self.live.model = model
        self.change(apply)

    def _note_tau1(self) -> None:
        """Task 3 remembers the state τ₁ was set in: the breakaway is judged from there."""
        self._set_at = {"tau1": float(self._amp[0]), "q": self.now.q.copy(), "rest": bool(not self.now.qd.any())}

    # -- dragging the elbow (θ₁) or the tip (θ₂) puts the arm there at rest (PosedSimArm) -------------------
    def set_state(self, q: Any, qd: Any) -> None:
        super().set_state(q, qd)
        self._origin = (float(self.model.total_energy(self.now.q, self.now.qd)), float(self.now.work))
        self._note_tau1()

    def reset_state(self) -> None:
        super().reset_state()
        self._origin = (float(self.model.total_energy(self.now.q, self.now.qd)), 0.0)
        self._note_tau1()

    # -- the scene ---------------------------------------------------------------------------------------------
    _channels = ("ex", "ey", "tx", "ty", "link11", "rotor11", "link22", "rotor22", "kappa", "coupling",
                 "th1_deg", "th2_deg", "tau1", "tau2")

    def _scene(self) -> Scene:
        T, arm = self.T, self.model
        r = 1.08 * (arm.l1 + arm.l2)
        world = dict(panel="world")
        bar = dict(panel="bars", bar_width=0.6)
        return Scene(width=560, height=380, channels=list(self._channels), periodic={"th1_deg": 360.0, "th2_deg": 360.0},
                     panels=[
            Panel("world", 0, 0, 0.6, 0.84, (-r, r), (-r, r), equal=True, axes=False, title=T("mot_title_world")),
            Panel("bars", 0.68, 0.06, 0.3, 0.72, (-0.6, 1.6), (0.0, 4.0), ylabel=T("mot_ylabel_bars"),
                  title=T("mot_title_bars"), xticks=[], grid=True),  # the bars' labels name them
            Panel("text", 0.0, 0.84, 1.0, 0.16, (0, 1), (0, 1), axes=False)], shapes=[
            Disc("motor1", **world, x=0, y=0, r_px=13, color=COLORS["rotor"], alpha=0.45),
            Disc("motor2", **world, x="ex", y="ey", r_px=11, color=COLORS["rotor"], alpha=0.45),
            *arm_shapes("world", ArmLook(**{**vars(PLAIN), "elbow_r": 9})),
            Text("state", "text", x=0.0, y=0.62, text=T("mot_scene_state")),  # below the arm: no handle covers it
            Bar("link11", **bar, x=0.0, height="link11", label="M₁₁", color=COLORS["link"]),
            Bar("rotor11", **bar, x=0.0, base="link11", height="rotor11", color=COLORS["rotor"]),
            Bar("link22", **bar, x=1.0, height="link22", label="M₂₂", color=COLORS["link"]),
            Bar("rotor22", **bar, x=1.0, base="link22", height="rotor22", color=COLORS["rotor"]),
            Text("kappa", "text", x=0.0, y=0.12, text=T("mot_scene_kappa"))])

    # -- values of N frames ----------------------------------------------------------------------------------
    def values(self, f: Frames) -> dict:
        p, q, qd, tau = f.model, f.q, f.qd, f.tau
        joints = p.joint_positions(q)
        M = p.mass_matrix(q)
        m11, m12, m22 = M[:, 0, 0], M[:, 0, 1], M[:, 1, 1]
        r11, r22 = p.reflected_rotor_inertias()  # the rotor bars: k_r² I_m; the link bars: the rest of M_ii
        kappa = p.condition_number(q[:, 1])
        E = np.asarray(p.total_energy(q, qd), dtype=float)
        dE, W = E - self._origin[0], f.work - self._origin[1]
        kappa_max, _ = max_condition_number(p)
        return dict(t=f.t, ex=joints[:, 1, 0], ey=joints[:, 1, 1], tx=joints[:, 2, 0], ty=joints[:, 2, 1],
                    link11=m11 - r11, rotor11=r11, top11=m11, link22=m22 - r22, rotor22=r22, top22=m22,
                    m12=m12, kappa=kappa, kappa_max=kappa_max, coupling=np.abs(m12) / np.sqrt(m11 * m22),
                    th1_deg=wrap_degrees(np.degrees(q[:, 0])), th2_deg=wrap_degrees(np.degrees(q[:, 1])), qd1=qd[:, 0], qd2=qd[:, 1],
                    theta1=q[:, 0], theta2=q[:, 1], tau1=tau[:, 0], tau2=tau[:, 1],
                    tau_m1=tau[:, 0] / p.kr1, tau_m2=tau[:, 1] / p.kr2, dE=dE, W=W, gap=dE - W)

    def show(self) -> None:
        self.readout_html.value = self.T("mot_readouts", **self.readouts)

    # -- tasks, each next to its threshold above ------------------------------------------------------------
    def _check_rotor(self, lab: "MotorLab") -> str | NotYet | None:
        r = self.readouts
        if not self.model.rotors:
            return NotYet(self.T("mot_why_rotors_off"))
        if r["rotor11"] <= r["link11"]:
            return NotYet(self.T("mot_why_rotor_small"))  # no numbers: a reason that changed every frame
            #                                              would re-render the checklist at display rate
        return self.T("mot_task_rotor_value", rotor=r["rotor11"], link=r["link11"], kr1=self.model.kr1)

    def _check_kappa(self, lab: "MotorLab") -> str | NotYet | None:
        if not self.model.rotors:
            return NotYet(self.T("mot_why_rotors_off"))
        kappa, theta2 = max_condition_number(self.model)
        if kappa >= KAPPA_MAX:
            return NotYet(self.T("mot_why_kappa_large", kappa=kappa, theta2=math.degrees(theta2)))
        return self.T("mot_task_kappa_value", kappa=kappa, kr1=self.model.kr1, kr2=self.model.kr2)

    def _check_breakaway(self, lab: "MotorLab") -> str | NotYet | None:
        at, m = self._set_at, self.model
        if at is None or abs(self.now.q[0] - at["q"][0]) < MOVED:
            return None  # joint 1 has not started since τ₁ was set
        if m.g != 0:
            return NotYet(self.T("mot_why_gravity"))
        if m.Fs[0] <= 0:
            return NotYet(self.T("mot_why_no_coulomb"))
        if self._mode != "step" or self._amp[1] != 0:
            return NotYet(self.T("mot_why_input"))
        if not at["rest"]:
            return NotYet(self.T("mot_why_not_rest"))
        least = m.breakaway_torque(at["q"])
        if abs(at["tau1"]) > (1 + BREAKAWAY_TOLERANCE) * least * (1 + 1e-12):  # inclusive: a typed 1.02
            #                                                  may arrive as 1.0200000000000002
            return NotYet(self.T("mot_why_too_big", tau1=at["tau1"], pct=100 * BREAKAWAY_TOLERANCE))
        return self.T("mot_task_breakaway_value", tau1=at["tau1"], least=least)

