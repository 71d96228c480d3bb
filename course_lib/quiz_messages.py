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
        "quiz_answer_is": "The right option is {letter}.",
        "quiz_pick_one": "Pick one of the options first (A to {last}).",
        "quiz_not_number": (
            "Type one number (a decimal point or a decimal comma), optionally followed by its unit; "
            "could not read {value!r}."
        ),
        "quiz_wrong_unit": "The number is right, but the unit {got!r} is not {expected!r}.",
        "quiz_off_by": "Your value {value:g} is not the answer (answers within {pct:.2g} % of it count as right).",
        "quiz_off_by_abs": "Your value {value:g} is not the answer (answers within {tol:.2g} of it count as right).",
        "quiz_not_it": "Your value {value:g} is not the answer.",
        "quiz_off_and_unit": "Your value {value:g} is not the answer, and the unit {got!r} is not {expected!r}.",
        "quiz_within": "Your value {value:g} is within {tol:.2g} of the answer.",
        "quiz_syntax": (
            "Could not read that expression ({detail}): use * for products, ^ or ** for powers, "
            "and the names {names}."
        ),
        "quiz_unknown_name": "Unknown name {name!r}; allowed names are {names}.",
        "quiz_bad_chars": "The expression may only use letters, digits, spaces and + - * / ^ ( ) . ,",
        "quiz_too_long": "That expression is too long (at most {n} characters).",
        "quiz_equivalent": "Your expression is equivalent to the answer.",
        "quiz_not_equivalent": "Your expression is not equivalent to the answer.",
        "quiz_empty": "Type an answer first.",
        "quiz_number_hint": "a number",
        "quiz_number_hint_unit": "a number, then its unit ({unit})",
        "quiz_formula_hint": "a formula in {names}",
        "quiz_too_large": "That expression is too large to check; simplify your answer.",
        "quiz_too_slow": (
            "That expression took longer than {seconds:g} s to check (a power or an exponential that "
            "grows very fast?), so the check was stopped; write it in a simpler form."),
        "quiz_undefined": (
            "Your expression is undefined or infinite (for example, it divides by zero); check it and try again."
        ),
        "quiz_cannot_check": "That answer could not be checked ({detail}); try writing it differently.",
        "quiz_checking": "Checking…",
        "quiz_edited": "You changed your answer: press Check (or Enter) to check the new one.",
        "quiz_interrupted": "The check was interrupted, so nothing was counted; press Check to try again.",
        "quiz_show_answer": "Show answer",
        "quiz_tries_left": (
            "The worked answer appears when you have it right, when you press Show answer, or after "
            "{n} more wrong {tries}."
        ),
    },
})
text = QUIZ.text
