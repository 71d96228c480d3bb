"""Drive and measure a Scene widget in the page: find it, play it, drag it, key it.

Generic over labs: the scene is the ``.cl-scene`` element in a cell's output,
its canvas is watched for pixel changes, and a handle's page position comes
from the kernel (the handle's panel and data coordinates) mapped through the
scene's own transform (``canvas.__scene.toPage``), so a test never guesses
pixel positions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from .notebook_page import NotebookPage

DEMO_NOTEBOOK = "scene_demo.ipynb"
#: Play's floors in the browser tests, which a starved 2-core CI machine meets (the targets, ≥ 55 fps, live in
#: the benchmark report): the browser itself hands out fewer animation frames there (14.5 a second seen, with
#: Run All in the other worker), so the rate's floor is low; what the scene controls is that (almost) every
#: frame it gets shows a new picture, so that share is asserted too. A Play that stalls fails either.
MIN_PLAY_FPS = 10.0
MIN_DISTINCT_SHARE = 0.8
#: the demo module is imported from this folder by path (a `tests` package elsewhere cannot shadow it)
DEMO_SOURCE = (f"import sys\nsys.path.insert(0, {str(Path(__file__).resolve().parent)!r})\n"
               "from scene_demo import DemoLab\ndemo = DemoLab()\ndemo.widget")
GALLERY_SOURCE = "from scene_demo import gallery\ngallery()"

#: runs in the kernel: the first object in the namespace with a Scene and a handle_json() method
FIND_HANDLE = ("print(next((v.handle_json() for v in list(globals().values()) "
               "if hasattr(v, 'handle_json') and hasattr(v, 'scene')), 'null'))")


def write_demo_notebook(folder: Path) -> Path:
    """Write the demo scene's notebook (the demo lab, then every shape once; no outputs) into ``folder``."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(DEMO_SOURCE), nbformat.v4.new_code_cell(GALLERY_SOURCE)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / DEMO_NOTEBOOK
    nbformat.write(nb, path)
    return path


class ScenePage:
    """The first scene in a cell's output.

    Args:
        nb: the notebook page.
        cell: the code cell whose output holds the scene.
    """

    def __init__(self, nb: NotebookPage, cell: Locator):
        self.nb, self.page, self.cell = nb, nb.page, cell
        self.canvas = cell.locator(".cl-scene canvas").first
        self.canvas.wait_for(state="visible", timeout=30_000)
        self.canvas.evaluate(
            """(c) => { document.querySelectorAll('canvas[data-bt-watch]').forEach((x) => x.removeAttribute('data-bt-watch'));
                        c.setAttribute('data-bt-watch', ''); }""")

    def scene_id(self) -> str:
        """The kernel-side ``Scene.scene_id`` of this view (its data-scene-id)."""
        return self.cell.locator(".cl-scene").first.get_attribute("data-scene-id")

    def stats(self) -> dict:
        """The widget's own counters: draws, played frames, playhead t (s), the page's clock now (ms)."""
        return self.canvas.evaluate("(c) => ({...c.__scene.stats, t: c.__scene.player.t, now: performance.now(), "
                                    "playing: c.__scene.player.playing, waiting: c.__scene.player.waiting})")

    def distinct_frames(self, seconds: float) -> dict:
        """Distinct frames the scene's canvas shows over ``seconds`` (pixel hashes, every animation frame)."""
        return self.page.evaluate(f"() => window.__bt.distinctFrames({int(seconds * 1000)})")

    def to_page(self, panel: str, x: float, y: float) -> tuple[float, float]:
        """Page coordinates (CSS px) of the data point (x, y) of ``panel``, scrolled into the viewport first."""
        px, py = self.canvas.evaluate("(c, a) => c.__scene.toPage(...a)", [panel, x, y])
        if not (40 <= py <= self.page.viewport_size["height"] - 40):
            box = self.canvas.bounding_box()
            self.nb.bring_into_view(self.canvas, (py - box["y"]) / box["height"])
            px, py = self.canvas.evaluate("(c, a) => c.__scene.toPage(...a)", [panel, x, y])
        return px, py

    def drag_latency(self, start: tuple[float, float], by: tuple[float, float], moves: int = 12,
                     locate: "Callable[[], tuple[float, float]] | None" = None) -> list[float]:
        """Hold the handle at ``start`` (page px) and move it in ``moves`` steps along ``by``.

        ``locate`` gives the handle's page position again: a page that moved under the pointer (a loaded
        JupyterLab scrolls and lays out late) is asked again, up to three times, before the press counts.

        Returns:
            For each step, ms from the pointermove event to the first changed canvas pixel.
        """
        self.page.evaluate("() => document.querySelectorAll('[data-bt-handle]').forEach((e) => e.removeAttribute('data-bt-handle'))")
        m, out = self.page.mouse, []
        for _ in range(3):
            m.move(*start)
            m.down()
            if self.canvas.evaluate("(c) => c.__scene.dragging()") is not None or locate is None:
                break
            m.up()
            self.nb.wait_stable(200, 5000)
            start = locate()
        grabbed = self.canvas.evaluate("(c) => c.__scene.dragging()")
        if grabbed is None:
            m.up()
            raise AssertionError(f"a press at {start} (the kernel's handle, in page px) grabbed no handle of the scene")
        self.drag_start = start
        try:
            for k in range(1, moves + 1):
                self.nb.wait_stable(120, 3000)
                self.page.evaluate("() => window.__bt.arm(3000, 'pointermove')")
                m.move(start[0] + by[0] * k / moves, start[1] + by[1] * k / moves)
                res = self.page.evaluate("() => window.__bt.pending")
                assert res["tChange"] is not None, f"drag step {k}: the scene's pixels did not change within 3 s"
                out.append(res["tChange"] - res["tKey"])
        finally:
            m.up()
        return out


def kernel_handle(server, notebook: str) -> dict:
    """The lab's handle as the kernel sees it: {"handle", "panel", "x", "y", ...}."""
    printed = server.kernel_eval(notebook, FIND_HANDLE)
    value = json.loads(printed.strip().splitlines()[-1])
    assert value is not None, f"{notebook}: no object with .scene and .handle_json() in the kernel's namespace"
    return value
