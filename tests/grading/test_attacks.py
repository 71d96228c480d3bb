"""Hostile and odd submissions (tests/grading/attacks.py) graded in the shared run (slow).

Every attack scores as its work deserves, leaves the other students' grades and feedback
alone, leaves nothing running or written outside its sandbox, and is reported; honest
students lose nothing to stderr, warnings, a dying kernel, a file name or an old format.
"""

from __future__ import annotations

import re
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest

from course_lib.grading import sandbox as sb
from course_lib.grading.kernel import STOP_GRACE
from tests.grading import attacks
from tests.grading.conftest import A1, A2, A3, ASSIGNMENTS, BAD_IDS, OUTPUT_FILES, marked_processes
from tests.grading.test_autograde import auto_cells, visible_text

pytestmark = pytest.mark.grading


def auto_total(graded, student, assignment) -> float:
    return float(graded.totals[(student, assignment)]["auto_score"])


def full(graded, student, assignment, cell) -> bool:
    return graded.score(student, assignment, cell) == graded.max_score(student, assignment, cell) > 0


def flags_of(graded, student, assignment) -> str:
    prefix = f"student {student!r}, {assignment}: "
    return "\n".join(line for line in graded.flags.splitlines() if line.startswith(prefix))


def test_in_kernel_tampering_earns_nothing_and_is_flagged(graded):
    """No-op'd checks, a replaced reference TwoLinkArm, an input transformer that drops test cells,
    a display-hook 'ok' and a rebound `checks` leave wrong work at 0 — the verdicts are the grader's."""
    cells = auto_cells(graded, "tamperer", A2)
    assert len(cells) == 8
    for cell in cells:
        assert graded.score("tamperer", A2, cell) == 0.0, cell
    flags = flags_of(graded, "tamperer", A2)
    for expected in ("uses get_ipython", "uses the display hook", "uses IPython input transformers",
                     "assigns to 'checks'", "redefines 'TwoLinkArm'"):
        assert expected in flags, expected
    # the visible tests passed inside the student's kernel and failed in the trusted checker: flagged
    assert "cell 'test_mass_matrix': REVIEW: the test passed inside the student's kernel" in flags
    assert graded.totals[("tamperer", A2)]["review"] == "see flags.txt"


def test_deleting_the_setup_metadata_leaves_blank_work_at_zero(graded):
    """A fake `checks` left in a setup cell without nbgrader metadata changes nothing."""
    assert auto_total(graded, "metadata_stripper", A1) == 0.0
    assert "assigns to 'checks'" in flags_of(graded, "metadata_stripper", A1)


def test_vandal_reaches_no_gradebook_feedback_solution_or_other_student(graded):
    """The walker found nothing of the grader (no gradebook, no solutions, no other student) and changed
    nobody's grade or feedback; its own wrong RK4 scores 0."""
    assert ("vandal", A3) in graded.totals, graded.problems
    assert graded.score("vandal", A3, "test_rk4") == 0.0
    assert graded.score("vandal", A3, "test_rk4_hidden") == 0.0
    autograded = graded.autograded("vandal", A3).read_text(encoding="utf-8")
    read = re.findall(rf"{attacks.MARK} read (\S+)", autograded)
    assert not [p for p in read if p.endswith(".db") or "solutions" in p or "feedback" in p
                or "full_marks" in p or "scores" in p], read
    for student, assignment in graded.totals:
        if student != "vandal":
            assert attacks.MARK not in (graded.output / "feedback" / student / assignment).read_text() \
                if (graded.output / "feedback" / student / assignment).is_file() else True
            page = graded.feedback(student, assignment)
            assert f"{attacks.MARK}()" not in page, student


def test_a_planted_startup_file_does_not_help_a_later_wrong_submission(graded):
    """IPython startup files written by one kernel die with its sandbox: the next wrong RK4 still fails."""
    assert graded.score("zz_after_vandal", A3, "test_rk4") == 0.0
    assert not (Path.home() / ".ipython" / "profile_default" / "startup" / f"00-{attacks.MARK}.py").exists()


