"""Lesson 9's lab: identifying the 2R arm's five base parameters from noisy torques.

Pick an excitation ("rich", "joint 1 only", "slow and small", or your
own from amplitude and frequency sliders, live only for "your own"), the number of samples and the
torque noise σ; "Resample noise" draws the next seed. The lab runs
:func:`course_lib.physics.identification.experiment`, solves the least squares, and
shows the path in the (θ₁, θ₂) plane, each parameter's relative error as a bar
on a log scale (0.1 % … 100 %, green < 5 %, amber 5–30 %, red > 30 %), κ(A)
with and without column scaling, and the residual. The lab has no time. Its
draggable handle is ``"centre"`` in panel ``"path"`` (degrees, θ₁ across, θ₂ up): the centre
of the swing, which moves θ₁'s centre and the θ₂ centre slider; it starts at (17.2°, 60°). The first
slider is the number of samples. The same seed gives the same numbers.

>>> lab = IdentificationLab()
>>> lab.set("sigma", 0.5)
>>> lab.task_done("rich"), lab.readout("worst_error") < 0.10
(True, True)
"""

from __future__ import annotations

import html as _html
from typing import Any

import ipywidgets as w
import numpy as np

from course_lib.lab import controls as c
from course_lib.lab.scene.layout import PALETTE
from course_lib.lab.base import DragHandle, Lab
from course_lib.lab.numbers import significant
from course_lib.lab.scene import Bar, Handle, Panel, Polyline, Scene, Text
from course_lib.lab.tasks import TABLE_STYLE, TEXT_STYLE, NotYet, checklist
from course_lib.lessons.identification.messages import IDENTIFICATION
from course_lib.lessons.identification.stress import default_seed
from course_lib.physics import identification as ident
from course_lib.physics.models import TwoLinkArm

#: task "rich": least noise (N·m) and the error every parameter must get below (fraction)
RICH_SIGMA, RICH_LIMIT = 0.5, 0.10
#: task "slow": least noise (N·m) and the error the worst parameter must exceed (fraction)
SLOW_SIGMA, SLOW_LIMIT = 0.5, 1.0
#: the bars' colour classes (fractions): green below the first, amber up to the second, red above
GREEN_BELOW, AMBER_BELOW = 0.05, 0.30
#: the three classes' colours, the palette's green, amber and vermilion (red)
BAR_COLORS = {"g": PALETTE["velocity"], "a": PALETTE["secondary"], "r": PALETTE["force"]}
#: the bars' log scale: log₁₀ of the error in percent, 0.1 % … 100 %
LOG_LO, LOG_HI = -1.0, 2.0
#: θ₁ swings about this angle (rad) in every excitation until the learner drags the centre
THETA1_CENTRE = ident.EXCITATIONS["rich"].centre[0]
#: the noise the lab starts with (N·m), below the tasks' σ so that no task is met before the learner acts
START_SIGMA = 0.2
#: the samples the lab starts with
START_SAMPLES = 60
#: the seed the lab starts with: the first whose draw shows Try-this 1's hard setting plainly (stress.py)
DEFAULT_SEED = default_seed(RICH_LIMIT, (START_SAMPLES, RICH_SIGMA))
#: a relative error below this (fraction) is the least-squares fit's round-off (σ = 0 gives about 1e-15): shown 0
ERROR_FLOOR = 1e-9
KINDS = ("rich", "joint1", "slow", "own")
#: the sliders that shape "your own" excitation: live only when it is selected
OWN_KEYS = ("amp1", "freq1", "amp2", "freq2")
#: the shortest bar drawn (log₁₀ units): a tiny error still shows a sliver of its colour
MIN_BAR = 0.06
#: the path panel's range (deg): room for a ±69° swing about a centre at ±180° without hiding the tick labels
PATH_LIM = 260.0
N = len(ident.PARAMETER_NAMES)


