"""What lesson 2's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (a ``pend_nb_…`` key) of the lesson's table filled with
``values``; ``label(key, **values)`` returns the sentence instead (drawn in a font
that has its characters, :mod:`course_lib.ui.plot_text`), for a plot's title,
axis label or legend; an unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("pend_nb_separatrix", speed=6.264)
θ̇ at the bottom on the separatrix: 6.264 rad/s
>>> set_language("zh"); say("pend_nb_separatrix", speed=6.264); set_language("en")
沿分界线运动时，最低点处的 θ̇ = 6.264 rad/s
"""

from __future__ import annotations

import functools

from course_lib.lessons.pendulum.messages import PENDULUM
from course_lib.ui.plot_text import plot_text

say = PENDULUM.say
label = functools.partial(plot_text, PENDULUM)
