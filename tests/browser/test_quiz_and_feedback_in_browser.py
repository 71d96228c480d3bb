"""The reviewer's steps on quizzes and exercise feedback, repeated in a real browser.

* Lesson 2 after Run All, in JupyterLab and in Notebook 7: the quiz starts
  empty (no text, no option picked, no feedback); the multiple-choice options
  do not overlap at a narrow or a wide window; a wrong first try does not
  reveal the worked answer; the reviewer's huge formula and a slow one are
  answered ("too large to check", "took too long") within the time bound, and the right
  formula is still graded right afterwards; Kernel → Interrupt during a slow
  check leaves the quiz usable.
* Assignment 1 with a learner's wrong T: Run All stops at the visible test,
  and the first line of that test's output is its message.
"""

from __future__ import annotations

import copy
import time

import pytest

from course_lib.quiz.worker import TIME_LIMIT

from .browser_env import REPO
from .jupyter_app import JupyterApp
from .notebook_page import NotebookPage, opened_notebook

LESSON = "02_pendulum.ipynb"
#: the worker's time limit, plus the slack of a busy 2-core machine (a fresh worker, the round trip)
BOUND_S = TIME_LIMIT + 8.0
HUGE = "(theta+tau+b+m+l+g+theta_dot)^6"
SLOW = "exp(exp(exp(exp(exp(99)))))"
RIGHT = "(tau - b*theta_dot - m*g*l*sin(theta))/(m*l^2)"


def quiz_state(page) -> list[dict]:
    """Per question: the text typed, the options picked, the feedback shown."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.course-quiz-question')].map((q) => ({
              text: [...q.querySelectorAll('input[type=text]')].map((i) => i.value).join(''),
              picked: q.querySelectorAll('.widget-toggle-button.mod-active').length,
              feedback: (q.querySelector('.course-quiz-feedback') || {}).textContent || '',
           }))""")


def option_boxes(page) -> list[list[dict]]:
    """Bounding boxes of each multiple-choice question's option lines and letter buttons."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.course-quiz-question')]
              .filter((q) => q.querySelector('.course-quiz-options'))
              .map((q) => [...q.querySelectorAll('.course-quiz-options li, .widget-toggle-button')].map((e) => {
                   const r = e.getBoundingClientRect();
                   return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: r.width, h: r.height,
                           kind: e.tagName};
              }))""")


def answer(page, index: int, text: str, quick: bool = False, enter: bool = False) -> float:
    """Type ``text`` into question ``index`` (0-based), press Check; seconds until the verdict appears.

    ``quick``: type key by key and click Check at once, as a fast typist does (no pause, no Tab).
    ``enter``: type key by key and press Enter instead of clicking Check.
    """
    q = page.locator(".course-quiz-question").nth(index)
    q.scroll_into_view_if_needed()
    field = q.locator("input[type=text]")
    if quick or enter:
        field.click()
        page.keyboard.press("Control+A")  # typing replaces what was there
        page.keyboard.type(text)
    else:
        field.fill(text)
        field.press("Tab")
    feedback = q.locator(".course-quiz-feedback")
    handle = feedback.element_handle()
    # count every change of the feedback (the same verdict twice is still a new verdict)
    page.evaluate("""(el) => { el.__changes = 0;
                               new MutationObserver(() => { el.__changes += 1; })
                                 .observe(el, {subtree: true, childList: true, characterData: true}); }""", handle)
    started = time.monotonic()
    if enter:
        page.keyboard.press("Enter")
    else:
        q.get_by_role("button", name="Check", exact=True).click()
    try:
        # a verdict: not "Checking…", and not the note that the answer changed since the last verdict
        page.wait_for_function(
            """(el) => el.__changes > 0 && el.textContent && !el.textContent.startsWith('Checking')
                       && !el.textContent.startsWith('You changed')""",
            arg=handle, timeout=60_000, polling=50)
    except Exception as exc:
        raise AssertionError(f"question {index + 1}: no verdict for {text!r} within 60 s; "
                             f"quiz: {quiz_state(page)[index]}") from exc
    return time.monotonic() - started


