"""The sentences of the review quiz's own questions (lesson 12), in English and Chinese.

Questions taken from a lesson's quiz keep that quiz's sentences; only the
question no lesson asks yet (lesson 0's) and the score's lesson labels are here.
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
    },
    "zh": {
        "lesson_label": "第 {n} 课",
        "tip_prompt": (
            "在入门实验里（l₁ = {l1:g} m，l₂ = {l2:g} m），把 θ₁ 设为 30°（从水平方向量起），θ₂ 设为 45°"
            "（相对连杆 1）。手臂末端比肩关节高多少（m）？"),
        "tip_why": (
            "末端高度是两根连杆竖直分量之和：y = l₁ sin θ₁ + l₂ sin(θ₁ + θ₂) = {l1:g} · sin 30° + "
            "{l2:g} · sin 75° = {height:.3f} m。因为 θ₂ 是相对连杆 1 量的，连杆 2 与水平方向的夹角是 θ₁ + θ₂。"),
    },
})
