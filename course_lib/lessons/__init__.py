"""One package per lesson notebook: its lab, its quiz, its texts (English and Chinese) and its thresholds.

A lesson's package holds only what its notebook shows: ``lab.py`` (the lab and its "Try this"
tasks, each threshold next to its check), ``quiz.py`` (the quiz), ``messages.py`` (the message
tables, en + zh) and, where a lab needs them, ``tasks.py`` or ``view.py``. The physics it shows
comes from :mod:`course_lib.physics`, the controls and the picture from the kit,
:mod:`course_lib.lab`, and the quiz engine from :mod:`course_lib.quiz`. Lessons never import
each other; the review (lesson 12) reaches the other lessons' questions through :data:`LESSONS`.

Each lesson's quiz speaks English and Chinese the same way (a new quiz follows it):

- a module-level :class:`~course_lib.i18n.MessageTable` named ``"<topic>_quiz"`` holds every
  prompt, option, per-option feedback, explanation and ``mistakes=`` hint, with the same keys
  and the same ``{fields}`` in both languages (tests check both);
- the builder is decorated with :func:`~course_lib.quiz.quiz_builder` and reads its texts at
  build time, ``t("acc_prompt", m=p.m)``; every number is passed in as a field, computed by
  course_lib, never written into a sentence;
- so a quiz on screen redraws itself after :func:`course_lib.set_language`, rebuilt by its
  builder with the same arguments, keeping what the learner typed and their tries.

Imports are lazy: ``import course_lib.lessons`` loads no lesson, and
``from course_lib.lessons.pendulum import pendulum_quiz`` loads only that lesson's quiz.

>>> from course_lib.lessons.pendulum import pendulum_quiz
>>> len(pendulum_quiz())
5
>>> [lesson.notebook for lesson in LESSONS][:2]
['00_start_here.ipynb', '01_action_principle.ipynb']
>>> [a.number for a in ASSIGNMENTS if 3 in a.lessons]
[2, 3]
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any, Callable


@dataclasses.dataclass(frozen=True)
class Lesson:
    """One lesson: its number, its package under ``course_lib.lessons``, its notebook and what it exports.

    Attributes:
        number: the lesson's number (its notebook starts with it, two digits).
        topic: the package's name, ``course_lib.lessons.<topic>``.
        notebook: the notebook's file name in ``notebooks/``.
        exports: each name the notebook imports from the package → the module that defines it.
    """

    number: int
    topic: str
    notebook: str
    exports: dict[str, str]

    @property
    def package(self) -> str:
        """The dotted name of the lesson's package."""
        return f"{__name__}.{self.topic}"


#: every lesson, in course order
LESSONS: tuple[Lesson, ...] = (
    Lesson(0, "start_here", "00_start_here.ipynb", {"ArmPreviewLab": "lab", "say": "printout"}),
    Lesson(1, "action", "01_action_principle.ipynb", {
        "ActionLab": "lab", "action_quiz": "quiz", "say": "printout", "label": "printout"}),
    Lesson(2, "pendulum", "02_pendulum.ipynb", {
        "PendulumLab": "lab", "pendulum_quiz": "quiz", "pendulum_acceleration_expr": "quiz",
        "say": "printout", "label": "printout"}),
    Lesson(3, "two_link", "03_two_link_arm.ipynb", {
        "ArmSimLab": "lab", "COLORS": "lab", "two_link_quiz": "quiz", "wall_slide": "contact", "say": "printout",
        "label": "printout", "method_name": "printout"}),
    Lesson(4, "cart_pole", "04_cart_pole.ipynb", {
        "CartPoleLab": "lab", "FORCE_TASK": "lab", "BAND_DEG": "lab", "BALANCE_DWELL": "lab",
        "cart_pole_quiz": "quiz", "reachable_slope_expr": "quiz", "say": "printout", "label": "printout"}),
    Lesson(5, "mass_matrix", "05_mass_matrix.ipynb", {
        "MassMatrixLab": "lab", "mass_matrix_quiz": "quiz", "say": "printout"}),
    Lesson(6, "coriolis", "06_coriolis_christoffel.ipynb", {
        "ChristoffelLab": "lab", "coriolis_quiz": "quiz", "say": "printout", "label": "printout"}),
    Lesson(7, "operational_space", "07_operational_space_inertia.ipynb", {
        "OperationalSpaceLab": "lab", "say": "printout", "operational_quiz": "quiz"}),
    Lesson(8, "computed_torque", "08_computed_torque.ipynb", {
        "ComputedTorqueLab": "lab", "ToolPathLab": "tool_path_lab", "say": "printout",
        "computed_torque_quiz": "quiz"}),
    Lesson(9, "identification", "09_identification.ipynb", {
        "IdentificationLab": "lab", "percent": "lab", "significant": "lab", "say": "printout",
        "identification_quiz": "quiz", "label": "printout", "STRESS_SAMPLES": "stress", "STRESS_SIGMA": "stress"}),
    Lesson(10, "recursive_dynamics", "10_recursive_dynamics.ipynb", {
        "RneaLab": "lab", "say": "printout", "recursive_dynamics_quiz": "quiz", "label": "printout"}),
    Lesson(11, "motors", "11_motors_friction.ipynb", {
        "MotorLab": "lab", "KAPPA_MAX": "lab", "BREAKAWAY_TOLERANCE": "lab", "say": "printout",
        "motors_quiz": "quiz", "label": "printout"}),
    Lesson(12, "review", "12_review.ipynb", {"review_quiz": "quiz", "say": "printout"}),
)