@pytest.mark.browser
@pytest.mark.timeout(420)
@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_lesson_quiz_starts_empty_and_answers_within_its_bound(app, jupyter, browser, reports_dir):
    server = jupyter(app)
    with opened_notebook(browser, server, LESSON, run_timeout_ms=240_000, shutdown_kernels=True) as nb:
        page = nb.page
        page.wait_for_selector(".course-quiz-question", timeout=30_000)

        # 1) nothing answers the quiz for the learner
        state = quiz_state(page)
        assert len(state) == 5
        assert all(q == {"text": "", "picked": 0, "feedback": ""} for q in state), state

        # 2) the options never overlap, at a wide and at a narrow window
        for width in (1400, 520):
            page.set_viewport_size({"width": width, "height": 1000})
            page.wait_for_timeout(300)
            (boxes,) = option_boxes(page)
            lines = [b for b in boxes if b["kind"] == "LI"]
            buttons = [b for b in boxes if b["kind"] != "LI"]
            assert len(lines) == 4 and len(buttons) == 4, boxes
            for upper, lower in zip(lines, lines[1:]):
                assert upper["bottom"] <= lower["top"] + 0.5, f"options overlap at {width} px: {upper} {lower}"
            assert all(b["w"] >= 20 and b["h"] >= 15 for b in buttons), f"a letter button is hidden: {buttons}"
            assert max(b["right"] for b in lines + buttons) <= width, f"an option runs off a {width} px window"
        page.set_viewport_size({"width": 1400, "height": 1000})
        page.screenshot(path=str(reports_dir / "browser" / f"quiz-{app}.png"), full_page=False)

        # 3) a wrong first try gets true feedback and no worked answer
        answer(page, 0, "5 m/s^2")
        first = quiz_state(page)[0]["feedback"]
        assert "is not the answer" in first and "unit" in first and "lever arm" not in first, first

        # 3a) editing the answer greys out the old verdict; Enter checks the new text
        q0 = page.locator(".course-quiz-question").nth(0)
        q0.locator("input[type=text]").fill("6 m/s^2")
        q0.locator("input[type=text]").press("Tab")
        page.wait_for_function("(el) => el.textContent.startsWith('You changed')",
                               arg=q0.locator(".course-quiz-feedback").element_handle(), timeout=10_000)
        answer(page, 0, "7 m/s^2", enter=True)
        assert "is not the answer" in quiz_state(page)[0]["feedback"], quiz_state(page)[0]
        assert "7" in quiz_state(page)[0]["feedback"], quiz_state(page)[0]

        # 3b) a fast typist who clicks Check straight after the last key is graded on all of it
        answer(page, 0, "-9.81 rad/s^2", quick=True)
        assert quiz_state(page)[0]["feedback"].startswith("Correct."), quiz_state(page)[0]

        # 4) the reviewer's formula is "too large", and a slow one "took too long", within the bound
        for formula, says in ((HUGE, "too large to check; simplify your answer"),
                              (SLOW, "write it in a simpler form")):
            took = answer(page, 4, formula)
            text = quiz_state(page)[4]["feedback"]
            assert says in text, text
            assert took < BOUND_S, f"{formula}: {took:.1f} s"
        assert answer(page, 4, RIGHT) < BOUND_S
        assert quiz_state(page)[4]["feedback"].startswith("Correct."), quiz_state(page)[4]

        # 5) Kernel → Interrupt during a slow check: nothing counted, the quiz still works
        q = page.locator(".course-quiz-question").nth(4)
        q.locator("input[type=text]").fill(SLOW)
        q.locator("input[type=text]").press("Tab")
        q.get_by_role("button", name="Check", exact=True).click()
        page.wait_for_function("""(el) => el.textContent.startsWith('Checking')""",
                               arg=q.locator(".course-quiz-feedback").element_handle(), timeout=10_000)
        page.wait_for_timeout(500)  # the check is under way in the worker
        # what Kernel → Interrupt sends: the server's interrupt request for this notebook's kernel
        sessions = server.api("GET", "/api/sessions") or []
        (kernel,) = [x["kernel"]["id"] for x in sessions if x.get("path", "").endswith(LESSON)]
        server.api("POST", f"/api/kernels/{kernel}/interrupt")
        try:
            page.wait_for_function("""(el) => /interrupted/.test(el.textContent)""",
                                   arg=q.locator(".course-quiz-feedback").element_handle(), timeout=20_000)
        except Exception as exc:
            raise AssertionError(f"no 'interrupted' after Kernel → Interrupt: {quiz_state(page)[4]}\n"
                                 f"{server.log_tail(15)}") from exc
        answer(page, 4, RIGHT)
        assert quiz_state(page)[4]["feedback"].startswith("Correct.")
        failures = nb.all_failures()
        assert not failures, failures


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_a_failing_visible_test_shows_its_message_on_the_first_line(browser, tmp_path, reports_dir):
    import nbformat

    nb_path = REPO / "exercises" / "01_lagrange" / "lagrange.ipynb"
    work = tmp_path / "assignment"
    work.mkdir()
    notebook = nbformat.read(nb_path, as_version=4)
    energies = next(c for c in notebook.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "energies")
    energies.source = "T = m * l**2 * theta_dot**2   # the ½ forgotten\nV = m * g * l * (1 - sp.cos(theta))\nL = T - V"
    nbformat.write(copy.deepcopy(notebook), work / "lagrange.ipynb")
    server = JupyterApp("lab", work, tmp_path / "server", REPO)
    server.start(timeout=90)
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        nb = NotebookPage(page, "lab")
        nb.open(server.notebook_url("lagrange.ipynb"))
        nb.run_all()
        # Run All stops at the first failing test, the one right after the learner's energies
        out = page.locator(".jp-CodeCell", has_text="checks.need(globals(), \"T\", \"V\")").first
        out.locator(".jp-OutputArea-output").first.wait_for(state="attached", timeout=120_000)
        out.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        outputs = out.locator(".jp-OutputArea-output").evaluate_all("(os) => os.map((o) => o.textContent)")
        assert len(outputs) == 1, outputs
        text = outputs[0].strip()
        page.screenshot(path=str(reports_dir / "browser" / "visible-test-failure-lab.png"))
        first_line = text.splitlines()[0]
        assert first_line.startswith("AssertionError: T is wrong at th = "), text[:500]
        assert first_line.endswith("Hint: T is 2 times the expected value everywhere: look for a missing or extra "
                                   "constant factor (such as ½, m or l)"), text[:500]
        assert "Traceback" not in text and len(text.splitlines()) == 1, text[:500]
    finally:
        context.close()
        server.stop()

