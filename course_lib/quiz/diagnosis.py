"""What a wrong number can honestly be said to be: minus the answer, twice it, its reciprocal, …

A :class:`~course_lib.quiz.questions.NumericQuestion` names a cause for a wrong value only when the
cause explains that value within the question's tolerance: undoing the slip (negating, halving,
inverting, …) must bring the typed value within ``tolerance`` of the answer. Otherwise nothing is
named, and the learner reads only that the value is not the answer, with the question's own hint.

A cause is never named when it cannot be told from the answer itself (the answer is within the
tolerance of zero, or the slip would still give an accepted value).

>>> diagnose(-9.81, expected=9.81, tolerance=0.02)
'sign'
>>> diagnose(0.349, expected=2.865, tolerance=0.01), diagnose(5.0, expected=2.865, tolerance=0.01)
('reciprocal', None)
>>> diagnose(9810, expected=9.81, tolerance=0.02, unit="m/s^2")
'unit'

A question may also declare its own slips (:class:`Slip`): a named wrong formula (the weight without the
inertial term, the torque without sin 45°), evaluated by course_lib, and what to tell a learner who used
it. A slip is named only when it explains the value: the value is within the answer's relative tolerance
of the slip's value, and no accepted answer is (:func:`slip_explains`).

>>> forgot_sin = Slip("forgot_sin", 9.81, "That is m g l: the lever arm at 45° is l sin 45°.")
>>> slip_explaining(9.80, 6.937, 0.05, [forgot_sin]).name, slip_explaining(9.5, 6.937, 0.05, [forgot_sin])
('forgot_sin', None)
"""

from __future__ import annotations

import dataclasses
import math
from typing import Callable

#: SI factors a value typed in another unit is off by (the learner wrote mm for m, or g for kg)
UNIT_FACTORS = (1e3, 1e-3, 1e6, 1e-6, 1e2, 1e-2)


@dataclasses.dataclass(frozen=True)
class Cause:
    """One slip: its name (the message key is ``quiz_cause_<name>``) and what the slip does to the answer.

    Attributes:
        name: ``"sign"``, ``"twice"``, ``"reciprocal"``, …
        slip: the answer → the value a learner who made this slip types (None where it does not apply).
    """

    name: str
    slip: Callable[[float], float | None]


def _root(x: float) -> float | None:
    return math.sqrt(x) if x > 0 else None


def causes(unit: str = "", ratio: float | None = None, count: bool = False) -> list[Cause]:
    """The slips a question's wrong value is checked against, in the order they are named.

    Args:
        unit: the question's unit ("" for none: no unit slip, and "%" turns percent into fraction).
        ratio: a gear ratio k the question involves (None: no k² slip).
        count: the answer counts something (a rank, a number of calls): only the sign slip applies.

    Returns:
        The causes, each with its slip.

    >>> [c.name for c in causes(count=True)]
    ['sign']
    """
    found = [Cause("sign", lambda e: -e)]
    if count:
        return found
    if unit:
        found += [Cause("unit", lambda e, f=f: e * f) for f in UNIT_FACTORS]
    found += [Cause("twice", lambda e: 2 * e), Cause("half", lambda e: e / 2),
              Cause("times_pi", lambda e: e * math.pi), Cause("over_pi", lambda e: e / math.pi)]
    if ratio is not None and abs(ratio) not in (0.0, 1.0):
        found += [Cause("times_k2", lambda e: e * ratio ** 2), Cause("over_k2", lambda e: e / ratio ** 2)]
    found.append(Cause("reciprocal", lambda e: 1 / e))
    found.append(Cause("fraction", lambda e: e / 100) if unit == "%" else Cause("percent", lambda e: e * 100))
    found += [Cause("square", lambda e: e * e), Cause("root", _root)]
    return found


def explains(cause: Cause, value: float, expected: float, tolerance: float) -> bool:
    """Whether ``cause`` explains ``value``: the slip, made on some accepted answer (within ``tolerance``
    of ``expected``), gives ``value``; and the slip made on the answer is not itself accepted.

    Args:
        cause: the slip.
        value: the learner's value, in the question's unit.
        expected, tolerance: the question's answer and its absolute tolerance (> 0).

    >>> explains(Cause("twice", lambda e: 2 * e), 4.02, 2.0, 0.01), explains(Cause("twice", lambda e: 2 * e), 4.05, 2.0, 0.01)
    (True, False)
    """
    if abs(expected) <= tolerance:
        return False
    slipped = cause.slip(expected)
    if slipped is None or not math.isfinite(slipped) or abs(slipped - expected) <= tolerance:
        return False
    # the values the slip makes of every accepted answer: an interval, since each slip is monotonic
    # between expected - tolerance and expected + tolerance (neither end crosses zero)
    low, high = cause.slip(expected - tolerance), cause.slip(expected + tolerance)
    if low is None or high is None:
        return False
    return min(low, high) <= value <= max(low, high)

@dataclasses.dataclass(frozen=True)
class Slip:
    """One question's named wrong formula: what a learner who made this slip computes, and what they read.

    Attributes:
        name: the slip's name (the result's cause is ``"slip:<name>"``), e.g. ``"forgot_sin"``.
        value: the wrong formula evaluated by course_lib, in the question's unit.
        message: the sentence the learner reads, from the lesson's quiz table in the language in force.
    """

    name: str
    value: float
    message: str


def slip_window(slip: Slip, expected: float, tolerance: float) -> float:
    """The half-width of the values ``slip`` explains: the answer's tolerance, scaled to the slip's value
    (the learner computed the wrong formula as carefully as the right one would have needed).

    Args:
        slip: the slip.
        expected, tolerance: the question's answer and its absolute tolerance (> 0).
    """
    return tolerance * abs(slip.value / expected) if expected else tolerance


def slip_explains(slip: Slip, value: float, expected: float, tolerance: float) -> bool:
    """Whether ``slip`` explains ``value``: within :func:`slip_window` of the slip's value, and the slip's
    window is apart from the accepted answers (so no accepted answer, and no slip-free value next to one,
    is ever called this slip).

    >>> slip_explains(Slip("weight_only", 9.81, ""), 9.83, 29.43, 0.1), slip_explains(Slip("w", 29.4, ""), 29.3, 29.43, 0.1)
    (True, False)
    """
    window = slip_window(slip, expected, tolerance)
    if not math.isfinite(slip.value) or abs(slip.value - expected) <= tolerance + window:
        return False
    return abs(value - slip.value) <= window


def slip_explaining(value: float, expected: float, tolerance: float, slips) -> Slip | None:
    """The first of ``slips`` that explains ``value`` (:func:`slip_explains`), or None.

    Args:
        value: the learner's value, in the question's unit.
        expected, tolerance: the answer and its absolute tolerance.
        slips: the question's slips, in the order they are tried.
    """
    return next((slip for slip in slips if slip_explains(slip, value, expected, tolerance)), None)


def diagnose(value: float, expected: float, tolerance: float, unit: str = "",
             ratio: float | None = None, count: bool = False) -> str | None:
    """The name of the first cause that explains ``value``, or None when none does.

    Args:
        value: the learner's value, in the question's unit (already not within ``tolerance``).
        expected, tolerance: the answer and its absolute tolerance.
        unit, ratio, count: as for :func:`causes`.

    Returns:
        A cause's name or None.
    """
    for cause in causes(unit, ratio, count):
        if explains(cause, value, expected, tolerance):
            return cause.name
    return None
