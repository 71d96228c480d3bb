"""A small pendulum drawn with the Scene widget, for the browser tests and the browser benchmark.

It exercises every path a lab uses: chunks answered on ``need``, replaced
from the playhead when the slider moves during Play, a static state after a
drag, a key or a hold button. It is a test fixture, not a lesson: the
stepping is a plain semi-implicit Euler step of θ̈ = −(g/l) sin θ + u.

In a notebook (tests/browser/scene_page.py writes this cell, with this folder on sys.path)::

    from scene_demo import DemoLab
    demo = DemoLab()
    demo.widget
"""

from __future__ import annotations

import json
import math

import ipywidgets as w
import numpy as np

from course_lib.lab.scene import (
    Arrow,
    Band,
    Bar,
    Disc,
    Formula,
    Grid,
    Handle,
    HoldButton,
    Link,
    Panel,
    Scene,
    Text,
    Trace,
)

G = 9.81
FPS = 60
CHANNELS = ["t", "theta", "omega", "bx", "by", "W", "E"]


class DemoLab:
    """A pendulum with a length slider, a Play toggle, a draggable bob, ← → keys and push buttons."""

    def __init__(self) -> None:
        self.length = w.FloatSlider(value=1.0, min=0.5, max=1.5, step=0.1, description="l (m)")
        self.play = w.ToggleButton(value=False, description="Play")
        self.readout = w.HTML()
        self.scene = Scene(
            width=760, height=380,
            panels=[Panel("world", w=0.5, xlim=(-1.7, 1.7), ylim=(-1.7, 1.7), equal=True, axes=False, title="pendulum"),
                    Panel("phase", x=0.5, w=0.5, h=0.7, xlim=(-math.pi, math.pi), ylim=(-8, 8), grid=True,
                          xlabel="θ (rad)", ylabel="θ̇ (rad/s)", title="phase portrait"),
                    Panel("energy", x=0.5, y=0.7, w=0.5, h=0.3, xlim=(0, 2), ylim=(0, 20), ylabel="E (J)")],
            channels=CHANNELS,
            shapes=[Grid("grid", panel="world", step=0.5),
                    Link("rod", panel="world", x1="bx", y1="by"),
                    Disc("pivot", panel="world", r_px=4, color="ink"),
                    Disc("bob", panel="world", x="bx", y="by", r=0.09),
                    Arrow("weight", panel="world", x="bx", y="by", dx=0, dy="-W", scale=0.04, color="gravity",
                          label="mg"),
                    Text("clock", panel="world", x=-1.6, y=1.5, text="t = {t:.2f} s   θ = {theta:.2f} rad"),
                    Trace("path", panel="phase", x="theta", y="omega"),
                    Band("ok", panel="phase", lo=-1, hi=1, label="|θ̇| < 1"),
                    Bar("energy_bar", panel="energy", x=1, height="E", bar_width=0.8),
                    Handle("bob_handle", panel="world", x="bx", y="by", circle=(0.0, 0.0))],
            formula=Formula(["m l² θ̈ = ", ("− m g l sin θ", "gravity"), " + τ"], {"gravity": ["weight"]}),
            keys=True, buttons=[HoldButton("push_left", "◀ push"), HoldButton("push_right", "push ▶")])
        self.theta, self.omega, self.t, self.push = 0.8, 0.0, 0.0, 0.0
        self.keys_seen: list[tuple[str, str]] = []
        self.holds_seen: list[tuple[str, str]] = []
        self.drags_seen: list[str] = []
        self._sent: list[tuple[float, np.ndarray]] = []   # (t, state) of every frame sent ahead
        self.scene.on_need(self._on_need)
        self.scene.on_drag(self._on_drag)
        self.scene.on_key(self._on_key)
        self.scene.on_hold(self._on_hold)
        self.length.observe(self._on_length, "value")
        self.play.observe(self._on_play, "value")
        self.widget = w.VBox([w.HBox([self.length, self.play]), self.scene, self.readout])
        self._show()

    # ---- the model -----------------------------------------------------------------------
    def frame(self, t: float, theta: float, omega: float) -> np.ndarray:
        l = self.length.value
        bx, by = l * math.sin(theta), -l * math.cos(theta)
        energy = 0.5 * l * l * omega * omega + G * l * (1 - math.cos(theta))
        return np.array([t, theta, omega, bx, by, G, energy])

    def run(self, t: float, theta: float, omega: float, n: int) -> np.ndarray:
        """n frames from (t, θ, θ̇), 1/FPS s apart, by semi-implicit Euler with 8 substeps."""
        out, h = np.empty((n, len(CHANNELS))), 1.0 / FPS / 8
        l = self.length.value
        for i in range(n):
            out[i] = self.frame(t + i / FPS, theta, omega)
            for _ in range(8):
                omega += h * (-(G / l) * math.sin(theta) + self.push)
                theta += h * omega
        return out

    def _show(self) -> None:
        self.scene.set_values(dict(zip(CHANNELS, self.frame(self.t, self.theta, self.omega))))
        self.readout.value = f"θ = {self.theta:.3f} rad, l = {self.length.value:.2f} m, t = {self.t:.2f} s"

    def _send_from(self, t: float, theta: float, omega: float, seek: bool) -> None:
        frames = self.run(t, theta, omega, FPS)
        self._sent = [s for s in self._sent if s[0] < t] + [(f[0], f) for f in frames]
        self.scene.send_chunk(t, 1.0 / FPS, frames, replace_from=t, seek=seek)

    def _state_at(self, t: float) -> np.ndarray:
        """The frame sent ahead nearest to t (the live state at the browser's playhead)."""
        if not self._sent:
            return self.frame(self.t, self.theta, self.omega)
        return min(self._sent, key=lambda s: abs(s[0] - t))[1]

    # ---- callbacks -----------------------------------------------------------------------
    def _on_play(self, change: dict) -> None:
        if change["new"]:
            self._sent = []
            self.scene.playing = True
            self._send_from(self.t, self.theta, self.omega, seek=True)
        else:
            self.scene.playing = False
            f = self._state_at(self.scene.playhead_estimate())
            self.t, self.theta, self.omega = float(f[0]), float(f[1]), float(f[2])
            self._show()

    def _on_need(self, _t: float, t_last: float) -> None:
        f = self._state_at(t_last)
        frames = self.run(float(f[0]), float(f[1]), float(f[2]), FPS + 1)[1:]
        self._sent = [s for s in self._sent if s[0] >= _t - 0.5] + [(r[0], r) for r in frames]
        self.scene.send_chunk(float(frames[0, 0]), 1.0 / FPS, frames)

    def _on_length(self, _change: dict) -> None:
        if self.scene.playing:
            f = self._state_at(self.scene.playhead_estimate())
            self._send_from(float(f[0]), float(f[1]), float(f[2]), seek=False)
            self.readout.value = f"l = {self.length.value:.2f} m (playing)"
        else:
            self._show()

    def _on_drag(self, _handle: str, phase: str, x: float, y: float) -> None:
        self.drags_seen.append(phase)
        if self.play.value:
            self.play.value = False
        self.theta, self.omega = math.atan2(x, -y), 0.0
        self._show()

    def _on_key(self, key: str, phase: str) -> None:
        self.keys_seen.append((key, phase))
        if phase == "down" and key in ("ArrowLeft", "ArrowRight") and not self.play.value:
            self.theta += 0.1 if key == "ArrowRight" else -0.1
            self._show()

    def _on_hold(self, button: str, phase: str) -> None:
        self.holds_seen.append((button, phase))
        self.push = 0.0 if phase == "up" else (4.0 if button == "push_right" else -4.0)

    # ---- for the tests -------------------------------------------------------------------
    def handle_json(self) -> str:
        """Where the bob's handle is (panel, data coordinates), and what the lab heard, for the browser test."""
        v = self.scene.values
        return json.dumps({
            "handle": "bob_handle", "panel": "world", "x": v["bx"], "y": v["by"],
            "theta": self.theta, "t": self.t, "length": self.length.value,
            "keys": self.keys_seen[-4:], "holds": self.holds_seen[-4:], "drags": self.drags_seen[-3:],
            "errors": [repr(e) for e in self.scene.callback_errors], "browser_errors": self.scene.browser_errors})


