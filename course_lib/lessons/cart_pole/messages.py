"""The cart-pole lab's sentences (see :mod:`course_lib.i18n`).

Scene texts such as ``cp_scene_state`` are formatted in the browser with the
scene's channels, at display rate.
"""

from course_lib.i18n import MessageTable

CART_POLE = MessageTable("cart_pole_lab", true_minus=True, messages={
    "en": {
        "cp_push": "push [N]",
        "cp_auto": "Auto-balance",
        "cp_kick": "Kick",
        "cp_push_left": "◀ push",
        "cp_push_right": "push ▶",
        "cp_title_world": "cart-pole (drag the cart; click, then ← →)",
        "cp_title_acc": "reachable (ẍ, θ̈)",
        "cp_scene_slope": "line: slope −cos θ / l = {slope:.3g}",
        "cp_scene_miss": "line at ẍ = 0: θ̈ = {miss:.3g} rad/s²",
        "cp_readouts": (
            "t = {t:.3s} s &nbsp; x = {x:.3s} m &nbsp; θ = {theta_deg:.1f}° &nbsp; F = {F:.3s} N "
            "(limit ±{limit:g} N, rail ±{rail:g} m) &nbsp; {mode}"
        ),
        "cp_readouts_playing": (
            "playing: x, θ and F are shown on the canvas, frame by frame; Pause to read them here "
            "(limit ±{limit:g} N, rail ±{rail:g} m) &nbsp; {mode}"
        ),
        "cp_gain": "LQR gain K = [{k_x:.3s} N/m, {k_th:.3s} N/rad, {k_xd:.3s} N·s/m, {k_thd:.3s} N·s/rad] "
                   "in F = −K (x, θ, ẋ, θ̇)",
        "cp_mode_auto": "Auto-balance is on: F = −K z (+ your push), clipped to ±{limit:g} N",
        "cp_mode_hand": "by hand: F = slider + push, clipped to ±{limit:g} N",
        "cp_lost": "The controller lost the pole (|θ| passed {angle:g}°): it is beyond what LQR can catch "
                   "with ±{limit:g} N on a ±{rail:g} m rail. Press Reset.",
        "cp_task_push": "With Auto-balance off, reach F ≥ {force:g} N and then F ≤ −{force:g} N, and watch the "
                        "point on the right: it slides only along the line. Can it reach the purple diamond?",
        "cp_task_push_hint": "Use the F slider, or hold a push button. The second row of the equations, "
                             "l θ̈ + cos θ ẍ = g sin θ, has no F in it: that is the line.",
        "cp_task_push_value": "F reached {high:.3s} N and {low:.3s} N (each the largest push that way until "
                              "the task was met)",
        "cp_why_push_auto": "Auto-balance was on when F reached {force:.3s} N: switch it off and push yourself",
        "cp_why_push_one_high": "F has reached {done:.3s} N; now push the other way, to F ≤ {low:g} N",
        "cp_why_push_one_low": "F has reached {done:.3s} N; now push the other way, to F ≥ {high:g} N",
        "cp_task_balance": "Keep the pole within ±{band:g}° for {dwell:g} s in a row, by hand or with "
                           "Auto-balance. No luck by hand? Try the 0.3× speed.",
        "cp_task_balance_hint": "Push the cart under the pole: when it leans right, push right. Reset puts it "
                                "back at its start angle.",
        "cp_task_balance_hand": "{dwell:g} s within ±{band:g}°, by hand",
        "cp_task_balance_auto": "{dwell:g} s within ±{band:g}°, with Auto-balance",
        "cp_why_balance_out": "the pole left the band after {dwell:.3s} s; start again",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "cp_description": (
            "Cart at x {x:.3s} m, pole at θ {theta_deg:.1f}°, force F {F:.3s} N, t {t:.3s} s."
        ),
        # what the notebook's code cells print (its printout.say) and its plot's texts (printout.label)
        "cp_nb_cart_rank": "B = {B}, rank {rank} for n = {n} coordinates:\n  underactuated",
        "cp_nb_arm_rank": "the 2R arm: B = I, rank {rank}: fully actuated",
        "cp_nb_line": "at θ = {degrees:g}°, at rest: q̈(F) = {a} + F · {d}",
        "cp_nb_slope": "slope dθ̈/dẍ = {slope:.4f};  −cos θ / l = {formula:.4f}",
        "cp_nb_stop": ("F that stops the cart's acceleration: {F:.2f} N\n"
                       "  ... which leaves θ̈ = {theta_ddot:.2f} rad/s²"),
        "cp_nb_start": "The pole starts at θ = {theta0:g}° from upright.",
        "cp_nb_checked": ("\nchecked: F ≥ {force:g} N and F ≤ −{force:g} N with Auto-balance off;\n"
                          "         |θ| ≤ {band:g}° for {dwell:g} s in a row"),
        "cp_nb_ranks": "rank of B: {rank_b};  rank of [B, AB, A²B, A³B]: {rank_c} of {n}",
        "cp_nb_poles": "closed-loop poles (eigenvalues of A − BK): {poles}",
        "cp_nb_largest": "largest |θ| {theta:.1f}°, largest |x| {x:.2f} m, largest |F| {F:.1f} N",
        "cp_nb_plot_nonlinear": "nonlinear",
        "cp_nb_plot_linear": "linearization",
        "cp_nb_plot_title": "Auto-balance catches the kick (force clipped to ±{limit:g} N)",
    },
    "zh": {
        "cp_push": "推力 [N]",
        "cp_auto": "自动平衡",
        "cp_kick": "踢一下",
        "cp_push_left": "◀ 推",
        "cp_push_right": "推 ▶",
        "cp_title_world": "小车倒立摆（拖动小车；点击后用 ← →）",
        "cp_title_acc": "可达的 (ẍ, θ̈)",
        "cp_scene_slope": "直线：斜率 −cos θ / l = {slope:.3g}",
        "cp_scene_miss": "直线在 ẍ = 0 处：θ̈ = {miss:.3g} rad/s²",
        "cp_readouts": (
            "t = {t:.3s} s &nbsp; x = {x:.3s} m &nbsp; θ = {theta_deg:.1f}° &nbsp; F = {F:.3s} N "
            "（限幅 ±{limit:g} N，导轨 ±{rail:g} m）&nbsp; {mode}"
        ),
        "cp_readouts_playing": (
            "播放中：x、θ 和 F 逐帧显示在画布上；暂停后可在这里读取"
            "（限幅 ±{limit:g} N，导轨 ±{rail:g} m）&nbsp; {mode}"
        ),
        "cp_gain": "LQR 增益 K = [{k_x:.3s} N/m, {k_th:.3s} N/rad, {k_xd:.3s} N·s/m, {k_thd:.3s} N·s/rad]，"
                   "F = −K (x, θ, ẋ, θ̇)",
        "cp_mode_auto": "自动平衡已开启：F = −K z（+ 你的推力），限幅在 ±{limit:g} N",
        "cp_mode_hand": "手动：F = 滑块 + 推力，限幅在 ±{limit:g} N",
        "cp_lost": "控制器没能稳住摆杆（|θ| 超过了 {angle:g}°）：在 ±{rail:g} m 导轨上、只有 ±{limit:g} N 的推力，"
                   "LQR 救不回来了。请按“重置”。",
        "cp_task_push": "关闭自动平衡，先让 F ≥ {force:g} N，再让 F ≤ −{force:g} N，同时观察右图中的点："
                        "它只能沿着那条直线滑动。它能到达紫色菱形吗？",
        "cp_task_push_hint": "用 F 滑块，或者按住推力按钮。方程的第二行 l θ̈ + cos θ ẍ = g sin θ 里没有 F："
                             "这就是那条直线。这个系统是欠驱动的。",
        "cp_task_push_value": "F 达到了 {high:.3s} N 和 {low:.3s} N（各为任务完成前该方向上的最大推力）",
        "cp_why_push_auto": "F 达到 {force:.3s} N 时自动平衡是开着的：请关掉它，自己来推",
        "cp_why_push_one_high": "F 已经达到 {done:.3s} N；现在往另一边推，推到 F ≤ {low:g} N",
        "cp_why_push_one_low": "F 已经达到 {done:.3s} N；现在往另一边推，推到 F ≥ {high:g} N",
        "cp_task_balance": "让摆杆连续 {dwell:g} s 保持在 ±{band:g}° 以内，手动或用自动平衡都可以。"
                           "手动不成功？试试 0.3× 的速度。",
        "cp_task_balance_hint": "把小车推到摆杆下方：摆杆往右倒，就往右推。“重置”会让它回到初始角度。",
        "cp_task_balance_hand": "手动保持在 ±{band:g}° 以内 {dwell:g} s",
        "cp_task_balance_auto": "用自动平衡保持在 ±{band:g}° 以内 {dwell:g} s",
        "cp_why_balance_out": "摆杆在 {dwell:.3s} s 后离开了范围；重新开始",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "cp_description": (
            "小车在 x {x:.3s} m，摆杆在 θ {theta_deg:.1f}°，力 F {F:.3s} N，t {t:.3s} s。"
        ),
        # what the notebook's code cells print (its printout.say) and its plot's texts (printout.label)
        "cp_nb_cart_rank": "B = {B}，秩为 {rank}，而坐标有 n = {n} 个：\n  欠驱动",
        "cp_nb_arm_rank": "2R 机械臂：B = I，秩为 {rank}：全驱动",
        "cp_nb_line": "θ = {degrees:g}°、静止时：q̈(F) = {a} + F · {d}",
        "cp_nb_slope": "斜率 dθ̈/dẍ = {slope:.4f}；−cos θ / l = {formula:.4f}",
        "cp_nb_stop": "使小车加速度为零的力 F = {F:.2f} N\n  ……此时 θ̈ = {theta_ddot:.2f} rad/s²",
        "cp_nb_start": "摆杆从偏离竖直向上 θ = {theta0:g}° 处开始。",
        "cp_nb_checked": ("\n检查标准：关闭自动平衡时 F ≥ {force:g} N 和 F ≤ −{force:g} N；\n"
                          "          连续 {dwell:g} s 保持 |θ| ≤ {band:g}°"),
        "cp_nb_ranks": "B 的秩：{rank_b}；[B, AB, A²B, A³B] 的秩：{rank_c}（共 {n} 维）",
        "cp_nb_poles": "闭环极点（A − BK 的特征值）：{poles}",
        "cp_nb_largest": "最大 |θ| {theta:.1f}°，最大 |x| {x:.2f} m，最大 |F| {F:.1f} N",
        "cp_nb_plot_nonlinear": "非线性模型",
        "cp_nb_plot_linear": "线性化模型",
        "cp_nb_plot_title": "自动平衡接住了“踢一下”（力限幅为 ±{limit:g} N）",
    },
}, common={
    "cp_force": "F [N]",
    "cp_xlabel_acc": "ẍ [m/s²]",
    "cp_ylabel_acc": "θ̈ [rad/s²]",
    "cp_scene_state": "x = {x:.3g} m   θ = {theta_deg:.1f}°   F = {F:.3g} N",
    "cp_scene_band": "±{band:g}°",
})
