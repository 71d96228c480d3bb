"""Lesson 12. The review quiz over lessons 0–11, with a score that links each miss to its lesson.

Its names are listed in :data:`course_lib.lessons.LESSONS` and load on first use.
"""

from course_lib.lessons import lazy_exports

__getattr__, __dir__ = lazy_exports(__name__)
