"""The texts a test cell shows: the places it checks, its phrases, its success line, and numbers formatted.

They speak the language in force (``COURSE_LANG=zh`` or ``course_lib.set_language("zh")``); their
sentences live in :mod:`course_lib.grading.check_messages`. Test cells call them through
:mod:`course_lib.grading.checks` (``checks.place(...)``, ``checks.passed(...)``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.grading.check_messages import at, text


def at_values(**values: Any) -> str:
    """The place a test checks, from named values, in the language in force: for ``where=`` of a check.

    Args:
        values: name → value with its unit, in the order to show (numbers are formatted by :func:`fmt`).

    Returns:
        "at θ = 0.400 rad, m = 1.3 kg" in English, "θ = 0.400 rad, m = 1.3 kg 时" in Chinese.

    >>> at_values(θ="0.400 rad", m="1.3 kg")
    'at θ = 0.400 rad, m = 1.3 kg'
    """
    shown = ", ".join(f"{k} = {v if isinstance(v, str) else fmt(v)}" for k, v in values.items())
    return text("at_state", values=shown)


def place(key: str, **values: Any) -> str:
    """A place a test checks, named by ``key`` in the table (``place_<key>``), in the language in force.

    For ``where=`` of a check and for :func:`passed`. A place on a state takes that state as
    ``at=at_values(...)``; vectors are formatted by :func:`fmt`, other values as the text asks.

    Args:
        key: the place's key without the ``place_`` prefix, e.g. ``"other_arm"``.
        values: the text's ``{fields}``.

    Returns:
        "at q = (0.100, 0.200) for another arm" in English, "另一条机械臂，q = (0.100, 0.200) 时" in Chinese.

    >>> place("other_arm", at=at_values(q=[0.1, 0.2]))
    'at q = (0.100, 0.200) for another arm'
    """
    return text(f"place_{key}", **_shown(values))


def phrase(key: str, **values: Any) -> str:
    """Another text a test cell shows (a quantity's name, a reason for :func:`fail`, a success line), by key.

    The key is ``phrase_<key>`` in the table; a ``where`` value is a place and is joined
    to the text as the checks' own messages join it.

    >>> phrase("kp_positive", kp=-3.0, where=place("gains_for", wn=10.0, zeta=1.0))
    'K_p should be positive for ω_n = 10.0 rad/s, ζ = 1.0, got -3'
    """
    if "where" in values:
        values = dict(values, where=at(values["where"]))
    return text(f"phrase_{key}", **_shown(values))


def _shown(values: dict[str, Any]) -> dict[str, Any]:
    """Vectors formatted by :func:`fmt`; texts and scalars left to the message's format."""
    return {k: fmt(v) if isinstance(v, (list, tuple, np.ndarray)) else v for k, v in values.items()}


def passed(*names: str, where: str = "") -> None:
    """Print that the named answers passed this test, in the language in force ("T and V are right.").

    Args:
        names: the answers' code names.
        where: the place they were checked, from :func:`place` ("mass_matrix is right for the course's arm.").
    """
    if len(names) == 1:
        print(text("right_one_where", name=names[0], where=where) if where else text("right_one", name=names[0]))
    else:
        print(text("right_many", names=", ".join(names[:-1]), last=names[-1]))


def fmt(x: Any) -> str:
    """Format a number or vector compactly for a message, e.g. ``(0.412, -1.037)``.

    A single number reads as a number, whatever its shape (a 1×1 matrix too):

    >>> fmt(np.array([[2.0]])), fmt([0.4121, -1.0374])
    ('2.000', '(0.412, -1.037)')
    """
    a = np.atleast_1d(np.asarray(x, dtype=float))
    if a.size == 1:
        return f"{float(a.ravel()[0]):.3f}"
    return "(" + ", ".join(f"{v:.3f}" for v in a.ravel()) + ")"
