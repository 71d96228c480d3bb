"""Lesson 10's lab: RNEA on a planar chain of n = 2 … 8 links, one link per step.

The forward pass (steps 1 … n) reaches the links from the base out: each link
gets its velocity and acceleration from its parent's. The backward pass
(steps n + 1 … 2n) comes back from the tip: each link's force is what it needs
for itself plus what its children pass down, and the joint takes τᵢ = Sᵢᵀ Fᵢ.
Arrows appear as the pass reaches a link; the panel beside the scene shows the
current link's numbers. Every number is read from
:func:`course_lib.physics.chains.rnea_passes`, the library's own RNEA.

Handle ``"tip"`` in panel ``"world"`` (metres, joint 1 at the origin, y up)
turns the last joint. The first slider is n.

>>> lab = RneaLab()
>>> lab.set("qd", 0.0); lab.set("qdd", 0.0)
>>> for _ in range(lab.n): lab.press("next")
>>> lab.task_done("rest"), round(lab.readout("ay"), 2)
(True, 9.81)
"""

from __future__ import annotations

import html as _html

import ipywidgets as w
import numpy as np

from course_lib.i18n import NumberFormatter
from course_lib.lab import controls as c
from course_lib.lab.base import DragHandle, Lab
from course_lib.lab.scene import Arrow, Disc, Ellipse, Handle, Link, Panel, Scene, Text
from course_lib.lab.tasks import TEXT_STYLE, NotYet, checklist
from course_lib.lessons.recursive_dynamics.messages import RNEA_LAB
from course_lib.physics.chains import Chain, link_poses, rnea_passes

#: the chain: total length (m) and mass (kg), shared equally by its n links; the most links
LENGTH, MASS, N_MAX = 1.6, 4.0, 8
#: start pose: θ₁ and every further relative angle (degrees)
THETA1, CURL = 70.0, -25.0
#: arrows: metres drawn per m/s, per m/s², per N, and the longest arrow (m); when a quantity's largest
#: value on the chain would be drawn longer, that quantity's scale shrinks so that it is ARROW_MAX long
#: (every arrow of a kind keeps one scale, so their lengths stay comparable; the legend shows the scale)
PER_V, PER_A, PER_F, ARROW_MAX = 0.15, 0.03, 0.015, 0.6
#: arrow widths (px): every link's, and the current link's drawn over them
ARROW_WIDTH, CURRENT_WIDTH = 1.6, 3.5
#: task "rest": how close every link's acceleration must be to g upward (m/s²)
REST_TOL = 1e-6
#: task "weight": least number of links, and how close |f₁| must be to Σ m g (per cent)
WEIGHT_N_MIN, WEIGHT_TOL = 6, 0.5
#: task "tip": the last joint's torque must fall below this share of the most it can need, m g l/2 of
#: the last link (per cent; 5 % is within arcsin 0.05 ≈ 2.9° of vertical, a few pixels of drag at any n)
TIP_TOL = 5.0
KINDS = ("v", "a", "f")
#: radius of the ring round the current link's joint (m)
RING = 0.07


