"""Keep hidden tests out of the feedback students receive.

During autograding nbgrader restores every locked test cell from the gradebook,
hidden tests included, and ``generate_feedback`` renders that notebook as it is.
:class:`HideHiddenTests` (listed in ``GenerateFeedback.preprocessors`` in
nbgrader_config.py) removes the hidden region from each such cell and replaces its
outputs by one line saying whether a hidden test failed and with which message —
the traceback is dropped because it quotes the hidden code.
"""

from __future__ import annotations

from nbformat import NotebookNode
from nbgrader.preprocessors import NbGraderPreprocessor
from nbformat.v4 import new_output
from traitlets import Unicode

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


def summarise_outputs(outputs: list) -> list:
    """Replace a hidden-test cell's outputs by at most one error line without traceback.

    A timeout is reported in preference to the KeyboardInterrupt that stopped the cell.
    """
    errors = [o for o in outputs if o.get("output_type") == "error"]
    if not errors:
        return []
    errors.sort(key=lambda o: o.get("ename") != "CellTimeoutError")
    ename, evalue = errors[0].get("ename", "Error"), errors[0].get("evalue", "")
    line = f"A hidden test failed: {ename}: {evalue}"
    return [new_output("error", ename=ename, evalue=evalue, traceback=[line])]


class HideHiddenTests(NbGraderPreprocessor):
    """nbconvert preprocessor: hidden test code and its tracebacks never reach the HTML.

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
