"""Every lab's slider tracks start at one x in the browser, in English and in Chinese, at 1366×768.

One notebook per language makes every lab of the course (each in its own cell). In each lab the
sliders that stand in one column (the same left edge of the widget) must have their tracks'
left edges within 1 px of each other: a label column of one width (controls.align_labels), not
each label its own. Screenshots of the labs of lessons 3, 6 and 8 go to
reports/browser/tracks-<lesson>-<lang>.png.
"""

from __future__ import annotations

import json

import pytest

from course_lib.lessons import LESSONS

from .notebook_page import opened_notebook

#: every lab of the course: (lesson number, class, module)
LABS = [(lesson.number, name, f"{lesson.package}.{module}") for lesson in LESSONS
        for name, module in lesson.exports.items() if name.endswith("Lab")]
#: the lessons whose labs are photographed
PHOTOGRAPHED = (3, 6, 8)
#: how far apart (px) the tracks of one column may start
TOLERANCE = 1.0

#: each slider of a lab's output: the left edge of its widget and of its track (the noUiSlider or its container)
MEASURE = """(cell) => [...cell.querySelectorAll('.jp-OutputArea .widget-slider')].filter((s) => s.offsetWidth > 0)
  .map((s) => {
    const track = s.querySelector('.noUi-target') || s.querySelector('.slider-container') || s.querySelector('.slider');
    const label = s.querySelector('.widget-label');
    return {widget: s.getBoundingClientRect().left, track: track ? track.getBoundingClientRect().left : null,
            label: label ? label.textContent : ''};
  })"""


def _notebook(lang: str) -> dict:
    cells = [f"import course_lib\ncourse_lib.set_language({lang!r})\nfrom course_lib import TwoLinkArm"]
    for number, name, module in LABS:
        args = "TwoLinkArm()" if name == "ArmPreviewLab" else ""
        cells.append(f"# lesson {number}\nfrom {module} import {name}\n\nlab_{name} = {name}({args})\nlab_{name}")
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": f"tr{i}", "metadata": {}, "outputs": [],
                       "source": src} for i, src in enumerate(cells)],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


@pytest.mark.browser
@pytest.mark.timeout(600)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_labs_slider_tracks_start_at_one_x_within_a_pixel(lang, jupyter, browser, reports_dir):
    server = jupyter("lab")
    notebook = f"tracks_{lang}.ipynb"
    (server.root / notebook).write_text(json.dumps(_notebook(lang)))
    with opened_notebook(browser, server, notebook, run_timeout_ms=400_000, viewport=(1366, 768),
                         shutdown_kernels=True) as nb:
        page = nb.page
        page.wait_for_timeout(1500)  # the last outputs' styles (label widths) applied
        cells = page.locator(".jp-Notebook .jp-CodeCell")
        problems, measured = [], 0
        for i, (number, name, _) in enumerate(LABS, start=1):
            cell = cells.nth(i)
            cell.scroll_into_view_if_needed()
            sliders = cell.evaluate(MEASURE)
            assert sliders and all(s["track"] is not None for s in sliders), f"{name}: no slider or no track {sliders}"
            columns: dict[int, list[dict]] = {}
            for s in sliders:
                columns.setdefault(round(s["widget"]), []).append(s)
            for left, column in columns.items():
                starts = [s["track"] for s in column]
                measured += len(starts)
                if max(starts) - min(starts) > TOLERANCE:
                    problems.append(f"lesson {number} {name} [{lang}], column at x {left}: tracks start at "
                                    + ", ".join(f"{s['label']!r} {s['track']:.1f}" for s in column))
            if number in PHOTOGRAPHED:
                cell.locator(".jp-OutputArea").first.screenshot(
                    path=str(reports_dir / "browser" / f"tracks-{number:02d}-{name}-{lang}.png"))
        assert not problems, "slider tracks out of line:\n" + "\n".join(problems)
