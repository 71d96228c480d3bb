"""The kit's prediction: generated code, refused expressions, and what a lab hands its scene."""

from __future__ import annotations

import pytest
import sympy as sp

from course_lib.lab import predict
from course_lib.lab.scene import Scene, scene_module


def test_the_scene_ships_predict_js_in_front_of_scene_js():
    module = scene_module()
    assert Scene()._esm == module
    assert module.index("export function attachPrediction") < module.index("export default { render }")


def test_an_expression_outside_the_inputs_and_parameters_is_refused():
    a, b = sp.symbols("a b")
    with pytest.raises(ValueError, match=r"channel 'y' uses \['b'\], which is neither an input"):
        predict.javascript(predict.Prediction((predict.Input("a", a),), {"y": a + b}))
    with pytest.raises(ValueError, match="distinct JavaScript names"):
        predict.javascript(predict.Prediction((predict.Input("a", sp.Symbol("t0")),), {"y": sp.Symbol("t0")}))


def test_a_lab_hands_its_scene_the_code_its_controls_and_parameters():
    from course_lib.lessons.start_here.lab import ArmPreviewLab

    lab = ArmPreviewLab()
    spec = lab.scene.predict
    assert [i["channel"] for i in spec["inputs"]] == ["theta1_deg", "theta2_deg"]
    assert [i["model"] for i in spec["inputs"]] == [lab.controls["theta1"].model_id, lab.controls["theta2"].model_id]
    assert set(spec["outputs"]) <= set(lab.scene.channels)
    assert lab.scene.predict_params == predict.arm_parameter_values(lab.arm)
    assert predict._program(ArmPreviewLab) is predict._program(ArmPreviewLab)   # generated once per class
