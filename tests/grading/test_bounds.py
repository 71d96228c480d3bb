"""Bounds a class survives, one at a time: the cell's and the submission's wall clock, a checker that
crashes or answers nonsense, links in a work folder, and the grader's temporary folders.

The kernel and checker tests start a real ipykernel in a real bubblewrap sandbox (marked `grading`);
the others are fast. The cases themselves are in tests/grading/attacks.py (resources section).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from course_lib.grading import folders, isolation, sandbox as sb, uids
from course_lib.grading.kernel import STOP_GRACE, SandboxKernel
from tests.grading import attacks
from tests.grading import synthetic as syn

needs_bwrap = pytest.mark.skipif(sb.bwrap_path() is None and not os.environ.get("CI"),
                                 reason="bubblewrap is not installed (make sandbox-deps)")


def _job(*sources: str, timeout: float = 3) -> dict:
    cells = [{"index": i, "source": s, "test": False, "grade_id": None, "name": f"c{i}"} for i, s in enumerate(sources)]
    return {"cells": cells, "tests": {}, "setup": "", "points": {}, "timeout": timeout, "unsafe": False}


@pytest.mark.grading
@needs_bwrap
def test_a_printing_loop_stops_at_the_cell_limit(tmp_path):
    """A message every moment no longer hides the deadline: the cell stops within its limit, output capped."""
    tmp_path.chmod(0o711)
    k = SandboxKernel(tmp_path / "w", syn.REPO, sb.Limits(output_bytes=5_000))
    k.start()
    try:
        start = time.monotonic()
        result = k.execute('while True:\n    print("x", flush=True)', 3)
        # 3 s of CPU time, or the wall-clock backstop on a busy machine, then the grace to stop
        assert time.monotonic() - start < 3 * sb.Limits().wall_factor + STOP_GRACE
        assert result.timed_out and result.truncated
        assert sum(len(str(o)) for o in result.outputs) < 20_000
        assert k.execute("1 + 1", 5).value == "2"
    finally:
        k.stop()


@pytest.mark.grading
@needs_bwrap
def test_a_submission_past_its_wall_clock_is_stopped_and_named():
    """Cells that each stay within the cell limit but together pass the submission's: stopped, 'ran out of time'."""
    start = time.monotonic()
    with pytest.raises(isolation.CheckerFailed, match="ran out of time.*limit of 8 s"):
        isolation.run(_job(*["import time\ntime.sleep(2.5)"] * 8), sb.Limits(submission_seconds=8), syn.REPO)
    assert time.monotonic() - start < 8 + 5


@pytest.mark.grading
@needs_bwrap
def test_the_checker_is_unprivileged_and_sees_no_host_tmp():
    """As root, the checker runs as its worker's own unprivileged uid, in its own namespaces: the host's /tmp (gradebooks, other students)
    is not there; its folders are sized tmpfs."""
    if os.geteuid() != 0:
        pytest.skip("the checker drops privileges only when the grader is root")
    marker = Path(tempfile.gettempdir()) / f"host-only-{os.getpid()}"
    marker.write_text("x")
    try:
        code = ("import os, json\nprint(json.dumps([os.getuid(), os.path.exists({m!r}), os.getcwd()]))"
                .format(m=str(marker)))
        cmd, where = isolation.command(sb.Limits(), syn.REPO)
        cmd[-1] = cmd[-1].replace("-m course_lib.grading.checker", "-c " + __import__("shlex").quote(code))
        out = subprocess.run(cmd, env=isolation.environment(where["home"]), capture_output=True, text=True, timeout=60)
        uid = uids.sandbox_uid()
        assert uids.FIRST_UID <= uid < uids.FIRST_UID + uids.SLOTS
        # A checkout or Python under /tmp cannot be hidden with the rest of /tmp: then the host's /tmp stays and the
        # checker's folders sit in a private folder of their own (docs/instructors.md); the student's kernel, in
        # its bwrap sandbox, sees neither.
        hides = not any(path.is_relative_to("/tmp") for path in sb.readonly_paths(syn.REPO))
        seen = "false" if hides else "true"
        assert out.stdout.strip().startswith(f"[{uid}, {seen}" if sb.nobody_can_sandbox("bwrap") else f"[0, {seen}"), out
        if not hides:
            assert where["host_folder"] and Path(where["host_folder"]).parent == Path(tempfile.gettempdir()), where
    finally:
        marker.unlink()


