"""A class on a real JupyterHub: release, fetch, submit, collect, autograde, feedback, between real accounts.

One instructor and three students, each a unix account of their own, each with their own server
started by the hub. One student also logs in through the hub in Chromium. The students hand in a
full solution, a wrong answer and a hostile notebook from tests/grading/attacks.py (fake `checks` and a walk over the file system that
rewrites every gradebook, feedback page and CSV it can reach).

Each step runs where it runs in class: the instructor's steps in their Formgrader (its REST API, on
their own server, as their own account), the students' in their Assignment List; the test talks to
both through the hub's proxy with an admin service token.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest

from classroom import kit
from tests.grading import attacks
from tests.grading import synthetic as syn
from tests.grading.test_autograde import hidden_lines, visible_text

pytestmark = [pytest.mark.classroom, pytest.mark.timeout(900)]

A1 = "01_lagrange"
NOTEBOOK = "lagrange"
COURSE = "manipulator-dynamics"

#: wrong physics everywhere: T without the ½ and l², V with the wrong sign; the holding torque uses cos
WRONG = {
    "energies": "T = m * l * theta_dot**2\nV = m * g * l * sp.cos(theta)\nL = T - V\nL",
    "holding": "def holding_torque(theta_value, m_value, l_value, g_value=9.81):\n"
               "    return m_value * g_value * l_value * np.cos(theta_value)\n",
}


def submission(kind: str) -> nbformat.NotebookNode:
    """The notebook each student hands in."""
    if kind == "full":
        return syn.solved(A1)
    if kind == "wrong":
        nb = syn.solved(A1, WRONG)
        syn.cell_by_id(nb, "cartpole").source = syn.cell_by_id(syn.untouched(A1), "cartpole").source
        return nb
    nb = attacks.metadata_stripper()[A1]
    cell = syn.cell_by_id(nb, "energies")
    cell.source = attacks.VANDAL + "\n" + cell.source
    return nb


def as_user(user: str, *argv: str):
    """Run ``argv`` as ``user`` (their own unix account, nothing of the test's environment)."""
    return kit.run_as(user, list(argv), {"PATH": "/usr/bin:/bin"})


def home(user: str) -> Path:
    return Path(pwd.getpwnam(user).pw_dir)


def call(klass, user: str, method: str, path: str, body: dict | None = None):
    return klass.hub.call(user, method, path, body)


def _hand_in(klass, kind: str, user: str) -> None:
    """A student fetches the assignment from their Assignment List, does the work, submits."""
    query = f"?course_id={COURSE}&assignment_id={A1}"
    call(klass, user, "POST", "/assignments/fetch" + query)
    target = home(user) / A1 / f"{NOTEBOOK}.ipynb"
    assert target.is_file(), f"fetching did not put {target} in place"
    nb = submission(kind)
    nb.cells[0].source = f"# handed in by {user}\n" + nb.cells[0].source
    nbformat.write(nb, target)
    entry = pwd.getpwnam(user)
    os.chown(target, entry.pw_uid, entry.pw_gid)
    call(klass, user, "POST", "/assignments/submit" + query)


@pytest.fixture(scope="module")
def graded(klass):
    """The whole term, each step done by its user through their own server, as their JupyterLab does it:
    the instructor in the Formgrader, the students in their Assignment List."""
    start = time.perf_counter()
    instructor, students = klass.instructor, klass.students
    klass.hub.start_servers([instructor, *students.values()])
    klass.notes["servers_s"] = time.perf_counter() - start
    for user in students.values():
        call(klass, instructor, "PUT", f"/formgrader/api/student/{user}",
             {"first_name": user, "last_name": "Student", "email": None})
    call(klass, instructor, "POST", f"/formgrader/api/assignment/{A1}/assign")
    call(klass, instructor, "POST", f"/formgrader/api/assignment/{A1}/release")
    with ThreadPoolExecutor(3) as pool:
        list(pool.map(lambda kv: _hand_in(klass, *kv), students.items()))
    call(klass, instructor, "POST", f"/formgrader/api/assignment/{A1}/collect")
    t0 = time.perf_counter()
    for user in students.values():
        call(klass, instructor, "POST", f"/formgrader/api/submission/{A1}/{user}/autograde")
    klass.notes["autograde_s"] = time.perf_counter() - t0
    call(klass, instructor, "POST", f"/formgrader/api/assignment/{A1}/generate_feedback")
    call(klass, instructor, "POST", f"/formgrader/api/assignment/{A1}/release_feedback")
    query = f"?course_id={COURSE}&assignment_id={A1}"
    with ThreadPoolExecutor(3) as pool:
        list(pool.map(lambda u: call(klass, u, "POST", "/assignments/fetch_feedback" + query), students.values()))
    klass.notes["term_s"] = time.perf_counter() - start
    print(f"classroom: servers up in {klass.notes['servers_s']:.1f} s, term in {klass.notes['term_s']:.1f} s, "
          f"autograde of 3 in {klass.notes['autograde_s']:.1f} s")
    return klass


def code_scores(klass) -> dict[str, tuple[float, float]]:
    """(automatic score, its maximum) per test role, read from the instructor's gradebook."""
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{klass.course / 'gradebook.db'}") as gb:
        return {kind: (gb.find_submission(A1, user).code_score, gb.find_submission(A1, user).max_code_score)
                for kind, user in klass.students.items()}


def feedback_pages(user: str) -> list[Path]:
    return sorted((home(user) / A1 / "feedback").glob(f"*/{NOTEBOOK}.html"))


def test_the_full_solution_earns_every_automatic_point_and_the_wrong_answer_none(graded):
    scores = code_scores(graded)
    full, maximum = scores["full"]
    assert maximum > 0 and full == maximum, scores
    assert scores["wrong"][0] == 0, scores


def test_the_hostile_notebook_earns_nothing_for_blank_work_behind_fake_checks(graded):
    """Its fake `checks` pass every visible test in its own kernel; the trusted grader gives 0."""
    score, maximum = code_scores(graded)["hostile"]
    assert maximum > 0 and score == 0


def test_each_student_gets_back_exactly_their_own_feedback(graded):
    for user in graded.students.values():
        pages = feedback_pages(user)
        assert len(pages) == 1, f"{user} fetched {pages}"
        text = visible_text(pages[0].read_text())
        assert f"handed in by {user}" in text
        others = [u for u in graded.students.values() if u != user and f"handed in by {u}" in text]
        assert not others, f"{user}'s feedback shows the work of {others}"


def test_the_hostile_notebook_found_nothing_of_the_instructor_from_inside_its_sandbox(graded):
    """It printed every file it could open while it was autograded (its feedback shows them)."""
    hostile = visible_text(feedback_pages(graded.students["hostile"])[0].read_text())
    assert f"{attacks.MARK} read" in hostile
    assert graded.instructor not in hostile and str(graded.course) not in hostile


def test_no_feedback_page_shows_a_hidden_test(graded):
    lines = hidden_lines()
    assert lines, "solutions/ has no hidden tests to look for"
    exchange_pages = list((graded.exchange / COURSE / "feedback").glob("*.html"))
    assert len(exchange_pages) == len(graded.students)
    for page in exchange_pages + [p for u in graded.students.values() for p in feedback_pages(u)]:
        text = visible_text(page.read_text())
        leaked = [line for line in lines if line in text]
        assert not leaked, f"{page} shows hidden test lines: {leaked[:3]}"


def test_a_student_cannot_read_another_students_work_or_feedback(graded):
    full, wrong = graded.students["full"], graded.students["wrong"]
    inbound = graded.exchange / COURSE / "inbound"
    own = as_user(wrong, "cat", str(home(wrong) / A1 / f"{NOTEBOOK}.ipynb"))
    assert own.returncode == 0, "the check itself is broken: a student cannot read their own notebook"
    attempts = {
        "the other's notebook": ["cat", str(home(full) / A1 / f"{NOTEBOOK}.ipynb")],
        "the other's feedback": ["cat", str(feedback_pages(full)[0])],
        "the other's home": ["ls", str(home(full))],
        "the list of submissions": ["ls", str(inbound)],
        "the list of feedback pages": ["ls", str(graded.exchange / COURSE / "feedback")],
    }
    for what, argv in attempts.items():
        result = as_user(wrong, *argv)
        assert result.returncode != 0 and "Permission denied" in result.stderr, f"{wrong} can read {what}"


def test_students_cannot_read_the_instructors_course(graded):
    course = graded.course
    targets = [course / "solutions" / A1 / f"{NOTEBOOK}.ipynb", course / "gradebook.db",
               course / "submitted" / graded.students["full"] / A1 / f"{NOTEBOOK}.ipynb"]
    for target in targets:
        assert target.is_file(), f"{target} is missing: the instructor's course is not where the test looks"
        for user in graded.students.values():
            result = as_user(user, "cat", str(target))
            assert result.returncode != 0 and "Permission denied" in result.stderr, f"{user} can read {target}"


def test_the_hub_gives_the_instructor_the_formgrader_and_the_students_their_assignment_list(graded):
    klass = graded
    student = klass.students["wrong"]
    assert klass.hub.api("GET", f"/user/{klass.instructor}/formgrader/")[0] == 200
    assert klass.hub.api("GET", f"/user/{student}/formgrader/")[0] == 404
    status, body = klass.hub.api("GET", f"/user/{student}/assignments?course_id={COURSE}")
    assert status == 200, body
    listed = json.loads(body)
    assert listed["success"], listed
    assert {(a["assignment_id"], a["status"]) for a in listed["value"]} >= {(A1, "fetched")}, listed


LAB_CELL = "from course_lib.lessons.pendulum.lab import PendulumLab\nPendulumLab()"


@pytest.mark.usefixtures("graded")
def test_a_student_logs_in_opens_the_assignment_and_sees_the_lab_render(klass, classroom_browser):
    """In Chromium, through the hub's login page, in the student's own JupyterLab."""
    user = klass.students["wrong"]
    path = home(user) / A1 / f"{NOTEBOOK}.ipynb"
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(LAB_CELL))
    nbformat.write(nb, path)
    page = classroom_browser.new_page()
    try:
        page.goto(klass.url + "/hub/login", timeout=60_000)
        page.fill("input[name=username]", user)
        page.fill("input[name=password]", klass.password)
        page.click("input[type=submit], button[type=submit]")
        page.wait_for_url(re.compile(rf"/user/{user}/lab"), timeout=120_000)
        page.goto(f"{klass.url}/user/{user}/lab/tree/{A1}/{NOTEBOOK}.ipynb", timeout=60_000)
        cells = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell")
        cells.nth(len(nb.cells) - 1).wait_for(timeout=60_000)
        assert cells.count() == len(nb.cells)
        assert "Lagrange" in page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)").inner_text()
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status=idle]"
                     ).wait_for(timeout=60_000)
        cells.last.click()
        page.keyboard.press("Escape")
        page.keyboard.press("Shift+Enter")
        canvas = page.locator(".jp-OutputArea .cl-scene canvas").first
        canvas.wait_for(timeout=60_000)
        inked = page.wait_for_function(
            """(c) => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                        let n = 0; for (let i = 4; i < d.length; i += 4) if (d[i] !== d[0]) n++;
                        return n > 100 ? n : false; }""", arg=canvas.element_handle(), timeout=30_000).json_value()
        assert inked > 100
        errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()
        assert not [e for e in errors if "Traceback" in e or "Error" in e], errors
    finally:
        page.close()
