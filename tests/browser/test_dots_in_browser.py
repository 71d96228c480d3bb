"""θ̇ is not θ: the dots of θ̇, θ̈, q̇, q̈ stand clear of their letter in a real JupyterLab.

One lab (the pendulum) and one quiz, in English and then in Chinese (``course_lib.set_language``).
Inside the lab's live readout and the quiz's question, the test writes each symbol with and without
its mark, at 12, 13 and 14 px, and screenshots each one on its own (1366×768, device scale 1). The
dotted symbol must have a dark dot above the top of the plain letter, and a blank pixel row between
dot and letter: a dot on the letter's own top rows, or a pale one, reads as a plain θ.
The scene's canvas labels get the same check,
drawn with the scene's own font string and text rendering. Screenshots (enlarged) go to reports/browser/dots-*.png.
"""

from __future__ import annotations

import io
import json

import pytest

NOTEBOOK = "dots_check.ipynb"
SIZES = (12, 13, 14)
#: (plain, dotted) pairs
PAIRS = (("θ", "θ\u0307"), ("θ", "θ\u0308"), ("q", "q\u0307"), ("q", "q\u0308"))
#: a pixel darker than this (0 black … 255 white) is ink; the dot must have one
DARK = 128
#: a row whose darkest pixel is at least this light is blank: dot and letter must have one between them
BLANK = 200


def _notebook() -> dict:
    cells = ["import course_lib\ncourse_lib.set_language('en')",
             "from course_lib.lessons.pendulum.lab import PendulumLab\n\nlab = PendulumLab()\nlab",
             "from course_lib.lessons import pendulum_quiz\n\npendulum_quiz()"]
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": f"dots{i}", "metadata": {}, "outputs": [],
                       "source": src} for i, src in enumerate(cells)],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def row_darkness(gray_rows: list[list[int]]) -> list[int]:
    """The darkest pixel of each row (0 black … 255 white)."""
    return [min(row) for row in gray_rows]


def dot_verdict(plain: list[int], dotted: list[int]) -> str | None:
    """None when the mark of ``dotted`` reads as a mark; otherwise what is wrong with it.

    Args:
        plain: darkest pixel per row of the plain letter (θ), on white.
        dotted: the same for the letter with its mark (θ̇), same box and baseline.
    """
    top = next((i for i, v in enumerate(plain) if v < DARK), None)
    if top is None:
        return "the plain letter has no ink"
    dots = [i for i, v in enumerate(dotted[:top]) if v < DARK]
    if not dots:
        return f"no dark ink above the letter's top (row {top}); lightest mark pixel {min(dotted[:top], default=255)}"
    between = dotted[max(dots) + 1: top]
    if not any(v >= BLANK for v in between):
        return f"the mark touches the letter: rows between them {between} (blank means >= {BLANK})"
    return None


def _gray_rows(png: bytes) -> list[list[int]]:
    from PIL import Image

    im = Image.open(io.BytesIO(png)).convert("L")
    w, h = im.size
    px = im.load()
    return [[px[x, y] for x in range(w)] for y in range(h)]


#: puts one probe row of spans (each symbol at each size) into the element ``sel`` and returns their selectors
PUT = """([sel, texts, sizes, lang, tag]) => {
  const host = document.querySelector(sel);
  if (!host) return null;
  const box = document.createElement('div');
  box.id = `cl-dots-${tag}`; box.lang = lang;
  box.style.cssText = 'display:flex; flex-wrap:wrap; gap:2px; background:#fff; color:#000; position:relative; z-index:10';
  host.appendChild(box);
  const out = [];
  sizes.forEach((px) => texts.forEach((t, i) => {
    const s = document.createElement('span');
    s.id = `cl-dots-${tag}-${px}-${i}`; s.textContent = t;
    s.style.cssText = `display:inline-block; font-size:${px}px; line-height:1.6; padding:3px 3px; background:#fff; color:#000`;
    box.appendChild(s); out.push('#' + s.id);
  }));
  return {box: '#' + box.id, spans: out, family: getComputedStyle(box).fontFamily};
}"""

#: draws each symbol on a canvas with the scene's own font string and returns the alpha rows of each
CANVAS = """async ([texts, sizes]) => {
  const scene = document.querySelector('.cl-lab canvas');
  const font = (px) => scene.__scene.font ? scene.__scene.font(px)
    : `${px}px ${getComputedStyle(scene).getPropertyValue('--jp-ui-font-family')}`;
  const out = {};
  for (const px of sizes) {
    await document.fonts.load(font(px), texts.join(''));
    out[px] = texts.map((t) => {
      const c = document.createElement('canvas'); c.width = 40; c.height = 40;
      const ctx = c.getContext('2d');
      ctx.textRendering = 'geometricPrecision'; ctx.font = font(px); ctx.textBaseline = 'alphabetic';
      ctx.fillStyle = '#000'; ctx.fillText(t, 8, 30);
      const d = ctx.getImageData(0, 0, 40, 40).data, rows = [];
      for (let y = 0; y < 40; y++) { const r = []; for (let x = 0; x < 40; x++) r.push(255 - d[(y * 40 + x) * 4 + 3]); rows.push(r); }
      return rows;
    });
  }
  return {font: font(13), rows: out};
}"""