class IdentificationLab(Lab):
    """The identification lab.

    Args:
        arm: the arm whose parameters are identified (default the course's arm).
        seed: the first noise seed (a whole number >= 0); "Resample noise" adds 1. By default
            :data:`DEFAULT_SEED`, where Try-this 1's hard setting shows its weakest parameters plainly.

    Raises:
        ValueError: for a seed that is not a whole number >= 0.
    """

    messages = IDENTIFICATION
    #: the scene in words (the kit's describe.py), and the main readouts it names with their units
    DESCRIPTION = "id_description"
    DESCRIBES = {"rank": "", "kappa": "", "residual": "N·m", "worst_error_percent": "%"}
    CONTROLS = (c.Dropdown("excitation", "id_excitation", tuple((IDENTIFICATION.text(f"id_{k}"), k) for k in KINDS),
                           "rich", on="on_excitation"),
                c.Slider("n_samples", "id_samples", 10, 400, 1, float(START_SAMPLES), ".0f", on="on_n_samples"),
                c.Slider("sigma", "id_sigma", 0.0, 2.0, 0.05, START_SIGMA, on="on_sigma"),
                c.Slider("theta2", "id_theta2", -180, 180, 1, 60.0, ".0f", on="on_theta2"),
                c.Slider("amp1", "id_amp1", 0, 120, 1, 40.0, ".0f", on="on_amp1"),
                c.Slider("freq1", "id_freq1", 0.05, 1.5, 0.05, 0.5, on="on_freq1"),
                c.Slider("amp2", "id_amp2", 0, 120, 1, 40.0, ".0f", on="on_amp2"),
                c.Slider("freq2", "id_freq2", 0.05, 1.5, 0.05, 0.8, on="on_freq2"))

    def __init__(self, arm: TwoLinkArm | None = None, seed: int = DEFAULT_SEED):
        super().__init__()
        ident.torque_noise((1,), 0.0, seed)  # checks the seed
        self.arm = arm if arm is not None else TwoLinkArm()
        self.truth = self.arm.base_parameters()
        self.seed0 = self.seed = int(seed)
        self.kind, self.n, self.sigma = "rich", START_SAMPLES, START_SIGMA
        self.theta1, self.theta2 = THETA1_CENTRE, float(np.radians(60.0))
        self.own = dict(amp1=40.0, freq1=0.5, amp2=40.0, freq2=0.8)
        self.fit: ident.Fit | None = None
        self.tasks = checklist(self, task_prompts(), "id_task_{key}_hint",
                               checks={"rich": self._check_rich, "slow": self._check_slow})
        self.summary_html, self.table_html = c.html(), c.html()
        self.add_handle(DragHandle("centre", "path", lambda: tuple(np.degrees([self.theta1, self.theta2])),
                                   self._drag_centre))
        self.attach_scene(self._scene())
        column = self.build_controls()
        self._own_sliders_live()
        resample = self.add_control("resample", c.button(self.T("id_resample")), self.on_resample)
        resample.layout.width = "160px"
        recentre = self.add_control("recentre", c.button(self.T("id_recentre")), self.on_recentre)
        recentre.layout.width = "160px"
        self.controls["excitation"].layout.width = "340px"  # "slow and small" in full
        # the scene with its readouts under it, the controls and the checklist beside: no gap at 1366×768
        side = w.VBox(column + [w.HBox([resample, recentre]), self.tasks.widget, self.message],
                      layout=c.COLUMN_LAYOUT)
        self.summary_html.layout.max_width = self.table_html.layout.max_width = f"{self.scene.width}px"
        self.lab_box([c.beside(w.VBox([self.scene, self.summary_html, self.table_html]), side)])
        self.refresh()

    def _scene(self) -> Scene:
        T = self.T
        channels = [f"{n}_{k}" for n in ident.PARAMETER_NAMES for k in BAR_COLORS] + \
                   [f"err_{n}" for n in ident.PARAMETER_NAMES] + ["err_y", "c1", "c2"]
        shapes = [Polyline("path", "path", color="primary", width=1.5),
                  Handle("centre", "path", x="c1", y="c2", r_px=6, color="primary")]
        for v, label in zip((-1, 0, 1, 2), ("0.1 %", "1 %", "10 %", "100 %")):
            shapes += [Polyline(f"grid{v}", "errors", xs=[-0.5, N - 0.4], ys=[v, v], color="grid", width=1),
                       Text(f"tick{v}", "errors", x=-1.45, y=v, text=label, size=11)]  # inside the panel: not clipped
        for name, limit in (("amber", GREEN_BELOW), ("red", AMBER_BELOW)):
            y = float(np.log10(100 * limit))
            shapes.append(Polyline(f"limit_{name}", "errors", xs=[-0.5, N - 0.4], ys=[y, y], dash=True,
                                   color=BAR_COLORS[name[0]], width=1))
        for i, name in enumerate(ident.PARAMETER_NAMES):
            shapes += [Bar(f"bar_{name}_{k}", "errors", x=i, base=LOG_LO, height=f"{name}_{k}", color=col,
                           bar_width=0.62) for k, col in BAR_COLORS.items()]
            shapes += [Text(f"name_{name}", "errors", x=i, y=LOG_LO, text=name, anchor="middle", dy_px=12),
                       Text(f"err_{name}", "errors", x=i, y="err_y", text="",
                            anchor="middle", dy_px=-8 - 13 * (i % 2), size=11)]  # staggered: never overlapping
        return Scene(width=560, height=330, channels=channels, panels=[
            Panel("path", 0.0, 0.0, 0.48, 1.0, (-PATH_LIM, PATH_LIM), (-PATH_LIM, PATH_LIM), equal=True, grid=True,
                  xlabel="θ₁ [°]", ylabel="θ₂ [°]", title=T("id_title_path", n=self.n),
                  xticks=[-180, -90, 0, 90, 180], yticks=[-180, -90, 0, 90, 180]),
            Panel("errors", 0.54, 0.0, 0.46, 1.0, (-1.5, N - 0.4), (LOG_LO - 0.25, LOG_HI + 0.55), axes=False,
                  title=T("id_title_errors"))], shapes=shapes)

    # -- the experiment ---------------------------------------------------------------------------
    def excitation(self) -> ident.Excitation:
        """The excitation the controls select now (θ₂ swings about, or is frozen at, the θ₂ slider)."""
        centre = (self.theta1, self.theta2)
        if self.kind == "own":
            o = self.own
            return ident.Excitation(centre, tuple(np.radians([o["amp1"], o["amp2"]])), (o["freq1"], o["freq2"]))
        return ident.EXCITATIONS[self.kind].replace(centre=centre)

    def refresh(self) -> None:
        data = ident.experiment(self.arm, self.excitation(), self.n, self.sigma, self.seed)
        fit = ident.estimate(data.A, data.b)
        err = ident.relative_errors(fit.pi, self.truth)
        kappa, kappa_s = ident.condition_number(data.A), ident.condition_number(data.A, scaled=True)
        r = dict(worst_error=float(err.max()), worst_error_percent=shown_percent(float(err.max())),
                 residual=fit.residual_rms, rank=float(fit.rank),
                 kappa=min(kappa, 1e300), kappa_scaled=min(kappa_s, 1e300), seed=float(self.seed),
                 **{f"pi_hat_{n}": float(v) for n, v in zip(ident.PARAMETER_NAMES, fit.pi)},
                 **{f"error_{n}": float(e) for n, e in zip(ident.PARAMETER_NAMES, err)})
        self.check_finite(r)
        self.fit, self.data, self.readouts = fit, data, r
        self.scene.set_values({**bar_channels(err), "c1": float(np.degrees(self.theta1)),
                               "c2": float(np.degrees(self.theta2))})
        # each bar's label, written by percent() as every error of the lab is
        self.scene.set_shapes({f"err_{n}": {"text": self.T("id_percent", value=percent(e))}
                               for n, e in zip(ident.PARAMETER_NAMES, err)})
        deg = np.degrees(data.q)
        self.scene.set_shape("path", xs=deg[:, 0].round(3).tolist(), ys=deg[:, 1].round(3).tolist())
        self._show(err, kappa, kappa_s, data.A)
        self.tasks.update(self)

    def described_values(self) -> dict[str, Any]:
        """The readouts, with the rank as a count and κ as the readout line writes it (∞ where rank < 5)."""
        rank = int(self.readouts["rank"])
        return dict(self.readouts, rank=rank, kappa=_kappa_text(self.readouts["kappa"], rank, self.T))

    def _show(self, err: np.ndarray, kappa: float, kappa_s: float, A: np.ndarray) -> None:
        fit, T = self.fit, self.T
        ktext = [_kappa_text(k, fit.rank, T) for k in (kappa, kappa_s)]
        lines = [T("id_centre", theta1=np.degrees(self.theta1), theta2=np.degrees(self.theta2)),
                 T("id_summary", kappa=ktext[0], kappa_scaled=ktext[1], residual=fit.residual_rms,
                   sigma=self.sigma, seed=self.seed)]
        if self.kind == "joint1" or fit.rank < N:
            direction = ident.weakest_direction(A)
            lines.append(T("id_weakest", direction=", ".join(f"{v:+.2f}" for v in np.round(direction / np.abs(direction).max(), 2) + 0.0)))
            if fit.rank < N and self.kind == "joint1":
                lines.append(T("id_lost", theta2=np.degrees(self.theta2), rank=fit.rank))
            elif fit.rank < N:
                lines.append(T("id_lost_any", rank=fit.rank))
        self.summary_html.value = "".join(f"<div style='{TEXT_STYLE};margin-bottom:3px'>{_html.escape(s)}</div>"
                                          for s in lines)
        rows = "".join(f"<tr><td>{n}</td><td>{u}</td><td>{significant(t, 4)}</td><td>{significant(e, 4)}</td><td>{T('id_percent', value=percent(x))}</td></tr>"
                       for n, u, t, e, x in zip(ident.PARAMETER_NAMES, ident.PARAMETER_UNITS, self.truth, fit.pi,
                                                err))
        self.table_html.value = f"<table style='{TABLE_STYLE}'>{T('id_table_head')}{rows}</table>"

    def reset_state(self) -> None:
        self.seed = self.seed0
        self.theta1 = THETA1_CENTRE

    # -- callbacks (run guarded) ----------------------------------------------------------------
    def on_excitation(self, kind: str) -> None:
        if kind not in KINDS:
            raise ValueError(f"excitation must be one of {KINDS}, got {kind!r}")
        self.kind = kind
        self._own_sliders_live()
        self.show_message("")
        self.refresh()

    def _own_sliders_live(self) -> None:
        for key in OWN_KEYS:
            self.controls[key].disabled = self.kind != "own"

    def on_n_samples(self, n: float) -> None:
        self.check_input(n_samples=n)
        n = int(round(n))
        ident._samples(n)
        self.n = n
        self.scene.set_panel("path", title=self.T("id_title_path", n=n))
        self.show_message("")
        self.refresh()

    def on_sigma(self, sigma: float) -> None:
        self.check_input(sigma=sigma)
        if sigma < 0:
            raise ValueError(f"σ must be >= 0 N·m, got {sigma}")
        self.sigma = float(sigma)
        self.show_message("")
        self.refresh()

    def on_theta2(self, degrees: float) -> None:
        self.check_input(theta2=degrees)
        self.theta2 = float(np.radians(degrees))
        self.show_message("")
        self.refresh()

    def _drag_centre(self, x: float, y: float) -> None:
        self.check_input(x=x, y=y)
        t1, t2 = (float(np.clip(round(v), -180, 180)) for v in (x, y))  # whole degrees, as the slider shows
        self.theta1 = float(np.radians(t1))
        self.theta2 = float(np.radians(t2))
        self.move_control("theta2", t2)
        self.show_message("")
        self.refresh()

    def _own(self, key: str, value: float) -> None:
        self.check_input(**{key: value})
        candidate = dict(self.own, **{key: float(value)})
        ident.Excitation((0.0, 0.0), (candidate["amp1"], candidate["amp2"]),
                         (candidate["freq1"], candidate["freq2"]))  # refused here, before anything changes
        self.own = candidate
        self.show_message("")
        self.refresh()

    def on_amp1(self, v: float) -> None:
        self._own("amp1", v)

    def on_freq1(self, v: float) -> None:
        self._own("freq1", v)

    def on_amp2(self, v: float) -> None:
        self._own("amp2", v)

    def on_freq2(self, v: float) -> None:
        self._own("freq2", v)

    def on_recentre(self, _value: object = None) -> None:
        """Put the swing's centre back where the lab starts: θ₁ = 17.2°, θ₂ = 60°."""
        self.theta1, self.theta2 = THETA1_CENTRE, float(np.radians(60.0))
        self.move_control("theta2", 60.0)
        self.show_message("")
        self.refresh()

    def on_resample(self, _value: object = None) -> None:
        self.seed += 1
        self.refresh()

    # -- tasks -----------------------------------------------------------------------------------------
    def _worst(self) -> tuple[float, str]:
        """The largest relative error (fraction) and its parameter's name."""
        errs = [self.readouts[f"error_{n}"] for n in ident.PARAMETER_NAMES]
        i = int(np.argmax(errs))
        return errs[i], ident.PARAMETER_NAMES[i]

    def _needs(self, kind: str, sigma: float) -> NotYet | None:
        if self.kind != kind:
            return NotYet(self.T("id_why_excitation", now=self.T(f"id_{self.kind}"), need=self.T(f"id_{kind}")))
        if self.sigma < sigma - 1e-9:
            return NotYet(self.T("id_why_sigma", sigma=self.sigma, need=sigma))
        return None

    def _check_rich(self, lab: "IdentificationLab") -> str | NotYet:
        worst, name = self._worst()
        why = self._needs("rich", RICH_SIGMA)
        if why is not None:
            return why
        shown = self.T("id_percent", value=percent(worst))
        if worst >= RICH_LIMIT:
            return NotYet(self.T("id_why_rich_error", name=name, worst=shown, limit=100 * RICH_LIMIT))
        return self.T("id_value_rich", worst=shown, name=name)

    def _check_slow(self, lab: "IdentificationLab") -> str | NotYet:
        worst, name = self._worst()
        why = self._needs("slow", SLOW_SIGMA)
        if why is not None:
            return why
        shown = self.T("id_percent", value=percent(worst))
        if worst <= SLOW_LIMIT:
            return NotYet(self.T("id_why_slow_error", worst=shown, limit=100 * SLOW_LIMIT))
        return self.T("id_value_slow", worst=shown, name=name,
                      kappa=_kappa_text(self.readouts["kappa"], int(self.readouts["rank"]), self.T))


