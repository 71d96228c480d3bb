"""Keep hidden tests, and everything they say, out of the feedback students receive.

During autograding nbgrader restores every locked test cell from the gradebook,
hidden tests included, and ``generate_feedback`` renders that notebook as it is.
:class:`HideHiddenTests` (listed in ``GenerateFeedback.preprocessors`` in
nbgrader_config.py) removes the hidden region from each such cell and replaces all
its outputs by one fixed, generic hint chosen by the *kind* of failure. Nothing of the
hidden test reaches the HTML: not its code, not its traceback, not its message —
the message would name the other arm's parameters, the hidden states and the
expected values. Visible test cells are left alone and keep their specific messages.

The instructor still sees the full message in nbgrader's autograded notebook
(``autograde --autograded`` copies them next to the scores).
"""

from __future__ import annotations

from nbformat import NotebookNode
from nbformat.v4 import new_output
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Unicode

from course_lib.grading.hidden import BEGIN, END, strip_hidden  # noqa: F401 - part of this module's API

#: error names of a cell stopped by the time limit (nbgrader_config.py's error_on_timeout,
#: and the KeyboardInterrupt with which the kernel was stopped)
TIMEOUT_NAMES = ("CellTimeoutError", "TimeoutError", "KeyboardInterrupt")

#: (kind, phrases of course_lib.grading.checks' messages that identify it), first match wins; the
#: Chinese phrases are those of the same messages in course_lib.grading.check_messages (COURSE_LANG=zh)
KINDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("missing", ("is not implemented yet", "is not defined yet", "has not been computed yet",
                 "还没有实现", "还没有定义", "还没有算出来")),
    ("exception", (" raised ", " 抛出了 ")),
    ("not_finite", ("contains NaN or inf", "含有 NaN 或 inf")),
    ("shape", ("should have shape", "should be ", "is not a sympy expression", "cannot be compared",
               "的形状应为", "应该是", "不是 sympy 表达式", "无法与期望的表达式比较")),
    ("symbolic", ("is not equivalent to the expected expression", "contains unexpected symbols",
                  "velocity terms", "is not skew-symmetric", "不等价", "含有多余的符号", "速度项", "不是斜对称的")),
    ("values", ("is wrong", "is not symmetric", "is not positive definite", "有误", "不对称", "不是正定的")),
)

_ADVICE = " Make sure nothing is hard-coded and that every parameter and input is used."
#: the only text a failed hidden test puts in the feedback, per kind of failure
HINTS: dict[str, str] = {
    "timeout": "A hidden test ran longer than the time limit and was stopped: look for a loop that "
               "never ends, or a computation far longer than the visible tests need.",
    "missing": "A hidden test could not check your work because something it needs is not done yet: "
               "complete and run every cell this test uses.",
    "exception": "Your code raised an error on a hidden test, which uses other states and other "
                 "parameters (e.g. another arm) than the visible test: make sure it works for every "
                 "valid input, not only for the course's values." + _ADVICE,
    "not_finite": "Your code returned NaN or inf on a hidden test, which uses other states and other "
                  "parameters than the visible test: look for a division by zero or an overflow."
                  + _ADVICE,
    "shape": "On a hidden test your result had the wrong type or shape: return the same kind of "
             "object for every input, as the instructions describe." + _ADVICE,
    "symbolic": "A hidden test compared your expression symbolically with the expected one and they "
                "differ: an expression can agree with the visible test's numbers and still be wrong "
                "in general. Re-derive it with every symbol kept.",
    "values": "A hidden test checked your work on other states and with other parameters (e.g. "
              "another arm) and it did not pass." + _ADVICE,
    "other": "A hidden test did not pass. It checks the same quantity as the visible test, on other "
             "states and with other parameters." + _ADVICE,
}


def failure_kind(ename: str, evalue: str) -> str:
    """The kind of a hidden test's failure (a key of :data:`HINTS`), from its error name and message.

    Only the kind is kept; the message itself is never shown.

    >>> failure_kind("AssertionError", "M is wrong at q = (0.1, 0.2) for another arm: got 1, expected 2")
    'values'
    >>> failure_kind("CellTimeoutError", "this cell ran longer than the time limit")
    'timeout'
    >>> failure_kind("NameError", "name 'x' is not defined")
    'missing'
    >>> failure_kind("IndexError", "tuple index out of range")
    'other'
    """
    if ename in TIMEOUT_NAMES:
        return "timeout"
    if ename == "NameError":  # hidden tests use the names the visible test already asked for
        return "missing"
    if ename == "AssertionError":
        for kind, phrases in KINDS:
            if any(p in evalue for p in phrases):
                return kind
    return "other"


