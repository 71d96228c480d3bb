"""Every lab and every quiz, as the page shows it, has no serious or critical accessibility violation.

axe-core (Deque's engine, the one behind Lighthouse; pinned and installed into .venv/axe by
``make test``, tools/ensure_axe.sh) runs in Chromium on each lab's and quiz's output, in
JupyterLab and in Notebook 7, in English and in Chinese. The notebook is made here: one cell per
lab and per quiz of the catalogue (course_lib.lessons.LESSONS), built as the lesson notebooks build
them. Only the outputs are checked (the front end's own chrome is not ours). The counts per output
go to reports/browser/axe-<app>-<lang>.json, and the accessibility tree Playwright reads of the
pendulum lab to reports/browser/a11y-tree-<app>-<lang>.txt (what a screen reader is given).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from course_lib.lessons import LESSONS

REPO = Path(__file__).resolve().parents[2]
AXE = REPO / ".venv" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
#: what a lesson's quiz or lab needs to be built as its notebook builds it
SETUP = ("import course_lib\nfrom course_lib import TwoLinkArm, Pendulum\n"
         "arm = TwoLinkArm()\npendulum = Pendulum(m=1.0, l=1.0)\ncourse_lib.set_language({lang!r})")
ARGS = {"ArmPreviewLab": "arm", "pendulum_quiz": "pendulum", "two_link_quiz": "arm", "mass_matrix_quiz": "arm",
        "coriolis_quiz": "arm", "operational_quiz": "arm", "identification_quiz": "arm"}
#: the impacts that fail the test
FAILING = ("serious", "critical")
COMBOS = [("lab", "en"), ("lab", "zh"), ("notebook", "en"), ("notebook", "zh")]


def outputs() -> list[str]:
    """Every lab class and quiz builder the lessons export, in course order."""
    return [name for lesson in LESSONS for name in lesson.exports if name.endswith(("Lab", "_quiz"))]


def notebook(lang: str) -> dict:
    """The notebook: the setup, then one cell per lab and quiz; a cell's id is the name it shows."""
    where = {name: lesson.package for lesson in LESSONS for name in lesson.exports}
    cells = [("setup", SETUP.format(lang=lang))] + [
        (name, f"from {where[name]} import {name}\n{name}({ARGS.get(name, '')})") for name in outputs()]
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": cid, "metadata": {}, "outputs": [],
                       "source": src} for cid, src in cells],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


#: axe on the output of the code cell number i (0 = setup); {rule: [impact, nodes]} of its violations
RUN_AXE = """async (i) => {
  const cell = document.querySelectorAll('.jp-Notebook .jp-CodeCell')[i];
  const out = cell.querySelector('.jp-OutputArea');
  const r = await axe.run(out, {resultTypes: ['violations']});
  return Object.fromEntries(r.violations.map((v) => [v.id, [v.impact, v.nodes.length,
    v.nodes.slice(0, 2).map((n) => n.html.slice(0, 160))]]));
}"""


def audit(page, names: list[str]) -> dict[str, dict]:
    """{output name: its violations} for every lab and quiz cell of the page (axe already injected)."""
    return {name: page.evaluate(RUN_AXE, i + 1) for i, name in enumerate(names)}


def failing(found: dict[str, dict]) -> list[str]:
    """The serious or critical violations, one line per output and rule."""
    return [f"{name}: {rule} ({impact}) ×{n} e.g. {html}" for name, rules in found.items()
            for rule, (impact, n, html) in rules.items() if impact in FAILING]


@pytest.mark.browser
@pytest.mark.timeout(600)
@pytest.mark.parametrize(("app", "lang"), COMBOS)
def test_no_lab_or_quiz_has_a_serious_accessibility_violation(app, lang, jupyter, browser, reports_dir):
    from .notebook_page import opened_notebook

    if not AXE.is_file():
        pytest.fail(f"axe-core is missing at {AXE}: `make browser-deps` (tools/ensure_axe.sh) installs it",
                    pytrace=False)
    server = jupyter(app)
    name = f"a11y_{lang}.ipynb"
    (server.root / name).write_text(json.dumps(notebook(lang)))
    with opened_notebook(browser, server, name, run_timeout_ms=400_000, viewport=(1400, 1000),
                         shutdown_kernels=True) as nb:
        page = nb.page
        page.wait_for_selector(".cl-tasks", timeout=30_000)
        page.wait_for_timeout(1500)  # the scenes' first frames and the quizzes' math
        page.add_script_tag(path=str(AXE))
        names = outputs()
        assert page.locator(".jp-Notebook .jp-CodeCell").count() == len(names) + 1
        found = audit(page, names)
        (reports_dir / "browser" / f"axe-{app}-{lang}.json").write_text(json.dumps(found, indent=1, ensure_ascii=False))
        lab = page.locator(".jp-Notebook .jp-CodeCell").nth(names.index("PendulumLab") + 1).locator(".jp-OutputArea")
        (reports_dir / "browser" / f"a11y-tree-{app}-{lang}.txt").write_text(lab.aria_snapshot())
    problems = failing(found)
    assert not problems, f"{app}, {lang}: {len(problems)} serious or critical violations:\n" + "\n".join(problems)
