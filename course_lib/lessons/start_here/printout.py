"""What lesson 0's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (an ``arm_nb_…`` key) of the lesson's table filled with
``values``; an unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("arm_nb_tip_model", tip="[1.2 0.3]")
tip from the model: [1.2 0.3]
>>> set_language("zh"); say("arm_nb_tip_model", tip="[1.2 0.3]"); set_language("en")
由模型算出的末端位置：[1.2 0.3]
"""

from __future__ import annotations

from course_lib.lessons.start_here.messages import ARM_PREVIEW

say = ARM_PREVIEW.say
