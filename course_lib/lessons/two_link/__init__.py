"""Lesson 3. The two-link arm by Lagrange, run as a simulator, with the energy ledger.

Its names are listed in :data:`course_lib.lessons.LESSONS` and load on first use.
"""

from course_lib.lessons import lazy_exports

__getattr__, __dir__ = lazy_exports(__name__)
