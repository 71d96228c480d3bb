"""What lesson 5's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (an ``mm_nb_…`` key) of the lesson's table filled with
``values``; an unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("mm_nb_smallest", lam=0.0123)
smallest eigenvalue over all postures: 0.0123 kg·m²  (never 0)
>>> set_language("zh"); say("mm_nb_smallest", lam=0.0123); set_language("en")
所有位形中最小的特征值：0.0123 kg·m²（从不为 0）
"""

from __future__ import annotations

from course_lib.lessons.mass_matrix.messages import MASS_MATRIX

say = MASS_MATRIX.say
