"""Hints for the common ways a numeric answer is wrong: a constant offset, the opposite sign, a constant factor.

:func:`course_lib.grading.checks.check_numeric` appends the hint to its message; test cells reach it
as ``checks.mistake_hint``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from course_lib.grading.check_messages import text


def mistake_hint(name: str, got: Sequence[Any], expected: Sequence[Any], rtol: float = 1e-9) -> str | None:
    """A targeted hint when scalar results are wrong in one of the common ways, else None.

    :func:`check_numeric` appends it to the message of the first failing state.

    Recognized, at every sample alike: off by the same constant (for a
    potential energy, a different zero level), the opposite sign, or a
    constant factor (a missing ½, m or l). At least three samples with
    different expected values are needed to tell.

    >>> mistake_hint("V", [1.0, 2.0, 4.0], [0.0, 1.0, 3.0])
    'V differs from the expected value by the same constant everywhere (by 1): check where you put V = 0'
    >>> mistake_hint("T", [2.0, 4.0, 8.0], [1.0, 2.0, 4.0])
    'T is 2 times the expected value everywhere: look for a missing or extra constant factor (such as ½, m or l)'
    >>> mistake_hint("T", [1.0, 2.5, 4.0], [1.0, 2.0, 4.0]) is None
    True
    """
    try:
        a = np.asarray(got, dtype=float).ravel()
        b = np.asarray(expected, dtype=float).ravel()
    except (TypeError, ValueError):
        return None
    if a.shape != b.shape or a.size < 3 or len(got) != a.size or not np.all(np.isfinite(a)):
        return None
    scale = 1.0 + float(np.max(np.abs(b)))
    tol = max(rtol, 1e-9) * scale
    if np.ptp(b) <= 1e3 * tol or np.allclose(a, b, rtol=0, atol=tol):
        return None
    d = a - b
    if np.ptp(d) <= tol:
        return text("hint_zero_level" if name.startswith("V") else "hint_offset", name=name, d=float(d.mean()))
    if np.allclose(a, -b, rtol=0, atol=tol):
        return text("hint_sign", name=name)
    big = np.abs(b) > 1e3 * tol
    if big.sum() >= 3 and np.all(np.abs(a[~big]) <= 1e3 * tol):
        k = a[big] / b[big]
        if np.ptp(k) <= 1e-6 * abs(k.mean()):
            return text("hint_factor", name=name, k=float(k.mean()))
    return None
