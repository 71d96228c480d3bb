"""Every Markdown cell of every notebook renders as written: no raw backticks, no merged list items.

Rendering follows Jupyter (formulas set aside first, see markdown_render.py)
and markdown-it-py for the Markdown.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.markdown_render import render

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p for d in ("notebooks", "solutions", "exercises") for p in (ROOT / d).rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
CELLS = [(nb, i, "".join(c["source"])) for nb in NOTEBOOKS
         for i, c in enumerate(json.loads(nb.read_text())["cells"]) if c["cell_type"] == "markdown"]


@pytest.mark.parametrize("nb, index, source", CELLS,
                         ids=[f"{nb.relative_to(ROOT)}#{i}" for nb, i, _ in CELLS])
def test_markdown_cell_renders_as_written(nb, index, source):
    """Code stays code (no backtick is shown), every formula closes, every bullet is its own list item."""
    r = render(source)
    where = f"{nb.relative_to(ROOT)}, Markdown cell {index}"
    assert "`" not in r.text, f"{where}: a backtick shows in the text: {r.text[:300]!r}"
    for formula in r.math:
        assert "`" not in formula, (f"{where}: the formula {formula[:120]!r} swallows code; put a space or a word "
                                    "between a $ and a backtick")
    assert r.list_items == r.marker_lines, (
        f"{where}: {r.marker_lines} lines start like a list item but {r.list_items} list items render "
        "(a line inside a formula must not start with '- ', and items must not merge)")


def test_the_checker_sees_the_reviewers_broken_bullets():
    """The old §2 of 01_lagrange: a $ before a backtick swallowed the next bullet; the check must catch it."""
    broken = ("- `p_theta` $= \\partial L/\\partial\\dot\\theta$, the momentum;\n"
              "- `dp_dt` $= \\frac{d}{dt}\\,$`p_theta`;\n"
              "- `dL_dtheta` $= \\partial L/\\partial\\theta$.")
    r = render(broken)
    assert r.list_items == 2 and r.marker_lines == 3
    assert any("`" in m for m in r.math)
    fixed = render(broken.replace("\\,$`p_theta`", "\\,p_\\theta$ of `p_theta`"))
    assert fixed.list_items == fixed.marker_lines == 3 and not any("`" in m for m in fixed.math)