def test_nothing_outlives_grading_or_is_written_outside_the_sandbox(graded):
    """Detached children (setsid, fork) died with the sandbox; no file of the attack exists on the host;
    5 s later the CSVs and reports are byte for byte what grading wrote."""
    assert graded.leftover == []
    time.sleep(max(0.0, graded.finished + 5.5 - time.monotonic()))
    assert marked_processes() == []
    for path in (Path("/tmp") / f"{attacks.MARK}-late", Path("/tmp") / f"{attacks.MARK}-fork",
                 Path("/tmp") / f"00-{attacks.MARK}.py"):
        assert not path.exists(), path
    from tests.grading.synthetic import REPO
    assert not list(REPO.rglob(f"*{attacks.MARK}*"))
    assert not list(graded.submissions.rglob(f"*{attacks.MARK}*"))
    for name in OUTPUT_FILES:
        assert (graded.output / name).read_bytes() == graded.outputs_at_end[name], name
        assert attacks.MARK.encode() not in graded.outputs_at_end[name] or name == "flags.txt"


def test_other_students_keep_their_grades(graded):
    """The students graded next to the attackers keep full marks (or their exact, expected score)."""
    for assignment in ASSIGNMENTS:
        assert auto_total(graded, "full_marks", assignment) == \
            float(graded.totals[("full_marks", assignment)]["max_auto_score"]) > 0
        assert auto_total(graded, "blank", assignment) == 0.0
    assert max(float(r["score"] or 0) for r in graded.scores.values()) <= \
        max(float(r["max_score"]) for r in graded.scores.values())


def test_leaker_cannot_print_hidden_inputs_into_its_feedback(graded):
    """Its right functions earn full marks; what it printed holds only the visible test's values:
    the hidden tests run after its last cell."""
    assert auto_total(graded, "leaker", A2) == float(graded.totals[("leaker", A2)]["max_auto_score"])
    text = visible_text(graded.feedback("leaker", A2))
    assert f"{attacks.MARK} leak" in text
    assert "'lc1': 0.5" in text                     # the course arm's parameters (visible) were recorded
    for hidden in ("'lc1': 0.9", "'l1': 1.3", "'l1': 0.7", "'g': 3.7"):
        assert hidden not in text, hidden


class _Tags(HTMLParser):
    """Every real tag of a page (escaped text such as highlighted code is not a tag)."""

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, list]] = []
        self.script_text: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, attrs))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.script_text.append(data)


def unsafe_parts(page: str) -> list[str]:
    """Scripts carrying the attack mark, iframes, event-handler attributes and javascript: URLs."""
    parser = _Tags()
    parser.feed(page)
    found = [f"script: {t[:60]}" for t in parser.script_text if attacks.MARK in t]
    for tag, attrs in parser.tags:
        if tag in ("iframe", "object", "embed"):
            found.append(tag)
        for name, value in attrs:
            if name.startswith("on") or (name in ("href", "src") and (value or "").strip().lower().startswith(
                    "javascript:")):
                found.append(f"<{tag} {name}={value!r}>")
    return found


def test_feedback_html_is_sanitised(graded):
    """No script, event handler, javascript: link or iframe of the student survives in the feedback
    (of the page's real tags; the student's code is shown as escaped text)."""
    page = graded.feedback("xss", A1)
    assert attacks.MARK in page                      # the answer and the code are shown (as text)
    assert unsafe_parts(page) == []
    assert auto_total(graded, "xss", A1) == float(graded.totals[("xss", A1)]["max_auto_score"])
    assert unsafe_parts(f'<p>x</p><img src=x onerror="{attacks.MARK}()"><script>{attacks.MARK}()</script>') == \
        [f"script: {attacks.MARK}()", f"<img onerror='{attacks.MARK}()'>"]   # the scan itself finds them


def test_ids_are_made_safe_for_spreadsheets_and_bad_ids_are_rejected(graded):
    """'=2+5' is written as text; ids with glob characters, spaces or newlines are refused by name."""
    assert "'=2+5,01_lagrange," in (graded.output / "totals.csv").read_text(encoding="utf-8")
    assert ("=2+5", A1) in graded.totals
    for bad in BAD_IDS:
        assert f"student {bad!r}, -/-: student id rejected" in graded.problems, bad
        assert not any(s == bad for s, _ in graded.totals)
    assert "contains the glob character '*'" in graded.problems
    assert "starts or ends with a space" in graded.problems
    assert "contains a newline" in graded.problems


def test_stderr_and_warnings_cost_nothing(graded):
    """A right gravity that prints to stderr and warns on every call earns every point."""
    for cell in auto_cells(graded, "noisy", A2):
        assert full(graded, "noisy", A2, cell), cell


