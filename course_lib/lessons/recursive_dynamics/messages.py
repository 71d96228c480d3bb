"""The RNEA step-through lab's sentences (see :mod:`course_lib.i18n`)."""

from course_lib.i18n import MessageTable

RNEA_LAB = MessageTable("rnea_lab", {
    "en": {
        "rnea_n": "links n",
        "rnea_qd": "all q̇ᵢ [rad/s]",
        "rnea_qdd": "all q̈ᵢ [rad/s²]",
        "rnea_step": "step",
        "rnea_next": "Next ▶",
        "rnea_back": "◀ Back",
        "rnea_title": "Chain of equal rods, {length:g} m, {mass:g} kg in all: drag the tip",
        "rnea_legend_v": "v: velocity of joint i ({sv:.3g} m per m/s)",
        "rnea_legend_a": "a: spatial acceleration, linear part ({sa:.3g} m per m/s²)",
        "rnea_legend_f": "f: force across joint i ({sf:.3g} m per N)",
        "rnea_scene_step": "step {step:.3g} of {steps:.3g}",
        "rnea_stage_start": "Step 0: nothing computed yet. The base is at rest and accelerates upward at g.",
        "rnea_stage_forward": "Forward pass reaches link {i} of {n}: its velocity and acceleration, from link {p}'s.",
        "rnea_stage_backward": ("Backward pass reaches link {i}: the force across joint {i} carries links {i}…{n}; "
                                "τ{i} = S{i}ᵀ F{i}."),
        "rnea_pose": "θ{n} = {last:.0f}° (relative), tip at ({x:.3s}, {y:.3s}) m",
        "rnea_panel_title": "Link {i}, in world axes",
        "rnea_panel_none": "Press Next ▶ to start the forward pass.",
        "rnea_row_v": "v of joint (m/s)",
        "rnea_row_a": "a, spatial (m/s²)",
        "rnea_row_a_classic": "a + ω×v, classical (m/s²)",
        "rnea_row_n": "n_z about joint (N·m)",
        "rnea_row_f": "f across joint (N)",
        "rnea_not_yet": "not reached yet",
        "rnea_task_rest": ("With q̇ = q̈ = 0, run the forward pass to the tip: every link's acceleration is g "
                           "straight up (within {tol:g} m/s²), the base's push carried along."),
        "rnea_task_rest_hint": "Set both sliders q̇ and q̈ to 0 and press Next ▶ until the step number equals n (the tip).",
        "rnea_task_weight": ("With at least {n_min} links at rest, run the backward pass to link 1: the force across "
                             "joint 1 equals the weight of the whole chain within {tol:g} %."),
        "rnea_task_weight_hint": "n ≥ {n_min}, q̇ = q̈ = 0, then Next ▶ to the last step. Compare f with Σ m g.",
        "rnea_task_tip": ("At rest, with the backward pass done, drag the tip until the last joint needs less than "
                          "{tol:g} % of the most it can need, m g l/2 of the last link (within about {deg:.0f}° "
                          "of vertical)."),
        "rnea_task_tip_hint": ("The last joint carries only the last link: its torque vanishes when that link's centre "
                               "of mass sits straight above or below the joint."),
        "rnea_why_moving": "the chain moves (q̇ = {qd:g} rad/s, q̈ = {qdd:g} rad/s²); set both to 0",
        "rnea_why_step": "the pass has reached step {step} of the {need} needed",
        "rnea_why_few": "n = {n}; this needs at least {n_min} links",
        "rnea_why_weight": "|f₁| = {f:.3s} N against Σ m g = {w:.3s} N",
        "rnea_why_tip": "τ{n} = {tau:.3s} N·m, more than {tol:g} N·m ({pct:g} % of m g l/2 = {most:.3s} N·m)",
        # the scene in words (the kit's describe.py): its main readouts with their units
        # the scene in words, one sentence per stage: each names only what the pass has computed so far
        "rnea_description": (
            "{n:g}-link arm, every joint at q̇ {qd:.3s} rad/s and q̈ {qdd:.3s} rad/s²; step {step:g} of "
            "{steps:g}: the pass has not started, nothing is computed yet."
        ),
        "rnea_description_forward": (
            "{n:g}-link arm, every joint at q̇ {qd:.3s} rad/s and q̈ {qdd:.3s} rad/s²; step {step:g} of "
            "{steps:g}, forward pass: link {link:g} turns at ω {omega:.3s} rad/s; no joint torque is computed yet."
        ),
        "rnea_description_backward": (
            "{n:g}-link arm, every joint at q̇ {qd:.3s} rad/s and q̈ {qdd:.3s} rad/s²; step {step:g} of "
            "{steps:g}, backward pass: joint {link:g} needs the torque τ{link:g} {tau:.3s} N·m."
        ),
        "rnea_nb_terms": "n = {n}: {count:4d} terms in the {n} equations",
        "rnea_nb_terms_grown": "n = {n}: {count:4d} terms in the {n} equations  ({ratio:.1f} times as many as for n = {previous})",
        "rnea_nb_lagrange": "M by Lagrange:\n{M}",
        "rnea_nb_columns": "M by RNEA, column by column:\n{M}",
        "rnea_nb_difference": "largest difference: {diff:.1e}",
        "rnea_nb_calls": "M by {calls} RNEA calls vs CRBA: largest difference {diff:.1e}",
        "rnea_nb_jacobians": "M = Σ J_iᵀ 𝓘_i J_i vs CRBA: largest difference {diff:.1e}",
        "rnea_nb_force": "Jᵀ F for {force:g} N along x of link {link}: {tau}",
        "rnea_nb_aba": "q̈ by ABA:       {qdd}",
        "rnea_nb_solve": "q̈ by M⁻¹(τ − h): {qdd}",
        "rnea_nb_back": "and RNEA of that q̈ returns τ to {diff:.1e} N·m",
        "rnea_nb_largest": "largest |q̈|: joint {joint}, {qdd:.0f} rad/s², where M[{joint},{joint}] = {m:.4f} kg·m²",
        "rnea_nb_ratio": "{ours}: numpy / Pinocchio = {low:.0f} to {high:.0f} times, median {median:.0f}",
        "rnea_nb_saved_here": "µs per call, saved | measured here:",
        "rnea_nb_torso": ("joint {torso} turns the torso on the hip; joints {l0}–{l1} move the left arm, "
                          "joints {r0}–{r1} the right arm"),
        "rnea_nb_torso_zeros": ("entries of M exactly 0: {zeros} of {total}, two (M_ij and M_ji) for each of "
                                "the {pairs} pairs of a left-arm and a right-arm joint"),
        "rnea_nb_plot_saved": "{name} (saved), slope {slope:.2f}",
        "rnea_nb_plot_joints": "joints n",
        "rnea_nb_plot_time": "time per call [µs]",
        "rnea_nb_plot_title": "time per call; x and dashes: measured in this notebook",
        "rnea_nb_header": "link  ω (rad/s)  α (rad/s²)  τ = Sᵀ F (N·m)",
    },
    "zh": {
        "rnea_n": "连杆数 n",
        "rnea_qd": "所有 q̇ᵢ [rad/s]",
        "rnea_qdd": "所有 q̈ᵢ [rad/s²]",
        "rnea_step": "步骤",
        "rnea_next": "下一步 ▶",
        "rnea_back": "◀ 上一步",
        "rnea_title": "等长杆链：总长 {length:g} m，总质量 {mass:g} kg；拖动末端",
        "rnea_legend_v": "v：关节 i 的速度（每 m/s 画 {sv:.3g} m）",
        "rnea_legend_a": "a：空间加速度的线性部分（每 m/s² 画 {sa:.3g} m）",
        "rnea_legend_f": "f：穿过关节 i 的力（每 N 画 {sf:.3g} m）",
        "rnea_scene_step": "第 {step:.3g} 步，共 {steps:.3g} 步",
        "rnea_stage_start": "第 0 步：还没有计算任何东西。基座静止，并以 g 向上加速。",
        "rnea_stage_forward": "前向递推到达第 {i} 根连杆（共 {n} 根）：由第 {p} 根连杆的速度和加速度求出它的速度和加速度。",
        "rnea_stage_backward": "反向递推到达第 {i} 根连杆：穿过关节 {i} 的力承担连杆 {i}…{n}；τ{i} = S{i}ᵀ F{i}。",
        "rnea_pose": "θ{n} = {last:.0f}°（相对角），末端位于 ({x:.3s}, {y:.3s}) m",
        "rnea_panel_title": "第 {i} 根连杆，世界坐标系下",
        "rnea_panel_none": "按“下一步 ▶”开始前向递推。",
        "rnea_row_v": "关节的 v (m/s)",
        "rnea_row_a": "a，空间加速度 (m/s²)",
        "rnea_row_a_classic": "a + ω×v，经典加速度 (m/s²)",
        "rnea_row_n": "绕关节的 n_z (N·m)",
        "rnea_row_f": "穿过关节的 f (N)",
        "rnea_not_yet": "尚未到达",
        "rnea_task_rest": ("在 q̇ = q̈ = 0 时，把前向递推一直推到末端：每根连杆的加速度都是竖直向上的 g"
                           "（误差在 {tol:g} m/s² 以内），基座的那一推被一路传了下去。"),
        "rnea_task_rest_hint": "把 q̇ 和 q̈ 两个滑块都设为 0，然后一直按“下一步 ▶”，直到步骤数等于 n（末端）。",
        "rnea_task_weight": ("在至少 {n_min} 根连杆、静止的情况下，把反向递推推到连杆 1：穿过关节 1 的力"
                             "等于整条链的重量，误差在 {tol:g} % 以内。"),
        "rnea_task_weight_hint": "n ≥ {n_min}，q̇ = q̈ = 0，然后按“下一步 ▶”到最后一步。把 f 与 Σ m g 比较。",
        "rnea_task_tip": ("静止时，在反向递推完成后拖动末端，直到最后一个关节所需的力矩小于它最大可能值"
                          "（最后一根连杆的 m g l/2）的 {tol:g} %（与竖直方向相差约 {deg:.0f}° 以内）。"),
        "rnea_task_tip_hint": "最后一个关节只承担最后一根连杆：当这根连杆的质心正好在关节的正上方或正下方时，"
                              "它的力矩为零。",
        "rnea_why_moving": "链在运动（q̇ = {qd:g} rad/s，q̈ = {qdd:g} rad/s²）；把两者都设为 0",
        "rnea_why_step": "递推到了第 {step} 步，需要 {need} 步",
        "rnea_why_few": "n = {n}；这里至少需要 {n_min} 根连杆",
        "rnea_why_weight": "|f₁| = {f:.3s} N，而 Σ m g = {w:.3s} N",
        "rnea_why_tip": "τ{n} = {tau:.3s} N·m，大于 {tol:g} N·m（m g l/2 = {most:.3s} N·m 的 {pct:g} %）",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "rnea_description": (
            "{n:g} 连杆机械臂，每个关节 q̇ {qd:.3s} rad/s、q̈ {qdd:.3s} rad/s²；第 {step:g} 步，共 {steps:g} 步："
            "递推尚未开始，还没有计算任何量。"
        ),
        "rnea_description_forward": (
            "{n:g} 连杆机械臂，每个关节 q̇ {qd:.3s} rad/s、q̈ {qdd:.3s} rad/s²；第 {step:g} 步，共 {steps:g} 步，"
            "前向递推：第 {link:g} 根连杆的角速度 ω {omega:.3s} rad/s；关节力矩尚未计算。"
        ),
        "rnea_description_backward": (
            "{n:g} 连杆机械臂，每个关节 q̇ {qd:.3s} rad/s、q̈ {qdd:.3s} rad/s²；第 {step:g} 步，共 {steps:g} 步，"
            "反向递推：关节 {link:g} 需要的力矩 τ{link:g} {tau:.3s} N·m。"
        ),
        "rnea_nb_terms": "n = {n}：{n} 个方程共 {count:4d} 项",
        "rnea_nb_terms_grown": "n = {n}：{n} 个方程共 {count:4d} 项（是 n = {previous} 时的 {ratio:.1f} 倍）",
        "rnea_nb_lagrange": "用拉格朗日方法得到的 M：\n{M}",
        "rnea_nb_columns": "用 RNEA 逐列得到的 M：\n{M}",
        "rnea_nb_difference": "最大差值：{diff:.1e}",
        "rnea_nb_calls": "调用 {calls} 次 RNEA 得到的 M 与 CRBA 相比：最大差值 {diff:.1e}",
        "rnea_nb_jacobians": "由 M = Σ J_iᵀ 𝓘_i J_i 得到的 M 与 CRBA 相比：最大差值 {diff:.1e}",
        "rnea_nb_force": "沿连杆 {link} 的 x 方向施加 {force:g} N 时的 Jᵀ F：{tau}",
        "rnea_nb_aba": "ABA 给出的 q̈：      {qdd}",
        "rnea_nb_solve": "M⁻¹(τ − h) 给出的 q̈：{qdd}",
        "rnea_nb_back": "再用 RNEA 算这个 q̈，得到的 τ 与原值相差 {diff:.1e} N·m",
        "rnea_nb_largest": "最大的 |q̈|：关节 {joint}，{qdd:.0f} rad/s²，此处 M[{joint},{joint}] = {m:.4f} kg·m²",
        "rnea_nb_ratio": "{ours}：numpy / Pinocchio = {low:.0f} 到 {high:.0f} 倍，中位数 {median:.0f}",
        "rnea_nb_saved_here": "每次调用的 µs，保存的 | 本机刚测的：",
        "rnea_nb_torso": "关节 {torso} 让躯干绕髋部转动；关节 {l0}–{l1} 驱动左臂，关节 {r0}–{r1} 驱动右臂",
        "rnea_nb_torso_zeros": ("M 中恰好为 0 的元素：{total} 个中有 {zeros} 个；左臂关节与右臂关节共有 {pairs} 对，"
                                "每对贡献两个（M_ij 和 M_ji）"),
        "rnea_nb_plot_saved": "{name}（已保存），斜率 {slope:.2f}",
        "rnea_nb_plot_joints": "关节数 n",
        "rnea_nb_plot_time": "每次调用耗时 [µs]",
        "rnea_nb_plot_title": "每次调用耗时；叉号与虚线：在本笔记本中实测",
        "rnea_nb_header": "连杆  ω (rad/s)  α (rad/s²)  τ = Sᵀ F (N·m)",
    },
}, common={
    "rnea_nb_saved_here_row": "  n = {n}: {pairs}",
    "rnea_row_omega": "ω (rad/s)",
    "rnea_row_alpha": "α (rad/s²)",
    "rnea_row_tau": "τ = Sᵀ F (N·m)",
    "rnea_value_rest": "a{n} = ({ax:.3s}, {ay:.3s}) m/s²",
    "rnea_value_weight": "|f₁| = {f:.3s} N = Σ m g",
    "rnea_value_tip": "τ{n} = {tau:.3s} N·m",
})
