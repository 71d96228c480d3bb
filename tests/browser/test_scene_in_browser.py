"""The Scene widget in a real JupyterLab and Notebook 7: it plays, and it answers a slider, a drag and keys.

The demo scene (tests/browser/scene_demo.py) is written into each server's
folder as scene_demo.ipynb and run as a learner would. Every check asserts
a loose floor a loaded 2-core CI machine still meets; the figures themselves
(Play distinct frames per second, slider-to-pixels, drag-to-pixels, also
with 100 ms added each way on the kernel's websocket) go to
reports/browser_latency.json and are printed by `make bench-browser`.
"""

from __future__ import annotations

import statistics

import pytest

from .delay_proxy import DelayProxy
from .notebook_page import NotebookPage
from .report_files import latency_summary, merge_json
from .scene_page import DEMO_NOTEBOOK, ScenePage, kernel_handle, write_demo_notebook

APP_KEYS = {"lab": "lab", "notebook": "notebook7"}
SLIDER_INPUT = {"lab": "keyboard", "notebook": "pointer"}
#: floors a loaded CI machine meets (targets, ≥ 55 fps etc., live in the benchmark report)
MIN_PLAY_FPS = 20.0
MAX_SLIDER_MS = 1000.0
MAX_DRAG_MS = 250.0
MAX_SLOW_SLIDER_MS = 1500.0


def open_demo(app: str, server, browser, url: str | None = None):
    """A page with the demo notebook run; (context, nb, cell, scene)."""
    if not (server.root / DEMO_NOTEBOOK).exists():
        write_demo_notebook(server.root)
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    nb = NotebookPage(page, app)
    nb.open(url or server.notebook_url(DEMO_NOTEBOOK))
    nb.run_all()
    assert nb.wait_until_done(timeout_ms=120_000) == "done", "\n".join(nb.all_failures())
    cell = page.locator(".jp-Notebook .jp-CodeCell").filter(has=page.locator(".cl-scene")).first
    scene = ScenePage(nb, cell)
    nb.bring_into_view(scene.canvas)
    return context, nb, cell, scene


def play_for(scene: ScenePage, cell, seconds: float) -> dict:
    """Press Play, count distinct frames for ``seconds``, press Play again (pause)."""
    play = cell.locator("button", has_text="Play").first
    play.click()
    try:
        scene.page.wait_for_function("() => document.querySelector('.cl-scene canvas').__scene.player.playing",
                                     timeout=10_000)
        scene.page.wait_for_timeout(500)        # the first chunk, and the first need answered
        return scene.distinct_frames(seconds)
    finally:
        play.click()


def assert_clean(nb: NotebookPage, after: str) -> None:
    problems = nb.all_failures()
    assert not problems, f"errors after {after}:\n" + "\n\n".join(problems)


