"""The Christoffel lab's sentences (lesson 6; see :mod:`course_lib.messages`).

Scene texts such as ``chr_scene_tau`` are formatted in the browser with the
scene's channels.
"""

from course_lib.messages import MessageTable

CHRISTOFFEL = MessageTable("christoffel_lab", {
    "en": {
        "chr_theta1": "θ₁ [deg]",
        "chr_theta2": "θ₂ [deg]",
        "chr_qd1": "dθ₁/dt [rad/s]",
        "chr_qd2": "dθ₂/dt [rad/s]",
        "chr_form": "C written as",
        "chr_form_christoffel": "Christoffel C",
        "chr_form_alternative": "alternative C",
        "chr_title_world": "the arm at constant rates (drag elbow or tip)",
        "chr_title_bars": "torque parts [N·m]",
        "chr_bar_t1_cor": "τ₁ Cor",
        "chr_bar_t1_cf": "τ₁ cf",
        "chr_bar_t2_cf": "τ₂ cf",
        "chr_bar_t2_cor": "τ₂ Cor",
        "chr_scene_tau": "C·dq/dt = ({tau1:.2f}, {tau2:.2f}) N·m    h = {h:.3f} kg·m²",
        "chr_scene_rates": "θ₂ = {theta2_deg:.0f}°   ω = dθ/dt = ({qd1:.2f}, {qd2:.2f}) rad/s",
        "chr_scene_C": "C = [[{c11:.2f}, {c12:.2f}], [{c21:.2f}, {c22:.2f}]] kg·m²/s",
        "chr_scene_parts": (
            "τ₁ = −h ω₂² − 2h ω₁ω₂ = {t1_cf:.2f} + ({t1_cor:.2f})    τ₂ = h ω₁² = {t2_cf:.2f}"
        ),
        "chr_scene_arrows": "amber: mᵢaᵢ at each centre of mass (0.05 m per N)",
        "chr_readouts": (
            "<b>{form_name}</b> at θ₁ = {theta1_deg:.0f}°, θ₂ = {theta2_deg:.0f}° (C depends on θ₂ only): "
            "C = [[{c11:.3f}, {c12:.3f}], [{c21:.3f}, {c22:.3f}]] kg·m²/s, "
            "C·dq/dt = ({tau1:.3f}, {tau2:.3f}) N·m<br>"
            "Newton − formula: {newton_err:.1e} N·m &nbsp; Christoffel − closed form: {closed_err:.1e} kg·m²/s<br>"
            "skew error ‖(Ṁ − 2C) + (Ṁ − 2C)ᵀ‖ = <b>{skew:.1e}</b> kg·m²/s &nbsp; "
            "ωᵀ(Ṁ − 2C)ω = {weak:.1e} W"
        ),
        "chr_task_spin1": (
            "Spin joint 1 alone: ω₂ = 0 (|ω₂| < {zero:g} rad/s) with |ω₁| > {qd1:g} rad/s, and make joint 2 "
            "need |τ₂| > {tau2:g} N·m although it does not accelerate."
        ),
        "chr_task_spin1_hint": (
            "τ₂ = h ω₁² with h = m₂ l₁ l_c₂ sin θ₂: the moment about the elbow of the centripetal force on link 2. "
            "It is largest with the elbow at ±90°, and it vanishes with the arm straight or folded."
        ),
        "chr_task_spin1_value": "ω₁ = {qd1:.2f} rad/s, τ₂ = {tau2:.2f} N·m",
        "chr_task_cancel": (
            "Spin both joints (|ω₁| > {qd1:g}, |ω₂| > {qd2:g} rad/s) while joint 1's velocity torque nearly "
            "vanishes: |τ₁| < {tau1:g} N·m, with the elbow bent (|sin θ₂| > {sin2:g})."
        ),
        "chr_task_cancel_hint": "τ₁ = −h ω₂ (2ω₁ + ω₂): with h ≠ 0 it is zero when 2ω₁ + ω₂ = 0.",
        "chr_task_cancel_value": "ω = ({qd1:.2f}, {qd2:.2f}) rad/s, τ₁ = {tau1:.3f} N·m",
        "chr_task_alt": (
            "Switch to the alternative C: C·dq/dt stays the same, but the skew error leaves zero "
            "(> {skew:g} kg·m²/s)."
        ),
        "chr_task_alt_hint": (
            "The alternative C moves the term −h ω₂ ω₁ from C₁₁ into C₁₂. It gives the same torques, but "
            "Ṁ − 2C is no longer skew-symmetric; it only needs h ≠ 0 and some speed to show."
        ),
        "chr_task_alt_value": "skew error {skew:.3f} kg·m²/s with the same C·dq/dt",
        "chr_why_spin1_qd2": "ω₂ = {qd2:.2f} rad/s: set it to 0 to spin joint 1 alone",
        "chr_why_spin1_slow": "|ω₁| = {qd1:.2f} rad/s is not above {need:g}",
        "chr_why_spin1_tau": "τ₂ = {tau2:.2f} N·m: |τ₂| is not above {need:g}; look at where the elbow points",
        "chr_why_cancel_slow": "both rates must exceed 1 rad/s in size: ω = ({qd1:.2f}, {qd2:.2f})",
        "chr_why_cancel_straight": "|sin θ₂| = {sin2:.2f} is not above {need:g}: with h ≈ 0 every term vanishes",
        "chr_why_cancel_tau": "τ₁ = {tau1:.2f} N·m: |τ₁| is not below {need:g}",
        "chr_why_alt_zero": (
            "the skew error is {skew:.1e} here: with h = 0 or ω = 0 both forms agree; bend the elbow and spin"
        ),
    },
})
