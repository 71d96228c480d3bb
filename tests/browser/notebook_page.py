"""Drive one notebook in a real browser: open, Run All, wait, look for errors, poke the lab.

What can go wrong in the page is gathered by :class:`~tests.browser.page_problems.Problems`
(page errors, widget console errors, kernel exceptions); the rendered outputs are read here.
Waits are all condition-based with bounded timeouts.
"""

from __future__ import annotations

import re
import time
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from .page_problems import Problems, Timings  # noqa: F401 (Timings: the browser tests import it from here)
from .slider_mover import SliderMover

if TYPE_CHECKING:  # Playwright is imported only when a browser test runs
    from playwright.sync_api import Browser, Locator, Page

    from .jupyter_app import JupyterApp

PROBE_JS = (Path(__file__).with_name("page_probe.js")).read_text()

#: what a traceback looks like in a rendered output
_TRACEBACK = re.compile(r"Traceback \(most recent call last\)|^\w*(Error|Exception)\b.*Traceback", re.M)


class NotebookPage:
    """One notebook opened in JupyterLab or Notebook 7.

    Args:
        page: a fresh Playwright page.
        app: ``"lab"`` or ``"notebook"`` (which UI the URL opens).
    """

    def __init__(self, page: Page, app: str):
        self.page, self.app = page, app
        self.problems = Problems(app)
        self.problems.attach(page)
        page.add_init_script(PROBE_JS)

    # -- opening and running ----------------------------------------------------
    def open(self, url: str, timeout_ms: int = 60_000) -> None:
        """Load the notebook and make sure a kernel is attached (accepting the kernel dialog if asked)."""
        self.page.goto(url, wait_until="domcontentloaded", timeout=timeout_ms)
        self.page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout_ms)
        deadline = time.monotonic() + timeout_ms / 1000
        while time.monotonic() < deadline:
            dialog = self.page.locator(".jp-Dialog .jp-mod-accept")
            if dialog.count() and dialog.first.is_visible():
                dialog.first.click()
            status = self.page.evaluate(
                """() => { const k = document.querySelector('.jp-NotebookPanel-toolbar .jp-KernelName');
                           return k ? k.textContent.trim() : ''; }""")
            if status and status != "No Kernel" and not status.startswith("Connecting"):
                return
            self.page.wait_for_timeout(200)
        raise AssertionError(f"{self.app}: no kernel attached within {timeout_ms / 1000:.0f} s")

    def run_all(self, attempts: int = 4) -> int:
        """Run > Run All Cells, through the menu bar as a learner would.

        Right after a page load the command can still be disabled, or the
        click can land before the notebook is the app's current widget and
        run nothing; so it checks that some cell started (a ``[*]`` or
        ``[n]`` prompt) and otherwise closes the menu and tries again.

        Returns:
            How many attempts it took.
        """
        started = """() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]
                           .some((p) => /\\[(\\*|\\d+)\\]/.test(p.textContent))"""
        for attempt in range(1, attempts + 1):
            self.page.get_by_role("menuitem", name="Run", exact=True).click()
            item = self.page.locator('li[data-command="runmenu:run-all"]')
            item.wait_for(state="visible")
            if "lm-mod-disabled" in (item.get_attribute("class") or ""):
                self.page.keyboard.press("Escape")
                self.page.wait_for_timeout(500)
                continue
            item.click()
            try:
                self.page.wait_for_function(started, timeout=10_000, polling=100)
                return attempt
            except Exception:
                self.page.keyboard.press("Escape")
        raise AssertionError(f"{self.app}: Run > Run All Cells started no cell in {attempts} attempts")

    def wait_until_done(self, timeout_ms: int = 180_000) -> str:
        """Wait until every non-empty code cell has run and the kernel is idle.

        Returns:
            ``"done"``, or ``"error"`` as soon as an error output appears (Run All stops there).
        """
        try:
            handle = self.page.wait_for_function(
                """() => {
                  const cells = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')];
                  if (!cells.length) return false;
                  if (document.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
                      && [...document.querySelectorAll('.jp-OutputArea-output')].some(
                           (o) => /Traceback|Error\\b.*Traceback|---------------------------------------/.test(o.textContent)))
                    return 'error';
                  for (const c of cells) {
                    const p = (c.querySelector('.jp-InputPrompt') || {}).textContent || '';
                    if (p.includes('*')) return false;
                    const src = (c.querySelector('.cm-content') || {}).textContent || '';
                    if (src.trim() && !/\\[\\d+\\]/.test(p)) return false;
                  }
                  const ind = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator')
                           || document.querySelector('.jp-Notebook-ExecutionIndicator');
                  if (ind && ind.dataset.status && ind.dataset.status !== 'idle') return false;
                  return 'done';
                }""",
                timeout=timeout_ms, polling=250,
            )
        except Exception as exc:
            state = self.page.evaluate(
                """() => ({prompts: [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]
                                     .map((p) => p.textContent.trim()),
                           kernel: (document.querySelector('.jp-Notebook-ExecutionIndicator') || {dataset: {}}).dataset.status,
                           dialogs: [...document.querySelectorAll('.jp-Dialog')].map((d) => d.textContent.slice(0, 200))})""")
            raise AssertionError(f"{self.app}: Run All did not finish within {timeout_ms / 1000:.0f} s; "
                                 f"prompts/kernel/dialogs: {state}") from exc
        return handle.json_value()

    def output_errors(self) -> list[str]:
        """Tracebacks and "Error displaying widget" texts visible in the outputs."""
        return self.page.evaluate(
            """() => {
              const out = [];
              for (const o of document.querySelectorAll('.jp-OutputArea-output')) {
                const t = o.textContent || '';
                if (/Error displaying widget/.test(t)) out.push('Error displaying widget: ' + t.slice(0, 300));
                else if (/Traceback \\(most recent call last\\)|-{20,}\\s*\\n?\\s*\\w+(Error|Exception)/.test(t)
                         || o.dataset.mimeType === 'application/vnd.jupyter.stderr' && /Error|Exception/.test(t))
                  out.push('traceback in output: ' + t.slice(0, 1500));
              }
              return out;
            }"""
        )

    def all_failures(self) -> list[str]:
        return list(dict.fromkeys(self.output_errors() + self.problems.failures()))

    # -- finding the lab ---------------------------------------------------------
    def lab_cell(self) -> Locator | None:
        """The first code cell whose output holds a slider and a scene (or, in labs not yet ported, an ipympl figure)."""
        with_slider = self.page.locator(".jp-Notebook .jp-CodeCell").filter(
            has=self.page.locator(".jp-OutputArea .widget-slider"))
        for drawing in (".jp-OutputArea .cl-scene canvas", ".jp-OutputArea .jupyter-matplotlib-canvas-div"):
            cells = with_slider.filter(has=self.page.locator(drawing))
            if cells.count():
                return cells.first
        return None

    def inventory(self) -> dict[str, int]:
        """How many sliders, scenes and ipympl figures the notebook shows (for messages)."""
        return self.page.evaluate(
            """() => ({sliders: document.querySelectorAll('.widget-slider').length,
                       scenes: document.querySelectorAll('.cl-scene canvas').length,
                       figures: document.querySelectorAll('.jupyter-matplotlib-canvas-div').length})""")

    def watch_canvases(self, scope: Locator) -> int:
        """Put the main (lower) canvas of every ipympl figure in ``scope`` under watch."""
        return scope.evaluate(
            """(el) => {
              document.querySelectorAll('canvas[data-bt-watch]').forEach((c) => c.removeAttribute('data-bt-watch'));
              const cs = [...el.querySelectorAll('.jupyter-matplotlib-canvas-div')].map((d) => d.querySelector('canvas'));
              cs.forEach((c) => c.setAttribute('data-bt-watch', ''));
              return cs.length;
            }""")

    def figure_of_size(self, scope: Locator, width: float, height: float) -> Locator:
        """The ipympl figure in ``scope`` whose on-screen size is ``width`` x ``height`` CSS px (±2)."""
        divs = scope.locator(".jupyter-matplotlib-canvas-div")
        sizes = divs.evaluate_all("(ds) => ds.map((d) => [d.clientWidth, d.clientHeight])")
        for i, (w, h) in enumerate(sizes):
            if abs(w - width) <= 2 and abs(h - height) <= 2:
                return divs.nth(i)
        raise AssertionError(f"no figure of {width:.0f}x{height:.0f} px on the page (figures: {sizes})")

    def digest(self) -> int:
        return self.page.evaluate("() => window.__bt.digest()")

    def inked(self) -> int:
        return self.page.evaluate("() => window.__bt.inked()")

    def wait_stable(self, quiet_ms: int = 200, timeout_ms: int = 8000) -> bool:
        return self.page.evaluate(f"() => window.__bt.waitStable({quiet_ms}, {timeout_ms})")

    def lab_text(self, cell: Locator) -> str:
        return cell.locator(".jp-OutputArea").first.evaluate("(el) => window.__bt.labText(el)")

    def wait_for_pixels_other_than(self, digest: int, timeout_ms: int = 10_000) -> bool:
        """True once the watched pixels differ from ``digest`` (False after the timeout)."""
        try:
            self.page.wait_for_function(f"() => window.__bt.digest() !== {digest}", timeout=timeout_ms, polling="raf")
            return True
        except Exception:
            return False

    def wait_for_text_other_than(self, cell: Locator, text: str, timeout_ms: int = 10_000) -> bool:
        area = cell.locator(".jp-OutputArea").first
        try:
            area.evaluate(
                """(el, [old, ms]) => new Promise((res, rej) => {
                     const t0 = performance.now();
                     const tick = () => {
                       if (window.__bt.labText(el) !== old) return res(true);
                       if (performance.now() - t0 > ms) return rej(new Error('timeout'));
                       requestAnimationFrame(tick);
                     };
                     tick();
                   })""", [text, timeout_ms])
            return True
        except Exception:
            return False

    # -- gestures ------------------------------------------------------------------
    def slider_state(self, handle: Locator) -> tuple[float, float, float]:
        """(value, min, max) of a noUiSlider handle, from its ARIA attributes."""
        v = handle.evaluate(
            "(h) => [h.getAttribute('aria-valuenow'), h.getAttribute('aria-valuemin'), h.getAttribute('aria-valuemax')]")
        return tuple(float(x) for x in v)

    def slider_mover(self, handle: Locator, mode: str) -> SliderMover:
        """A :class:`SliderMover` for ``handle``: ``mode`` is "keyboard" or "pointer"."""
        return SliderMover(self, handle, mode)

    def measure_slider_latency(self, mover: SliderMover, moves: int = 12, timeout_ms: int = 8000,
                               quiet_ms: int = 150) -> list[float]:
        """Input event to first changed canvas pixel, in ms, for ``moves`` slider steps.

        Each move waits for the figure to be still, arms an in-page
        requestAnimationFrame poll, makes one slider step (an arrow key on the
        focused handle, or one pointer move of the held handle), and reads the
        time from the input event's timestamp to the first frame whose pixels
        differ. A step that changes nothing within ``timeout_ms`` fails.
        ``quiet_ms``: how long the figure must be still before a step (longer
        than the kernel's round trip, so a late answer to the previous step
        is not taken for this one).
        """
        out: list[float] = []
        for i in range(moves):
            self.wait_stable(quiet_ms, 5000)
            before = mover.value()
            self.page.evaluate(f"() => window.__bt.arm({timeout_ms}, '{mover.event}')")
            mover.step()
            after = mover.value()
            res = self.page.evaluate("() => window.__bt.pending")
            assert after != before, f"a {mover.mode} step on the slider did not change its value ({before})"
            assert res["tKey"] is not None, f"the {mover.event} event never reached the page"
            assert res["tChange"] is not None, (
                f"move {i + 1}: slider went {before} -> {after} but the figure's pixels did not change "
                f"within {timeout_ms} ms")
            out.append(res["tChange"] - res["tKey"])
        return out

    def bring_into_view(self, target: Locator, y_frac: float = 0.5) -> dict:
        """Scroll until the point at ``y_frac`` of ``target``'s height is inside the viewport; its box."""
        target.scroll_into_view_if_needed()
        vh = self.page.viewport_size["height"]
        for _ in range(10):
            box = target.bounding_box()
            y = box["y"] + y_frac * box["height"]
            if 40 <= y <= vh - 40:
                return box
            self.page.mouse.move(box["x"] + 5, min(max(box["y"] + 5, 5), vh - 5))
            self.page.mouse.wheel(0, y - vh / 2)
            self.page.wait_for_timeout(100)
        return target.bounding_box()

    def drag(self, canvas_div: Locator, frac: tuple[float, float], by: tuple[float, float], steps: int = 10) -> None:
        """Press at ``frac`` (fractions of the figure's width, height), move by ``by`` CSS px, release."""
        box = self.bring_into_view(canvas_div, frac[1])
        x0, y0 = box["x"] + frac[0] * box["width"], box["y"] + frac[1] * box["height"]
        m = self.page.mouse
        m.move(x0, y0)
        m.down()
        for k in range(1, steps + 1):
            m.move(x0 + by[0] * k / steps, y0 + by[1] * k / steps)
            self.page.wait_for_timeout(16)
        m.up()


