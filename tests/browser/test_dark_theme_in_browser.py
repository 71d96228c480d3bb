"""In JupyterLab's dark theme the labs' own texts read: at least 4.5:1 against what is really behind them.

The pendulum lab (its live Lagrange steps, checklist, a "not yet" reason, the error line) and lesson 3's
simulator (its live formula) run in JupyterLab with the theme "JupyterLab Dark" (the server's user settings).
For every element of those parts that holds text, the page's computed ``color`` is measured against its
background as the page composes it (the computed ``background-color`` of the element and every ancestor,
translucent layers composited), and WCAG 2.1's ratio must reach :data:`~course_lib.ui.contrast.MINIMUM`.
Screenshots of both labs go to reports/browser/dark-*.png.
"""

from __future__ import annotations

import json

import pytest

from course_lib.ui.contrast import MINIMUM, contrast_ratio, on

THEME = "JupyterLab Dark"
THEME_SETTINGS = "@jupyterlab/apputils-extension/themes.jupyterlab-settings"
#: the parts measured: name -> CSS selector inside a lab's output (its ``cl-lab`` box)
PARTS = {
    "equation": ".cl-scene-formula, .cl-scene-formula *, .widget-html-content b",
    "steps and readouts": ".widget-html-content",
    "checklist": ".cl-tasks, .cl-tasks *",
    "not yet": ".cl-text-why",
    "error line": ".cl-message, .cl-message *",
    "keys line": ".cl-keys, .cl-keys *",
}
CELLS = [("setup", "import course_lib\ncourse_lib.set_language('en')"),
         ("pendulum", "from course_lib.lessons.pendulum import PendulumLab\nlab = PendulumLab()\nlab"),
         ("arm", "from course_lib.lessons.two_link import ArmSimLab\narm_lab = ArmSimLab()\narm_lab")]

#: every text-holding element matching a selector in the labs' outputs: its text, colour and background layers
MEASURE = """(sel) => {
  const out = [];
  for (const root of document.querySelectorAll('.jp-OutputArea .cl-lab')) {
    for (const el of root.querySelectorAll(sel)) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      const box = el.getBoundingClientRect();
      if (!own || box.width === 0 || box.height === 0) continue;
      const layers = [];
      for (let e = el; e; e = e.parentElement) layers.push(getComputedStyle(e).backgroundColor);
      out.push({text: el.textContent.trim().slice(0, 50), color: getComputedStyle(el).color, layers});
    }
  }
  return out;
}"""


def background(layers: list[str]) -> str:
    """The opaque colour the page shows behind an element: its ancestors' backgrounds, outermost first,
    composited (a page with none is white)."""
    rgb = on("#ffffff", "#ffffff")
    for layer in reversed(layers):
        rgb = on(layer, "#" + "".join(f"{round(255 * c):02x}" for c in rgb))
    return "#" + "".join(f"{round(255 * c):02x}" for c in rgb)


def test_background_composites_translucent_layers_over_the_outermost():
    assert background(["rgba(0, 0, 0, 0)", "rgb(17, 17, 17)"]) == "#111111"
    assert background(["rgba(255, 255, 255, 0.5)", "rgb(0, 0, 0)"]) == "#808080"


def low_contrast(found: dict[str, list[dict]]) -> list[str]:
    """Every measured text under :data:`MINIMUM`, one line each."""
    out = []
    for part, items in found.items():
        for item in items:
            bg = background(item["layers"])
            ratio = contrast_ratio(item["color"], bg)
            if ratio < MINIMUM:
                out.append(f"{part}: {item['text']!r} {item['color']} on {bg}: {ratio:.2f}:1")
    return out


@pytest.mark.browser
@pytest.mark.timeout(600)
def test_the_labs_texts_read_in_the_dark_theme(jupyter, browser, reports_dir):
    from .notebook_page import opened_notebook

    server = jupyter("lab")
    settings = server.workdir / "settings" / THEME_SETTINGS
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"theme": THEME}))
    (server.root / "dark.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": cid, "metadata": {}, "outputs": [],
                   "source": src} for cid, src in CELLS],
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}))
    try:
        with opened_notebook(browser, server, "dark.ipynb", run_timeout_ms=240_000, viewport=(1400, 1000),
                             shutdown_kernels=True) as nb:
            page = nb.page
            page.wait_for_selector(".cl-tasks", timeout=30_000)
            assert page.evaluate("document.body.dataset.jpThemeLight") == "false", "the dark theme is not in force"
            server.kernel_eval("dark.ipynb", "lab.show_message('a test error line: the value is not allowed')")
            page.wait_for_selector(".cl-text-error", timeout=10_000)
            page.wait_for_timeout(800)
            found = {part: page.evaluate(MEASURE, sel) for part, sel in PARTS.items()}
            cells = page.locator(".jp-Notebook .jp-CodeCell")
            for i, name in ((1, "pendulum"), (2, "arm")):
                out = cells.nth(i).locator(".jp-OutputArea")
                out.scroll_into_view_if_needed()
                out.screenshot(path=str(reports_dir / "browser" / f"dark-{name}.png"))
            (reports_dir / "browser" / "dark-contrast.json").write_text(json.dumps(
                {part: [dict(item, background=background(item["layers"]),
                             ratio=round(contrast_ratio(item["color"], background(item["layers"])), 2))
                        for item in items] for part, items in found.items()}, indent=1, ensure_ascii=False))
    finally:
        settings.unlink(missing_ok=True)
    missing = [part for part in ("equation", "checklist", "not yet", "error line") if not found[part]]
    assert not missing, f"nothing measured for {missing}: the page changed, the test must follow"
    problems = low_contrast(found)
    assert not problems, f"{len(problems)} texts under {MINIMUM}:1 in {THEME}:\n" + "\n".join(problems)
