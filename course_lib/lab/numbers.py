"""Numbers a lab shows: start angles checked against their slider, angles wrapped, arrows capped, and
every shown number written at a sensible precision (:func:`significant`).

>>> float(wrap_degrees(370.0)), significant(8.9e-16, floor=1e-12)
(10.0, '0')
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from course_lib.i18n import significant  # noqa: F401  (written once, in i18n: message tables use it too)
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
