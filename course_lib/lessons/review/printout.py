"""What lesson 12's code cells print, in the language in force (the sentences are in :mod:`.messages`).

``say(key, **values)`` prints the sentence ``key`` (a ``review_nb_…`` key) of the lesson's table filled with
``values``; an unknown key raises ``ValueError``.

>>> from course_lib import set_language
>>> say("review_nb_count", questions=20, lessons=12)
20 questions from 12 lessons
>>> set_language("zh"); say("review_nb_count", questions=20, lessons=12); set_language("en")
共 20 道题，出自 12 课
"""

from __future__ import annotations

from course_lib.lessons.review.messages import REVIEW

say = REVIEW.say
