"""The lab kit: figures reused, drags through the canvas, guarded callbacks, one message table.

Checked on the start-here lab (the 2R arm preview), whose geometry has an
independent reference: the tip of a 2R arm at θ₁, θ₂ is
(l₁ cos θ₁ + l₂ cos(θ₁+θ₂), l₁ sin θ₁ + l₂ sin(θ₁+θ₂)).
"""

from __future__ import annotations

import ast
import pathlib
import re

import matplotlib.pyplot as plt
import numpy as np
import pytest

from course_lib.models import TwoLinkArm
from course_lib.widgets import ArmPreviewLab, PendulumLab, messages
from course_lib.widgets.animation import PlayLoop

ROOT = pathlib.Path(__file__).resolve().parents[1]


def pixels(fig) -> np.ndarray:
    """The figure as Agg renders it (what the browser receives)."""
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba()).copy()


def test_tip_readout_matches_planar_arm_geometry():
    """The tip readout is l₁(cos θ₁, sin θ₁) + l₂(cos(θ₁+θ₂), sin(θ₁+θ₂)) for the seeds' arm."""
    lab = ArmPreviewLab()
    lab.set("theta1", 40.0)
    lab.set("theta2", -70.0)
    t1, t12 = np.radians(40.0), np.radians(40.0 - 70.0)
    expected = (1.0 * np.cos(t1) + 0.8 * np.cos(t12), 1.0 * np.sin(t1) + 0.8 * np.sin(t12))
    assert lab.readout("tip_x") == pytest.approx(expected[0], abs=1e-12)
    assert lab.readout("tip_y") == pytest.approx(expected[1], abs=1e-12)


def test_slider_moves_update_the_same_artists_without_new_figures():
    """Fifty slider moves change artist data, never create figures, axes or lines."""
    before = plt.get_fignums()
    lab = ArmPreviewLab()
    fig, canvas, links = lab.fig, lab.fig.canvas, lab.links
    children = [len(ax.get_children()) for ax in fig.axes]
    old = links.get_xydata().copy()
    for k in range(50):
        lab.set("theta1", float(-90 + 3 * k))
    assert lab.fig is fig and lab.fig.canvas is canvas and lab.links is links
    assert [len(ax.get_children()) for ax in fig.axes] == children
    assert not np.allclose(links.get_xydata(), old)
    assert plt.get_fignums() == before


def test_first_slider_visibly_changes_the_rendered_figure():
    """The browser test moves the first slider: the rendered pixels must change (both labs)."""
    for lab in (ArmPreviewLab(), PendulumLab()):
        first = next(iter(lab.controls))
        before = pixels(lab.fig)
        lab.set(first, float(lab.controls[first].value) + 40.0)
        assert np.count_nonzero(np.any(pixels(lab.fig) != before, axis=-1)) > 100


def test_figure_is_an_ipympl_canvas_without_header_or_toolbar():
    """Labs draw on an ipympl widget with the header, footer and toolbar hidden."""
    from ipympl.backend_nbagg import Canvas

    canvas = ArmPreviewLab().fig.canvas
    assert isinstance(canvas, Canvas)
    assert (canvas.header_visible, canvas.footer_visible, canvas.toolbar_visible) == (False, False, False)


def test_dragging_the_elbow_sets_theta1_and_keeps_theta2():
    """A drag on the canvas (press, moves, release) turns link 1 toward the pointer."""
    lab = ArmPreviewLab()
    theta2 = lab.readout("theta2")
    lab.drag("elbow", -0.5, 0.5)
    assert lab.readout("theta1") == pytest.approx(np.radians(135.0), abs=np.radians(1.0))
    assert lab.readout("theta2") == theta2
    assert lab.controls["theta1"].value == pytest.approx(135.0, abs=1.0)


def test_press_away_from_a_handle_does_not_grab_it():
    """A press 0.5 m from every handle moves nothing."""
    from course_lib.widgets.drag import send_mouse

    lab = ArmPreviewLab()
    state = dict(lab.readouts)
    send_mouse(lab.ax, "button_press", -1.0, -1.0)
    send_mouse(lab.ax, "motion_notify", -1.2, -0.4)
    send_mouse(lab.ax, "button_release", -1.2, -0.4)
    assert lab.readouts == state


