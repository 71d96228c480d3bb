"""The pendulum lab's three "Try this" tasks: their thresholds and their prompts.

The thresholds come from the seed lesson and are written here only: the
lab's checks compare against these constants, and the prompts the learner
reads are formatted from them (the notebook prints the prompts from the lab).

>>> prompts = task_prompts()
>>> sorted(prompts)
['decay', 'rest45', 'tension']
>>> f"{TENSION_TARGET:g} N" in prompts["tension"]
True
"""

from __future__ import annotations

import numpy as np

from course_lib.widgets.messages import text

#: task 1, rest at 45°: target angle (rad), angle and speed tolerances (rad, rad/s), least damping (N·m·s/rad)
REST_ANGLE, REST_TOL, REST_SPEED, REST_B = np.pi / 4, 0.03, 0.05, 0.5
#: how long (s) the rest condition must hold, so a turning point of a swing does not count
REST_DWELL = 1.0
#: task 2, energy decay: release above this angle (rad), least damping (N·m·s/rad), energy fraction to reach
DECAY_ANGLE, DECAY_B, DECAY_FRACTION = np.radians(120.0), 0.3, 0.10
#: task 3: rod tension to exceed in the Newton view (N)
TENSION_TARGET = 25.0


def _degrees(angle: float) -> float:
    """An angle in rad as degrees, rounded so 45° prints as 45."""
    return round(float(np.degrees(angle)), 6)


def task_prompts() -> dict[str, str]:
    """The three task prompts in the current language, thresholds filled in.

    Returns:
        ``{task key: prompt}`` for the keys ``rest45``, ``decay``, ``tension``.
    """
    return {
        "rest45": text("pend_task_rest45", b=REST_B, angle=_degrees(REST_ANGLE), tol=REST_TOL,
                       speed=REST_SPEED, dwell=REST_DWELL),
        "decay": text("pend_task_decay", angle=_degrees(DECAY_ANGLE), b=DECAY_B,
                      percent=round(100 * DECAY_FRACTION, 6)),
        "tension": text("pend_task_tension", tension=TENSION_TARGET),
    }
