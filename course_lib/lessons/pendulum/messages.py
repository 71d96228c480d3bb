"""The pendulum lab's sentences (see :mod:`course_lib.i18n`).

Scene texts such as ``pend_scene_radial`` are formatted in the browser with
the scene's channels, at display rate.
"""

from course_lib.i18n import MessageTable

PENDULUM = MessageTable("pendulum_lab", {
    "en": {
        "pend_newton": "Newton view",
        "pend_title_pendulum": "pendulum (drag the ball)",
        "pend_title_phase": "phase portrait",
        "pend_title_energy": "energy [J]",
        "pend_readouts": (
            "t = {t:.3s} s &nbsp; θ = {theta_w:.3s} rad ({theta_deg:.1f}°) &nbsp; "
            "θ̇ = {theta_dot:.3s} rad/s &nbsp; θ̈ = {theta_ddot:.3s} rad/s² &nbsp; "
            "E = {energy:.3s} J &nbsp; rod tension T_c = {tension:.3s} N"
        ),
        "pend_compression": (
            "T_c is negative: the rod is pushing the ball away from the pivot. It is in compression, "
            "which only a stiff rod can do (a string would go slack)."
        ),
        "pend_steps_title": "Lagrange, term by term (live)",
        "pend_step1": "1. T = ½ m l² θ̇² = {T:.3s} J, &nbsp; V = m g l (1 − cos θ) = {V:.3s} J",
        "pend_task_rest45": (
            "Reset the lab, give the bearing friction b ≥ {b:g} N·m·s/rad, and look for the constant τ "
            "that lets the ball settle at {angle:g}° (θ within {tol:g} rad of {angle:g}° and "
            "|θ̇| < {speed:g} rad/s, held for {dwell:g} s)."
        ),
        "pend_task_rest45_hint": (
            "Once the ball is still, θ̇ and θ̈ are both zero, and the only torque left for τ to cancel "
            "is gravity's: τ = m g l sin θ. If the ball keeps going round, grab it and pull it back down."
        ),
        "pend_task_rest45_value": "θ = {theta:.3s} rad with τ = {tau:.3s} N·m, b = {b:.3s}",
        "pend_task_decay": (
            "Lift the ball past {angle:g}° by dragging it, let go with b ≥ {b:g} N·m·s/rad, and wait "
            "until less than {percent:g} % of the energy it started with is left."
        ),
        "pend_task_decay_hint": (
            "Set τ to 0 first: a torque τ feeds energy in at the rate τ θ̇. Then the friction torque b θ̇ "
            "drains energy at the rate b θ̇². In the phase portrait the trace winds inward toward the resting point."
        ),
        "pend_task_decay_value": "E = {energy:.3s} J of {start:.3s} J",
        "pend_task_tension": "Switch on the Newton view and get the rod to pull harder than {tension:g} N.",
        "pend_task_tension_hint": (
            "T_c = m l θ̇² + m g cos θ. Both terms peak at the lowest point, where the ball is fastest "
            "and its weight lies along the rod, so start the swing from high up."
        ),
        "pend_scene_balance": "Lagrange:  m l² θ̈ + m g l sin θ = τ − b θ̇:  {lhs:.3g} N·m = {rhs:.3g} N·m",
        "pend_legend_gravity": "━ weight m g = {weight:.3g} N",
        "pend_legend_tension": "━ rod T_c = {tension:.3g} N",
        "pend_legend_tangential": "━ tangential {ft:.3g} N",
        "pend_scene_radial": "radial:  T_c − m g cos θ = m l θ̇²:  {tension:.3g} − ({mg_cos:.3g}) = {centripetal:.3g} N",
        "pend_scene_tangential": "tangential:  m l θ̈ = −m g sin θ + (τ−bθ̇)/l:  {ml_acc:.3g} = ({mg_sin:.3g}) + ({ft:.3g}) N",
        "pend_why_rest_b": "b = {b:.3s} N·m·s/rad is below {need:g}",
        "pend_why_rest_angle": "the ball is at {deg:.1f}°, not within {tol:g} rad of {angle:g}°",
        "pend_why_decay_none": "no release yet: drag the ball above {angle:g}° and let go",
        "pend_why_decay_low": "the swing started from {deg:.0f}°, which is not above {angle:g}°: drag the ball higher and let go",
        "pend_why_decay_b_start": "b was below {b:g} at the release",
        "pend_why_decay_b_after": "b was set below {b:g} after the release",
        "pend_why_decay_tau": "τ = {tau:.3s} N·m keeps feeding energy in (at the rate τ θ̇): set τ to 0",
        "pend_why_tension_hidden": "the rod pulled {tension:.3s} N, but the Newton view was off",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "pend_description": (
            "Pendulum at θ {theta_deg:.0f}°, θ̇ {theta_dot:.3s} rad/s, t {t:.3s} s; energy E {E:.3s} J."
        ),
        # what the notebook's code cells print (its printout.say) and its plots' texts (printout.label)
        "pend_nb_omega": "ω0 = √(g/l) = {w0:.3f} rad/s, small-angle period 2π/ω0 = {period:.3f} s",
        "pend_nb_plot_nonlinear": "nonlinear (RK4)",
        "pend_nb_plot_linear": "linear: θ₀ cos ω₀t",
        "pend_nb_plot_period": "θ₀ = {degrees:.0f}°: period {period:.2f} s",
        "pend_nb_fd": "θ̈ from differences of θ(t): {fd:.5f} rad/s²   (lab: {lab:.5f})",
        "pend_nb_balance": "m l² θ̈ + m g l sin θ with it: {lhs:.5f} N·m   τ − b θ̇ shown: {rhs:.5f} N·m",
        "pend_nb_separatrix": "θ̇ at the bottom on the separatrix: {speed:.3f} rad/s",
        "pend_nb_tension": "rod tension there: {tension:.2f} N (the ball's weight is {weight:.2f} N)",
        "pend_nb_release": ("released at rest from {degrees:.0f}°, τ = b = 0, {duration:g} s "
                            "with a {step_ms:g} ms step"),
        "pend_nb_energy": "{method:15s} largest energy error over {duration:g} s: {error:.2e} J",
    },
    "zh": {
        "pend_newton": "牛顿视角",
        "pend_title_pendulum": "单摆（拖动小球）",
        "pend_title_phase": "相图",
        "pend_title_energy": "能量 [J]",
        "pend_readouts": (
            "t = {t:.3s} s &nbsp; θ = {theta_w:.3s} rad ({theta_deg:.1f}°) &nbsp; "
            "θ̇ = {theta_dot:.3s} rad/s &nbsp; θ̈ = {theta_ddot:.3s} rad/s² &nbsp; "
            "E = {energy:.3s} J &nbsp; 杆的张力 T_c = {tension:.3s} N"
        ),
        "pend_compression": (
            "T_c 为负：杆在把小球推离转轴。杆处于受压状态，只有刚性杆才能做到（换成绳子就松弛了）。"
        ),
        "pend_steps_title": "拉格朗日方程，逐项计算（实时）",
        "pend_step1": "1. T = ½ m l² θ̇² = {T:.3s} J， &nbsp; V = m g l (1 − cos θ) = {V:.3s} J",
        "pend_task_rest45": (
            "重置实验，把轴承摩擦设为 b ≥ {b:g} N·m·s/rad，找出能让小球停在 {angle:g}° 的恒定力矩 τ"
            "（θ 与 {angle:g}° 相差不超过 {tol:g} rad，|θ̇| < {speed:g} rad/s，并保持 {dwell:g} s）。"
        ),
        "pend_task_rest45_hint": (
            "小球静止时 θ̇ 和 θ̈ 都为零，τ 只需抵消重力的力矩：τ = m g l sin θ。"
            "如果小球一直在转圈，就抓住它，把它拉回下方。"
        ),
        "pend_task_rest45_value": "θ = {theta:.3s} rad，τ = {tau:.3s} N·m，b = {b:.3s}",
        "pend_task_decay": (
            "拖动小球，把它抬过 {angle:g}°，在 b ≥ {b:g} N·m·s/rad 时松手，"
            "等到剩下的能量不足初始能量的 {percent:g} %。"
        ),
        "pend_task_decay_hint": (
            "先把 τ 设为 0：力矩 τ 以 τ θ̇ 的速率往摆里输入能量。之后摩擦力矩 b θ̇ 以 b θ̇² 的速率消耗能量，"
            "在相图中轨迹向内盘旋，趋向静止点。"
        ),
        "pend_task_decay_value": "E = {energy:.3s} J，初始为 {start:.3s} J",
        "pend_task_tension": "打开牛顿视角，让杆上的张力大于 {tension:g} N。",
        "pend_task_tension_hint": (
            "T_c = m l θ̇² + m g cos θ。两项都在最低点达到最大：那里小球最快，重力也正好沿着杆的方向。"
            "所以要从高处开始摆。"
        ),
        "pend_scene_balance": "拉格朗日方程 m l² θ̈ + m g l sin θ = τ − b θ̇，数值 {lhs:.3g} N·m = {rhs:.3g} N·m",
        "pend_legend_gravity": "━ 重力 m g = {weight:.3g} N",
        "pend_legend_tension": "━ 杆的张力 T_c = {tension:.3g} N",
        "pend_legend_tangential": "━ 切向 {ft:.3g} N",
        "pend_scene_radial": "径向：T_c − m g cos θ = m l θ̇²：{tension:.3g} − ({mg_cos:.3g}) = {centripetal:.3g} N",
        "pend_scene_tangential": "切向：m l θ̈ = −m g sin θ + (τ−bθ̇)/l：{ml_acc:.3g} = ({mg_sin:.3g}) + ({ft:.3g}) N",
        "pend_why_rest_b": "b = {b:.3s} N·m·s/rad，小于 {need:g}",
        "pend_why_rest_angle": "小球现在在 {deg:.1f}°，离 {angle:g}° 超过 {tol:g} rad",
        "pend_why_decay_none": "还没有松手：把小球拖到 {angle:g}° 以上再松开",
        "pend_why_decay_low": "这次从 {deg:.0f}° 开始摆，没有超过 {angle:g}°：把小球拖得更高再松手",
        "pend_why_decay_b_start": "松手时 b 小于 {b:g}",
        "pend_why_decay_b_after": "松手后 b 被调到了 {b:g} 以下",
        "pend_why_decay_tau": "τ = {tau:.3s} N·m 一直在输入能量（速率为 τ θ̇）：把 τ 设为 0",
        "pend_why_tension_hidden": "杆的张力达到了 {tension:.3s} N，但当时牛顿视角是关着的",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "pend_description": (
            "摆位于 θ {theta_deg:.0f}°，θ̇ {theta_dot:.3s} rad/s，t {t:.3s} s；能量 E {E:.3s} J。"
        ),
        # what the notebook's code cells print (its printout.say) and its plots' texts (printout.label)
        "pend_nb_omega": "ω0 = √(g/l) = {w0:.3f} rad/s，小摆角周期 2π/ω0 = {period:.3f} s",
        "pend_nb_plot_nonlinear": "非线性（RK4）",
        "pend_nb_plot_linear": "线性化：θ₀ cos ω₀t",
        "pend_nb_plot_period": "θ₀ = {degrees:.0f}°：周期 {period:.2f} s",
        "pend_nb_fd": "由 θ(t) 的差分得到 θ̈ = {fd:.5f} rad/s²（实验显示 {lab:.5f}）",
        "pend_nb_balance": "代入后 m l² θ̈ + m g l sin θ = {lhs:.5f} N·m；实验显示 τ − b θ̇ = {rhs:.5f} N·m",
        "pend_nb_separatrix": "沿分界线运动时，最低点处的 θ̇ = {speed:.3f} rad/s",
        "pend_nb_tension": "此时杆的张力：{tension:.2f} N（小球的重力为 {weight:.2f} N）",
        "pend_nb_release": "从 {degrees:.0f}° 处静止释放，τ = b = 0，步长 {step_ms:g} ms，共 {duration:g} s",
        "pend_nb_energy": "{method:15s} {duration:g} s 内的最大能量误差：{error:.2e} J",
    },
}, common={
    "pend_theta0": "θ [°]",
    "pend_tau": "τ [N·m]",
    "pend_b": "b [N·m·s/rad]",
    "pend_xlabel_phase": "θ [rad]",
    "pend_ylabel_phase": "θ̇ [rad/s]",
    "pend_bar_T": "T",
    "pend_bar_V": "V",
    "pend_bar_E": "T+V",
    "pend_tension_label": "T_c = {value:.3s} N",
    "pend_step2": "2. ∂L/∂θ̇ = m l² θ̇ = {p:.3s} kg·m²/s",
    "pend_step3": "3. d/dt ∂L/∂θ̇ = m l² θ̈ = {dp:.3s} N·m",
    "pend_step4": "4. ∂L/∂θ = −m g l sin θ = {dLdq:.3s} N·m",
    "pend_balance": (
        "m l² θ̈ + m g l sin θ = {inertia:.3s} + ({gravity:.3s}) = <b>{lhs:.3s}</b> N·m"
        " &nbsp; | &nbsp; τ − b θ̇ = {tau:.3s} − ({friction:.3s}) = <b>{rhs:.3s}</b> N·m"
    ),
    "pend_task_tension_value": "T_c = {tension:.3s} N",
    "pend_scene_theta": "θ = {theta_deg:.1f}°   θ̇ = {theta_dot:.3g} rad/s",
})
