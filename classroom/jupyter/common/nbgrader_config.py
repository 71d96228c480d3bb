"""nbgrader settings every user's server shares (students and instructors): the course and its exchange.

The hub passes CLASSROOM_EXCHANGE to each single-user server (classroom/jupyterhub_config.py);
JUPYTER_CONFIG_PATH puts this folder on the path where nbgrader looks for its configuration.
"""

import os

c = get_config()  # noqa: F821 - provided by traitlets when the file is loaded

c.CourseDirectory.course_id = "manipulator-dynamics"
c.Exchange.root = os.environ.get("CLASSROOM_EXCHANGE", "/srv/nbgrader/exchange")
# Students fetch into ~/<assignment>/ (one course per hub, so no course folder in between).
c.Exchange.path_includes_course = False
