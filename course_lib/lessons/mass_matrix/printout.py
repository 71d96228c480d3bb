"""What lesson 5's code cells say, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (an ``mm_nb_…`` key) of the lesson's table filled with
``values``; an unknown key raises ``ValueError``.

>>> say("mm_nb_spread", least=5.17, deg=145.0, ratio=2.87)
κ(M) is least, 5.17, with the elbow bent to θ₂ = 145°, and grows as the arm stretches (its stretched value is a question of the quiz below); M₁₁ changes by a factor of 2.87 between stretched and folded
"""

from __future__ import annotations

from course_lib.lessons.mass_matrix.messages import MASS_MATRIX

say = MASS_MATRIX.say
