"""How lesson 7's lab draws Λ: written once, run on numbers (the lab) or on sympy (the browser's prediction).

``lib`` is ``numpy`` for the lab's own frame, or :data:`course_lib.lab.predict.SYMPY_LIB` when the kit turns
the rule into the scene's JavaScript; the rules use its ``where``, ``minimum``, ``maximum``, ``sqrt``,
``log10`` and ``less``. Matrices are passed as their entries, so both sides index them alike.

>>> import numpy as np
>>> round(float(polar_radius(9.0, np)), 6), round(float(mass_curve_radius(0.0, 1000.0, np)), 4)
(1.0, 3.0004)
>>> [round(float(v), 6) for v in sqrt_psd(4.0, 0.0, 9.0, np)]
[2.0, 0.0, 0.0, 3.0]
"""

from __future__ import annotations

from typing import Any


def polar_radius(mass: Any, lib: Any) -> Any:
    """The polar plot's radius for an apparent mass (kg): log₁₀(1 + m), so 1, 10, 100 and 1000 kg all fit."""
    return lib.log10(1 + mass)


def mass_curve_radius(through: Any, cut: float, lib: Any) -> Any:
    """The polar curve's radius along u from ``through`` = uᵀΛ⁻¹u (1/kg, ≥ 0): m(u) = 1/through, cut at ``cut`` kg
    (finite where Λ⁻¹ has no component along u)."""
    return polar_radius(1 / lib.maximum(through, 1 / cut), lib)


def kappa_shown(kappa: Any, singular: Any, top: float, lib: Any) -> Any:
    """The κ(Λ) plot's dot: κ up to the plot's ``top``, and at the top where Λ does not exist (``singular``)."""
    return lib.where(singular, top, lib.minimum(kappa, top))


def sqrt_psd(a: Any, b: Any, d: Any, lib: Any) -> tuple[Any, Any, Any, Any]:
    """The square root (r₁₁, r₁₂, r₂₁, r₂₂) of the symmetric positive semi-definite [[a, b], [b, d]], in closed form:
    (A + √det A · I) / √(tr A + 2√det A). A must not be 0 (Λ⁻¹ of an arm never is)."""
    root_det = lib.sqrt(lib.maximum(a * d - b * b, 0))
    scale = lib.sqrt(a + d + 2 * root_det)
    return (a + root_det) / scale, b / scale, b / scale, (d + root_det) / scale


def matrix_curve(m: tuple[Any, Any, Any, Any], c: Any, s: Any, centre: tuple[Any, Any],
                 scale: float) -> tuple[Any, Any]:
    """The points ``centre + scale · M (c, s)`` of a curve through the unit vectors (c, s) (arrays or symbols)."""
    return (scale * (m[0] * c + m[1] * s) + centre[0], scale * (m[2] * c + m[3] * s) + centre[1])
