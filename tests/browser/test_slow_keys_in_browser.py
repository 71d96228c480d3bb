"""Arrow presses on a scene's handle add up however slowly the kernel answers.

Lesson 5's joint-velocity handle, moved by ArrowRight in JupyterLab with 0.4 s added each way on the
kernel's websocket, and the presses 0.5 s apart: each press's answer arrives after the next press, and
well after the last one. A press must start from where the previous one put the handle, not from the
kernel's older frame: the scene knows which of its presses a frame answers (``frame["answers"]``).
"""

from __future__ import annotations

import json
import time

import pytest

from .delay_proxy import DelayProxy
from .notebook_page import NotebookPage

NOTEBOOK = "slow_keys.ipynb"
SOURCE = ("import json\nimport course_lib\ncourse_lib.set_language('en')\n"
          "from course_lib.lessons.mass_matrix.lab import MassMatrixLab\nlab = MassMatrixLab()\nlab.widget")
PRESSES = 6
GAP_MS = 500
DELAY_S = 0.4
KEY_HANDLE = "() => document.querySelector('.cl-scene canvas').__scene.keyHandle()"


def kernel_qd(server) -> list[float]:
    out = server.kernel_eval(NOTEBOOK, "print(json.dumps(lab.qd.tolist()))")
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_arrow_presses_on_a_handle_add_up_over_a_slow_kernel_link(jupyter, browser):
    import nbformat

    server = jupyter("lab")
    nb_file = nbformat.v4.new_notebook()
    nb_file.cells = [nbformat.v4.new_code_cell(SOURCE)]
    nb_file.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb_file, server.root / NOTEBOOK)
    from course_lib.lessons.mass_matrix.lab import MassMatrixLab

    lo, hi = {p["id"]: p["xlim"] for p in MassMatrixLab().scene.panels}["qd"]
    step = (hi - lo) / 50                             # a handle's arrow step: 1/50 of its panel (scene.js keyStep)
    with DelayProxy(server.port, delay_s=DELAY_S) as proxy:
        context = browser.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
        try:
            page = context.new_page()
            page.set_default_timeout(30_000)
            nb = NotebookPage(page, "lab")
            nb.open(server.notebook_url(NOTEBOOK).replace(f":{server.port}/", f":{proxy.port}/"))
            nb.run_all()
            assert nb.wait_until_done(timeout_ms=180_000) == "done", "\n".join(nb.all_failures())
            assert proxy.delayed_connections >= 1, "the kernel's websocket did not go through the delaying proxy"
            stage = page.locator(".cl-scene-stage").first
            stage.scroll_into_view_if_needed()
            stage.focus()
            for _ in range(4):
                if page.evaluate(KEY_HANDLE) == "qd":
                    break
                page.keyboard.press("Tab")
            assert page.evaluate(KEY_HANDLE) == "qd", "Tab did not reach the velocity handle"
            start = kernel_qd(server)
            assert start[0] + PRESSES * step < hi, f"the presses would leave the panel: {start}, step {step}"
            for _ in range(PRESSES):
                page.keyboard.press("ArrowRight")
                page.wait_for_timeout(GAP_MS)
            deadline, last = time.monotonic() + 15, None
            while time.monotonic() < deadline:    # until the kernel has heard every press
                now = kernel_qd(server)
                if now == last:
                    break
                last = now
                time.sleep(1.0)
            assert not nb.all_failures(), "\n".join(nb.all_failures())
        finally:
            context.close()
            server.shutdown_kernels()
    expected = start[0] + PRESSES * step
    assert abs(last[0] - expected) < 1e-9 * (1 + abs(expected)) and last[1] == start[1], (
        f"{PRESSES} presses of → by {step:g} from q̇ = {start} should reach q̇₁ = {expected:.6g}; "
        f"the kernel holds {last} ({(last[0] - start[0]) / step:.2f} steps)")
