"""The course in Chinese in a real JupyterLab: a lab (and a quiz, once the quiz speaks Chinese) rendered
with real glyphs, and the lab switching back to English in place.

The quiz part runs when the quiz table has Chinese (branch zh-quiz); until then the lab alone is checked.
The kernel is switched with ``course_lib.set_language("zh")`` in the notebook's first cell, as a
learner would. The page must show the Chinese texts in its DOM, and the browser must have a font for
them: each CJK character is drawn with the page's own font stack on a canvas, and two different
characters must not come out as the same box as a character no font has (tofu). The screenshot
goes into reports/browser/ with the other browser tests' pictures.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from course_lib.quiz.messages import QUIZ

NOTEBOOK = "zh_check.ipynb"
#: one Chinese character (CJK Unified Ideographs)
CJK = "[\u4e00-\u9fff]"
QUIZ_SPEAKS_CHINESE = "zh" in QUIZ.messages


def _notebook() -> dict:
    cells = ["import course_lib\ncourse_lib.set_language('zh')",
             "from course_lib.lessons.pendulum.lab import PendulumLab\n\nlab = PendulumLab()\nlab"]
    if QUIZ_SPEAKS_CHINESE:
        cells.append("from course_lib.lessons import pendulum_quiz\n\npendulum_quiz()")
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": f"zh{i}", "metadata": {}, "outputs": [],
                       "source": src} for i, src in enumerate(cells)],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


#: draws one character with the font of ``el`` on a canvas and returns its pixels as a string
DRAW = """([sel, chars]) => {
  const el = document.querySelector(sel);
  const style = getComputedStyle(el);
  const canvas = document.createElement('canvas');
  canvas.width = 64; canvas.height = 64;
  const ctx = canvas.getContext('2d');
  return chars.map((c) => {
    ctx.clearRect(0, 0, 64, 64);
    ctx.font = `40px ${style.fontFamily}`;
    ctx.fillText(c, 4, 48);
    const px = ctx.getImageData(0, 0, 64, 64).data;
    let ink = 0, sig = 0;
    for (let i = 3; i < px.length; i += 4) { ink += px[i] > 0; sig = (sig * 31 + px[i]) >>> 0; }
    return {ink, sig, width: ctx.measureText(c).width};
  });
}"""


#: puts θ and θ̇ (and θ̈) as spans into ``el`` at the widgets' sizes, for element screenshots
PUT_DOTTED = """([sel, px]) => {
  const box = document.createElement('div');
  box.style.cssText = 'display:flex; gap:8px; position:relative; z-index:10; background:#fff';
  document.querySelector(sel).appendChild(box);
  const el = box, out = [];
  for (const [i, c] of ['\u03b8', '\u03b8\u0307', '\u03b8\u0308'].entries()) {
    const s = document.createElement('span');
    window.__clDot = (window.__clDot || 0) + 1; s.id = `cl-dot-probe-${window.__clDot}`; s.textContent = c;
    s.style.cssText = `font-size:${px}px; flex:none; padding:6px 4px; background:#fff; color:#000`;
    el.appendChild(s); out.push('#' + s.id);
  }
  return out;
}"""


def _ink_rows(png: bytes) -> list[int]:
    """Dark pixels per row of an element screenshot."""
    import io

    from PIL import Image

    im = Image.open(io.BytesIO(png)).convert("L")
    w, h = im.size
    px = im.load()
    return [sum(px[x, y] < 128 for x in range(w)) for y in range(h)]


def dot_stands_apart(plain: list[int], dotted: list[int]) -> bool:
    """True when the dotted letter has ink above the plain letter's top, separated by a blank row.

    That is what makes θ̇ readable as θ with a dot: a dot drawn on the rows of the θ's own top
    merges with it, and the reader sees a plain θ.
    """
    top = next(i for i, v in enumerate(plain) if v)
    above = dotted[:top]
    first = next((i for i, v in enumerate(above) if v), None)
    return first is not None and any(v == 0 for v in above[first:])


def _check_dots_show(page, sel: str) -> None:
    for px in (12,):  # the kit's small text (hints, legends); see course_lib/ui/glyph_style.py
        sels = page.evaluate(PUT_DOTTED, [sel, px])
        plain, dot1, dot2 = (_ink_rows(page.locator(s).screenshot()) for s in sels)
        assert plain != dot1, f"θ̇ is drawn exactly like θ at {px}px in {sel}"
        assert dot_stands_apart(plain, dot1), f"the dot of θ̇ merges into the θ at {px}px in {sel}: {plain} {dot1}"
        assert dot_stands_apart(plain, dot2), f"the dots of θ̈ merge into the θ at {px}px in {sel}: {plain} {dot2}"


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_a_lab_in_chinese_renders_real_glyphs_and_switches_back_in_place(jupyter, browser, reports_dir):
    from .notebook_page import opened_notebook

    if shutil.which("fc-list"):
        fonts = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True).stdout
        assert fonts.strip(), "no Chinese font is installed: `make test` runs tools/ensure_cjk_font.sh for that"
    server = jupyter("lab")
    (server.root / NOTEBOOK).write_text(json.dumps(_notebook()))
    with opened_notebook(browser, server, NOTEBOOK, run_timeout_ms=180_000, shutdown_kernels=True) as nb:
        page = nb.page
        cell = nb.lab_cell()
        assert cell is not None, nb.inventory()
        page.wait_for_selector(".cl-tasks", timeout=30_000)
        text = cell.inner_text()
        for zh in ("试一试", "牛顿视角", "播放", "单步", "重置", "提示"):
            assert zh in text, f"{zh!r} is not on the page; the lab shows: {text[:400]!r}"
        assert "Try this" not in text and "Newton view" not in text, text[:400]
        if QUIZ_SPEAKS_CHINESE:
            quiz = page.locator(".course-quiz-question").first
            quiz.wait_for(timeout=30_000)
            check = QUIZ.messages["zh"]["quiz_check"]
            assert quiz.get_by_role("button", name=check, exact=True).count() == 1, f"no {check!r} button"
            prompt = quiz.inner_text()
            assert len(re.findall(CJK, prompt)) >= 10, f"the first question is not in Chinese: {prompt[:300]!r}"
            quiz.scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            page.screenshot(path=str(reports_dir / "browser" / "zh-quiz-lab.png"), full_page=False)

        # real glyphs, not boxes: two different characters differ, and neither looks like a missing glyph
        drawn = page.evaluate(DRAW, [".cl-tasks", ["质", "量", "\U000F0000"]])
        zh1, zh2, missing = drawn
        assert zh1["ink"] > 0 and zh2["ink"] > 0, drawn
        assert zh1["sig"] != zh2["sig"], f"质 and 量 are drawn alike (boxes): {drawn}"
        assert zh1["sig"] != missing["sig"], f"质 is drawn as the missing glyph: {drawn}"
        # θ̇ and θ̈ keep their dots in the lab's and the quiz's own text
        _check_dots_show(page, ".cl-tasks")
        if QUIZ_SPEAKS_CHINESE:
            _check_dots_show(page, ".course-quiz-question")
        cell.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        page.screenshot(path=str(reports_dir / "browser" / "zh-lab-lab.png"), full_page=False)
        if QUIZ_SPEAKS_CHINESE:  # the quiz's own font stack has the glyphs too
            q1, q2, _ = page.evaluate(DRAW, [".course-quiz-question", ["质", "量", "\U000F0000"]])
            assert q1["sig"] != q2["sig"], "the quiz draws 质 and 量 alike (boxes)"

        # the lab on screen goes back to English in place, and its Play still answers
        server.kernel_eval(NOTEBOOK, "course_lib.set_language('en')")
        page.wait_for_function("(el) => el.innerText.includes('Try this') && el.innerText.includes('Newton view')",
                               arg=cell.element_handle(), timeout=15_000)
        assert "试一试" not in cell.inner_text()
        cell.locator("button", has_text="Play").first.click()  # its name also holds the icon's
        page.wait_for_function("(el) => el.innerText.includes('playing')", arg=cell.element_handle(),
                               timeout=15_000)
        assert not nb.all_failures(), nb.all_failures()