def test_a_dying_kernel_costs_only_the_cells_it_did_not_reach(graded):
    """os._exit(0) in the cart-pole cell: every earlier test (hidden ones included) counts, the cart-pole
    tests score 0; signal.alarm(1) in the last cell: only the drift tests are lost. The report says where."""
    for cell in auto_cells(graded, "exiter", A1):
        expected_zero = cell.startswith("test_cartpole")
        assert (graded.score("exiter", A1, cell) == 0.0) == expected_zero, cell
        assert expected_zero or full(graded, "exiter", A1, cell), cell
    assert "the kernel died in cell 'cartpole' (exit status 0)" in flags_of(graded, "exiter", A1)
    for cell in auto_cells(graded, "alarmist", A3):
        expected_zero = cell.startswith("test_drift")
        assert (graded.score("alarmist", A3, cell) == 0.0) == expected_zero, cell
    assert "the kernel died in cell 'drift'" in flags_of(graded, "alarmist", A3)


def test_resource_limits_are_named_and_cost_nothing_else(graded):
    """3 GB, 300 processes and a 100 MB file each hit their limit, with the reason in the report;
    the functions were defined before, so the work still earns its points."""
    flags = flags_of(graded, "resource_hog", A2)
    assert "memory limit of 2.0 GB reached" in flags
    assert "process limit of" in flags
    assert "file size limit of" in flags
    assert auto_total(graded, "resource_hog", A2) == float(graded.totals[("resource_hog", A2)]["max_auto_score"])


def test_shortcut_through_the_course_library_scores_but_is_flagged(graded):
    """M and g from the course's TwoLinkArm are right (full marks), and the report names both cells."""
    assert full(graded, "shortcut", A2, "test_mass_matrix_hidden")
    flags = flags_of(graded, "shortcut", A2)
    assert "cell 'mass_matrix': uses TwoLinkArm, which this exercise asks you to derive yourself" in flags
    assert "cell 'gravity': uses TwoLinkArm" in flags


def test_near_miss_names_and_nbformat_3_are_graded_with_a_note(graded):
    """'arm_dynamics (1).ipynb', 'lagrange-copy.ipynb' and an nbformat 3 file are graded, and noted."""
    for student, assignment in (("near_miss", A2), ("near_copy", A1), ("old_format", A3)):
        assert auto_total(graded, student, assignment) == \
            float(graded.totals[(student, assignment)]["max_auto_score"]), student
    assert "graded 'arm_dynamics (1).ipynb' as 'arm_dynamics.ipynb'" in flags_of(graded, "near_miss", A2)
    assert "graded 'lagrange-copy.ipynb' as 'lagrange.ipynb'" in flags_of(graded, "near_copy", A1)
    assert "upgraded from nbformat 3 to 4" in flags_of(graded, "old_format", A3)


def test_problems_give_the_real_cause_in_one_line(graded):
    """A deleted grade_id is reported with nbgrader's own reason, one line per student, no traceback."""
    lines = [line for line in graded.problems.splitlines() if "'no_grade_id'" in line]
    assert len(lines) == 1
    assert "Please see the above traceback" not in graded.problems
    assert "Traceback" not in graded.problems
    assert re.search(r"grade.?id", lines[0], re.IGNORECASE), lines[0]


def test_one_or_two_jobs_give_byte_identical_results(graded, graded_one_job):
    """Grading the folder of all attacks with --jobs 1 and --jobs 2 writes the same CSVs and reports."""
    for name in OUTPUT_FILES:
        assert (graded_one_job / name).read_bytes() == graded.outputs_at_end[name], name


# --- resources, files and processes (attacks.RESOURCE_CASES, attacks.save_linked) ---

def test_links_planted_before_a_kernel_death_change_no_host_file(graded):
    """Links to a root-owned host folder and file, then os._exit(0): the grader restarts the kernel for the
    earlier hidden tests, and neither target changes owner, mode or content. The work itself still counts."""
    for path in (attacks.CANARY_DIR, attacks.CANARY_FILE):
        info = path.lstat()
        assert (info.st_uid, info.st_gid) == (0, 0), path
    assert attacks.CANARY_DIR.stat().st_mode & 0o7777 == 0o755
    assert attacks.CANARY_FILE.stat().st_mode & 0o7777 == 0o644
    assert attacks.CANARY_FILE.read_text(encoding="utf-8") == attacks.CANARY_TEXT
    assert sorted(p.name for p in attacks.CANARY_DIR.iterdir()) == [attacks.CANARY_FILE.name]
    for cell in auto_cells(graded, "link_then_exit", A1):
        assert (graded.score("link_then_exit", A1, cell) == 0.0) == cell.startswith("test_cartpole"), cell


