"""What the mass-matrix lab shows about M(q), computed from the model: one posture's numbers, and curves over θ₂.

Both are plain functions of a :class:`~course_lib.physics.models.TwoLinkArm` (its ``mass_matrix`` and
``kinetic_energy``) and :mod:`course_lib.physics.quadratic_forms`, so a test or a quiz can call them without a lab.

>>> from course_lib.physics.models import TwoLinkArm
>>> view = mass_matrix_view(TwoLinkArm(), q=(0.0, 1.0), qd=(1.0, 0.0), E=0.5)
>>> bool(view["lam1"] <= view["lam2"]), bool(abs(view["T"] - 0.5 * view["M11"]) < 1e-12)  # q̇ = (1, 0): T = ½ M₁₁
(True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from course_lib.physics import quadratic_forms as qf
from course_lib.physics.models import TwoLinkArm

#: points of each curve over θ₂
CURVE_POINTS = 181


def mass_matrix_view(arm: TwoLinkArm, q: Any, qd: Any, E: float) -> dict[str, float]:
    """Everything the lab shows about M at one posture and one joint velocity.

    Args:
        arm: the arm; q: (θ₁, θ₂) rad; qd: (q̇₁, q̇₂) rad/s; E: energy of the solid ellipse (J, > 0).

    Returns:
        M's entries, eigenvalues ``lam1 <= lam2``, ``kappa``; the light and heavy semi-axes as
        vectors (``lx, ly``, ``hx, hy``) and lengths (``axis_long``, ``axis_short``) at E and
        (``T_long``, ``T_short``) of the level set through q̇; T = ½ q̇ᵀ M q̇, the joint speed
        ``speed`` = |q̇| (the circle's radius) and the handle's angle to the light axis (deg, 0 at q̇ = 0).
    """
    q, qd = np.asarray(q, dtype=float), np.asarray(qd, dtype=float)
    M = arm.mass_matrix(q)
    lam, vec = qf.spd_eigen(M, name=f"M at q = ({q[0]:.3f}, {q[1]:.3f})")
    long, short = qf.semi_axes(M, E)
    T = float(arm.kinetic_energy(q, qd))
    speed = float(np.hypot(*qd))
    through = np.sqrt(T / E)  # the level set through q̇ is the one at E scaled by √(T/E)
    return dict(M11=M[0, 0], M12=M[0, 1], M22=M[1, 1], lam1=lam[0], lam2=lam[1], kappa=lam[1] / lam[0], E=E,
                lx=long * vec[0, 0], ly=long * vec[1, 0], hx=short * vec[0, 1], hy=short * vec[1, 1],
                axis_long=long, axis_short=short, T_long=through * long, T_short=through * short,
                qd1=qd[0], qd2=qd[1], T=T, speed=speed,
                angle=qf.axis_angle(qd, vec[:, 0]) if speed > 0 else 0.0)


def mass_matrix_curves(arm: TwoLinkArm, n: int = CURVE_POINTS) -> dict[str, np.ndarray]:
    """M₁₁, M₁₂, M₂₂, λ₁ ≤ λ₂ (kg·m²) and κ(M) over θ₂ from −180° to 180° (M does not depend on θ₁).

    Returns:
        ``{"theta2_deg", "M11", "M12", "M22", "lam1", "lam2", "kappa"}``, arrays of length n.
    """
    deg = np.linspace(-180.0, 180.0, n)
    M = arm.mass_matrix(np.stack([np.zeros(n), np.radians(deg)], -1))
    lam, _ = qf.spd_eigen(M)
    return {"theta2_deg": deg, "M11": M[:, 0, 0], "M12": M[:, 0, 1], "M22": M[:, 1, 1],
            "lam1": lam[:, 0], "lam2": lam[:, 1], "kappa": lam[:, 1] / lam[:, 0]}

