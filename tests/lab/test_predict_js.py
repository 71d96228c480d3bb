"""The browser's generated prediction agrees with the kernel's numbers, under Node, at 1,000 random states per lab.

Each case is a random arm (lengths, masses, centres, inertias, payload) and a random posture (and, where the
lab has them, an energy and joint rates), set on the lab headless; the lab's own refresh computes the scene's
channels (the kernel's numbers, from the numeric model). Node evaluates the JavaScript the lab ships
(course_lib/lab/predict.py) from the frame's inputs and the lab's parameters: every predicted channel must
agree to 1e-9 (relative to 1 + |value|; 1e-7 where lesson 6's kernel takes differences), every predicted curve point to the kernel's rounding (5 decimals).
So must the angle a drag of the elbow or the tip to a random pointer turns the arm to (the kit's arm2r).
A perturbed copy of the parameters must not agree (the check can fail).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from course_lib.lab.arm2r import drag_elbow, drag_tip, wrap_posture
from course_lib.lab.numbers import wrap_degrees
from course_lib.physics.models import TwoLinkArm

CHECK = Path(__file__).resolve().parent / "js" / "predict_check.mjs"
CASES = 1000
TOLERANCE = 1e-9


def random_arm(rng: np.random.Generator, payload: bool = True) -> TwoLinkArm:
    l1, l2 = rng.uniform(0.5, 1.5), rng.uniform(0.4, 1.2)
    m1, m2 = rng.uniform(0.5, 3.0), rng.uniform(0.5, 3.0)
    return TwoLinkArm(l1=l1, l2=l2, m1=m1, m2=m2, payload=rng.uniform(0.0, 2.0) if payload else 0.0,
                      lc1=rng.uniform(0.2, 0.8) * l1, lc2=rng.uniform(0.2, 0.8) * l2,
                      I1=rng.uniform(0.01, 0.3), I2=rng.uniform(0.01, 0.3))


def start_here_cases(rng):
    from course_lib.lessons.start_here.lab import ArmPreviewLab
    lab = ArmPreviewLab()
    for _ in range(CASES):
        lab.arm, lab.q = random_arm(rng), rng.uniform(-np.pi, np.pi, 2)
        lab.refresh()
        yield lab


def mass_matrix_cases(rng):
    from course_lib.lessons.mass_matrix.lab import MassMatrixLab
    lab = MassMatrixLab()
    for _ in range(CASES):
        lab.arm, lab.q = random_arm(rng), rng.uniform(-np.pi, np.pi, 2)
        lab.E, lab.qd = rng.uniform(0.1, 1.0), rng.uniform(-5.0, 5.0, 2)
        lab._draw_curves()
        lab.refresh()
        yield lab


def operational_space_cases(rng):
    from course_lib.lessons.operational_space.lab import OperationalSpaceLab
    lab = OperationalSpaceLab()
    for _ in range(CASES):
        lab.arm, lab.q = random_arm(rng), rng.uniform(-np.pi, np.pi, 2)
        angle, size = rng.uniform(-np.pi, np.pi), rng.uniform(0.1, 2.0)
        lab.F = size * np.array([np.cos(angle), np.sin(angle)])
        lab.refresh()
        yield lab


def coriolis_cases(rng):
    from course_lib.lessons.coriolis.lab import ChristoffelLab
    lab = ChristoffelLab()
    for _ in range(CASES):
        lab.arm, lab.form = random_arm(rng), str(rng.choice(["christoffel", "alternative"]))
        lab.live.set_state(rng.uniform(-np.pi, np.pi, 2), rng.uniform(-6.0, 6.0, 2))
        lab.now = lab.live.snapshot()
        lab.refresh()
        yield lab


LABS = {"start_here": start_here_cases, "coriolis": coriolis_cases, "mass_matrix": mass_matrix_cases, "operational_space": operational_space_cases}
#: lesson 6's kernel splits C q̇ with Christoffel symbols from central differences of M, and its m·a arrows
#: come from the centres' Jacobians differenced along the motion (~1e-10 round-off, times rates up to 6 rad/s
#: squared); the prediction's are exact
DIFFERENCED = {("coriolis", c): 1e-7 for c in ("t1_cf", "t1_cor", "t2_cf", "t2_cor", "f1x", "f1y", "f2x", "f2y")}
#: the kernel sends a lab's curves rounded to 5 decimals (m, or log₁₀ kg in the polar plot)
CURVE_TOLERANCE = 6e-6


def kernel_curves(lab) -> dict:
    ids = lab.scene.predict.get("curves", [])
    return {s["id"]: {"xs": s["props"]["xs"], "ys": s["props"]["ys"]} for s in lab.scene.shapes if s["id"] in ids}


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        if any(os.environ.get(k, "").strip().lower() not in ("", "0", "false", "no") for k in ("CI", "REQUIRE_NODE")):
            pytest.fail("Node.js is not installed (CI or REQUIRE_NODE is set): run `bash tools/ensure_node.sh`")
        pytest.skip("Node.js is not installed: run `bash tools/ensure_node.sh`")
    return node


def kernel_drags(lab, rng) -> dict:
    """A random pointer for the elbow and for the tip, and the angle (deg) the kernel's drag turns to."""
    q, step, out = np.radians([lab.scene.values["theta1_deg"], lab.scene.values["theta2_deg"]]), lab.angle_step(), {}
    elbow = tuple(lab.arm.joint_positions(q)[1])
    for handle, joint in (("elbow", 0), ("tip", 1)):
        x, y = rng.uniform(-2.5, 2.5, 2)
        new = drag_elbow(q, x, y, step) if handle == "elbow" else drag_tip(q, elbow, x, y, step)
        out[handle] = [x, y, float(wrap_degrees(np.degrees(wrap_posture(new)[joint])))]
    return out


