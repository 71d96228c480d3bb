"""Each notebook imports course_lib through three faces only: ``course_lib``, ``course_lib.physics…`` and its own lesson.

A notebook's code cells may import ``course_lib`` (the names in its ``__all__``), any module under
``course_lib.physics``, and the package of its own lesson, ``course_lib.lessons.<topic>``, taking only
the names that lesson exports (:data:`course_lib.lessons.LESSONS`). Outside course_lib they may import
numpy, scipy, sympy, matplotlib and IPython.display, and the Colab install cell's sys, subprocess and
google.colab. Nothing else: no kit module, no quiz engine, no other lesson.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import course_lib
from course_lib.lessons import LESSONS, Lesson

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

#: the outside packages a notebook may import (a dotted name allows its submodules)
OUTSIDE = ("numpy", "scipy", "sympy", "matplotlib", "IPython.display", "sys", "subprocess", "google.colab")


def code_cells(notebook: Path) -> list[str]:
    """The sources of the notebook's code cells."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def imports(source: str) -> list[tuple[int, str, list[str]]]:
    """Every import in a cell: (line, module, names); ``import a.b`` gives ("a.b", []).

    IPython magics and shell lines (``%``, ``!``) are blanked first so that ``ast`` parses the cell.
    """
    python = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())
    found = []
    for node in ast.walk(ast.parse(python)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, "." * node.level + (node.module or ""), [a.name for a in node.names]))
    return found


def within(module: str, package: str) -> bool:
    """True when ``module`` is ``package`` or one of its submodules."""
    return module == package or module.startswith(package + ".")


def violations(notebook: str, cells: list[str], lesson: Lesson) -> list[str]:
    """What a notebook imports against the rule, one sentence each (empty when it keeps the rule)."""
    wrong = []
    for number, source in enumerate(cells):
        for line, module, names in imports(source):
            where = f"{notebook}, code cell {number}, line {line}: {module}"
            if module == "course_lib":
                wrong += [f"{where} has no public name {name!r} (course_lib.__all__)"
                          for name in names if name not in course_lib.__all__]
            elif within(module, "course_lib.physics"):
                continue
            elif module == lesson.package:
                wrong += [f"{where}: {name!r} is not one of the lesson's exports in LESSONS"
                          for name in names if name not in lesson.exports]
            elif within(module, "course_lib"):
                wrong.append(f"{where} is not allowed: import from course_lib, course_lib.physics… "
                             f"or the lesson's own package {lesson.package}")
            elif not any(within(module, allowed) for allowed in OUTSIDE):
                wrong.append(f"{where} is not allowed outside course_lib: only {', '.join(OUTSIDE)}")
    return wrong


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.notebook)
def test_notebook_imports_only_course_lib_physics_and_its_own_lesson(lesson):
    """No notebook reaches into the kit, the quiz engine, another lesson or a lesson's private module."""
    notebook = NOTEBOOKS / lesson.notebook
    assert notebook.exists(), f"LESSONS names {lesson.notebook}, which is not in notebooks/"
    assert violations(lesson.notebook, code_cells(notebook), lesson) == []


def test_every_notebook_is_a_lesson():
    """The rule reads each notebook's topic from LESSONS, so every notebook must be listed there."""
    assert sorted(path.name for path in NOTEBOOKS.glob("*.ipynb")) == sorted(lesson.notebook for lesson in LESSONS)


def test_the_rule_catches_each_kind_of_wrong_import():
    """A kit module, the quiz engine, another lesson, a lesson's submodule, an unexported name and os all fail."""
    lesson = LESSONS[9]
    cells = ["from course_lib.quiz.symbolic import latex\nimport os",
             "from course_lib.lessons.identification.lab import IdentificationLab",
             "from course_lib.lessons.motors import MotorLab\nfrom course_lib.lab.base import Lab",
             f"from {lesson.package} import not_exported\nfrom course_lib import nothing_public"]
    found = violations("demo.ipynb", cells, lesson)
    assert len(found) == 7, found
    good = ["import numpy as np\nfrom course_lib import TwoLinkArm\nfrom course_lib.physics import identification",
            f"from {lesson.package} import IdentificationLab\n%matplotlib inline\nimport matplotlib.pyplot as plt"]
    assert violations("demo.ipynb", good, lesson) == []


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.topic)
def test_every_export_of_a_lesson_loads_and_no_submodule_hides_one(lesson):
    """Each exported name is reached through the package, even after its modules are imported.

    A name equal to one of the package's submodules would become that module once it is imported.
    """
    import importlib

    package = importlib.import_module(lesson.package)
    for module in set(lesson.exports.values()):
        importlib.import_module(f"{lesson.package}.{module}")
    hidden = {name for name in lesson.exports if type(getattr(package, name)).__name__ == "module"}
    assert hidden == set(), f"{sorted(hidden)} of {lesson.package} are submodules, not the exported names"


def test_a_name_several_lessons_export_is_reached_only_through_each_lessons_own_package():
    """``course_lib.lessons.say`` would be one lesson's ``say`` for all: it is not offered; each lesson's is its own."""
    import importlib

    import course_lib.lessons as lessons

    shared = {name for each in lessons.LESSONS for name in each.exports
              if sum(name in other.exports for other in lessons.LESSONS) > 1}
    assert "say" in shared
    for name in shared:
        assert name not in lessons.__all__
        with pytest.raises(AttributeError):
            getattr(lessons, name)
    says = {each.topic: getattr(importlib.import_module(each.package), "say")
            for each in lessons.LESSONS if "say" in each.exports}
    assert len({id(say.__self__) for say in says.values()}) == len(says), "two lessons share one table's say"
