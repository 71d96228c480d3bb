"""The lesson test's checks for a lab drawn by the Scene widget (course_lib.lab.scene).

Generic over labs: the scene is found in the lab's output (``.cl-scene``),
a handle's position is asked of the kernel (the Scene whose ``scene_id`` the
page shows, see :func:`tests.browser.gestures.scene_kernel_code`) and mapped to the page by
the scene's own transform, Play is the lab's button whose text starts with
"Play" or "▶ Play", and keys are checked where the scene takes them.
"""

from __future__ import annotations

import re
import statistics
import time
from typing import TYPE_CHECKING, Callable

from .gestures import NO_HANDLE, Drag
from .gestures import scene_kernel_code as _code
from .report_files import latency_summary
from .scene_page import MIN_DISTINCT_SHARE, MIN_PLAY_FPS, ScenePage

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from .notebook_page import NotebookPage

PLAY_BUTTON = re.compile(r"^\s*(▶\s*)?play\b", re.I)
PAUSE_BUTTON = re.compile(r"^\s*pause\b", re.I)
#: key presses timed for key-to-pixels, where the scene takes keys
KEY_MOVES = 6


def pause_if_playing(cell: "Locator", scene: ScenePage) -> None:
    """Click the lab's Pause button if it shows one (Play is running), and give the kernel a moment."""
    pause = cell.locator(".widget-button, .widget-toggle-button").filter(has_text=PAUSE_BUTTON)
    if pause.count():
        pause.first.click()
        scene.page.wait_for_timeout(300)


def settle_paused(cell: "Locator", scene: ScenePage, server, notebook: str, scene_id: str, within_s: float = 10.0) -> None:
    """Pause the lab until the kernel says it is not playing and its button offers Play again.

    A push may start Play (the cart-pole's); a loaded kernel relabels the button late, and a click on a
    stale "Play" label would pause it instead.
    """
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        playing = ask(server, notebook, None, scene_id)["playing"]
        if not playing and cell.locator(".widget-button, .widget-toggle-button").filter(has_text=PLAY_BUTTON).count():
            return
        if playing:
            pause_if_playing(cell, scene)
        scene.page.wait_for_timeout(300)
    raise AssertionError(f"the lab was still playing {within_s:.0f} s after its Pause, or its button never said Play")


def ask(server, notebook: str, handle: str | None, scene_id: str | None) -> dict:
    """The kernel's Scene shown in the page: handle position, counters and errors (see gestures.scene_kernel_code)."""
    import json

    value = json.loads(server.kernel_eval(notebook, _code(handle, scene_id)).strip().splitlines()[-1])
    assert value is not None, f"{notebook}: the lab shows scene {scene_id!r}, but the kernel has no such live Scene"
    return value


