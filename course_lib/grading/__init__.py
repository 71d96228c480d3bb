"""Graded exercises: nbgrader release, offline autograding and the checks the tests call.

Modules:

- :mod:`course_lib.grading.checks`   — assertions with specific messages, used inside test cells
- :mod:`course_lib.grading.phrases`  — the places, phrases and success lines test cells show
- :mod:`course_lib.grading.hints`    — hints for the common ways a numeric answer is wrong
- :mod:`course_lib.grading.numeric`  — a sympy expression's values at many states, by walking its tree
- :mod:`course_lib.grading.course`   — a throw-away nbgrader course directory built from the repo
- :mod:`course_lib.grading.release`  — ``python -m course_lib.grading.release`` regenerates exercises/
- :mod:`course_lib.grading.precheck` — ids, near-miss names, nbformat 3, duplicated cells, before nbgrader
- :mod:`course_lib.grading.tamper`   — flags tampering and shortcuts for the instructor (never a score)
- :mod:`course_lib.grading.sandbox`  — the bubblewrap command line and resource limits of one submission
- :mod:`course_lib.grading.kernel`   — a student's kernel in that sandbox, driven over Unix sockets
- :mod:`course_lib.grading.probe`    — the kernel's end of the trusted checker (plain data back)
- :mod:`course_lib.grading.remote`   — the grader's end: stand-ins for the student's functions and values
- :mod:`course_lib.grading.wire`     — the data model across the kernel boundary, decoded without evaluation
- :mod:`course_lib.grading.wire_rules` — its bounds, and its errors in English and Chinese
- :mod:`course_lib.grading.safe_sympy` — sympy objects as trees of whitelisted nodes, rebuilt without ``eval``
- :mod:`course_lib.grading.checker`  — the trusted checker: one fresh, unprivileged process per submission
- :mod:`course_lib.grading.isolation` — the grader's side: start the checker, bound its time, validate its answer
- :mod:`course_lib.grading.hidden`   — the hidden part of a test cell, split off its visible part
- :mod:`course_lib.grading.cgroup`   — a memory limit per submission where Linux offers one
- :mod:`course_lib.grading.uids`     — one unprivileged host uid per worker process (its own process limit)
- :mod:`course_lib.grading.folders`  — the grader's temporary folders: removed at exit, swept when stale
- :mod:`course_lib.grading.trusted`  — nbgrader's execution step, replaced: the checker's verdicts, validated
- :mod:`course_lib.grading.feedback` — hidden tests out of the feedback HTML; student HTML sanitised
- :mod:`course_lib.grading.report`   — scores from the gradebook into a CSV
- :mod:`course_lib.grading.autograde` — ``python -m course_lib.grading.autograde <submissions>``
"""