@dataclasses.dataclass(frozen=True)
class Assignment:
    """One graded assignment: its number, its notebook and the lessons it practises.

    Attributes:
        number: the assignment's number (its folder starts with it, two digits).
        notebook: the released notebook, relative to the repository (``exercises/…``).
        lessons: the numbers of the lessons it practises; a lesson's "Practise it" links exactly these.
    """

    number: int
    notebook: str
    lessons: tuple[int, ...]


#: every assignment, in course order: the one place that says which lessons each practises
ASSIGNMENTS: tuple[Assignment, ...] = (
    Assignment(1, "exercises/01_lagrange/lagrange.ipynb", (1, 2, 4)),
    Assignment(2, "exercises/02_arm_dynamics/arm_dynamics.ipynb", (3, 5, 6, 7)),
    Assignment(3, "exercises/03_energy_integrators/energy_integrators.ipynb", (3,)),
    Assignment(4, "exercises/04_computed_torque/computed_torque.ipynb", (8,)),
    Assignment(5, "exercises/05_identification/identification.ipynb", (9,)),
    Assignment(6, "exercises/06_recursive_dynamics/recursive_dynamics.ipynb", (10,)),
    Assignment(7, "exercises/07_motors_friction/motors_friction.ipynb", (11,)),
)

#: each exported name that only one lesson exports → the module that defines it (a name that several lessons
#: export, such as each lesson's ``say``, is reached through its own lesson's package only)
_SHARED = {name for name in {n for each in LESSONS for n in each.exports}
           if sum(name in each.exports for each in LESSONS) > 1}
_WHERE = {name: f"{lesson.package}.{module}" for lesson in LESSONS for name, module in lesson.exports.items()
          if name not in _SHARED}

__all__ = ["ASSIGNMENTS", "Assignment", "LESSONS", "Lesson", "lesson", *sorted(_WHERE)]


def lesson(key: int | str) -> Lesson:
    """The lesson with this number or topic.

    Args:
        key: a lesson number (0–12) or a topic (``"mass_matrix"``).

    Returns:
        The :class:`Lesson`.

    >>> lesson(5).topic, lesson("coriolis").number
    ('mass_matrix', 6)
    """
    for each in LESSONS:
        if key in (each.number, each.topic):
            return each
    raise ValueError(f"no lesson {key!r}: a lesson is a number 0–{len(LESSONS) - 1} "
                     f"or one of {', '.join(each.topic for each in LESSONS)}")


def lazy_exports(package: str) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for a lesson's package: its exports, each loaded on first use.

    Args:
        package: the package's ``__name__`` (``"course_lib.lessons.pendulum"``).

    Returns:
        The two module-level functions the package assigns.
    """
    exports = lesson(package.rsplit(".", 1)[1]).exports

    def __getattr__(name: str) -> Any:
        if name in exports:
            return getattr(importlib.import_module(f"{package}.{exports[name]}"), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted(exports)

    return __getattr__, __dir__


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
