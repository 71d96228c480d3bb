"""What a learner sees of a quiz: it starts empty, the worked answer is earned, interrupts count nothing."""

from __future__ import annotations

import pytest

from course_lib.lessons.pendulum.quiz import pendulum_quiz
from course_lib.quiz import MultipleChoice, NumericQuestion, Option
from course_lib.quiz.view import TRIES_BEFORE_ANSWER, QuestionView, QuizView

WORKED = "Gravity's lever arm is the whole rod."


@pytest.fixture
def view() -> QuestionView:
    return QuestionView(NumericQuestion("θ̈ at 90°?", -9.81, tolerance=0.02, unit="rad/s^2", explanation=WORKED), 1)


def test_a_fresh_quiz_shows_no_answer_no_selection_and_no_feedback():
    """Right after the notebook displays the lesson quiz, every question is blank, as a learner left it."""
    quiz = QuizView(pendulum_quiz())
    for v in quiz.views:
        assert v.value in ("", None) and v.out.value == "" and v.attempts == 0
    assert quiz[1]._field.value is None  # no option is preselected


def test_checking_from_code_does_not_touch_the_widget():
    """question.check(...) (as the tests and notebooks call it) leaves the displayed widget blank."""
    quiz_data = pendulum_quiz()
    quiz = QuizView(quiz_data)
    assert quiz_data[0].check("-9.81").correct
    assert quiz_data[4].check("g sin(theta").valid is False
    assert all(v.out.value == "" and v.attempts == 0 for v in quiz.views)


def test_the_worked_answer_waits_for_a_correct_answer(view):
    """A wrong try shows that try's feedback but not the worked answer; the right answer reveals it."""
    view.value = "-9.0"
    view.check_button.click()
    assert view.attempts == 1 and "is not the answer" in view.out.value
    assert WORKED not in view.out.value and "Show answer" in view.out.value
    view.value = "-9.81"
    view.check_button.click()
    assert view.last.correct and WORKED.replace("'", "&#x27;") in view.out.value


def test_the_worked_answer_appears_after_the_third_wrong_try(view):
    """Two wrong tries keep it hidden; the third shows it. Unreadable input is not a try."""
    for k in range(1, TRIES_BEFORE_ANSWER + 1):
        view.submit("nine")
        view.submit(str(k))
        assert view.attempts == k
        assert view.revealed == (k == TRIES_BEFORE_ANSWER)
    assert "Gravity" in view.feedback


def test_show_answer_reveals_it_at_once(view):
    """The explicit "Show answer" button reveals the worked answer without any attempt."""
    view.answer_button.click()
    assert view.revealed and view.attempts == 0 and "Gravity" in view.out.value


def test_multiple_choice_keeps_per_option_feedback_and_hides_the_worked_answer():
    """Picking a wrong option shows that option's note only; the letters select the options."""
    q = MultipleChoice("Why?", [Option("long " * 40, feedback="Not this one."),
                                Option("right", correct=True, feedback="Yes.")], explanation="Because.")
    view = QuestionView(q)
    assert list(view._field.options) == ["A", "B"] and view._field.value is None
    view.value = "A"
    view.check_button.click()
    assert "Not this one." in view.out.value and "Because." not in view.out.value
    view.value = "B"
    view.check_button.click()
    assert "Yes." in view.out.value and "Because." in view.out.value


def test_multiple_choice_options_are_wrapping_text_not_radio_labels():
    """Each option's text is an HTML list item that wraps at any width; the choice is a row of letters."""
    q = pendulum_quiz()[1]
    view = QuestionView(q)
    (options,) = [c for c in view.widget.children if "course-quiz-options" in c._dom_classes]
    html = options.value
    assert html.count("<li") == len(q.options) and "nowrap" not in html
    assert type(view._field).__name__ == "ToggleButtons"


def test_an_interrupt_during_check_counts_nothing_and_says_so(view, monkeypatch):
    """Kernel → Interrupt while a check runs: no attempt, no verdict, a plain message, Check usable again."""
    def interrupted(_response):
        raise KeyboardInterrupt

    monkeypatch.setattr(view.question, "check", interrupted)
    view.value = "-9.81"
    view.check_button.click()
    assert view.attempts == 0 and view.last is None
    assert "interrupted" in view.out.value and not view.check_button.disabled
    monkeypatch.undo()
    view.check_button.click()
    assert view.last.correct and view.attempts == 1


def test_no_lesson_notebook_answers_its_own_quiz():
    """No code cell of a lesson grades the quiz (that used to fill in Q1 and Q5 on Run All); tests do it."""
    import json
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for path in sorted((root / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text())["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code":
                assert not re.search(r"quiz\s*\[[^\]]*\]\s*\.\s*(answer|check|submit)\s*\(", source), (path.name, source)


def press_enter(view: QuestionView) -> None:
    """What the browser sends when the learner presses Enter in the text field."""
    view._field._handle_custom_msg({"event": "submit"}, [])


def test_enter_in_the_field_checks_like_the_check_button(view):
    """Typing an answer and pressing Enter grades it (one try), as the Check button does."""
    view.value = "-9.0"
    press_enter(view)
    assert view.attempts == 1 and "is not the answer" in view.out.value
    view.value = "-9.81"
    press_enter(view)
    assert view.last.correct and view.attempts == 2


def test_checking_the_same_answer_again_uses_no_try(view):
    """Enter then Check on an unchanged answer is one attempt, not two (a fair count of tries)."""
    view.value = "-9.0"
    press_enter(view)
    view.check_button.click()
    view.check_button.click()
    assert view.attempts == 1 and not view.revealed


def test_editing_the_answer_greys_out_the_old_verdict(view):
    """After "Not quite.", changing the text says the verdict was about the old answer; no red or green stays."""
    view.value = "-9.0"
    view.check_button.click()
    assert "Not quite." in view.out.value
    view.value = "-9.81"
    assert "changed your answer" in view.out.value and "Not quite." not in view.out.value
    assert "#555555" in view.out.value
    view.value = "-9.0"                          # back to the checked answer: its verdict again
    assert "Not quite." in view.out.value and "changed your answer" not in view.out.value


def test_show_answer_on_a_multiple_choice_question_names_the_right_option():
    """Pressing Show answer with a wrong option picked says which letter is right, not only why."""
    q = MultipleChoice("Why?", [Option("one", feedback="No."), Option("two", correct=True, feedback="Yes.")],
                       explanation="Because.")
    view = QuestionView(q)
    view.value = "A"
    view.check_button.click()
    assert "right option" not in view.out.value
    view.answer_button.click()
    assert "The right option is B." in view.out.value and "Because." in view.out.value


def test_a_question_and_a_quiz_show_themselves_however_the_engine_is_imported():
    """The view registers itself when the engine loads: importing only the questions module (which runs
    course_lib.quiz's __init__ first) still gives a question and a quiz the views a notebook shows."""
    import subprocess
    import sys

    code = ("from course_lib.quiz.questions import NumericQuestion, Quiz\n"
            "q = NumericQuestion('2 + 2?', 4.0, tolerance=0.1)\n"
            "print(type(q.view()).__name__, type(Quiz([q]).view()).__name__, q.view().submit('4').correct)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["QuestionView", "QuizView", "True"]
