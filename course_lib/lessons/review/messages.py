"""The sentences of the review quiz's own questions (lesson 12), in English and Chinese.

Questions taken from a lesson's quiz keep that quiz's sentences; only the
question no lesson asks yet (lesson 0's), the context lines shown above imported
questions (the data they take from their lesson) and the score's lesson labels are here.
"""

from course_lib.i18n import MessageTable

REVIEW = MessageTable("review_quiz", {
    "en": {
        "lesson_label": "Lesson {n}",
        "arm_context": (
            "Lesson {n}'s arm: m₁ = {m1:g} kg, m₂ = {m2:g} kg, l₁ = {l1:g} m, l₂ = {l2:g} m, uniform rods "
            "(centre at mid-length, I = m l²/12 about it), θ₁ from the horizontal, θ₂ relative to link 1."),
        "coriolis_context": (
            "Lesson 6's arm (\"same arm\" below): l₁ = {l1:g} m, m₂ = {m2:g} kg, l_c₂ = {lc2:g} m."),
        "pendulum_context": (
            "Lesson 2's pendulum: a ball of m = {m:g} kg on a massless rod of length l = {l:g} m, "
            "g = {g:g} m/s², θ from the downward vertical."),
        "cart_pole_context": (
            "Lesson 4's cart-pole: the pole's mass sits at its tip, l = {l:g} m from the cart; θ is counted "
            "from the upward vertical."),
        "chain_context": "Lesson 10's chain; g = {g:g} m/s².",
        "tracking_context": (
            "Lesson 8's lab 2 reads these RMS tool errors: δ = −30 %: computed torque {ct_low:.3s} m, "
            "PD + gravity {pg_low:.3s} m; δ = +30 %: computed torque {ct_high:.3s} m, PD + gravity "
            "{pg_high:.3s} m."),
        "angles_context": "Lesson 11's arm: θ₁ from the horizontal, θ₂ relative to link 1.",
        "tip_prompt": (
            "In the start-here lab (l₁ = {l1:g} m, l₂ = {l2:g} m), set θ₁ = 30° (from the horizontal) and "
            "θ₂ = 45° (relative to link 1). How high above the shoulder is the tip (m)?"),
        "tip_why": (
            "The tip's height adds the two links' vertical parts: y = l₁ sin θ₁ + l₂ sin(θ₁ + θ₂) "
            "= {l1:g} · sin 30° + {l2:g} · sin 75° = {height:.3s} m. Link 2's angle to the horizontal is "
            "θ₁ + θ₂, because θ₂ is measured from link 1."),
        # what the notebook's code cells print (its printout.say)
        "review_nb_count": "{questions} questions from {lessons} lessons",
    },
    "zh": {
        "lesson_label": "第 {n} 课",
        "arm_context": (
            "第 {n} 课的手臂：m₁ = {m1:g} kg，m₂ = {m2:g} kg，l₁ = {l1:g} m，l₂ = {l2:g} m，均匀细杆"
            "（质心在中点，绕质心 I = m l²/12），θ₁ 从水平方向量起，θ₂ 相对连杆 1。"),
        "coriolis_context": "第 6 课的手臂（下文的“同一手臂”）：l₁ = {l1:g} m，m₂ = {m2:g} kg，l_c₂ = {lc2:g} m。",
        "pendulum_context": (
            "第 2 课的单摆：质量 m = {m:g} kg 的小球挂在长 l = {l:g} m 的无质量杆上，g = {g:g} m/s²，"
            "θ 从竖直向下方向量起。"),
        "cart_pole_context": "第 4 课的小车倒立摆：摆的质量集中在杆端，离小车 l = {l:g} m；θ 从竖直向上方向量起。",
        "chain_context": "第 10 课的连杆链；g = {g:g} m/s²。",
        "tracking_context": (
            "第 8 课实验 2 读出的末端均方根误差：δ = −30 % 时，计算力矩 {ct_low:.3s} m，PD + 重力补偿 "
            "{pg_low:.3s} m；δ = +30 % 时，计算力矩 {ct_high:.3s} m，PD + 重力补偿 {pg_high:.3s} m。"),
        "angles_context": "第 11 课的手臂：θ₁ 从水平方向量起，θ₂ 相对连杆 1。",
        "tip_prompt": (
            "在入门实验里（l₁ = {l1:g} m，l₂ = {l2:g} m），把 θ₁ 设为 30°（从水平方向量起），θ₂ 设为 45°"
            "（相对连杆 1）。手臂末端比肩关节高多少（m）？"),
        "tip_why": (
            "末端高度是两根连杆竖直分量之和：y = l₁ sin θ₁ + l₂ sin(θ₁ + θ₂) = {l1:g} · sin 30° + "
            "{l2:g} · sin 75° = {height:.3s} m。因为 θ₂ 是相对连杆 1 量的，连杆 2 与水平方向的夹角是 θ₁ + θ₂。"),
        # what the notebook's code cells print (its printout.say)
        "review_nb_count": "共 {questions} 道题，出自 {lessons} 课",
    },
})
