"""Assignment 5's visible checks, run in-process on typical slips (the walkthrough's findings).

The setup cell and the visible test cells are taken from the solution notebook and executed in one
namespace with a learner's definitions, as the kernel would; each slip must get a message that says what to do.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

SOLUTION = Path(__file__).parents[2] / "solutions" / "05_identification" / "identification.ipynb"


def _cells() -> dict[str, str]:
    nb = json.loads(SOLUTION.read_text())
    return {c["metadata"].get("nbgrader", {}).get("grade_id"): "".join(c["source"]) for c in nb["cells"]
            if c["cell_type"] == "code"}


def _solution(source: str) -> str:
    """The cell with its solution block kept, nbgrader's markers dropped."""
    return "\n".join(line for line in source.split("\n") if "### " not in line)


@pytest.fixture()
def namespace():
    cells = _cells()
    ns: dict = {}
    exec(cells["setup"], ns)
    for cell in ("regressor_sym", "regressor_num", "estimate", "score"):
        exec(_solution(cells[cell]), ns)
    return ns, cells


def test_the_solution_passes_every_visible_check(namespace):
    ns, cells = namespace
    for cell in ("test_regressor_sym", "test_regressor_num", "test_estimate", "test_score"):
        exec(cells[cell], ns)


def test_returning_lstsqs_whole_tuple_is_told_to_take_its_first_item(namespace):
    ns, cells = namespace
    exec("def identify(q, qd, qdd, tau, g_value):\n"
         "    A = np.vstack([regressor(q[k], qd[k], qdd[k], g_value) for k in range(len(q))])\n"
         "    return np.linalg.lstsq(A, np.asarray(tau).reshape(-1), rcond=None)\n", ns)
    with pytest.raises(AssertionError, match=r"identify should return the parameter vector.*take \[0\]") as err:
        exec(cells["test_estimate"], ns)
    assert "inhomogeneous" not in str(err.value)


def test_a_regressor_with_g_typed_as_9_81_fails_the_visible_check(namespace):
    ns, cells = namespace
    honest = ns["regressor"]
    ns["regressor"] = lambda q, qd, qdd, g_value: honest(q, qd, qdd, 9.81)
    with pytest.raises(AssertionError, match=r"g_value = 1\.62"):
        exec(cells["test_regressor_num"], ns)


def test_a_stray_symbol_is_reported_with_g_among_the_allowed_ones(namespace):
    ns, cells = namespace
    import sympy as sp

    ns["Y_sym"] = ns["Y_sym"] * sp.Symbol("m2")
    with pytest.raises(AssertionError, match=r"unexpected symbols \['m2'\].*'g'\]"):
        exec(cells["test_regressor_sym"], ns)
    assert np.isfinite(ns["ARM"].g)