@pytest.mark.browser
@pytest.mark.timeout(300)
@pytest.mark.parametrize("app", list(APP_KEYS))
def test_scene_plays_and_answers_slider_drag_keys_and_hold_buttons(app, jupyter, browser, reports_dir):
    """The pendulum scene animates on Play and follows its slider, a drag of the bob, ← → and ◀ push."""
    server = jupyter(app)
    context, nb, cell, scene = open_demo(app, server, browser)
    report: dict = {}
    try:
        assert nb.inked() > 2000, "the scene is blank after Run All"
        assert cell.locator(".cl-scene-formula [data-term]").count() == 1, "the formula's tagged term is missing"

        # Play: distinct frames per second
        played = play_for(scene, cell, 5.0)
        report["play"] = {k: round(v, 2) if isinstance(v, float) else v for k, v in played.items()}
        assert played["fps"] >= MIN_PLAY_FPS, f"Play showed {played['fps']:.1f} distinct frames/s, floor {MIN_PLAY_FPS}"
        after_play = kernel_handle(server, DEMO_NOTEBOOK)
        assert after_play["t"] > 3.0, f"after 5 s of Play the pendulum's time is {after_play['t']:.2f} s"
        assert_clean(nb, "Play")

        # the slider: pixels follow, median of 12 moves
        mover = nb.slider_mover(cell.locator(".widget-slider .noUi-handle").first, SLIDER_INPUT[app])
        try:
            mover.begin()
            samples = nb.measure_slider_latency(mover, moves=12)
        finally:
            mover.end()
        report["slider_to_pixels_ms"] = latency_summary(samples)
        assert statistics.median(samples) <= MAX_SLIDER_MS, f"slider to pixels: {samples}"
        assert_clean(nb, "the slider")

        # a drag of the bob: drawn at once, and the kernel follows
        where = kernel_handle(server, DEMO_NOTEBOOK)
        start = scene.to_page(where["panel"], where["x"], where["y"])
        samples = scene.drag_latency(start, by=(-60.0, 20.0), moves=12)
        report["drag_to_pixels_ms"] = latency_summary(samples)
        assert statistics.median(samples) <= MAX_DRAG_MS, f"drag to pixels: {samples}"
        nb.wait_stable(200, 5000)
        moved = kernel_handle(server, DEMO_NOTEBOOK)
        assert abs(moved["theta"] - where["theta"]) > 0.05, (
            f"the drag did not reach the kernel: θ stayed {where['theta']:.3f} → {moved['theta']:.3f}")
        assert_clean(nb, "the drag")

        # keys: click the scene (away from the bob), then → turns θ by 0.1 rad in the kernel
        box = scene.canvas.bounding_box()
        scene.page.mouse.click(box["x"] + 20, box["y"] + box["height"] - 20)
        before, pixels = kernel_handle(server, DEMO_NOTEBOOK), nb.digest()
        scene.page.keyboard.press("ArrowRight")
        assert nb.wait_for_pixels_other_than(pixels), "ArrowRight on the focused scene changed no pixel"
        after = kernel_handle(server, DEMO_NOTEBOOK)
        assert ["ArrowRight", "down"] in after["keys"] and ["ArrowRight", "up"] in after["keys"], after["keys"]
        assert after["theta"] == pytest.approx(before["theta"] + 0.1, abs=1e-9), "→ turns θ by 0.1 rad"

        # a hold button: down on press, up on release, even when released outside it
        button = cell.locator(".cl-scene-buttons button", has_text="push ▶")
        bb = button.bounding_box()
        scene.page.mouse.move(bb["x"] + bb["width"] / 2, bb["y"] + bb["height"] / 2)
        scene.page.mouse.down()
        scene.page.mouse.move(bb["x"] + 300, bb["y"] + 200)
        scene.page.mouse.up()
        scene.page.wait_for_timeout(300)
        holds = kernel_handle(server, DEMO_NOTEBOOK)["holds"]
        assert holds[-2:] == [["push_right", "down"], ["push_right", "up"]], holds
        final = kernel_handle(server, DEMO_NOTEBOOK)
        assert not final["errors"] and not final["browser_errors"], final
        assert_clean(nb, "keys and hold buttons")
        merge_json(reports_dir / "browser_latency.json", "scene_demo", APP_KEYS[app], report)
        print(f"\nscene demo [{app}]: {report}")
    finally:
        try:
            nb.page.screenshot(path=str(reports_dir / "browser" / f"scene_demo-{APP_KEYS[app]}.png"))
        except Exception:
            pass
        context.close()
        server.shutdown_kernels()


@pytest.mark.browser
@pytest.mark.timeout(300)
@pytest.mark.parametrize("app", list(APP_KEYS))
def test_scene_over_a_slow_link_still_plays_smoothly(app, jupyter, browser, reports_dir):
    """With 100 ms added each way on the kernel's websocket, Play stays fluid and the slider still shows."""
    server = jupyter(app)
    with DelayProxy(server.port, delay_s=0.1) as proxy:
        url = server.notebook_url(DEMO_NOTEBOOK).replace(f":{server.port}/", f":{proxy.port}/")
        context, nb, cell, scene = open_demo(app, server, browser, url=url)
        try:
            assert proxy.delayed_connections >= 1, "the kernel's websocket did not go through the delaying proxy"
            played = play_for(scene, cell, 5.0)
            assert nb.wait_stable(300, 10_000), f"the scene did not stop after Play was pressed again: {scene.stats()}"
            mover = nb.slider_mover(cell.locator(".widget-slider .noUi-handle").first, SLIDER_INPUT[app])
            try:
                mover.begin()
                samples = nb.measure_slider_latency(mover, moves=10, quiet_ms=500)
            finally:
                mover.end()
            report = {"delay_each_way_ms": 100, "play": {k: round(v, 2) if isinstance(v, float) else v
                                                         for k, v in played.items()},
                      "slider_to_pixels_ms": latency_summary(samples)}
            merge_json(reports_dir / "browser_latency.json", "scene_demo", f"{APP_KEYS[app]}+100ms", report)
            print(f"\nscene demo [{app}, +100 ms each way]: {report}")
            assert played["fps"] >= MIN_PLAY_FPS, f"Play over the slow link: {played}"
            assert statistics.median(samples) >= 150, (
                f"slider to pixels {samples} ms is below the 200 ms round trip the proxy adds: "
                "the proxy did not delay the kernel")
            assert statistics.median(samples) <= MAX_SLOW_SLIDER_MS, f"slider to pixels over the slow link: {samples}"
            assert_clean(nb, "Play and the slider over the slow link")
        finally:
            context.close()
            server.shutdown_kernels()
