""""Try this" tasks: conditions on a lab's state, shown as a checklist.

A task's ``check(lab)`` returns

- a ``str`` when the condition is met: the value that met it, e.g. ``"T_c = 31.2 N"``;
- :class:`NotYet` ``(reason)`` when it is not met for a reason worth telling,
  e.g. ``NotYet("b was set below 0.3 after the release")``;
- ``None`` when it is simply not met yet.

Once met, a task stays done (the learner keeps the ✓ after moving on). Each
task is drawn in its own widgets: a status line that changes, and a hint that
never does, so a hint the learner opened stays open when another task ticks.

>>> t = Task("big", "Make x large.", lambda lab: f"x = {lab}" if lab > 3 else NotYet("x is only " + str(lab)))
>>> tl = TaskList([t])
>>> tl.update(1), tl.done("big"), tl.reason("big")
([], False, 'x is only 1')
>>> tl.update(5), tl.done("big"), tl.value("big")
(['big'], True, 'x = 5')
>>> tl.update(0), tl.done("big")
([], True)
"""

from __future__ import annotations

import dataclasses
import html as _html
from typing import Any, Callable, Sequence

import ipywidgets as w

from course_lib.i18n import retranslate
from course_lib.lab.access import ANNOUNCE_CLASS, LIST_CLASS, announcement
from course_lib.lab.messages import text

#: compact text: ipywidgets' HTML sets the line height of a control row (28 px), too loose for sentences
TEXT_STYLE = "line-height:1.35"
#: a readout table: JupyterLab's widget CSS leaves cells unpadded, so a header ran into its neighbour;
#: columns apart by 12 px, numbers in tabular figures, headers left-aligned with their column
TABLE_STYLE = "border-collapse:separate;border-spacing:12px 2px;font-variant-numeric:tabular-nums;text-align:left"


class NotYet(str):
    """What a task's check returns when it is not met, saying why (shown under the task).

    ``text`` keeps the reason as given (a :class:`~course_lib.i18n.Message` can switch language).
    """

    def __new__(cls, reason: str) -> "NotYet":
        made = super().__new__(cls, reason)
        made.text = reason
        return made


@dataclasses.dataclass
class Task:
    """One "Try this" task.

    Attributes:
        key: short name used by tests and ``lab.task_done(key)``.
        prompt: what the learner should do.
        check: ``check(lab) -> str | NotYet | None`` (see the module's docstring).
        hint: revealed on demand (an HTML ``<details>`` element).
        done: set once, never cleared except by :meth:`TaskList.clear`.
        value: the text returned by ``check`` when the task was met.
        reason: why the task is not met (the last :class:`NotYet`), "" otherwise.
        hold: the condition must hold this long (s of the lab's time ``lab.t``) without a break
            before the task counts, so that a passing moment (a turning point of a swing) does not.
    """

    key: str
    prompt: str
    check: Callable[[Any], str | None]
    hint: str = ""
    done: bool = False
    value: str = ""
    reason: str = ""
    hold: float = 0.0
    since: float | None = None  # lab time since which the condition has held


