"""What the browser predicts of lesson 5's lab: every channel of its scene, from the angle, payload and energy sliders.

The expressions come from :mod:`course_lib.physics.symbolic.two_link_forms` (M(q) and its eigen-axes) and
from the lab's own placement rules (:mod:`.placement`: the payload's label and disc, the axis labels, κ's dot) run on sympy; the kit turns them into the scene's JavaScript (:mod:`course_lib.lab.predict`). A test evaluates
that JavaScript against the lab's own numbers at random postures and arms.

>>> p = mass_matrix_prediction()
>>> sorted(i.channel for i in p.inputs)
['E', 'payload', 'qd1', 'qd2', 'theta1_deg', 'theta2_deg']
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from course_lib.lab.predict import (SYMPY_LIB, Input, Prediction, absolute, angle_inputs, arm_forms, arm_outputs,
                                    arm_parameters, posture_from_degrees, signum)
from course_lib.lessons.mass_matrix.placement import axis_label_spot, kappa_dot, payload_label_spot, payload_radius
from course_lib.physics.symbolic.two_link_forms import symmetric_eigen

#: the parameters beyond the arm's: the κ plot's range (its dot is clipped to it)
KAPPA_LO, KAPPA_HI = sp.symbols("kappa_lo kappa_hi", real=True)


def mass_matrix_prediction(disc: tuple[float, float] = (0.27, 0.13), reach_per_m: float = 1.08) -> Prediction:
    """Inputs θ₁, θ₂ (deg), payload (kg), E (J) from the sliders and q̇ (rad/s) from the kernel's frame.

    Args:
        disc: the payload disc's radius (m) at no payload and per kg.
        reach_per_m: the world panel's half size per metre of the arm's reach.
    """
    f = arm_forms()
    angles = angle_inputs()
    payload = Input("payload", f.raw["payload"], "payload")
    energy = Input("E", sp.Symbol("E", positive=True), "E")
    qd = (Input("qd1", sp.Symbol("v1", real=True)), Input("qd2", sp.Symbol("v2", real=True)))
    E, v = energy.symbol, (qd[0].symbol, qd[1].symbol)
    M = f.M
    eig = symmetric_eigen(M[0, 0], M[0, 1], M[1, 1], absolute, signum)
    long, short = sp.sqrt(2 * E / eig["lam1"]), sp.sqrt(2 * E / eig["lam2"])
    T = (sp.Matrix([v]) * M * sp.Matrix(v))[0, 0] / 2
    through = sp.sqrt(T / E)
    out = arm_outputs(angles)
    kappa = eig["lam2"] / eig["lam1"]
    light, heavy = (long * eig["v1x"], long * eig["v1y"]), (short * eig["v2x"], short * eig["v2y"])
    out.update(payload=payload.symbol, payload_r=payload_radius(payload.symbol, disc),
               qd1=v[0], qd2=v[1], lx=light[0], ly=light[1], hx=heavy[0], hy=heavy[1], T=T, E=E, kappa=kappa,
               M11=M[0, 0], M12=M[0, 1], M22=M[1, 1], lam1=eig["lam1"], lam2=eig["lam2"], axis_long=long,
               axis_short=short, T_long=through * long, T_short=through * short,
               speed=sp.sqrt(v[0] ** 2 + v[1] ** 2), kappa_dot=kappa_dot(kappa, (KAPPA_LO, KAPPA_HI), SYMPY_LIB))
    reach = reach_per_m * (f.raw["l1"] + f.raw["l2"])
    out["payload_lx"], out["payload_ly"] = payload_label_spot(out["tx"], out["ty"], out["payload_r"], reach, SYMPY_LIB)
    for key, tip in (("l", light), ("h", heavy)):
        out[f"label_{key}x"], out[f"label_{key}y"] = axis_label_spot(tip, v, SYMPY_LIB)
    inputs = (*angles, payload, energy, *qd)
    return Prediction(inputs, out, arm_parameters(*inputs) + (KAPPA_LO, KAPPA_HI), derived=posture_from_degrees(angles))
