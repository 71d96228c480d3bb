"""One setting names the repository ([tool.course] repository); every badge and install URL agrees with it,
and tools/badges.py rewrites them all from it."""

from __future__ import annotations

import importlib.util
import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("badges", ROOT / "tools" / "badges.py")
badges = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(badges)


def test_every_badge_and_install_url_names_the_setting():
    repo = badges.repository()
    for path in badges.files():
        names = badges.named(path.read_text(encoding="utf-8"))
        assert names and set(names) == {repo}, f"{path.name}: {sorted(set(names))}, setting {repo!r}"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    # every Binder and Colab link in the README is one the patterns see (none escapes the rewrite)
    links = re.findall(r"https://(?:mybinder\.org/v2/gh|colab\.research\.google\.com/github)/", readme)
    assert len(badges.named(readme)) == len(links) == 27
    assert badges.main(["--check"]) == 0


def test_the_command_rewrites_every_badge_from_a_changed_setting(tmp_path):
    for name in ("README.md", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks")
    toml = tmp_path / "pyproject.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        f'repository = "{badges.repository()}"', 'repository = "a-fork/its-course"'), encoding="utf-8")
    assert badges.main(["--check"], root=tmp_path) == 1          # the fork's badges disagree until rewritten
    assert badges.main([], root=tmp_path) == 0
    assert badges.main(["--check"], root=tmp_path) == 0
    for path in badges.files(tmp_path):
        assert set(badges.named(path.read_text(encoding="utf-8"))) == {"a-fork/its-course"}, path.name
    notebook = (tmp_path / "notebooks" / "02_pendulum.ipynb").read_text(encoding="utf-8")
    assert 'git+https://github.com/a-fork/its-course\\"' in notebook
