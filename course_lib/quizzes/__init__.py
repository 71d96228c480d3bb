"""The lessons' quizzes, one module a lesson, each question defined once.

The lesson notebook shows its quiz, the tests check it, and the review quiz
(lesson 12) draws on the same questions. Every expected value is computed by
course_lib from the lesson's model, never typed in.

- lesson 1: ``action_quiz`` (:mod:`course_lib.quizzes.action`)
- lesson 2: ``pendulum_quiz`` (:mod:`course_lib.quizzes.pendulum`)
- lesson 3: ``two_link_quiz`` (:mod:`course_lib.quizzes.two_link`)
- lesson 4: ``cart_pole_quiz`` (:mod:`course_lib.quizzes.cart_pole`)
- lesson 5: ``mass_matrix_quiz`` (:mod:`course_lib.quizzes.mass_matrix`)
- lesson 6: ``coriolis_quiz`` (:mod:`course_lib.quizzes.coriolis`)
- lesson 7: ``operational_quiz`` (:mod:`course_lib.quizzes.operational_space`)
- lesson 8: ``computed_torque_quiz`` (:mod:`course_lib.quizzes.computed_torque`)
- lesson 9: ``identification_quiz`` (:mod:`course_lib.quizzes.identification`)
- lesson 10: ``recursive_dynamics_quiz`` (:mod:`course_lib.quizzes.recursive`)
- lesson 11: ``motors_quiz`` (:mod:`course_lib.quizzes.motors`)

Imports are lazy: ``from course_lib.quizzes import pendulum_quiz`` loads only
that lesson's module.

>>> from course_lib.quizzes import pendulum_quiz
>>> len(pendulum_quiz())
5
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "action_quiz": "course_lib.quizzes.action",
    "pendulum_quiz": "course_lib.quizzes.pendulum",
    "pendulum_acceleration_expr": "course_lib.quizzes.pendulum",
    "two_link_quiz": "course_lib.quizzes.two_link",
    "cart_pole_quiz": "course_lib.quizzes.cart_pole",
    "reachable_slope_expr": "course_lib.quizzes.cart_pole",
    "mass_matrix_quiz": "course_lib.quizzes.mass_matrix",
    "coriolis_quiz": "course_lib.quizzes.coriolis",
    "operational_quiz": "course_lib.quizzes.operational_space",
    "identification_quiz": "course_lib.quizzes.identification",
    "recursive_dynamics_quiz": "course_lib.quizzes.recursive",
    "motors_quiz": "course_lib.quizzes.motors",
    "computed_torque_quiz": "course_lib.quizzes.computed_torque",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'course_lib.quizzes' has no attribute {name!r}")
