"""Lesson 6's lab: centrifugal and Coriolis torques of the 2R arm, and two ways to write C.

Both joints turn at constant rates (q̈ = 0, :class:`~course_lib.physics.models.held_rates.HeldRatesArm`;
Play spins the arm, θ₂ changing with θ̇₂) and gravity is ignored, so the torques
shown are the velocity torques C(q, q̇) q̇ alone. The vermilion arrows are the net
forces mᵢaᵢ on the centres of mass; four bars split C q̇ into centrifugal
(θ̇ᵢ²) and Coriolis (θ̇₁θ̇₂) parts; readouts compare the closed form with
Newton's r × m a and with C built from Christoffel symbols of M, and show the
skew error of the C selected (Christoffel or alternative).

Every number comes from :class:`~course_lib.physics.models.TwoLinkArm`,
:mod:`course_lib.physics.christoffel` and :mod:`course_lib.physics.newton_torques`. Handles
``"elbow"`` and ``"tip"`` in panel ``"world"`` (metres, shoulder at the origin);
dragging the elbow turns θ₁, the tip θ₂. The first slider is θ₁.

>>> lab = ChristoffelLab()
>>> lab.set("theta2", 90.0); lab.set("qd1", 2.0); lab.set("qd2", 0.0)
>>> round(lab.readout("tau2"), 6)          # lesson 6's quiz, question 1: 2.4 N·m
2.4
"""

from __future__ import annotations

import numpy as np

from course_lib.lab import controls as c
from course_lib.lab.scene.layout import PALETTE
from course_lib.lab.arm2r import PosedSimArm, arm_readouts, arm_shapes
from course_lib.lab.base import Lab
from course_lib.lab.numbers import capped, slider_angle
from course_lib.lab.predict import Predicted, Prediction, arm_parameter_values, with_arm_drags
from course_lib.lab.scene import Arrow, Bar, Disc, Link, Panel, Polyline, Scene, Text
from course_lib.lab.simlab import Frames, SimLab
from course_lib.lab.tasks import NotYet, checklist
from course_lib.lessons.coriolis.messages import CHRISTOFFEL
from course_lib.lessons.coriolis.predicted import coriolis_prediction
from course_lib.physics import christoffel as chr_
from course_lib.physics.models import TwoLinkArm
from course_lib.physics.models.held_rates import HeldRatesArm
from course_lib.physics.models.two_link import velocity_coupling
from course_lib.physics.newton_torques import com_accelerations, newton_velocity_torques

#: task "spin1": θ̇₂ counts as zero below (rad/s); θ̇₁ above (rad/s); |τ₂| above (N·m)
SPIN_QD2_ZERO, SPIN_QD1, SPIN_TAU2 = 0.01, 3.0, 3.0
#: task "cancel": both rates above (rad/s), |τ₁| below (N·m), |sin θ₂| above            
CANCEL_QD, CANCEL_TAU1, CANCEL_SIN2 = 1.0, 0.3, 0.35
#: task "alt": the alternative C's skew error must exceed this (kg·m²/s); Christoffel's is ~1e-9
ALT_SKEW = 1e-3
#: arrows 0.05 m per N, capped at ARROW_MAX m
ARROW_PER_N, ARROW_MAX = 0.05, 0.9
#: the bars' axis fits the rates set: ± BAR_MARGIN × the largest part any θ₂ gives with |θ̇ᵢ| ≤ max(|θ̇₁|, |θ̇₂|,
#: BAR_RATE_FLOOR); the parts grow as the rates squared, so at 1 rad/s the bars fill the chart as at 6, the ticks
#: give the scale, and no bar ever leaves it during Play (the rates are held)
BAR_MARGIN, BAR_RATE_FLOOR = 1.05, 0.5
RATE_RANGE = (-6.0, 6.0)
#: the angle sliders' step (degrees): a dragged angle is snapped to it, so sliders and readouts agree
ANGLE_STEP = 1.0
FORMS = ("christoffel", "alternative")
#: the net forces' arrows and their legend: the palette's force vermilion
FORCE = PALETTE["force"]


