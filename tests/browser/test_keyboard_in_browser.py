"""Labs done with the keyboard alone, in JupyterLab: no pointer event reaches the page.

- The posture lab of lesson 0: the scene takes focus at its first handle (the elbow); → turns it 2° a press
  (θ₁ 30° -> 90° in 30 presses); Tab moves to the tip, → swings link 2 until "Raise the tip" ticks, and a
  further Tab leaves the scene. The angle
  sliders then show what the kernel holds (the keys go through the drag's model update).
- The pendulum (a simulated lab): the Newton view is switched on from its button by Space; in the scene
  the arrows carry the ball up its circle (2° a press, Shift 0.4°); Space plays; the rod's pull passes
  25 N and "Switch on the Newton view …" ticks, then Space pauses.

A polite live region says each ticked task; the test reads it too. Elements are focused with
``focus()`` (what Tab would reach), keys are ``keyboard.press``.
"""

from __future__ import annotations

import json

import pytest

NOTEBOOK = "keyboard_check.ipynb"
CELLS = ["import course_lib\ncourse_lib.set_language('en')",
         "from course_lib import TwoLinkArm\nfrom course_lib.lessons.start_here import ArmPreviewLab\n"
         "arm_lab = ArmPreviewLab(TwoLinkArm())\narm_lab",
         "from course_lib.lessons.pendulum import PendulumLab\npendulum_lab = PendulumLab()\npendulum_lab"]
#: is the scene of the i-th lab focused, and the tasks' ticks and the live region's text
STATE = """(i) => {
  const lab = document.querySelectorAll('.cl-lab')[i], stage = lab.querySelector('.cl-scene-stage');
  return {focused: document.activeElement === stage, role: stage.getAttribute('role'),
          handle: stage.querySelector('canvas').__scene.keyHandle(),
          active: (document.activeElement?.className ?? '') + ' ' + (document.activeElement?.tagName ?? ''),
          ticks: [...lab.querySelectorAll('.cl-task-list > *')].map((r) => r.textContent.includes('\u2611')),
          said: lab.querySelector('.cl-announce')?.textContent ?? '',
          described: lab.querySelector('.cl-scene-description')?.textContent ?? '',
          sliders: [...lab.querySelectorAll('.widget-slider .widget-readout')].map((r) => r.textContent)};
}"""


def _notebook() -> dict:
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": f"kb{i}", "metadata": {}, "outputs": [],
                       "source": src} for i, src in enumerate(CELLS)],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def press_until(page, key: str, done, most: int, wait_ms: int = 120) -> int:
    """Press ``key`` until ``done()`` (at most ``most`` times); returns the presses it took."""
    for n in range(1, most + 1):
        page.keyboard.press(key)
        page.wait_for_timeout(wait_ms)
        if done():
            return n
    return most + 1


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_a_posture_lab_and_a_simulated_lab_complete_their_tasks_by_keyboard_only(jupyter, browser, reports_dir):
    from .notebook_page import opened_notebook

    server = jupyter("lab")
    (server.root / NOTEBOOK).write_text(json.dumps(_notebook()))
    with opened_notebook(browser, server, NOTEBOOK, run_timeout_ms=180_000, shutdown_kernels=True) as nb:
        page = nb.page
        page.wait_for_selector(".cl-tasks", timeout=30_000)
        pointer = page.evaluate("() => { window.__clPointer = 0; for (const t of ['pointerdown', 'mousedown', 'click'])"
                                " document.addEventListener(t, (e) => { if (e.isTrusted && e.detail !== 0) window.__clPointer++; }, true); return 0; }")
        state = lambda i: page.evaluate(STATE, i)  # noqa: E731

        # -- lesson 0: Tab to the tip, arrows up until the task ticks
        stages = page.locator(".cl-lab .cl-scene-stage")
        stages.nth(0).scroll_into_view_if_needed()
        page.evaluate("() => document.activeElement?.blur()")  # entered from nothing (not from below): the first handle
        stages.nth(0).focus()
        s = state(0)
        assert s["focused"] and s["role"] == "application" and s["handle"] == "elbow", s
        for _ in range(30):  # the elbow about the shoulder, 2° a press: θ₁ 30° -> 90°
            page.keyboard.press("ArrowRight")
            page.wait_for_timeout(150)
        page.wait_for_timeout(400)
        assert state(0)["sliders"][0] == "90", f"30 presses of → did not turn θ₁ from 30° to 90°: {state(0)}"
        page.keyboard.press("Tab")  # elbow -> tip
        s = state(0)
        assert s["focused"] and s["handle"] == "tip", f"Tab did not move from the elbow to the tip: {s}"
        before = state(0)["described"]
        presses = press_until(page, "ArrowRight", lambda: state(0)["ticks"] == [True], most=20, wait_ms=500)
        s = state(0)
        assert s["ticks"] == [True], f"the tip task did not tick after {presses - 1} presses of →: {s}"
        assert s["said"].startswith("Task done: Raise the tip"), s["said"]
        assert s["described"] != before and s["described"].startswith("Arm at"), s["described"]
        page.wait_for_timeout(300)
        q = json.loads(server.kernel_eval(NOTEBOOK, "import json; print(json.dumps([round(v) for v in "
                                          "__import__('numpy').degrees(arm_lab.q).tolist()]))").strip().splitlines()[-1])
        assert [float(v) for v in state(0)["sliders"]] == pytest.approx(q, abs=0.5), (state(0)["sliders"], q)
        page.keyboard.press("Tab")  # past the last handle: out of the scene
        assert not state(0)["focused"], "Tab at the last handle did not leave the scene"

        # -- lesson 2: the Newton view by Space on its button, the ball lifted by arrows, Play and Pause by Space
        newton = page.locator(".cl-lab").nth(1).locator(".widget-toggle-button").filter(has_text="Newton view")
        newton.focus()
        page.keyboard.press("Space")
        page.wait_for_timeout(300)
        stages.nth(1).scroll_into_view_if_needed()
        page.evaluate("() => document.activeElement?.blur()")
        stages.nth(1).focus()
        for _ in range(30):  # 60° -> 120° about the pivot, 2° a press
            page.keyboard.press("ArrowRight")
            page.wait_for_timeout(150)
        page.keyboard.press("Shift+ArrowRight")
        page.wait_for_timeout(400)
        theta = float(server.kernel_eval(NOTEBOOK, "print(__import__('numpy').degrees(pendulum_lab.theta))")
                      .strip().splitlines()[-1])
        assert theta == pytest.approx(120.4, abs=0.05), f"31 presses moved the ball to {theta:.2f}°, not 120.4°"
        page.keyboard.press("Space")  # Play
        page.wait_for_function("() => [...document.querySelectorAll('.cl-lab')[1].querySelectorAll('.cl-task-list > *')]"
                               ".some((r) => r.textContent.includes('\u2611') && r.textContent.includes('Newton view'))",
                               timeout=20_000)
        page.keyboard.press("Space")  # Pause
        page.wait_for_timeout(500)
        playing = server.kernel_eval(NOTEBOOK, "print(pendulum_lab.playing)").strip().splitlines()[-1]
        assert playing == "False", "Space did not pause the lab"
        assert "Task done: Switch on the Newton view" in state(1)["said"], state(1)["said"]
        assert page.evaluate("() => window.__clPointer") == 0 == pointer, "a pointer event reached the page"
        page.screenshot(path=str(reports_dir / "browser" / "keyboard-pendulum.png"))
