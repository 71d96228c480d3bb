"""course_lib: the physics behind the manipulator-dynamics course, and the labs and quizzes built on it.

Layers, each importing only the ones above it in this list (``lint-imports`` checks it):

- :mod:`course_lib.physics`  models, simulation, chains (RNEA, CRBA, ABA), symbolic derivations,
  control, identification; numpy, scipy and sympy only
- :mod:`course_lib.i18n`     message tables and :func:`set_language`
- :mod:`course_lib.ui`       the running notebook cell and the text style, shared by the two below
- :mod:`course_lib.lab`      the lab kit; :mod:`course_lib.quiz`, the quiz engine (neither knows a lesson)
- :mod:`course_lib.lessons`  one package per notebook: its lab, quiz, texts and thresholds
- :mod:`course_lib.grading`  nbgrader release and the sandboxed, trusted grader (physics and i18n only)

``course_lib.set_language("zh")`` (or ``COURSE_LANG=zh``) switches every lab, quiz and
check message to Chinese; ``"en"`` switches back. See docs/architecture.md.

Units are SI throughout: kg, m, s, rad, N, N·m.

>>> from course_lib import TwoLinkArm
>>> TwoLinkArm().mass_matrix([0.0, 0.0]).shape
(2, 2)
"""

from course_lib import _moved
from course_lib.i18n import language, set_language
from course_lib.physics.models import CartPole, MotorArm, Pendulum, TwoLinkArm
from course_lib.physics.simulate import simulate

_moved.install()

__all__ = ["CartPole", "MotorArm", "Pendulum", "TwoLinkArm", "language", "set_language", "simulate"]
__version__ = "0.1.0"