class RneaLab(Lab):
    """RNEA pass by pass on a planar n-link chain.

    Args:
        n: number of links (2 … 8).

    Raises:
        ValueError: for n outside 2 … 8.
    """

    messages = RNEA_LAB
    #: the scene in words (the kit's describe.py), and the main readouts it names with their units
    DESCRIBES = {"n": "", "qd": "rad/s", "qdd": "rad/s²", "step": "", "steps": ""}
    #: the stage's own sentence names what that stage has computed: ω of the link reached (forward), τ of the
    #: joint reached (backward), each with its unit
    STAGE_DESCRIBES = {"rnea_description": {}, "rnea_description_forward": {"link": "", "omega": "rad/s"},
                       "rnea_description_backward": {"link": "", "tau": "N·m"}}

    @property
    def DESCRIPTION(self) -> str:  # noqa: N802 - the kit's name (describe.py)
        """The description of the stage shown: before the pass, the forward pass, or the backward pass."""
        step = getattr(self, "step", 0)
        if step == 0:
            return "rnea_description"
        return "rnea_description_forward" if step <= self.n else "rnea_description_backward"
    CONTROLS = (c.Slider("n", "rnea_n", 2, N_MAX, 1, 4, ".0f", on="on_n"),
                c.Slider("qd", "rnea_qd", -3, 3, 0.1, 1.0, ".1f", on="on_qd"),
                c.Slider("qdd", "rnea_qdd", -10, 10, 0.5, 0.0, ".1f", on="on_qdd"))

    def __init__(self, n: int = 4):
        super().__init__()
        if not (isinstance(n, (int, np.integer)) and 2 <= n <= N_MAX):
            raise ValueError(f"n is the number of links, an integer from 2 to {N_MAX}; got {n!r}")
        self.qd_all, self.qdd_all, self.step = 1.0, 0.0, 0
        self._build_chain(int(n))
        prompts = {"rest": self.T("rnea_task_rest", tol=REST_TOL),
                   "weight": self.T("rnea_task_weight", n_min=WEIGHT_N_MIN, tol=WEIGHT_TOL),
                   "tip": self.T("rnea_task_tip", tol=TIP_TOL, deg=np.degrees(np.arcsin(TIP_TOL / 100)))}
        self.tasks = checklist(self, prompts, "rnea_task_{key}_hint", hint_values={"weight": {"n_min": WEIGHT_N_MIN}},
                               checks={"rest": self._check_rest, "weight": self._check_weight, "tip": self._check_tip})
        self.add_handle(DragHandle("tip", "world", lambda: tuple(self.points[-1]), self._drag_tip))
        self.stage_html, self.panel_html = c.html(width="500px"), c.html(width="500px")
        self.attach_scene(self._scene())
        column = self.build_controls()
        self.move_control("n", float(n))
        back, nxt = c.button(self.T("rnea_back")), c.button(self.T("rnea_next"))
        self.add_control("back", back, lambda _: self._go(-1))
        self.add_control("next", nxt, lambda _: self._go(+1))
        # the stage and the current link's numbers under the scene, so that the controls and the whole
        # checklist fit beside it on a 1366×768 screen (tests/browser/test_lab_layout_in_browser.py)
        side = w.VBox(column + [c.beside(back, nxt), self.tasks.widget, self.message], layout=c.COLUMN_LAYOUT)
        self.lab_box([c.beside(w.VBox([self.scene, self.stage_html, self.panel_html]), side)])
        self.refresh()

    # -- the model ---------------------------------------------------------------------------
    def _build_chain(self, n: int, keep_pose: bool = False) -> None:
        """A chain of n links in the start pose, or (``keep_pose``) keeping the angles of the joints it
        shares with the present chain."""
        q = np.radians([THETA1] + [CURL] * (n - 1))
        if keep_pose and hasattr(self, "q"):
            kept = min(n, len(self.q))
            q[:kept] = self.q[:kept]
        self.n = n
        self.chain = Chain.planar([LENGTH / n] * n, [MASS / n] * n)
        self.q = q
        self.step = min(self.step, 2 * n)

    def _scene(self) -> Scene:
        r = 1.2 * LENGTH
        pts = [f"j{k}{i}" for i in range(N_MAX + 1) for k in "xy"]
        arrows = [f"{kind}{k}{i}" for i in range(1, N_MAX + 1) for kind in KINDS for k in "xy"]
        shapes = []
        for i in range(1, N_MAX + 1):
            shapes.append(Link(f"link{i}", "world", x0=f"jx{i - 1}", y0=f"jy{i - 1}", x1=f"jx{i}", y1=f"jy{i}",
                               width=7, color="ink"))
            shapes.append(Disc(f"joint{i}", "world", x=f"jx{i - 1}", y=f"jy{i - 1}", r_px=4, color="muted"))
        # the current link's joint: a ring (an outline), so the joint and arrows under it stay visible
        shapes.append(Ellipse("current", "world", x="cx", y="cy", a=RING, b=RING, color="secondary", width=2.5))
        colors = {"v": "velocity", "a": "gravity", "f": "force"}
        for i in range(1, N_MAX + 1):
            for kind in KINDS:
                shapes.append(Arrow(f"{kind}{i}", "world", x=f"jx{i - 1}", y=f"jy{i - 1}", dx=f"{kind}x{i}",
                                    dy=f"{kind}y{i}", min_px=4, color=colors[kind], width=ARROW_WIDTH))
        for kind in KINDS:        # the current link's arrows again, bold, over the thin ones
            shapes.append(Arrow(f"{kind}_current", "world", x="cx", y="cy", dx=f"{kind}x_cur", dy=f"{kind}y_cur",
                                min_px=4, color=colors[kind], width=CURRENT_WIDTH))
        shapes.append(Handle("tip", "world", x="tipx", y="tipy", r_px=11, color="primary"))
        for row, kind in enumerate(KINDS):
            shapes.append(Text(f"legend_{kind}", "world", x=-r, y=r, text=self.T(f"rnea_legend_{kind}"),
                               color=colors[kind], dx_px=6, dy_px=14 + 17 * row))
        shapes.append(Text("step_text", "world", x=-r, y=-r, text=self.T("rnea_scene_step"), dx_px=6, dy_px=-10))
        current = [f"{kind}{k}_cur" for kind in KINDS for k in "xy"]
        return Scene(width=500, height=500, channels=pts + arrows + current + ["cx", "cy", "tipx", "tipy", "step",
                                                                             "steps", "sv", "sa", "sf"],
                     panels=[Panel("world", 0, 0, 1, 1, (-r, r), (-r, r), equal=True, grid=True, xlabel="x [m]",
                                   ylabel="y [m]", title=self.T("rnea_title", length=LENGTH, mass=MASS))],
                     shapes=shapes)

    # -- state -> picture --------------------------------------------------------------------
    def refresh(self) -> None:
        n, step = self.n, self.step
        qd, qdd = np.full(n, self.qd_all), np.full(n, self.qdd_all)
        p = rnea_passes(self.chain, self.q, qd, qdd)
        R, origins = link_poses(self.chain, self.q)
        tip = origins[-1] + R[-1] @ np.array([LENGTH / n, 0.0, 0.0])
        self.points = np.vstack([origins[:, :2], tip[:2]])
        about = (float(self.points[-2][0]), float(self.points[-2][1]))
        if about != getattr(self, "_tip_about", None):  # the tip turns about the last joint, from the keys too
            self._tip_about = about
            self.scene.set_shape("tip", circle=about)
        # world axes: ω and α are about z in every frame; linear parts turn by each link's rotation
        world = {kind: np.einsum("nij,nj->ni", R, rows[:, 3:])[:, :2] for kind, rows in
                 (("v", p.V), ("a", p.A), ("f", p.F))}
        reached_forward = min(step, n)                   # links 1 … this have V and A
        reached_back = max(0, step - n)                  # links n, n−1, … have F
        scale = self.arrow_scales(world)
        r: dict[str, float] = {f"s{kind}": scale[kind] for kind in KINDS}
        cur = self.current_link()
        for i in range(1, N_MAX + 1):
            for kind in KINDS:
                shown = i <= n and (i <= reached_forward if kind != "f" else i > n - reached_back)
                vec = world[kind][i - 1] * scale[kind] if shown else (0.0, 0.0)
                r[f"{kind}x{i}"], r[f"{kind}y{i}"] = float(vec[0]), float(vec[1])
                if i == cur:
                    r[f"{kind}x_cur"], r[f"{kind}y_cur"] = float(vec[0]), float(vec[1])
        if not cur:
            r.update({f"{kind}{k}_cur": 0.0 for kind in KINDS for k in "xy"})
        for i in range(N_MAX + 1):
            x, y = self.points[min(i, n)]
            r[f"jx{i}"], r[f"jy{i}"] = float(x), float(y)
        cx, cy = self.points[cur - 1] if cur else (0.0, 0.0)
        r.update(cx=float(cx), cy=float(cy), tipx=float(tip[0]), tipy=float(tip[1]), step=float(step),
                 steps=float(2 * n))
        self.check_finite(r)
        self.scene.set_values({k: r[k] for k in self.scene.channels})
        k = (cur or 1) - 1
        omega, v = p.V[k, 2], world["v"][k]
        a, f = world["a"][k], world["f"][k]
        classic = a + omega * np.array([-v[1], v[0]])  # a_O = a + ω × v in the plane
        self.readouts.update(r, n=float(n), current=float(cur), link=float(cur), qd=float(self.qd_all),
                             qdd=float(self.qdd_all), omega=float(omega), vx=float(v[0]),
                             vy=float(v[1]), alpha=float(p.A[k, 2]), ax=float(a[0]), ay=float(a[1]),
                             fx=float(f[0]), fy=float(f[1]), acx=float(classic[0]), acy=float(classic[1]),
                             nz=float(p.F[k, 2]), tau=float(p.tau[k]),
                             tau_last=float(p.tau[-1]), f1=float(np.hypot(*world["f"][0])),
                             a_err=float(np.max(np.abs(world["a"] - [0.0, self.chain_g()]))))
        self._show_panel(p, world, cur)
        self.tasks.update(self)

    def arrow_scales(self, world: dict[str, np.ndarray]) -> dict[str, float]:
        """Metres drawn per unit of each quantity: the fixed scale, or less where the largest value on the
        chain (all n links, reached or not, so the scale holds through the passes) would exceed ARROW_MAX."""
        per = {"v": PER_V, "a": PER_A, "f": PER_F}
        largest = {kind: float(np.max(np.linalg.norm(world[kind], axis=1))) for kind in KINDS}
        return {kind: per[kind] if largest[kind] * per[kind] <= ARROW_MAX else ARROW_MAX / largest[kind]
                for kind in KINDS}

    def tip_most(self) -> float:
        """m g l/2 of the last link (N·m): the most gravity asks of the last joint (link horizontal)."""
        return float(self.chain.masses[-1]) * self.chain_g() * LENGTH / self.n / 2

    def chain_g(self) -> float:
        """g (m/s²): the size of the chain's gravity vector."""
        return float(np.linalg.norm(self.chain.gravity))

    def current_link(self) -> int:
        """The link the pass has just reached (1 … n), or 0 before the first step."""
        if self.step == 0:
            return 0
        return self.step if self.step <= self.n else 2 * self.n + 1 - self.step

    def _show_panel(self, p, world, cur: int) -> None:
        n, T = self.n, self.T
        if cur == 0:
            stage = T("rnea_stage_start")
        elif self.step <= n:
            stage = T("rnea_stage_forward", i=cur, n=n, p=cur - 1)
        else:
            stage = T("rnea_stage_backward", i=cur, n=n)
        pose = T("rnea_pose", n=n, last=float(np.degrees(self.q[-1])), x=self.points[-1][0], y=self.points[-1][1])
        self.stage_html.value = (f"<div style='{TEXT_STYLE}'><b>{_html.escape(stage)}</b><br>"
                                 f"{_html.escape(pose)}</div>")
        if cur == 0:
            self.panel_html.value = f"<div style='{TEXT_STYLE}'>{_html.escape(T('rnea_panel_none'))}</div>"
            return
        k, has_force = cur - 1, self.step > n
        omega, v = p.V[k, 2], world["v"][k]
        classic = (self.readouts["acx"], self.readouts["acy"])
        fmt = NumberFormatter().format          # never "−0.00"
        vec = lambda u: fmt("({0:+.3s}, {1:+.3s})", float(u[0]), float(u[1]))  # noqa: E731
        dash = T("rnea_not_yet")
        num = lambda x: fmt("{0:+.3s}", float(x))  # noqa: E731
        rows = [(("rnea_row_omega", num(omega)), ("rnea_row_alpha", num(p.A[k, 2]))),
                (("rnea_row_v", vec(v)), ("rnea_row_a", vec(world["a"][k]))),
                (("rnea_row_a_classic", vec(classic)), ("rnea_row_tau", num(p.tau[k]) if has_force else dash)),
                (("rnea_row_f", vec(world["f"][k]) if has_force else dash),
                 ("rnea_row_n", num(p.F[k, 2]) if has_force else dash))]
        cell = lambda key, val: (f"<td>{_html.escape(T(key))}</td>"  # noqa: E731
                                 f"<td style='font-family:monospace;padding-right:10px'>{_html.escape(val)}</td>")
        body = "".join("<tr>" + "".join(cell(*pair) for pair in row) + "</tr>" for row in rows)
        self.panel_html.value = (f"<div style='{TEXT_STYLE}'><b>{_html.escape(T('rnea_panel_title', i=cur))}</b>"
                                 f"<table style='font-size:12px;line-height:1.3'>{body}</table></div>")

    def reset_state(self) -> None:
        self._build_chain(self.n)
        self.step = 0

    # -- tasks, each next to its threshold -----------------------------------------------------
    def _at_rest(self) -> NotYet | None:
        if self.qd_all != 0.0 or self.qdd_all != 0.0:
            return NotYet(self.T("rnea_why_moving", qd=self.qd_all, qdd=self.qdd_all))
        return None

    def _check_rest(self, lab: "RneaLab") -> str | NotYet:
        moving = self._at_rest()
        if moving:
            return moving
        if self.step < self.n:
            return NotYet(self.T("rnea_why_step", step=self.step, need=self.n))
        if self.readouts["a_err"] > REST_TOL:     # the tolerance stated in the prompt
            return NotYet(self.T("rnea_why_step", step=self.step, need=self.n))
        tip_a = self.readouts
        return self.T("rnea_value_rest", n=self.n, ax=tip_a["ax"], ay=tip_a["ay"])

    def _check_weight(self, lab: "RneaLab") -> str | NotYet:
        if self.n < WEIGHT_N_MIN:
            return NotYet(self.T("rnea_why_few", n=self.n, n_min=WEIGHT_N_MIN))
        moving = self._at_rest()
        if moving:
            return moving
        if self.step < 2 * self.n:
            return NotYet(self.T("rnea_why_step", step=self.step, need=2 * self.n))
        weight = float(np.sum(self.chain.masses)) * self.chain_g()
        f1 = self.readouts["f1"]
        if abs(f1 - weight) > WEIGHT_TOL / 100 * weight:
            return NotYet(self.T("rnea_why_weight", f=f1, w=weight))
        return self.T("rnea_value_weight", f=f1)

    def _check_tip(self, lab: "RneaLab") -> str | NotYet:
        moving = self._at_rest()
        if moving:
            return moving
        if self.step < 2 * self.n:
            return NotYet(self.T("rnea_why_step", step=self.step, need=2 * self.n))
        tau, most = self.readouts["tau_last"], self.tip_most()
        if abs(tau) >= TIP_TOL / 100 * most:
            return NotYet(self.T("rnea_why_tip", n=self.n, tau=tau, tol=TIP_TOL / 100 * most, pct=TIP_TOL,
                                 most=most))
        return self.T("rnea_value_tip", n=self.n, tau=tau)

    # -- callbacks (run guarded) -------------------------------------------------------------
    def on_n(self, value: float) -> None:
        self.check_input(n=value)
        n = int(round(value))
        if not 2 <= n <= N_MAX:
            raise ValueError(f"n must be from 2 to {N_MAX}, got {value}")
        # (links beyond n are folded into the tip, under its handle: no shape is re-sent when n changes)
        self._build_chain(n, keep_pose=True)
        self.show_message("")
        self.refresh()

    def on_qd(self, value: float) -> None:
        self.check_input(qd=value)
        self.qd_all = float(value)
        self.refresh()

    def on_qdd(self, value: float) -> None:
        self.check_input(qdd=value)
        self.qdd_all = float(value)
        self.refresh()

    def _go(self, by: int) -> None:
        self.step = int(np.clip(self.step + by, 0, 2 * self.n))
        self.refresh()

    def press(self, key: str) -> None:
        """Click button ``key`` ("next" or "back") as a learner would."""
        self.controls[key].click()

    def _drag_tip(self, x: float, y: float) -> None:
        self.check_input(x=x, y=y)
        joint = self.points[-2]
        absolute = np.arctan2(y - joint[1], x - joint[0])
        q = self.q.copy()
        q[-1] = (absolute - np.sum(q[:-1]) + np.pi) % (2 * np.pi) - np.pi
        self.q = q
        self.show_message("")
        self.refresh()