def test_a_printing_loop_is_stopped_at_the_cell_limit(graded):
    """while True: print("x", flush=True) sends a message every moment: the cell's time limit still stops
    it, its output is capped, and the functions defined before it keep their points."""
    student, assignment = "printing_loop", "06_recursive_dynamics"
    assert auto_total(graded, student, assignment) == float(graded.totals[(student, assignment)]["max_auto_score"])
    assert "cell 'forward': ran longer than the time limit" in flags_of(graded, student, assignment)
    assert f"student {student!r}, {assignment}/recursive_dynamics.ipynb: ran out of time in cell 'forward'" \
        in graded.problems
    # 15 s of CPU time, or the wall-clock backstop on a busy machine, the grace to stop, and the other cells
    assert graded.seconds[(student, assignment)] < 15 * sb.Limits().wall_factor + STOP_GRACE + 60
    # the output is one stream per cell, capped by the grader and cut to 1000 lines by nbgrader
    assert len(graded.feedback(student, assignment)) < 3_000_000
    assert len(graded.autograded(student, assignment).read_bytes()) < 3_000_000


def test_filling_tmp_or_the_work_folder_stops_at_its_size_and_is_reported(graded):
    """96 MB written into /tmp or into the work folder stops at the configured 32 MB, with the limit named
    in the report; the work earns its points, and nothing of it is left on the host."""
    flags = flags_of(graded, "tmp_filler", A2)
    assert f"the sandbox's /tmp is full (limit {attacks.TMP_MB} MB)" in flags
    flags = flags_of(graded, "work_filler", A2)
    assert f"the work folder is full (limit {attacks.WORK_MB} MB)" in flags
    for student in ("tmp_filler", "work_filler"):
        assert auto_total(graded, student, A2) == float(graded.totals[(student, A2)]["max_auto_score"]), student
    import tempfile

    # os.walk, not rglob: another program's folder that vanishes during the walk is skipped, not an error
    import fnmatch
    import os
    left = [os.path.join(where, name) for where, dirs, files in os.walk(tempfile.gettempdir())
            for name in dirs + files if fnmatch.fnmatch(name, f"{attacks.MARK}-fill-*")]
    assert not left, left


def test_a_patch_of_the_checker_dies_with_its_submission(graded, graded_one_job):
    """A dict key that patches run_test in the checker's process: the next student, graded by the same
    worker with --jobs 1, is blank and scores 0 (every submission gets a fresh checker process)."""
    import csv

    assert auto_total(graded, "zz_after_patcher", A1) == 0.0
    with open(graded_one_job / "totals.csv", newline="", encoding="utf-8") as fh:
        totals = {(r["student"], r["assignment"]): r for r in csv.DictReader(fh)}
    assert float(totals[("zz_after_patcher", A1)]["auto_score"]) == 0.0
    assert float(totals[("blank", A1)]["auto_score"]) == 0.0


def test_linked_notebooks_and_folders_are_refused(graded):
    """A notebook that is a link to solutions/, or an assignment folder that is a link, is not graded:
    problems.txt says so, by name."""
    assert "student 'linked_notebook', 01_lagrange/lagrange.ipynb: refused: the notebook is a symbolic link" \
        in graded.problems
    assert "student 'linked_folder', 02_arm_dynamics/-: refused: the assignment folder is a symbolic link" \
        in graded.problems
    for student in ("linked_notebook", "linked_folder"):
        assert not any(s == student for s, _ in graded.totals), student


def test_ids_that_normalise_alike_are_refused(graded):
    """'josé' composed (NFC) and decomposed (NFD) read the same in a spreadsheet: both are refused, with the
    reason, and neither gets a row."""
    for student in (attacks.NFC_ID, attacks.NFD_ID):
        assert not any(s == student for s, _ in graded.totals), student
    assert (f"student {attacks.NFC_ID!r}, -/-: student id rejected: the folders {attacks.NFC_ID!r} and "
            f"{attacks.NFD_ID!r} are the same id once Unicode-normalised (NFC)") in graded.problems
