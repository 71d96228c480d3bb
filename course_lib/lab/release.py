"""The last release: the state a learner set by hand (a drag, a state slider, Reset), kept for the tasks.

Tasks such as "let go above 120° with b ≥ 0.3 and wait for the energy to
decay" judge the motion since the learner let go. :class:`Release` keeps the
readouts of that moment, and the least value since then of the readouts it
watches (so a task can tell that b was lowered after the release).

A :class:`~course_lib.lab.simlab.SimLab` owns one as ``lab.release``: it
marks a release whenever the state is set by hand and reads every frame the
learner sees, so the release is recorded from the first frame after it.

>>> r = Release(watch=("b",))
>>> r.mark(); r.visit({"E": 5.0, "b": 0.5}); r.visit({"E": 4.0, "b": 0.2}); r.visit({"E": 3.0, "b": 0.4})
>>> r.at["E"], r.least["b"]
(5.0, 0.2)
"""

from __future__ import annotations

from typing import Sequence


class Release:
    """Readouts at the last release (``at``) and the least value since of the watched ones (``least``).

    Args:
        watch: readout names whose minimum since the release is tracked.
    """

    def __init__(self, watch: Sequence[str] = ()):
        self.watch = tuple(watch)
        self.at: dict[str, float] = {}
        self.least: dict[str, float] = {}
        self._pending = True

    def mark(self) -> None:
        """The state was set by hand: the next frame seen is the release."""
        self._pending = True

    def visit(self, row: dict[str, float]) -> None:
        """A frame the learner sees, with its readouts ``row``."""
        if self._pending:
            self.at, self.least, self._pending = dict(row), {k: row[k] for k in self.watch}, False
        else:
            self.least = {k: min(v, row[k]) for k, v in self.least.items()}
