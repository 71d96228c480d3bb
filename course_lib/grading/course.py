"""A temporary nbgrader course directory built from the repository.

nbgrader keeps its state (gradebook.db, autograded/, feedback/) inside the course
directory. The course's tools never use the repository for that: they copy
``solutions/`` into a temporary directory, load the repository's
``nbgrader_config.py`` and point ``CourseDirectory.root`` and the gradebook there.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from traitlets.config import Config, PyFileConfigLoader

#: repository root: the directory holding nbgrader_config.py
REPO_ROOT = Path(__file__).resolve().parents[2]
CONFIG_FILE = "nbgrader_config.py"


def load_config(repo_root: Path = REPO_ROOT) -> Config:
    """Read the repository's nbgrader_config.py into a traitlets Config.

    Args:
        repo_root: directory containing ``nbgrader_config.py``.

    Returns:
        The configuration, unchanged.
    """
    path = Path(repo_root) / CONFIG_FILE
    if not path.is_file():
        raise ValueError(f"no {CONFIG_FILE} in {repo_root}; run from a checkout of the course")
    return PyFileConfigLoader(CONFIG_FILE, path=str(repo_root)).load_config()


def source_dir(config: Config, repo_root: Path = REPO_ROOT) -> Path:
    """The instructor notebooks' directory in the repository (``solutions/``)."""
    return Path(repo_root) / config.CourseDirectory.source_directory


def release_dir(config: Config, repo_root: Path = REPO_ROOT) -> Path:
    """The student notebooks' directory in the repository (``exercises/``)."""
    return Path(repo_root) / config.CourseDirectory.release_directory


def assignments(config: Config, repo_root: Path = REPO_ROOT) -> list[str]:
    """Assignment ids: the sub-directories of ``solutions/`` that hold notebooks, sorted."""
    src = source_dir(config, repo_root)
    return sorted(p.name for p in src.iterdir() if p.is_dir() and any(p.glob("*.ipynb")))


def make_course(workdir: Path, repo_root: Path = REPO_ROOT, timeout: int | None = None) -> Config:
    """Lay out a course directory in ``workdir`` and return the config that points at it.

    The instructor notebooks are copied (not linked) so nothing nbgrader does can touch
    the repository.

    Args:
        workdir: an empty, writable directory (e.g. a ``tempfile.TemporaryDirectory``).
        repo_root: the checkout to read ``nbgrader_config.py`` and ``solutions/`` from.
        timeout: per-cell execution timeout in seconds; ``None`` keeps the configured one.

    Returns:
        The configuration with ``CourseDirectory.root`` and ``db_url`` inside ``workdir``.
    """
    workdir = Path(workdir).resolve()
    config = load_config(repo_root)
    src = source_dir(config, repo_root)
    ignore = shutil.ignore_patterns(*config.CourseDirectory.ignore)
    shutil.copytree(src, workdir / config.CourseDirectory.source_directory, ignore=ignore)
    config.CourseDirectory.root = str(workdir)
    config.CourseDirectory.db_url = f"sqlite:///{workdir / 'gradebook.db'}"
    if timeout is not None:
        if timeout <= 0:
            raise ValueError(f"timeout must be a positive number of seconds, got {timeout}")
        config.Execute.timeout = int(timeout)
    return config


def api(config: Config):
    """An :class:`nbgrader.apps.NbGraderAPI` for the course directory of ``config``."""
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory

    # nbgrader runs the `alembic` script to set up the gradebook; when Python is started as
    # .venv/bin/python without activating the venv, that script is not on PATH.
    if shutil.which("alembic") is None:
        os.environ["PATH"] = str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", "")

    coursedir = CourseDirectory(config=config)
    return NbGraderAPI(coursedir=coursedir, config=config)


def run(result: dict, what: str) -> None:
    """Raise RuntimeError with nbgrader's log when an NbGraderAPI call failed."""
    if not result.get("success"):
        detail = "\n".join(filter(None, [result.get("log"), result.get("error")])) or "(no log)"
        raise RuntimeError(f"nbgrader {what} failed:\n{detail}")