class TaskList:
    """The checklist of a lab: evaluates tasks and renders each in its own widgets.

    Args:
        tasks: the tasks, in the order shown.
    """

    def __init__(self, tasks: Sequence[Task]):
        keys = [t.key for t in tasks]
        if len(set(keys)) != len(keys):
            raise ValueError(f"task keys must be unique, got {keys}")
        self.tasks = list(tasks)
        self.status = {t.key: w.HTML() for t in self.tasks}
        self.hints = {t.key: w.HTML(self._hint(t)) for t in self.tasks}
        rows = [w.VBox([self.status[t.key], self.hints[t.key]], layout={"margin": "0 0 2px 0"}) for t in self.tasks]
        title = w.HTML(f"<b>{text('tasks_title')}</b>") if self.tasks else w.HTML()
        # the rows in a box of their own: the browser makes it a list of them (access.py); the announcer,
        # visually hidden, is the polite live region that says which task just ticked
        self.rows = w.VBox(rows)
        self.rows.add_class(LIST_CLASS)
        self.announcer = w.HTML()
        self.announcer.add_class(ANNOUNCE_CLASS)
        self.widget = w.VBox([title, self.rows, self.announcer])
        self.widget.add_class("cl-tasks")
        for t in self.tasks:
            self._render(t)

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
            if t.hold > 0:
                met = self._held(t, met, float(lab.t))
            if met is not None and not isinstance(met, NotYet):
                t.done, t.value, t.reason = True, met if isinstance(met, str) else str(met), ""  # a Message stays one
                newly.append(t.key)
                self._render(t)
                self.announcer.value = _html.escape(announcement(t.prompt, t.value))
            elif str(met or "") != t.reason:
                t.reason = met.text if isinstance(met, NotYet) else ""
                self._render(t)
        return newly

    @staticmethod
    def _held(t: Task, met: str | NotYet | None, now: float) -> str | NotYet | None:
        """``met`` once the condition has held for ``t.hold`` s, None before (time going back restarts it)."""
        if met is None or isinstance(met, NotYet):
            t.since = None
            return met
        t.since = now if t.since is None or now < t.since else t.since
        return met if now - t.since >= t.hold - 1e-9 else None

    def done(self, key: str) -> bool:
        """Whether the task ``key`` has been met."""
        return self[key].done

    def value(self, key: str) -> str:
        """The value that met task ``key`` ("" while open)."""
        return self[key].value

    def reason(self, key: str) -> str:
        """Why task ``key`` is not met ("" when met or no reason was given)."""
        return self[key].reason

    def clear(self) -> None:
        """Open every task again."""
        for t in self.tasks:
            t.done, t.value, t.reason, t.since = False, "", "", None
            self._render(t)
        self.announcer.value = ""

    def relabel(self) -> None:
        """Show the title, prompts, hints and values in the language in force now (done marks are kept).

        A hint's HTML is rewritten only here, so an open hint closes once, at the switch.
        """
        if self.tasks:
            self.widget.children[0].value = f"<b>{text('tasks_title')}</b>"
        for t in self.tasks:
            t.prompt, t.hint, t.value = retranslate(t.prompt), retranslate(t.hint), retranslate(t.value)
            t.reason = retranslate(t.reason)
            self.hints[t.key].value = self._hint(t)
            self._render(t)

    def states(self) -> dict[str, bool]:
        """``{key: done}`` for every task."""
        return {t.key: t.done for t in self.tasks}

    @property
    def html(self) -> str:
        """Everything the checklist shows, as one HTML string (for tests and text checks)."""
        return " ".join([self.widget.children[0].value] + [self.status[t.key].value + self.hints[t.key].value
                                                            for t in self.tasks])

    # -- rendering ----------------------------------------------------------------------------
    def _render(self, t: Task) -> None:
        # ☑/☐ are in DejaVu, so they render on every machine (emoji fonts are often missing)
        mark = "<span class='cl-text-done' style='font-weight:bold'>☑</span>" if t.done else "☐"
        status = f" — <i>{_html.escape(text('done_with', value=t.value))}</i>" if t.done else ""
        why = (f"<br><span class='cl-text-why' style='margin-left:1.4em'>{_html.escape(text('not_yet', reason=t.reason))}"
               "</span>" if t.reason and not t.done else "")
        value = f"<div style='{TEXT_STYLE}'>{mark} {_html.escape(t.prompt)}{status}{why}</div>"
        if self.status[t.key].value != value:
            self.status[t.key].value = value

    @staticmethod
    def _hint(t: Task) -> str:
        if not t.hint:
            return ""
        return (f"<details style='margin-left:1.4em;{TEXT_STYLE}'><summary>{text('hint')}</summary>"
                f"{_html.escape(t.hint)}</details>")


def checklist(lab: Any, prompts: dict[str, str], hint_key: str, *, checks: dict[str, Callable[[Any], Any]],
              hold: dict[str, float] | None = None,
              hint_values: dict[str, dict[str, Any]] | None = None) -> TaskList:
    """A lab's tasks from ``{key: prompt}``, each checked by the function ``checks[key]`` the lab names.

    Args:
        lab: the lab; its message table gives the hints.
        prompts: ``{key: prompt}``, in the order shown.
        hint_key: the message key of a task's hint, ``hint_key.format(key=key)``
            (e.g. ``"pend_task_{key}_hint"``), its fields filled from ``hint_values[key]`` where given.
        checks: ``{key: check}``, one check per prompt, e.g. ``{"rest45": self._check_rest45}``.
        hold: ``{key: seconds}`` the condition must hold before the task counts (s of lab time).
        hint_values: ``{key: {field: value}}`` for the hints.

    Returns:
        The checklist.

    Raises:
        ValueError: when ``checks`` and ``prompts`` do not name the same tasks, or a check is not callable.

    A hint is drawn once and never changes (so an open hint stays open): give it every value it
    names here, and phrase it so that it holds whatever the learner changes later.

    >>> from course_lib.i18n import MessageTable
    >>> class Toy:
    ...     messages = MessageTable("doctest_tasks", {"en": {"toy_task_big_hint": "More than {n}."}})
    ...     def T(self, key, **values):
    ...         return self.messages.text(key, **values)
    >>> toy = Toy()
    >>> tl = checklist(toy, {"big": "Make x large."}, "toy_task_{key}_hint", checks={"big": lambda x: None},
    ...                hint_values={"big": {"n": 3}})
    >>> tl["big"].hint
    'More than 3.'
    >>> checklist(toy, {"big": "Make x large."}, "toy_task_{key}_hint", checks={"bog": lambda x: None})
    Traceback (most recent call last):
    ...
    ValueError: checks must name the tasks of prompts, one check each: missing ['big'], not a task ['bog']
    """
    missing, extra = sorted(set(prompts) - set(checks)), sorted(set(checks) - set(prompts))
    if missing or extra:
        raise ValueError(f"checks must name the tasks of prompts, one check each: missing {missing}, "
                         f"not a task {extra}")
    for k, check in checks.items():
        if not callable(check):
            raise ValueError(f"checks[{k!r}] must be a function check(lab) -> str | NotYet | None, got {check!r}")
    return TaskList([Task(k, prompt, check=checks[k],
                          hint=lab.T(hint_key.format(key=k), **(hint_values or {}).get(k, {})),
                          hold=(hold or {}).get(k, 0.0)) for k, prompt in prompts.items()])
