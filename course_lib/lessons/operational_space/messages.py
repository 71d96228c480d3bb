"""The apparent-mass lab's sentences (lesson 7; see :mod:`course_lib.i18n`)."""

from course_lib.i18n import MessageTable

OPERATIONAL_SPACE = MessageTable("operational_space_lab", {
    "en": {
        "os_title_world": "drag elbow, tip or the push F (purple)",
        "os_title_polar": "m(u) [kg], log scale",
        "os_title_kappa": "κ(Λ) over θ₂",
        "os_legend_manip": "┅ manipulability",
        "os_ring": "arm {kg:g} kg",
        "os_cut": "cut at {kg:g} kg",
        "os_readouts": (
            "Λ = [[{lam11:.3s}, {lam12:.3s}], [{lam12:.3s}, {lam22:.3s}]] kg<br>"
            "lightest {m_min:.3s} kg, heaviest <b>{m_max:.3s}</b> kg, κ(Λ) = <b>{kappa:.3s}</b><br>"
            "along the push: m(u) = {m_push:.3s} kg = |F| / (u · ẍ) &nbsp; σ_min(J) = {sigma_min:.3s} m/rad"
        ),
        "os_readouts_singular": (
            "σ_min(J) = {sigma_min:.3s} m/rad: the arm is straight or folded. Λ = (J M⁻¹ Jᵀ)⁻¹ does not exist "
            "here: along the lost direction the apparent mass is unbounded, the tool cannot be accelerated that "
            "way at all. Λ⁻¹ = J M⁻¹ Jᵀ still exists: the ellipse collapses to a segment."
        ),
        "os_task_iso": "Find a posture where the apparent mass is most nearly the same in every direction: κ(Λ) < {kappa:g}.",
        "os_task_iso_hint": (
            "Watch the κ(Λ) curve under the polar plot: it depends on θ₂ only (turning θ₁ turns the ellipse "
            "without changing its shape). Is its lowest point near a straight or a bent elbow? Can it reach 1?"
        ),
        "os_task_iso_value": "κ(Λ) = {kappa:.3s} at θ₂ = {deg:.0f}°",
        "os_task_heavy": (
            "Stretch the arm nearly straight until the heaviest apparent mass exceeds {mass:g} kg "
            "(the whole arm weighs {total:g} kg)."
        ),
        "os_task_heavy_hint": (
            "Near θ₂ = 0 the Jacobian nearly loses a direction: pushing the tip along the arm hardly moves the "
            "joints, so a force there produces almost no acceleration. m(u) = 1 / (uᵀ J M⁻¹ Jᵀ u) grows like "
            "1/σ_min(J)²."
        ),
        "os_task_heavy_value": "heaviest {mass:.3s} kg at θ₂ = {deg:.1f}°",
        "os_why_iso": "κ(Λ) = {kappa:.3s} is not below {need:g}",
        "os_why_heavy": "the heaviest apparent mass is {mass:.3s} kg, not above {need:g} kg",
        "os_why_singular": "exactly straight or folded: Λ has no value there; come back by a degree",
        "os_push_small": "F is very small: its direction is kept, its size held at {F:g} N",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "os_description": (
            "Arm at θ₁ {theta1_deg:.0f}°, θ₂ {theta2_deg:.0f}°; apparent mass at the tip from {m_min:.3s} kg to {m_max:.3s} kg, {m_push:.3s} kg along the push."
        ),
        "os_description_straight": (
            "Arm at θ₁ {theta1_deg:.0f}°, θ₂ {theta2_deg:.0f}°: stretched straight, so the tip cannot move along "
            "the arm and Λ does not exist here."
        ),
        "os_nb_range": "lightest {light:.3f} kg, heaviest {heavy:.3f} kg, κ(Λ) = {kappa:.2f}",
        "os_nb_singular": (
            "straight arm, q = ({q1:.3f}, {q2:.3f}) rad: Λ = (J M⁻¹ Jᵀ)⁻¹ does not exist; the smallest singular "
            "value of J is {sigma:.3g} m/rad (below {sigma_min:g}), so the tool cannot accelerate along one direction"
        ),
        "os_nb_symbolic": "symbolic Λ⁻¹ at θ = ({q1:g}, {q2:g}):\n{matrix}",
        "os_nb_push": ("measured m(u) = 1 N / (2 Δx/t²) = {measured:.3f} kg;  "
                       "predicted 1/(uᵀΛ⁻¹u) = {predicted:.3f} kg"),
    },
    "zh": {
        "os_title_world": "拖动肘部、末端和推力 F（紫色圆点）",
        "os_title_polar": "m(u) [kg]，对数刻度",
        "os_title_kappa": "κ(Λ) 随 θ₂ 的变化",
        "os_legend_manip": "┅ 可操作度",
        "os_ring": "机械臂 {kg:g} kg",
        "os_cut": "截断于 {kg:g} kg",
        "os_readouts": (
            "操作空间惯量 Λ = [[{lam11:.3s}, {lam12:.3s}], [{lam12:.3s}, {lam22:.3s}]] kg<br>"
            "最轻 {m_min:.3s} kg，最重 <b>{m_max:.3s}</b> kg，κ(Λ) = <b>{kappa:.3s}</b><br>"
            "沿推力方向：m(u) = {m_push:.3s} kg = |F| / (u · ẍ) &nbsp; σ_min(J) = {sigma_min:.3s} m/rad"
        ),
        "os_readouts_singular": (
            "σ_min(J) = {sigma_min:.3s} m/rad：机械臂伸直或完全折叠。这里 Λ = (J M⁻¹ Jᵀ)⁻¹ 不存在："
            "沿丢失的方向，等效质量无穷大，工具在这个方向上根本无法加速。Λ⁻¹ = J M⁻¹ Jᵀ 仍然存在："
            "椭圆退化成一条线段。"
        ),
        "os_task_iso": "找一个位形，让各个方向的等效质量尽可能接近：κ(Λ) < {kappa:g}。",
        "os_task_iso_hint": (
            "看极坐标图下方的 κ(Λ) 曲线：它只与 θ₂ 有关（转动 θ₁ 只会转动椭圆，不改变形状）。"
            "它的最低点靠近伸直的肘部还是弯曲的肘部？它能降到 1 吗？"
        ),
        "os_task_iso_value": "θ₂ = {deg:.0f}° 时 κ(Λ) = {kappa:.3s}",
        "os_task_heavy": (
            "把机械臂拉到几乎伸直，直到最大等效质量超过 {mass:g} kg（整条机械臂重 {total:g} kg）。"
        ),
        "os_task_heavy_hint": (
            "θ₂ = 0 附近雅可比矩阵几乎丢失一个方向：沿手臂方向推末端，关节几乎不动，所以这个方向上的力"
            "几乎产生不了加速度。m(u) = 1 / (uᵀ J M⁻¹ Jᵀ u) 按 1/σ_min(J)² 增长。"
        ),
        "os_task_heavy_value": "θ₂ = {deg:.1f}° 时最大为 {mass:.3s} kg",
        "os_why_iso": "κ(Λ) = {kappa:.3s}，没有小于 {need:g}",
        "os_why_heavy": "最大等效质量为 {mass:.3s} kg，没有超过 {need:g} kg",
        "os_why_singular": "正好伸直或完全折叠：那里 Λ 没有值；往回退一度",
        "os_push_small": "F 非常小：保留它的方向，大小固定为 {F:g} N",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "os_description": (
            "机械臂位于 θ₁ {theta1_deg:.0f}°、θ₂ {theta2_deg:.0f}°；末端的等效质量从 {m_min:.3s} kg 到 {m_max:.3s} kg，沿推力方向为 {m_push:.3s} kg。"
        ),
        "os_description_straight": (
            "机械臂位于 θ₁ {theta1_deg:.0f}°、θ₂ {theta2_deg:.0f}°：完全伸直，末端不能沿手臂方向运动，此处 Λ 不存在。"
        ),
        "os_nb_range": "最轻 {light:.3f} kg，最重 {heavy:.3f} kg，κ(Λ) = {kappa:.2f}",
        "os_nb_singular": (
            "伸直的机械臂，q = ({q1:.3f}, {q2:.3f}) rad：Λ = (J M⁻¹ Jᵀ)⁻¹ 不存在；J 的最小奇异值为 "
            "{sigma:.3g} m/rad（低于 {sigma_min:g}），所以工具沿某一个方向无法产生加速度"
        ),
        "os_nb_symbolic": "θ = ({q1:g}, {q2:g}) 处的符号结果 Λ⁻¹：\n{matrix}",
        "os_nb_push": "测得 m(u) = 1 N / (2 Δx/t²) = {measured:.3f} kg；预测值 1/(uᵀΛ⁻¹u) = {predicted:.3f} kg",
    },
}, common={
    "os_nb_terms": "Λ [kg] =\n{Lambda}\nμ [N] = {mu}   p [N] = {p}",
    "os_theta1": "θ₁ [°]",
    "os_theta2": "θ₂ [°]",
    "os_xlabel_kappa": "θ₂ [°]",
    "os_legend_vel": "━ ½vᵀΛv = ½",
    "os_legend_F": "━ F",
    "os_legend_acc": "━ Λ⁻¹F",
    "os_scene_push": "F = {F:.3g} N   |Λ⁻¹F| = {acc:.3g} m/s²",
    "os_scene_kappa": "θ₂ = {theta2_deg:.0f}°",
})
