"""What lesson 9's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (an ``id_nb_…`` key) of the lesson's table filled with
``values``; an unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("id_nb_rich", kappa="12.3")
rich, for comparison: κ(A) = 12.3
>>> set_language("zh"); say("id_nb_rich", kappa="12.3"); set_language("en")
作为对照，“丰富”激励：κ(A) = 12.3
"""

from __future__ import annotations

from course_lib.lessons.identification.messages import IDENTIFICATION

say = IDENTIFICATION.say
