"""Assignment 04 compares computed torque with the lesson's PD + gravity law, τ = K_p e + K_d ė + ĝ (not − K_d q̇)."""

import json
import pathlib

import numpy as np

from course_lib.physics import control
from course_lib.physics import joint_tracking as jt

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _comparison_law():
    nb = json.loads((ROOT / "solutions/04_computed_torque/computed_torque.ipynb").read_text())
    code = next("".join(c["source"]) for c in nb["cells"]
                if c["cell_type"] == "code" and '"PD + gravity"' in "".join(c["source"]))
    line = next(ln for ln in code.splitlines() if '"PD + gravity"' in ln)
    return eval(line.split(":", 1)[1].strip().rstrip(","), {"control": control})  # the lambda, as written


def test_exercise_pd_gravity_is_the_lessons_tracking_law_with_the_target_velocity():
    law = _comparison_law()
    believed = jt.believed(-0.3)
    q, qd, t = np.array([-0.7, 1.1]), np.array([0.3, -0.4]), 0.37
    q_d = np.array([-0.8, 1.0]) + 0.4 * np.sin([2.2 * t, 3.0 * t])
    qd_d = 0.4 * np.array([2.2, 3.0]) * np.cos([2.2 * t, 3.0 * t])
    target = lambda s: (q_d, qd_d, None)  # noqa: E731
    # the lambda reads _believed and _target from the notebook's globals: give it ours
    got = type(law)(law.__code__, {"control": control, "_believed": believed, "_target": target})(t, q, qd)
    want = 150.0 * (q_d - q) + 20.0 * (qd_d - qd) + believed.gravity(q)  # K_p e + K_d ė + ĝ
    assert np.allclose(got, want, atol=1e-9), (got, want)
    old = 150.0 * (q_d - q) - 20.0 * qd + believed.gravity(q)  # the fixed-goal form it replaced
    assert not np.allclose(got, old, atol=1e-3)