@pytest.mark.grading
@needs_bwrap
@pytest.mark.parametrize("program, reason", [
    ("import os; os._exit(3)", "crashed \\(exit status 3"),
    ("print('" + "COURSE-CHECKER-RESULT " + "{nonsense')", "not readable JSON"),
    ("import json; print('COURSE-CHECKER-RESULT ' + json.dumps({'cells': {}, 'notes': [], "
     "'verdicts': {'test_a': {'points': 99}}}))", "99 points for 'test_a', whose maximum is 1"),
    ("import json; print('COURSE-CHECKER-RESULT ' + json.dumps({'cells': {}, 'notes': [], "
     "'verdicts': {'test_other': {'points': 1}}}))", "'test_other', which is not a test cell"),
])
def test_a_checker_that_crashes_or_answers_nonsense_costs_its_points(program, reason):
    """A broken or subverted checker process is read as data: its answer is refused with the reason."""
    with pytest.raises(isolation.CheckerFailed, match=reason):
        answer = isolation.run(_job("1"), sb.Limits(submission_seconds=30), syn.REPO,
                               argv=[sys.executable, "-c", program])
        isolation.validate(answer, {"test_a": 1.0}, {0}, sb.Limits())


def test_valid_answers_pass_and_missing_verdicts_fail():
    """Known cells with points in range pass; a test without a verdict gets 0 with a message."""
    answer = {"cells": {"0": {"outputs": [{"output_type": "stream", "name": "stdout", "text": "hi"}],
                              "execution_count": 1}},
              "verdicts": {"test_a": {"points": 1, "ename": "", "message": "", "kernel": True}}, "notes": ["n"],
              "died": None}
    checked = isolation.validate(answer, {"test_a": 1.0, "test_b": 2.0}, {0}, sb.Limits())
    assert checked["verdicts"]["test_a"]["points"] == 1.0
    assert checked["verdicts"]["test_b"]["points"] == 0.0
    assert "no verdict" in checked["verdicts"]["test_b"]["message"]
    bad = dict(answer, cells={"0": {"outputs": [{"output_type": "stream", "name": "/etc/passwd", "text": ""}]}})
    with pytest.raises(isolation.CheckerFailed, match="stream named"):
        isolation.validate(bad, {"test_a": 1.0}, {0}, sb.Limits())


def test_a_restart_uses_a_fresh_folder_and_never_follows_a_link(tmp_path):
    """prepare_workdir makes one new folder and refuses an existing one, so a link planted in a work folder
    is never chowned; the kernel's next start gets work-2."""
    work = tmp_path / "work"
    sb.prepare_workdir(work)
    os.symlink(attacks.CANARY_FILE, work / "link")
    with pytest.raises(FileExistsError):
        sb.prepare_workdir(work)
    k = SandboxKernel(work, syn.REPO, sb.Limits(), unsafe=True)
    k.starts = 2                 # what start() counts on a restart
    k._fresh_folders()
    assert k.work == tmp_path / "work-2" and not work.exists() and k.work.is_dir()


def test_stale_folders_of_a_dead_grader_are_swept_and_others_are_kept(tmp_path):
    """A folder whose owner process is gone is removed; one of a live process, or without an owner file, stays."""
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / "nbgrader-grade-dead"
    stale.mkdir()
    (stale / folders.OWNER).write_text(f"{__import__('socket').gethostname()} {dead.pid} 1.0\n")
    (stale / "gradebook.db").write_text("x")
    live = folders.make("sandbox-", parent=tmp_path)
    unknown = tmp_path / "sandbox-unknown"
    unknown.mkdir()
    other = tmp_path / "unrelated"
    other.mkdir()
    (other / folders.OWNER).write_text(f"{__import__('socket').gethostname()} {dead.pid} 1.0\n")
    assert folders.sweep(tmp_path) == [stale]
    assert live.is_dir() and unknown.is_dir() and other.is_dir()
    folders.remove(live)


def test_a_terminated_grader_removes_its_folders(tmp_path):
    """SIGTERM while a grader holds its temporary folders: they are gone when it has ended."""
    code = ("import sys, time\nsys.path.insert(0, {root!r})\nfrom course_lib.grading import folders\n"
            "p = folders.make('nbgrader-grade-', parent={tmp!r})\nprint(p, flush=True)\ntime.sleep(60)"
            ).format(root=str(syn.REPO), tmp=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    made = Path(proc.stdout.readline().strip())
    assert made.is_dir()
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=20) == 128 + signal.SIGTERM
    assert not made.exists()


