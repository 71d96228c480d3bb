"""A posture lab predicted in the browser: drawn at once on a slider step, and the kernel's frame always wins.

Lesson 5's lab (its every channel predicted, course_lib/lab/predict.py) in JupyterLab and Notebook 7,
locally and with 100 ms added each way on the kernel's websocket:

- slider to pixels: from the input event to the first changed canvas pixel (the prediction's picture);
- slider to confirmed: from the input event to the kernel's frame for that step replacing the prediction;
- a wrong prediction (the page's test hook scales the generated code's parameters by 1.5) is drawn at once,
  then replaced by the kernel's numbers: the picture never stays on it.

The figures go to reports/browser_latency.json under "predict_mass_matrix" (printed by `make bench-browser`).
"""

from __future__ import annotations

import json
import statistics

import pytest

from .delay_proxy import DelayProxy
from .notebook_page import NotebookPage
from .report_files import latency_summary, merge_json
from .scene_page import ScenePage

NOTEBOOK = "predict_demo.ipynb"
SOURCE = "import json\nfrom course_lib.lessons.mass_matrix.lab import MassMatrixLab\nlab = MassMatrixLab()\nlab.widget"
APP_KEYS = {"lab": "lab", "notebook": "notebook7"}
SLIDER_INPUT = {"lab": "keyboard", "notebook": "pointer"}
CANVAS = "document.querySelector('.cl-scene canvas').__scene"
#: floors a loaded 2-core machine meets; the targets (20 ms, 25 ms over the slow link) are in the report
MAX_PREDICTED_MS = 250.0


def write_notebook(folder) -> None:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SOURCE)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / NOTEBOOK)


def kernel_values(server) -> dict:
    return json.loads(server.kernel_eval(NOTEBOOK, "print(json.dumps(lab.scene.values))").strip().splitlines()[-1])


def open_lab(app, server, browser, url):
    if not (server.root / NOTEBOOK).exists():
        write_notebook(server.root)
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    nb = NotebookPage(page, app)
    nb.open(url)
    nb.run_all()
    assert nb.wait_until_done(timeout_ms=180_000) == "done", "\n".join(nb.all_failures())
    page.wait_for_function(f"() => {CANVAS}.prediction !== null", timeout=30_000)
    cell = page.locator(".jp-Notebook .jp-CodeCell").filter(has=page.locator(".cl-scene")).first
    nb.bring_into_view(ScenePage(nb, cell).canvas)            # its canvas is the one watched for pixels
    return context, nb


def step_and_confirm(nb, mover, quiet_ms: int) -> tuple[float, float]:
    """One slider step: (ms to the first changed pixel, ms to the kernel's confirming frame)."""
    nb.wait_stable(quiet_ms, 8000)
    before = nb.page.evaluate(f"() => {CANVAS}.prediction.counts.confirmed")
    nb.page.evaluate(f"() => window.__bt.arm(8000, '{mover.event}')")
    mover.step()
    res = nb.page.evaluate("() => window.__bt.pending")
    assert res["tKey"] is not None and res["tChange"] is not None, f"the step changed no pixel: {res}"
    try:
        nb.page.wait_for_function(f"() => {CANVAS}.prediction.counts.confirmed > {before}", timeout=10_000)
    except Exception as exc:  # noqa: BLE001 - re-raised with what the prediction did instead
        counts = nb.page.evaluate(f"() => {CANVAS}.prediction.counts")
        raise AssertionError(f"the kernel's frame never confirmed the step's prediction within 10 s: {counts}") from exc
    confirmed = nb.page.evaluate(f"() => {CANVAS}.prediction.lastConfirm")
    return res["tChange"] - res["tKey"], confirmed - res["tKey"]


