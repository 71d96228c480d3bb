"""What the browser predicts of lesson 6's lab, paused: every channel, from the angle and rate sliders and the C form.

From :mod:`course_lib.physics.symbolic.two_link_forms` (the Christoffel symbols of M, the centres and their
accelerations at held rates) and :func:`course_lib.physics.models.two_link.coriolis_entries` (both forms of
C, and h, run with sympy), and the lab's own drawing rule (the mᵢaᵢ arrows capped, :func:`course_lib.lab.numbers.capped`
run on sympy). During Play the
kernel's frames are played as they come and nothing is predicted.

>>> p = coriolis_prediction(18.0)
>>> [i.channel for i in p.inputs]
['theta1_deg', 'theta2_deg', 'qd1', 'qd2', 'alternative']
"""

from __future__ import annotations

import sympy as sp

from course_lib.lab.numbers import capped
from course_lib.lab.predict import (SYMPY_LIB, Input, Prediction, angle_inputs, arm_forms, arm_outputs, arm_parameters,
                                    posture_from_degrees, where)
from course_lib.physics.models.two_link import coriolis_entries, velocity_coupling


def coriolis_prediction(force_cap: float) -> Prediction:
    """Inputs θ₁, θ₂ (deg), θ̇₁, θ̇₂ (rad/s) and the form (0: Christoffel, 1: alternative) from the controls.

    Args:
        force_cap: the longest mᵢaᵢ drawn (N); longer forces are shortened to it, direction kept.
    """
    f = arm_forms()
    angles = angle_inputs()
    rates = (Input("qd1", f.qd[0], "qd1"), Input("qd2", f.qd[1], "qd2"))
    form = Input("alternative", sp.Symbol("alternative", real=True), "form", choices=(0.0, 1.0))
    qd, p, c = f.qd, f.params, f.christoffel
    out = arm_outputs(angles)
    out.update(c1x=f.com1[0], c1y=f.com1[1], c2x=f.com2[0], c2y=f.com2[1], qd1=qd[0], qd2=qd[1],
               alternative=form.symbol, h=velocity_coupling(f.q[1], p, sp))
    for i, (mass, acc) in enumerate(((p.m1, f.com_acc1), (p.m2, f.com_acc2)), start=1):
        out[f"f{i}x"], out[f"f{i}y"] = capped((mass * acc[0], mass * acc[1]), force_cap, SYMPY_LIB)
    for i in range(2):
        centrifugal = sum(c[i][k][k] * qd[k] ** 2 for k in range(2))
        total = sum(c[i][j][k] * qd[j] * qd[k] for j in range(2) for k in range(2))
        out[f"t{i + 1}_cf"], out[f"t{i + 1}_cor"] = centrifugal, total - centrifugal
    alternative = sp.Gt(form.symbol, sp.Rational(1, 2), evaluate=False)
    C = [where(alternative, b, a) for a, b in zip(coriolis_entries(f.q[1], qd[0], qd[1], p, "christoffel", lib=sp),
                                                  coriolis_entries(f.q[1], qd[0], qd[1], p, "alternative", lib=sp))]
    out.update(c11=C[0], c12=C[1], c21=C[2], c22=C[3], tau1=C[0] * qd[0] + C[1] * qd[1], tau2=C[2] * qd[0] + C[3] * qd[1])
    inputs = (*angles, *rates, form)
    return Prediction(inputs, out, arm_parameters(*inputs), derived=posture_from_degrees(angles))