@contextmanager
def opened_notebook(browser: Browser, server: JupyterApp, notebook: str, *, run_timeout_ms: int,
                    viewport: tuple[int, int] = (1400, 1000), shutdown_kernels: bool = False) -> Iterator[NotebookPage]:
    """A notebook opened in a fresh browser context in the server's app and run to its end (Run All).

    The context is closed when the block ends, however it ends (then, with ``shutdown_kernels``,
    every kernel of the server is shut down too, freeing the cores for the next test).

    Args:
        browser: the session's Playwright browser.
        server: the Jupyter server (``jupyter("lab")`` or ``jupyter("notebook")``); its app opens the notebook.
        notebook: the notebook's file name on the server.
        run_timeout_ms: how long Run All may take before the test fails.
        viewport: the window's (width, height) in CSS pixels, at device scale 1.
        shutdown_kernels: shut down the server's kernels afterwards.

    Returns:
        (as the ``with`` target) the :class:`NotebookPage`; its Playwright page is ``.page``.

    Raises:
        AssertionError: when Run All does not finish, with every problem seen in the page.
    """
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, device_scale_factor=1)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        nb = NotebookPage(page, server.app)
        nb.open(server.notebook_url(notebook))
        nb.run_all()
        assert nb.wait_until_done(timeout_ms=run_timeout_ms) == "done", nb.all_failures()
        yield nb
    finally:
        context.close()
        if shutdown_kernels:
            server.shutdown_kernels()
