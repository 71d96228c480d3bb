"""The README's tables, the start-here course map and the files on disk list the same lessons and
assignments; every lesson opens and closes the same way, and the first code cell installs the course
only on Colab.

Lesson 08 and assignment 04 are listed in the README and the course map before their files arrive from
their own branches: until then the agreement tests name them as missing on disk.
"""

from __future__ import annotations

import json
import pathlib
import re
import tomllib

import pytest

from course_lib.lessons import ASSIGNMENTS

ROOT = pathlib.Path(__file__).resolve().parents[1]
REPOSITORY = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["course"]["repository"]
BINDER = f"https://mybinder.org/v2/gh/{REPOSITORY}/HEAD?urlpath=lab/tree/my_work/notebooks/{{}}"
COLAB = f"https://colab.research.google.com/github/{REPOSITORY}/blob/main/notebooks/{{}}"


def lessons_on_disk() -> set[str]:
    return {p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")}


def assignments_on_disk() -> set[str]:
    return {p.parent.name for p in (ROOT / "exercises").glob("[0-9][0-9]_*/*.ipynb")}


def section(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end, text.index(start))]


def readme_lessons() -> dict[str, str]:
    """{notebook file: its table row} from the README's lesson table."""
    table = section((ROOT / "README.md").read_text(), "## What is in the course", "## Graded exercises")
    return {m.group(1): line for line in table.splitlines()
            for m in [re.search(r"\]\(notebooks/(\d\d_\w+\.ipynb)\)", line)] if m and line.startswith("|")}


def readme_assignments() -> set[str]:
    table = section((ROOT / "README.md").read_text(), "| assignment | topic |", "\n\n")
    return set(re.findall(r"\]\(exercises/(\d\d_\w+)/\w+\.ipynb\)", table))


def cells(name: str) -> list[dict]:
    return json.loads((ROOT / "notebooks" / name).read_text())["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def course_map() -> str:
    (text,) = [source(c) for c in cells("00_start_here.ipynb") if source(c).startswith("## The course map")]
    return text


def test_readme_lesson_table_lists_the_lesson_notebooks_on_disk():
    assert set(readme_lessons()) == lessons_on_disk(), (
        f"only in README: {sorted(set(readme_lessons()) - lessons_on_disk())}; "
        f"only on disk: {sorted(lessons_on_disk() - set(readme_lessons()))}")


def test_readme_assignment_table_lists_the_exercises_on_disk():
    assert readme_assignments() == assignments_on_disk(), (
        f"only in README: {sorted(readme_assignments() - assignments_on_disk())}; "
        f"only on disk: {sorted(assignments_on_disk() - readme_assignments())}")


def test_course_map_in_start_here_lists_the_same_lessons_and_assignments_as_the_readme():
    text = course_map()
    assert set(re.findall(r"\]\((\d\d_\w+\.ipynb)\)", text)) == set(readme_lessons())
    assert set(re.findall(r"\]\(\.\./exercises/(\d\d_\w+)/\w+\.ipynb\)", text)) == readme_assignments()


def test_every_readme_lesson_row_opens_that_notebook_on_binder_and_colab():
    for name, row in readme_lessons().items():
        assert BINDER.format(name) + ")" in row, f"{name}: no Binder link opening it"
        assert COLAB.format(name) + ")" in row, f"{name}: no Colab link opening it"


LESSONS = sorted(lessons_on_disk())


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_opens_with_goals_and_prerequisites(name):
    first = source(cells(name)[0])
    assert first.startswith("# "), f"{name}: the first cell is not the title"
    assert re.search(r"Learning goals|You will be able to|After this lesson you can|After this review you can",
                     first), f"{name}: no learning goals in the first cell"
    assert "**Prerequisites.**" in first, f"{name}: no prerequisites in the first cell"
    for target in re.findall(r"\]\((\d\d_\w+\.ipynb)\)", first):
        assert target < name, f"{name}: prerequisite {target} is not an earlier lesson"


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_closes_with_what_you_can_do_its_assignments_and_the_next_lesson(name):
    last = source(cells(name)[-1])
    assert last.startswith("## What you can now do"), f"{name}: the last cell is not 'What you can now do'"
    assignments = re.findall(r"\]\(\.\./exercises/(\d\d_\w+)/\w+\.ipynb\)", last)
    number = int(name[:2])
    declared = {a.notebook.split("/")[1] for a in ASSIGNMENTS if number in a.lessons or number == 12}  # the review: all
    assert set(assignments) == declared, f"{name}: links {assignments}, the assignments declaring it are {declared}"
    assert set(assignments) <= set(readme_assignments()), f"{name}: links to unlisted assignments {assignments}"
    following = [n for n in readme_lessons() if int(n[:2]) == number + 1]
    if following:
        assert f"]({following[0]})" in last, f"{name}: no link to the next lesson {following[0]}"
    assert not re.search(r"`[^`]*\.ipynb`", last), f"{name}: a backticked file name instead of a link"


@pytest.mark.parametrize("name", LESSONS)
def test_first_code_cell_installs_the_course_only_on_colab(name):
    code = [source(c) for c in cells(name) if c["cell_type"] == "code"][0]
    lines = code.splitlines()
    assert lines[:2] == ["import sys", lines[1]] and 'if "google.colab" in sys.modules:' in lines[1], code
    assert all(line.startswith("    ") for line in lines[2:]), f"{name}: the install runs outside Colab too"
    assert any("pip" in line and "install" in line for line in lines[2:]), f"{name}: the Colab cell installs nothing"
