"""What lesson 3's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (an ``arm_nb_…`` key) of the lesson's table filled with
``values``; ``label(key, **values)`` returns the sentence instead (drawn in a font that has its characters,
:mod:`course_lib.ui.plot_text`), for a plot's title, axis label or legend; an unknown key raises
``ValueError``. :func:`method_name` gives an integrator's name as the lab's dropdown shows it.

>>> from course_lib import set_language
>>> say("arm_nb_inverse", tau="[3. -1.]")
inverse: that q̈ needs τ = [3. -1.] N·m
>>> set_language("zh"); say("arm_nb_inverse", tau="[3. -1.]"); print(method_name("explicit_euler"))
逆动力学：要得到这个 q̈，需要 τ = [3. -1.] N·m
显式欧拉
>>> set_language("en"); label("arm_nb_plot_baumgarte", alpha=10.0)
'Baumgarte α = β = 10 1/s'
"""

from __future__ import annotations

import functools

from course_lib.lessons.two_link.messages import ARM_SIM, method_name
from course_lib.ui.plot_text import plot_text

say = ARM_SIM.say
label = functools.partial(plot_text, ARM_SIM)

__all__ = ["label", "method_name", "say"]
