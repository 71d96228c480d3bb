"""A learner's work never dirties the repository: it lives in my_work/, locally and on Binder."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from make_workspace import make_workspace  # noqa: E402


def test_first_use_copies_every_lesson_and_exercise(tmp_path):
    """my_work/ gets notebooks/ and exercises/ file for file, byte-identical."""
    work = tmp_path / "my_work"
    copied = make_workspace(work)
    expected = sorted(p.relative_to(ROOT) for d in ("notebooks", "exercises") for p in (ROOT / d).rglob("*.ipynb")
                      if ".ipynb_checkpoints" not in p.parts)
    got = sorted(p.relative_to(work) for p in copied if p.suffix == ".ipynb")
    assert got == expected and expected
    assert any(rel.parts[:2] == ("notebooks", "zh") for rel in expected), "the Chinese lessons must be copied too"
    for rel in expected:
        assert (work / rel).read_bytes() == (ROOT / rel).read_bytes()


def test_a_learners_file_is_never_overwritten_and_new_course_files_are_added(tmp_path):
    """Running again keeps the learner's edits; a notebook missing from my_work/ is copied in again."""
    work = tmp_path / "my_work"
    make_workspace(work)
    mine = work / "exercises" / "01_lagrange" / "lagrange.ipynb"
    mine.write_text("my answers")
    (work / "notebooks" / "02_pendulum.ipynb").unlink()
    again = make_workspace(work)
    assert mine.read_text() == "my answers"
    assert again == [work / "notebooks" / "02_pendulum.ipynb"]


def test_my_work_is_git_ignored_and_the_readme_sends_learners_there():
    """`git check-ignore` ignores my_work/; the README tells learners to work there."""
    if shutil.which("git") and (ROOT / ".git").exists():
        r = subprocess.run(["git", "check-ignore", "-q", "my_work/exercises/x.ipynb"], cwd=ROOT)
        assert r.returncode == 0, "my_work/ must be git-ignored"
    readme = (ROOT / "README.md").read_text()
    assert "Work in `my_work/`" in readme and "never overwrites" in readme


def test_binder_makes_the_same_copy_at_start_and_opens_it(tmp_path):
    """postBuild (at the root, beside environment.yml) builds my_work/; the badge opens the copy."""
    post = ROOT / "postBuild"
    assert post.stat().st_mode & 0o111, "postBuild must be executable"
    assert not (ROOT / "binder").exists(), "a binder/ folder would make repo2docker ignore environment.yml"
    clone = tmp_path / "clone"
    for d in ("notebooks", "exercises", "tools"):
        shutil.copytree(ROOT / d, clone / d)
    shutil.copy2(post, clone / "postBuild")
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin"}
    subprocess.run(["bash", "postBuild"], cwd=clone, env=env, check=True, capture_output=True)
    assert (clone / "my_work" / "notebooks" / "00_start_here.ipynb").is_file()
    assert (clone / "my_work" / "exercises" / "01_lagrange" / "lagrange.ipynb").is_file()
    assert (clone / "my_work" / "notebooks" / "zh" / "00_start_here.ipynb").is_file()
    assert "urlpath=lab/tree/my_work/notebooks/00_start_here.ipynb" in (ROOT / "README.md").read_text()
    assert "urlpath=lab/tree/my_work/notebooks/zh/00_start_here.ipynb" in (ROOT / "README.zh.md").read_text()
