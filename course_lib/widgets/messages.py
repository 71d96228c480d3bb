"""The lab kit's own sentences: buttons, the checklist, errors every lab can show.

Each lab keeps its labels, readouts and tasks in its own table (a
:class:`~course_lib.messages.MessageTable` next to the lab); only what the
kit itself says lives here.

>>> text("paused")
'paused'
>>> text("error_blowup", detail="θ̇ = inf")
'The simulation blew up (θ̇ = inf). The lab has been reset; try a smaller torque or more damping.'
"""

from __future__ import annotations

from course_lib.messages import MessageTable, set_language

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
        "done_with": "done ({value})",
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
    },
})
text = KIT.text
