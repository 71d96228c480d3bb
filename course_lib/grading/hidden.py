"""The hidden part of a test cell: the lines between its markers (no import heavier than this module).

The checker process imports it to split a test cell into its visible and hidden parts;
:mod:`course_lib.grading.feedback` uses it to take the hidden part out of the feedback.
"""

from __future__ import annotations

BEGIN = "BEGIN HIDDEN TESTS"
END = "END HIDDEN TESTS"


def strip_hidden(source: str, begin: str = BEGIN, end: str = END) -> tuple[str, bool]:
    """Remove every line from a ``begin`` marker to the matching ``end`` marker, inclusive.

    Returns:
        (the remaining source, whether anything was removed).

    >>> strip_hidden("a = 1\\n### BEGIN HIDDEN TESTS\\nassert a\\n### END HIDDEN TESTS\\nb = 2")
    ('a = 1\\nb = 2', True)
    """
    kept, inside, removed = [], False, False
    for line in source.split("\n"):
        if begin in line:
            inside = removed = True
        elif end in line:
            inside = False
        elif not inside:
            kept.append(line)
    return "\n".join(kept), removed
