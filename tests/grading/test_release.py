"""exercises/ is exactly what nbgrader makes from solutions/, and gives nothing away."""

from __future__ import annotations

import json
import re

import pytest

from course_lib.grading import course, release
from tests.grading import synthetic as syn

MARKERS = ["BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS",
           "BEGIN MARK SCHEME", "END MARK SCHEME"]


def regions(source: str) -> tuple[list[str], list[str]]:
    """(lines inside BEGIN/END regions, lines outside them) of one cell's source."""
    inside, outside, depth = [], [], False
    for line in source.split("\n"):
        if "### BEGIN" in line:
            depth = True
        elif "### END" in line:
            depth = False
        else:
            (inside if depth else outside).append(line.strip())
    return inside, outside


def secret_lines(solution_nb) -> set[str]:
    """Substantial lines of solution/hidden regions and model answers that occur nowhere else."""
    secret, public = set(), []
    for cell in solution_nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if cell.cell_type == "markdown" and meta.get("solution"):
            secret.update(line.strip() for line in cell.source.split("\n"))
            continue
        inside, outside = regions(cell.source)
        secret.update(inside)
        public.extend(outside)
    public_text = "\n".join(public)
    return {line for line in secret if len(line) >= 12 and line not in public_text}


@pytest.fixture(scope="module", params=sorted(syn.notebook_paths(syn.EXERCISES)))
def pair(request):
    """(assignment, exercise notebook, its raw text, solution notebook)."""
    path = syn.notebook_paths(syn.EXERCISES)[request.param]
    return request.param, syn.read(path), path.read_text(encoding="utf-8"), \
        syn.read(syn.notebook_paths(syn.SOLUTIONS)[request.param])


def test_every_solution_has_an_exercise():
    """Each assignment in solutions/ was released, and nothing else was."""
    assert sorted(syn.notebook_paths(syn.SOLUTIONS)) == sorted(syn.notebook_paths(syn.EXERCISES))
    assert len(syn.notebook_paths(syn.SOLUTIONS)) >= 6  # 01 to 06 at least


def test_exercises_contain_no_markers(pair):
    """No BEGIN/END SOLUTION, HIDDEN TESTS or MARK SCHEME marker is left in a student notebook."""
    _, _, text, _ = pair
    for marker in MARKERS:
        assert marker not in text


def test_exercises_contain_no_solution_code_hidden_tests_or_model_answers(pair):
    """No line of a solution region, hidden test or model answer reaches exercises/."""
    _, exercise, text, solution = pair
    secrets = secret_lines(solution)
    assert len(secrets) > 10
    exercise_lines = {line.strip() for cell in exercise.cells for line in cell.source.split("\n")}
    assert not secrets & exercise_lines
    assert not [s for s in secrets if json.dumps(s)[1:-1] in text]


def test_exercises_have_no_outputs(pair):
    """Student notebooks carry no outputs or execution counts (and so no computed answers)."""
    _, exercise, _, _ = pair
    for cell in exercise.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None


def test_solutions_have_no_outputs(pair):
    """Instructor notebooks are committed clean too."""
    _, _, _, solution = pair
    for cell in solution.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None


def test_every_graded_cell_has_points_and_tests_are_locked(pair):
    """Points on every graded cell; test cells are read-only in the student's notebook."""
    _, exercise, _, _ = pair
    graded = [c for c in exercise.cells if c.metadata.get("nbgrader", {}).get("grade")]
    assert len(graded) >= 7
    for cell in graded:
        meta = cell.metadata["nbgrader"]
        assert meta["points"] > 0, meta["grade_id"]
        if not meta.get("solution"):
            assert meta["locked"] and cell.metadata.get("editable") is False, meta["grade_id"]
    manual = [c for c in graded if c.metadata["nbgrader"].get("solution")]
    assert len(manual) == 1 and manual[0].source == course.load_config().ClearSolutions.text_stub


def test_the_placeholders_a_learner_replaces_speak_english_and_chinese(pair):
    """Every solution region became the configured stub, and each stub says what to do in English and in Chinese."""
    _, exercise, _, solution = pair
    stubs = course.load_config().ClearSolutions
    code_stub, text_stub = stubs.code_stub["python"], stubs.text_stub
    for stub in (code_stub, text_stub):
        assert re.search(r"YOUR \w+ HERE", stub) and re.search(r"[\u4e00-\u9fff]{4,}", stub), stub
    regions_to_fill = sum(c.source.count("### BEGIN SOLUTION") for c in solution.cells if c.cell_type == "code")
    first_line = code_stub.split("\n")[0]        # a region inside a function gets the stub indented
    filled_in = sum(c.source.count(first_line) for c in exercise.cells if c.cell_type == "code")
    assert regions_to_fill > 0 and filled_in == regions_to_fill


@pytest.mark.grading
def test_regenerating_exercises_reproduces_the_committed_bytes(tmp_path):
    """`make exercises` on an unchanged solutions/ gives byte-identical files: exercises/ has not drifted."""
    fresh = tmp_path / "exercises"
    release.generate(fresh)
    committed = {p.relative_to(syn.EXERCISES): p.read_bytes() for p in syn.EXERCISES.rglob("*") if p.is_file()}
    regenerated = {p.relative_to(fresh): p.read_bytes() for p in fresh.rglob("*") if p.is_file()}
    assert sorted(regenerated) == sorted(committed), "files differ: run `make exercises`"
    for name, data in regenerated.items():
        assert data == committed[name], f"{name} is out of date: run `make exercises` and commit"