def wrong_prediction_is_replaced(nb, server, mover) -> dict:
    """With the prediction's parameters scaled by 1.5, a step draws a wrong M at once; the kernel's replaces it."""
    nb.wait_stable(300, 8000)
    nb.page.evaluate(f"() => {{ {CANVAS}.prediction.perturb = 1.5; }}")
    try:
        before = nb.page.evaluate(f"() => {CANVAS}.prediction.counts.predicted")
        mover.step()
        early = nb.page.evaluate(f"() => ({{ shown: Array.from({CANVAS}.prediction.lastPredicted ?? []), "
                                 f"predicted: {CANVAS}.prediction.counts.predicted > {before} }})")
        nb.page.wait_for_function(f"() => {CANVAS}.prediction.predicted === null", timeout=10_000)
        nb.wait_stable(300, 8000)
        late = nb.page.evaluate(f"() => ({{ shown: {CANVAS}.shown, channels: {CANVAS}.prediction.outputs }})")
    finally:
        nb.page.evaluate(f"() => {{ {CANVAS}.prediction.perturb = 1; }}")
    kernel = kernel_values(server)
    names = list(kernel)
    m11 = names.index("M11")
    assert early["predicted"], "the slider step drew no prediction"
    assert abs(early["shown"][m11] - kernel["M11"]) > 0.1, (
        f"the perturbed prediction drew M11 = {early['shown'][m11]}, no different from the kernel's {kernel['M11']}")
    wrong = [n for n, v in zip(names, late["shown"]) if abs(v - kernel[n]) > 1e-9 * (1 + abs(kernel[n]))]
    assert not wrong, f"after the kernel answered, the picture still shows the wrong prediction for {wrong}"
    return {"wrong_M11": early["shown"][m11], "kernel_M11": kernel["M11"]}


def measure(app, server, browser, url, moves: int, quiet_ms: int) -> dict:
    context, nb = open_lab(app, server, browser, url)
    try:
        handle = nb.page.locator(".widget-slider .noUi-handle").nth(1)      # θ₂
        mover = nb.slider_mover(handle, SLIDER_INPUT[app])
        mover.begin()
        try:
            pairs = [step_and_confirm(nb, mover, quiet_ms) for _ in range(moves)]
            wrong = wrong_prediction_is_replaced(nb, server, mover)
        finally:
            mover.end()
        problems = nb.all_failures()
        assert not problems, "\n\n".join(problems)
        counts = nb.page.evaluate(f"() => {CANVAS}.prediction.counts")
        return {"slider_to_pixels_ms": latency_summary([p for p, _ in pairs]),
                "slider_to_confirmed_ms": latency_summary([c for _, c in pairs]), "counts": counts,
                "wrong_prediction": wrong, "input": SLIDER_INPUT[app]}
    finally:
        context.close()
        server.shutdown_kernels()


@pytest.mark.browser
@pytest.mark.timeout(600)
@pytest.mark.parametrize("app", list(APP_KEYS))
def test_predicted_lab_draws_at_once_and_the_kernel_wins(app, jupyter, browser, reports_dir):
    server = jupyter(app)
    write_notebook(server.root)
    local = measure(app, server, browser, server.notebook_url(NOTEBOOK), moves=12, quiet_ms=300)
    merge_json(reports_dir / "browser_latency.json", "predict_mass_matrix", APP_KEYS[app], local)
    with DelayProxy(server.port, delay_s=0.1) as proxy:
        url = server.notebook_url(NOTEBOOK).replace(f":{server.port}/", f":{proxy.port}/")
        slow = measure(app, server, browser, url, moves=10, quiet_ms=600)
        assert proxy.delayed_connections >= 1, "the kernel's websocket did not go through the delaying proxy"
    slow["delay_each_way_ms"] = 100
    merge_json(reports_dir / "browser_latency.json", "predict_mass_matrix", f"{APP_KEYS[app]}+100ms", slow)
    print(f"\npredicted lab [{app}]: local {local}\n+100 ms each way: {slow}")
    assert slow["slider_to_confirmed_ms"]["median"] >= 150, f"the proxy did not delay the kernel: {slow}"
    for figures in (local, slow):
        assert figures["slider_to_pixels_ms"]["median"] <= MAX_PREDICTED_MS, figures