def _collect(seed: int) -> dict:
    rng = np.random.default_rng(seed)
    out = {}
    for name, cases in LABS.items():
        rows, lab = [], None
        for lab in cases(rng):
            rows.append({"values": [lab.scene.values[c] for c in lab.scene.channels],
                         "params": lab.prediction_params(), "curves": kernel_curves(lab),
                         "drags": kernel_drags(lab, rng)})
        out[name] = {"spec": dict(lab.scene.predict), "channels": list(lab.scene.channels), "cases": rows}
    return out


def _run(node: str, labs: dict, path: Path) -> dict:
    path.write_text(json.dumps(labs))
    run = subprocess.run([node, str(CHECK), str(path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-4000:]
    return json.loads(run.stdout)


def test_generated_prediction_agrees_with_the_kernel_at_random_states(tmp_path):
    node = _node()
    labs = _collect(seed=29)
    report = _run(node, labs, tmp_path / "cases.json")
    for name, lab in labs.items():
        figures = report[name]
        assert figures["cases"] == CASES and figures["compared"] == CASES * len(lab["spec"]["outputs"])
        off = {c: e for c, e in figures["perChannel"].items() if e > DIFFERENCED.get((name, c), TOLERANCE)}
        assert not off, f"{name}: the prediction disagrees with the kernel on {off}: {figures}"
        curves = len(lab["spec"].get("curves", []))
        assert figures["curves"]["compared"] == CASES * curves * 2 * len(lab["spec"].get("directions", [[]])[0])
        assert figures["curves"]["worst"]["error"] <= CURVE_TOLERANCE, f"{name}: a predicted curve disagrees: {figures}"
        assert figures["drags"]["compared"] == 2 * CASES and figures["drags"]["worst"]["error"] <= TOLERANCE, (
            f"{name}: a predicted drag turns the arm elsewhere than the kernel: {figures['drags']}")

    # the same check on a slightly wrong arm (every parameter 1e-6 off) must fail: it can tell
    for lab in labs.values():
        for case in lab["cases"]:
            case["params"] = [p * (1 + 1e-6) for p in case["params"]]
    wrong = _run(node, labs, tmp_path / "wrong.json")
    for name, figures in wrong.items():
        assert figures["worst"]["error"] > 100 * TOLERANCE, f"{name}: a wrong arm went unnoticed: {figures}"