def test_start_here_task_is_met_only_when_the_tip_is_high_enough():
    """The tiny task turns ✓ at y ≥ 1.7 m, keeps the value that met it, and stays ✓."""
    lab = ArmPreviewLab()
    lab.set("theta1", 60.0)
    lab.set("theta2", 0.0)  # tip height 1.8 sin 60° ≈ 1.56 m < 1.7 m
    assert not lab.task_done("reach_high")
    lab.set("theta1", 80.0)  # 1.8 sin 80° ≈ 1.77 m
    assert lab.task_done("reach_high")
    assert f"{TwoLinkArm().tip(np.radians([80.0, 0.0]))[1]:.3f}" in lab.tasks.value("reach_high")
    lab.set("theta1", 0.0)
    assert lab.task_done("reach_high") and "☑" in lab.tasks.widget.value


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "ninety"])
def test_bad_slider_value_shows_a_message_and_keeps_the_lab_usable(bad):
    """An unusable angle shows a message; the arm keeps its pose and later moves still work."""
    lab = ArmPreviewLab()
    pose = dict(lab.readouts)
    lab.set("theta1", bad)
    assert lab.message.value and "theta1" in lab.message.value
    assert lab.readouts == pose
    lab.set("theta1", 10.0)
    assert lab.readout("theta1") == pytest.approx(np.radians(10.0))


def test_nan_reaching_a_callback_through_the_widget_is_caught():
    """A NaN written straight into the slider widget reaches the guarded callback, which shows a message."""
    lab = ArmPreviewLab()
    lab.controls["theta2"].value = float("nan")
    assert "angle must be a finite number" in lab.message.value
    assert all(np.isfinite(v) for v in lab.readouts.values())


def test_unknown_control_or_handle_is_a_value_error_naming_the_choices():
    """Misusing the headless API raises ValueError listing what exists."""
    lab = ArmPreviewLab()
    with pytest.raises(ValueError, match="theta1"):
        lab.set("theta3", 1.0)
    with pytest.raises(ValueError, match="elbow"):
        lab.drag("wrist", 0.0, 0.0)
    with pytest.raises(ValueError, match="tip_x"):
        lab.readout("speed")


def test_play_without_an_event_loop_explains_itself():
    """Outside a kernel the play loop refuses with RuntimeError; the lab turns that into a message."""
    loop = PlayLoop(lambda dt: True)
    with pytest.raises(RuntimeError):
        loop.start()
    lab = PendulumLab()
    lab.set("play", None)
    assert "advance" in lab.message.value and not lab.loop.playing


class FakeClock:
    """A wall clock that moves only when told: ``clock()`` returns the next scripted time."""

    def __init__(self, times):
        self.times = list(times)
        self.calls = 0

    def __call__(self) -> float:
        now = self.times[min(self.calls, len(self.times) - 1)]
        self.calls += 1
        return now


def test_play_loop_passes_elapsed_clock_time_times_speed_capped_per_frame():
    """Each frame gets the clock time since the last frame × speed; a stall counts as at most MAX_FRAME."""
    import asyncio

    from course_lib.widgets.animation import MAX_FRAME

    clock = FakeClock([10.0, 10.04, 10.07, 12.0, 12.01])  # 40 ms, 30 ms, a 1.93 s stall, 10 ms
    got: list[float] = []
    stopped: list[bool] = []
    loop = PlayLoop(lambda dt: got.append(dt) or len(got) < 4, period=0.0,
                    on_stop=lambda: stopped.append(True), clock=clock)
    loop.speed = 2.0

    async def session() -> None:
        loop.start()
        for _ in range(100):  # bounded: the loop ends itself after four frames
            if not loop.playing:
                break
            await asyncio.sleep(0)

    asyncio.run(session())
    assert got == pytest.approx([0.08, 0.06, 2 * MAX_FRAME, 0.02], abs=1e-12)
    assert stopped == [True] and not loop.playing


def test_play_advances_the_lab_by_clock_time_and_pause_stops_it_at_once():
    """Playing 10 frames of a fake clock ticking 1/30 s advances the pendulum by 1/3 s; Pause freezes t."""
    import asyncio

    lab = PendulumLab()
    lab.loop.clock = FakeClock([k / 30 for k in range(1000)])
    lab.loop.period = 0.0

    async def session() -> tuple[float, float]:
        lab.set("play", None)
        for _ in range(1000):  # bounded wait for ten frames
            if lab.loop.clock.calls > 10:
                break
            await asyncio.sleep(0)
        lab.set("tau", 2.0)  # a slider move while playing is processed
        lab.set("play", None)  # pause
        t_paused = lab.t
        for _ in range(20):
            await asyncio.sleep(0)
        return t_paused, lab.t

    t_paused, t_later = asyncio.run(session())
    assert t_paused == pytest.approx(10 / 30, abs=1e-9)
    assert t_later == t_paused and lab.tau == 2.0 and not lab.loop.playing


