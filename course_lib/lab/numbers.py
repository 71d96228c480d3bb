"""Numbers a lab shows: start angles checked against their slider, angles wrapped, arrows capped, and
every shown number written at a sensible precision (:func:`significant`).

>>> float(wrap_degrees(370.0)), significant(8.9e-16, floor=1e-12)
(10.0, '0')
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from course_lib.lab.messages import text


def slider_angle(name: str, value: Any, low: float = -180.0, high: float = 180.0) -> float:
    """Check a lab's start angle (degrees) against its slider's range.

    Raises:
        ValueError: naming ``name`` and the allowed range, for a non-number,
            NaN, infinity or a value outside [low, high].

    >>> slider_angle("theta0", 30)
    30.0
    >>> slider_angle("theta0", 1000)
    Traceback (most recent call last):
    ...
    ValueError: theta0 must be a finite angle in degrees from -180 to 180 (the slider's range), got 1000
    """
    try:
        angle = float(value)
    except (TypeError, ValueError):
        angle = math.nan
    if not (math.isfinite(angle) and low <= angle <= high):
        raise ValueError(text("error_angle_range", name=name, low=low, high=high, value=value))
    return angle


def wrap_degrees(angle: Any, lib: Any = np) -> Any:
    """An angle (degrees) folded into (−180°, 180°]: 190° reads −170°, −180° reads 180°.

    Written once for numbers (``lib`` numpy, the default) and for the browser's prediction (``lib`` the kit's
    :data:`course_lib.lab.predict.SYMPY_LIB`, which needs ``mod``).

    >>> [float(wrap_degrees(a)) for a in (190.0, -180.0, 540.0, 45.0)]
    [-170.0, 180.0, 180.0, 45.0]
    """
    if lib is np:
        angle = np.asarray(angle, dtype=float)
    return 180 - lib.mod(180 - angle, 360)


def capped(force: Any, cap: Any, lib: Any = np) -> Any:
    """Vectors ``force`` (shape (2, N), or a pair (x, y)) shortened to length ``cap`` where longer, directions kept.

    A Newton view draws arrows proportional to forces; capping keeps a huge force
    from drawing an arrow across the whole scene (its label still gives the value).
    ``lib`` is numpy (the lab's frame) or the kit's ``SYMPY_LIB`` (the browser's prediction, a pair back).

    >>> capped(np.array([[3.0, 0.3], [4.0, 0.4]]), 1.0).round(2).tolist()
    [[0.6, 0.3], [0.8, 0.4]]
    """
    x, y = force[0], force[1]
    size = lib.sqrt(x**2 + y**2)
    scale = lib.where(lib.greater(size, cap), cap / lib.maximum(size, 1e-300), 1)
    return lib.stack((x * scale, y * scale))


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def significant(value: Any, digits: int = 3, floor: float = 0.0) -> str:
    """``value`` rounded to ``digits`` significant digits, trailing zeros kept, as a learner reads it.

    A true zero, and any value whose size is below ``floor`` (the caller states it in the value's unit,
    e.g. a round-off level relative to the quantity's scale), reads "0". From 10⁻⁴ to below 10⁵ the
    number is written out (0.0123, 7.10, 7430); beyond, as "1.23 × 10⁵". Negative numbers take the
    minus sign "−"; a non-finite value reads "–".

    Args:
        value: the number (any unit; the caller writes the unit).
        digits: significant digits, at least 1.
        floor: sizes below this (same unit as ``value``, ≥ 0) read 0.
    Returns:
        The text.

    >>> [significant(v) for v in (0.0, 7.1, 7428.2, 0.0123, -2.5e-6, 1.5e6, 0.99996)]
    ['0', '7.10', '7430', '0.0123', '−2.50 × 10⁻⁶', '1.50 × 10⁶', '1.00']
    >>> significant(8.9e-14, digits=2, floor=1e-7), significant(0.012, digits=2)
    ('0', '0.012')
    >>> significant(1.0, digits=0)
    Traceback (most recent call last):
    ...
    ValueError: significant: digits must be a whole number ≥ 1, got 0
    """
    if not (isinstance(digits, int) and digits >= 1):
        raise ValueError(f"significant: digits must be a whole number ≥ 1, got {digits!r}")
    if not (math.isfinite(floor) and floor >= 0):
        raise ValueError(f"significant: floor must be a finite size ≥ 0, got {floor!r}")
    x = float(value)
    if not math.isfinite(x):
        return "–"
    if x == 0 or abs(x) < floor:
        return "0"
    x = float(f"{x:.{digits - 1}e}")  # rounded first, so 0.99996 reads 1.00, not 0.99996 at 3 digits
    e = math.floor(math.log10(abs(x)))
    if -4 <= e < 5:
        text = f"{x:.{max(0, digits - 1 - e)}f}"
    else:
        mantissa, exponent = f"{x:.{digits - 1}e}".split("e")
        text = f"{mantissa} × 10{str(int(exponent)).translate(_SUPERSCRIPT)}"
    return text.replace("-", "−")


def energy_text(joules: float) -> str:
    """An energy readable at any size: 3 significant digits in J, mJ or µJ, in powers of ten beyond.

    >>> [energy_text(v) for v in (0.0, -3824.588323, 37.81, 0.0123, 4.5e-6, 2.0e-9, 1.5e6)]
    ['0 J', '−3.82 × 10³ J', '37.8 J', '12.3 mJ', '4.50 µJ', '2.00 × 10⁻⁹ J', '1.50 × 10⁶ J']
    """
    x = float(joules)
    if not math.isfinite(x):
        return "–"
    if x == 0:
        return "0 J"
    x = float(f"{x:.3g}")  # three significant digits first, so 0.99996 J is 1.00 J, not 1000 mJ
    for unit, scale in (("J", 1.0), ("mJ", 1e-3), ("µJ", 1e-6)):
        if scale <= abs(x) < 1000 * scale:
            value = x / scale
            return f"{value:.{2 - math.floor(math.log10(abs(value)))}f} {unit}".replace("-", "−")
    mantissa, exponent = f"{x:.2e}".split("e")
    power = str(int(exponent)).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
    return f"{mantissa} × 10{power} J".replace("-", "−")
