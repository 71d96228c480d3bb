"""Check submissions before nbgrader sees them: ids, file names, formats, duplicated cells, tampering.

- A **student id** (the folder name) with a glob character (``* ? [ ]``), a leading or
  trailing space, a newline or another control character is rejected with a clear message:
  nbgrader treats ids as patterns, and such ids break spreadsheets and shell scripts. Ids are
  Unicode-normalised (NFC); two folders whose names normalise alike (``josé`` typed composed and
  decomposed) read the same in a spreadsheet, so both are rejected, by name.
- A **link** is never graded: a student folder, assignment folder or notebook that is a symbolic
  link, or an assignment folder holding any link, is refused with the reason (a link could point
  at the instructor's ``solutions/`` or at any file of the grading machine).
- A notebook saved under a **near-miss name** (``arm_dynamics (1).ipynb``,
  ``arm_dynamics-copy.ipynb``, ``Copy of arm_dynamics.ipynb``) is graded under the expected
  name, with a note in the report. An **nbformat 3** notebook is upgraded to version 4.
- A learner who copies a solution or test cell (copy/paste in Jupyter keeps the cell's
  nbgrader metadata) hands in a notebook where one ``grade_id`` appears twice; each
  duplicated nbgrader ``grade_id`` and nbformat cell ``id`` is reported with the positions of
  the copies, so the instructor can fix it or ask for a resubmission.
- Tampering and shortcuts (:mod:`course_lib.grading.tamper`) are flagged for review; they
  never change a score.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import unicodedata
import warnings
from collections import defaultdict
from pathlib import Path

import nbformat

from course_lib.grading import tamper

#: characters nbgrader or a shell would read as a pattern
GLOB_CHARACTERS = "*?[]"


@dataclasses.dataclass(frozen=True)
class Problem:
    """One reason a submitted notebook cannot be graded as it is."""

    student: str
    assignment: str
    notebook: str
    message: str

    def __str__(self) -> str:
        return f"student {self.student!r}, {self.assignment}/{self.notebook}: {self.message}"


def duplicated(cells: list[dict]) -> list[str]:
    """Messages for every grade_id or cell id used by more than one cell (cells numbered from 1).

    >>> cell = {"id": "a", "metadata": {"nbgrader": {"grade_id": "mass_matrix", "solution": True}}}
    >>> duplicated([cell, dict(cell, id="b")])
    ["nbgrader cell 'mass_matrix' appears 2 times (cells 1, 2); keep only the original"]
    """
    grade_ids: dict[str, list[int]] = defaultdict(list)
    cell_ids: dict[str, list[int]] = defaultdict(list)
    for number, cell in enumerate(cells, start=1):
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if meta.get("grade_id") and (meta.get("grade") or meta.get("solution") or meta.get("locked")
                                     or meta.get("task")):
            grade_ids[meta["grade_id"]].append(number)
        if cell.get("id"):
            cell_ids[cell["id"]].append(number)
    messages = []
    for kind, table in (("nbgrader cell", grade_ids), ("cell id", cell_ids)):
        for key, where in table.items():
            if len(where) > 1:
                listed = ", ".join(map(str, where))
                messages.append(f"{kind} {key!r} appears {len(where)} times (cells {listed}); "
                                "keep only the original")
    return messages


def bad_id(name: str) -> str:
    """Why ``name`` cannot be a student id or assignment folder ('' when it can).

    >>> bad_id("ada"), bad_id("*")
    ('', "contains the glob character '*'")
    >>> bad_id(" ada")
    'starts or ends with a space'
    """
    for ch in GLOB_CHARACTERS:
        if ch in name:
            return f"contains the glob character {ch!r}"
    if name != name.strip():
        return "starts or ends with a space"
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        return "contains a newline or another control character"
    if name.startswith("."):
        return "starts with a dot"
    return ""


_NEAR_MISS = re.compile(r"^(?:copy of )?(?P<stem>.+?)(?:[ _-]*\(\d+\)|[ _-]+copy(?:[ _-]*\d+)?|[ _-]+\d+)?$",
                        re.IGNORECASE)


def near_miss(filename: str, expected: list[str]) -> str | None:
    """The expected notebook name that ``filename`` is a saved copy of, or None.

    >>> near_miss("arm_dynamics (1).ipynb", ["arm_dynamics.ipynb"])
    'arm_dynamics.ipynb'
    >>> near_miss("arm_dynamics-copy.ipynb", ["arm_dynamics.ipynb"])
    'arm_dynamics.ipynb'
    >>> near_miss("notes.ipynb", ["arm_dynamics.ipynb"]) is None
    True
    """
    match = _NEAR_MISS.match(Path(filename).stem)
    stem = match.group("stem").strip().lower() if match else ""
    for name in expected:
        if Path(name).stem.lower() == stem:
            return name
    return None


@dataclasses.dataclass
class Accepted:
    """A submitted notebook the pre-check accepted, read (and upgraded) as nbformat 4."""

    student: str
    assignment: str
    notebook: str          # the expected file name, e.g. arm_dynamics.ipynb
    nb: object             # nbformat.NotebookNode

    def write(self, folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / self.notebook
        nbformat.write(self.nb, path)
        return path


def read_notebook(path: Path) -> tuple[object, str, list]:
    """(notebook as nbformat 4, note, cells as written): an nbformat 3 file is upgraded, with a note.

    Raises:
        ValueError: the file is not a readable notebook (the reason is in the message).
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
        raw = json.loads(text)
        version = raw.get("nbformat")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")   # nbformat renames duplicated ids; duplicated() reports them
            nb = nbformat.reads(text, as_version=4)
    except Exception as err:  # noqa: BLE001 - any reason to fail is reported
        raise ValueError(f"not a readable notebook ({type(err).__name__}: {str(err)[:200]})") from None
    if not isinstance(nb.get("cells"), list):
        raise ValueError("not a readable notebook (no list of cells)")
    note = f"upgraded from nbformat {version} to 4" if version != 4 else ""
    cells = raw.get("cells") if version == 4 and isinstance(raw.get("cells"), list) else nb.cells
    return nb, note, cells


