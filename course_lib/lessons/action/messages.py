"""The action lab's sentences (see :mod:`course_lib.i18n`)."""

from course_lib.i18n import MessageTable

ACTION = MessageTable("action_lab", {
    "en": {
        "act_k": "mode k",
        "act_system": "system",
        "act_title_path_ball": "path q(t) [m]: solid true, dashed perturbed",
        "act_title_path_pendulum": "path θ(t) [rad]: solid true, dashed perturbed",
        "act_setup_ball": ("Ball: m = {m:g} kg, T = {T:g} s, q = height (m); thrown up at t = 0 from q = {q0:g} m, "
                           "back at q = {qT:g} m at t = T."),
        "act_setup_pendulum": ("Pendulum: m = {m:g} kg, l = {l:g} m, T = {T:g} s, q = θ (rad, from straight down). "
                               "Chosen ends θ(0) = {q0:.3s} rad, θ(T) = {qT:.3s} rad; shooting gives "
                               "θ̇(0) = {rate:.3s} rad/s."),
        "act_readouts": ("Perturbation ε sin({k}πt/T), ε = {eps:.3s}. Numerical action: S(0) = {S0:.3s} J·s, "
                         "S(ε) = {S:.3s} J·s, S(ε) − S(0) = {dS:.3s} J·s."),
        "act_exact": ("Exact for the ball: m π² k² ε²/(4T) = {exact:.3s} J·s; numerical − exact = {diff:.3s} J·s."),
        "act_task_valley": ("Pull ε out beyond |ε| > {out:g}, then bring it back within |ε| < {back:g}: "
                            "where along the way is the action smallest?"),
        "act_task_valley_hint": ("Drag the vermilion handle up or down, or move the ε slider, then come back towards "
                                 "0. Keep an eye on the vermilion point in the right panel, S(ε) − S(0), and on the "
                                 "dashed path on the left while you do."),
        "act_task_valley_value": ("back at ε = {eps:.3s}, S(ε) − S(0) = {dS:.3s} J·s; compare it with what the right "
                                  "panel showed on the way"),
        "act_why_valley_back": "you went past |ε| = {out:g}; now bring ε back within |ε| < {back:g} (ε = {eps:.3s})",
        "act_task_mode3": ("Choose mode k = {k} and reach |ε| ≥ {eps:g} with the ball, then with the pendulum. "
                           "Is the valley at the true path for both?"),
        "act_task_mode3_hint": ("Pick the mode the task names, pull ε out as far as it asks (either sign), then "
                                "switch the system and do it again. Watch how much steeper the valley is than at k = 1."),
        "act_task_mode3_value": "ball and pendulum both pulled out at k = {k}; where does each valley bottom out?",
        "act_why_mode3_k": "|ε| is large enough, but the mode is k = {k_now}; the task asks for k = {k}",
        "act_why_mode3_other": "done for the {done}; now the {other}",
        "act_why_mode3_move": ("move ε (slider or handle) to |ε| ≥ {eps:g} here: only a move of ε made with the "
                               "{system} at k = {k} counts, not a value kept from before"),
        "act_ball_name": "ball",
        "act_pendulum_name": "pendulum",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "act_description": (
            "Path perturbed by ε {eps:.3s}; action S {S:.3s} J·s, S(ε) − S(0) {dS:.3s} J·s."
        ),
        # what the notebook's code cells print (its printout.say) and its plot's texts (printout.label)
        "act_nb_true_path": "true path: S = {S:.6f} J·s;  straight line q = 0 (no motion at all): S = 0 J·s",
        "act_nb_change": ("k = {k}, ε = {eps:g} m: S(ε) − S(0) = {numeric:.8f} J·s numerically, "
                          "m π² k² ε²/(4T) = {exact:.8f} J·s"),
        "act_nb_slope_ball": "slope dS/dε at ε = 0 (k = {k}): {slope:.1e} J·s/m",
        "act_nb_ends": "θ(0) = {start:+.9f} rad, θ(T) = {end:+.9f} rad (asked {asked_start:+g}, {asked_end:+g})",
        "act_nb_residual": "largest |m l² θdd + m g l sin θ| along the path: {residual:.1e} N·m",
        "act_nb_slope_pendulum": "slope dS/dε at ε = 0: k = 1 {k1:.1e}, k = 3 {k3:.1e} J·s/rad",
        "act_nb_saddle": "valley turns into a saddle at T = {T:.4f} s",
        "act_nb_half_periods": ("half a small-swing period π√(l/g) = {small:.4f} s; "
                                "half the period of a {amplitude:g} rad swing = {swing:.4f} s"),
        "act_nb_from_rest": "the true path at T = {T:.4f} s starts at {rate:+.0e} rad/s: from rest",
        "act_nb_samples": "{n:5d} samples: dS/dε at ε = 0 = {slope:+.1e} J·s/m",
        "act_nb_plot_saddle": "saddle from T = {T:.4f} s",
        "act_nb_plot_horizon": "horizon T [s]",
        "act_nb_plot_curvature": "d²S/dε² at ε = 0 [J·s/rad²]",
        "act_nb_plot_title": "pendulum, θ(0) = {start:g} rad, θ(T) = {end:g} rad, mode k = {k}",
    },
    "zh": {
        "act_k": "模态 k",
        "act_system": "系统",
        "act_title_path_ball": "路径 q(t) [m]：实线为真实路径，虚线为扰动路径",
        "act_title_path_pendulum": "路径 θ(t) [rad]：实线为真实路径，虚线为扰动路径",
        "act_setup_ball": ("小球：m = {m:g} kg，T = {T:g} s，q 为高度 (m)；t = 0 时从 q = {q0:g} m 处向上抛出，"
                           "t = T 时回到 q = {qT:g} m。"),
        "act_setup_pendulum": ("单摆：m = {m:g} kg，l = {l:g} m，T = {T:g} s，q = θ（rad，从竖直向下量起）。"
                               "两端取 θ(0) = {q0:.3s} rad，θ(T) = {qT:.3s} rad；打靶法求得 "
                               "θ̇(0) = {rate:.3s} rad/s。"),
        "act_readouts": ("扰动 ε sin({k}πt/T)，ε = {eps:.3s}。数值计算的作用量：S(0) = {S0:.3s} J·s，"
                         "S(ε) = {S:.3s} J·s，S(ε) − S(0) = {dS:.3s} J·s。"),
        "act_exact": "小球的精确值：m π² k² ε²/(4T) = {exact:.3s} J·s；数值 − 精确 = {diff:.3s} J·s。",
        "act_task_valley": ("先把 ε 拉到 |ε| > {out:g} 以外，再让它回到 |ε| < {back:g} 以内："
                            "一路上作用量在哪里最小？"),
        "act_task_valley_hint": ("上下拖动朱红色的手柄，或者移动 ε 滑块，然后再回到 0 附近。"
                                 "同时留意右图中的朱红色点 S(ε) − S(0)，以及左图中的虚线路径。"),
        "act_task_valley_value": "回到 ε = {eps:.3s}，S(ε) − S(0) = {dS:.3s} J·s；和一路上右图显示的值比较一下",
        "act_why_valley_back": "已经超过 |ε| = {out:g}；现在把 ε 拉回 |ε| < {back:g} 以内（ε = {eps:.3s}）",
        "act_task_mode3": ("选择模态 k = {k}，先用小球、再用单摆把 ε 拉到 |ε| ≥ {eps:g}。"
                           "两种情况下，谷底都在真实路径上吗？"),
        "act_task_mode3_hint": ("选好任务要求的模态，把 ε 拉到要求的大小（正负都可以），再切换系统重做一遍。"
                                "看看谷比 k = 1 时陡了多少。"),
        "act_task_mode3_value": "小球和单摆都在 k = {k} 下拉开了；各自的谷底在哪里？",
        "act_why_mode3_k": "|ε| 已经够大，但现在是模态 k = {k_now}；任务要求 k = {k}",
        "act_why_mode3_other": "{done}已完成；现在换{other}",
        "act_why_mode3_move": ("在这里把 ε（滑块或手柄）移到 |ε| ≥ {eps:g}：只有在{system}、k = {k} 下"
                               "移动 ε 才算数，之前留下的值不算"),
        "act_ball_name": "小球",
        "act_pendulum_name": "单摆",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "act_description": (
            "路径扰动 ε {eps:.3s}；作用量 S {S:.3s} J·s，S(ε) − S(0) {dS:.3s} J·s。"
        ),
        # what the notebook's code cells print (its printout.say) and its plot's texts (printout.label)
        "act_nb_true_path": "真实路径：S = {S:.6f} J·s；直线 q = 0（完全不动）：S = 0 J·s",
        "act_nb_change": ("k = {k}，ε = {eps:g} m：数值计算 S(ε) − S(0) = {numeric:.8f} J·s，"
                          "m π² k² ε²/(4T) = {exact:.8f} J·s"),
        "act_nb_slope_ball": "ε = 0 处的斜率 dS/dε（k = {k}）：{slope:.1e} J·s/m",
        "act_nb_ends": "θ(0) = {start:+.9f} rad，θ(T) = {end:+.9f} rad（要求 {asked_start:+g} 和 {asked_end:+g}）",
        "act_nb_residual": "沿整条路径 |m l² θdd + m g l sin θ| 的最大值：{residual:.1e} N·m",
        "act_nb_slope_pendulum": "ε = 0 处的斜率 dS/dε：k = 1 时 {k1:.1e}，k = 3 时 {k3:.1e} J·s/rad",
        "act_nb_saddle": "T = {T:.4f} s 时，谷变成了鞍点",
        "act_nb_half_periods": ("小摆角周期的一半 π√(l/g) = {small:.4f} s；"
                                "振幅 {amplitude:g} rad 的摆动，其周期的一半 = {swing:.4f} s"),
        "act_nb_from_rest": "T = {T:.4f} s 时，真实路径的初始角速度为 {rate:+.0e} rad/s：从静止出发",
        "act_nb_samples": "{n:5d} 个采样点：ε = 0 处 dS/dε = {slope:+.1e} J·s/m",
        "act_nb_plot_saddle": "T = {T:.4f} s 起为鞍点",
        "act_nb_plot_horizon": "时长 T [s]",
        "act_nb_plot_curvature": "ε = 0 处的 d²S/dε² [J·s/rad²]",
        "act_nb_plot_title": "单摆，θ(0) = {start:g} rad，θ(T) = {end:g} rad，模态 k = {k}",
    },
}, common={
    "act_eps": "ε",
    "act_title_action": "S(ε) − S(0) [J·s]",
    "act_xlabel_t": "t [s]",
    "act_xlabel_eps": "ε",
    "act_scene_readout": "ε = {eps_now:.3g}    S(ε) − S(0) = {dS:.3g} J·s",
})
