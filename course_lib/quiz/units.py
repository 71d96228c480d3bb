"""Reading a number and its unit, as a learner types them: "-9,81 rad/s²", "1083 mJ", "5 N*cm".

A decimal comma counts as a point, full-width digits from a Chinese input method count as ASCII
ones, and a unit may carry an SI prefix on any of its factors. Used by
:class:`~course_lib.quiz.questions.NumericQuestion`.

>>> read_number("－９．８１　rad／s^2")
(-9.81, 'rad/s^2')
>>> unit_scale("mJ", {"J"}), unit_scale("N*cm", {"N*m"}), unit_scale("s", {"J"})
(0.001, 0.01, None)
"""

from __future__ import annotations

import re
from typing import Any, Iterable

import numpy as np

from course_lib.i18n import halfwidth

#: an optional sign, digits with a decimal point or comma, an exponent; then the rest (the unit)
_NUMBER_UNIT = re.compile(r"^\s*([-+−]?)\s*(\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE]([-+−]?\d+))?\s*(.*?)\s*$")


def normal_unit(unit: str) -> str:
    """'rad/s²' and 'rad / s**2' both become 'rad/s^2'."""
    u = unit.strip().replace(" ", "").replace("**", "^").replace("²", "^2").replace("³", "^3")
    return u.replace("·", "*").replace("⋅", "*")


def shown_unit(unit: str) -> str:
    """A unit as the course writes it for a learner to read: one spelling, "N·m", "m/s²", "kg·m²".

    (The reader accepts "N*m", "N m" and "m/s^2" as well: :func:`normal_unit`.)

    >>> shown_unit("N*m"), shown_unit("m/s^2"), shown_unit("kg*m^2"), shown_unit("N·m")
    ('N·m', 'm/s²', 'kg·m²', 'N·m')
    """
    return normal_unit(unit).replace("*", "·").replace("^2", "²").replace("^3", "³")


#: SI prefixes a learner may put before the question's unit ("1083 mJ" for 1.083 J)
SI_PREFIXES = {"G": 1e9, "M": 1e6, "k": 1e3, "c": 1e-2, "m": 1e-3, "µ": 1e-6, "μ": 1e-6, "u": 1e-6, "n": 1e-9}


def prefixed(unit: str) -> list[tuple[float, str]]:
    """The readings of ``unit`` as (factor, base unit): as it is, and with an SI prefix split off.

    >>> prefixed("kg"), prefixed("m")
    ([(1.0, 'kg'), (1000.0, 'g')], [(1.0, 'm')])
    """
    readings = [(1.0, unit)]
    if len(unit) > 1 and unit[0] in SI_PREFIXES and unit[1].isalpha():
        readings.append((SI_PREFIXES[unit[0]], unit[1:]))
    return readings


def factors(unit: str) -> list[tuple[int, str, int]]:
    """A compound unit as (±1 for multiply/divide, base, power) factors: "N*cm" → [(1, 'N', 1), (1, 'cm', 1)]."""
    out = []
    for sign, part in re.findall(r"([*/]?)([^*/]+)", unit):
        base, _, power = part.partition("^")
        out.append((-1 if sign == "/" else 1, base, int(power) if power.isdigit() else 1))
    return out


def compound_scale(unit: str, accepted: str) -> float | None:
    """The factor from ``unit`` to ``accepted`` when they differ only by SI prefixes on their factors.

    A prefix belongs to the factor it stands before and takes its power: "N*cm" is 0.01 N*m, "mm/ms^2" is
    1000 m/s^2 (so a prefix may sit on any factor of a compound unit, not only on the first).

    >>> compound_scale("N*cm", "N*m"), compound_scale("kN*m", "N*m"), compound_scale("N*s", "N*m")
    (0.01, 1000.0, None)
    """
    mine, theirs = factors(unit), factors(accepted)
    if len(mine) != len(theirs) or len(mine) < 2:
        return None
    total = 1.0
    for (sign, base, power), (own_sign, own_base, own_power) in zip(mine, theirs):
        if (sign, power) != (own_sign, own_power):
            return None
        ratios = [f / g for f, b in prefixed(base) for g, ob in prefixed(own_base) if b == ob]
        if not ratios:
            return None
        total *= ratios[0] ** (power * sign)
    return total


def read_number(response: Any) -> tuple[float, str] | None:
    """A number and the unit after it, or None when the text does not start with one number.

    A decimal comma counts as a decimal point ("-9,81" is −9.81). The unit must
    contain a letter, so "1/0" or "3 4" are not a number with a unit. Full-width
    digits and signs from a Chinese input method count as the ASCII ones.

    >>> read_number("-9,81 rad/s^2"), read_number("1/0"), read_number("2.5e3")
    ((-9.81, 'rad/s^2'), None, (2500.0, ''))
    >>> read_number("－９．８１　rad／s^2")
    (-9.81, 'rad/s^2')
    """
    if isinstance(response, (int, float, np.floating, np.integer)) and not isinstance(response, (bool, np.bool_)):
        value = float(response)
        return (value, "") if np.isfinite(value) else None
    match = _NUMBER_UNIT.match(halfwidth(str(response)))
    if match is None:
        return None
    sign, digits, exponent, unit = match.groups()
    if unit and not re.search(r"[^\W\d_]", unit):
        return None
    number = ("-" if sign in ("-", "−") else "") + digits.replace(",", ".")
    if exponent:
        number += "e" + exponent.replace("−", "-")
    value = float(number)
    return (value, unit) if np.isfinite(value) else None


def unit_scale(unit: str, accepted: Iterable[str]) -> float | None:
    """The factor that turns a value in ``unit`` into the answer's unit; None if ``unit`` is not accepted.

    Args:
        unit: the unit the learner typed ("" for none: taken as the answer's unit).
        accepted: the answer's unit and its other spellings, written as :func:`normal_unit` writes them
            (empty: the answer has no unit, so any unit is taken as it).

    Returns:
        The factor (1.0 for the answer's own unit), or None. Either side may carry an SI prefix:
        "500 g" answers a question in kg, "4000 µs" one in ms, "5 N*cm" one in N*m.

    >>> unit_scale("g", {"kg"}), unit_scale("rad / s**2", {"rad/s^2"})
    (0.001, 1.0)
    """
    accepted = set(accepted)
    u = normal_unit(unit)
    if not u or not accepted or u in accepted:
        return 1.0
    for factor, base in prefixed(u):
        for own in accepted:
            for own_factor, own_base in prefixed(own):
                if base == own_base:
                    return factor / own_factor
    for own in sorted(accepted):
        scale = compound_scale(u, own)
        if scale is not None:
            return scale
    return None
