"""What lesson 9's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (an ``id_nb_…`` key) of the lesson's table filled with
``values``; ``label(key, **values)`` returns the sentence instead (drawn in a font
that has its characters, :mod:`course_lib.ui.plot_text`), for a plot's title, axis label or
legend. An unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("id_nb_rich", kappa="12.3")
rich, for comparison: κ(A) = 12.3
>>> set_language("zh"); say("id_nb_rich", kappa="12.3"); set_language("en")
作为对照，“丰富”激励：κ(A) = 12.3
>>> label("id_samples")
'samples N'
"""

from __future__ import annotations

import functools

from course_lib.lessons.identification.messages import IDENTIFICATION
from course_lib.ui.plot_text import plot_text

say = IDENTIFICATION.say
label = functools.partial(plot_text, IDENTIFICATION)
