"""The sentences of the review quiz's own questions (lesson 12), in English and Chinese.

Questions taken from a lesson's quiz keep that quiz's sentences; only the
questions no lesson asks yet, and the score's lesson labels, are here.
"""

from course_lib.messages import MessageTable

REVIEW = MessageTable("review_quiz", {
    "en": {
        "lesson_label": "Lesson {n}",
        "tip_prompt": (
            "In the start-here lab (l₁ = {l1:g} m, l₂ = {l2:g} m), set θ₁ = 30° (from the horizontal) and "
            "θ₂ = 45° (relative to link 1). How high above the shoulder is the tip (m)?"),
        "tip_why": (
            "The tip's height adds the two links' vertical parts: y = l₁ sin θ₁ + l₂ sin(θ₁ + θ₂) "
            "= {l1:g} · sin 30° + {l2:g} · sin 75° = {height:.3f} m. Link 2's angle to the horizontal is "
            "θ₁ + θ₂, because θ₂ is measured from link 1."),
        "mismatch_prompt": (
            "A computed-torque controller tracks a trajectory with a model whose masses are 30 % off "
            "(too heavy, or too light). What happens to the tracking error?"),
        "mismatch_a": "It still goes to zero: the feedback gains make up for any error in the model.",
        "mismatch_a_note": (
            "No: the mismatch leaves a disturbance η in ë + K_d ė + K_p e = −η, and feedback only "
            "shrinks its effect, it does not remove it."),
        "mismatch_b": (
            "It stays bounded but no longer vanishes, and it grows with the size of the mismatch."),
        "mismatch_b_note": (
            "Yes: the error equation is still a stable linear system, now driven by a bounded disturbance "
            "that scales with the model error."),
        "mismatch_c": "It grows without bound: with a wrong model the closed loop is unstable.",
        "mismatch_c_note": (
            "No: the left-hand side ë + K_d ė + K_p e is still stable; a bounded push gives a bounded "
            "error."),
        "mismatch_d": "It is the same for a model 30 % too heavy and one 30 % too light: only the size counts.",
        "mismatch_d_note": (
            "No: the two cases are not symmetric; in the seed's example the too-light model gives the "
            "larger error."),
        "mismatch_why": (
            "With a model M̂, ĥ instead of M, h, the error obeys ë + K_d ė + K_p e = −η, where η is "
            "proportional to the model error (η = 0 for a perfect model). A stable linear system driven by a "
            "bounded input has a bounded output, so the error stays bounded and grows with the mismatch. "
            "Too light and too heavy are not mirror images. In the seed's example (the masses 30 % off) "
            "computed torque still tracked better than PD with gravity compensation; lesson 8's lab shows a "
            "case, an unmodeled payload, where the light elbow makes it lose."),
    },
    "zh": {
        "lesson_label": "第 {n} 课",
        "tip_prompt": (
            "在入门实验里（l₁ = {l1:g} m，l₂ = {l2:g} m），把 θ₁ 设为 30°（从水平方向量起），θ₂ 设为 45°"
            "（相对连杆 1）。手臂末端比肩关节高多少（m）？"),
        "tip_why": (
            "末端高度是两根连杆竖直分量之和：y = l₁ sin θ₁ + l₂ sin(θ₁ + θ₂) = {l1:g} · sin 30° + "
            "{l2:g} · sin 75° = {height:.3f} m。因为 θ₂ 是相对连杆 1 量的，连杆 2 与水平方向的夹角是 θ₁ + θ₂。"),
        "mismatch_prompt": (
            "计算力矩控制器用一个质量偏差 30 % 的模型（偏重或偏轻）跟踪轨迹。跟踪误差会怎样？"),
        "mismatch_a": "仍然收敛到零：反馈增益能弥补模型的任何误差。",
        "mismatch_a_note": (
            "不对：模型失配在 ë + K_d ė + K_p e = −η 里留下扰动 η，反馈只能减小它的影响，不能消除它。"),
        "mismatch_b": "误差有界但不再趋于零，并随失配的大小而增大。",
        "mismatch_b_note": "对：误差方程仍是稳定的线性系统，只是多了一个与模型误差成正比的有界扰动。",
        "mismatch_c": "误差无限增长：模型不准时闭环不稳定。",
        "mismatch_c_note": "不对：左边 ë + K_d ė + K_p e 仍然稳定，有界的扰动只产生有界的误差。",
        "mismatch_d": "模型偏重 30 % 和偏轻 30 % 的误差完全一样：只有偏差的大小起作用。",
        "mismatch_d_note": "不对：两种情况并不对称；在种子课的例子里，模型偏轻时误差更大。",
        "mismatch_why": (
            "用 M̂、ĥ 代替 M、h 后，误差满足 ë + K_d ė + K_p e = −η，η 与模型误差成正比（模型准确时 η = 0）。"
            "稳定线性系统在有界输入下输出有界，所以误差有界，并随失配增大。偏轻和偏重并不对称。"
            "在种子课的例子里（质量偏差 30 %），计算力矩的跟踪仍比“PD + 重力补偿”好；第 8 课的实验则展示了"
            "一个反例：未建模的负载会让很轻的肘关节吃亏。"),
    },
})
