"""The old import paths, kept for one release: each loads the module at its new path and warns.

Learners' copies of the notebooks (``my_work/``) were written against the flat layout, for
example ``from course_lib.widgets.pendulum_lab import PendulumLab``. Such an import still works;
it returns the module at its new path and raises a :class:`DeprecationWarning` that names it.
Nothing in the course itself imports an old path (a test checks that).

>>> new_path("course_lib.widgets.pendulum_lab")
'course_lib.lessons.pendulum.lab'
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
import warnings

#: an old module or package → its new path; an old package's submodules follow it
MOVED: dict[str, str] = {
    "course_lib.sim": "course_lib.physics.simulate",
    "course_lib.live": "course_lib.physics.simulate.live",
    "course_lib.models": "course_lib.physics.models",
    "course_lib.chains": "course_lib.physics.chains",
    "course_lib.symbolic": "course_lib.physics.symbolic",
    "course_lib._checks": "course_lib.physics._checks",
    **{f"course_lib.{name}": f"course_lib.physics.{name}" for name in (
        "action", "pendulum_bvp", "cart_pole_balance", "christoffel", "control", "error_dynamics",
        "identification", "inverse_kinematics", "joint_tracking", "newton_torques", "operational_space",
        "quadratic_forms", "task_space_control", "tool_paths", "tool_tracking")},
    "course_lib.messages": "course_lib.i18n",
    "course_lib.quiz_input": "course_lib.i18n",
    "course_lib.error_display": "course_lib.grading.error_display",
    "course_lib.quiz_messages": "course_lib.quiz.messages",
    "course_lib.quiz_score": "course_lib.quiz.score",
    "course_lib.quiz_symbolic": "course_lib.quiz.symbolic",
    "course_lib.quiz_widget": "course_lib.quiz.view",
    "course_lib.quiz_worker": "course_lib.quiz.worker",
    "course_lib.widgets": "course_lib.lessons",
    "course_lib.quizzes": "course_lib.lessons",
    "course_lib.quizzes.prose": "course_lib.quiz.prose",
    "course_lib.widgets.scene": "course_lib.lab.scene",
    "course_lib.widgets.dot_font": "course_lib.ui.dot_font",
    "course_lib.widgets.glyph_style": "course_lib.ui.glyph_style",
    "course_lib.widgets.lab": "course_lib.lab.base",
    **{f"course_lib.widgets.{name}": f"course_lib.lab.{name}" for name in (
        "simlab", "controls", "tasks", "numbers", "messages", "relabel", "release", "typed_numbers")},
    "course_lib.widgets.arm_drag": "course_lib.lab.arm2r",
    "course_lib.widgets.arm_pose": "course_lib.lab.arm2r",
    **{f"course_lib.widgets.{old}": f"course_lib.lessons.{new}" for old, new in {
        "arm_preview": "start_here.lab", "arm_preview_messages": "start_here.messages",
        "action_lab": "action.lab", "action_lab_messages": "action.messages",
        "pendulum_lab": "pendulum.lab", "pendulum_messages": "pendulum.messages",
        "arm_sim_lab": "two_link.lab", "arm_sim_messages": "two_link.messages", "arm_sim_tasks": "two_link.tasks",
        "cart_pole_lab": "cart_pole.lab", "cart_pole_messages": "cart_pole.messages",
        "mass_matrix_lab": "mass_matrix.lab", "mass_matrix_messages": "mass_matrix.messages",
        "mass_matrix_view": "mass_matrix.view",
        "christoffel_lab": "coriolis.lab", "christoffel_messages": "coriolis.messages",
        "operational_space_lab": "operational_space.lab", "operational_space_messages": "operational_space.messages",
        "computed_torque_lab": "computed_torque.lab", "computed_torque_messages": "computed_torque.messages",
        "tool_path_lab": "computed_torque.tool_path_lab", "tool_path_messages": "computed_torque.tool_path_messages",
        "identification_lab": "identification.lab", "identification_messages": "identification.messages",
        "rnea_lab": "recursive_dynamics.lab", "rnea_messages": "recursive_dynamics.messages",
        "motor_lab": "motors.lab", "motor_messages": "motors.messages"}.items()},
    **{f"course_lib.quizzes.{old}": f"course_lib.lessons.{new}.quiz" for old, new in {
        "action": "action", "pendulum": "pendulum", "two_link": "two_link", "cart_pole": "cart_pole",
        "mass_matrix": "mass_matrix", "coriolis": "coriolis", "operational_space": "operational_space",
        "computed_torque": "computed_torque", "identification": "identification",
        "recursive": "recursive_dynamics", "motors": "motors", "review": "review"}.items()},
    "course_lib.quizzes.review_messages": "course_lib.lessons.review.messages",
}


def new_path(old: str) -> str | None:
    """The new dotted path of an old module, or None when ``old`` is not an old path.

    Args:
        old: a dotted module name.

    Returns:
        The new name (an old package's submodule follows its package), or None.

    >>> new_path("course_lib.models.two_link"), new_path("course_lib.physics")
    ('course_lib.physics.models.two_link', None)
    """
    if old in MOVED:
        return MOVED[old]
    head, _, tail = old.rpartition(".")
    while head:
        if head in MOVED:
            return f"{MOVED[head]}.{old[len(head) + 1:]}"
        head, _, tail = head.rpartition(".")
    return None


def _internal(filename: str) -> bool:
    """True for the frames :func:`warnings.warn` skips when it counts ``stacklevel``: the import bootstrap's."""
    return "importlib" in filename and "_bootstrap" in filename


def _caller_level() -> int:
    """The ``stacklevel`` that attributes the warning to the code that imported the old path.

    It counts the frames :func:`warnings.warn` counts (it skips the import bootstrap's own) from the loader's
    ``create_module`` up to the first frame outside this module and ``importlib``.
    """
    frame, level = sys._getframe(2), 1
    while frame is not None and (_internal(frame.f_code.co_filename) or frame.f_code.co_filename == __file__
                                 or frame.f_code.co_filename == importlib.__file__):
        frame = frame.f_back
        if frame is not None and not _internal(frame.f_code.co_filename):
            level += 1
    return level


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old path and loads it as the module at its new path."""

    def find_spec(self, fullname: str, path: object = None, target: object = None):
        new = new_path(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        new = new_path(spec.name)
        warnings.warn(f"{spec.name} has moved to {new}: import it from there "
                      f"(the old path goes in the next release)", DeprecationWarning, stacklevel=_caller_level())
        return importlib.import_module(new)

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the module was loaded at its new path."""


def install() -> None:
    """Put the finder of old paths first on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, _Alias) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Alias())
