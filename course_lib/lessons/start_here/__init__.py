"""Lesson 0. Start here: how labs and "Try this" tasks work, on the 2R arm.

Its names are listed in :data:`course_lib.lessons.LESSONS` and load on first use.
"""

from course_lib.lessons import lazy_exports

__getattr__, __dir__ = lazy_exports(__name__)
