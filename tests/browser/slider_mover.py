"""Move an ipywidgets 8 slider one step at a time, by keyboard or by mouse."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from .notebook_page import NotebookPage


class SliderMover:
    """Moves an ipywidgets 8 slider (a noUiSlider handle) one step at a time.

    ``"keyboard"``: focus the handle and press ArrowRight (ArrowLeft at the
    maximum). ``"pointer"``: hold the handle with the mouse and move it by
    one step's width in pixels (measured first), bouncing at the ends.
    """

    def __init__(self, nb: NotebookPage, handle: Locator, mode: str):
        if mode not in ("keyboard", "pointer"):
            raise ValueError(f"mode must be 'keyboard' or 'pointer', got {mode!r}")
        self.nb, self.page, self.handle, self.mode = nb, nb.page, handle, mode
        self.event = "keydown" if mode == "keyboard" else "pointermove"
        self.held = False
        handle.evaluate(
            """(h) => { document.querySelectorAll('[data-bt-handle]').forEach((e) => e.removeAttribute('data-bt-handle'));
                        h.setAttribute('data-bt-handle', ''); }""")

    def value(self) -> float:
        """The slider's value, from noUiSlider itself: its aria-valuenow is rounded to one decimal (a 0.01 step
        from 0 still reads 0.0)."""
        return float(self.handle.evaluate(
            """(h) => { const t = h.closest('.noUi-target');
                        return t && t.noUiSlider ? Number(t.noUiSlider.get()) : Number(h.getAttribute('aria-valuenow')); }"""))

    def _range(self) -> tuple[float, float]:
        return (float(self.handle.get_attribute("aria-valuemin")), float(self.handle.get_attribute("aria-valuemax")))

    def begin(self) -> None:
        """Focus (keyboard) or grab the handle and measure one step's width (pointer)."""
        if self.mode == "keyboard":
            self.handle.focus()
            return
        box = self.nb.bring_into_view(self.handle)
        track = self.handle.locator("xpath=ancestor::div[contains(@class, 'noUi-base')]").bounding_box()
        self.lo, self.hi = track["x"] + 2, track["x"] + track["width"] - 2
        self.x, self.y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        self.dir = 1 if self.x < (self.lo + self.hi) / 2 else -1
        self.page.mouse.move(self.x, self.y)
        self.page.mouse.down()
        self.held = True
        crossings = []
        v = self.value()
        for k in range(1, int(self.hi - self.lo)):
            self.x += self.dir
            self.page.mouse.move(self.x, self.y)
            if self.value() != v:
                v = self.value()
                crossings.append(k)
                if len(crossings) == 2:
                    break
        assert crossings, "dragging the slider handle across its track never changed its value"
        self.step_px = float(crossings[1] - crossings[0]) if len(crossings) == 2 else float(crossings[0])

    def step(self) -> None:
        """One slider step."""
        if self.mode == "keyboard":
            value = self.value()
            self.page.keyboard.press("ArrowLeft" if value >= self._range()[1] else "ArrowRight")
            return
        if not (self.lo <= self.x + self.dir * self.step_px <= self.hi):
            self.dir = -self.dir
        before = self.value()
        self.x += self.dir * self.step_px
        self.page.mouse.move(self.x, self.y)
        # pixel rounding can leave the handle just short of the next step: creep on
        for _ in range(int(2 * self.step_px) + 2):
            if self.value() != before:
                break
            self.x += self.dir
            self.page.mouse.move(self.x, self.y)

    def end(self) -> None:
        if self.held:
            self.page.mouse.up()
            self.held = False