def gallery() -> Scene:
    """Every kind of shape once (a cart on a rail pulled by a spring, bars, a band...), for a look and a test."""
    from course_lib.lab.scene import Bind, Cart, Polyline, Rail, Spring

    xs = np.linspace(-3, 3, 61)
    scene = Scene(
        width=760, height=300,
        panels=[Panel("track", w=0.55, xlim=(-1.5, 1.5), ylim=(-0.4, 1.0), equal=True, axes=False, title="cart"),
                Panel("plot", x=0.55, w=0.45, h=0.6, xlim=(-3, 3), ylim=(-1.2, 1.2), grid=True, xlabel="x (m)",
                      ylabel="F (N)", title="a plot"),
                Panel("bars", x=0.55, y=0.6, w=0.45, h=0.4, xlim=(0, 3), ylim=(-2, 5), xticks=[], ylabel="E (J)")],
        channels=["x", "F", "T", "V"],
        shapes=[Rail("rail", panel="track", x0=-1.4, x1=1.4, y=0.0),
                Spring("spring", panel="track", x0=-1.4, y0=0.1, x1=Bind("x", 1.0, -0.2), y1=0.1),
                Cart("cart", panel="track", x="x", y=0.0, w=0.4, h=0.2),
                Link("pole", panel="track", x0="x", y0=0.2, x1=Bind("x", 1.0, 0.3), y1=0.8, width=4),
                Arrow("push", panel="track", x=Bind("x", 1.0, 0.2), y=0.1, dx="F", dy=0, scale=0.3, label="F"),
                Text("label", panel="track", x=0, y=-0.3, text="x = {x:+.2f} m, F = {F:.1f} N", anchor="middle"),
                Polyline("curve", panel="plot", xs=list(xs), ys=list(np.sin(xs)), dash=True, color="muted"),
                Disc("marker", panel="plot", x="x", y="F", r_px=5, color="force"),
                Band("zone", panel="plot", lo=-0.5, hi=0.5, orient="v", label="dead zone"),
                Bar("T", panel="bars", x=0.75, height="T", color="velocity", label="T"),
                Bar("V", panel="bars", x=2.25, height="V", color="gravity", label="V")],
        values={"x": 0.35, "F": 0.8, "T": 3.0, "V": -1.0})
    return scene