def _enlarged(png: bytes, path, k: int = 4) -> None:
    from PIL import Image

    im = Image.open(io.BytesIO(png))
    im.resize((im.width * k, im.height * k), Image.NEAREST).save(path)


def _check_dom(page, sel: str, lang: str, tag: str, reports_dir) -> list[str]:
    texts = [t for pair in PAIRS for t in pair]
    probe = page.evaluate(PUT, [sel, texts, list(SIZES), lang, tag])
    assert probe is not None, f"{sel} is not on the page"
    page.wait_for_timeout(300)  # the web font, if any, is in by now; screenshots wait for fonts too
    shots = {s: page.locator(s).screenshot() for s in probe["spans"]}
    _enlarged(page.locator(probe["box"]).screenshot(), reports_dir / "browser" / f"dots-{tag}.png")
    problems = []
    for k, px in enumerate(SIZES):
        for j, (plain, dotted) in enumerate(PAIRS):
            a, b = probe["spans"][k * len(texts) + 2 * j], probe["spans"][k * len(texts) + 2 * j + 1]
            why = dot_verdict(row_darkness(_gray_rows(shots[a])), row_darkness(_gray_rows(shots[b])))
            if why:
                problems.append(f"{dotted} at {px}px in {sel} ({lang}, font {probe['family'][:40]}…): {why}")
    page.evaluate("(sel) => document.querySelector(sel).remove()", probe["box"])
    return problems


def _check_canvas(page, lang: str) -> list[str]:
    texts = [t for pair in PAIRS for t in pair]
    got = page.evaluate(CANVAS, [texts, list(SIZES)])
    problems = []
    for px in SIZES:
        rows = got["rows"][str(px)]
        for j, (plain, dotted) in enumerate(PAIRS):
            why = dot_verdict(row_darkness(rows[2 * j]), row_darkness(rows[2 * j + 1]))
            if why:
                problems.append(f"{dotted} at {px}px on the scene canvas ({lang}, {got['font'][:40]}…): {why}")
    return problems


def test_dot_verdict_tells_a_merged_dot_from_a_clear_one():
    """The measure itself: a dot on the letter's top rows, a pale dot and no dot fail; a clear dot passes."""
    letter = [255, 255, 255, 255, 0, 0, 0, 255]
    assert dot_verdict(letter, [255, 0, 255, 255, 0, 0, 0, 255]) is None
    assert dot_verdict(letter, [255, 255, 255, 0, 0, 0, 0, 255]) is not None  # the dot sits on the letter
    assert dot_verdict(letter, [255, 0, 150, 150, 0, 0, 0, 255]) is not None  # grey rows join dot and letter
    assert dot_verdict(letter, [255, 170, 255, 255, 0, 0, 0, 255]) is not None  # a pale dot
    assert dot_verdict(letter, letter) is not None  # no dot at all


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_dots_of_theta_dot_and_q_ddot_stand_clear_of_the_letter_in_labs_quizzes_and_canvas(jupyter, browser,
                                                                                           reports_dir):
    from .notebook_page import NotebookPage

    server = jupyter("lab")
    (server.root / NOTEBOOK).write_text(json.dumps(_notebook()))
    context = browser.new_context(viewport={"width": 1366, "height": 768}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    nb = NotebookPage(page, "lab")
    problems: list[str] = []
    try:
        nb.open(server.notebook_url(NOTEBOOK))
        nb.run_all()
        assert nb.wait_until_done(timeout_ms=180_000) == "done", nb.all_failures()
        page.wait_for_selector(".cl-lab .cl-tasks")
        page.wait_for_selector(".course-quiz-question")
        for lang, word in (("en", "Try this"), ("zh", "试一试")):
            if lang == "zh":
                server.kernel_eval(NOTEBOOK, "course_lib.set_language('zh')")
            page.wait_for_function("(w) => document.querySelector('.cl-lab').innerText.includes(w)", arg=word,
                                   timeout=15_000)
            # the lab's live readout (θ̇ = … rad/s) and its task list, and the quiz's first question
            page.evaluate("""() => { for (const el of document.querySelectorAll('.cl-lab .widget-html-content'))
                                       if (el.textContent.includes('rad/s\\u00b2')) { el.id = 'cl-readout'; return; } }""")
            for sel, tag in (("#cl-readout", "readout"), (".cl-lab .cl-tasks", "tasks"),
                             (".course-quiz-question", "quiz")):
                problems += _check_dom(page, sel, "zh-CN" if lang == "zh" else "en", f"{tag}-{lang}", reports_dir)
            problems += _check_canvas(page, lang)
            page.locator(".cl-lab").first.scroll_into_view_if_needed()
            page.screenshot(path=str(reports_dir / "browser" / f"dots-lab-{lang}.png"))
        assert not nb.all_failures(), nb.all_failures()
    finally:
        context.close()
        server.shutdown_kernels()
    assert not problems, f"{len(problems)} dotted symbols read as plain ones:\n" + "\n".join(problems)
