"""What lesson 6's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (a ``chr_nb_…`` key) of the lesson's table filled with
``values``; ``label(key, **values)`` returns a text of the table instead, such as a form's name to print
inside a sentence. An unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("chr_nb_newton", newton="[0. 1.]", coriolis="[0. 1.]")
τ from r × m a: [0. 1.] N·m;  C q̇ = [0. 1.] N·m
>>> set_language("zh"); say("chr_nb_newton", newton="[0. 1.]", coriolis="[0. 1.]"); set_language("en")
由 r × m a 算出的 τ：[0. 1.] N·m；C q̇ = [0. 1.] N·m
>>> label("chr_form_alternative")
'alternative C'
"""

from __future__ import annotations

from course_lib.lessons.coriolis.messages import CHRISTOFFEL

say = CHRISTOFFEL.say
label = CHRISTOFFEL.text
