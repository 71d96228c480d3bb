"""The start-here arm lab's sentences (see :mod:`course_lib.i18n`)."""

from course_lib.i18n import MessageTable

ARM_PREVIEW = MessageTable("arm_preview", {
    "en": {
        "arm_title": "Planar 2R arm (l₁ = {l1:g} m, l₂ = {l2:g} m)",
        "arm_tip": "tip position:",
        "arm_readout": "x = {x:.3s} m, y = {y:.3s} m",
        "arm_scene_readout": "tip x = {tip_x:.3g} m, y = {tip_y:.3g} m",
        "arm_scene_angles": "θ₁ = {theta1_deg:.0f}°, θ₂ = {theta2_deg:.0f}°",
        "arm_target": "target height",
        "arm_why_high": "the tip is at y = {y:.3s} m; it needs {target:g} m",
        "arm_task_high": "Raise the tip to a height of at least {y:g} m above the shoulder.",
        "arm_task_high_hint": (
            "The tip is highest when both links point straight up: θ₁ = 90°, θ₂ = 0°."
        ),
        # the scene in words (the kit's describe.py): its main readouts with their units
        "arm_description": (
            "Arm at θ₁ {theta1_deg:.0f}°, θ₂ {theta2_deg:.0f}°; tip at x {tip_x:.3s} m, y {tip_y:.3s} m."
        ),
        # what the notebook's code cells print (its printout.say)
        "arm_nb_arm": "link lengths l1 = {l1} m, l2 = {l2} m; masses m1 = {m1} kg, m2 = {m2} kg",
        "arm_nb_tip_model": "tip from the model: {tip}",
        "arm_nb_tip_lab": "tip from the lab:   {x} {y}",
    },
    "zh": {
        "arm_title": "平面 2R 机械臂（l₁ = {l1:g} m，l₂ = {l2:g} m）",
        "arm_tip": "末端位置：",
        "arm_readout": "x = {x:.3s} m，y = {y:.3s} m",
        "arm_scene_readout": "末端 x = {tip_x:.3g} m，y = {tip_y:.3g} m",
        "arm_scene_angles": "θ₁ = {theta1_deg:.0f}°，θ₂ = {theta2_deg:.0f}°",
        "arm_target": "目标高度",
        "arm_why_high": "末端现在在 y = {y:.3s} m，需要到 {target:g} m",
        "arm_task_high": "把末端抬到肩关节上方至少 {y:g} m 的高度。",
        "arm_task_high_hint": "两根连杆都竖直向上时末端最高：θ₁ = 90°，θ₂ = 0°。",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "arm_description": (
            "机械臂位于 θ₁ {theta1_deg:.0f}°、θ₂ {theta2_deg:.0f}°；末端在 x {tip_x:.3s} m、y {tip_y:.3s} m。"
        ),
        # what the notebook's code cells print (its printout.say)
        "arm_nb_arm": "连杆长度 l1 = {l1} m，l2 = {l2} m；质量 m1 = {m1} kg，m2 = {m2} kg",
        "arm_nb_tip_model": "由模型算出的末端位置：{tip}",
        "arm_nb_tip_lab": "实验读数给出的末端位置：{x} {y}",
    },
}, common={
    "arm_theta1": "θ₁ [°]",
    "arm_theta2": "θ₂ [°]",
    "arm_task_value": "y = {y:.3s} m",
})
