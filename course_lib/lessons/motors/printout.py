"""What lesson 11's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (a ``mot_nb_…`` key) of the lesson's table filled with
``values``; ``label(key, **values)`` returns the text instead (drawn in a font that has its
characters, :mod:`course_lib.ui.plot_text`), for a plot's title, axis label or legend, or a name to
print inside a sentence. An unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("mot_nb_crba", diff=2.220446049250313e-16)
largest difference to CRBA: 2.22 × 10⁻¹⁶
>>> set_language("zh"); say("mot_nb_crba", diff=0.0); set_language("en")
与 CRBA 的最大差值：0
>>> label("mot_nb_other_c")
'another valid C'
"""

from __future__ import annotations

import functools

from course_lib.lessons.motors.messages import MOTOR
from course_lib.ui.plot_text import plot_text

say = MOTOR.say
label = functools.partial(plot_text, MOTOR)
