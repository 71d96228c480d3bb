"""Lesson 11. Geared motors and friction: rotor inertia, stick–slip, breakaway.

Its names are listed in :data:`course_lib.lessons.LESSONS` and load on first use.
"""

from course_lib.lessons import lazy_exports

__getattr__, __dir__ = lazy_exports(__name__)
