"""Lesson 12's review quiz answered through the page in JupyterLab: one multiple-choice, one numeric and
one symbolic question, each graded right, and the score line under the quiz counts them."""

from __future__ import annotations

import pytest

from course_lib.lessons.review.quiz import ITEMS, question_for, review_keys

from .notebook_page import opened_notebook
from .test_quiz_and_feedback_in_browser import answer, quiz_state

LESSON = "12_review.ipynb"


def _pick(page, index: int, letter: str) -> None:
    """Pick option ``letter`` of question ``index`` and press Check; wait for the verdict."""
    q = page.locator(".course-quiz-question").nth(index)
    q.scroll_into_view_if_needed()
    q.locator(".widget-toggle-button", has_text=letter).first.click()
    page.wait_for_timeout(300)      # the pick reaches the kernel before the click on Check
    q.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function("(el) => el.textContent && !el.textContent.startsWith('Checking')",
                           arg=q.locator(".course-quiz-feedback").element_handle(), timeout=60_000)


@pytest.mark.browser
@pytest.mark.timeout(420)
def test_review_quiz_grades_a_choice_a_number_and_a_formula_typed_in_the_page(jupyter, browser, reports_dir):
    keys = review_keys()
    mc, num, sym = keys.index("seed000_q3"), keys.index("seed003_q1"), keys.index("seed003_q5")
    choice = question_for("seed000_q3")
    (letter,) = [x for x, o in zip(choice.letters, choice.options) if o.correct]
    assert ITEMS["seed003_q5"].seed == "003 Q5"
    server = jupyter("lab")
    with opened_notebook(browser, server, LESSON, run_timeout_ms=240_000, shutdown_kernels=True) as nb:
        page = nb.page
        page.wait_for_selector(".course-quiz-score", timeout=30_000)
        total = len(keys)
        start = page.locator(".course-quiz-score").text_content()
        assert f"0 of {total}" in start and "Not right yet" not in start, start
        # the questions that take data from their lesson show it in a context line above them
        with_context = sum(ITEMS[k].context is not None for k in keys)
        assert page.locator(".course-quiz-context").count() == with_context

        answer(page, num, "-9.81 rad/s^2")
        assert quiz_state(page)[num]["feedback"].startswith("Correct."), quiz_state(page)[num]
        _pick(page, mc, letter)
        assert quiz_state(page)[mc]["feedback"].startswith("Correct."), quiz_state(page)[mc]
        answer(page, sym, "-Kd*edot - Kp*e")
        assert quiz_state(page)[sym]["feedback"].startswith("Correct."), quiz_state(page)[sym]

        score = page.locator(".course-quiz-score")
        page.wait_for_function(f"(el) => el.textContent.includes('3 of {total}')", arg=score.element_handle(),
                               timeout=10_000)
        # a question tried and missed links to its lesson, drawn as a link (underlined, not body colour)
        # (JupyterLab's renderer rewrites a file link's href to the file's URL, so match its end)
        assert score.locator("a[href*='05_mass_matrix.ipynb']").count() == 0
        answer(page, keys.index("lesson05"), "1")
        link = score.locator("a[href*='05_mass_matrix.ipynb']")
        link.wait_for(timeout=10_000)
        looks = link.evaluate("(a) => { const s = getComputedStyle(a), p = getComputedStyle(a.parentElement);"
                              " return [s.textDecorationLine, s.color, p.color]; }")
        assert "underline" in looks[0] and looks[1] != looks[2], looks
        page.screenshot(path=str(reports_dir / "browser" / "review-quiz-lab.png"), full_page=False)
        # the link opens the lesson in a JupyterLab tab, as a file link does: the page is not reloaded
        page.evaluate("() => { window.__course_no_reload = true; }")
        link.click()
        page.locator(".lm-TabBar-tab", has_text="05_mass_matrix.ipynb").first.wait_for(timeout=30_000)
        assert page.evaluate("() => window.__course_no_reload === true"), "the link reloaded the page"
        assert "12_review.ipynb" in page.locator(".lm-TabBar-tab").all_text_contents().__str__()
        failures = nb.all_failures()
        assert not failures, failures