class ChristoffelLab(Predicted, PosedSimArm, SimLab):
    """The velocity-torque lab of lesson 6.

    Args:
        arm: the arm; default the course's arm. Gravity plays no part here.
        theta1, theta2: start angles (degrees, −180…180), θ₁ from the horizontal, θ₂ relative.
        qd1, qd2: start rates (rad/s, −6…6).

    Raises:
        ValueError: naming the argument and what is allowed.
    """

    messages = CHRISTOFFEL
    #: the scene in words (the kit's describe.py), and the main readouts it names with their units
    DESCRIPTION = "chr_description"
    DESCRIBES = {"theta1_deg": "°", "theta2_deg": "°", "qd1": "rad/s", "qd2": "rad/s", "tau1": "N·m", "tau2": "N·m"}
    CONTROLS = (c.Slider("theta1", "chr_theta1", -180, 180, ANGLE_STEP, 30.0, ".0f", follow="theta1_deg", period=360,
                         on="on_theta1"),
                c.Slider("theta2", "chr_theta2", -180, 180, ANGLE_STEP, 60.0, ".0f", follow="theta2_deg", period=360,
                         on="on_theta2"),
                c.Slider("qd1", "chr_qd1", *RATE_RANGE, 0.05, 1.0, follow="qd1", on="on_qd1"),
                c.Slider("qd2", "chr_qd2", *RATE_RANGE, 0.05, 0.0, follow="qd2", on="on_qd2"),
                c.Dropdown("form", "chr_form", tuple((CHRISTOFFEL.text(f"chr_form_{f}"), f) for f in FORMS),
                           "christoffel", on="on_form"))

    def __init__(self, arm: TwoLinkArm | None = None, theta1: float = 30.0, theta2: float = 60.0,
                 qd1: float = 1.0, qd2: float = 0.0, **kw):
        theta1, theta2 = slider_angle("theta1", theta1), slider_angle("theta2", theta2)
        qd1, qd2 = (_rate(n, v) for n, v in (("qd1", qd1), ("qd2", qd2)))
        if arm is not None and not isinstance(arm, TwoLinkArm):
            raise ValueError(f"arm must be a TwoLinkArm, got {type(arm).__name__}")
        self.arm = arm if arm is not None else TwoLinkArm()
        self.form = "christoffel"
        self._part_per_rate2 = chr_.largest_velocity_torque_part(self.arm.mass_matrix, 1.0)  # N·m at 1 rad/s
        super().__init__(HeldRatesArm(**self.arm.parameters()), np.radians([theta1, theta2]), [qd1, qd2], **kw)
        self.tasks = checklist(self, task_prompts(), "chr_task_{key}_hint",
                               checks={"spin1": self._check_spin1, "cancel": self._check_cancel,
                                       "alt": self._check_alt})
        self.add_arm_handles()
        self.readout_html = c.html()
        self.start(self._scene(), [self.readout_html])
        for key, value in (("theta1", theta1), ("theta2", theta2), ("qd1", qd1), ("qd2", qd2)):
            self.move_control(key, value)
        self.start_prediction()

    @classmethod
    def prediction(cls) -> Prediction:
        """Every channel of the paused lab, predicted in the browser from its controls (predicted.py)."""
        return with_arm_drags(coriolis_prediction(ARROW_MAX / ARROW_PER_N), cls)

    def prediction_params(self) -> list[float]:
        return arm_parameter_values(self.arm)

    def _scene(self) -> Scene:
        T, reach = self.T, 1.08 * (self.arm.l1 + self.arm.l2)
        top = self.bars_top(self.now.qd)
        arrow = dict(panel="world", scale=ARROW_PER_N, color=FORCE, width=3)
        line = dict(panel="text", x=0.0)
        bars = [("t1_cor", "chr_bar_t1_cor", "velocity"), ("t1_cf", "chr_bar_t1_cf", "primary"),
                ("t2_cf", "chr_bar_t2_cf", "primary"), ("t2_cor", "chr_bar_t2_cor", "velocity")]
        return Scene(width=560, height=440, channels=list(self._channels), periodic={"theta2_deg": 360.0}, panels=[
            Panel("world", 0, 0, 0.58, 0.66, (-reach, reach), (-reach, reach), equal=True, axes=False,
                  title=T("chr_title_world")),
            Panel("bars", 0.64, 0.04, 0.36, 0.58, (-0.6, 3.6), (-top, top), xticks=[],
                  title=T("chr_title_bars")),
            Panel("text", 0.0, 0.68, 1.0, 0.32, (0, 1), (0, 1), axes=False)], shapes=[
            Link("lever", "world", x0="ex", y0="ey", x1="c2x", y1="c2y", width=1, color="muted"),
            *arm_shapes("world", between=[
                Disc("c1", "world", x="c1x", y="c1y", r_px=4, color="muted"),
                Disc("c2", "world", x="c2x", y="c2y", r_px=4, color="muted"),
                Arrow("ma1", x="c1x", y="c1y", dx="f1x", dy="f1y", **arrow),
                Arrow("ma2", x="c2x", y="c2y", dx="f2x", dy="f2y", **arrow)]),
            Text("rates", "world", x=-reach, y=-reach, text=T("chr_scene_rates"), dy_px=-6),
            Polyline("zero", "bars", xs=[-0.6, 3.6], ys=[0.0, 0.0], color="muted", width=1),
            # labels on alternate rows: "τ₁ 离心" is wider than the bars' spacing (about 35 px)
            *[Bar(k, "bars", x=i, height=k, label=T(lbl), color=col, label_row=i % 2)
              for i, (k, lbl, col) in enumerate(bars)],
            Text("tau", y=0.86, text=T("chr_scene_tau"), **line),
            Text("parts", y=0.62, text=T("chr_scene_parts"), **line),
            Text("C", y=0.38, text=T("chr_scene_C"), **line),
            Text("arrows", y=0.14, text=T("chr_scene_arrows"), color=FORCE, **line)])

    _channels = ("ex", "ey", "tx", "ty", "c1x", "c1y", "c2x", "c2y", "f1x", "f1y", "f2x", "f2y", "t1_cor",
                 "t1_cf", "t2_cf", "t2_cor", "tau1", "tau2", "h", "theta2_deg", "qd1", "qd2", "c11", "c12",
                 "c21", "c22", "theta1_deg", "alternative")

    # -- frames -> numbers -> picture --------------------------------------------------------------------
    def values(self, f: Frames) -> dict:
        """Every readout of N frames (q, q̇) with the C selected, from course_lib; see the module docstring."""
        arm, q, qd = self.arm, f.q, f.qd
        centres = arm.com_positions(q)
        C = arm.coriolis_matrix(q, qd, form=self.form)
        sym = chr_.christoffel_symbols(arm.mass_matrix, q)
        tau = np.einsum("nij,nj->ni", C, qd)
        cf, cor = chr_.velocity_torque_parts(sym, qd)
        mdot = arm.mass_matrix_derivative(q, qd)
        acc = com_accelerations(arm, q, qd)
        cap = ARROW_MAX / ARROW_PER_N
        (f1x, f1y), (f2x, f2y) = (capped((m * acc[:, i]).T, cap) for i, m in enumerate((arm.params.m1, arm.params.m2)))
        p = arm.params
        return dict(
            t=f.t, **arm_readouts(arm, q), qd1=qd[:, 0], qd2=qd[:, 1], c1x=centres[:, 0, 0], c1y=centres[:, 0, 1],
            c2x=centres[:, 1, 0], c2y=centres[:, 1, 1], f1x=f1x, f1y=f1y, f2x=f2x, f2y=f2y, tau1=tau[:, 0],
            tau2=tau[:, 1], t1_cf=cf[:, 0], t1_cor=cor[:, 0], t2_cf=cf[:, 1], t2_cor=cor[:, 1],
            h=velocity_coupling(q[:, 1], p), sin2=np.sin(q[:, 1]), c11=C[:, 0, 0], c12=C[:, 0, 1],
            c21=C[:, 1, 0], c22=C[:, 1, 1],
            newton_err=np.max(np.abs(newton_velocity_torques(arm, q, qd) - tau), axis=-1),
            closed_err=np.max(np.abs(chr_.coriolis_from_christoffel(sym, qd) - arm.coriolis_matrix(q, qd)),
                              axis=(-2, -1)),
            skew=chr_.skew_error(mdot, C), weak=chr_.power_form(mdot, C, qd),
            alternative=float(self.form == "alternative"))

    def bars_top(self, qd) -> float:
        """The bars' axis: ± this (N·m) for the rates ``qd`` (see BAR_MARGIN)."""
        rate = max(abs(float(qd[0])), abs(float(qd[1])), BAR_RATE_FLOOR)
        return BAR_MARGIN * self._part_per_rate2 * rate**2

    def show(self) -> None:
        top = self.bars_top((self.readouts["qd1"], self.readouts["qd2"]))
        if top != getattr(self, "_bars_shown", None):  # the rates changed: the axis fits them
            self._bars_shown = top
            self.scene.set_panel("bars", ylim=(-top, top))
        self.readout_html.value = self.T("chr_readouts", form_name=self.T(f"chr_form_{self.form}"),
                                         **self.readouts)

    # -- tasks, each next to its thresholds above ----------------------------------------------------------
    def _check_spin1(self, lab: "ChristoffelLab") -> str | NotYet | None:
        r = self.readouts
        if abs(r["qd2"]) >= SPIN_QD2_ZERO:
            return NotYet(self.T("chr_why_spin1_qd2", qd2=r["qd2"])) if abs(r["qd1"]) > SPIN_QD1 else None
        if abs(r["qd1"]) <= SPIN_QD1:
            return NotYet(self.T("chr_why_spin1_slow", qd1=abs(r["qd1"]), need=SPIN_QD1))
        if abs(r["tau2"]) <= SPIN_TAU2:
            return NotYet(self.T("chr_why_spin1_tau", tau2=r["tau2"], need=SPIN_TAU2))
        return self.T("chr_task_spin1_value", qd1=r["qd1"], tau2=r["tau2"])

    def _check_cancel(self, lab: "ChristoffelLab") -> str | NotYet | None:
        r = self.readouts
        if abs(r["qd1"]) <= CANCEL_QD or abs(r["qd2"]) <= CANCEL_QD:
            return NotYet(self.T("chr_why_cancel_slow", qd1=r["qd1"], qd2=r["qd2"])) \
                if abs(r["qd1"]) > CANCEL_QD or abs(r["qd2"]) > CANCEL_QD else None
        if abs(r["sin2"]) <= CANCEL_SIN2:
            return NotYet(self.T("chr_why_cancel_straight", sin2=abs(r["sin2"]), need=CANCEL_SIN2))
        if abs(r["tau1"]) >= CANCEL_TAU1:
            return NotYet(self.T("chr_why_cancel_tau", tau1=r["tau1"], need=CANCEL_TAU1))
        return self.T("chr_task_cancel_value", qd1=r["qd1"], qd2=r["qd2"], tau1=r["tau1"])

    def _check_alt(self, lab: "ChristoffelLab") -> str | NotYet | None:
        r = self.readouts
        if self.form != "alternative":
            return None
        if r["skew"] <= ALT_SKEW:
            return NotYet(self.T("chr_why_alt_zero", skew=r["skew"]))
        return self.T("chr_task_alt_value", skew=r["skew"])

    # -- callbacks (run guarded) -----------------------------------------------------------------------------
    def on_qd1(self, value: float) -> None:
        self.change(lambda: self.live.set_state(self.live.q, [_rate("θ̇₁", value), self.live.qd[1]]))

    def on_qd2(self, value: float) -> None:
        self.change(lambda: self.live.set_state(self.live.q, [self.live.qd[0], _rate("θ̇₂", value)]))

    def on_form(self, form: str) -> None:
        if form not in FORMS:
            raise ValueError(f"the C form must be one of {FORMS}, got {form!r}")
        self.change(lambda: setattr(self, "form", form))

    def pose_rates(self) -> np.ndarray:
        """A hand-set posture keeps the rates."""
        return self.now.qd


def _rate(name: str, value: float) -> float:
    Lab.check_input(**{name: value})
    v = float(value)
    lo, hi = RATE_RANGE
    if not lo <= v <= hi:
        raise ValueError(f"{name} must be a joint rate from {lo:g} to {hi:g} rad/s (the slider's range), got {v:g}")
    return v


def task_prompts() -> dict[str, str]:
    """The three task prompts, thresholds filled in from the constants the checks use."""
    T = CHRISTOFFEL.text
    return {"spin1": T("chr_task_spin1", zero=SPIN_QD2_ZERO, qd1=SPIN_QD1, tau2=SPIN_TAU2),
            "cancel": T("chr_task_cancel", qd1=CANCEL_QD, qd2=CANCEL_QD, tau1=CANCEL_TAU1, sin2=CANCEL_SIN2),
            "alt": T("chr_task_alt", skew=ALT_SKEW)}
