"""The old import paths keep working for learners' copies, and nothing in the course uses them.

Every old path in :data:`course_lib._moved.MOVED` loads the module at its new path and raises a
:class:`DeprecationWarning` that names the new path, attributed to the code that imported it: in a
notebook that is the cell (``__main__``), which is the one module IPython shows DeprecationWarnings for.
"""

from __future__ import annotations

import ast
import importlib
import json
import re
import sys
import warnings
from pathlib import Path

import pytest

from course_lib._moved import MOVED, new_path

ROOT = Path(__file__).resolve().parents[1]
#: where the course's own code, notebooks and documents live
FOLDERS = ("course_lib", "tests", "benchmarks", "tools", "notebooks", "solutions", "exercises", "docs")
#: the files allowed to spell old paths: the table itself and the tests of it
ALLOWED = {ROOT / "course_lib" / "_moved.py", Path(__file__).resolve()}


def import_in_cell(old: str) -> tuple[object, list[warnings.WarningMessage]]:
    """Run ``import <old>`` as a notebook cell does, with IPython's warning filter; return the module and warnings.

    The old name is dropped from ``sys.modules`` first so that the alias runs again; the module at the new
    path stays loaded.
    """
    for name in [name for name in sys.modules if name == old or name.startswith(old + ".")]:
        del sys.modules[name]
    cell = {"__name__": "__main__"}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("ignore")
        warnings.filterwarnings("default", category=DeprecationWarning, module="__main__")  # as IPython does
        exec(compile(f"import {old}\nmodule = sys.modules[{old!r}]", "<cell>", "exec"), {**cell, "sys": sys}, cell)
    return cell["module"], caught


@pytest.mark.parametrize("old", sorted(MOVED))
def test_old_path_loads_the_new_module_and_warns_in_the_cell(old):
    """``import <old>`` in a cell gives the module at its new path and one warning naming it, shown for the cell."""
    module, caught = import_in_cell(old)
    assert module is importlib.import_module(MOVED[old])
    mine = [w for w in caught if issubclass(w.category, DeprecationWarning) and old in str(w.message)]
    assert len(mine) == 1, [str(w.message) for w in caught]
    assert MOVED[old] in str(mine[0].message)
    assert mine[0].filename == "<cell>", f"the warning is attributed to {mine[0].filename}, not to the cell"


def test_an_old_submodule_follows_its_package():
    """An old package's submodule not listed in MOVED still loads at the new package's path."""
    module, caught = import_in_cell("course_lib.models.two_link")
    assert module is importlib.import_module("course_lib.physics.models.two_link")
    assert any("course_lib.physics.models.two_link" in str(w.message) for w in caught)


def imported_modules(text: str, suffix: str) -> list[tuple[int, str]]:
    """(line, module) of every absolute import in a Python file, a notebook's code cells or a document (``.md``)."""
    if suffix == ".md":
        return [(number, match.group(1)) for number, line in enumerate(text.splitlines(), 1)
                for match in re.finditer(r"(?:from|import)\s+(course_lib[\w.]*)", line)]
    if suffix == ".ipynb":
        cells = json.loads(text)["cells"]
        sources = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
        sources = ["\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())
                   for source in sources]
    else:
        sources = [text]
    found = []
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                found += [(node.lineno, alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.append((node.lineno, node.module))
                found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def old_imports(paths: list[Path]) -> list[str]:
    """Each import of an old path in these files, as ``file:line: old → new``."""
    return [f"{path.relative_to(ROOT)}:{line}: {module} → {new_path(module)}"
            for path in paths if path not in ALLOWED
            for line, module in imported_modules(path.read_text(encoding="utf-8"), path.suffix) if new_path(module) is not None]


def test_nothing_in_the_course_imports_an_old_path():
    """The course's code, tests, notebooks, solutions, exercises and documents use the new paths only."""
    paths = sorted(path for folder in FOLDERS if (ROOT / folder).exists()
                   for suffix in ("py", "ipynb", "md") for path in (ROOT / folder).rglob(f"*.{suffix}")
                   if ".ipynb_checkpoints" not in path.parts)
    assert len(paths) > 100
    assert old_imports(paths) == []


def test_the_scan_finds_old_imports_in_code_and_documents():
    """``from old import x``, ``import old`` and an old path in a document's code are each reported."""
    code = "from course_lib.widgets.pendulum_lab import PendulumLab\nimport course_lib.sim\nimport course_lib.physics\n"
    assert [(line, new_path(module)) for line, module in imported_modules(code, ".py") if new_path(module)] == [
        (1, "course_lib.lessons.pendulum.lab"), (1, "course_lib.lessons.pendulum.lab.PendulumLab"),
        (2, "course_lib.physics.simulate")]
    document = "Write `from course_lib.quizzes.pendulum import pendulum_quiz` in a cell."
    assert [new_path(module) for _, module in imported_modules(document, ".md")] == ["course_lib.lessons.pendulum.quiz"]
