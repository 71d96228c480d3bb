"""The Christoffel lab's sentences (lesson 6; see :mod:`course_lib.i18n`).

Scene texts such as ``chr_scene_tau`` are formatted in the browser with the
scene's channels.
"""

from course_lib.i18n import MessageTable

CHRISTOFFEL = MessageTable("christoffel_lab", true_minus=True, messages={
    "en": {
        "chr_form": "C written as",
        "chr_form_christoffel": "Christoffel C",
        "chr_form_alternative": "alternative C",
        "chr_title_world": "arm at constant rates: drag elbow or tip",
        "chr_title_bars": "torque parts [N·m]",
        "chr_bar_t1_cor": "τ₁ Cor",
        "chr_bar_t1_cf": "τ₁ cf",
        "chr_bar_t2_cf": "τ₂ cf",
        "chr_bar_t2_cor": "τ₂ Cor",
        "chr_scene_arrows": "vermilion: mᵢaᵢ at each centre of mass (0.05 m per N)",
        "chr_readouts": (
            "<b>{form_name}</b> at θ₁ = {theta1_deg:.0f}°, θ₂ = {theta2_deg:.0f}° (C depends on θ₂ only): "
            "C = [[{c11:.3s}, {c12:.3s}], [{c21:.3s}, {c22:.3s}]] kg·m²/s, "
            "C·dq/dt = ({tau1:.3s}, {tau2:.3s}) N·m<br>"
            "Newton − formula: {newton_err:.3s} N·m &nbsp; Christoffel − closed form: {closed_err:.3s} kg·m²/s<br>"
            "skew error ‖(Ṁ − 2C) + (Ṁ − 2C)ᵀ‖ = <b>{skew:.3s}</b> kg·m²/s &nbsp; "
            "ωᵀ(Ṁ − 2C)ω = {weak:.3s} W"
        ),
        "chr_task_spin1": (
            "Spin joint 1 alone: ω₂ = 0 (|ω₂| < {zero:g} rad/s) with |ω₁| > {qd1:g} rad/s, and make joint 2 "
            "need |τ₂| > {tau2:g} N·m although it does not accelerate."
        ),
        "chr_task_spin1_hint": (
            "τ₂ = h ω₁² with h = m₂ l₁ l_c₂ sin θ₂: the moment about the elbow of the centripetal force on link 2. "
            "It is largest with the elbow at ±90°, and it vanishes with the arm straight or folded."
        ),
        "chr_task_spin1_value": "ω₁ = {qd1:.3s} rad/s, τ₂ = {tau2:.3s} N·m",
        "chr_task_cancel": (
            "Spin both joints (|ω₁| > {qd1:g}, |ω₂| > {qd2:g} rad/s) while joint 1's velocity torque nearly "
            "vanishes: |τ₁| < {tau1:g} N·m, with the elbow bent (|sin θ₂| > {sin2:g})."
        ),
        "chr_task_cancel_hint": "τ₁ = −h ω₂ (2ω₁ + ω₂): with h ≠ 0 it is zero when 2ω₁ + ω₂ = 0.",
        "chr_task_cancel_value": "ω = ({qd1:.3s}, {qd2:.3s}) rad/s, τ₁ = {tau1:.3s} N·m",
        "chr_task_alt": (
            "Switch to the alternative C: C·dq/dt stays the same, but the skew error leaves zero "
            "(> {skew:g} kg·m²/s)."
        ),
        "chr_task_alt_hint": (
            "The alternative C moves the term −h ω₂ ω₁ from C₁₁ into C₁₂. It gives the same torques, but "
            "Ṁ − 2C is no longer skew-symmetric; it only needs h ≠ 0 and some speed to show."
        ),
        "chr_task_alt_value": "skew error {skew:.3s} kg·m²/s with the same C·dq/dt",
        "chr_why_spin1_qd2": "ω₂ = {qd2:.3s} rad/s: set it to 0 to spin joint 1 alone",
        "chr_why_spin1_slow": "|ω₁| = {qd1:.3s} rad/s is not above {need:g}",
        "chr_why_spin1_tau": "τ₂ = {tau2:.3s} N·m: |τ₂| is not above {need:g}; look at where the elbow points",
        "chr_why_cancel_slow": "both rates must exceed 1 rad/s in size: ω = ({qd1:.3s}, {qd2:.3s})",
        "chr_why_cancel_straight": "|sin θ₂| = {sin2:.3s} is not above {need:g}: with h ≈ 0 every term vanishes",
        "chr_why_cancel_tau": "τ₁ = {tau1:.3s} N·m: |τ₁| is not below {need:g}",
        "chr_why_alt_zero": (
            "the skew error is {skew:.3s} here: with h = 0 or ω = 0 both forms agree; bend the elbow and spin"
        ),
        # the scene in words (the kit's describe.py): its main readouts with their units
        "chr_description": (
            "Arm at θ₁ {theta1_deg:.0f}°, θ₂ {theta2_deg:.0f}°, turning at θ̇₁ {qd1:.3s} rad/s, θ̇₂ {qd2:.3s} rad/s; torques τ₁ {tau1:.3s} N·m, τ₂ {tau2:.3s} N·m."
        ),
        # what the notebook's code cells print (its printout.say)
        "chr_nb_passivity": ("{form:15s} C q̇ = {Cqd}  weak q̇ᵀNq̇ = {weak:+.1e}  strong wᵀNw = {strong:+.1e}"
                             "  ‖N + Nᵀ‖ = {skew:.1e}"),
        "chr_nb_newton": "τ from r × m a: {newton} N·m;  C q̇ = {coriolis} N·m",
    },
    "zh": {
        "chr_form": "C 的写法",
        "chr_form_christoffel": "克里斯托弗 C",
        "chr_form_alternative": "另一种 C",
        "chr_title_world": "匀速转动的机械臂（拖动肘部或末端）",
        "chr_title_bars": "力矩分量 [N·m]",
        "chr_bar_t1_cor": "τ₁ 科氏",
        "chr_bar_t1_cf": "τ₁ 离心",
        "chr_bar_t2_cf": "τ₂ 离心",
        "chr_bar_t2_cor": "τ₂ 科氏",
        "chr_scene_arrows": "朱红色箭头：各质心处的 mᵢaᵢ（每 N 画 0.05 m）",
        "chr_readouts": (
            "<b>{form_name}</b>，θ₁ = {theta1_deg:.0f}°，θ₂ = {theta2_deg:.0f}°（C 只与 θ₂ 有关）："
            "C = [[{c11:.3s}, {c12:.3s}], [{c21:.3s}, {c22:.3s}]] kg·m²/s，"
            "C·dq/dt = ({tau1:.3s}, {tau2:.3s}) N·m<br>"
            "牛顿 − 公式：{newton_err:.3s} N·m &nbsp; 克里斯托弗 − 闭式解：{closed_err:.3s} kg·m²/s<br>"
            "斜对称误差 ‖(Ṁ − 2C) + (Ṁ − 2C)ᵀ‖ = <b>{skew:.3s}</b> kg·m²/s &nbsp; "
            "ωᵀ(Ṁ − 2C)ω = {weak:.3s} W"
        ),
        "chr_task_spin1": (
            "只转关节 1：ω₂ = 0（|ω₂| < {zero:g} rad/s），|ω₁| > {qd1:g} rad/s，并让关节 2 虽然没有角加速度，"
            "却需要 |τ₂| > {tau2:g} N·m 的力矩。"
        ),
        "chr_task_spin1_hint": (
            "τ₂ = h ω₁²，其中 h = m₂ l₁ l_c₂ sin θ₂：这是连杆 2 所受向心力对肘关节的力矩，也就是离心力项。"
            "肘部在 ±90° 时它最大，机械臂伸直或完全折叠时它为零。"
        ),
        "chr_task_spin1_value": "ω₁ = {qd1:.3s} rad/s，τ₂ = {tau2:.3s} N·m",
        "chr_task_cancel": (
            "让两个关节都转起来（|ω₁| > {qd1:g}，|ω₂| > {qd2:g} rad/s），同时让关节 1 的速度相关力矩几乎为零："
            "|τ₁| < {tau1:g} N·m，且肘部弯曲（|sin θ₂| > {sin2:g}）。"
        ),
        "chr_task_cancel_hint": "τ₁ = −h ω₂ (2ω₁ + ω₂)：h ≠ 0 时，它在 2ω₁ + ω₂ = 0 处为零，科氏力与离心力相互抵消。",
        "chr_task_cancel_value": "ω = ({qd1:.3s}, {qd2:.3s}) rad/s，τ₁ = {tau1:.3s} N·m",
        "chr_task_alt": (
            "切换到另一种 C：C·dq/dt 不变，但斜对称误差不再是零（> {skew:g} kg·m²/s）。"
        ),
        "chr_task_alt_hint": (
            "另一种 C 把 −h ω₂ ω₁ 这一项从 C₁₁ 挪到了 C₁₂。力矩完全相同，但 Ṁ − 2C 不再是斜对称的；"
            "只要 h ≠ 0 并且有一定速度就能看出来。"
        ),
        "chr_task_alt_value": "C·dq/dt 不变，斜对称误差为 {skew:.3s} kg·m²/s",
        "chr_why_spin1_qd2": "ω₂ = {qd2:.3s} rad/s：把它设为 0，只转关节 1",
        "chr_why_spin1_slow": "|ω₁| = {qd1:.3s} rad/s，没有超过 {need:g}",
        "chr_why_spin1_tau": "τ₂ = {tau2:.3s} N·m：|τ₂| 没有超过 {need:g}；看看肘部指向哪里",
        "chr_why_cancel_slow": "两个角速度的大小都必须超过 1 rad/s：ω = ({qd1:.3s}, {qd2:.3s})",
        "chr_why_cancel_straight": "|sin θ₂| = {sin2:.3s}，没有超过 {need:g}：h ≈ 0 时每一项都为零",
        "chr_why_cancel_tau": "τ₁ = {tau1:.3s} N·m：|τ₁| 没有小于 {need:g}",
        "chr_why_alt_zero": (
            "这里的斜对称误差是 {skew:.3s}：h = 0 或 ω = 0 时两种写法一致；把肘部弯起来再转动"
        ),
        # the scene in words (the kit's describe.py): its main readouts with their units
        "chr_description": (
            "机械臂位于 θ₁ {theta1_deg:.0f}°、θ₂ {theta2_deg:.0f}°，转速 θ̇₁ {qd1:.3s} rad/s、θ̇₂ {qd2:.3s} rad/s；力矩 τ₁ {tau1:.3s} N·m、τ₂ {tau2:.3s} N·m。"
        ),
        # what the notebook's code cells print (its printout.say)
        "chr_nb_passivity": ("{form:15s} C q̇ = {Cqd}；弱形式 q̇ᵀNq̇ = {weak:+.1e}；强形式 wᵀNw = {strong:+.1e}；"
                             "‖N + Nᵀ‖ = {skew:.1e}"),
        "chr_nb_newton": "由 r × m a 算出的 τ：{newton} N·m；C q̇ = {coriolis} N·m",
    },
}, common={
    "chr_theta1": "θ₁ [°]",
    "chr_theta2": "θ₂ [°]",
    "chr_qd1": "dθ₁/dt [rad/s]",
    "chr_qd2": "dθ₂/dt [rad/s]",
    "chr_scene_tau": "C·dq/dt = ({tau1:.3g}, {tau2:.3g}) N·m    h = {h:.3g} kg·m²",
    "chr_scene_rates": "θ₂ = {theta2_deg:.0f}°   ω = dθ/dt = ({qd1:.3g}, {qd2:.3g}) rad/s",
    "chr_scene_C": "C = [[{c11:.3g}, {c12:.3g}], [{c21:.3g}, {c22:.3g}]] kg·m²/s",
    "chr_scene_parts": (
        "τ₁ = −h ω₂² − 2h ω₁ω₂ = {t1_cf:.3g} + ({t1_cor:.3g})    τ₂ = h ω₁² = {t2_cf:.3g}"
    ),
})