def check_scene_lab(nb: NotebookPage, cell: Locator, server, notebook: str, gesture: Drag, slider_input: str,
                    assert_clean: Callable[[str], None], moves: int = 12) -> dict:
    """Slider, drag, keys and Play on a scene lab; returns the figures for the report.

    Raises:
        AssertionError: with what did not answer.
    """
    scene = ScenePage(nb, cell)
    sid = scene.scene_id()
    nb.bring_into_view(scene.canvas)
    nb.wait_stable(200, 10_000)
    assert nb.inked() > 1000, "the lab's scene is blank after Run All"
    figures: dict = {}

    # 1) the first slider: a few steps change pixels and a readout; then slider-to-pixels
    mover = nb.slider_mover(cell.locator(".widget-slider .noUi-handle").first, slider_input)
    pixels, text = nb.digest(), nb.lab_text(cell)
    try:
        mover.begin()
        for _ in range(3):
            mover.step()
        assert nb.wait_for_pixels_other_than(pixels), "moving the first slider did not change the scene's pixels"
        assert nb.wait_for_text_other_than(cell, text), "moving the first slider changed no readout text in the lab"
        assert_clean("moving the slider")
        figures["slider_to_pixels_ms"] = latency_summary(nb.measure_slider_latency(mover, moves=moves))
    finally:
        mover.end()
    assert_clean("the latency moves")

    # 2) a drag of the handle: pixels at once, then the kernel's answer (labs listed in NO_HANDLE have none)
    where = ask(server, notebook, gesture.handle, sid)
    if notebook in NO_HANDLE:
        assert "handle" not in where, f"{notebook} is in gestures.NO_HANDLE but its scene has a Handle: drag it"
        moved = where
    else:
        moved = _drag(server, notebook, scene, cell, sid, where, gesture, moves, figures, assert_clean)

    # 3) keys, where the scene takes them: the kernel hears ← → pressed and released
    if moved["keyboard"]:
        box = scene.canvas.bounding_box()
        scene.page.mouse.click(box["x"] + 8, box["y"] + box["height"] - 8)
        keys_before = moved["received"].get("key", 0)
        scene.page.keyboard.press("ArrowRight")
        scene.page.wait_for_timeout(300)
        keys = ask(server, notebook, None, sid)["received"].get("key", 0)
        assert keys >= keys_before + 2, f"ArrowRight on the focused scene reached the kernel {keys - keys_before} times"
        pause_if_playing(cell, scene)  # a lab may start playing on a push (the cart-pole does)
        assert_clean("the keys")
        # key to pixels: keydown on the focused scene to the first changed canvas pixel (a push, seen)
        samples_key = []
        for _ in range(KEY_MOVES):
            nb.wait_stable(200, 10_000)
            scene.page.mouse.click(box["x"] + 8, box["y"] + box["height"] - 8)
            scene.page.evaluate("() => document.querySelectorAll('[data-bt-handle]')"
                                ".forEach((e) => e.removeAttribute('data-bt-handle'))")
            scene.page.evaluate("() => window.__bt.arm(3000, 'keydown')")
            scene.page.keyboard.down("ArrowRight")
            res = scene.page.evaluate("() => window.__bt.pending")
            scene.page.keyboard.up("ArrowRight")
            pause_if_playing(cell, scene)
            if res["tChange"] is None:  # a key that only moves the kernel's state while paused shows nothing
                break
            samples_key.append(res["tChange"] - res["tKey"])
        if samples_key:
            figures["key_to_pixels_ms"] = latency_summary(samples_key)
        assert_clean("the key latency")

    # 4) Play animates, if the lab has a Play button
    buttons = cell.locator(".widget-button, .widget-toggle-button").filter(has_text=PLAY_BUTTON)
    if buttons.count() or ask(server, notebook, None, sid)["playing"]:
        settle_paused(cell, scene, server, notebook, sid)
        play = buttons.first.element_handle()       # the same button pauses, whatever its text becomes
        play.click()
        try:
            scene.page.wait_for_timeout(500)
            assert ask(server, notebook, None, sid)["playing"], "Play was clicked, and the kernel is not playing"
            played = scene.distinct_frames(3.0)
        finally:
            play.click()
        figures["play"] = {k: round(v, 2) if isinstance(v, float) else v for k, v in played.items()}
        assert played["fps"] >= MIN_PLAY_FPS and played["distinct"] >= MIN_DISTINCT_SHARE * played["frames"], (
            f"Play showed {played['distinct']} new pictures in {played['frames']} animation frames over "
            f"{played['seconds']:.1f} s (floors: {MIN_PLAY_FPS} per s, {MIN_DISTINCT_SHARE:.0%} of frames)")
        assert_clean("Play")
    final = ask(server, notebook, None, sid)
    assert not final["errors"], f"the scene's callbacks or the browser reported errors: {final['errors']}"
    return figures


def _drag(server, notebook, scene, cell, sid, where, gesture, moves, figures, assert_clean) -> dict:
    """Step 2 of :func:`check_scene_lab`: drag the handle; the kernel's report after it."""
    nb = scene.nb
    assert "handle" in where, f"{notebook}: the lab's scene has no Handle to drag"
    start = scene.to_page(where["panel"], where["x"], where["y"])
    nb.wait_stable(200, 10_000)
    text = nb.lab_text(cell)

    def locate() -> tuple[float, float]:
        again = ask(server, notebook, gesture.handle, sid)
        return scene.to_page(again["panel"], again["x"], again["y"])

    samples = scene.drag_latency(start, by=gesture.by, moves=moves, locate=locate)
    start = scene.drag_start                         # where the press grabbed it (asked again if the page moved)
    figures["drag_to_pixels_ms"] = latency_summary(samples)
    assert statistics.median(samples) < 1000, f"drag to pixels: {samples}"
    assert nb.wait_for_text_other_than(cell, text), f"dragging handle {where['handle']!r} changed no readout text"
    nb.wait_stable(200, 10_000)
    moved = ask(server, notebook, where["handle"], sid)
    end = scene.to_page(moved["panel"], moved["x"], moved["y"])
    assert max(abs(end[0] - start[0]), abs(end[1] - start[1])) > 3, (
        f"the drag did not grab handle {where['handle']!r}: the kernel has it at {end}, it started at {start}")
    assert_clean("dragging the handle")
    return moved
