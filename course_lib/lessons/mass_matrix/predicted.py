"""What the browser predicts of lesson 5's lab: every channel of its scene, from the angle, payload and energy sliders.

The expressions come from :mod:`course_lib.physics.symbolic.two_link_forms` (M(q) and its eigen-axes) and
repeat the lab's placement rules (the payload's label, the axis labels, the κ dot clipped to its plot) in
sympy; the kit turns them into the scene's JavaScript (:mod:`course_lib.lab.predict`). A test evaluates
that JavaScript against the lab's own numbers at random postures and arms.

>>> p = mass_matrix_prediction()
>>> sorted(i.channel for i in p.inputs)
['E', 'payload', 'qd1', 'qd2', 'theta1_deg', 'theta2_deg']
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from course_lib.lab.predict import (Input, Prediction, absolute, angle_inputs, arm_forms, arm_outputs, arm_parameters,
                                    clip, posture_from_degrees, signum, where)
from course_lib.physics.symbolic.two_link_forms import symmetric_eigen

#: the parameters beyond the arm's: the κ plot's range (its dot is clipped to it)
KAPPA_LO, KAPPA_HI = sp.symbols("kappa_lo kappa_hi", real=True)


def label_spot(tip: tuple[Any, Any], qd: tuple[Any, Any], sizes: dict[str, float]) -> tuple[Any, Any]:
    """The axis label's centre, as :func:`course_lib.lessons.mass_matrix.lab.axis_label_spot` places it (sympy)."""
    flip = where(sp.Gt(tip[0] * qd[0] + tip[1] * qd[1], 0, evaluate=False), -1, 1)
    end = (flip * tip[0], flip * tip[1])
    length = sp.sqrt(end[0] ** 2 + end[1] ** 2)
    u = (end[0] / length, end[1] / length)
    out = sizes["gap"] + absolute(u[0]) * sizes["half_w"] + absolute(u[1]) * sizes["half_h"]
    r = sizes["range"]
    return (clip(end[0] + out * u[0], -r + sizes["half_w"], r - sizes["half_w"]),
            clip(end[1] + out * u[1], -r + sizes["half_h"], r - sizes["half_h"]))


def mass_matrix_prediction(disc: tuple[float, float] = (0.27, 0.13),
                           sizes: dict[str, float] | None = None) -> Prediction:
    """Inputs θ₁, θ₂ (deg), payload (kg), E (J) from the sliders and q̇ (rad/s) from the kernel's frame.

    Args:
        disc: the payload disc's radius (m) at no payload and per kg.
        sizes: the axis labels' ``gap``, ``half_w``, ``half_h`` and the q̇ plane's ``range`` (rad/s).
    """
    sizes = sizes or dict(gap=0.2, half_w=0.95, half_h=0.35, range=5.0)
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
    out.update(payload=payload.symbol, payload_r=disc[0] + disc[1] * payload.symbol,
               qd1=v[0], qd2=v[1], lx=light[0], ly=light[1], hx=heavy[0], hy=heavy[1], T=T, E=E, kappa=kappa,
               M11=M[0, 0], M12=M[0, 1], M22=M[1, 1], lam1=eig["lam1"], lam2=eig["lam2"], axis_long=long,
               axis_short=short, T_long=through * long, T_short=through * short,
               speed=sp.sqrt(v[0] ** 2 + v[1] ** 2), kappa_dot=clip(kappa, KAPPA_LO, KAPPA_HI))
    reach = sp.Rational(108, 100) * (f.raw["l1"] + f.raw["l2"])
    above = out["ty"] + out["payload_r"] + sp.Rational(15, 100)
    out.update(payload_lx=clip(out["tx"], -reach + sp.Rational(45, 100), reach - sp.Rational(45, 100)),
               payload_ly=where(sp.Lt(above, reach - sp.Rational(1, 10), evaluate=False), above,
                                out["ty"] - out["payload_r"] - sp.Rational(15, 100)))
    for key, tip in (("l", light), ("h", heavy)):
        out[f"label_{key}x"], out[f"label_{key}y"] = label_spot(tip, v, sizes)
    inputs = (*angles, payload, energy, *qd)
    return Prediction(inputs, out, arm_parameters(*inputs) + (KAPPA_LO, KAPPA_HI), derived=posture_from_degrees(angles))
