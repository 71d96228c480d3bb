"""course_lib: the physics behind the manipulator-dynamics course.

Modules, one idea each:

- :mod:`course_lib.models`    the pendulum, the planar 2R arm and the cart-pole
- :mod:`course_lib.symbolic`  Lagrange's equations derived step by step with sympy
- :mod:`course_lib.sim`       integrators and the energy ledger
- :mod:`course_lib.chains`    RNEA, CRBA and ABA on spatial vectors for n-joint chains
- :mod:`course_lib.widgets`   the interactive labs (one module per lab)
- :mod:`course_lib.quiz`      self-checking quiz questions

``course_lib.set_language("zh")`` (or ``COURSE_LANG=zh``) switches every lab, quiz and
check message to Chinese; ``"en"`` switches back.

Units are SI throughout: kg, m, s, rad, N, N·m.
"""

from course_lib.messages import language, set_language
from course_lib.models import CartPole, Pendulum, TwoLinkArm

__all__ = ["CartPole", "Pendulum", "TwoLinkArm", "language", "set_language"]
__version__ = "0.1.0"
