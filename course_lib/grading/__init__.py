"""Graded exercises: nbgrader release, offline autograding and the checks the tests call.

Modules:

- :mod:`course_lib.grading.checks`   — assertions with specific messages, used inside test cells
- :mod:`course_lib.grading.course`   — a throw-away nbgrader course directory built from the repo
- :mod:`course_lib.grading.release`  — ``python -m course_lib.grading.release`` regenerates exercises/
- :mod:`course_lib.grading.precheck` — finds duplicated cell ids in submissions before nbgrader does
- :mod:`course_lib.grading.feedback` — hidden tests and their messages out of the feedback HTML
- :mod:`course_lib.grading.report`   — scores from the gradebook into a CSV
- :mod:`course_lib.grading.autograde` — ``python -m course_lib.grading.autograde <submissions>``
"""
