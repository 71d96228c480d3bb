"""A lab slider's number box takes full-width digits typed with a Chinese input method (JupyterLab, Notebook 7).

The learner clicks the box beside a slider, the input method commits "－１．２" (Playwright's
``insert_text`` sends it as one text input, as an IME's commit does, with no key events per
character), and Enter confirms it. The kernel's slider value must change, clamped to the range
("１２" into a 0…2 slider is 2), and the scene must draw again. Text that is no number shows a
message in the lab, the slider keeps its value, and the lab goes on taking input.
"""

from __future__ import annotations

import json
import time

import pytest

from .notebook_page import NotebookPage

NOTEBOOK = "typed_numbers_check.ipynb"
SOURCE = "from course_lib.lessons.pendulum.lab import PendulumLab\n\nlab = PendulumLab()\nlab"


def _notebook() -> dict:
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "typed0", "metadata": {}, "outputs": [],
                       "source": SOURCE}],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def kernel_values(server) -> dict:
    out = server.kernel_eval(NOTEBOOK, "import json; print(json.dumps({k: lab.controls[k].value for k in "
                                       "('tau', 'b')} | {'message': lab.message.value}))")
    return json.loads(out.strip().splitlines()[-1])


def wait_for_kernel(server, check, what: str, timeout: float = 15.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        values = kernel_values(server)
        if check(values):
            return values
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: the kernel has {values}")
        time.sleep(0.3)


def type_into_box(page, cell, label: str, typed: str) -> None:
    """Click slider ``label``'s number box, select its text, commit ``typed`` as an input method does, press Enter."""
    box = cell.locator(".widget-slider").filter(has_text=label).locator(".widget-readout")
    box.click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(typed)
    page.keyboard.press("Enter")


@pytest.mark.browser
@pytest.mark.timeout(300)
@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_a_slider_box_applies_full_width_digits_and_explains_unreadable_text(app, jupyter, browser):
    server = jupyter(app)
    (server.root / NOTEBOOK).write_text(json.dumps(_notebook()))
    context = browser.new_context(viewport={"width": 1366, "height": 768}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    nb = NotebookPage(page, app)
    try:
        nb.open(server.notebook_url(NOTEBOOK))
        nb.run_all()
        assert nb.wait_until_done(timeout_ms=180_000) == "done", nb.all_failures()
        cell = nb.lab_cell()
        assert cell is not None, nb.inventory()
        canvas = cell.locator(".cl-scene canvas").first
        canvas.wait_for(state="visible")
        scene = lambda: canvas.evaluate("(c) => ({draws: c.__scene.stats.draws, values: c.__scene.values})")  # noqa: E731
        before = scene()

        # τ: full-width minus, digits and point, committed at once, then Enter
        type_into_box(page, cell, "τ [N·m]", "－１．２")
        wait_for_kernel(server, lambda v: abs(v["tau"] + 1.2) < 1e-9, "τ after typing －１．２")
        page.wait_for_function("([c, v]) => c.__scene.stats.draws > v.draws && "
                               "JSON.stringify(c.__scene.values) !== JSON.stringify(v.values)",
                               arg=[canvas.element_handle(), before], timeout=10_000)
        tau_box = cell.locator(".widget-slider").filter(has_text="τ [N·m]").locator(".widget-readout")
        # the box shows the kernel's value, written with ipywidgets' minus sign U+2212
        assert tau_box.inner_text().strip().replace("\u2212", "-") == "-1.20", tau_box.inner_text()

        # b: "１２" is clamped to the slider's top, 2, as ASCII "12" would be
        type_into_box(page, cell, "b [N·m·s/rad]", "１２")
        wait_for_kernel(server, lambda v: v["b"] == 2.0, "b after typing １２ into its 0…2 box")

        # no number: a message in the lab, the value kept, the box showing it again
        type_into_box(page, cell, "τ [N·m]", "abc")
        message = cell.locator("text=is not a number")
        message.wait_for(timeout=10_000)
        assert "abc" in message.inner_text() and "τ" in message.inner_text(), message.inner_text()
        assert kernel_values(server)["tau"] == pytest.approx(-1.2, abs=1e-9)
        page.wait_for_function("(b) => b.textContent.trim().replace('\u2212', '-') === '-1.20'",
                               arg=tau_box.element_handle(),
                               timeout=5_000)

        # the lab still takes input: a full-width decimal comma; then leaving the box as it shows
        # itself ("0.50") says nothing
        type_into_box(page, cell, "τ [N·m]", "０，５")
        wait_for_kernel(server, lambda v: abs(v["tau"] - 0.5) < 1e-9, "τ after typing ０，５")
        type_into_box(page, cell, "τ [N·m]", "−1.5")   # the box's own minus sign, typed back
        wait_for_kernel(server, lambda v: abs(v["tau"] + 1.5) < 1e-9, "τ after typing −1.5 (U+2212)")
        tau_box.click()
        cell.locator(".cl-scene canvas").first.click(position={"x": 5, "y": 5})  # blur the box, unchanged
        page.wait_for_timeout(500)
        message = kernel_values(server)["message"]
        assert "1.50" not in message, f"leaving the box as it showed itself was taken for unreadable text: {message}"
        assert not nb.all_failures(), nb.all_failures()
    finally:
        context.close()
        server.shutdown_kernels()
