"""What lesson 1's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (an ``act_nb_…`` key) of the lesson's table filled with
``values``; ``label(key, **values)`` returns the sentence instead (drawn in a font
that has its characters, :mod:`course_lib.ui.plot_text`), for a plot's title, axis label or legend.
An unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("act_nb_saddle", T=1.2345)
valley turns into a saddle at T = 1.2345 s
>>> set_language("zh"); say("act_nb_saddle", T=1.2345); set_language("en")
T = 1.2345 s 时，谷变成了鞍点
>>> label("act_nb_plot_horizon")
'horizon T [s]'
"""

from __future__ import annotations

import functools

from course_lib.lessons.action.messages import ACTION
from course_lib.ui.plot_text import plot_text

say = ACTION.say
label = functools.partial(plot_text, ACTION)
