"""What lesson 3's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (an ``arm_nb_…`` key) of the lesson's table filled with
``values``; an unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("arm_nb_inverse", tau="[3. -1.]")
inverse: that q̈ needs τ = [3. -1.] N·m
>>> set_language("zh"); say("arm_nb_inverse", tau="[3. -1.]"); set_language("en")
逆动力学：要得到这个 q̈，需要 τ = [3. -1.] N·m
"""

from __future__ import annotations

from course_lib.lessons.two_link.messages import ARM_SIM

say = ARM_SIM.say