def check_notebook(path: Path, student: str, assignment: str) -> list[Problem]:
    """Problems with one submitted notebook (unreadable or duplicated ids)."""
    try:
        _, _, cells = read_notebook(path)
    except ValueError as err:
        return [Problem(student, assignment, path.name, str(err))]
    return [Problem(student, assignment, path.name, m) for m in duplicated(cells)]


def _setup_names(source_dir: Path, assignment: str) -> set[str]:
    names: set[str] = set()
    for path in sorted((source_dir / assignment).glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            meta = cell.metadata.get("nbgrader", {})
            if cell.cell_type == "code" and meta.get("locked") and not meta.get("grade"):
                names |= tamper.defined_names(cell.source)
    return names


def scan(submissions: Path, assignments: list[str], source_dir: Path | None = None
         ) -> tuple[list[Problem], dict[tuple[str, str], list[Accepted]], list[tuple[str, str, str]]]:
    """Check ``<submissions>/<student>/<assignment>/*.ipynb`` for every known assignment.

    Args:
        submissions: the folder of submissions.
        assignments: assignment ids that exist in solutions/; other folders are reported.
        source_dir: the instructor notebooks (for expected names and the setup cells' names).

    Returns:
        (problems that keep a submission from being graded, sorted; the accepted notebooks per
        (assignment, student); notes and flags for the report as (student, assignment, text)).
    """
    if source_dir is None:
        from course_lib.grading import course

        source_dir = course.source_dir(course.load_config())
    problems: list[Problem] = []
    accepted: dict[tuple[str, str], list[Accepted]] = {}
    notes: list[tuple[str, str, str]] = []
    setup = {a: _setup_names(Path(source_dir), a) for a in assignments}
    student_dirs = sorted(p for p in Path(submissions).iterdir() if p.is_dir() or p.is_symlink())
    alike: dict[str, list[str]] = defaultdict(list)
    for path in student_dirs:
        alike[unicodedata.normalize("NFC", path.name)].append(path.name)
    for student_dir in student_dirs:
        raw = student_dir.name
        student = unicodedata.normalize("NFC", raw)
        if student_dir.is_symlink():
            problems.append(Problem(raw, "-", "-", "refused: the student folder is a symbolic link; hand in "
                                    "the folder itself"))
            continue
        if len(alike[student]) > 1:
            others = " and ".join(repr(n) for n in alike[student] if n != raw)
            problems.append(Problem(raw, "-", "-", f"student id rejected: the folders {raw!r} and {others} are the "
                                    "same id once Unicode-normalised (NFC); rename one of them"))
            continue
        why = bad_id(student)
        if why:
            problems.append(Problem(raw, "-", "-", f"student id rejected: it {why}; rename the folder "
                                    "(letters, digits, '.', '_', '-' and '@' are safe)"))
            continue
        for adir in sorted(p for p in student_dir.iterdir() if p.is_dir() or p.is_symlink()):
            link = _link_in(adir)
            if link:
                problems.append(Problem(student, adir.name, link[0], f"refused: {link[1]}"))
                continue
            if adir.name not in assignments:
                problems.append(Problem(student, adir.name, "-",
                                        f"unknown assignment (known: {', '.join(assignments)})"))
                continue
            expected = sorted(p.name for p in (Path(source_dir) / adir.name).glob("*.ipynb"))
            files = sorted(adir.glob("*.ipynb"))
            if not files:
                problems.append(Problem(student, adir.name, "-", "no notebook in the folder (expected "
                                        f"{', '.join(expected)})"))
                continue
            chosen: dict[str, Path] = {}
            for nb_path in files:
                target = nb_path.name if nb_path.name in expected else near_miss(nb_path.name, expected)
                if target is None:
                    notes.append((student, adir.name, f"ignored {nb_path.name!r}: not a notebook of this "
                                  f"assignment (expected {', '.join(expected)})"))
                elif target in chosen and chosen[target].name == target:
                    notes.append((student, adir.name, f"ignored {nb_path.name!r}: {target!r} is there too"))
                else:
                    chosen[target] = nb_path
            found_here: list[Problem] = []
            items: list[Accepted] = []
            for target, nb_path in sorted(chosen.items()):
                try:
                    nb, note, cells = read_notebook(nb_path)
                except ValueError as err:
                    found_here.append(Problem(student, adir.name, nb_path.name, str(err)))
                    continue
                if nb_path.name != target:
                    notes.append((student, adir.name, f"graded {nb_path.name!r} as {target!r} (near-miss file name)"))
                if note:
                    notes.append((student, adir.name, f"{nb_path.name}: {note}"))
                dups = duplicated(cells)
                found_here += [Problem(student, adir.name, nb_path.name, m) for m in dups]
                notes += [(student, adir.name, f"{target}, {flag}")
                          for flag in tamper.notebook_flags(nb.cells, adir.name, setup.get(adir.name, set()))]
                items.append(Accepted(student, adir.name, target, nb))
            problems += found_here
            if items and not found_here:
                accepted[(adir.name, student)] = items
    return problems, accepted, notes


def _link_in(folder: Path) -> tuple[str, str] | None:
    """(file name, why) for the first symbolic link in an assignment folder (itself included), or None."""
    if folder.is_symlink():
        return "-", "the assignment folder is a symbolic link; hand in the folder itself"
    for top, dirs, files in os.walk(folder, followlinks=False):
        for name in sorted(dirs + files):
            path = Path(top) / name
            if path.is_symlink():
                what = "the notebook is" if name.endswith(".ipynb") else f"{path.relative_to(folder)} is"
                return (name if name.endswith(".ipynb") else "-",
                        f"{what} a symbolic link; hand in the file itself (links are never graded)")
    return None


def check_submissions(submissions: Path, assignments: list[str], source_dir: Path | None = None) -> list[Problem]:
    """The problems :func:`scan` finds (what keeps submissions from being graded)."""
    return scan(submissions, assignments, source_dir)[0]


def main(argv: list[str] | None = None) -> int:
    """``python -m course_lib.grading.precheck SUBMISSIONS``: list problems; exit status 1 if any."""
    import argparse
    import sys

    from course_lib.grading import course

    parser = argparse.ArgumentParser(description="Find duplicated cell ids in a folder of submissions.")
    parser.add_argument("submissions", type=Path, help="folder laid out as <student_id>/<assignment>/<notebook>.ipynb")
    args = parser.parse_args(argv)
    if not args.submissions.is_dir():
        parser.error(f"submissions folder {args.submissions} does not exist")
    problems = check_submissions(args.submissions, course.assignments(course.load_config()))
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{len(problems)} problem(s) found")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
