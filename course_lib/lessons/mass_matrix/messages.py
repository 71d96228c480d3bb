"""The mass-matrix lab's sentences (lesson 5; see :mod:`course_lib.i18n`)."""

from course_lib.i18n import MessageTable

MASS_MATRIX = MessageTable("mass_matrix", {
    "en": {
        "mm_payload": "payload [kg]",
        "mm_title_world": "posture: drag the elbow or the tip",
        "mm_title_qd": "velocity plane: drag q̇",
        "mm_title_curves": "M and its eigenvalues [kg·m²]",
        "mm_light": "light",
        "mm_heavy": "heavy",
        "mm_band": "task: κ < {kappa:g}",
        "mm_scene_kappa_off": "↑ off scale",
        "mm_scene_angles": "θ₁ = {theta1_deg:.0f}°, θ₂ = {theta2_deg:.0f}°",
        "mm_readout_M": "M = [[{M11:.3s}, {M12:.3s}], [{M12:.3s}, {M22:.3s}]] kg·m²",
        "mm_readout_eig": ("eigenvalues λ₁ = {lam1:.3s} (light), λ₂ = {lam2:.3s} (heavy) kg·m²; "
                           "κ(M) = {kappa:.3s}"),
        "mm_readout_axes": ("at E = {E:.3s} J the semi-axes are {long:.3s} rad/s (light) and {short:.3s} rad/s "
                            "(heavy): {ratio:.3s} times the speed for the same energy"),
        "mm_readout_T": ("q̇ = ({qd1:.3s}, {qd2:.3s}) rad/s: T = ½ q̇ᵀ M q̇ = {T:.3s} J against E = {E:.3s} J; "
                         "{angle:.1f}° from the light axis"),
        "mm_readout_T_zero": "q̇ = (0, 0): T = 0 J; drag the handle away from the origin",
        "mm_readout_dM": "{joint} moved by {delta:+.0f}°: largest change of an entry of M = {dM:.3g} kg·m²",
        "mm_readout_dM_none": "move θ₁ or θ₂ and see how much M changes",
        "mm_task_round": "With no payload, make the ellipse as round as it gets: κ(M) < {kappa:g}.",
        "mm_task_round_hint": ("Watch the κ plot under the arm: it is largest with the arm stretched (θ₂ = 0) and "
                               "smallest with the elbow bent a long way, well past 90°. Only θ₂ matters."),
        "mm_task_light": ("Put the velocity handle at the tip of the long axis: within {angle:g}° of the "
                          "eigenvector of the smallest eigenvalue, with T within {tol:g} % of E."),
        "mm_task_light_hint": ("The long axis is the light direction (label \"light\"). Drag q̇ onto it, out to "
                               "where it meets the solid ellipse T = E: there the dashed level set through the "
                               "handle lies on top of the solid one."),
        "mm_why_payload": "the payload is {payload:.3s} kg; this task is for the bare arm (payload 0)",
        "mm_why_kappa": "κ(M) = {kappa:.3s}; it needs to be below {target:g}",
        "mm_why_zero": "the handle sits at q̇ = 0; drag it out along the long axis",
        "mm_why_angle": "q̇ is {angle:.1f}° off the light axis; it needs to be within {target:g}°",
        "mm_why_energy": "T = {T:.3s} J is {off:.3s} % away from E = {E:.3s} J; it needs to be within {tol:g} %",
        "mm_value_round": ("κ(M) = {kappa:.3s} at θ₂ = {theta2:.0f}°; the roundest is κ(M) = {best_kappa:.3s}, "
                           "at θ₂ = ±{best_theta2:.0f}° (the lowest point of the κ plot)"),
        "mm_value_light": "{angle:.1f}° off the light axis, T = {T:.3s} J for E = {E:.3s} J",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "mm_description": (
            "Arm at θ₁ {theta1_deg:.0f}°, θ₂ {theta2_deg:.0f}°; M₁₁ {M11:.3s} kg·m², M₁₂ {M12:.3s} kg·m², M₂₂ {M22:.3s} kg·m²; condition number κ(M) {kappa:.3s}."
        ),
        # what the notebook's code cells print (its printout.say)
        "mm_nb_share1": "link 1's share  m₁J_v1ᵀJ_v1 + J_ω1ᵀI₁J_ω1 =\n{M}",
        "mm_nb_share2": "link 2's share  m₂J_v2ᵀJ_v2 + J_ω2ᵀI₂J_ω2 =\n{M}",
        "mm_nb_sum": "sum of the shares =\n{M}",
        "mm_nb_closed_form": "largest difference from the Lagrange closed form: {diff:.1e} kg·m²",
        "mm_nb_smallest": "smallest eigenvalue over all postures: {lam:.4f} kg·m²  (never 0)",
        "mm_nb_roundest": "roundest ellipse: κ(M) = λ₂/λ₁ = {kappa:.2f} at θ₂ = ±{degrees:.0f}°",
        "mm_nb_axes": ("θ₂ = {degrees:3d}°: light direction {light}, semi-axes {long:.2f} and {short:.2f} rad/s, "
                       "κ = {kappa:.1f}"),
        "mm_nb_moved1": "θ₁ moved by {degrees:+6.1f}°: largest change of an entry of M = {change:.1e} kg·m²",
        "mm_nb_moved2": "θ₂ moved by {degrees:+6.1f}°: largest change of an entry of M = {change:.3f} kg·m²",
        "mm_nb_spread": (
            "κ(M) is least, {least:.2f}, with the elbow bent to θ₂ = {deg:.0f}°, and grows as the arm stretches "
            "(its stretched value is a question of the quiz below); M₁₁ changes by a factor of {ratio:.2f} "
            "between stretched and folded"
        ),
    },
    "zh": {
        "mm_payload": "负载 [kg]",
        "mm_title_world": "姿态：拖动肘部或末端",
        "mm_title_qd": "速度平面：拖动 q̇",
        "mm_title_curves": "M 及其特征值 [kg·m²]",
        "mm_light": "轻",
        "mm_heavy": "重",
        "mm_band": "任务：κ < {kappa:g}",
        "mm_scene_kappa_off": "↑ 超出刻度",
        "mm_scene_angles": "θ₁ = {theta1_deg:.0f}°，θ₂ = {theta2_deg:.0f}°",
        "mm_readout_M": "质量矩阵 M = [[{M11:.3s}, {M12:.3s}], [{M12:.3s}, {M22:.3s}]] kg·m²",
        "mm_readout_eig": "特征值 λ₁ = {lam1:.3s}（轻），λ₂ = {lam2:.3s}（重）kg·m²；κ(M) = {kappa:.3s}",
        "mm_readout_axes": ("在 E = {E:.3s} J 时，两个半轴为 {long:.3s} rad/s（轻）和 {short:.3s} rad/s（重）："
                            "同样的能量，速度相差 {ratio:.3s} 倍"),
        "mm_readout_T": ("q̇ = ({qd1:.3s}, {qd2:.3s}) rad/s：T = ½ q̇ᵀ M q̇ = {T:.3s} J，对比 E = {E:.3s} J；"
                         "与轻方向的轴相差 {angle:.1f}°"),
        "mm_readout_T_zero": "q̇ = (0, 0)：T = 0 J；把手柄从原点拖开",
        "mm_readout_dM": "{joint} 改变了 {delta:+.0f}°：M 中变化最大的元素变了 {dM:.3g} kg·m²",
        "mm_readout_dM_none": "改变 θ₁ 或 θ₂，看看 M 变化多少",
        "mm_task_round": "不加负载，让椭圆尽可能圆：κ(M) < {kappa:g}。",
        "mm_task_round_hint": ("看机械臂下方的 κ 曲线：手臂伸直时（θ₂ = 0）它最大，肘部弯得很厉害、远超 90° 时"
                               "它最小。只有 θ₂ 起作用。"),
        "mm_task_light": ("把速度手柄放在长轴的端点上：与最小特征值的特征向量相差不超过 {angle:g}°，"
                          "并且 T 与 E 相差不超过 {tol:g} %。"),
        "mm_task_light_hint": ("长轴就是“轻”的方向（标着“轻”）。把 q̇ 拖到长轴上，一直拖到与实线椭圆 T = E 相交处："
                               "这时经过手柄的虚线等值线与实线椭圆重合。"),
        "mm_why_payload": "负载是 {payload:.3s} kg；这个任务针对不带负载的机械臂（负载为 0）",
        "mm_why_kappa": "κ(M) = {kappa:.3s}；需要小于 {target:g}",
        "mm_why_zero": "手柄在 q̇ = 0 处；沿长轴把它拖出去",
        "mm_why_angle": "q̇ 与轻方向的轴相差 {angle:.1f}°；需要在 {target:g}° 以内",
        "mm_why_energy": "T = {T:.3s} J 与 E = {E:.3s} J 相差 {off:.3s} %；需要在 {tol:g} % 以内",
        "mm_value_round": ("θ₂ = {theta2:.0f}° 时 κ(M) = {kappa:.3s}；最圆的是 θ₂ = ±{best_theta2:.0f}° 处，"
                           "κ(M) = {best_kappa:.3s}（κ 曲线的最低点）"),
        "mm_value_light": "与轻方向的轴相差 {angle:.1f}°，E = {E:.3s} J 时 T = {T:.3s} J",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "mm_description": (
            "机械臂位于 θ₁ {theta1_deg:.0f}°、θ₂ {theta2_deg:.0f}°；M₁₁ {M11:.3s} kg·m²，M₁₂ {M12:.3s} kg·m²，M₂₂ {M22:.3s} kg·m²；条件数 κ(M) {kappa:.3s}。"
        ),
        # what the notebook's code cells print (its printout.say)
        "mm_nb_share1": "连杆 1 的贡献 m₁J_v1ᵀJ_v1 + J_ω1ᵀI₁J_ω1 =\n{M}",
        "mm_nb_share2": "连杆 2 的贡献 m₂J_v2ᵀJ_v2 + J_ω2ᵀI₂J_ω2 =\n{M}",
        "mm_nb_sum": "两部分之和 =\n{M}",
        "mm_nb_closed_form": "与拉格朗日闭式结果的最大差值：{diff:.1e} kg·m²",
        "mm_nb_smallest": "所有位形中最小的特征值：{lam:.4f} kg·m²（从不为 0）",
        "mm_nb_roundest": "最圆的椭圆：在 θ₂ = ±{degrees:.0f}° 处，κ(M) = λ₂/λ₁ = {kappa:.2f}",
        "mm_nb_axes": ("θ₂ = {degrees:3d}°：轻方向 {light}，半轴 {long:.2f} 和 {short:.2f} rad/s，"
                       "κ = {kappa:.1f}"),
        "mm_nb_moved1": "θ₁ 改变 {degrees:+6.1f}°：M 中各元素的最大变化 = {change:.1e} kg·m²",
        "mm_nb_moved2": "θ₂ 改变 {degrees:+6.1f}°：M 中各元素的最大变化 = {change:.3f} kg·m²",
        "mm_nb_spread": (
            "肘部弯到 θ₂ = {deg:.0f}° 时 κ(M) 最小，为 {least:.2f}，手臂越伸直它越大"
            "（伸直时的值是下面测验的一道题）；M₁₁ 在伸直与折叠之间相差 {ratio:.2f} 倍"
        ),
    },
}, common={
    "mm_theta1": "θ₁ [°]",
    "mm_theta2": "θ₂ [°]",
    "mm_energy": "E [J]",
    "mm_title_kappa": "κ(M) = λ₂/λ₁",
    "mm_qd1": "q̇₁ [rad/s]",
    "mm_qd2": "q̇₂ [rad/s]",
    "mm_theta2_axis": "θ₂ [°]",
    "mm_scene_energy": "T = {T:.3g} J   E = {E:.3g} J",
    "mm_scene_kappa": "κ = {kappa:.3g}",
    "mm_scene_payload": "{payload:.3s} kg",
    "mm_legend_M11": "M₁₁",
    "mm_legend_M12": "M₁₂",
    "mm_legend_M22": "M₂₂",
    "mm_legend_lam1": "λ₁",
    "mm_legend_lam2": "λ₂",
})
