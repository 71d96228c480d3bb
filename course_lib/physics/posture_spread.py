"""How much the 2R arm's mass matrix changes with its posture: κ(M) and M₁₁ over the elbow angle.

M depends on θ₂ only (M₁₁ = a + 2b cos θ₂, M₁₂ = c + b cos θ₂, M₂₂ = c), so a sweep of θ₂ over a full
turn shows its whole range: κ(M) = λ_max/λ_min is largest with the arm stretched (θ₂ = 0) and smallest
with the elbow bent far; M₁₁ runs from a − 2b (folded) to a + 2b (stretched). A joint controller with
fixed gains sees that spread as a bandwidth √(K_p/M) that changes with the posture.

>>> from course_lib.physics.models import TwoLinkArm
>>> s = elbow_spread(TwoLinkArm())
>>> round(s.kappa_stretched, 1), round(s.kappa_least, 2), round(s.m11_ratio, 2)
(46.1, 5.17, 2.87)
"""

from __future__ import annotations

import dataclasses

import numpy as np

from course_lib.physics import _checks
from course_lib.physics.models import TwoLinkArm
from course_lib.physics.quadratic_forms import condition_number


@dataclasses.dataclass(frozen=True)
class ElbowSpread:
    """Attributes:
        kappa_stretched: κ(M) at θ₂ = 0;  kappa_least: the least κ(M) over θ₂, at ``theta2_least`` (rad, ≥ 0);
        m11_ratio: largest over least M₁₁ over θ₂ (dimensionless).
    """

    kappa_stretched: float
    kappa_least: float
    theta2_least: float
    m11_ratio: float


def elbow_spread(arm: TwoLinkArm, step_deg: float = 0.05) -> ElbowSpread:
    """Sweep θ₂ over [0°, 180°] in ``step_deg`` steps (M is even in θ₂ and does not depend on θ₁).

    Args:
        arm: the arm (its payload included in link 2).
        step_deg: the sweep's step (degrees), > 0.

    Returns:
        An :class:`ElbowSpread`.
    """
    step = _checks.positive("step_deg", step_deg)
    theta2 = np.radians(np.linspace(0.0, 180.0, int(round(180.0 / step)) + 1))
    M = arm.mass_matrix(np.stack([np.zeros_like(theta2), theta2], axis=-1))
    kappa = np.asarray(condition_number(M), dtype=float)
    k = int(np.argmin(kappa))
    return ElbowSpread(kappa_stretched=float(kappa[0]), kappa_least=float(kappa[k]), theta2_least=float(theta2[k]),
                       m11_ratio=float(M[:, 0, 0].max() / M[:, 0, 0].min()))
