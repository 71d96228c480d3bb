"""A keyboard user's hands on one lab of a page: find a control by its accessible name, focus it, press keys.

:class:`KeyboardLab` drives the i-th lab (``.cl-lab``) of a JupyterLab page with keyboard events only, and
reads back what the lab shows (its ticks, its live region, its description, the scene's focused handle).
Used by test_keyboard_in_browser.py.
"""

from __future__ import annotations

import re
import time

from course_lib.lab.access import spoken_name

TICK = "\u2611"
#: the notebook, in the server's root, that holds every lab (test_keyboard_in_browser.py writes it)
NOTEBOOK = "keyboard_check.ipynb"

#: the i-th lab's scene focus, its handle, its ticks, its live region and description
STATE = """(i) => {
  const lab = document.querySelectorAll('.cl-lab')[i], stage = lab.querySelector('.cl-scene-stage');
  return {focused: document.activeElement === stage, role: stage.getAttribute('role'),
          handle: stage.querySelector('canvas').__scene.keyHandle(),
          ticks: [...lab.querySelectorAll('.cl-task-list > *')].map((r) => r.textContent.includes('\u2611')),
          said: lab.querySelector('.cl-announce')?.textContent ?? '',
          described: lab.querySelector('.cl-scene-description')?.textContent ?? ''};
}"""


class KeyboardLab:
    """One lab of the page, driven by keys only (elements are focused as Tab would reach them)."""

    def __init__(self, page, server, index: int, name: str):
        self.page, self.server, self.index, self.name = page, server, index, name
        self.box = page.locator(".cl-lab").nth(index)
        self.problems: list[str] = []

    def state(self) -> dict:
        return self.page.evaluate(STATE, self.index)

    def kernel(self, expr: str) -> str:
        """What ``expr`` (about the lab, ``lab``) is in the kernel now."""
        out = self.server.kernel_eval(NOTEBOOK, f"lab = lab_{self.name}\nprint({expr})")
        return out.strip().splitlines()[-1]

    def press(self, key: str, times: int = 1, wait_ms: int = 120) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)
            self.page.wait_for_timeout(wait_ms)

    # -- controls
    def slider_keys(self, label: str, key: str, times: int) -> None:
        """Focus slider ``label``'s handle (by its accessible name) and press ``key`` ``times`` times."""
        handle = self.box.locator(f'.noUi-handle[aria-label="{spoken_name(label)}"]')
        handle.focus()
        self.press(key, times, wait_ms=80)
        self.page.wait_for_timeout(300)

    def type_number(self, label: str, value: float) -> None:
        """Focus slider ``label``'s number box (by its accessible name), type ``value`` and commit it with Enter."""
        box = self.box.locator(f'.widget-readout[aria-label="value of {spoken_name(label)}"]')
        box.focus()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(f"{value:g}")
        self.page.keyboard.press("Enter")
        self.page.wait_for_timeout(400)

    def choose(self, label: str, option: str) -> None:
        """Focus dropdown ``label`` and change its choice by ↓ / ↑ until ``option`` is chosen."""
        select = self.box.locator(f'select[aria-label="{spoken_name(label)}"]')
        select.focus()
        chosen = lambda: select.evaluate("(s) => s.options[s.selectedIndex].text.replace(/\\u00a0/g, ' ')")  # noqa: E731
        for key in ("ArrowDown", "ArrowUp"):
            for _ in range(12):
                if chosen() == option:
                    self.page.wait_for_timeout(400)
                    return
                self.press(key, wait_ms=150)
        self.problems.append(f"{self.name}: ↓ / ↑ on {label!r} never chose {option!r} (it shows {chosen()!r})")

    def button(self, text: str, key: str = "Enter") -> None:
        """Focus the button named ``text`` and press it (Enter; a toggle: Space)."""
        self.named_button(text).focus()
        self.press(key, wait_ms=400)

    def named_button(self, text: str):
        """The button whose accessible name is ``text`` (any space may be a no-break space; no icon glyph)."""
        return self.box.get_by_role("button", name=re.compile(r"^" + r"\s".join(map(re.escape, text.split())) + r"$"))

    def toggle(self, text: str) -> None:
        self.button(text, "Space")

    # -- the scene
    def scene(self, handle: str | None = None) -> None:
        """Focus the scene as Tab reaches it from above, then Tab to ``handle``."""
        stage = self.box.locator(".cl-scene-stage")
        stage.scroll_into_view_if_needed()
        self.page.evaluate("() => document.activeElement?.blur()")
        stage.focus()
        s = self.state()
        if not s["focused"] or s["role"] != "application":
            self.problems.append(f"{self.name}: the scene did not take focus as an application: {s}")
        for _ in range(4):
            if handle is None or self.state()["handle"] == handle:
                return
            self.press("Tab")
        self.problems.append(f"{self.name}: Tab never reached the handle {handle!r} ({self.state()['handle']!r})")

    # -- tasks
    def ticked(self, task: int) -> bool:
        return self.state()["ticks"][task]

    def until(self, task: int, key: str, most: int, wait_ms: int = 400) -> None:
        """Press ``key`` until task number ``task`` ticks (at most ``most`` presses)."""
        for _ in range(most):
            if self.ticked(task):
                return
            self.press(key, wait_ms=wait_ms)

    def expect(self, task: int, prompt: str, within_s: float = 10.0) -> None:
        """Task number ``task`` ticks within ``within_s`` seconds and is said in the live region."""
        deadline = time.monotonic() + within_s
        while not self.ticked(task) and time.monotonic() < deadline:
            self.page.wait_for_timeout(250)
        s = self.state()
        if not s["ticks"][task]:
            self.problems.append(f"{self.name}: task {task} ({prompt}…) did not tick by keys: {s['ticks']}")
        elif f"Task done: {prompt}" not in s["said"]:
            self.problems.append(f"{self.name}: the live region did not say task {task} ({prompt}…): {s['said']!r}")

    def sim_time_past(self, t: float, within_s: float = 20.0) -> None:
        """Wait until the simulated lab's state shown is past ``t`` seconds."""
        deadline = time.monotonic() + within_s
        while float(self.kernel("lab.now.t")) < t and time.monotonic() < deadline:
            self.page.wait_for_timeout(500)


# -- each lab's tasks, as a keyboard user does them -------------------------------------------------------
