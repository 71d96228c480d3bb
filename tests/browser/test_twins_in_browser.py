"""Every Chinese lesson (notebooks/zh/), run by a learner's browser in JupyterLab and in Notebook 7.

Run All at 1366×768 leaves no error; the lesson's text and its lab's or quiz's texts are Chinese, drawn
with a real font (two different characters are not the same box); no lab or quiz output holds an English
sentence of a message table (tests/helpers/shown_texts.py); no text on a scene collides with another
or runs past its edge (scene_texts.py); the lab is not wider than its cell.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from tests.helpers.shown_texts import english_left

from .browser_env import NOTEBOOK_DIR
from .scene_texts import scene_text_problems
from .test_chinese_in_browser import CJK, DRAW

TWINS = sorted((NOTEBOOK_DIR / "zh").glob("*.ipynb"))
ROOT = Path(__file__).resolve().parents[2]


def load_every_message_table() -> None:
    """Import every messages.py of course_lib, so that english_left knows every table's English."""
    for path in sorted((ROOT / "course_lib").rglob("messages.py")):
        importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
    assert english_left({"probe": ["Try this"]}), "the kit's table is not loaded: the English check would pass anything"
APPS = {"lab": "lab", "notebook": "notebook7"}


@pytest.mark.browser
@pytest.mark.timeout(400)
@pytest.mark.parametrize("notebook", TWINS, ids=[p.stem for p in TWINS])
# JupyterLab only: a twin's code is the English lesson's, which runs in both apps
# (test_notebooks_in_browser), and Notebook 7 in Chinese is test_chinese_in_browser's.
@pytest.mark.parametrize("app", ["lab"])
def test_a_chinese_lesson_runs_in_chinese_with_real_glyphs(app: str, notebook: Path, jupyter, browser, reports_dir):
    from .notebook_page import opened_notebook

    load_every_message_table()
    server = jupyter(app)
    with opened_notebook(browser, server, f"zh/{notebook.name}", run_timeout_ms=240_000, viewport=(1366, 768),
                         shutdown_kernels=True) as nb:
        page = nb.page
        assert not nb.all_failures(), nb.all_failures()
        prose = "\n".join(page.locator(".jp-RenderedMarkdown").all_inner_texts())
        assert len(re.findall(CJK, prose)) > 100, f"{notebook.name}: the lesson's text is not Chinese: {prose[:300]!r}"
        # the labs' and quizzes' outputs; printed lines (stdout) of lessons 0–5 and 12 are still English (issue 28)
        outputs = page.locator('.jp-OutputArea-output:not([data-mime-type*="stdout"])')
        shown = [t for t in outputs.all_inner_texts() if t.strip()]
        left = english_left({f"output {i}": [t] for i, t in enumerate(shown)})
        assert not left, f"{notebook.name} [{app}] shows English from the message tables: {left[:5]}"
        assert any(re.search(CJK, t) for t in shown), f"{notebook.name}: no output shows Chinese (its lab or quiz)"
        if page.locator(".cl-scene canvas").count():
            clashes = scene_text_problems(page.locator(".jp-Notebook").first)
            assert not clashes, f"{notebook.name}: texts on the scenes collide in Chinese:\n" + "\n".join(clashes)
        for selector in (".jp-RenderedMarkdown", ".cl-tasks", ".course-quiz-question"):
            if page.locator(selector).count():
                one, other, missing = page.evaluate(DRAW, [selector, ["质", "量", "\U000F0000"]])
                assert one["ink"] > 0 and one["sig"] != other["sig"] != missing["sig"], (
                    f"{notebook.name}: {selector} draws Chinese as boxes: {[one, other, missing]}")
        # the layout holds at 1366×768: the lab's outputs fit in its cell
        lab = nb.lab_cell()
        if lab is not None:
            wide = lab.evaluate("""(cell) => [...cell.querySelectorAll('.jp-OutputArea-output')]
                .filter((el) => el.scrollWidth > cell.clientWidth + 2).map((el) => el.scrollWidth - cell.clientWidth)""")
            assert not wide, f"{notebook.name} [{app}]: the lab is wider than its cell at 1366×768 by {wide} px"
            lab.scroll_into_view_if_needed()
            page.wait_for_timeout(300)
        page.screenshot(path=str(reports_dir / "browser" / f"zh-{notebook.stem}-{APPS[app]}.png"), full_page=False)
