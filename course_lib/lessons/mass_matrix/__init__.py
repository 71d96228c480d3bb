"""Lesson 5. The mass matrix M(q) and its inertia ellipse.

Its names are listed in :data:`course_lib.lessons.LESSONS` and load on first use.
"""

from course_lib.lessons import lazy_exports

__getattr__, __dir__ = lazy_exports(__name__)
