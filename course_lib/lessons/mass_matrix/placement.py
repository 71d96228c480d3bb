"""Where lesson 5's lab puts its moving labels, how big its payload disc is and where κ's dot sits: written once, run on numbers (the lab) or on sympy (the browser).

``lib`` is ``numpy`` for the lab's own frame, or :data:`course_lib.lab.predict.SYMPY_LIB` when the kit turns
the rule into the scene's JavaScript; each needs ``where``, ``clip``, ``abs``, ``sqrt``, ``greater`` and ``less``.

>>> import numpy as np
>>> [round(float(v), 3) for v in axis_label_spot((1.0, 0.0), (0.0, 1.0), np)]
[2.15, 0.0]
>>> [round(float(v), 2) for v in payload_label_spot(0.5, 1.0, 0.3, 2.0, np)]
[0.5, 1.45]
"""

from __future__ import annotations

from typing import Any

#: the axis labels' box (half width, half height, rad/s) and its gap beyond the axis's end; the q̇ plane's half size
LABEL_HALF_W, LABEL_HALF_H, LABEL_GAP, QD_RANGE = 0.95, 0.35, 0.2, 5.0
#: the payload's label: its gap from the disc (m), and how far it keeps from the world panel's sides and top (m)
PAYLOAD_GAP, PAYLOAD_SIDE, PAYLOAD_TOP = 0.15, 0.45, 0.1


def axis_label_spot(tip: Any, qd: Any, lib: Any) -> tuple[Any, Any]:
    """Where to centre an axis's label: beyond the end of the axis farther from the handle q̇, clear of the ellipse.

    Args:
        tip: one end (x, y) of the semi-axis (rad/s); the other end is −tip, and it is never of length 0 (E > 0).
        qd: the handle (rad/s). lib: numpy or the kit's sympy namespace (see the module).

    Returns:
        The label's centre (rad/s): a LABEL_HALF_W × LABEL_HALF_H box just outside the end, kept in the plane.
    """
    flip = lib.where(lib.greater(tip[0] * qd[0] + tip[1] * qd[1], 0), -1, 1)
    end = (flip * tip[0], flip * tip[1])
    length = lib.sqrt(end[0] ** 2 + end[1] ** 2)
    u = (end[0] / length, end[1] / length)
    out = LABEL_GAP + lib.abs(u[0]) * LABEL_HALF_W + lib.abs(u[1]) * LABEL_HALF_H  # the box's extent along u
    return (lib.clip(end[0] + out * u[0], -QD_RANGE + LABEL_HALF_W, QD_RANGE - LABEL_HALF_W),
            lib.clip(end[1] + out * u[1], -QD_RANGE + LABEL_HALF_H, QD_RANGE - LABEL_HALF_H))


def payload_label_spot(tx: Any, ty: Any, radius: Any, reach: Any, lib: Any) -> tuple[Any, Any]:
    """The payload's label: over its disc, or under it where the disc is near the world panel's top.

    Args:
        tx, ty: the tip (m). radius: the payload disc's radius (m). reach: the world panel's half size (m).
        lib: numpy or the kit's sympy namespace.

    Returns:
        The label's centre (m).
    """
    above = ty + radius + PAYLOAD_GAP
    return (lib.clip(tx, -reach + PAYLOAD_SIDE, reach - PAYLOAD_SIDE),
            lib.where(lib.less(above, reach - PAYLOAD_TOP), above, ty - radius - PAYLOAD_GAP))


def payload_radius(payload: Any, disc: tuple[float, float]) -> Any:
    """The payload disc's radius (m): ``disc`` = (radius at no payload, growth per kg), for ``payload`` kg."""
    return disc[0] + disc[1] * payload


def kappa_dot(kappa: Any, kappa_range: tuple[Any, Any], lib: Any) -> Any:
    """Where the κ plot's dot sits: at κ, or at the plot's edge for a κ off its range (lo, hi)."""
    return lib.clip(kappa, kappa_range[0], kappa_range[1])
