"""The sentences of the exercises' visible checks (:mod:`course_lib.grading.checks`), in English and Chinese.

The checks speak the kernel's language (``COURSE_LANG``, or :func:`course_lib.set_language`).
Each message still says what is wrong and where; ``{where}`` is the place a test
cell describes ("at q = (0.412, -1.037)"), written by :func:`at` so that an empty
place leaves no gap.

>>> from course_lib.messages import set_language
>>> set_language("zh"); CHECKS.text("wrong", name="tau", where=at("at x = 1"), got="1.000", expected="2.000", err=1)
'tau 有误（at x = 1）：得到 1.000，应为 2.000（最大误差 1）'
>>> set_language("en"); CHECKS.text("wrong", name="tau", where=at(""), got="1.000", expected="2.000", err=1)
'tau is wrong: got 1.000, expected 2.000 (largest error 1)'
"""

from __future__ import annotations

from course_lib.messages import MessageTable

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
        "not_equivalent": "{name} is not equivalent to the expected expression: {name} - expected = {diff}, not 0",
        "not_sympy": "{name} is not a sympy expression: {error}: {detail}",
        "unexpected_symbols": "{name} contains unexpected symbols {free}; it should depend only on {allowed}",
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
        "not_equivalent": "{name} 与期望的表达式不等价：{name} - 期望值 = {diff}，不为 0",
        "not_sympy": "{name} 不是 sympy 表达式：{error}: {detail}",
        "unexpected_symbols": "{name} 含有多余的符号 {free}；它应当只依赖于 {allowed}",
        "with_hint": "{message}。提示：{hint}",
        "hint_zero_level": "{name} 处处比期望值差同一个常数（差 {d:.4g}）：检查你把 {name} = 0 放在了哪里",
        "hint_offset": "{name} 处处差同一个常数（差 {d:.4g}）：少了或多了一个常数项",
        "hint_sign": "{name} 处处符号相反：检查哪个方向算正（对 V 来说：高度越高，V 越大）",
        "hint_factor": "{name} 处处是期望值的 {k:.4g} 倍：找一找少了或多了的常数因子（比如 ½、m 或 l）",
        "not_matrix": "{name} 应该是 sympy Matrix，得到的是 {kind}",
        "matrix_shape": "{name} 的形状应为 {n}×{n}（有 {n} 个坐标），得到的形状是 {shape}",
        "velocity_terms": ("{name}·qdot 与欧拉–拉格朗日方程里的速度项 Mdot·qdot - ½ ∂(qdotᵀ M qdot)/∂q "
                           "相差 {diff}"),
    },
})
text = CHECKS.text


def at(where: str) -> str:
    """The place a message names, joined to it in the current language ("" stays "").

    >>> at("at q = 0"), at("")
    (' at q = 0', '')
    """
    return text("where", where=where) if where else ""
