"""The lab kit's own sentences: buttons, the checklist, errors every lab can show.

Each lab keeps its labels, readouts and tasks in its own table (a
:class:`~course_lib.i18n.MessageTable` next to the lab); only what the
kit itself says lives here.

>>> text("paused")
'paused'
>>> text("error_blowup", detail="θ̇ = inf")
'The simulation blew up (θ̇ = inf). The lab has been reset; try a smaller torque or more damping.'
"""

from __future__ import annotations

from course_lib.i18n import MessageTable, set_language

__all__ = ["KIT", "set_language", "text"]

KIT = MessageTable("kit", {
    "en": {
        # -- shared controls --------------------------------------------------
        "play": "Play",
        "pause": "Pause",
        "step": "Step",
        "reset": "Reset",
        "speed": "Speed",
        "playing": "playing",
        "paused": "paused",
        "tasks_title": "Try this",
        "hint": "hint",
        "done_with": "done: {value}",
        # -- accessibility (access.py): read by screen readers, not shown ------
        "a11y_task_done": "Task done: {prompt} ({value})",
        "a11y_value_of": "value of {label}",
        "a11y_in_unit": "{label} in {unit}",
        "a11y_unit_deg": "degrees",
        "a11y_unit_rad_s": "radians per second",
        "a11y_unit_rad_s2": "radians per second squared",
        "a11y_unit_N": "newtons",
        "a11y_unit_N_m": "newton metres",
        "a11y_unit_N_m_s_rad": "newton metre seconds per radian",
        "a11y_unit_kg": "kilograms",
        "a11y_unit_kg_m2": "kilogram square metres",
        "a11y_unit_J": "joules",
        "a11y_unit_s": "seconds",
        "a11y_unit_Hz": "hertz",
        "a11y_unit_m": "metres",
        "a11y_unit_percent": "percent",
        # -- the keys a lab takes (keys.py): one line under the lab ---------------
        "keys_handles_play": ("Keys: Tab into the drawing; Tab and Shift+Tab pick a handle (ringed), the arrow keys move "
                              "it, Shift + arrow by a fine step; Space plays and pauses. On a slider an arrow key moves "
                              "it, Shift + arrow by one step."),
        "keys_handles": ("Keys: Tab into the drawing; Tab and Shift+Tab pick a handle (ringed), the arrow keys move it, "
                         "Shift + arrow by a fine step. On a slider an arrow key moves it, Shift + arrow by one step."),
        "keys_play": ("Keys: Tab into the drawing; Space plays and pauses. On a slider an arrow key moves it, "
                      "Shift + arrow by one step."),
        "keys_own": ("Keys: click the drawing or Tab into it to use its own keys (← → and Space, as the lesson says); "
                     "Tab then picks a handle, the arrow keys move it, Shift + arrow by a fine step. On a slider an "
                     "arrow key moves it, Shift + arrow by one step."),
        # -- shared errors ------------------------------------------------------
        "error_callback": "That did not work: {detail}. The lab is still usable.",
        "error_blowup": (
            "The simulation blew up ({detail}). The lab has been reset; "
            "try a smaller torque or more damping."
        ),
        "error_not_finite": "{name} must be a finite number.",
        "error_bad_value": "{name} cannot take that value: {detail}",
        "error_angle_range": (
            "{name} must be a finite angle in degrees from {low:g} to {high:g} (the slider's range), "
            "got {value!r}"
        ),
        "not_yet": "not yet: {reason}",
        "error_handler": "That did not work: {detail}. The lab has been reset and is still usable.",
        "error_old_lab": "This lab was replaced when its cell ran again; use the new one below.",
        "error_typed_number": (
            "{name}: “{typed}” is not a number. Type digits with a decimal point, such as 0.5 or -1.2; "
            "the slider kept its value."
        ),
    },
    "zh": {
        "play": "播放",
        "pause": "暂停",
        "step": "单步",
        "reset": "重置",
        "speed": "速度",
        "playing": "播放中",
        "paused": "已暂停",
        "tasks_title": "试一试",
        "hint": "提示",
        "done_with": "完成：{value}",
        "a11y_task_done": "任务完成：{prompt}（{value}）",
        "a11y_value_of": "{label} 的数值",
        "a11y_in_unit": "{label}，单位：{unit}",
        "a11y_unit_deg": "度",
        "a11y_unit_rad_s": "弧度每秒",
        "a11y_unit_rad_s2": "弧度每二次方秒",
        "a11y_unit_N": "牛顿",
        "a11y_unit_N_m": "牛米",
        "a11y_unit_N_m_s_rad": "牛米秒每弧度",
        "a11y_unit_kg": "千克",
        "a11y_unit_kg_m2": "千克平方米",
        "a11y_unit_J": "焦耳",
        "a11y_unit_s": "秒",
        "a11y_unit_Hz": "赫兹",
        "a11y_unit_m": "米",
        "a11y_unit_percent": "百分比",
        "keys_handles_play": ("键盘：按 Tab 进入图中；Tab 和 Shift+Tab 选择一个手柄（外面画一圈虚线），方向键移动它，"
                              "Shift + 方向键细调；空格键播放或暂停。滑块上，方向键移动滑块，Shift + 方向键每次移动一格。"),
        "keys_handles": ("键盘：按 Tab 进入图中；Tab 和 Shift+Tab 选择一个手柄（外面画一圈虚线），方向键移动它，"
                         "Shift + 方向键细调。滑块上，方向键移动滑块，Shift + 方向键每次移动一格。"),
        "keys_play": "键盘：按 Tab 进入图中；空格键播放或暂停。滑块上，方向键移动滑块，Shift + 方向键每次移动一格。",
        "keys_own": ("键盘：点击图或按 Tab 进入图中，就可以用它自己的按键（← → 和空格键，见课文）；再按 Tab 选择手柄，"
                     "方向键移动它，Shift + 方向键细调。滑块上，方向键移动滑块，Shift + 方向键每次移动一格。"),
        "error_callback": "操作没有成功：{detail}。实验仍然可以继续使用。",
        "error_blowup": "仿真发散了（{detail}）。实验已重置；试试更小的力矩或更大的阻尼。",
        "error_not_finite": "{name} 必须是有限的数。",
        "error_bad_value": "{name} 不能取这个值：{detail}",
        "error_angle_range": (
            "{name} 必须是 {low:g} 到 {high:g} 度之间的有限角度（滑块的范围），收到的是 {value!r}"
        ),
        "not_yet": "还没有：{reason}",
        "error_handler": "操作没有成功：{detail}。实验已重置，仍然可以继续使用。",
        "error_old_lab": "这个单元格重新运行后，这个实验已被替换；请使用下面的新实验。",
        "error_typed_number": "{name}：“{typed}”不是一个数。请输入带小数点的数字，例如 0.5 或 -1.2；滑块保持原来的值。",
    },
})
text = KIT.text
