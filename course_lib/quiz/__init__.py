"""The quiz engine: self-checking questions, read safely, in English and Chinese. It knows no lesson.

- :mod:`~course_lib.quiz.questions`  :class:`MultipleChoice`, :class:`NumericQuestion` (with units),
  :class:`SymbolicQuestion`, :class:`Quiz`, :func:`quiz_builder`; each returns a :class:`Result`
- :mod:`~course_lib.quiz.units`      a number and its unit read as a learner types them
- :mod:`~course_lib.quiz.symbolic`   a typed formula read into sympy without ``eval``
- :mod:`~course_lib.quiz.worker`     symbolic answers checked in a child process with a time limit
- :mod:`~course_lib.quiz.view`       the widgets a quiz is shown with; it imports the questions (never the
  reverse) and is loaded here, so that a question or quiz shows itself in a notebook
- :mod:`~course_lib.quiz.score`      a scored quiz whose misses link back to their lessons
- :mod:`~course_lib.quiz.messages`   the engine's sentences (en + zh)
- :mod:`~course_lib.quiz.prose`      numbers written into a question's text
"""

from course_lib.quiz.questions import (
    MultipleChoice,
    NumericQuestion,
    Option,
    Question,
    Quiz,
    Result,
    SymbolicQuestion,
    quiz_builder,
)
from course_lib.quiz.diagnosis import Slip
from course_lib.quiz.units import read_number
from course_lib.quiz.view import QuestionView, QuizView

__all__ = ["MultipleChoice", "NumericQuestion", "Option", "Question", "QuestionView", "Quiz", "QuizView", "Result",
           "Slip", "SymbolicQuestion", "quiz_builder", "read_number"]
