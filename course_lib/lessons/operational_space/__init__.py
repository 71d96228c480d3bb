"""Lesson 7. The apparent mass at the tool, Λ = (J M⁻¹ Jᵀ)⁻¹.

Its names are listed in :data:`course_lib.lessons.LESSONS` and load on first use.
"""

from course_lib.lessons import lazy_exports

__getattr__, __dir__ = lazy_exports(__name__)
