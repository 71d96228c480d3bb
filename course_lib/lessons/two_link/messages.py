"""The 2R arm simulator's sentences (lesson 3, see :mod:`course_lib.i18n`).

Texts of the scene and of the formula may hold ``{channel:.3s}`` fields: the browser
fills them in with the scene's channels at display rate.
"""

from course_lib.i18n import Message, MessageTable

ARM_SIM = MessageTable("arm_sim_lab", {
    "en": {
        "arm_gravity": "gravity on",
        "arm_method": "integrator",
        "arm_method_euler": "explicit Euler",
        "arm_dt": "step h",
        "arm_hold": "Hold: τ = g − Jᵀh_e",
        "arm_drop_c": "drop C q̇",
        "arm_run10": "Run 10 s",
        "arm_run10_tooltip": (
            "Simulate exactly 10 s at once from the posture shown, as a new ledger: E₀ and W start again there"
        ),
        "arm_reset_tooltip": (
            "Back to the start posture at t = 0, at rest; the controls keep their values (τ₁, τ₂, b, f_x, f_y, "
            "gravity, integrator, h; Hold, if on, stays on and holds the start posture)"
        ),
        "arm_title_world": "2R arm (drag the elbow or the tip)",
        "arm_title_ledger": "energy ledger [J]",
        "arm_scene_ledger": "gap (E − E₀) − W − W_ext = {gap:.3g} J",
        "arm_legend_W": "╍ W = {W:.3g} J (τ and friction)",
        "arm_legend_Wext": "╍ W_ext = {Wext:.3g} J (tool force)",
        "arm_readouts": (
            "t = {t:.3s} s &nbsp; q = ({th1w:.3s}, {th2w:.3s}) rad (within ±π)<br>"
            "q̇ = ({qd1:.3s}, {qd2:.3s}) rad/s &nbsp; q̈ = ({qdd1:.3s}, {qdd2:.3s}) rad/s²<br>"
            "τ = ({tau1:.3s}, {tau2:.3s}) N·m &nbsp; E = {E:.3s} J<br>"
            "E − E₀ = {dE:.3s} J &nbsp; W = {W:.3s} J &nbsp; W_ext = {Wext:.3s} J<br>"
            "gap (E − E₀) − W − W_ext = <b>{gap_text}</b>"
        ),
        "arm_readout_push": (
            "Tool force h_e = ({fx:.3s}, {fy:.3s}) N (red arrow): it adds Jᵀh_e = ({JTh1:.3s}, {JTh2:.3s}) N·m "
            "to the joints' side of the equation, and its work W_ext enters the ledger."
        ),
        "arm_readout_hold": (
            "Hold is on: τ = g(q) − Jᵀh_e = ({tau1:.3s}, {tau2:.3s}) N·m, computed at q = ({q1:.3s}, {q2:.3s}) rad "
            "for h_e = ({fx:.3s}, {fy:.3s}) N."
        ),
        "arm_readout_run": (
            "Last Run 10 s ({method}, h = {h_ms:g} ms): largest |gap| over its steps <b>{error}</b>. "
            "A run starts a new ledger (E₀, W) where it starts, so the gap above is the same ledger's."
        ),
        "arm_readout_drop_c": "C q̇ is dropped: the arm follows M q̈ + g = τ − b q̇, a wrong equation.",
        "arm_task_euler": (
            "Explicit Euler, h = {h_ms:g} ms, τ = 0, b = 0, gravity on: press Run 10 s and see the energy "
            "error (E − E₀) − W exceed {error:g} J."
        ),
        "arm_task_euler_hint": (
            "Start from the default posture (Reset): a swing from high up moves fast, and explicit Euler adds a "
            "little energy on every step, more the faster the arm moves."
        ),
        "arm_task_euler_value": "energy error {error:.3s} J",
        "arm_task_rk4": (
            "RK4 with h ≤ {h_ms:g} ms, τ = 0, b = 0, gravity on: press Run 10 s and keep the energy error "
            "below {error:g} J for the full run. Then press Reset (a run goes on from where the last "
            "one ended), halve h and run again: the check shows how much smaller the error got."
        ),
        "arm_task_rk4_hint": (
            "RK4 is 4th order: over a fixed 10 s its energy error shrinks like h⁴, so halving h makes it about "
            "16 times smaller. Press Reset before each run so that both runs start from the same posture; the "
            "controls keep their values."
        ),
        "arm_task_rk4_value": ("largest energy error {error:.3s} J at h = {h_ms:g} ms and {error_half:.3s} J at "
                               "h = {half_ms:g} ms: {ratio:.3s} times smaller"),
        "arm_why_rk4_halve": ("the run at h = {h_ms:g} ms qualifies; now press Reset, set h = {half_ms:g} ms "
                              "and Run 10 s again (or the other way round, from the same start)"),
        "arm_task_hold": (
            "With gravity on and the arm at rest, switch Hold on and keep the arm still for {dwell:g} s of play "
            "(both joint speeds below {speed:g} rad/s)."
        ),
        "arm_task_hold_hint": (
            "At rest q̇ = q̈ = 0, so the equation leaves τ = g(q). Stop the arm first (Reset, or drag it), "
            "then switch Hold on and press Play."
        ),
        "arm_task_hold_value": "still at q = ({q1:.3s}, {q2:.3s}) rad with τ = ({tau1:.3s}, {tau2:.3s}) N·m",
        "arm_task_push": (
            "Push the tool with at least {force:g} N and hold the arm still {dwell:g} s (speeds below {speed:g} rad/s) "
            "by τ = g − Jᵀh_e."
        ),
        "arm_task_push_hint": (
            "At rest the equation leaves g(q) = τ + Jᵀh_e, so the motors must supply g(q) − Jᵀh_e: gravity's "
            "torque minus what the push already does at the joints. Set the force, stop the arm (Reset), then "
            "switch Hold on and press Play. Hold switched on before the push only cancels gravity. A push along a "
            "stretched arm runs through its joints and asks nothing of the motors: push across the arm."
        ),
        "arm_task_push_value": ("still under h_e = ({fx:.3s}, {fy:.3s}) N with τ = ({tau1:.3s}, {tau2:.3s}) N·m, "
                                "Jᵀh_e = ({JTh1:.3s}, {JTh2:.3s}) N·m"),
        "arm_why_run_push": "the last run had a tool force ({fx:g}, {fy:g}) N: set f_x = f_y = 0",
        "arm_why_push_small": "the push is {force:.3s} N; the task asks for at least {need:g} N",
        "arm_why_push_through": (
            "this push runs along the arm, through its joints: Jᵀh_e = ({JTh1:.3s}, {JTh2:.3s}) N·m, under "
            "{need:g} N·m at both, so Hold alone would do. Push across the arm, or bend it"
        ),
        "arm_why_push_hold_old": (
            "Hold's τ was computed for h_e = ({fx:.3s}, {fy:.3s}) N, not for this push: switch Hold off and on again"
        ),
        "arm_why_push_tau": (
            "τ is {off:.3s} N·m away from g(q) − Jᵀh_e = ({need1:.3s}, {need2:.3s}) N·m at this posture"
        ),
        "arm_why_no_run": "press Run 10 s",
        "arm_why_method": "the last run used {method}, not {need}",
        "arm_why_h_euler": "the last run used h = {h_ms:g} ms, the task asks for {need_ms:g} ms",
        "arm_why_h_rk4": "the last run used h = {h_ms:g} ms, above {need_ms:g} ms",
        "arm_why_inputs": "the last run had τ = ({tau1:g}, {tau2:g}) N·m, b = {b:g}: set τ = 0 and b = 0",
        "arm_why_gravity": "the last run had gravity off",
        "arm_why_drop_c": "the last run had C q̇ dropped: switch it back on",
        "arm_why_euler_small": "the energy error was only {error:.3s} J: start from higher up (Reset)",
        "arm_why_rk4_large": "the energy error reached {error:.3s} J",
        "arm_why_hold_off": "Hold is off",
        "arm_why_hold_gravity": "gravity is off, so any τ = 0 posture stays still",
        "arm_why_hold_moving": (
            "Hold was switched on while the arm moved at {speed:.3s} rad/s: τ = g(q) holds an arm at rest, "
            "not a moving one"
        ),
        "arm_why_hold_drift": "the arm moves at {speed:.3s} rad/s",
        "arm_error_q0": "q0 must be two finite angles in radians (θ₁ from the horizontal, θ₂ relative), got {value!r}",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "arm_sim_description": (
            "Arm at θ₁ {th1w:.3s} rad, θ₂ {th2w:.3s} rad (within ±π), t {t:.3s} s; energy E {E:.3s} J, work W {W:.3s} J; "
            "tool force f_x {fx:.3s} N, f_y {fy:.3s} N, its work W_ext {Wext:.3s} J."
        ),
        "arm_nb_gimbal": "pitch θ = {deg:5.1f}°: det M = {det:.3e} kg³·m⁶, κ(M) = {kappa:.3g}",
        "arm_nb_gimbal_lock": (
            "at θ = 90°: |M (1, 0, 1)| = {null:.1e} kg·m²/s, so the rates (ψ̇, θ̇, φ̇) = (1, 0, 1) rad/s carry no kinetic "
            "energy; growing ψ and φ both by 0.01 rad changes the body's R by {dR:.1e}"
        ),
        # what the notebook's code cells print (its printout.say)
        "arm_nb_derivation": "{name}: largest difference between the derivation and TwoLinkArm: {gap:.1e}",
        "arm_nb_c_extremes": "C with θ2 = 0: {zero}   C with θ2 = π: {pi}",
        "arm_nb_g_stretched": "g(q) stretched horizontal  = {g} N·m",
        "arm_nb_g_up": "g(q) straight up           = {g} N·m",
        "arm_nb_g_hanging": "g(q) hanging               = {g} N·m",
        "arm_nb_forward": "forward: τ = {tau} N·m gives q̈ = {qdd} rad/s²",
        "arm_nb_inverse": "inverse: that q̈ needs τ = {tau} N·m",
        "arm_nb_hold": "holding torque at rest at q = {q}: τ = g(q) = {hold} N·m",
        "arm_nb_tool_torque": "at q = {q}: Jᵀh_e = {jt} N·m, sympy: {sym} N·m",
        "arm_nb_tool_ledger": ("{duration:g} s of RK4, h = {h_ms:g} ms: W_ext = {work:.4f} J, "
                               "largest |E − E₀ − W_τ − W_ext| = {gap:.1e} J, without W_ext: {without:.2f} J"),
        "arm_nb_tool_hold": "τ = g − Jᵀh_e = {tau} N·m: largest |q − q₀| over {duration:g} s {drift:.0e} rad",
        "arm_nb_ledger_true": "true arm     largest |(E − E₀) − W| over {duration:g} s: {error:.1e} J",
        "arm_nb_ledger_no_c": "without C q̇  largest |(E − E₀) − W| over {duration:g} s: {error:.1e} J",
        "arm_nb_m22": "M22 with I2: {with_i2:.3f} kg·m²; without: {without:.3f} kg·m² ({share:.0%})",
        "arm_nb_energy": "{method}, h = {h_ms:g} ms: largest energy error over {duration:g} s {error:.1e} J",
        "arm_nb_wall": "released with τ = 0 at q = {q} rad: q̈ = {qdd} rad/s², λ = {lam:.2f} N",
        # the notebook's figures' texts (its printout.label)
        "arm_nb_plot_semi_title": "semi-implicit Euler, h = {h_ms:g} ms: {model}",
        "arm_nb_plot_semi_pendulum": "pendulum (M constant)",
        "arm_nb_plot_semi_arm": "2R arm (M depends on θ₂)",
        "arm_nb_plot_energy": "energy [J]",
        "arm_nb_plot_work": "W (τ = 0, b = 0)",
        "arm_nb_plot_wall_title": "released on the wall x = {x_wall:g} m: λ = {lam:.2f} N",
        "arm_nb_plot_lam_title": "λ(t): above 0 the wall would have to pull",
        "arm_nb_plot_drift_title": "drift |φ| = |x_tool − x_wall|, h = {h_ms:g} ms",
        "arm_nb_plot_plain": "plain RK4",
        "arm_nb_plot_baumgarte": "Baumgarte α = β = {alpha:g} 1/s",
    },
    "zh": {
        "arm_gravity": "开启重力",
        "arm_method": "积分器",
        "arm_method_euler": "显式欧拉",
        "arm_dt": "步长 h",
        "arm_hold": "保持：τ = g − Jᵀh_e",
        "arm_drop_c": "去掉 C q̇",
        "arm_run10": "运行 10 s",
        "arm_run10_tooltip": "从当前姿态一次性仿真整整 10 s，并重新记账：E₀ 和 W 从这里重新开始",
        "arm_reset_tooltip": (
            "回到 t = 0 时的初始静止姿态；各控件保持当前值（τ₁、τ₂、b、f_x、f_y、重力、积分器、h；"
            "若“保持”开着，它仍然开着，并保持在初始姿态）"
        ),
        "arm_title_world": "2R 机械臂（拖动肘部或末端）",
        "arm_title_ledger": "能量收支 [J]",
        "arm_scene_ledger": "差额 (E − E₀) − W − W_ext = {gap:.3g} J",
        "arm_legend_W": "╍ W = {W:.3g} J（τ 与摩擦做的功）",
        "arm_legend_Wext": "╍ W_ext = {Wext:.3g} J（末端外力做的功）",
        "arm_readouts": (
            "t = {t:.3s} s &nbsp; q = ({th1w:.3s}, {th2w:.3s}) rad（取 ±π 以内）<br>"
            "q̇ = ({qd1:.3s}, {qd2:.3s}) rad/s &nbsp; q̈ = ({qdd1:.3s}, {qdd2:.3s}) rad/s²<br>"
            "τ = ({tau1:.3s}, {tau2:.3s}) N·m &nbsp; E = {E:.3s} J<br>"
            "E − E₀ = {dE:.3s} J &nbsp; W = {W:.3s} J &nbsp; W_ext = {Wext:.3s} J<br>"
            "差额 (E − E₀) − W − W_ext = <b>{gap_text}</b>"
        ),
        "arm_readout_push": (
            "末端外力 h_e = ({fx:.3s}, {fy:.3s}) N（红色箭头）：它在方程的关节一侧加上 "
            "Jᵀh_e = ({JTh1:.3s}, {JTh2:.3s}) N·m，它做的功 W_ext 也记入能量收支。"
        ),
        "arm_readout_hold": (
            "“保持”已开启：τ = g(q) − Jᵀh_e = ({tau1:.3s}, {tau2:.3s}) N·m，"
            "按 q = ({q1:.3s}, {q2:.3s}) rad、h_e = ({fx:.3s}, {fy:.3s}) N 计算。"
        ),
        "arm_readout_run": (
            "上一次运行 10 s（{method}，h = {h_ms:g} ms）：各步中最大的 |差额| 为 <b>{error}</b>。"
            "每次运行都从起点重新记账（E₀、W），所以上面的差额属于同一本账。"
        ),
        "arm_readout_drop_c": "C q̇ 已去掉：机械臂按 M q̈ + g = τ − b q̇ 运动，这是一个错误的方程。",
        "arm_task_euler": (
            "显式欧拉，h = {h_ms:g} ms，τ = 0，b = 0，开启重力：按“运行 10 s”，看能量误差 "
            "(E − E₀) − W 超过 {error:g} J。"
        ),
        "arm_task_euler_hint": (
            "从默认姿态出发（按“重置”）：从高处摆下来速度很快，而显式欧拉每一步都会凭空添一点能量，"
            "机械臂动得越快，添得越多。"
        ),
        "arm_task_euler_value": "能量误差 {error:.3s} J",
        "arm_task_rk4": (
            "RK4，h ≤ {h_ms:g} ms，τ = 0，b = 0，开启重力：按“运行 10 s”，让整个运行过程中的能量误差"
            "都小于 {error:g} J。然后按“重置”（否则会接着上一次的终点继续算），把 h 减半再运行一次："
            "检查会显示误差缩小了多少倍。"
        ),
        "arm_task_rk4_hint": (
            "RK4 是四阶方法：跑满固定的 10 s，能量误差按 h⁴ 缩小，h 减半，误差大约缩小到原来的 1/16。"
            "每次运行前按“重置”，让两次都从同一个姿态出发；各控件会保持当前值。"
        ),
        "arm_task_rk4_value": ("h = {h_ms:g} ms 时最大能量误差为 {error:.3s} J，h = {half_ms:g} ms 时为 "
                               "{error_half:.3s} J：缩小到 1/{ratio:.3s}"),
        "arm_why_rk4_halve": ("h = {h_ms:g} ms 的这次运行符合要求；现在按“重置”，把 h 设为 {half_ms:g} ms，"
                              "再按“运行 10 s”（反过来也行，只要从同一个姿态出发）"),
        "arm_task_hold": (
            "开启重力，让机械臂静止，然后打开“保持”，在播放中让机械臂保持静止 {dwell:g} s"
            "（两个关节速度都小于 {speed:g} rad/s）。"
        ),
        "arm_task_hold_hint": (
            "静止时 q̇ = q̈ = 0，方程只剩下 τ = g(q)。先让机械臂停下（按“重置”或拖动它），"
            "再打开“保持”，然后按“播放”。"
        ),
        "arm_task_hold_value": "静止于 q = ({q1:.3s}, {q2:.3s}) rad，τ = ({tau1:.3s}, {tau2:.3s}) N·m",
        "arm_task_push": (
            "用至少 {force:g} N 的外力推末端（f_x、f_y），并用 τ = g(q) − Jᵀh_e 让机械臂在播放中静止 "
            "{dwell:g} s（速度小于 {speed:g} rad/s）。"
        ),
        "arm_task_push_hint": (
            "静止时方程只剩下 g(q) = τ + Jᵀh_e，所以电机要提供 g(q) − Jᵀh_e：重力矩减去外力已经在关节上产生的力矩。"
            "先设好外力，让机械臂停下（按“重置”），再打开“保持”，然后按“播放”。"
            "在施加外力之前打开的“保持”只抵消了重力。沿着伸直的机械臂推，外力穿过各个关节，不需要电机出力：请横着推。"
        ),
        "arm_task_push_value": ("在 h_e = ({fx:.3s}, {fy:.3s}) N 下静止，τ = ({tau1:.3s}, {tau2:.3s}) N·m，"
                                "Jᵀh_e = ({JTh1:.3s}, {JTh2:.3s}) N·m"),
        "arm_why_run_push": "上一次运行时末端有外力 ({fx:g}, {fy:g}) N：请设 f_x = f_y = 0",
        "arm_why_push_small": "外力只有 {force:.3s} N，任务要求至少 {need:g} N",
        "arm_why_push_through": (
            "这个外力沿着机械臂、穿过各个关节：Jᵀh_e = ({JTh1:.3s}, {JTh2:.3s}) N·m，两个关节都不到 {need:g} N·m，"
            "只用“保持”就够了。请横着推，或者先把机械臂弯起来"
        ),
        "arm_why_push_hold_old": (
            "“保持”的 τ 是按 h_e = ({fx:.3s}, {fy:.3s}) N 算的，不是按现在的外力：请把“保持”关掉再打开"
        ),
        "arm_why_push_tau": (
            "τ 与此姿态下的 g(q) − Jᵀh_e = ({need1:.3s}, {need2:.3s}) N·m 相差 {off:.3s} N·m"
        ),
        "arm_why_no_run": "请按“运行 10 s”",
        "arm_why_method": "上一次运行用的积分器是“{method}”，不是“{need}”",
        "arm_why_h_euler": "上一次运行用的是 h = {h_ms:g} ms，任务要求 {need_ms:g} ms",
        "arm_why_h_rk4": "上一次运行用的是 h = {h_ms:g} ms，大于 {need_ms:g} ms",
        "arm_why_inputs": "上一次运行时 τ = ({tau1:g}, {tau2:g}) N·m，b = {b:g}：请设 τ = 0、b = 0",
        "arm_why_gravity": "上一次运行时重力是关着的",
        "arm_why_drop_c": "上一次运行去掉了 C q̇：请把它加回来",
        "arm_why_euler_small": "能量误差只有 {error:.3s} J：从更高的位置出发（按“重置”）",
        "arm_why_rk4_large": "能量误差达到了 {error:.3s} J",
        "arm_why_hold_off": "“保持”没有打开",
        "arm_why_hold_gravity": "重力关着，任何 τ = 0 的姿态都会静止不动",
        "arm_why_hold_moving": (
            "打开“保持”时机械臂正以 {speed:.3s} rad/s 运动：τ = g(q) 只能托住静止的机械臂，托不住运动中的"
        ),
        "arm_why_hold_drift": "机械臂在以 {speed:.3s} rad/s 运动",
        "arm_error_q0": "q0 必须是两个有限的角度，单位为弧度（θ₁ 从水平方向量起，θ₂ 为相对角），收到的是 {value!r}",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "arm_sim_description": (
            "机械臂位于 θ₁ {th1w:.3s} rad、θ₂ {th2w:.3s} rad（取 ±π 以内），t {t:.3s} s；能量 E {E:.3s} J，功 W {W:.3s} J；"
            "末端外力 f_x {fx:.3s} N、f_y {fy:.3s} N，它做的功 W_ext {Wext:.3s} J。"
        ),
        "arm_nb_gimbal": "俯仰角 θ = {deg:5.1f}°：det M = {det:.3e} kg³·m⁶，κ(M) = {kappa:.3g}",
        "arm_nb_gimbal_lock": (
            "θ = 90° 时：|M (1, 0, 1)| = {null:.1e} kg·m²/s，所以角速率 (ψ̇, θ̇, φ̇) = (1, 0, 1) rad/s 不带任何动能；"
            "ψ 和 φ 同时增大 0.01 rad，刚体的 R 只变化 {dR:.1e}"
        ),
        # what the notebook's code cells print (its printout.say)
        "arm_nb_derivation": "{name}：推导结果与 TwoLinkArm 的最大差值：{gap:.1e}",
        "arm_nb_c_extremes": "θ2 = 0 时的 C：{zero}   θ2 = π 时的 C：{pi}",
        "arm_nb_g_stretched": "g(q)（水平伸直）= {g} N·m",
        "arm_nb_g_up": "g(q)（竖直向上）= {g} N·m",
        "arm_nb_g_hanging": "g(q)（竖直下垂）= {g} N·m",
        "arm_nb_forward": "正动力学：τ = {tau} N·m 给出 q̈ = {qdd} rad/s²",
        "arm_nb_inverse": "逆动力学：要得到这个 q̈，需要 τ = {tau} N·m",
        "arm_nb_hold": "在 q = {q} 处静止保持所需的力矩：τ = g(q) = {hold} N·m",
        "arm_nb_tool_torque": "q = {q} 处：Jᵀh_e = {jt} N·m，sympy 结果：{sym} N·m",
        "arm_nb_tool_ledger": ("RK4 积分 {duration:g} s，h = {h_ms:g} ms：W_ext = {work:.4f} J，"
                               "|E − E₀ − W_τ − W_ext| 的最大值 = {gap:.1e} J，不计 W_ext 时为 {without:.2f} J"),
        "arm_nb_tool_hold": "τ = g − Jᵀh_e = {tau} N·m：{duration:g} s 内 |q − q₀| 的最大值为 {drift:.0e} rad",
        "arm_nb_ledger_true": "真实机械臂：{duration:g} s 内 |(E − E₀) − W| 的最大值为 {error:.1e} J",
        "arm_nb_ledger_no_c": "去掉 C q̇ 后：{duration:g} s 内 |(E − E₀) − W| 的最大值为 {error:.1e} J",
        "arm_nb_m22": "含 I2 时 M22 = {with_i2:.3f} kg·m²；不含 I2 时为 {without:.3f} kg·m²（{share:.0%}）",
        "arm_nb_energy": "{method}，h = {h_ms:g} ms：{duration:g} s 内的最大能量误差为 {error:.1e} J",
        "arm_nb_wall": "在 q = {q} rad 处以 τ = 0 释放：q̈ = {qdd} rad/s²，λ = {lam:.2f} N",
        # the notebook's figures' texts (its printout.label)
        "arm_nb_plot_semi_title": "半隐式欧拉法，h = {h_ms:g} ms：{model}",
        "arm_nb_plot_semi_pendulum": "单摆（M 为常数）",
        "arm_nb_plot_semi_arm": "2R 机械臂（M 依赖于 θ₂）",
        "arm_nb_plot_energy": "能量 [J]",
        "arm_nb_plot_work": "W（τ = 0，b = 0）",
        "arm_nb_plot_wall_title": "贴在墙 x = {x_wall:g} m 上释放：λ = {lam:.2f} N",
        "arm_nb_plot_lam_title": "λ(t)：大于 0 时墙就得去拉工具",
        "arm_nb_plot_drift_title": "漂移 |φ| = |x_tool − x_wall|，h = {h_ms:g} ms",
        "arm_nb_plot_plain": "普通 RK4",
        "arm_nb_plot_baumgarte": "Baumgarte 稳定化 α = β = {alpha:g} 1/s",
    },
}, common={
    "arm_tau1": "τ₁ [N·m]",
    "arm_tau2": "τ₂ [N·m]",
    "arm_b": "b [N·m·s/rad]",
    "arm_fx": "f_x [N]",
    "arm_fy": "f_y [N]",
    "arm_formula_JTh": "Jᵀh_e",
    "arm_method_rk4": "RK4",
    "arm_xlabel_ledger": "t [s]",
    "arm_scene_angles": "θ₁ = {th1w:.3g} rad   θ₂ = {th2w:.3g} rad",
    "arm_scene_torques": "τ₁ = {tau1:.3g} N·m   τ₂ = {tau2:.3g} N·m",
    "arm_legend_E": "━ E − E₀ = {dE:.3g} J",
    # the live equation: one row per joint, every term coloured as in lesson 3's lab
    "arm_formula_title": "M q̈ + C q̇ + g = τ + Jᵀh_e − b q̇   [N·m]\n",
    "arm_formula_Mqdd": "M q̈",
    "arm_formula_Cqd": "C q̇",
    "arm_formula_g": "g",
    "arm_formula_tau": "τ",
    "arm_formula_bqd": "b q̇",
    "arm_formula_units": "   [N·m]\n",
    "arm_formula_row1": "1:  ",
    "arm_formula_row2": "\n2:  ",
    "arm_formula_plus": " + ",
    "arm_formula_eq": " = ",
    "arm_formula_minus": " − ",
})

#: each integrator the lab offers (``simulate``'s ``method``) → the key of its name in the table
METHOD_KEYS = {"explicit_euler": "arm_method_euler", "rk4": "arm_method_rk4"}


def method_name(method: str) -> Message:
    """An integrator's name in the language in force, as the lab's dropdown shows it.

    Args:
        method: ``simulate``'s method name, ``"explicit_euler"`` or ``"rk4"``.

    Returns:
        Its display name, e.g. ``"explicit Euler"`` (``"显式欧拉"`` in Chinese) or ``"RK4"``.

    Raises:
        KeyError: for a method the lab does not offer.
    """
    return ARM_SIM.text(METHOD_KEYS[method])
