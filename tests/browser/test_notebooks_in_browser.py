"""Every lesson notebook, run by a learner's browser in JupyterLab and in Notebook 7.

For each notebook in notebooks/ (new lessons are picked up by the glob) and
each app, the test opens the notebook in headless Chromium, runs all cells
through the Run menu, waits for the kernel to finish, and then checks what a
learner would see:

* no Python traceback in any output, no "Error displaying widget", no
  uncaught page error, no widget-related console error, and no exception
  raised by a widget callback (read from the kernel's messages);
* the lab (the first output with a slider and a scene) is drawn, and no text
  drawn on any scene overlaps another or runs past its panel or the canvas
  (scene_texts.py; a scene's canvas has a fixed size, so this holds with the
  sidebar open or closed);
* the first slider changes the scene's pixels and a readout;
* dragging the scene's handle changes the pixels at once, a readout, and
  the handle's position in the kernel;
* where the scene takes keys, ← → reach the kernel; where the lab has a
  Play button, Play animates (distinct frames per second, a loose floor);
* slider-to-pixels and drag-to-pixels (input event to first changed canvas
  pixel, median and 90th percentile of 12 moves) and Play's frame rate go to
  reports/browser_latency.json.

The scene checks live in tests/browser/scene_lab_checks.py. Labs not yet
ported to the Scene widget (an ipympl figure) are checked as before.

A screenshot per notebook and app is saved in reports/browser/.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .browser_env import NOTEBOOK_DIR
from .gestures import gesture_for
from .notebook_page import NotebookPage, Timings
from .report_files import latency_summary, merge_json, merge_latency
from .scene_lab_checks import check_scene_lab
from .scene_texts import scene_text_problems

NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
#: lessons without a lab (lesson 12 is the review quiz): Run All and the quiz are checked, not a lab
QUIZ_ONLY = {"12_review.ipynb"}
#: app -> key in the latency report
APP_KEYS = {"lab": "lab", "notebook": "notebook7"}
LATENCY_MOVES = 12
#: bound on Run All (s); raise it on a slow machine with BROWSER_RUN_TIMEOUT_S
RUN_TIMEOUT_S = float(os.environ.get("BROWSER_RUN_TIMEOUT_S", "150"))
#: how the slider is moved: in Notebook 7 the notebook's command-mode shortcut
#: for ArrowRight/ArrowLeft (heading navigation) takes the arrow keys away from a
#: focused slider handle, so there the handle is dragged with the mouse.
SLIDER_INPUT = {"lab": "keyboard", "notebook": "pointer"}


@pytest.mark.browser
@pytest.mark.timeout(300)
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
@pytest.mark.parametrize("app", list(APP_KEYS))
def test_lesson_runs_and_its_lab_answers_slider_and_drag(app: str, notebook: Path, jupyter, browser, reports_dir):
    """Run All leaves no error anywhere, and the lab's figure follows its slider and a drag."""
    timings = Timings()
    server = jupyter(app)
    timings.mark("server")
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    nb = NotebookPage(page, app)
    shot = reports_dir / "browser" / f"{notebook.stem}-{APP_KEYS[app]}.png"
    try:
        nb.open(server.notebook_url(notebook.name))
        timings.mark("open")
        run_attempts = nb.run_all()
        state = nb.wait_until_done(timeout_ms=int(RUN_TIMEOUT_S * 1000))
        timings.mark("run_all")
        failures = nb.all_failures()
        assert state == "done" and not failures, (
            f"Run All in {app} stopped on an error:\n" + "\n\n".join(failures or ["(error output)"]))

        def assert_clean(after: str) -> None:
            problems = nb.all_failures()
            assert not problems, f"errors after {after} in {app}:\n" + "\n\n".join(problems)

        if notebook.name in QUIZ_ONLY:        # no lab: the quiz and its score line are drawn instead
            page.wait_for_selector(".course-quiz-score", timeout=30_000)
            assert page.locator(".course-quiz-question").count() >= 10, "the review quiz shows too few questions"
            return
        if page.locator(".cl-scene canvas").count():
            clashes = scene_text_problems(page.locator(".jp-Notebook").first)
            assert not clashes, f"{notebook.name} [{app}]: texts on the scenes collide:\n" + "\n".join(clashes)
        cell = nb.lab_cell()
        inventory = nb.inventory()
        assert cell is not None, (
            f"{notebook.name} shows no lab: no cell output has both a slider and a scene (or ipympl figure) "
            f"(found {inventory['sliders']} sliders, {inventory['scenes']} scenes and {inventory['figures']} "
            "figures in the whole notebook); every lesson has a lab")
        if cell.locator(".cl-scene canvas").count():        # a lab drawn by the Scene widget
            figures = check_scene_lab(nb, cell, server, notebook.name, gesture_for(notebook.name),
                                      SLIDER_INPUT[app], assert_clean)
            timings.mark("scene_checks")      # slider, latency and drag on the scene (scene_lab_checks.py)
            merge_json(reports_dir / "browser_latency.json", notebook.name, APP_KEYS[app],
                       {**figures, "input": SLIDER_INPUT[app]})
            merge_json(reports_dir / "browser_timings.json", notebook.name, APP_KEYS[app], {"phases_s": timings.phases})
            print(f"\n{notebook.name} [{app}] {figures}")
            return
        n_figs = nb.watch_canvases(cell)
        assert n_figs >= 1, "the lab's output has no ipympl canvas"
        nb.bring_into_view(cell.locator(".widget-slider").first)
        nb.wait_stable(200, 10_000)
        assert nb.inked() > 1000, "the lab's figure is blank after Run All"

        # 1) a few slider steps change pixels and a readout
        handle = cell.locator(".widget-slider .noUi-handle").first
        mover = nb.slider_mover(handle, SLIDER_INPUT[app])
        pixels, text = nb.digest(), nb.lab_text(cell)
        try:
            mover.begin()
            for _ in range(3):
                mover.step()
            assert nb.wait_for_pixels_other_than(pixels), (
                "moving the first slider did not change the figure's pixels")
            assert nb.wait_for_text_other_than(cell, text), (
                f"moving the first slider changed no readout text in the lab (text: {text[:300]!r})")
            timings.mark("slider")
            assert_clean("moving the slider")

            # 2) slider-to-pixels latency
            samples = nb.measure_slider_latency(mover, moves=LATENCY_MOVES)
        finally:
            mover.end()
        summary = latency_summary(samples)
        merge_latency(reports_dir / "browser_latency.json", notebook.name, APP_KEYS[app], summary, mover.mode)
        timings.mark("latency")
        assert_clean("the latency moves")

        # 3) a drag of the lab's handle changes pixels and a readout
        gesture = gesture_for(notebook.name)
        where = gesture.parse(server.kernel_eval(notebook.name, gesture.kernel_code()))
        assert where is not None, (
            f"{notebook.name}: no lab with a draggable handle{f' named {gesture.handle!r}' if gesture.handle else ''} "
            "in the kernel's namespace (see tests/browser/gestures.py)")
        canvas_div = nb.figure_of_size(cell, where["width"], where["height"])
        nb.wait_stable(200, 10_000)
        pixels, text = nb.digest(), nb.lab_text(cell)
        nb.drag(canvas_div, (where["fx"], where["fy"]), gesture.by)
        assert nb.wait_for_pixels_other_than(pixels), (
            f"dragging handle {where['handle']!r} by {gesture.by} px did not change the figure's pixels")
        assert nb.wait_for_text_other_than(cell, text), (
            f"dragging handle {where['handle']!r} by {gesture.by} px changed no readout text in the lab")
        nb.wait_stable(200, 10_000)
        moved = gesture.parse(server.kernel_eval(notebook.name, gesture.kernel_code()))
        shift_px = ((moved["fx"] - where["fx"]) * where["width"], (moved["fy"] - where["fy"]) * where["height"])
        assert max(abs(shift_px[0]), abs(shift_px[1])) > 3, (
            f"the drag did not grab handle {where['handle']!r}: the lab says it moved only {shift_px} px")
        timings.mark("drag")

        assert_clean("dragging the figure")
        nb.bring_into_view(cell.locator(".jupyter-matplotlib-canvas-div").first)
        merge_json(reports_dir / "browser_timings.json", notebook.name, APP_KEYS[app], {"phases_s": timings.phases})
        print(f"\n{notebook.name} [{app}] latency {summary} ms; phases (s) {timings.phases}; "
              f"Run All clicks: {run_attempts}; ignored app errors: {len(nb.problems.known_app_errors)}; "
              f"other console errors: {nb.problems.other_console_errors[:3]}")
    finally:
        try:
            page.screenshot(path=str(shot))
        except Exception:
            pass
        context.close()
        server.shutdown_kernels()
