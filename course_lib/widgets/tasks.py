""""Try this" tasks: conditions on a lab's state, shown as a checklist.

A task's ``check`` looks at the lab and returns ``None`` while the condition
is not met, or a short text with the value that met it. Once met, the task
stays done (the learner keeps the ✓ even after moving on).

>>> t = Task("big", "Make x large.", lambda lab: f"x = {lab}" if lab > 3 else None)
>>> tl = TaskList([t])
>>> tl.update(1), tl.done("big")
([], False)
>>> tl.update(5), tl.done("big"), tl.value("big")
(['big'], True, 'x = 5')
>>> tl.update(0), tl.done("big")
([], True)
"""

from __future__ import annotations

import dataclasses
import html as _html
from typing import Any, Callable, Sequence

from course_lib.widgets import controls
from course_lib.widgets.messages import text


@dataclasses.dataclass
class Task:
    """One "Try this" task.

    Attributes:
        key: short name used by tests and ``lab.task_done(key)``.
        prompt: what the learner should do.
        check: ``check(lab) -> str | None``; the text says which value met it.
        hint: revealed on demand (an HTML ``<details>`` element).
        done: set once, never cleared except by :meth:`TaskList.clear`.
        value: the text returned by ``check`` when the task was met.
    """

    key: str
    prompt: str
    check: Callable[[Any], str | None]
    hint: str = ""
    done: bool = False
    value: str = ""


class TaskList:
    """The checklist of a lab: evaluates tasks and renders them as HTML.

    Args:
        tasks: the tasks, in the order shown.
    """

    def __init__(self, tasks: Sequence[Task]):
        keys = [t.key for t in tasks]
        if len(set(keys)) != len(keys):
            raise ValueError(f"task keys must be unique, got {keys}")
        self.tasks = list(tasks)
        self.widget = controls.html()
        self._render()

    def __getitem__(self, key: str) -> Task:
        for t in self.tasks:
            if t.key == key:
                return t
        raise ValueError(f"no task {key!r}; the tasks are {[t.key for t in self.tasks]}")

    def update(self, lab: Any) -> list[str]:
        """Evaluate every open task on ``lab``; return the keys newly done."""
        newly = []
        for t in self.tasks:
            if t.done:
                continue
            met = t.check(lab)
            if met is not None:
                t.done, t.value = True, str(met)
                newly.append(t.key)
        if newly:
            self._render()
        return newly

    def done(self, key: str) -> bool:
        """Whether the task ``key`` has been met."""
        return self[key].done

    def value(self, key: str) -> str:
        """The value that met task ``key`` ("" while open)."""
        return self[key].value

    def clear(self) -> None:
        """Open every task again (used by tests and by a fresh start of the lab)."""
        for t in self.tasks:
            t.done, t.value = False, ""
        self._render()

    def states(self) -> dict[str, bool]:
        """``{key: done}`` for every task."""
        return {t.key: t.done for t in self.tasks}

    def _render(self) -> None:
        rows = []
        for t in self.tasks:
            # ☑/☐ are in DejaVu, so they render on every machine (emoji fonts are often missing)
            mark = "<span style='color:#2a9d3a;font-weight:bold'>☑</span>" if t.done else "☐"
            status = f" — <i>{_html.escape(text('done_with', value=t.value))}</i>" if t.done else ""
            hint = (
                f"<details style='margin-left:1.6em'><summary>{text('hint')}</summary>"
                f"{_html.escape(t.hint)}</details>" if t.hint else ""
            )
            rows.append(f"<li style='list-style:none'>{mark} {_html.escape(t.prompt)}{status}{hint}</li>")
        self.widget.value = (
            f"<b>{text('tasks_title')}</b><ul style='padding-left:0.5em;margin:0.2em 0'>"
            + "".join(rows) + "</ul>"
        )
