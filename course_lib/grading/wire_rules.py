"""The bounds of the data that crosses from a student's kernel to the grader, and its errors.

:mod:`course_lib.grading.wire` (plain values) and :mod:`course_lib.grading.safe_sympy` (sympy
trees) read a student's answer under these bounds. Data that breaks a rule raises
:class:`DecodeError`, whose message (English and Chinese, :data:`DATA`) says what was wrong and
what is allowed; data past a bound raises its subclass :class:`TooLarge`, "too large to check".

>>> from course_lib.i18n import set_language
>>> str(TooLarge("what_digits", MAX_DIGITS))
'the answer is too large to check: it holds a number of more than 1000 digits'
>>> set_language("zh"); str(TooLarge("what_digits", MAX_DIGITS)); set_language("en")
'答案太大，无法检查：其中有一个超过 1000 位的数'
"""

from __future__ import annotations

from typing import Any

from course_lib.i18n import MessageTable

#: digits of any integer the grader builds (a literal, or the value of a power or product of numbers)
MAX_DIGITS = 1000
#: entries of one array
MAX_ARRAY = 1_000_000
#: dimensions of one array
MAX_DIMS = 32
#: nodes of all sympy trees of one answer
MAX_NODES = 20_000
#: depth of one sympy tree
MAX_DEPTH = 100
#: nesting of lists, tuples and dicts
MAX_NESTING = 8
#: size of a numeric exponent, |p/q|
MAX_EXPONENT = 1000
#: order of a derivative in one variable
MAX_ORDER = 20
#: characters of a name (symbol, function) and of a dict key
MAX_NAME = 100
MAX_KEY = 1000
#: characters of one answer's JSON
MAX_ANSWER = 5_000_000