def test_the_pre_check_refuses_links_and_ids_that_normalise_alike(tmp_path):
    """Fast: the same cases as the shared run's (attacks.save_linked), read by the pre-check alone; a lone
    NFD id is graded under its NFC form."""
    from course_lib.grading import course, precheck

    subs = tmp_path / "subs"
    subs.mkdir()
    attacks.save_linked(subs)
    lone = unicodedata_nfd("zoë")
    syn.save(syn.untouched(attacks.A1), subs, lone, attacks.A1)
    config = course.load_config(syn.REPO)
    problems, accepted, _ = precheck.scan(subs, course.assignments(config, syn.REPO), course.source_dir(config, syn.REPO))
    text = "\n".join(map(str, problems))
    assert "'linked_notebook', 01_lagrange/lagrange.ipynb: refused: the notebook is a symbolic link" in text
    assert "'linked_folder', 02_arm_dynamics/-: refused: the assignment folder is a symbolic link" in text
    assert "are the same id once Unicode-normalised (NFC)" in text
    assert {s for _, s in accepted} == {"zoë"}


def unicodedata_nfd(text: str) -> str:
    import unicodedata

    return unicodedata.normalize("NFD", text)


#: fills its uid's process limit with sleeping children, then keeps them for 30 s (the cell itself sleeps)
FORK_BOMB = """import os, time
_kids = 0
while True:
    try:
        _pid = os.fork()
    except OSError:
        break
    if _pid == 0:
        time.sleep(120)
        os._exit(0)
    _kids += 1
print("forked", _kids)
time.sleep(30)
"""


def test_worker_processes_claim_distinct_uids_and_skip_named_ones():
    """Two processes each claim a uid of the range; never the same one, never one /etc/passwd names."""
    if os.geteuid() != 0:
        pytest.skip("uids are claimed only when the grader is root")
    code = ("import sys; sys.path.insert(0, {r!r}); from course_lib.grading import uids; print(uids.claim(), "
            "flush=True); sys.stdin.read()").format(r=str(syn.REPO))
    other = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        theirs = int(other.stdout.readline())
        with uids.claimed() as mine:
            assert mine != theirs
            for uid in (mine, theirs):
                assert uids.FIRST_UID <= uid < uids.FIRST_UID + uids.SLOTS
                with pytest.raises(KeyError):
                    __import__("pwd").getpwuid(uid)
    finally:
        other.communicate("")


@pytest.mark.grading
@needs_bwrap
def test_a_fork_bomb_leaves_a_student_graded_at_the_same_time_untouched(tmp_path):
    """With --jobs 2, one submission fills its process limit and holds it for 30 s while another student's
    three submissions start their sandboxes in the other worker: those keep every point, with no problem."""
    if os.geteuid() != 0:
        pytest.skip("the process limit is per uid only when the grader is root and drops privileges")
    from tests.grading.conftest import A1, A2, A3, TIMEOUT, _rows

    subs = tmp_path / "subs"
    bomb = syn.untouched(A1)
    syn.cell_by_id(bomb, "energies").source = FORK_BOMB
    syn.save(bomb, subs, "a_bomber", A1)
    for assignment in (A1, A2, A3):
        syn.save(syn.solved(assignment), subs, "b_honest", assignment)
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "course_lib.grading.autograde", str(subs), "--output", str(out),
                           "--timeout", str(TIMEOUT), "--jobs", "2", "--autograded"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=900)
    totals = {(r["student"], r["assignment"]): r for r in _rows(out / "totals.csv")}
    problems = (out / "problems.txt").read_text(encoding="utf-8")
    for assignment in (A1, A2, A3):
        row = totals[("b_honest", assignment)]
        assert float(row["auto_score"]) == float(row["max_auto_score"]) > 0, (assignment, problems, proc.stderr[-2000:])
    assert "b_honest" not in problems, problems
    assert float(totals[("a_bomber", A1)]["auto_score"]) == 0.0
    (graded_bomb,) = (out / "autograded" / "a_bomber" / A1).glob("*.ipynb")
    import re

    forked = re.findall(r"forked (\d+)", graded_bomb.read_text(encoding="utf-8"))
    assert forked and int(forked[0]) > sb.Limits.processes // 2, forked   # it did fill its process limit
