"""The quizzes' sentences (see :mod:`course_lib.messages`)."""

from course_lib.messages import MessageTable

QUIZ = MessageTable("quiz", {
    "en": {
        "quiz_check": "Check",
        "quiz_question": "Question {n}",
        "quiz_you_typed": "You typed ${latex}$.",
        "quiz_correct": "Correct.",
        "quiz_wrong": "Not quite.",
        "quiz_explanation": "Why",
        "quiz_pick_one": "Pick one of the options first (by its text, or its number 0 to {n}).",
        "quiz_not_number": "Type a number, e.g. -9.81; could not read {value!r}.",
        "quiz_wrong_unit": "The number is fine but the unit {got!r} is not {expected!r}.",
        "quiz_off_by": "Your value {value:g} differs from the answer by more than {tol:g}.",
        "quiz_within": "Your value {value:g} is within {tol:g} of the answer.",
        "quiz_syntax": (
            "Could not read that expression ({detail}). Use * for products, ** or ^ for powers, "
            "and the names {names}."
        ),
        "quiz_unknown_name": "Unknown name {name!r}; allowed names are {names}.",
        "quiz_bad_chars": "The expression may only use letters, digits, spaces and + - * / ^ ( ) . ,",
        "quiz_too_long": "That expression is too long (at most {n} characters).",
        "quiz_equivalent": "Your expression is equivalent to the answer.",
        "quiz_not_equivalent": "Your expression is not equivalent to the answer.",
        "quiz_empty": "Type an answer first.",
        "quiz_error": "That could not be checked: {detail}. Try again.",
    },
})
text = QUIZ.text
