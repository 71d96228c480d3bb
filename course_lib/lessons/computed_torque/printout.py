"""What lesson 8's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (a ``ct_nb_…`` key) of the lesson's table filled with
``values``; an unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("ct_nb_critical", gains=(100.0, 20.0))
critically damped at the same ωₙ: (K_p, K_d) = (100.0, 20.0)
>>> set_language("zh"); say("ct_nb_critical", gains=(100.0, 20.0)); set_language("en")
同样的 ωₙ 下临界阻尼的增益：(K_p, K_d) = (100.0, 20.0)
"""

from __future__ import annotations

from course_lib.lessons.computed_torque.messages import COMPUTED_TORQUE

say = COMPUTED_TORQUE.say