def bar_channels(err: np.ndarray) -> dict[str, float]:
    """The scene's channels for relative errors ``err`` (fractions): one bar per parameter, in its colour.

    The bar's height is log₁₀(100 · error) above 0.1 %, clipped to the scale 0.1 % … 100 % and never
    shorter than ``MIN_BAR``; the two other colours of that parameter get height 0.
    """
    out: dict[str, float] = {}
    for name, e in zip(ident.PARAMETER_NAMES, err):
        height = max(float(np.clip(np.log10(max(100 * e, 1e-12)), LOG_LO, LOG_HI) - LOG_LO), MIN_BAR)
        cls = "g" if e < GREEN_BELOW else "a" if e <= AMBER_BELOW else "r"
        out.update({f"{name}_{k}": (height if k == cls else 0.0) for k in BAR_COLORS})
        out[f"err_{name}"] = float(min(100 * e, 1e6)) if e >= ERROR_FLOOR else 0.0  # the bar's label: 0%
    out["err_y"] = LOG_HI + 0.1
    return out


def _kappa_text(kappa: float, rank: int, T) -> str:
    if rank < N or not np.isfinite(kappa) or kappa > 1e15:
        return T("id_kappa_rank", rank=rank)
    return significant(kappa, digits=3)


def percent(fraction: float) -> str:
    """A relative error (fraction) in percent, 2 significant digits; below ERROR_FLOOR it is round-off: 0.

    >>> [percent(x) for x in (1.2e-4, 0.043, 7.485, 8.9e-16, 0.0)]
    ['0.012', '4.3', '750', '0', '0']
    """
    return significant(100 * fraction, digits=2, floor=100 * ERROR_FLOOR)


def shown_percent(fraction: float) -> float:
    """A relative error (fraction) in percent as the lab shows it: 0 below ERROR_FLOOR (round-off).

    >>> shown_percent(0.043), shown_percent(8.9e-16)
    (4.3, 0.0)
    """
    return 100 * fraction if abs(fraction) >= ERROR_FLOOR else 0.0


def task_prompts() -> dict[str, str]:
    """The lab's tasks, each prompt formatted from the threshold its check compares against."""
    T = IDENTIFICATION.text
    return {"rich": T("id_task_rich", sigma=RICH_SIGMA, limit=100 * RICH_LIMIT),
            "slow": T("id_task_slow", sigma=SLOW_SIGMA, limit=100 * SLOW_LIMIT)}
