"""What lesson 7's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (an ``os_nb_…`` key) of the lesson's table filled with
``values``; an unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("os_nb_range", light=0.5, heavy=2.0, kappa=4.0)
lightest 0.500 kg, heaviest 2.000 kg, κ(Λ) = 4.00
>>> set_language("zh"); say("os_nb_range", light=0.5, heavy=2.0, kappa=4.0); set_language("en")
最轻 0.500 kg，最重 2.000 kg，κ(Λ) = 4.00
"""

from __future__ import annotations

from course_lib.lessons.operational_space.messages import OPERATIONAL_SPACE

say = OPERATIONAL_SPACE.say
