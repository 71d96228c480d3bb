"""Regenerate ``exercises/`` from ``solutions/`` with nbgrader.

Usage: ``python -m course_lib.grading.release [--output DIR]``.

nbgrader's ``generate_assignment`` runs in a temporary course directory; the student
notebooks it writes are normalised (outputs and execution counts already cleared by
nbgrader, JSON written in nbformat's canonical form) and copied to ``exercises/``
(or ``--output``), replacing what was there. Running it twice gives byte-identical files.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

import nbformat

from course_lib.grading import course


def normalise(path: Path) -> None:
    """Rewrite a notebook in canonical form: no outputs, no execution counts, sorted keys."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    text = nbformat.writes(nb) + "\n"
    path.write_bytes(text.encode("utf-8"))


def generate(output: Path, repo_root: Path = course.REPO_ROOT) -> list[Path]:
    """Generate every assignment's student notebooks into ``output`` (replacing it).

    Args:
        output: destination directory, e.g. the repository's ``exercises/``.
        repo_root: checkout holding ``nbgrader_config.py`` and ``solutions/``.

    Returns:
        The notebooks written, sorted.
    """
    output = Path(output)
    with tempfile.TemporaryDirectory(prefix="nbgrader-release-") as tmp:
        config = course.make_course(Path(tmp), repo_root)
        nbg = course.api(config)
        for assignment in course.assignments(config, repo_root):
            course.run(nbg.generate_assignment(assignment), f"generate_assignment {assignment}")
        built = Path(tmp) / config.CourseDirectory.release_directory
        for nb in built.rglob("*.ipynb"):
            normalise(nb)
        if output.exists():
            shutil.rmtree(output)
        shutil.copytree(built, output)
    return sorted(output.rglob("*.ipynb"))


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    config = course.load_config()
    parser.add_argument("--output", type=Path, default=course.release_dir(config),
                        help="where to write the student notebooks (default: exercises/)")
    args = parser.parse_args(argv)
    written = generate(args.output)
    for path in written:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
