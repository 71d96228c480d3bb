"""Lesson 7's lab: how heavy the 2R arm's tool feels, Λ = (J M⁻¹ Jᵀ)⁻¹.

The bare arm (no payload). At the tool: tip velocities with ½ ẋᵀΛẋ = ½ (long
axis = light direction), the manipulability ellipse {J q̇ : |q̇| ≤ 1}, a draggable push F (pressing on the tip,
the disc at its tail) and the tip's acceleration Λ⁻¹F leaving it (arm at rest, no
gravity); a polar plot of m(u) with radius log₁₀(1 + m) (rings at 1, 10, 100 kg,
the arm's 3.5 kg in dark ink, a marked cut at 1000 kg); κ(Λ) over θ₂.

Numbers from :mod:`course_lib.physics.operational_space`. Where Λ does not exist (straight
or folded arm) the lab says so and draws Λ⁻¹, never an infinite number. Handles ``"elbow"``, ``"tip"`` and ``"push"`` in panel
``"world"`` (metres, shoulder at the origin). The first slider is θ₁.

>>> lab = OperationalSpaceLab()
>>> lab.set("theta2", 90.0)
>>> round(lab.readout("kappa"), 2), lab.task_done("iso")
(4.33, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.lab import controls as c
from course_lib.lab.scene.layout import PALETTE
from course_lib.lab.arm2r import PosedArm, arm_readouts, arm_shapes, ArmLook
from course_lib.lab.base import DragHandle, Lab
from course_lib.lab.numbers import capped, slider_angle
from course_lib.lab.predict import Predicted, Prediction, arm_parameter_values, with_arm_drags
from course_lib.lab.scene import Arrow, Disc, Handle, Link, Panel, Polyline, Scene, Text
from course_lib.lab.tasks import NotYet, checklist
from course_lib.lessons.operational_space import drawing
from course_lib.lessons.operational_space.messages import OPERATIONAL_SPACE
from course_lib.lessons.operational_space.predicted import operational_space_prediction
from course_lib.physics import operational_space as osp
from course_lib.physics.models import TwoLinkArm

#: task "iso": κ(Λ) below ISO_KAPPA; task "heavy": the heaviest apparent mass above HEAVY_MASS (kg)
ISO_KAPPA, HEAVY_MASS = 4.6, 20.0
#: drawing scales: push 0.3 m per N, acceleration 0.3 m per m/s², velocity ellipses 0.3 m per m/s;
#: polar radius log₁₀(1 + m), cut at POLAR_CUT kg (a marked ring); κ plotted up to KAPPA_TOP
PUSH_PER_N, ACC_PER_MS2, VEL_PER_MS, POLAR_CUT, KAPPA_TOP = 0.3, 0.3, 0.3, 1000.0, 30.0
#: the push's size (N), kept so it has a direction and stays on screen; the polar plot's rings (kg); the longest
#: arrow at the tip (m), which the arm panel makes room for
PUSH_RANGE, POLAR_RINGS = (0.1, 2.0), (1.0, 10.0, 100.0)
ARROW_MAX = PUSH_PER_N * PUSH_RANGE[1]
#: the push and what answers it (purple), the acceleration (green), the manipulability ellipse (sky blue),
#: the whole arm's mass ring (ink): palette colours, apart from the elbow's amber and the tip's vermilion
PUSH, GREEN, SKY, RING = PALETTE["gravity"], PALETTE["velocity"], PALETTE["tertiary"], PALETTE["ink"]
_ROUND = np.linspace(0.0, 2 * np.pi, 73)
_CIRCLE = np.stack([np.cos(_ROUND), np.sin(_ROUND)])


class OperationalSpaceLab(Predicted, PosedArm, Lab):
    """The apparent-mass lab of lesson 7.

    Args:
        theta1, theta2: start angles (degrees, −180…180), θ₁ from the horizontal, θ₂ relative.
        push: start push force F (N), a pair (Fx, Fy) with |F| in 0.1…2 N.

    Raises:
        ValueError: naming the argument and what is allowed.
    """

    messages = OPERATIONAL_SPACE
    #: the scene in words (the kit's describe.py), and the main readouts it names with their units
    DESCRIPTION = "os_description"
    DESCRIBES = {"theta1_deg": "°", "theta2_deg": "°", "m_min": "kg", "m_max": "kg", "m_push": "kg"}
    DESCRIPTION_WHEN_MISSING = "os_description_straight"
    CONTROLS = (c.Slider("theta1", "os_theta1", -180, 180, 1, 20.0, ".0f", on="on_theta1",
                         follow="theta1_deg", period=360),
                c.Slider("theta2", "os_theta2", -180, 180, 1, 60.0, ".0f", on="on_theta2",
                         follow="theta2_deg", period=360))

    def __init__(self, theta1: float = 20.0, theta2: float = 60.0, push: tuple[float, float] = (1.0, 0.0)):
        super().__init__()
        theta1, theta2 = slider_angle("theta1", theta1), slider_angle("theta2", theta2)
        Lab.check_input(push_x=push[0], push_y=push[1])
        if not PUSH_RANGE[0] <= np.hypot(*push) <= PUSH_RANGE[1]:
            raise ValueError(f"push must have a size from {PUSH_RANGE[0]:g} to {PUSH_RANGE[1]:g} N, got {push}")
        self.arm, self.q = TwoLinkArm(), np.radians([theta1, theta2])
        self.q0, self.F0 = self.q.copy(), np.array(push, dtype=float)
        self.F = self.F0.copy()
        self.tasks = checklist(self, task_prompts(), "os_task_{key}_hint",
                               checks={"iso": self._check_iso, "heavy": self._check_heavy})
        self.add_arm_handles()
        self.add_handle(DragHandle("push", "world", lambda: tuple(self._tip() - PUSH_PER_N * self.F), self._drag_push))
        self.readout_html = c.html()
        self.attach_scene(self._scene())
        column = self.build_controls()
        self.move_control("theta1", theta1)
        self.move_control("theta2", theta2)
        self.layout(column + [self.readout_html])
        self.start_prediction()
        self.refresh()

    @classmethod
    def prediction(cls) -> Prediction:
        """The channels and the three curves, predicted in the browser from the angle sliders (predicted.py)."""
        return with_arm_drags(operational_space_prediction(
            dict(push=PUSH_PER_N, acc=ACC_PER_MS2, vel=VEL_PER_MS, arrow_max=ARROW_MAX, cut=POLAR_CUT, top=KAPPA_TOP,
                 sigma_min=osp.SIGMA_MIN), tuple(map(tuple, _CIRCLE.T.tolist()))), cls)

    def prediction_params(self) -> list[float]:
        return arm_parameter_values(self.arm)

    def _scene(self) -> Scene:
        T, reach = self.T, 1.05 * (self.arm.l1 + self.arm.l2 + ARROW_MAX)
        deg, kappa = kappa_curve(self.arm)
        r, total = polar_radius(POLAR_CUT) * 1.12, self.arm.m1 + self.arm.m2
        ring = lambda kg: dict(zip(("xs", "ys"), (polar_radius(kg) * _CIRCLE).tolist()))  # noqa: E731
        return Scene(width=560, height=480, channels=list(self._channels), panels=[
            Panel("world", 0, 0, 0.6, 0.8, (-reach, reach), (-reach, reach), equal=True, axes=False,
                  title=T("os_title_world")),
            Panel("polar", 0.63, 0.0, 0.37, 0.44, (-r, r), (-r, r), equal=True, axes=False, title=T("os_title_polar")),
            Panel("kappa", 0.66, 0.52, 0.34, 0.36, (-180, 180), (0, KAPPA_TOP), xlabel=T("os_xlabel_kappa"),
                  title=T("os_title_kappa"), xticks=[-180, -90, 0, 90, 180]),
            Panel("text", 0.0, 0.82, 0.6, 0.18, (0, 1), (0, 1), axes=False)], shapes=[
            Polyline("vel_ellipse", "world", color=PUSH, width=2),
            Polyline("manip", "world", color=SKY, dash=True, width=1.5),
            *arm_shapes("world", ArmLook(tip_r=10), between=[
                Arrow("acc", "world", x="tx", y="ty", dx="ax", dy="ay", color=GREEN, width=3),
                Arrow("force", "world", x="px", y="py", dx="fx", dy="fy", color=PUSH, width=3)]),
            Handle("push", "world", x="px", y="py", r_px=8, color=PUSH),
            *[Polyline(f"ring_{kg:g}", "polar", color="muted", width=0.5, **ring(kg)) for kg in POLAR_RINGS],
            *[Text(f"ring_{kg:g}_label", "polar", x=polar_radius(kg) * 0.71, y=polar_radius(kg) * 0.71,
                   text=f"{kg:g}", color="muted", size=10) for kg in POLAR_RINGS],
            Polyline("cut", "polar", color="bad", dash=True, width=1, **ring(POLAR_CUT)),
            Text("cut_label", "polar", x=0.0, y=-polar_radius(POLAR_CUT), text=T("os_cut", kg=POLAR_CUT),
                 color="bad", anchor="middle", dy_px=-10, size=10),
            Polyline("ring", "polar", color=RING, dash=True, width=1, **ring(total)),
            Text("ring_label", "polar", x=0.0, y=-polar_radius(total), text=T("os_ring", kg=total), color=RING,
                 anchor="middle", dy_px=9),
            Polyline("mass", "polar", color=PUSH, width=2),
            Link("push_dir", "polar", x0=0, y0=0, x1="ux", y1="uy", width=1.5, color=GREEN),
            Polyline("kappa_curve", "kappa", xs=deg.tolist(), ys=kappa.tolist(), color="primary"),
            Polyline("kappa_task", "kappa", xs=[-180, 180], ys=[ISO_KAPPA] * 2, color="muted", dash=True, width=1),
            Disc("kappa_now", "kappa", x="theta2_deg", y="kappa_shown", r_px=5, color="bad"),
            Text("push_label", "text", x=0.0, y=0.7, text=T("os_scene_push")),
            *[Text(f"legend_{k}", "text", x=x, y=0.25, text=T(f"os_legend_{k}"), color=col, size=12)
              for k, x, col in (("vel", 0.0, PUSH), ("manip", 0.3, SKY), ("F", 0.66, PUSH), ("acc", 0.78, GREEN))]])

    _channels = ("ex", "ey", "tx", "ty", "px", "py", "fx", "fy", "ax", "ay", "ux", "uy", "F", "acc", "theta1_deg",
                 "theta2_deg", "kappa_shown")

    def _tip(self) -> np.ndarray:
        return self.arm.tip(self.q)

    def compute(self) -> tuple[dict[str, float], dict[str, np.ndarray]]:
        """(readouts, curves) of the current posture and push; Λ's readouts only where Λ exists."""
        arm, q, F = self.arm, self.q, self.F
        pts, inv = arm.joint_positions(q), osp.inverse_task_inertia(arm, q)
        sigma_min = float(np.linalg.svd(arm.jacobian(q), compute_uv=False)[-1])
        acc = inv @ F
        u = F / np.hypot(*F)
        ax, ay = capped((ACC_PER_MS2 * acc)[:, None], ARROW_MAX)[:, 0]
        r = dict(**arm_readouts(arm, q), px=pts[2, 0] - PUSH_PER_N * F[0],
                 py=pts[2, 1] - PUSH_PER_N * F[1], fx=PUSH_PER_N * F[0], fy=PUSH_PER_N * F[1], ax=ax, ay=ay,
                 F=float(np.hypot(*F)), acc=float(np.hypot(*acc)), sigma_min=sigma_min,
                 singular=float(sigma_min < osp.SIGMA_MIN))
        m_u = np.hypot(*F) / (u @ acc) if u @ acc > 0 else np.inf  # |F| / (u · ẍ) = 1 / (uᵀ Λ⁻¹ u)
        r.update(ux=polar_radius(POLAR_CUT) * u[0], uy=polar_radius(POLAR_CUT) * u[1])
        if not r["singular"]:
            lam = osp.task_inertia(arm, q)
            light, heavy = osp.apparent_mass_range(arm, q)
            r.update(lam11=lam[0, 0], lam12=lam[0, 1], lam22=lam[1, 1], m_min=light, m_max=heavy,
                     kappa=heavy / light, m_push=float(m_u))
        r["kappa_shown"] = float(drawing.kappa_shown(r.get("kappa", KAPPA_TOP), r["singular"] > 0, KAPPA_TOP, np))
        dirs = _CIRCLE
        s = np.einsum("in,ij,jn->n", dirs, inv, dirs)  # uᵀ Λ⁻¹ u ≥ 0
        radius = drawing.mass_curve_radius(s, POLAR_CUT, np)  # m(u) cut at POLAR_CUT: finite where s = 0
        # ½ẋᵀΛẋ = ½  ⇔  ẋ = (Λ⁻¹)^½ w, |w| = 1: finite, a segment where Λ does not exist
        root = drawing.sqrt_psd(inv[0, 0], inv[0, 1], inv[1, 1], np)
        tip, J = pts[2], arm.jacobian(q)
        curves = dict(mass=radius * dirs,
                      vel_ellipse=np.stack(drawing.matrix_curve(root, *dirs, tip, VEL_PER_MS)),
                      manip=np.stack(drawing.matrix_curve(J.ravel(), *dirs, tip, VEL_PER_MS)))
        return r, curves

    def refresh(self) -> None:
        r, curves = self.compute()
        r = {k: float(v) for k, v in r.items()}
        self.check_finite({k: v for k, v in r.items() if k != "m_push"})
        self.check_finite(curves)
        self.readouts = r
        with self.scene.hold_sync():
            self.scene.set_shapes({name: {"xs": xy[0].round(5).tolist(), "ys": xy[1].round(5).tolist()}
                                   for name, xy in curves.items()})  # one new shape list, not three
            self.scene.set_values({k: r[k] for k in self.scene.channels})
        self.readout_html.value = self.T("os_readouts_singular", **r) if r["singular"] else self.T("os_readouts", **r)
        self.tasks.update(self)
        self.follow_controls()

    def reset_state(self) -> None:
        self.q, self.F = self.q0.copy(), self.F0.copy()

    # -- tasks, each next to its threshold above ----------------------------------------------------------
    def _check_iso(self, lab: "OperationalSpaceLab") -> str | NotYet | None:
        r = self.readouts
        if r["singular"]:
            return None
        if r["kappa"] >= ISO_KAPPA:
            return NotYet(self.T("os_why_iso", kappa=r["kappa"], need=ISO_KAPPA))
        return self.T("os_task_iso_value", kappa=r["kappa"], deg=r["theta2_deg"])

    def _check_heavy(self, lab: "OperationalSpaceLab") -> str | NotYet | None:
        r = self.readouts
        if r["singular"]:
            return NotYet(self.T("os_why_singular"))
        if r["m_max"] <= HEAVY_MASS:
            return NotYet(self.T("os_why_heavy", mass=r["m_max"], need=HEAVY_MASS))
        return self.T("os_task_heavy_value", mass=r["m_max"], deg=r["theta2_deg"])

    # -- the push handle (run guarded) --------------------------------------------------------------------
    def _drag_push(self, x: float, y: float) -> None:
        self.check_input(x=x, y=y)
        F = (self._tip() - np.array([x, y])) / PUSH_PER_N  # the disc sits at the push's tail
        size = float(np.hypot(*F))
        lo, hi = PUSH_RANGE
        if size < lo:
            F = (F / size if size > 0 else self.F / np.hypot(*self.F)) * lo
            self.show_message(self.T("os_push_small", F=lo), kind="info")
        else:
            F = F * min(1.0, hi / size)
            self.show_message("")
        self.F = F
        self.refresh()


