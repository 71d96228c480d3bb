"""Copy the lessons and exercises into the learner's own folder (``my_work/``), never overwriting.

``make lab`` and Binder's ``postBuild`` run this before JupyterLab starts, and
JupyterLab then serves that folder: a learner's answers and outputs are saved
there, never into the repository's ``notebooks/`` or ``exercises/`` (which
stay exactly as released). The Chinese lessons, ``notebooks/zh/``, are copied
with the English ones. Files the learner already has are left alone;
files that are new in the course (a new lesson after ``git pull``) are added.
To start a notebook afresh, delete or rename your copy and run it again.

Usage: ``python tools/make_workspace.py [folder]`` (default ``my_work``).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: the repository folders a learner works in, copied under the same names
FOLDERS = ("notebooks", "exercises")


def make_workspace(work: Path, repo: Path = REPO) -> list[Path]:
    """Copy every file of :data:`FOLDERS` that ``work`` does not have yet.

    Args:
        work: the learner's folder (created if needed).
        repo: the course repository.

    Returns:
        The files copied (empty when the workspace was complete).
    """
    copied = []
    for folder in FOLDERS:
        for src in sorted((repo / folder).rglob("*")):
            rel = src.relative_to(repo / folder)
            if src.is_dir() or any(part.startswith(".") for part in rel.parts):
                continue
            dst = work / folder / rel
            if dst.exists():
                continue
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
            copied.append(dst)
    return copied


def main(argv: list[str]) -> int:
    work = Path(argv[1] if len(argv) > 1 else "my_work").resolve()
    copied = make_workspace(work)
    where = work if not work.is_relative_to(Path.cwd()) else work.relative_to(Path.cwd())
    if copied:
        print(f"Copied {len(copied)} notebooks and files into {where}/ (your own work there is never overwritten); "
              f"the lessons in Chinese are in {where}/notebooks/zh/ (中文课文).")
    else:
        print(f"Your work is in {where}/ (nothing new to copy).")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
