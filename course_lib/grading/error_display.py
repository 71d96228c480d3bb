"""How errors look in an assignment: the test's message first, the traceback one click away.

The setup cell of every assignment calls :func:`show_messages_first`. After
that, in this kernel:

* a failing test (an ``AssertionError``, which is how every check in
  :mod:`course_lib.grading.checks` reports) shows only its message, as
  IPython's minimal mode does, e.g. ``AssertionError: T is wrong at th =
  0.074, thd = -1.2: got 3.645, expected 2.551``: the traceback of the
  checking code says nothing the message does not;
* any other error (a bug in the learner's own code) shows its one-line
  summary, ``NameError: name 'sp' is not defined``, first, with the full
  traceback folded underneath ("Show the full traceback").

The cell still ends in an error, so Run All stops there and nbgrader still
scores the test cell as failed. Outside IPython the call does nothing.
"""

from __future__ import annotations

import html
import re
from typing import Any

#: ANSI colour codes in IPython's tracebacks
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def summary(etype: type, value: BaseException) -> str:
    """The first line a learner sees, ``Name: message``, as in IPython's minimal mode.

    >>> summary(AssertionError, AssertionError("T is wrong at th = 0.074: got 3.645, expected 2.551"))
    'AssertionError: T is wrong at th = 0.074: got 3.645, expected 2.551'
    """
    text = str(value).strip()
    return f"{etype.__name__}: {text}" if text else etype.__name__


def _handler(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: int | None = None) -> list[str]:
    """IPython custom exception handler: the summary as the error output, details folded."""
    short = [summary(etype, value)]
    shell._showtraceback(etype, value, short)
    if not issubclass(etype, AssertionError):
        try:
            full = shell.InteractiveTB.structured_traceback(etype, value, tb, tb_offset=tb_offset)
            trace = _ANSI.sub("", "\n".join(full))
        except Exception:  # noqa: BLE001 - the summary alone is still shown
            trace = ""
        if trace:
            from IPython.display import HTML, display

            from course_lib.grading.check_messages import text

            display(HTML(f"<details class='course-traceback'><summary>{html.escape(text('show_traceback'))}</summary>"
                         f"<pre style='font-size:85%'>{html.escape(trace)}</pre></details>"))
    return short


def show_messages_first(shell: Any = None) -> bool:
    """Install the handler in the running IPython (the notebook's kernel).

    Args:
        shell: an IPython shell; default the current one.

    Returns:
        True when installed, False outside IPython.
    """
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    shell.set_custom_exc((Exception,), _handler)
    return True
