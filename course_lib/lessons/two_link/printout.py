"""What lesson 3's code cells say, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (an ``arm_nb_…`` key) of the lesson's table filled with
``values``; an unknown key raises ``ValueError``.

>>> say("arm_nb_gimbal", deg=0.0, det=0.005, kappa=2.5)
pitch θ =   0.0°: det M = 5.000e-03 kg³·m⁶, κ(M) = 2.5
"""

from __future__ import annotations

from course_lib.lessons.two_link.messages import ARM_SIM

say = ARM_SIM.say
