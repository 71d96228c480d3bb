"""The tool-path lab's sentences (lesson 8, lab 2), in English and Chinese (see :mod:`course_lib.i18n`)."""

from course_lib.i18n import MessageTable

TOOL_PATH = MessageTable("tool_path_lab", true_minus=True, messages={
    "en": {
        "period": "period T [s]",
        "path": "path",
        "path_circle": "circle",
        "path_eight": "figure-eight",
        "task_space": "+ task-space CT",
        "log": "log error axis",
        "title_world": "tool paths (dashed: reference)",
        "title_error": "tool-position error",
        "name_pd_gravity": "PD + gravity",
        "name_computed_torque": "computed torque",
        "name_task_space": "task-space CT",
        "legend": "purple PD · sky blue PD + gravity · amber computed torque",
        "legend_task": "purple PD · sky blue PD + gravity · amber computed torque · red dashed task-space CT",
        "pd_gains": ("PD gains M̄ (K_p, K_d): believed average inertia M̄₁₁ = {m11:.3s}, M̄₂₂ = {m22:.3s} kg·m² "
                     "(δ re-tunes PD too)"),
        "setting": ("t = {t:.3s} s &nbsp; model mass error δ = {delta:g} % &nbsp; unmodelled friction b = {b:.3s} N·m·s/rad<br>"
                    "ωₙ = {omega_n:g} rad/s (K_p = {kp:.3s} s⁻², K_d = {kd:.3s} s⁻¹) &nbsp; T = {period:.3s} s"),
        "table_head": "<tr><th></th><th>RMS tool error, t ≥ {since:g} s</th><th>peak |τ₁|</th></tr>",
        "rms_waiting": "after t = {since:g} s",
        "task_exact": "Set δ = 0 and b = 0: computed torque's RMS falls below {ct_mm:g} mm while plain PD stays "
                      "above {pd_cm:g} cm (the RMS counts from t = {since:g} s; the check reads it from "
                      "t = {ready:g} s on).",
        "task_exact_hint": "Both sliders at 0 make the model exact: the closed loop is then ë + K_d ė + K_p e = 0, "
                           "and the start error dies out within a second. PD has no model: it must be wrong to "
                           "push at all.",
        "task_exact_value": "computed torque {ct:.2g} m, PD {pd:.3s} m",
        "why_exact_model": "the model is not exact yet: δ = {delta:+g} %, b = {b:.3s}",
        "why_exact_ct": "computed torque's RMS is {ct:.2g} m, not below {ct_mm:g} mm",
        "why_exact_pd": "plain PD's RMS is only {pd:.3s} m: lower ωₙ so that PD misses by more than {pd_cm:g} cm",
        "task_mismatch": "Set δ to {low:+g} % (model too light), then to {high:+g} % (too heavy), on the circle at "
                         "ωₙ = {omega:g} rad/s, T = {period:g} s, and play each run to t = {at:g} s. Compare computed torque with PD + gravity by their RMS over "
                         "{since:g} s ≤ t < {at:g} s (the check and the quiz use this window).",
        "task_mismatch_hint": "The readouts table has both RMS values; read them where the window ends. Is the model error's "
                              "sign important? Is computed torque clearly ahead in both runs, or nearly tied in one?",
        "task_mismatch_value": ("δ = {low:+g} %: CT {ct_low:.3s} m vs PD + gravity {pg_low:.3s} m; "
                                "δ = {high:+g} %: CT {ct_high:.3s} m vs PD + gravity {pg_high:.3s} m"),
        "why_mismatch_low": "seen δ = {high:+g} % up to t = {at:g} s; now play δ = {low:+g} % to t = {at:g} s",
        "why_mismatch_high": "seen δ = {low:+g} % up to t = {at:g} s; now play δ = {high:+g} % to t = {at:g} s",
        "why_mismatch_wait": "keep playing: the comparison reads the RMS at t = {at:g} s",
        "why_mismatch_default": "the quiz's comparison runs the circle at ωₙ = {omega:g} rad/s, T = {period:g} s",
        "task_slow": "Keep the model nearly right (|δ| ≤ {delta:g} %, b ≤ {b:g}) and lower ωₙ below {omega:g} "
                     "rad/s: plain PD's RMS exceeds {pd_cm:g} cm while computed torque stays within {ct_cm:g} cm.",
        "task_slow_hint": "With soft gains the feedback does little; what remains is the model's feedforward "
                          "M q̈_d + C q̇ + g. Who is doing most of the work?",
        "task_slow_value": "ωₙ = {omega:g} rad/s: PD {pd:.3s} m, computed torque {ct:.3s} m",
        "why_slow_model": "the model is too far off for this task: |δ| = {delta:g} %, b = {b:.3s}",
        "why_slow_omega": "ωₙ = {omega:g} rad/s: lower it below {limit:g}",
        "why_slow_pd": "plain PD's RMS is {pd:.3s} m, not above {pd_cm:g} cm yet",
        "why_slow_ct": "computed torque's RMS is {ct:.3s} m, above {ct_cm:g} cm",
        "why_wait": "wait: the RMS needs t ≥ {since:g} s",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "tp_description": (
            "t {t:.3s} s; target at x {xd:.3s} m, y {yd:.3s} m; tool error: PD {err0:.3s} m, PD + gravity {err1:.3s} m, computed torque {err2:.3s} m."
        ),
    },
    "zh": {
        "period": "周期 T [s]",
        "path": "路径",
        "path_circle": "圆",
        "path_eight": "8 字形",
        "task_space": "+ 任务空间计算力矩",
        "log": "误差用对数坐标",
        "title_world": "末端轨迹（虚线：参考）",
        "title_error": "末端位置误差",
        "name_pd_gravity": "PD + 重力补偿",
        "name_computed_torque": "计算力矩",
        "name_task_space": "任务空间计算力矩",
        "legend": "紫色 PD · 天蓝色 PD + 重力补偿 · 琥珀色 计算力矩",
        "legend_task": "紫色 PD · 天蓝色 PD + 重力补偿 · 琥珀色 计算力矩 · 红色虚线 任务空间计算力矩",
        "pd_gains": ("PD 增益 M̄ (K_p, K_d)：控制器以为的平均惯量 M̄₁₁ = {m11:.3s}，M̄₂₂ = {m22:.3s} kg·m²"
                     "（δ 也会改变 PD）"),
        "setting": ("t = {t:.3s} s &nbsp; 模型质量误差 δ = {delta:g} % &nbsp; 未建模摩擦 b = {b:.3s} N·m·s/rad<br>"
                    "ωₙ = {omega_n:g} rad/s（K_p = {kp:.3s} s⁻²，K_d = {kd:.3s} s⁻¹）&nbsp; T = {period:.3s} s"),
        "table_head": "<tr><th></th><th>末端误差均方根（t ≥ {since:g} s）</th><th>|τ₁| 峰值</th></tr>",
        "rms_waiting": "t = {since:g} s 之后显示",
        "task_exact": "把 δ 和 b 都设为 0：计算力矩的均方根误差降到 {ct_mm:g} mm 以下，而纯 PD 仍超过 {pd_cm:g} cm"
                      "（均方根误差从 t = {since:g} s 开始累计；检查从 t = {ready:g} s 起读取）。",
        "task_exact_hint": "两个滑块都为 0 时模型是精确的，闭环就是 ë + K_d ė + K_p e = 0，初始误差一秒内就消失。"
                           "PD 没有模型：它必须先有误差才能出力。",
        "task_exact_value": "计算力矩 {ct:.2g} m，PD {pd:.3s} m",
        "why_exact_model": "模型还不精确：δ = {delta:+g} %，b = {b:.3s}",
        "why_exact_ct": "计算力矩的均方根误差是 {ct:.2g} m，还没有低于 {ct_mm:g} mm",
        "why_exact_pd": "纯 PD 的均方根误差只有 {pd:.3s} m：降低 ωₙ，让 PD 的误差超过 {pd_cm:g} cm",
        "task_mismatch": "把 δ 设为 {low:+g} %（模型偏轻），再设为 {high:+g} %（模型偏重），路径为圆，ωₙ = {omega:g} rad/s，T = {period:g} s，每次都播放到 t = {at:g} s。"
                         "用 {since:g} s ≤ t < {at:g} s 这段时间的均方根误差比较计算力矩和“PD + 重力补偿”"
                         "（检查和小测验都用这个时间窗）。",
        "task_mismatch_hint": "读数表里有两者的均方根误差，在时间窗结束时读取。模型误差的正负要紧吗？"
                              "计算力矩在两次都明显领先，还是有一次几乎持平？",
        "task_mismatch_value": ("δ = {low:+g} %：计算力矩 {ct_low:.3s} m，PD + 重力补偿 {pg_low:.3s} m；"
                                "δ = {high:+g} %：计算力矩 {ct_high:.3s} m，PD + 重力补偿 {pg_high:.3s} m"),
        "why_mismatch_low": "已看过 δ = {high:+g} %（到 t = {at:g} s）；再把 δ = {low:+g} % 播放到 t = {at:g} s",
        "why_mismatch_high": "已看过 δ = {low:+g} %（到 t = {at:g} s）；再把 δ = {high:+g} % 播放到 t = {at:g} s",
        "why_mismatch_wait": "继续播放：比较读取 t = {at:g} s 时的均方根误差",
        "why_mismatch_default": "小测验的比较用的是圆，ωₙ = {omega:g} rad/s，T = {period:g} s",
        "task_slow": "让模型几乎准确（|δ| ≤ {delta:g} %，b ≤ {b:g}），把 ωₙ 降到 {omega:g} rad/s 以下：纯 PD 的均方根误差"
                     "超过 {pd_cm:g} cm，而计算力矩仍在 {ct_cm:g} cm 以内。",
        "task_slow_hint": "增益很软时反馈几乎不起作用，剩下的是模型的前馈 M q̈_d + C q̇ + g。主要的活是谁干的？",
        "task_slow_value": "ωₙ = {omega:g} rad/s：PD {pd:.3s} m，计算力矩 {ct:.3s} m",
        "why_slow_model": "模型偏差太大：|δ| = {delta:g} %，b = {b:.3s}",
        "why_slow_omega": "ωₙ = {omega:g} rad/s：请降到 {limit:g} 以下",
        "why_slow_pd": "纯 PD 的均方根误差是 {pd:.3s} m，还没有超过 {pd_cm:g} cm",
        "why_slow_ct": "计算力矩的均方根误差是 {ct:.3s} m，超过了 {ct_cm:g} cm",
        "why_wait": "请等待：均方根误差 需要 t ≥ {since:g} s",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "tp_description": (
            "t {t:.3s} s；目标在 x {xd:.3s} m、y {yd:.3s} m；工具误差：PD {err0:.3s} m，PD + 重力 {err1:.3s} m，计算力矩 {err2:.3s} m。"
        ),
    },
}, common={
    "delta": "δ [%]",
    "b": "b [N·m·s/rad]",
    "omega_n": "ωₙ [rad/s]",
    "xlabel_error": "t [s]",
    "ylabel_linear": "|x_d − x| [m]",
    "ylabel_log": "log₁₀ |x_d − x| [m]",
    "name_pd": "PD",
    "scene_time": "t = {t:.3g} s",
    "table_row": "<tr><td style='color:{color}'>■ {name}</td><td>{rms}</td><td>{peak:.3s} N·m</td></tr>",
    "rms_value": "{rms:.3s} m",
    "restarted": "",
})
