"""What lesson 4's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (a ``cp_nb_…`` key) of the lesson's table filled with
``values``; ``label(key, **values)`` returns the sentence instead (drawn in a font
that has its characters, :mod:`course_lib.ui.plot_text`), for a plot's title,
axis label or legend; an unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("cp_nb_start", theta0=5.0)
The pole starts at θ = 5° from upright.
>>> set_language("zh"); say("cp_nb_start", theta0=5.0); set_language("en")
摆杆从偏离竖直向上 θ = 5° 处开始。
"""

from __future__ import annotations

import functools

from course_lib.lessons.cart_pole.messages import CART_POLE
from course_lib.ui.plot_text import plot_text

say = CART_POLE.say
label = functools.partial(plot_text, CART_POLE)