def polar_radius(mass):
    """The polar plot's radius for an apparent mass (kg): log₁₀(1 + m), so 1, 10, 100 and 1000 kg all fit."""
    return drawing.polar_radius(np.asarray(mass, dtype=float), np)


def kappa_curve(arm: TwoLinkArm, step_deg: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """κ(Λ) over θ₂ (degrees) for the lower plot, clipped at KAPPA_TOP; where Λ does not exist it is KAPPA_TOP."""
    deg = np.arange(-180.0, 180.0 + step_deg / 2, step_deg)
    q = np.stack([np.zeros_like(deg), np.radians(deg)], -1)
    lam = np.linalg.eigvalsh(osp.inverse_task_inertia(arm, q))  # ascending: 1/heaviest, 1/lightest
    kappa = lam[:, 1] / np.maximum(lam[:, 0], lam[:, 1] / KAPPA_TOP)
    return deg, np.minimum(kappa, KAPPA_TOP)


def task_prompts() -> dict[str, str]:
    """The two task prompts, thresholds filled in from the constants the checks use."""
    T, total = OPERATIONAL_SPACE.text, TwoLinkArm().m1 + TwoLinkArm().m2
    return {"iso": T("os_task_iso", kappa=ISO_KAPPA), "heavy": T("os_task_heavy", mass=HEAVY_MASS, total=total)}
