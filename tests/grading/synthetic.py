"""Synthetic submissions built from solutions/ and exercises/, one per robustness case.

Each builder returns a student notebook (an nbformat node) made the way a learner
would: the released exercise with some solution cells filled in, or edited, deleted,
copied cells.
"""

from __future__ import annotations

import copy
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parents[2]
SOLUTIONS = REPO / "solutions"
EXERCISES = REPO / "exercises"


def notebook_paths(root: Path) -> dict[str, Path]:
    """{assignment: notebook path} for the one notebook of each assignment under ``root``."""
    return {p.parent.name: p for p in sorted(root.glob("*/*.ipynb"))}


#: every assignment on disk (a folder of solutions/ with its notebook), in order: the grading tests and
#: `make bench-grading` cover each one, including assignments added later, without a list to update
ASSIGNMENTS = tuple(notebook_paths(SOLUTIONS))


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def grade_id(cell) -> str | None:
    return cell.metadata.get("nbgrader", {}).get("grade_id")


def cell_by_id(nb, gid: str):
    """The cell with nbgrader grade_id ``gid``."""
    for cell in nb.cells:
        if grade_id(cell) == gid:
            return cell
    raise KeyError(gid)


def solved(assignment: str, overrides: dict[str, str] | None = None) -> nbformat.NotebookNode:
    """The exercise with every solution cell filled in from solutions/, then ``overrides`` applied."""
    exercise = read(notebook_paths(EXERCISES)[assignment])
    solution = read(notebook_paths(SOLUTIONS)[assignment])
    for cell in exercise.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("solution"):
            cell.source = cell_by_id(solution, meta["grade_id"]).source
    for gid, source in (overrides or {}).items():
        cell_by_id(exercise, gid).source = source
    return exercise


def untouched(assignment: str) -> nbformat.NotebookNode:
    """The released exercise as it is."""
    return read(notebook_paths(EXERCISES)[assignment])


def with_deleted(nb, *gids: str):
    """The notebook without the cells whose grade_id is in ``gids``."""
    nb = copy.deepcopy(nb)
    nb.cells = [c for c in nb.cells if grade_id(c) not in gids]
    return nb


def with_duplicate(nb, gid: str):
    """The notebook with the cell ``gid`` pasted again right after itself (new cell id, same metadata)."""
    nb = copy.deepcopy(nb)
    index = next(i for i, c in enumerate(nb.cells) if grade_id(c) == gid)
    twin = copy.deepcopy(nb.cells[index])
    twin["id"] = twin["id"] + "-copy"
    nb.cells.insert(index + 1, twin)
    return nb


def save(nb, submissions: Path, student: str, assignment: str) -> Path:
    """Write ``nb`` as <submissions>/<student>/<assignment>/<notebook>.ipynb."""
    name = notebook_paths(EXERCISES)[assignment].name
    path = submissions / student / assignment / name
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


#: a partly wrong answer (cell id -> source) per assignment, for the synthetic classes of the benchmarks;
#: an assignment without one hands in a solved copy instead
WRONG_ANSWERS = {
    "01_lagrange": {"energies": "T = m * l * theta_dot**2\nV = m * g * l * sp.cos(theta)\nL = T - V\nL"},
    "02_arm_dynamics": {"mass_matrix": "def mass_matrix(q, p):\n    return np.eye(2)\n"},
}


def class_member(assignment: str, k: int) -> nbformat.NotebookNode:
    """Student ``k`` of a synthetic class: solved, partly wrong (:data:`WRONG_ANSWERS`) and blank, in turn."""
    kind = k % 3
    if kind == 0:
        return solved(assignment)
    if kind == 1:
        return solved(assignment, WRONG_ANSWERS.get(assignment, {}))
    return untouched(assignment)
