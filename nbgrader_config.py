"""nbgrader configuration for the course (read by `nbgrader` and by course_lib.grading).

Layout: instructor notebooks live in ``solutions/<assignment>/<notebook>.ipynb`` (nbgrader's
"source"), the generated student notebooks in ``exercises/`` (nbgrader's "release").
``python -m course_lib.grading.release`` and ``python -m course_lib.grading.autograde`` load
this file and then point ``CourseDirectory.root`` and the gradebook at a temporary directory,
so no gradebook.db, autograded/ or feedback/ is ever written next to this file.
"""

c = get_config()  # noqa: F821 - provided by traitlets when the file is loaded

# --- where things live -------------------------------------------------------------------
c.CourseDirectory.source_directory = "solutions"
c.CourseDirectory.release_directory = "exercises"
c.CourseDirectory.course_id = "manipulator-dynamics"
# Only notebooks are part of an assignment; never copy checkpoints or caches into exercises/.
c.CourseDirectory.ignore = [".ipynb_checkpoints", "*.pyc", "__pycache__", "feedback", ".pytest_cache"]

# --- executing submissions ---------------------------------------------------------------
# Every cell of the course runs in well under 5 s; a cell still busy after 30 s (an infinite
# loop, a huge simulation) is interrupted and the remaining cells are still executed and graded.
c.Execute.timeout = 30
c.Execute.interrupt_on_timeout = True
c.Execute.startup_timeout = 120
c.Execute.error_on_timeout = {
    "ename": "CellTimeoutError",
    "evalue": "this cell ran longer than the time limit and was stopped",
    "traceback": ["CellTimeoutError: this cell ran longer than the time limit and was stopped; "
                  "look for a loop that never ends or a computation that is far too long"],
}

# --- running untrusted code ------------------------------------------------------------
# nbgrader's own Execute step is replaced: the student's cells run in a kernel inside a bubblewrap
# sandbox, and every test's verdict is computed by the trusted checker in the grader's process
# (course_lib/grading/trusted.py). The rest of nbgrader's autograde steps are unchanged.
c.Autograde.autograde_preprocessors = [
    "course_lib.grading.trusted.SandboxedExecute",
    "nbgrader.preprocessors.IgnorePattern",
    "nbconvert.preprocessors.ClearMetadataPreprocessor",
    "nbgrader.preprocessors.LimitOutput",
    "nbgrader.preprocessors.SaveAutoGrades",
    "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata",
]
c.SandboxedExecute.timeout = 30          # CPU seconds per cell, and per call of a student's function
c.SandboxedExecute.wall_factor = 5       # wall-clock backstop per cell: this many times the timeout
c.SandboxedExecute.memory_bytes = 2 * 1024**3
c.SandboxedExecute.cpu_seconds = 300
c.SandboxedExecute.processes = 128
c.SandboxedExecute.file_bytes = 64 * 1024**2

# --- keeping the grading cells intact ---------------------------------------------------
# Locked cells (tests, instructions) are restored from the gradebook's copy when a student
# edits them (nbgrader always does this); test cells a student deleted are put back too.
c.OverwriteCells.add_missing_cells = True

# --- generating the student version ------------------------------------------------------
# The placeholders a learner replaces speak both languages of the course. A blank answer is still told apart
# by nbgrader's checksum of the released cell, not by these words; the unchanged stub raises NotImplementedError,
# which the checks report as "not implemented yet" in the language in force.
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE · 在这里写你的代码\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE · 在这里写你的答案"

# --- feedback ----------------------------------------------------------------------------
# nbgrader's feedback shows the autograded notebook, in which the hidden tests were restored.
# HideHiddenTests removes them again, with everything they output: a failed hidden test shows only
# a generic hint for its kind of failure, never its traceback or message (which would give away
# the other arm's parameters, the hidden states and the expected values). Visible tests keep theirs.
# Everything a student wrote or displayed is sanitised: no script, event handler or iframe survives.
c.HTMLExporter.sanitize_html = True
c.GenerateFeedback.preprocessors = [
    "nbgrader.preprocessors.GetGrades",
    "course_lib.grading.feedback.HideHiddenTests",
    "course_lib.grading.feedback.SanitiseStudentContent",
    "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
]