DATA = MessageTable("grading_data", {
    "en": {
        "too_large": "the answer is too large to check: {what}",
        "what_digits": "it holds a number of more than {limit} digits",
        "what_power": "it holds a power of numbers whose value has more than {limit} digits",
        "what_exponent": "it holds an exponent larger than {limit}",
        "what_order": "it holds a derivative of order more than {limit}",
        "what_nodes": "its expressions have more than {limit} parts",
        "what_depth": "it is nested more than {limit} levels deep",
        "what_array": "it holds an array of more than {limit} entries",
        "what_answer": "its data is longer than {limit} characters",
        "unreadable": "the answer from your kernel could not be read ({detail})",
        "kind": ("the answer holds data of the kind {kind}, which the grader does not read; it reads numbers, "
                 "arrays of numbers, lists, tuples, dicts and sympy expressions"),
        "bad_number": "the answer holds {value} where a number was expected (an int, a float, or nan/inf)",
        "bad_array": "the answer holds an array whose shape {shape} does not match its {count} entries",
        "bad_node": "a part of a sympy expression is malformed ({detail})",
        "not_allowed": "it uses {head}, which the grader does not read in an answer; allowed are {allowed}",
        "bad_name": ("the {kind} name {name} is not a plain name: names are Python identifiers without a double "
                     "underscore, such as theta1 or m_p"),
        "kind_symbol": "symbol",
        "kind_function": "function",
        "unknown_function": "it uses the undefined function {call}; this exercise expects only {allowed}",
        "unknown_function_none": ("it uses the undefined function {call}; this exercise expects none: write the "
                                  "expression in the setup's symbols"),
        "bad_assumption": "the symbol {name} has the assumption {assumption}, which is not one of sympy's",
        "bad_key": ("the dict key {item} is not one the exercise expects: keys are texts, integers or the setup's "
                    "symbols ({allowed})"),
        "no_symbols": "none in this exercise",
        "text_not_expression": ("your answer holds the text {text}, which is data, not an expression: the grader "
                                "never reads text as sympy; build expressions from sympy objects (such as the "
                                "setup's symbols)"),
        "object_not_expression": ("your answer holds a value of type {kind}, which is not an expression: build "
                                  "expressions from sympy objects (such as the setup's symbols)"),
        "value_refused": "{name} cannot be checked: {reason}",
        "result_refused": "the result of {name} cannot be checked: {reason}",
        "answers_refused": "your answers cannot be checked: {reason}",
        "probe_failed": "the grader's call into your kernel failed there with {ename}",
        "probe_unreadable": "your kernel's answer to the grader was not readable (was the display hook replaced?)",
        "probe_timeout": "your code ran longer than the time limit on this input and was stopped",
        "not_callable_here": "{name} cannot be called here",
    },
    "zh": {
        "too_large": "答案太大，无法检查：{what}",
        "what_digits": "其中有一个超过 {limit} 位的数",
        "what_power": "其中有一个数的乘方，其值超过 {limit} 位",
        "what_exponent": "其中有一个大于 {limit} 的指数",
        "what_order": "其中有一个阶数超过 {limit} 的导数",
        "what_nodes": "其表达式超过 {limit} 个部分",
        "what_depth": "嵌套超过 {limit} 层",
        "what_array": "其中有一个超过 {limit} 个元素的数组",
        "what_answer": "其数据超过 {limit} 个字符",
        "unreadable": "无法读取你的内核返回的答案（{detail}）",
        "kind": "答案中含有 {kind} 类型的数据，评分程序不读取这种数据；它读取数、数值数组、列表、元组、字典和 sympy 表达式",
        "bad_number": "答案中应当是数（整数、浮点数或 nan/inf）的地方却是 {value}",
        "bad_array": "答案中有一个数组，其形状 {shape} 与它的 {count} 个元素不符",
        "bad_node": "sympy 表达式的某个部分格式不对（{detail}）",
        "not_allowed": "它用到了 {head}，评分程序不读取答案中的这种对象；允许的有 {allowed}",
        "bad_name": "{kind}名 {name} 不是普通的名字：名字必须是不含双下划线的 Python 标识符，例如 theta1 或 m_p",
        "kind_symbol": "符号",
        "kind_function": "函数",
        "unknown_function": "它用到了未定义函数 {call}；本题只允许 {allowed}",
        "unknown_function_none": "它用到了未定义函数 {call}；本题不允许任何未定义函数：请用 setup 中的符号写出表达式",
        "bad_assumption": "符号 {name} 带有假设 {assumption}，这不是 sympy 的假设",
        "bad_key": "字典的键 {item} 不是本题所允许的：键只能是文本、整数或 setup 中的符号（{allowed}）",
        "no_symbols": "本题没有",
        "text_not_expression": ("你的答案中含有文本 {text}，它只是数据，不是表达式：评分程序从不把文本当作 sympy 来读；"
                                "请用 sympy 对象（例如 setup 中的符号）构造表达式"),
        "object_not_expression": "你的答案中含有类型为 {kind} 的值，它不是表达式：请用 sympy 对象（例如 setup 中的符号）构造表达式",
        "value_refused": "{name} 无法检查：{reason}",
        "result_refused": "{name} 的返回值无法检查：{reason}",
        "answers_refused": "你的答案无法检查：{reason}",
        "probe_failed": "评分程序在你的内核中调用时出错：{ename}",
        "probe_unreadable": "你的内核给评分程序的回答无法读取（是否替换了 display hook？）",
        "probe_timeout": "你的代码在这个输入上运行超过了时间限制，已被停止",
        "not_callable_here": "{name} 不能在这里调用",
    },
})
text = DATA.text


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for a message.

    >>> shown("x" * 100, 10)
    "'xxxxxxxx…"
    """
    try:
        r = repr(value)
    except Exception:  # noqa: BLE001 - a value that cannot show itself is shown by its type
        r = f"<{type(value).__name__}>"
    return r if len(r) <= limit else r[: limit - 1] + "…"


class DecodeError(ValueError):
    """Data from a student's kernel that the grader does not read; the message says what and what is allowed.

    Args:
        key: the message's key in :data:`DATA`.
        values: its ``{fields}``.
    """

    def __init__(self, key: str, **values: Any):
        self.key, self.values = key, values
        super().__init__(str(text(key, **values)))


class TooLarge(DecodeError):
    """Data past one of the bounds: "the answer is too large to check", and which bound.

    Args:
        what: the key of the bound's phrase (``what_digits``, ``what_nodes``, …).
        limit: the bound.
    """

    def __init__(self, what: str, limit: int):
        self.what, self.limit = what, limit
        super().__init__("too_large", what=str(text(what, limit=limit)))


#: the phrase of each bound, by the name the kernel's encoder uses for it
BOUNDS = {"digits": ("what_digits", MAX_DIGITS), "nodes": ("what_nodes", MAX_NODES),
          "depth": ("what_depth", MAX_DEPTH), "array": ("what_array", MAX_ARRAY), "answer": ("what_answer", MAX_ANSWER)}


def digits(n: int) -> int:
    """An upper bound of the decimal digits of ``n``, from its bit length (no conversion to text).

    >>> digits(10**40), digits(0)
    (41, 1)
    """
    return int(abs(n).bit_length() * 0.30103) + 1


def plain_name(name: Any) -> bool:
    """Whether ``name`` may name a symbol or function: an identifier without ``__``, not too long.

    >>> plain_name("theta1"), plain_name("θ"), plain_name("__import__"), plain_name("a b")
    (True, True, False, False)
    """
    return isinstance(name, str) and 0 < len(name) <= MAX_NAME and name.isidentifier() and "__" not in name


class NotAnExpression(AssertionError):
    """Student data used where an expression is needed (raised by sympify, through ``__sympy__``)."""


class NotSympy:
    """Mixin: sympify refuses the value with a clear message, instead of reading its text.

    ``sympy.sympify`` looks up ``__sympy__`` before anything else; here the lookup raises
    :class:`NotAnExpression`, so no route through sympify, ``Matrix``, ``subs`` or comparisons
    ever parses the value's text.
    """

    __slots__ = ()

    def _not_expression(self) -> str:
        return str(text("object_not_expression", kind=type(self).__name__))

    @property
    def __sympy__(self) -> bool:
        raise NotAnExpression(self._not_expression())
