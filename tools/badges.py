"""Rewrite every Binder and Colab badge (and the Colab install cell) from ``[tool.course] repository``.

The repository is named once, in pyproject.toml; this command writes it into README.md and every
notebook of notebooks/. ``--check`` changes nothing and lists what disagrees (exit status 1).

Usage: ``python tools/badges.py [--check]`` (or ``make badges``).
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the three places a repository is named: a Binder link, a Colab link, the install cell's pip URL
PATTERNS = (re.compile(r"(https://mybinder\.org/v2/gh/)([\w.-]+/[\w.-]+)(/)"),
            re.compile(r"(https://colab\.research\.google\.com/github/)([\w.-]+/[\w.-]+)(/)"),
            re.compile(r"(git\+https://github\.com/)([\w.-]+/[\w.-]+?)(\\?\"|\.git|@|$)", re.M))


def repository(root: Path = ROOT) -> str:
    """The ``owner/name`` of ``[tool.course] repository`` in pyproject.toml (ValueError if malformed)."""
    name = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["course"]["repository"]
    if not re.fullmatch(r"[\w.-]+/[\w.-]+", name):
        raise ValueError(f"[tool.course] repository must be 'owner/name', got {name!r}")
    return name


def files(root: Path = ROOT) -> list[Path]:
    """README.md and the lesson notebooks: every file that carries a badge or the install cell."""
    return [root / "README.md", *sorted((root / "notebooks").glob("*.ipynb"))]


def named(text: str) -> list[str]:
    """Every repository ``text`` names in a badge or an install URL, in order."""
    return [m.group(2) for pattern in PATTERNS for m in pattern.finditer(text)]


def rewrite(text: str, repo: str) -> str:
    """``text`` with every badge and install URL naming ``repo``."""
    for pattern in PATTERNS:
        text = pattern.sub(lambda m: m.group(1) + repo + m.group(3), text)
    return text


def main(argv: list[str], root: Path = ROOT) -> int:
    """Rewrite (or, with ``--check``, only compare) every file; returns the exit status."""
    repo, wrong = repository(root), []
    for path in files(root):
        text = path.read_text(encoding="utf-8")
        if any(name != repo for name in named(text)):
            wrong.append(path.relative_to(root))
            if "--check" not in argv:
                path.write_text(rewrite(text, repo), encoding="utf-8")
    if "--check" in argv and wrong:
        print(f"badges that do not name {repo}: {', '.join(map(str, wrong))}; run python tools/badges.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
