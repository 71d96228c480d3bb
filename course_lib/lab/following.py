"""Controls the kit moves itself: sliders that follow the state, and front-end echoes told by identity.

The kit moves a control (:meth:`Following.move_control`) to show what the state
already holds, without running its callback. A front end can send such a value
back late: a slider view re-reads the value it was just given (to float
noise) and reports it, possibly after the kit has already shown a later one.
That report is an echo, recognised by identity: it is (to 1e-9) one of the
values the kit itself sent on that control since the learner last moved it.
Any other value is the learner's move; it ends the list, so a learner who moves
a slider away and back to the kit's last value is heard both times. An echo of
an older value is answered by showing the kit's latest value again, so the
control and the state never disagree.

>>> sent = SentValues()
>>> sent.add("theta", 30.0); sent.add("theta", 31.0)
>>> sent.echo("theta", 30.000000000001), sent.echo("theta", 31.0), sent.echo("theta", 30.0)
((True, 31.0), (True, None), (False, None))
"""

from __future__ import annotations

import math
from typing import Any

#: at most this many values the kit sent on one control are remembered (a long Play sends many)
KEEP = 16


class SentValues:
    """The values the kit showed on each control, oldest first, since the learner last moved that control."""

    def __init__(self) -> None:
        self._sent: dict[str, list[Any]] = {}

    def add(self, key: str, value: Any) -> None:
        """The kit shows ``value`` on control ``key``."""
        sent = self._sent.setdefault(key, [])
        if not (sent and _same(sent[-1], value)):
            sent.append(value)
        del sent[:-KEEP]

    def echo(self, key: str, value: Any) -> tuple[bool, Any]:
        """Whether ``value``, sent by a front end on ``key``, echoes the kit; and the value to show again.

        Returns:
            (True, None): the echo of the kit's latest value (nothing to do);
            (True, latest): the echo of an older value (show ``latest`` again);
            (False, None): the learner's move (the list is emptied).
        """
        sent = self._sent.get(key, [])
        for i in range(len(sent) - 1, -1, -1):
            if _same(value, sent[i]):
                latest, older = sent[-1], i < len(sent) - 1
                del sent[:i + 1]
                return True, (latest if older else None)
        sent.clear()
        return False, None


class Following:
    """Mixin of :class:`~course_lib.lab.base.Lab`: move controls without their callback; followed sliders."""

    CONTROLS: tuple
    controls: dict
    readouts: dict
    _quiet: int
    _sent: SentValues

    def move_control(self, key: str, value: Any) -> None:
        """Show ``value`` on control ``key`` without running its callback (the state already has it)."""
        self._sent.add(key, value)
        self._quiet += 1
        try:
            self.controls[key].value = value
        finally:
            self._quiet -= 1

    def _is_echo(self, key: str, value: Any) -> bool:
        """Whether ``value`` from a front end echoes what the kit showed on ``key`` (see the module docstring)."""
        echo, again = self._sent.echo(key, value)
        if again is not None:
            self.move_control(key, again)
        return echo

    def follow_controls(self) -> None:
        """Move every control bound to a state channel (``follow=``) to that readout, without its callback.

        A control that already shows the readout to float noise (a browser slider may send 91.00000000000006
        for 91) is not moved: moving it would send an older value to a browser that may already show a later
        one (an arrow press moves a slider several steps at once), and the slider would jump back."""
        for spec in self.CONTROLS:
            channel = getattr(spec, "follow", None)
            if channel is None or spec.key not in self.controls or channel not in self.readouts:
                continue
            value, shown = self.readouts[channel], self.controls[spec.key].value
            if not math.isfinite(value):
                continue
            target = spec.shown_for(value, shown)
            if not _same(target, shown):  # a value the learner sent with float noise is left as it is
                self.move_control(spec.key, target)


def _same(a: Any, b: Any) -> bool:
    """Equal, or for numbers equal to 1e-9 (a front end may send a slider's value back with float noise)."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return abs(float(a) - float(b)) <= 1e-9 * (1.0 + abs(float(b)))
    return a == b
