"""What lesson 10's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (an ``rnea_nb_…`` key) of the lesson's table filled with
``values``; ``label(key, **values)`` returns the sentence instead (drawn in a font
that has its characters, :mod:`course_lib.ui.plot_text`), for a plot's title, axis label or
legend. An unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("rnea_nb_difference", diff=2e-15)
largest difference: 2.0e-15
>>> set_language("zh"); say("rnea_nb_difference", diff=2e-15); set_language("en")
最大差值：2.0e-15
>>> label("rnea_nb_plot_joints")
'joints n'
"""

from __future__ import annotations

import functools

from course_lib.lessons.recursive_dynamics.messages import RNEA_LAB
from course_lib.ui.plot_text import plot_text

say = RNEA_LAB.say
label = functools.partial(plot_text, RNEA_LAB)
