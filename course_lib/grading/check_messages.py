"""The sentences of the exercises' visible checks (:mod:`course_lib.grading.checks`), in English and Chinese.

The checks speak the kernel's language (``COURSE_LANG``, or :func:`course_lib.set_language`).
Each message still says what is wrong and where; ``{where}`` is the place a test
cell describes ("at q = (0.412, -1.037)"), written by :func:`at` so that an empty
place leaves no gap.

>>> from course_lib.i18n import set_language
>>> set_language("zh"); CHECKS.text("wrong", name="tau", where=at("at x = 1"), got="1.000", expected="2.000", err=1)
'tau 有误（at x = 1）：得到 1.000，应为 2.000（最大误差 1）'
>>> set_language("en"); CHECKS.text("wrong", name="tau", where=at(""), got="1.000", expected="2.000", err=1)
'tau is wrong: got 1.000, expected 2.000 (largest error 1)'
"""

from __future__ import annotations

from course_lib.i18n import MessageTable

CHECKS = MessageTable("checks", {
    "en": {
        "where": " {where}",
        "at_q": "at q = {q}",
        "at_state": "at {values}",
        "right_one": "{name} is right.",
        "right_many": "{names} and {last} are right.",
        "show_traceback": "Show the full traceback",
        "your_function": "your function",
        "not_defined": "{name} is not defined yet: complete and run the cell that defines it above this test",
        "not_a_function": "{name} should be a function, but it is a {kind}",
        "not_implemented": "{name} is not implemented yet (it still raises NotImplementedError)",
        "raised": "{name} raised {error}{where}: {detail}",
        "not_numbers": "{name} should be numbers{where}, got {value} ({detail})",
        "shape": "{name} should have shape {shape}{where}, got shape {got}",
        "not_finite": "{name} contains NaN or inf{where}: {value}",
        "not_finite_bare": "{name} contains NaN or inf{where}",
        "wrong": "{name} is wrong{where}: got {got}, expected {expected} (largest error {err:.3g})",
        "wrong_many": ("{name} is wrong{where}: {bad} of {size} entries differ; the worst, [{index}], is "
                       "{got:.6g} instead of {expected:.6g}"),
        "not_symmetric": "{name} is not symmetric{where}: {name}[{i},{j}] = {a:.6g} but {name}[{j},{i}] = {b:.6g}",
        "not_positive_definite": ("{name} is not positive definite{where}: its smallest eigenvalue is {eig:.4g}, "
                                  "so some velocity would have zero or negative kinetic energy"),
        "not_skew": "{name} is not skew-symmetric{where}: entry [{i},{j}] + entry [{j},{i}] = {value} instead of 0",
        "not_held": ("{name} is not held{where}: it changes at t = {t} s, inside the sample period that began at "
                     "t = {start} s (hold every {hold} steps)"),
        "not_computed": "{name} has not been computed yet (it is {value})",
        "cannot_compare": "{name} cannot be compared with the expected expression: {error}: {detail}",
        "not_equivalent": "{name} is not equivalent to the expected expression{where}: {name} - expected = {diff}, not 0",
        "not_sympy": "{name} is not a sympy expression: {error}: {detail}",
        "unexpected_symbols": "{name} contains unexpected symbols {free}; it should depend only on {allowed}",
        "not_sympy_kind": "{name} is not a sympy expression: it is a {kind}",
        "not_evaluable": ("{name} contains {parts}, which cannot be evaluated at a state: write it in {allowed} "
                          "and numbers only"),
        "with_hint": "{message}. Hint: {hint}",
        "hint_zero_level": ("{name} differs from the expected value by the same constant everywhere (by {d:.4g}): "
                            "check where you put {name} = 0"),
        "hint_offset": "{name} is off by the same constant everywhere (by {d:.4g}): a constant term is missing or extra",
        "hint_sign": "{name} has the wrong sign everywhere: check which way is positive (for V: it grows with height)",
        "hint_factor": ("{name} is {k:.4g} times the expected value everywhere: look for a missing or extra "
                        "constant factor (such as ½, m or l)"),
        "not_matrix": "{name} should be a sympy Matrix, got {kind}",
        "matrix_shape": "{name} should be {n}×{n} for {n} coordinates, got shape {shape}",
        "velocity_terms": ("{name}·qdot differs from the velocity terms Mdot·qdot - ½ ∂(qdotᵀ M qdot)/∂q "
                           "of the Euler–Lagrange equation by {diff}"),
        # places and other texts the assignments' test cells show (checks.place / checks.phrase / checks.passed)
        "right_one_where": "{name} is right {where}.",
        "place_course_arm": "for the course's arm",
        "place_other_arm": "{at} for another arm",
        "place_point_mass_polar": "for a point mass in polar coordinates",
        "place_symbolic_2r_arm": "for the symbolic 2R arm",
        "place_both_examples": "on both examples",
        "place_mass_matrix_3x3": "for a 3×3 mass matrix",
        "place_linear_scalar": "on ẋ = {lam} x with x = {x}, h = {h}",
        "place_linear_system": "on a linear system ẋ = A x, h = {h}",
        "place_pendulum": "on the pendulum {at}",
        "place_driven_pendulum": "for a pendulum driven by {tau} N·m with friction b = {b}, {T} s at dt = {dt} ms",
        "place_damped_arm": "for a damped two-link arm under constant torques",
        "place_explicit_euler": "explicit Euler",
        "place_rk4": "RK4",
        "place_stepper": "with {method}, h = {h} ms, {T} s",
        "place_stepper_pendulum": "with {method} on a pendulum",
        "place_law_case": "{at}, {case}",
        "place_rest_on_target": "at rest on the target (τ should just hold the arm up)",
        "place_rest_off_target": "at rest, off the target",
        "place_moving": "moving (the velocity terms C(q, q̇) q̇ count here)",
        "place_on_model": "on {model}",
        "place_other_model": "for another model ({model}), other gains and other targets",
        "place_gains_for": "for ω_n = {wn} rad/s, ζ = {zeta}",
        "place_other_gains": "for another ω_n and ζ",
        "place_arm_payload": ("for ARM with a {payload} kg payload, {T} s, dt = {dt} ms, "
                              "control period {period} ms"),
        "place_other_plant": "for another plant ({model}), dt = {dt:g} ms, control period {period:g} ms",
        "place_moon": "with g_value = {g} m/s² {at}",
        "place_earth_and_moon": "for the course's arm, on the Earth and on the Moon",
        "place_rich_motion": "on the rich motion, {n} samples, σ = {sigma} N·m",
        "place_motion": "for the {kind} motion, {n} samples",
        "place_motion_rich": "rich",
        "place_motion_slow": "slow and small",
        "place_other_arm_motion": "for another arm and another motion",
        "place_other_motion": "for another motion",
        "place_three_rod": "for the three-rod chain {at}",
        "place_on_three_rod": "on the three-rod chain",
        "place_other_chain": "for another chain of {n} links",
        "place_motor_arm": "for the arm ARM",
        "place_on_motor_arm": "{at} for the arm ARM",
        "place_no_gravity": "{at} for ARM with gravity off",
        "place_creep": "for ARM held with τ = g(q0) + F_s/2, ε = {eps} rad/s, {T} s at dt = {dt} ms",
        "phrase_kp_positive": "K_p should be positive{where}, got {kp:.4g}",
        "phrase_returns": "{name} should return {what}{where}, got {kind}",
        "phrase_lstsq_tuple": ("identify should return the parameter vector of shape (5,), got a tuple of {n} items "
                               "(numpy.linalg.lstsq returns a tuple: take [0])"),
        "phrase_work_balances": "W (the work must balance the energy change)",
        "phrase_gains_give": "(ω_n, ζ) of your gains",
        "phrase_poles": "the poles of s² + K_d s + K_p",
        "phrase_row_of_product": "row {row} of Y_sym · π",
        "phrase_row_of_product_other_arm": "row {row} of Y_sym · π for another arm",
        "phrase_identify_within_noise": "identify (error within {k} standard deviations of the noise)",
        "phrase_ledger_right": "energy_ledger is right: E(t) - E(0) = W(t) to {tol} J.",
        "phrase_gains_right": "pd_gains gives the requested ω_n and ζ.",
        "phrase_zoh_right": "simulate_zoh samples, holds and integrates like the course's simulate.",
        "phrase_sympy_matrix": "{name} should be a {shape} sympy Matrix, got {kind}",
        "phrase_ledger_balances": "W_τ - W_f (the work must balance the energy change)",
        "phrase_friction_work_right": "friction_work is right: E(t) - E(0) = W_τ(t) - W_f(t) to {tol} J.",
    },
    "zh": {
        "where": "（{where}）",
        "at_q": "q = {q} 时",
        "at_state": "{values} 时",
        "right_one": "{name} 正确。",
        "right_many": "{names} 和 {last} 都正确。",
        "show_traceback": "显示完整的错误回溯",
        "your_function": "你的函数",
        "not_defined": "{name} 还没有定义：请先完成并运行本测试上方定义它的单元格",
        "not_a_function": "{name} 应该是一个函数，但它是 {kind}",
        "not_implemented": "{name} 还没有实现（它仍然抛出 NotImplementedError）",
        "raised": "{name} 抛出了 {error}{where}：{detail}",
        "not_numbers": "{name} 应该是数值{where}，得到的是 {value}（{detail}）",
        "shape": "{name} 的形状应为 {shape}{where}，得到的形状是 {got}",
        "not_finite": "{name} 含有 NaN 或 inf{where}：{value}",
        "not_finite_bare": "{name} 含有 NaN 或 inf{where}",
        "wrong": "{name} 有误{where}：得到 {got}，应为 {expected}（最大误差 {err:.3g}）",
        "wrong_many": "{name} 有误{where}：{size} 个元素中有 {bad} 个不对；差得最多的是 [{index}]，为 {got:.6g}，应为 {expected:.6g}",
        "not_symmetric": "{name} 不对称{where}：{name}[{i},{j}] = {a:.6g}，而 {name}[{j},{i}] = {b:.6g}",
        "not_positive_definite": ("{name} 不是正定的{where}：它的最小特征值是 {eig:.4g}，"
                                  "于是某个速度的动能会为零或为负"),
        "not_skew": "{name} 不是斜对称的{where}：元素 [{i},{j}] + 元素 [{j},{i}] = {value}，而不是 0",
        "not_held": "{name} 没有保持不变{where}：它在 t = {t} s 处改变，而这一采样周期从 t = {start} s 开始（每 {hold} 步才更新一次）",
        "not_computed": "{name} 还没有算出来（它现在是 {value}）",
        "cannot_compare": "{name} 无法与期望的表达式比较：{error}: {detail}",
        "not_equivalent": "{name} 与期望的表达式不等价{where}：{name} - 期望值 = {diff}，不为 0",
        "not_sympy": "{name} 不是 sympy 表达式：{error}: {detail}",
        "unexpected_symbols": "{name} 含有多余的符号 {free}；它应当只依赖于 {allowed}",
        "not_sympy_kind": "{name} 不是 sympy 表达式：它是 {kind}",
        "not_evaluable": "{name} 含有 {parts}，无法在给定状态下求值：它应当只用 {allowed} 和数写出",
        "with_hint": "{message}。提示：{hint}",
        "hint_zero_level": "{name} 处处比期望值差同一个常数（差 {d:.4g}）：检查你把 {name} = 0 放在了哪里",
        "hint_offset": "{name} 处处差同一个常数（差 {d:.4g}）：少了或多了一个常数项",
        "hint_sign": "{name} 处处符号相反：检查哪个方向算正（对 V 来说：高度越高，V 越大）",
        "hint_factor": "{name} 处处是期望值的 {k:.4g} 倍：找一找少了或多了的常数因子（比如 ½、m 或 l）",
        "not_matrix": "{name} 应该是 sympy Matrix，得到的是 {kind}",
        "matrix_shape": "{name} 的形状应为 {n}×{n}（有 {n} 个坐标），得到的形状是 {shape}",
        "velocity_terms": ("{name}·qdot 与欧拉–拉格朗日方程里的速度项 Mdot·qdot - ½ ∂(qdotᵀ M qdot)/∂q "
                           "相差 {diff}"),
        # 各次作业的测试单元格给出的地点和其他文字（checks.place / checks.phrase / checks.passed）
        "right_one_where": "{where}，{name} 正确。",
        "place_course_arm": "对课程所用的机械臂",
        "place_other_arm": "换一条机械臂，{at}",
        "place_point_mass_polar": "对极坐标下的一个质点",
        "place_symbolic_2r_arm": "对符号形式的 2R 机械臂",
        "place_both_examples": "在两个例子上",
        "place_mass_matrix_3x3": "对一个 3×3 的质量矩阵",
        "place_linear_scalar": "对 ẋ = {lam} x，x = {x}，h = {h} 时",
        "place_linear_system": "对线性系统 ẋ = A x，h = {h} 时",
        "place_pendulum": "对单摆，{at}",
        "place_driven_pendulum": "对受 {tau} N·m 力矩驱动、摩擦系数 b = {b} 的单摆，仿真 {T} s，dt = {dt} ms",
        "place_damped_arm": "对受恒定力矩作用、带阻尼的二连杆机械臂",
        "place_explicit_euler": "显式欧拉法",
        "place_rk4": "RK4",
        "place_stepper": "用{method}，h = {h} ms，仿真 {T} s",
        "place_stepper_pendulum": "对单摆用{method}",
        "place_law_case": "{case}，{at}",
        "place_rest_on_target": "静止在目标位置上（τ 只需把机械臂托住）",
        "place_rest_off_target": "静止，但不在目标位置上",
        "place_moving": "运动之中（这时速度项 C(q, q̇) q̇ 起作用）",
        "place_on_model": "在 {model} 上",
        "place_other_model": "换一个模型（{model}），并换用别的增益和目标",
        "place_gains_for": "ω_n = {wn} rad/s，ζ = {zeta} 时",
        "place_other_gains": "换一组 ω_n 和 ζ",
        "place_arm_payload": "对带着 {payload} kg 负载的 ARM，仿真 {T} s，dt = {dt} ms，控制周期 {period} ms",
        "place_other_plant": "换一个被控对象（{model}），dt = {dt:g} ms，控制周期 {period:g} ms",
        "place_moon": "g_value = {g} m/s²，{at}",
        "place_earth_and_moon": "对课程所用的机械臂，在地球上和月球上",
        "place_rich_motion": "对激励充分的运动，{n} 个采样，σ = {sigma} N·m",
        "place_motion": "对{kind}的运动，{n} 个采样",
        "place_motion_rich": "激励充分",
        "place_motion_slow": "缓慢而幅度小",
        "place_other_arm_motion": "换一条机械臂和另一种运动",
        "place_other_motion": "换另一种运动",
        "place_three_rod": "三杆链，{at}",
        "place_on_three_rod": "在三杆链上",
        "place_other_chain": "换一条有 {n} 个连杆的链",
        "place_motor_arm": "对机械臂 ARM",
        "place_on_motor_arm": "对机械臂 ARM，{at}",
        "place_no_gravity": "对关掉重力的 ARM，{at}",
        "place_creep": "对以 τ = g(q0) + F_s/2 托住的 ARM，ε = {eps} rad/s，仿真 {T} s，dt = {dt} ms",
        "phrase_kp_positive": "K_p 应该是正数{where}，得到的是 {kp:.4g}",
        "phrase_returns": "{name} 应当返回 {what}{where}，得到的是 {kind}",
        "phrase_lstsq_tuple": ("identify 应当返回形状为 (5,) 的参数向量，得到的却是含 {n} 项的元组"
                               "（numpy.linalg.lstsq 返回的是元组：取它的 [0]）"),
        "phrase_work_balances": "W（功必须与能量的变化相抵）",
        "phrase_gains_give": "你的增益所给出的 (ω_n, ζ)",
        "phrase_poles": "s² + K_d s + K_p 的极点",
        "phrase_row_of_product": "Y_sym · π 的第 {row} 行",
        "phrase_row_of_product_other_arm": "换一条机械臂时 Y_sym · π 的第 {row} 行",
        "phrase_identify_within_noise": "identify（误差应在噪声的 {k} 个标准差以内）",
        "phrase_ledger_right": "energy_ledger 正确：E(t) - E(0) 与 W(t) 之差不超过 {tol} J。",
        "phrase_gains_right": "pd_gains 给出了要求的 ω_n 和 ζ。",
        "phrase_zoh_right": "simulate_zoh 的采样、保持和积分都与课程的 simulate 一致。",
        "phrase_sympy_matrix": "{name} 应当是 {shape} 的 sympy Matrix，得到的是 {kind}",
        "phrase_ledger_balances": "W_τ - W_f（功必须与能量的变化相抵）",
        "phrase_friction_work_right": "friction_work 正确：E(t) - E(0) 与 W_τ(t) - W_f(t) 之差不超过 {tol} J。",
    },
})
text = CHECKS.text


def at(where: str) -> str:
    """The place a message names, joined to it in the current language ("" stays "").

    >>> at("at q = 0"), at("")
    (' at q = 0', '')
    """
    return text("where", where=where) if where else ""
