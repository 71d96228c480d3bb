"""The instructors' course: the repository's nbgrader_config.py, run from the instructor's course folder.

The course folder (CLASSROOM_COURSE, default ~/course) is the instructor's copy of the private
repository: its ``solutions/`` are nbgrader's source, ``exercises/`` the release, and the
gradebook, ``submitted/``, ``autograded/`` and ``feedback/`` are written there, readable by the
instructor alone (the home folder is private). Autograding runs each submission in the sandbox
that the repository's configuration sets up (course_lib.grading.trusted.SandboxedExecute), with
the hidden tests taken from the course folder's ``solutions/``.
"""

import os
from pathlib import Path

c = get_config()  # noqa: F821 - provided by traitlets when the file is loaded

REPO = Path(__file__).resolve().parents[3]
load_subconfig(str(REPO / "nbgrader_config.py"))  # noqa: F821 - provided by traitlets

c.CourseDirectory.root = os.environ.get("CLASSROOM_COURSE", os.path.expanduser("~/course"))
