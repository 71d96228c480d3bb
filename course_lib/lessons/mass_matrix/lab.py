"""Lesson 5's lab: the mass matrix M(q) of the 2R arm as a kinetic-energy ellipse.

Left, the arm: drag the elbow (θ₁) or the tip (θ₂), or use the sliders; a
payload at the tip is merged into link 2. Right, the joint-velocity plane:
the solid ellipse is T = ½ q̇ᵀ M q̇ = E with its two axes (light = long,
heavy = short), the dashed ellipse the level set through the velocity handle
q̇, the dotted circle the joint velocities of the same speed |q̇|. Below, M₁₁,
M₁₂, M₂₂ and both eigenvalues over θ₂, and κ(M) over θ₂ zoomed on the task's
threshold (the stretched arm's κ off the scale; the readout gives it), with the current posture marked. A payload is drawn
as a disc behind the tip handle, larger for a heavier one. The readout of the
change of M covers a whole move: since a drag began, or a run of slider steps. Every number comes from :class:`~course_lib.physics.models.TwoLinkArm`
and :mod:`course_lib.physics.quadratic_forms`.

Draggable handles: ``"elbow"`` and ``"tip"`` in panel ``"world"`` (m),
``"qd"`` in panel ``"qd"`` (rad/s).

>>> lab = MassMatrixLab()
>>> lab.set("theta2", 145.0)
>>> lab.readout("kappa") < ROUND_KAPPA, lab.task_done("round")
(True, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from course_lib.lab import controls as c
from course_lib.lab.scene.layout import PALETTE
from course_lib.lab.arm2r import ArmLook, PosedArm, arm_readouts, arm_shapes
from course_lib.lab.base import DragHandle, Lab
from course_lib.lab.numbers import slider_angle
from course_lib.lab.predict import Predicted, Prediction, arm_parameter_values, with_arm_drags
from course_lib.lab.scene import Band, Disc, Ellipse, Handle, Link, Panel, Polyline, Scene, Text
from course_lib.lab.tasks import NotYet, checklist
from course_lib.lessons.mass_matrix.messages import MASS_MATRIX
from course_lib.lessons.mass_matrix.placement import (QD_RANGE, axis_label_spot, kappa_dot, payload_label_spot,
                                                      payload_radius)
from course_lib.lessons.mass_matrix.predicted import mass_matrix_prediction
from course_lib.lessons.mass_matrix.view import CURVE_POINTS, mass_matrix_curves, mass_matrix_view
from course_lib.physics import quadratic_forms as qf
from course_lib.physics.models import TwoLinkArm
from course_lib.physics.posture_spread import elbow_spread

#: task "round": with no payload, κ(M) below this
ROUND_KAPPA = 5.6
#: task "light": q̇ within this angle (deg) of the smallest eigenvalue's eigenvector ...
LIGHT_ANGLE_DEG = 5.0
#: ... with T within this fraction of E
LIGHT_ENERGY_TOL = 0.10

#: the sliders' ranges: payload (kg) and energy (J); the q̇ plane shows ±QD_RANGE rad/s (placement.py)
PAYLOAD_MAX, E_MIN, E_MAX = 2.0, 0.1, 1.0
#: slider changes of one joint less than this many seconds apart are one move (a slider sends a value per step)
MOVE_GAP_S = 1.0
#: the payload disc's radius (m): drawn behind the tip handle (about 0.24 m across on screen), growing with the mass
PAYLOAD_R0, PAYLOAD_R_PER_KG = 0.27, 0.13
#: the world panel's half size per metre of the arm's reach
REACH_PER_M = 1.08
#: the palette's colours: amber ellipse, purple level set through the handle, sky-blue circle; M₁₁ red, M₁₂ amber,
#: M₂₂ green
AMBER, PURPLE, CYAN, RED, GREEN = (PALETTE[r] for r in ("secondary", "gravity", "tertiary", "force", "velocity"))
#: the arm's joints and handles in the amber of the q̇ handle: amber is what the learner drags; the payload is part
#: of the arm (ink), the round band a guide (muted), so purple and green each keep one meaning
HANDLES = ArmLook(elbow_color=AMBER, tip_color=AMBER)


class MassMatrixLab(Predicted, PosedArm, Lab):
    """Pose the 2R arm, pick a joint velocity, and see M as the ellipse ½ q̇ᵀ M q̇ = E.

    Args:
        arm: the arm (default the course's arm, l₁ = 1 m, l₂ = 0.8 m, m₁ = 2 kg, m₂ = 1.5 kg);
            its payload is the payload slider's start value.
        theta1, theta2: start angles (deg, −180…180), θ₁ from the horizontal, θ₂ relative.
        qd: start joint velocity (rad/s), each within ±5 (the plane's range).
        E: start energy of the solid ellipse (J), 0.1…1.

    Raises:
        ValueError: naming the argument and what is allowed.
    """

    messages = MASS_MATRIX
    #: the scene in words (the kit's describe.py), and the main readouts it names with their units
    DESCRIPTION = "mm_description"
    DESCRIBES = {"theta1_deg": "°", "theta2_deg": "°", "M11": "kg·m²", "M12": "kg·m²", "M22": "kg·m²", "kappa": ""}
    CONTROLS = (
        c.Slider("theta1", "mm_theta1", -180, 180, 1, 30.0, ".0f", follow="theta1_deg", period=360, on="on_theta1"),
        c.Slider("theta2", "mm_theta2", -180, 180, 1, 90.0, ".0f", follow="theta2_deg", period=360, on="on_theta2"),
        c.Slider("payload", "mm_payload", 0.0, PAYLOAD_MAX, 0.1, 0.0, ".1f", on="on_payload"),
        c.Slider("E", "mm_energy", E_MIN, E_MAX, 0.05, 0.5, ".2f", on="on_E"),
    )

    def __init__(self, arm: TwoLinkArm | None = None, theta1: float = 30.0, theta2: float = 90.0,
                 qd: tuple[float, float] = (1.0, 0.5), E: float = 0.5):
        super().__init__()
        self.arm = arm if arm is not None else TwoLinkArm()
        if not 0.0 <= self.arm.payload <= PAYLOAD_MAX:
            raise ValueError(f"the arm's payload must be within the slider's 0…{PAYLOAD_MAX:g} kg, "
                             f"got {self.arm.payload}")
        self.E = qf.check_energy(E)
        if not E_MIN <= self.E <= E_MAX:
            raise ValueError(f"E must be within the slider's {E_MIN:g}…{E_MAX:g} J, got {E}")
        self.qd0 = _velocity(qd)
        self.q0 = np.deg2rad([slider_angle("theta1", theta1), slider_angle("theta2", theta2)])
        self.q, self.qd = self.q0.copy(), self.qd0.copy()
        #: (joint, Δ degrees, q where it began) of the last move; its largest |ΔM| is computed with the arm in
        #: force, so a payload changed after the move changes the reported ΔM with it
        self.last_move: tuple[str, float, np.ndarray] | None = None
        self._move: _Move | None = None  # the move under way: since a drag started, or a run of slider steps
        self._clock = time.monotonic
        self._kappa_off = True  # whether the "↑ off scale" note is shown (the scene starts with it)
        self.tasks = checklist(self, {
            "round": self.T("mm_task_round", kappa=ROUND_KAPPA),
            "light": self.T("mm_task_light", angle=LIGHT_ANGLE_DEG, tol=100 * LIGHT_ENERGY_TOL)},
            "mm_task_{key}_hint", checks={"round": self._check_round, "light": self._check_light})
        self.add_arm_handles()
        self.add_handle(DragHandle("qd", "qd", lambda: (float(self.qd[0]), float(self.qd[1])), self._drag_qd))
        self.readout_html = c.html()
        self.attach_scene(self._scene())
        column = self.build_controls()
        for key, value in (("theta1", theta1), ("theta2", theta2), ("payload", self.arm.payload), ("E", self.E)):
            self.move_control(key, float(value))
        self.layout(column + [self.readout_html])
        self._draw_curves()
        self.start_prediction()
        self.refresh()

    @classmethod
    def prediction(cls) -> Prediction:
        """Every channel, predicted in the browser from the sliders (see predicted.py)."""
        return with_arm_drags(mass_matrix_prediction((PAYLOAD_R0, PAYLOAD_R_PER_KG), REACH_PER_M), cls)

    def prediction_params(self) -> list[float]:
        return arm_parameter_values(self.arm, "payload") + list(self.klim)

    # -- the picture --------------------------------------------------------------------------
    def _scene(self) -> Scene:
        reach = REACH_PER_M * (self.arm.l1 + self.arm.l2)
        return Scene(width=560, height=600, channels=[
            "ex", "ey", "tx", "ty", "payload", "payload_r", "qd1", "qd2", "lx", "ly", "hx", "hy", "T", "E", "kappa",
            "theta1_deg", "theta2_deg", "M11", "M12", "M22", "lam1", "lam2", "axis_long", "axis_short", "T_long", "T_short",
            "speed", "payload_lx", "payload_ly", "label_lx", "label_ly", "label_hx", "label_hy", "kappa_dot"], panels=[
            Panel("world", 0.0, 0.0, 0.48, 0.56, (-reach, reach), (-reach, reach), equal=True, grid=True,
                  xlabel="x [m]", ylabel="y [m]", title=self.T("mm_title_world")),
            Panel("qd", 0.52, 0.0, 0.48, 0.56, (-QD_RANGE, QD_RANGE), (-QD_RANGE, QD_RANGE), equal=True,
                  grid=True, xlabel=self.T("mm_qd1"), ylabel=self.T("mm_qd2"), title=self.T("mm_title_qd")),
            Panel("curves", 0.0, 0.64, 0.56, 0.36, (-180, 180), (-0.5, 4.5), xlabel=self.T("mm_theta2_axis"),
                  title=self.T("mm_title_curves"), xticks=[-180, -90, 0, 90, 180]),
            Panel("kappa", 0.64, 0.64, 0.36, 0.36, (-180, 180), (1, 10), xlabel=self.T("mm_theta2_axis"),
                  title=self.T("mm_title_kappa"), xticks=[-180, 0, 180])], shapes=[
            # the arm
            *arm_shapes("world", HANDLES, between=[Disc("payload", "world", x="tx", y="ty", r="payload_r", color="ink",
                                               alpha=0.55, visible=self.arm.payload > 0)]),
            Text("payload_label", "world", x="payload_lx", y="payload_ly", text="", color="ink", anchor="middle",
                 size=12, visible=self.arm.payload > 0),
            Text("angles", "world", x=-reach, y=-reach, text=self.T("mm_scene_angles"), dy_px=-6),
            # the joint-velocity plane
            Ellipse("circle", "qd", a="speed", b="speed", color=CYAN, dash=True),
            Ellipse("ellipse_T", "qd", a="T_long", b="T_short", ux="lx", uy="ly", color=PURPLE, dash=True),
            Ellipse("ellipse_E", "qd", a="axis_long", b="axis_short", ux="lx", uy="ly", color=AMBER, width=2.5),
            Link("axis_light", "qd", x0="-lx", y0="-ly", x1="lx", y1="ly", width=1.5, color=AMBER, alpha=0.8),
            Link("axis_heavy", "qd", x0="-hx", y0="-hy", x1="hx", y1="hy", width=1.5, color=AMBER, alpha=0.8),
            Text("label_light", "qd", x="label_lx", y="label_ly", text=self.T("mm_light"), color=AMBER,
                 anchor="middle"),
            Text("label_heavy", "qd", x="label_hx", y="label_hy", text=self.T("mm_heavy"), color=AMBER,
                 anchor="middle"),
            Handle("qd", "qd", x="qd1", y="qd2", r_px=10, color=AMBER),
            Text("energy", "qd", x=-QD_RANGE, y=-QD_RANGE, text=self.T("mm_scene_energy"), dx_px=4, dy_px=-8),
            # M and its eigenvalues over θ₂, and κ(M)
            Polyline("curve_M11", "curves", color=RED),
            Polyline("curve_M12", "curves", color=AMBER),
            Polyline("curve_M22", "curves", color=GREEN),
            Polyline("curve_lam1", "curves", color="ink", dash=True),
            Polyline("curve_lam2", "curves", color="ink", dash=True),
            *[Text(f"legend_{k}", "curves", x=180, y=0, text=self.T(f"mm_legend_{k}"), color=col, anchor="end",
                   dy_px=-8, size=12)
              for k, col in (("M11", RED), ("M12", AMBER), ("M22", GREEN), ("lam1", "ink"), ("lam2", "ink"))],
            Link("now_curves", "curves", x0="theta2_deg", y0=0, x1="theta2_deg", y1=1, width=1, color="muted"),
            Disc("dot_M11", "curves", x="theta2_deg", y="M11", r_px=4, color=RED),
            Disc("dot_M12", "curves", x="theta2_deg", y="M12", r_px=4, color=AMBER),
            Disc("dot_M22", "curves", x="theta2_deg", y="M22", r_px=4, color=GREEN),
            Band("round_band", "kappa", lo=1.0, hi=ROUND_KAPPA, color="muted"),
            Text("band_label", "kappa", x=0, y=ROUND_KAPPA, text=self.T("mm_band", kappa=ROUND_KAPPA), color="muted",
                 anchor="middle", dy_px=9, size=11),  # where the curve is off the scale, above
            Polyline("curve_kappa", "kappa", color="primary"),
            Link("now_kappa", "kappa", x0="theta2_deg", y0=0, x1="theta2_deg", y1=1, width=1, color="muted"),
            Disc("dot_kappa", "kappa", x="theta2_deg", y="kappa_dot", r_px=4, color="primary"),
            Text("kappa_now", "kappa", x=0, y=0, text=self.T("mm_scene_kappa"), anchor="middle", dy_px=14),
            Text("kappa_off", "kappa", x=0, y=0, text=self.T("mm_scene_kappa_off"), anchor="middle", dy_px=29,
                 size=11, color="muted")])

    def _draw_curves(self) -> None:
        """M₁₁, M₁₂, M₂₂, λ₁, λ₂ and κ over θ₂ for the arm in force: once per payload change."""
        curves = mass_matrix_curves(self.arm, CURVE_POINTS)
        deg = curves.pop("theta2_deg").tolist()
        ylim = [min(-0.5, 1.2 * float(curves["M12"].min())), 1.1 * float(curves["lam2"].max())]
        self.klim = klim = kappa_range(curves["kappa"])
        changes = {f"curve_{key}": {"xs": deg, "ys": ys.tolist()} for key, ys in curves.items()}
        at = CURVE_POINTS * 5 // 8  # θ₂ = 45°: M₁₁ under its curve, M₁₂ over its own, between the two
        changes.update({f"legend_{key}": {"x": 45, "y": float(curves[key][at]), "dy_px": dy, "anchor": "middle"}
                        for key, dy in (("M11", 11), ("M12", -11))})
        changes.update(legend_M22={"x": -40, "y": float(curves["M22"][0])},
                       legend_lam1={"x": -90, "y": float(curves["lam1"][CURVE_POINTS // 4])},
                       legend_lam2={"x": 20, "y": float(curves["lam2"][CURVE_POINTS // 2])},
                       now_curves={"y0": ylim[0], "y1": ylim[1]},  # the current θ₂, across the whole plot
                       now_kappa={"y0": klim[0], "y1": klim[1]}, kappa_now={"y": klim[1]},
                       kappa_off={"y": klim[1]},
                       payload={"visible": self.arm.payload > 0},
                       payload_label={"visible": self.arm.payload > 0,
                                      "text": self.T("mm_scene_payload", payload=self.arm.payload)})
        with self.scene.hold_sync():
            self.scene.set_panel("curves", ylim=ylim)
            self.scene.set_panel("kappa", ylim=klim)
            self.scene.set_shapes(changes)
            if self.scene.predict:
                self.update_prediction()

    def refresh(self) -> None:
        r = mass_matrix_view(self.arm, self.q, self.qd, self.E)
        arm = arm_readouts(self.arm, self.q)
        r.update(ex=arm["ex"], ey=arm["ey"], tx=arm["tx"], ty=arm["ty"], payload=self.arm.payload,
                 payload_r=payload_radius(self.arm.payload, (PAYLOAD_R0, PAYLOAD_R_PER_KG)),
                 theta1_deg=arm["theta1_deg"], theta2_deg=arm["theta2_deg"],
                 kappa_dot=kappa_dot(r["kappa"], self.klim, np))  # off the scale: at its edge
        r["payload_lx"], r["payload_ly"] = (float(v) for v in payload_label_spot(
            r["tx"], r["ty"], r["payload_r"], REACH_PER_M * (self.arm.l1 + self.arm.l2), np))
        qd = (r["qd1"], r["qd2"])
        for key, tip in (("l", (r["lx"], r["ly"])), ("h", (r["hx"], r["hy"]))):
            r[f"label_{key}x"], r[f"label_{key}y"] = (float(v) for v in axis_label_spot(tip, qd, np))
        if self.last_move is not None:
            r["dM"] = np.abs(self.arm.mass_matrix(self.q) - self.arm.mass_matrix(self.last_move[2])).max()
        r = {k: float(v) for k, v in r.items()}
        self.check_finite(r)
        self.readouts.update(r)
        self.scene.set_values({k: r[k] for k in self.scene.channels})
        off = r["kappa"] > self.klim[1]  # the note says where the dot is: at the top edge for a κ off the scale
        if off != self._kappa_off:
            self._kappa_off = off
            self.scene.set_shapes({"kappa_off": {"visible": off}})
        self.follow_controls()
        self.readout_html.value = self._readout_html(r)
        self.tasks.update(self)

    def _readout_html(self, r: dict[str, float]) -> str:
        lines = [self.T("mm_readout_M", **r), self.T("mm_readout_eig", **r),
                 self.T("mm_readout_axes", E=r["E"], long=r["axis_long"], short=r["axis_short"],
                        ratio=r["axis_long"] / r["axis_short"])]
        lines.append(self.T("mm_readout_T", **r) if r["T"] > 0 else self.T("mm_readout_T_zero"))
        if self.last_move is None:
            lines.append(self.T("mm_readout_dM_none"))
        else:
            joint, delta, _ = self.last_move
            lines.append(self.T("mm_readout_dM", joint=joint, delta=delta, dM=r["dM"]))
        return "<br>".join(lines)

    def reset_state(self) -> None:
        self.q, self.qd, self.last_move, self._move = self.q0.copy(), self.qd0.copy(), None, None

    # -- tasks, each next to its threshold ----------------------------------------------------------
    def _check_round(self, lab: "MassMatrixLab") -> str | NotYet:
        if self.arm.payload > 0:
            return NotYet(self.T("mm_why_payload", payload=self.arm.payload))
        kappa = self.readouts["kappa"]
        if kappa >= ROUND_KAPPA:
            return NotYet(self.T("mm_why_kappa", kappa=kappa, target=ROUND_KAPPA))
        best = elbow_spread(self.arm)   # the answer to "how far is the elbow bent?"
        return self.T("mm_value_round", kappa=kappa, theta2=self.readouts["theta2_deg"], best_kappa=best.kappa_least,
                      best_theta2=math.degrees(best.theta2_least))

    def _check_light(self, lab: "MassMatrixLab") -> str | NotYet:
        r = self.readouts
        if r["T"] <= 0:
            return NotYet(self.T("mm_why_zero"))
        if r["angle"] > LIGHT_ANGLE_DEG:
            return NotYet(self.T("mm_why_angle", angle=r["angle"], target=LIGHT_ANGLE_DEG))
        off = abs(r["T"] - r["E"]) / r["E"]
        if off > LIGHT_ENERGY_TOL:
            return NotYet(self.T("mm_why_energy", T=r["T"], E=r["E"], off=100 * off, tol=100 * LIGHT_ENERGY_TOL))
        return self.T("mm_value_light", angle=r["angle"], T=r["T"], E=r["E"])

    # -- callbacks (run guarded) ---------------------------------------------------------------------
    def on_payload(self, kg: float) -> None:
        self.check_input(payload=kg)
        self.arm = self.arm.replace(payload=float(kg))  # the model refuses a bad value before anything changes
        self._end_move()
        self.show_message("")
        self._draw_curves()
        self.refresh()

    def on_E(self, joules: float) -> None:
        self.check_input(E=joules)
        self.E = qf.check_energy(joules)
        self._end_move()
        self.show_message("")
        self.refresh()

    def _begin_move(self, i: int, source: str) -> None:
        """A move of joint i starts here (a drag's grab, or a slider step after a pause or another action)."""
        self._move = _Move(i, self.q.copy(), source, self._clock())

    def _end_move(self) -> None:
        """The move is over (drag released, or another control used): the next change starts a new one."""
        self._move = None

    def arm_drag_started(self, joint: int) -> None:
        self._begin_move(joint, "drag")

    def arm_drag_ended(self) -> None:
        self._end_move()

    def put_posture(self, q: np.ndarray, i: int, source: str) -> None:
        """Pose joint i and report the whole move so far: its angle and the largest change of M since it began."""
        m, now = self._move, self._clock()
        if m is None or m.joint != i or m.source != source or (source == "slider" and now - m.last > MOVE_GAP_S):
            self._begin_move(i, source)
            m = self._move
        m.degrees += turn_degrees(self.q[i], q[i])  # summed: a drag may go round
        m.last = now
        self.last_move = ("θ₁" if i == 0 else "θ₂", m.degrees, m.q_start.copy())
        self.q = q
        self.show_message("")
        self.refresh()

    def _drag_qd(self, x: float, y: float) -> None:
        self.check_input(x=x, y=y)
        self._end_move()
        self.qd = np.clip([float(x), float(y)], -QD_RANGE, QD_RANGE)
        self.show_message("")
        self.refresh()


@dataclass
class _Move:
    """A move of one joint under way: where it started, how far it went (deg, summed), by what, last change."""

    joint: int
    q_start: np.ndarray
    source: str  # "drag" or "slider"
    last: float  # clock time of the latest change (s)
    degrees: float = 0.0


def turn_degrees(old: float, new: float) -> float:
    """One step of a move: the shortest signed turn (degrees) from angle ``old`` to ``new`` (rad).

    A half turn is ambiguous; it counts in the direction the angle grew as read in (−180°, 180°],
    so a slider moved from 0° to 180° reports +180°, from 180° to 0° −180°. A move sums its steps,
    so a drag that goes round keeps counting (its steps are small).

    >>> turn_degrees(0.0, math.pi), turn_degrees(math.pi, 0.0), round(turn_degrees(2.967, -2.967))
    (180.0, -180.0, 20)
    """
    step = math.degrees(new - old)
    shortest = (step + 180.0) % 360.0 - 180.0
    return math.copysign(180.0, step) if abs(abs(shortest) - 180.0) < 1e-9 else shortest


def kappa_range(kappa: np.ndarray) -> list[float]:
    """The κ plot's range: zoomed on the task's threshold, from below the smallest κ to 1.5× that gap above it.

    The stretched arm's κ (up to about 46) is off the scale, marked "↑ off scale"; the number is in the
    readout beside the lab (not printed in the plot: it is a quiz answer).
    """
    lo = max(1.0, math.floor(2 * min(0.9 * float(kappa.min()), ROUND_KAPPA - 1.0)) / 2)
    return [lo, ROUND_KAPPA + 1.5 * (ROUND_KAPPA - lo)]


def _velocity(qd: Any) -> np.ndarray:
    try:
        v = np.asarray(qd, dtype=float)
    except (TypeError, ValueError):
        v = np.full(1, np.nan)
    if v.shape != (2,) or not np.isfinite(v).all() or np.abs(v).max() > QD_RANGE:
        raise ValueError(f"qd must be two finite joint speeds within ±{QD_RANGE:g} rad/s (the plane's range), "
                         f"got {qd!r}")
    return v
