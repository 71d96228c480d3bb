"""The apparent-mass lab's sentences (lesson 7; see :mod:`course_lib.messages`)."""

from course_lib.messages import MessageTable

OPERATIONAL_SPACE = MessageTable("operational_space_lab", {
    "en": {
        "os_theta1": "θ₁ [deg]",
        "os_theta2": "θ₂ [deg]",
        "os_title_world": "drag elbow, tip, and the push F (amber disc)",
        "os_title_polar": "m(u) [kg], log scale",
        "os_title_kappa": "κ(Λ) over θ₂",
        "os_xlabel_kappa": "θ₂ [deg]",
        "os_legend_vel": "━ ½vᵀΛv = ½",
        "os_legend_manip": "┅ manipulability",
        "os_legend_F": "━ F",
        "os_legend_acc": "━ Λ⁻¹F",
        "os_ring": "arm {kg:g} kg",
        "os_cut": "cut at {kg:g} kg",
        "os_scene_push": "F = {F:.2f} N   |Λ⁻¹F| = {acc:.2f} m/s²",
        "os_scene_kappa": "θ₂ = {theta2_deg:.0f}°",
        "os_readouts": (
            "Λ = [[{lam11:.3f}, {lam12:.3f}], [{lam12:.3f}, {lam22:.3f}]] kg<br>"
            "lightest {m_min:.3f} kg, heaviest <b>{m_max:.2f}</b> kg, κ(Λ) = <b>{kappa:.2f}</b><br>"
            "along the push: m(u) = {m_push:.3f} kg = |F| / (u · ẍ) &nbsp; σ_min(J) = {sigma_min:.4f} m/rad"
        ),
        "os_readouts_singular": (
            "σ_min(J) = {sigma_min:.4f} m/rad: the arm is straight or folded. Λ = (J M⁻¹ Jᵀ)⁻¹ does not exist "
            "here: along the lost direction the apparent mass is unbounded, the tool cannot be accelerated that "
            "way at all. Λ⁻¹ = J M⁻¹ Jᵀ still exists: the ellipse collapses to a segment."
        ),
        "os_task_iso": "Find a posture where the apparent mass is most nearly the same in every direction: κ(Λ) < {kappa:g}.",
        "os_task_iso_hint": (
            "Watch the κ(Λ) curve under the polar plot: it depends on θ₂ only (turning θ₁ turns the ellipse "
            "without changing its shape). Is its lowest point near a straight or a bent elbow? Can it reach 1?"
        ),
        "os_task_iso_value": "κ(Λ) = {kappa:.2f} at θ₂ = {deg:.0f}°",
        "os_task_heavy": (
            "Stretch the arm nearly straight until the heaviest apparent mass exceeds {mass:g} kg "
            "(the whole arm weighs {total:g} kg)."
        ),
        "os_task_heavy_hint": (
            "Near θ₂ = 0 the Jacobian nearly loses a direction: pushing the tip along the arm hardly moves the "
            "joints, so a force there produces almost no acceleration. m(u) = 1 / (uᵀ J M⁻¹ Jᵀ u) grows like "
            "1/σ_min(J)²."
        ),
        "os_task_heavy_value": "heaviest {mass:.1f} kg at θ₂ = {deg:.1f}°",
        "os_why_iso": "κ(Λ) = {kappa:.2f} is not below {need:g}",
        "os_why_heavy": "the heaviest apparent mass is {mass:.1f} kg, not above {need:g} kg",
        "os_why_singular": "exactly straight or folded: Λ has no value there; come back by a degree",
        "os_push_small": "F is very small: its direction is kept, its size held at {F:g} N",
    },
})
