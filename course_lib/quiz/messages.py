"""The quizzes' sentences (see :mod:`course_lib.i18n`)."""

from course_lib.i18n import MessageTable

QUIZ = MessageTable("quiz", {
    "en": {
        "quiz_check": "Check",
        "quiz_question": "Question {n}",
        "quiz_you_typed": "You typed ${latex}$.",
        "quiz_correct": "Correct.",
        "quiz_wrong": "Not quite.",
        "quiz_explanation": "Why: {text}",
        "quiz_sep": " ",
        "quiz_answer_is": "The right option is {letter}.",
        "quiz_pick_one": "Pick one of the options first (A to {last}).",
        "quiz_not_number": (
            "Type one number (a decimal point or a decimal comma), optionally followed by its unit; "
            "could not read {value!r}."
        ),
        "quiz_wrong_unit": "The number is right, but the unit {got!r} is not {expected!r}.",
        "quiz_not_it": "Your value {value:g} is not the answer.",
        "quiz_off_and_unit": "Your value {value:g} is not the answer, and the unit {got!r} is not {expected!r}.",
        "quiz_right_exact": "{value} is exact.",
        "quiz_right_off": "{value} is {pct:.2g} % off the answer.",
        "quiz_right_off_abs": "{value} is {off:.2g} off the answer.",
        "quiz_cause_sign": "Its size is right but its sign is not: which direction does the question count as positive?",
        "quiz_cause_unit": "It is the answer in another unit (a factor of 10 to some power off): give it in {unit}.",
        "quiz_cause_twice": "It is twice the answer: is there a factor of 2 too many (a ½ left out)?",
        "quiz_cause_half": "It is half the answer: is a factor of 2 missing?",
        "quiz_cause_times_pi": "It is π times the answer: is there a π too many?",
        "quiz_cause_over_pi": "It is the answer divided by π: is a factor of π missing?",
        "quiz_cause_times_k2": "It is k² times the answer (k = {k:g}): check on which side of the gears each term belongs.",
        "quiz_cause_over_k2": "It is the answer divided by k² (k = {k:g}): check on which side of the gears each term belongs.",
        "quiz_cause_reciprocal": "It is the reciprocal of the answer: is the ratio upside down?",
        "quiz_cause_percent": "It is the answer in percent: give it as a fraction (0.5, not 50).",
        "quiz_cause_fraction": "It is the answer as a fraction: give it in percent (50, not 0.5).",
        "quiz_cause_square": "It is the square of the answer: is there a square too many?",
        "quiz_cause_root": "It is the square root of the answer: is a square root too many?",
        "quiz_syntax": (
            "Could not read that expression ({detail}): use * for products, ^ or ** for powers, "
            "and the names {names}."
        ),
        "quiz_unknown_name": "Unknown name {name!r}; allowed names are {names}.",
        "quiz_bad_chars": "The expression may only use letters, digits, spaces and + - * / ^ ( ) . ,",
        "quiz_too_long": "That expression is too long (at most {n} characters).",
        "quiz_equivalent": "Your expression is equivalent to the answer.",
        "quiz_not_equivalent": "Your expression is not equivalent to the answer.",
        "quiz_negated": "Your expression is minus the answer: check the sign (which direction counts as positive?).",
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
        "quiz_try_one": "try",
        "quiz_try_many": "tries",
        "quiz_detail_parens": "unbalanced parentheses",
        "quiz_detail_operator": "a misplaced operator or a missing *",
        "quiz_detail_not_function": "something used as a function that is not one",
        "quiz_detail_not_formula": "it is not a formula",
        "quiz_detail_not_single": "not a single formula",
        "quiz_detail_exponent": "exponent too large",
    },
    "zh": {
        "quiz_check": "检查",
        "quiz_question": "第 {n} 题",
        "quiz_you_typed": "你输入的是 ${latex}$。",
        "quiz_correct": "正确。",
        "quiz_wrong": "还不对。",
        "quiz_explanation": "解析：{text}",
        "quiz_sep": "",
        "quiz_answer_is": "正确选项是 {letter}。",
        "quiz_pick_one": "请先选一个选项（A 到 {last}）。",
        "quiz_not_number": (
            "请输入一个数（小数点或小数逗号都可以），后面可以跟单位；无法读取 {value!r}。"
        ),
        "quiz_wrong_unit": "数值对了，但单位 {got!r} 不是 {expected!r}。",
        "quiz_not_it": "{value:g} 不对。",
        "quiz_off_and_unit": "{value:g} 不对，而且单位 {got!r} 不是 {expected!r}。",
        "quiz_right_exact": "{value} 是精确值。",
        "quiz_right_off": "{value} 与答案相差 {pct:.2g} %。",
        "quiz_right_off_abs": "{value} 与答案相差 {off:.2g}。",
        "quiz_cause_sign": "大小对了，符号不对：题目把哪个方向算作正？",
        "quiz_cause_unit": "这是换了单位的答案（差了 10 的若干次方倍）：请用 {unit} 作单位。",
        "quiz_cause_twice": "这是答案的两倍：是不是多了一个因子 2（漏了 ½）？",
        "quiz_cause_half": "这是答案的一半：是不是少了一个因子 2？",
        "quiz_cause_times_pi": "这是答案的 π 倍：是不是多了一个 π？",
        "quiz_cause_over_pi": "这是答案除以 π：是不是少了一个因子 π？",
        "quiz_cause_times_k2": "这是答案的 k² 倍（k = {k:g}）：检查每一项属于齿轮的哪一侧。",
        "quiz_cause_over_k2": "这是答案除以 k²（k = {k:g}）：检查每一项属于齿轮的哪一侧。",
        "quiz_cause_reciprocal": "这是答案的倒数：比值是不是颠倒了？",
        "quiz_cause_percent": "这是用百分数写的答案：请写成小数（0.5，而不是 50）。",
        "quiz_cause_fraction": "这是用小数写的答案：请写成百分数（50，而不是 0.5）。",
        "quiz_cause_square": "这是答案的平方：是不是多平方了一次？",
        "quiz_cause_root": "这是答案的平方根：是不是多开了一次方？",
        "quiz_syntax": (
            "无法读取这个表达式（{detail}）：乘法用 *，乘方用 ^ 或 **，可用的名字有 {names}。"
        ),
        "quiz_unknown_name": "不认识的名字 {name!r}；可用的名字有 {names}。",
        "quiz_bad_chars": (
            "表达式只能包含字母、数字、空格和 + - * / ^ ( ) . ,（中文输入法打出的全角数字、括号和运算符也可以）"
        ),
        "quiz_too_long": "这个表达式太长了（最多 {n} 个字符）。",
        "quiz_equivalent": "你的表达式与答案等价。",
        "quiz_not_equivalent": "你的表达式与答案不等价。",
        "quiz_negated": "你的表达式是答案的相反数：检查符号（哪个方向算作正？）。",
        "quiz_empty": "请先输入答案。",
        "quiz_number_hint": "一个数",
        "quiz_number_hint_unit": "一个数，后跟单位（{unit}）",
        "quiz_formula_hint": "用 {names} 写的公式",
        "quiz_too_large": "这个表达式太大，无法检查；请先化简你的答案。",
        "quiz_too_slow": (
            "检查这个表达式超过了 {seconds:g} 秒（是不是有增长极快的乘方或指数？），检查已停止；"
            "请换一种更简单的写法。"),
        "quiz_undefined": "你的表达式无定义或为无穷大（例如除以了零）；请检查后再试。",
        "quiz_cannot_check": "无法检查这个答案（{detail}）；请换一种写法。",
        "quiz_checking": "正在检查…",
        "quiz_edited": "你改了答案：按“检查”（或回车）来检查新的答案。",
        "quiz_interrupted": "检查被中断了，这次不计数；按“检查”再试一次。",
        "quiz_show_answer": "显示答案",
        "quiz_tries_left": "答对、按“显示答案”，或再答错 {n} {tries}后，会显示完整解答。",
        "quiz_try_one": "次",
        "quiz_try_many": "次",
        "quiz_detail_parens": "括号不配对",
        "quiz_detail_operator": "运算符位置不对，或少了 *",
        "quiz_detail_not_function": "把不是函数的东西当成了函数",
        "quiz_detail_not_formula": "这不是一个公式",
        "quiz_detail_not_single": "不是单个公式",
        "quiz_detail_exponent": "指数太大",
    },
})
text = QUIZ.text
