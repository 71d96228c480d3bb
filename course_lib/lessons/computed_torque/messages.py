"""Lesson 8, lab 1 (computed torque in joint space): the sentences, in English and Chinese.

Texts of the scene may hold ``{channel:.3s}`` fields: the browser fills them in at display rate.
"""

from course_lib.i18n import MessageTable

COMPUTED_TORQUE = MessageTable("computed_torque_lab", {
    "en": {
        "ct_model_error": "model error %",
        "ct_payload": "payload [kg]",
        "ct_title_world": "three arms, one target",
        "ct_title_err": "error ‖q_d − q‖, log scale",
        "ct_legend_pdg": "━ PD + gravity",
        "ct_legend_ct": "━ computed torque",
        "ct_legend_target": "╍ target q_d(t)",
        "ct_scene_error": "model error {model_error:.3g} %",
        "ct_scene_payload": "payload {payload:.3g} kg",
        "ct_readouts": (
            "t = {t:.3s} s &nbsp; RMS error over the last {window:g} s (rad):<br>"
            "<span style='color:{c_pd}'>■</span> PD <b>{rms_pd:.3s}</b> &nbsp; "
            "<span style='color:{c_pdg}'>■</span> PD + gravity <b>{rms_pdg:.3s}</b> &nbsp; "
            "<span style='color:{c_ct}'>■</span> computed torque <b>{rms_ct:.3s}</b>"
        ),
        "ct_setup": (
            "K_p = {kp:g}, K_d = {kd:g} (on torques for PD, on accelerations for computed torque); control at "
            "{rate:g} Hz, torque held in between. Target: q_d = ({c1:g}, {c2:g}) + ({a1:g} sin {w1:g}t, "
            "{a2:g} sin {w2:g}t) rad. The controllers believe the masses are {believed:g} % of the true ones "
            "and know nothing of the {payload:g} kg payload. Moving a slider restarts the run at t = 0."
        ),
        "ct_task_payload": (
            "Add an unmodeled payload of at least {payload:g} kg and press Play: computed torque's RMS error "
            "climbs above {rms:g} rad. The check reads the RMS over the last {window:g} s once the run is past "
            "{wait:g} s; with exactly {payload:g} kg it crosses {rms:g} rad only later, so keep playing."
        ),
        "ct_task_payload_hint": (
            "Only the payload slider is needed. Watch the green curve on the log plot rise by orders of magnitude; "
            "a heavier payload crosses the line sooner."
        ),
        "ct_why_payload_small": "the payload is {payload:g} kg; it must be at least {need:g} kg",
        "ct_why_payload_wait": "the run is at t = {t:.3s} s; wait until t > {wait:g} s",
        "ct_why_payload_rms": "computed torque's RMS is {rms:.3s} rad, not yet above {need:g} rad",
        "ct_payload_value": "RMS {rms:.3s} rad (last {window:g} s) with {payload:g} kg at t = {t:.3s} s",
        "ct_task_worse": (
            "Tune the model error and the payload until computed torque tracks worse than PD + gravity: its RMS over the last "
            "{window:g} s at least {percent:g} % larger, and staying so for {hold:g} s on end after t = {wait:g} s."
        ),
        "ct_task_worse_hint": ("Any unmodeled payload works against computed torque; the ratio is largest just "
                               "after t = {wait:g} s and swings as the run goes on, so a setting whose loss is "
                               "only a passing spike does not count. For a loss that lasts, try a {payload:g} kg "
                               "payload with a model error of {error:g} %."),
        "ct_why_worse_wait": "the run is at t = {t:.3s} s; wait until t > {wait:g} s",
        "ct_why_worse_no_error": ("the model is exact here (model error 0 %): a payload alone is the first task's "
                                  "setting; tune the model error too"),
        "ct_why_worse_ratio": (
            "computed torque's RMS is {ratio:.3s}× that of PD + gravity now, but fell to {held:.3s}× within the "
            "last {hold:g} s; it must stay at least {need:g}× throughout"
        ),
        "ct_worse_value": ("{ratio:.3s}× PD + gravity's RMS at t = {t:.3s} s, never below {held:.3s}× over the "
                           "last {hold:g} s (model error {error:g} %, payload {payload:g} kg)"),
        "ct_error_payload": "The payload must be between {lo:g} and {hi:g} kg, got {value}.",
        "ct_error_model": "The model error must be between {lo:g} and {hi:g} %, got {value}.",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "ct_description": (
            "t {t:.3s} s; joint error ‖q_d − q‖: PD {err_pd:.3s} rad, PD + gravity {err_pdg:.3s} rad, computed torque {err_ct:.3s} rad."
        ),
        "ct_nb_critical": "critically damped at the same ωₙ: (K_p, K_d) = {gains}",
        "ct_nb_circle_ccw": (
            "circle: centre {centre} m, radius {radius} m, one turn in {period} s, counter-clockwise from "
            "x_d(0) = ({x:.2f}, {y:.2f}) m"
        ),
        "ct_nb_circle_cw": (
            "circle: centre {centre} m, radius {radius} m, one turn in {period} s, clockwise from "
            "x_d(0) = ({x:.2f}, {y:.2f}) m"
        ),
        "ct_nb_branch": (
            "elbow branch θ₂ {sign} 0: q_d(0) = ({q1:.3f}, {q2:.3f}) rad; every arm starts at q_d(0) + {error} rad "
            "with q̇ = q̇_d(0)"
        ),
        "ct_nb_pd_gains": (
            "plain PD's gains: M̄ K_p and M̄ K_d, with the believed average inertia M̄ = {Mbar} kg·m² at δ = 0 "
            "(it scales with 1 + δ)"
        ),
        "ct_nb_continuous": "  continuous: largest |e − e_analytic| = {gap:.1e} rad",
        "ct_nb_hold": "{rate:5d} Hz hold: largest |e − e_analytic| = {gap:.1e} rad",
        "ct_nb_rms": "payload {payload:g} kg: RMS PD {pd:.4f}, PD + gravity {pdg:.4f}, computed torque {ct:.2e} rad",
        "ct_nb_hold_torque": "τ = g(q) at θ₁ = θ₂ = 0: ({t1:.2f}, {t2:.2f}) N·m",
        "ct_nb_friction": (
            "unknown joint friction b = {b:g} N·m·s/rad, δ = 0: computed torque's RMS tool error {ct:.2e} m"
        ),
        "ct_nb_bandwidth": "ωₙ = {wn:4.0f} rad/s: RMS tool error {rms:.2e} m, peak |τ₁| {peak:6.1f} N·m",
        "ct_nb_bandwidth_slope": "RMS error ∝ ωₙ^{exponent:.2f} (model masses {percent:+.0f} %)",
    },
    "zh": {
        "ct_model_error": "模型误差 %",
        "ct_payload": "负载 [kg]",
        "ct_title_world": "三条手臂，同一个目标",
        "ct_title_err": "误差 ‖q_d − q‖，对数坐标",
        "ct_legend_pdg": "━ PD + 重力补偿",
        "ct_legend_ct": "━ 计算力矩",
        "ct_legend_target": "╍ 目标 q_d(t)",
        "ct_scene_error": "模型误差 {model_error:.3g} %",
        "ct_scene_payload": "负载 {payload:.3g} kg",
        "ct_readouts": (
            "t = {t:.3s} s &nbsp; 最近 {window:g} s 的均方根误差（rad）：<br>"
            "<span style='color:{c_pd}'>■</span> PD <b>{rms_pd:.3s}</b> &nbsp; "
            "<span style='color:{c_pdg}'>■</span> PD + 重力补偿 <b>{rms_pdg:.3s}</b> &nbsp; "
            "<span style='color:{c_ct}'>■</span> 计算力矩 <b>{rms_ct:.3s}</b>"
        ),
        "ct_setup": (
            "K_p = {kp:g}，K_d = {kd:g}（PD 中作用在力矩上，计算力矩中作用在加速度上）；控制频率 {rate:g} Hz，"
            "两次采样之间力矩保持不变。目标：q_d = ({c1:g}, {c2:g}) + ({a1:g} sin {w1:g}t, {a2:g} sin {w2:g}t) rad。"
            "控制器以为各质量是真实值的 {believed:g} %，也不知道末端上有 {payload:g} kg 的负载。"
            "移动任一滑块，仿真从 t = 0 重新开始。"
        ),
        "ct_task_payload": (
            "给末端加上至少 {payload:g} kg 的未建模负载并按播放：计算力矩的均方根误差升到 {rms:g} rad 以上。"
            "仿真过了 {wait:g} 秒后，检查读取最近 {window:g} 秒的均方根误差；负载正好 {payload:g} kg 时要更晚才超过 "
            "{rms:g} rad，请继续播放。"
        ),
        "ct_task_payload_hint": "只需要调负载滑块。看对数图上的绿色曲线上升了几个数量级；负载越重，越早越过这条线。",
        "ct_why_payload_small": "负载是 {payload:g} kg，至少需要 {need:g} kg",
        "ct_why_payload_wait": "仿真时间 t = {t:.3s} s，请等到 t > {wait:g} s",
        "ct_why_payload_rms": "计算力矩的均方根误差是 {rms:.3s} rad，还没有超过 {need:g} rad",
        "ct_payload_value": "负载 {payload:g} kg，t = {t:.3s} s 时均方根误差（最近 {window:g} 秒）{rms:.3s} rad",
        "ct_task_worse": (
            "同时调节模型误差和负载，找到一个设置，让计算力矩比 PD + 重力补偿跟踪得更差：最近 {window:g} 秒的均方根误差至少大 {percent:g} %，"
            "并在 t = {wait:g} s 之后连续保持 {hold:g} 秒。"
        ),
        "ct_task_worse_hint": ("任何未建模负载都对计算力矩不利；这个比值在 t = {wait:g} s 刚过时最大，之后上下起伏，"
                               "只是一时冒尖的设置不算数。想要持久地更差，试试 {payload:g} kg 的负载，"
                               "配上 {error:g} % 的模型误差。"),
        "ct_why_worse_wait": "仿真时间 t = {t:.3s} s，请等到 t > {wait:g} s",
        "ct_why_worse_no_error": "现在模型是精确的（模型误差 0 %）：只加负载是第一项任务的设置；请把模型误差也调一调",
        "ct_why_worse_ratio": ("计算力矩的均方根误差现在是 PD + 重力补偿的 {ratio:.3s} 倍，但最近 {hold:g} 秒内曾降到 "
                               "{held:.3s} 倍；需要始终不低于 {need:g} 倍"),
        "ct_worse_value": ("t = {t:.3s} s 时是 PD + 重力补偿的 {ratio:.3s} 倍，最近 {hold:g} 秒内从未低于 {held:.3s} 倍"
                           "（模型误差 {error:g} %，负载 {payload:g} kg）"),
        "ct_error_payload": "负载必须在 {lo:g} 到 {hi:g} kg 之间，收到的是 {value}。",
        "ct_error_model": "模型误差必须在 {lo:g} 到 {hi:g} % 之间，收到的是 {value}。",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "ct_description": (
            "t {t:.3s} s；关节误差 ‖q_d − q‖：PD {err_pd:.3s} rad，PD + 重力 {err_pdg:.3s} rad，计算力矩 {err_ct:.3s} rad。"
        ),
        "ct_nb_critical": "同样的 ωₙ 下临界阻尼的增益：(K_p, K_d) = {gains}",
        "ct_nb_circle_ccw": (
            "圆轨迹：圆心 {centre} m，半径 {radius} m，转一圈用 {period} s，"
            "从 x_d(0) = ({x:.2f}, {y:.2f}) m 出发沿逆时针方向"
        ),
        "ct_nb_circle_cw": (
            "圆轨迹：圆心 {centre} m，半径 {radius} m，转一圈用 {period} s，"
            "从 x_d(0) = ({x:.2f}, {y:.2f}) m 出发沿顺时针方向"
        ),
        "ct_nb_branch": (
            "肘部分支 θ₂ {sign} 0：q_d(0) = ({q1:.3f}, {q2:.3f}) rad；每条机械臂都从 q_d(0) + {error} rad 出发，"
            "q̇ = q̇_d(0)"
        ),
        "ct_nb_pd_gains": (
            "普通 PD 的增益为 M̄ K_p 和 M̄ K_d，其中假定的平均惯量 M̄ = {Mbar} kg·m²（δ = 0 时；它按 1 + δ 缩放）"
        ),
        "ct_nb_continuous": "  连续控制：最大 |e − e_analytic| = {gap:.1e} rad",
        "ct_nb_hold": "{rate:5d} Hz 零阶保持：最大 |e − e_analytic| = {gap:.1e} rad",
        "ct_nb_rms": "负载 {payload:g} kg：均方根误差 PD {pd:.4f}，PD + 重力补偿 {pdg:.4f}，计算力矩 {ct:.2e} rad",
        "ct_nb_hold_torque": "θ₁ = θ₂ = 0 时 τ = g(q) = ({t1:.2f}, {t2:.2f}) N·m",
        "ct_nb_friction": "未知的关节摩擦 b = {b:g} N·m·s/rad，δ = 0：计算力矩的末端均方根误差 {ct:.2e} m",
        "ct_nb_bandwidth": "ωₙ = {wn:4.0f} rad/s：末端误差均方根 {rms:.2e} m，|τ₁| 峰值 {peak:6.1f} N·m",
        "ct_nb_bandwidth_slope": "误差均方根 ∝ ωₙ^{exponent:.2f}（模型质量偏差 {percent:+.0f} %）",
    },
}, common={
    "ct_nb_gains": "K_p = {kp:g}, K_d = {kd:g}:  ωₙ = {wn:.2f} rad/s, ζ = {zeta:.3f}",
    "ct_xlabel_err": "t [s]",
    "ct_ylabel_err": "log₁₀ ‖q_d − q‖ [rad]",
    "ct_legend_pd": "━ PD",
    "ct_scene_time": "t = {t:.3g} s",
})