def summarise_outputs(outputs: list) -> list:
    """Replace a hidden-test cell's outputs by at most one generic error line.

    Printed text, displays and the error's message and traceback are all dropped; a
    failure becomes ``HiddenTestFailed`` with the hint for its kind. A timeout is
    reported in preference to the KeyboardInterrupt that stopped the cell.

    >>> out = summarise_outputs([new_output("error", ename="AssertionError",
    ...                                     evalue="g is wrong at q = (1.0, 2.0): expected 3.7", traceback=[])])
    >>> "3.7" in str(out), out[0].traceback[0].startswith("HiddenTestFailed: A hidden test checked")
    (False, True)
    """
    errors = [o for o in outputs if o.get("output_type") == "error"]
    if not errors:
        return []
    timeouts = [o for o in errors if o.get("ename") in TIMEOUT_NAMES]
    first = (timeouts or errors)[0]
    hint = HINTS[failure_kind(first.get("ename", ""), first.get("evalue", ""))]
    return [new_output("error", ename="HiddenTestFailed", evalue=hint, traceback=[f"HiddenTestFailed: {hint}"])]


class HideHiddenTests(NbGraderPreprocessor):
    """nbconvert preprocessor: hidden test code, outputs and messages never reach the HTML.

    (An nbgrader preprocessor, so it is enabled by default, unlike plain nbconvert ones.)
    """

    begin_test_delimeter = Unicode(BEGIN, help="start of a hidden-test region").tag(config=True)
    end_test_delimeter = Unicode(END, help="end of a hidden-test region").tag(config=True)

    def preprocess_cell(self, cell: NotebookNode, resources: dict, index: int) -> tuple[NotebookNode, dict]:
        if cell.cell_type != "code":
            return cell, resources
        source, removed = strip_hidden(cell.source, self.begin_test_delimeter, self.end_test_delimeter)
        if removed:
            cell.source = source
            cell.outputs = summarise_outputs(cell.outputs)
        return cell, resources


#: HTML a student's markdown or output may keep in the feedback: formatting, tables, images, links
SAFE_TAGS = frozenset({
    "a", "abbr", "b", "blockquote", "br", "code", "div", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i",
    "img", "li", "ol", "p", "pre", "span", "strong", "sub", "sup", "table", "tbody", "td", "th", "thead", "tr",
    "ul", "dl", "dt", "dd", "del", "details", "summary",
})
SAFE_ATTRIBUTES = {"a": ["href", "title"], "img": ["src", "alt", "title", "width", "height"],
                   "*": ["class", "align", "colspan", "rowspan"]}
#: output types that only carry scripts, or can (SVG), and are dropped
UNSAFE_MIME = ("application/javascript", "text/javascript", "image/svg+xml",
               "application/vnd.jupyter.widget-view+json", "application/vnd.jupyter.widget-state+json")


def sanitise_html(text: str) -> str:
    """``text`` with every tag and attribute outside the safe lists removed (scripts, iframes,
    event handlers, ``javascript:`` links); the text between tags stays as text.

    >>> sanitise_html('<b>ok</b><script>steal()</script><img src=x onerror="steal()">')
    '<b>ok</b>steal()<img src="x">'
    """
    import bleach

    return bleach.clean(text, tags=SAFE_TAGS, attributes=SAFE_ATTRIBUTES,
                        protocols={"http", "https", "mailto", "data"}, strip=True, strip_comments=True)


class SanitiseStudentContent(NbGraderPreprocessor):
    """nbconvert preprocessor: what a student wrote or displayed reaches the feedback HTML only as
    safe HTML — markdown cells and HTML/markdown outputs sanitised, script-carrying outputs dropped."""

    def preprocess_cell(self, cell: NotebookNode, resources: dict, index: int) -> tuple[NotebookNode, dict]:
        if cell.cell_type in ("markdown", "raw"):
            cell.source = sanitise_html(cell.source)
            cell.pop("attachments", None)
        for output in cell.get("outputs", []):
            data = output.get("data")
            if not data:
                continue
            for mime in list(data):
                if mime in UNSAFE_MIME or mime.endswith("+javascript"):
                    del data[mime]
                elif mime in ("text/html", "text/markdown", "text/latex"):
                    text = data[mime] if isinstance(data[mime], str) else "".join(data[mime])
                    data[mime] = sanitise_html(text)
            if not data:
                data["text/plain"] = "[output removed from the feedback: it could run code in a browser]"
        return cell, resources
