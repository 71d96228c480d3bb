"""What the browser predicts of lesson 7's lab: its channels and its three curves, from the angle sliders.

From :mod:`course_lib.physics.symbolic.two_link_forms`: the Jacobian, Λ⁻¹ = J M⁻¹ Jᵀ and its eigenvalues
(κ(Λ), and where Λ does not exist), and the lab's own drawing rules run on sympy (:mod:`.drawing`, and the
kit's :func:`~course_lib.lab.numbers.capped`): the push's disc at its tail, the tip's acceleration Λ⁻¹F capped,
the apparent mass on a log scale, the velocity ellipse ½ẋᵀΛẋ = ½ drawn as (Λ⁻¹)^½ w with |w| = 1 and the
manipulability ellipse J w.

>>> p = operational_space_prediction(dict(push=0.3, acc=0.3, vel=0.3, arrow_max=0.6, cut=1000.0, top=30.0,
...                                       sigma_min=1e-3), ((1.0, 0.0), (0.0, 1.0)))
>>> sorted(p.curves), [i.channel for i in p.inputs]
(['manip', 'mass', 'vel_ellipse'], ['theta1_deg', 'theta2_deg', 'fx', 'fy'])
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from course_lib.lab.numbers import capped
from course_lib.lab.predict import (DIRECTION, SYMPY_LIB, Input, Prediction, absolute, angle_inputs, arm_forms,
                                    arm_outputs, arm_parameters, posture_from_degrees, signum)
from course_lib.lessons.operational_space import drawing
from course_lib.physics.symbolic.two_link_forms import symmetric_eigen


def operational_space_prediction(scales: dict[str, float], directions: tuple[tuple[float, float], ...]) -> Prediction:
    """Inputs θ₁, θ₂ (deg) from the sliders and the drawn push (fx, fy) (m) from the kernel's frame.

    Args:
        scales: ``push``, ``acc``, ``vel`` (m per N, per m/s², per m/s), ``arrow_max`` (m), ``cut`` (kg, the
            polar plot's cut), ``top`` (the κ plot's top) and ``sigma_min`` (m/rad, where Λ stops existing).
        directions: the unit vectors the curves are drawn through (the lab's 73 points round a circle).
    """
    f = arm_forms()
    angles = angle_inputs()
    push = (Input("fx", sp.Symbol("fx", real=True)), Input("fy", sp.Symbol("fy", real=True)))
    fx, fy = push[0].symbol, push[1].symbol
    inv, J = f.inverse_task_inertia(), f.jacobian
    F = (fx / scales["push"], fy / scales["push"])
    size = sp.sqrt(F[0] ** 2 + F[1] ** 2)
    acc = (inv[0, 0] * F[0] + inv[0, 1] * F[1], inv[1, 0] * F[0] + inv[1, 1] * F[1])
    out = arm_outputs(angles)
    ax, ay = capped((scales["acc"] * acc[0], scales["acc"] * acc[1]), scales["arrow_max"], SYMPY_LIB)
    polar = drawing.polar_radius(sp.Float(scales["cut"]), SYMPY_LIB)
    lam = symmetric_eigen(inv[0, 0], inv[0, 1], inv[1, 1], absolute, signum)
    jtj = J.T * J
    singular = sp.Lt(symmetric_eigen(jtj[0, 0], jtj[0, 1], jtj[1, 1], absolute, signum)["lam1"], scales["sigma_min"] ** 2,
                     evaluate=False)
    out.update(px=out["tx"] - fx, py=out["ty"] - fy, fx=fx, fy=fy, ax=ax, ay=ay, F=size,
               acc=sp.sqrt(acc[0] ** 2 + acc[1] ** 2), ux=polar * F[0] / size, uy=polar * F[1] / size,
               kappa_shown=drawing.kappa_shown(lam["lam2"] / lam["lam1"], singular, scales["top"], SYMPY_LIB))
    c, s = DIRECTION
    through = c * (inv[0, 0] * c + inv[0, 1] * s) + s * (inv[1, 0] * c + inv[1, 1] * s)   # uᵀ Λ⁻¹ u
    radius = drawing.mass_curve_radius(through, sp.Float(scales["cut"]), SYMPY_LIB)
    root = drawing.sqrt_psd(inv[0, 0], inv[0, 1], inv[1, 1], SYMPY_LIB)
    tip = (out["tx"], out["ty"])
    curves: dict[str, tuple[Any, Any]] = {
        "vel_ellipse": drawing.matrix_curve(root, c, s, tip, scales["vel"]),
        "manip": drawing.matrix_curve(tuple(J), c, s, tip, scales["vel"]),
        "mass": (radius * c, radius * s)}
    inputs = (*angles, *push)
    return Prediction(inputs, out, arm_parameters(*inputs), curves, tuple(directions), posture_from_degrees(angles))

