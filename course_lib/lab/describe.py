"""A lab's scene in words: a short description of its state, for screen readers and as plain text.

A lab declares :attr:`Described.DESCRIPTION`, the key of a sentence in its own message table whose
fields are the lab's readouts, with their units written next to them, in English and in Chinese::

    "pend_description": "Pendulum at θ {theta_deg:.0f}°, θ̇ {theta_dot:.2f} rad/s; energy {E:.2f} J."

and :attr:`Described.DESCRIBES`, its main readouts and their units (checked by tests/lab/test_describe.py:
each is named in both languages, its unit after it). The kit fills the sentence from
:attr:`~course_lib.lab.base.Lab.readouts` after every refresh (pause, step, reset, a drag, a control,
a language switch) and after each frame that Play shows, and puts it on the scene (``Scene.description``):
the scene's accessible description, shown as plain text under it too. During Play it is written at most
once every :data:`PLAY_EVERY` s.

>>> class Toy(Described):
...     DESCRIPTION = "toy_description"
...     readouts = {"x": 1.234}
...     def T(self, key, **values):
...         return "x is {x:.2f} m".format(**values)
>>> Toy().description()
'x is 1.23 m'
"""

from __future__ import annotations

import functools
import time
from typing import Any, Callable

#: during Play the description is rewritten at most this often (s of wall-clock time)
PLAY_EVERY = 1.0


class Described:
    """Mixin of :class:`~course_lib.lab.base.Lab`: the scene's description from the lab's readouts."""

    #: the key of the description in the lab's message table ("": the lab is not described)
    DESCRIPTION: str = ""
    #: the main readouts the description names, readout -> its unit ("" for a pure number)
    DESCRIBES: dict[str, str] = {}
    #: the key of the sentence used where a readout of :attr:`DESCRIPTION` does not exist (Λ at a
    #: stretched arm, say); "": the scene is then not described rather than described from an old state
    DESCRIPTION_WHEN_MISSING: str = ""

    readouts: dict[str, float]
    scene: Any

    def description(self) -> str:
        """The lab's state in one or two sentences, in the language in force ("" when not declared).

        Returns:
            The sentence :attr:`DESCRIPTION` names, filled from the readouts.
        """
        if not self.DESCRIPTION:
            return ""
        values = self.described_values()
        try:
            return str(self.T(self.DESCRIPTION, **values))
        except KeyError:
            if not self.DESCRIPTION_WHEN_MISSING:
                raise
            return str(self.T(self.DESCRIPTION_WHEN_MISSING, **values))

    def described_values(self) -> dict[str, Any]:
        """The values :meth:`description` is filled from: the readouts, unless a lab writes some of them as
        text (lesson 9 writes κ as ∞ where the fit has lost a rank, as its readout line does)."""
        return self.readouts

    def describe_scene(self, force: bool = False) -> None:
        """Put :meth:`description` on the scene; during Play at most once every :data:`PLAY_EVERY` s
        (``force``: now, e.g. after a learner's change).

        Never raises. Where the sentence cannot be filled (a readout missing and no
        :attr:`DESCRIPTION_WHEN_MISSING`), the scene is left undescribed: an old state is never described.
        """
        if getattr(self, "scene", None) is None or not self.DESCRIPTION:
            return
        now = getattr(self, "clock", time.monotonic)()   # a simulated lab's wall clock (a fake one in tests)
        if not force and getattr(self, "playing", False) and now - getattr(self, "_described_at", -PLAY_EVERY) < PLAY_EVERY:
            return
        try:
            said = self.description()
        except (KeyError, ValueError, TypeError, IndexError):
            said = ""
        self._described_at = now
        if self.scene.description != said:
            self.scene.description = said


def described(refresh: Callable[..., Any]) -> Callable[..., Any]:
    """``refresh``, then :meth:`Described.describe_scene` (the kit wraps every lab's ``refresh`` so).

    Args:
        refresh: a lab class's own ``refresh`` method.

    Returns:
        The wrapped method (marked, so that it is never wrapped twice).
    """
    if getattr(refresh, "_described", False):
        return refresh

    @functools.wraps(refresh)
    def wrapper(self: Described, *args: Any, **kwargs: Any) -> Any:
        out = refresh(self, *args, **kwargs)
        self.describe_scene()
        return out

    wrapper._described = True  # type: ignore[attr-defined]
    return wrapper