def test_play_on_the_real_clock_moves_time_forward_and_pause_holds_it():
    """Sanity check with the default clock: some time passes while playing, none after Pause."""
    import asyncio

    lab = PendulumLab()

    async def session() -> tuple[float, float]:
        lab.set("play", None)
        await asyncio.sleep(0.3)
        lab.set("play", None)
        t_paused = lab.t
        await asyncio.sleep(0.1)
        return t_paused, lab.t

    t_paused, t_later = asyncio.run(session())
    assert t_paused > 0 and t_later == t_paused


@pytest.mark.parametrize("kw, name", [({"theta1": 500.0}, "theta1"), ({"theta2": float("nan")}, "theta2"),
                                      ({"theta1": -181.0}, "theta1")])
def test_start_here_lab_rejects_start_angles_outside_the_sliders(kw, name):
    """ArmPreviewLab's start angles must be finite and within the sliders' −180…180°; the error names which."""
    with pytest.raises(ValueError, match=rf"{name} must be a finite angle in degrees from -180 to 180"):
        ArmPreviewLab(**kw)


def test_every_message_key_used_by_the_labs_exists_in_every_language():
    """Labels live in one table: every text("key") in widgets/ and quiz.py is defined for each language."""
    used = set()
    files = list((ROOT / "course_lib" / "widgets").glob("*.py")) + list((ROOT / "course_lib").glob("quiz*.py"))
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "text" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                used.add(node.args[0].value)
    assert len(used) > 40
    for language, table in messages.MESSAGES.items():
        assert used <= set(table), (language, used - set(table))
        assert set(table) == set(messages.MESSAGES["en"]), language


def test_no_lab_text_shows_nan():
    """Readouts, steps, tasks and messages never contain 'nan' or 'inf'."""
    lab = PendulumLab()
    lab.set("newton", True)
    lab.advance(2.0)
    lab.set("b", float("nan"))
    html = " ".join(v.value for v in (lab.readout_html, lab.steps_html, lab.tasks.widget, lab.message))
    assert not re.search(r"\b(nan|inf)\b", html, flags=re.IGNORECASE)


def test_benchmark_reads_the_browser_latency_report(tmp_path, monkeypatch):
    """benchmarks/labs.py picks the notebook's entry from reports/browser_latency.json, per front end."""
    import json
    import sys

    sys.path.insert(0, str(ROOT))
    from benchmarks import labs

    report = tmp_path / "browser_latency.json"
    report.write_text(json.dumps({"02_pendulum.ipynb": {
        "lab": {"latency_ms": {"median": 81.5, "p90": 96.0, "n": 12}},
        "notebook7": {"latency_ms": {"median": 110.0, "p90": 140.0, "n": 12}}}}))
    monkeypatch.setattr(labs, "BROWSER_REPORT", report)
    got = labs._browser_latency("02_pendulum.ipynb")
    assert got == {"browser_lab_median_ms": 81.5, "browser_lab_p90_ms": 96.0, "browser_lab_n": 12,
                   "browser_notebook7_median_ms": 110.0, "browser_notebook7_p90_ms": 140.0,
                   "browser_notebook7_n": 12}
    assert labs._browser_latency("00_start_here.ipynb") == {}
    monkeypatch.setattr(labs, "BROWSER_REPORT", tmp_path / "missing.json")
    assert labs._browser_latency("02_pendulum.ipynb") == {}


def test_hidpi_pixel_ratio_recaptures_the_static_layer():
    """When the browser reports a pixel ratio of 2, the cached background is re-rendered at that size."""
    lab = ArmPreviewLab()
    lab.fig.canvas._handle_set_device_pixel_ratio(2)
    lab.fig.canvas.draw()
    lab.fig.canvas.draw()
    renderer = lab.fig.canvas.get_renderer()
    h, w = lab.background.image.get_array().shape[:2]
    # some matplotlib versions report a float size (676.8); the image has the whole pixels of it
    assert (h, w) == (int(renderer.height), int(renderer.width))
    assert renderer.width == pytest.approx(2 * 4.2 * 72, abs=1)  # twice the figure width in pixels


def test_press_near_two_handles_grabs_only_the_nearest():
    """A press 0.1 m from the tip (and farther from the elbow) drags the tip: θ₂ changes, θ₁ does not."""
    from course_lib.widgets.drag import send_mouse

    lab = ArmPreviewLab(theta1=0.0, theta2=30.0)  # elbow (1, 0), tip ≈ (1.69, 0.40)
    tip = lab.handles["tip"].position()
    theta1 = lab.readout("theta1")
    send_mouse(lab.ax, "button_press", tip[0] - 0.1, tip[1])
    send_mouse(lab.ax, "motion_notify", 1.0, 0.8)
    send_mouse(lab.ax, "button_release", 1.0, 0.8)
    assert lab.readout("theta1") == theta1
    assert lab.readout("theta2") == pytest.approx(np.radians(90.0), abs=np.radians(2.0))
