"""Every static figure of the lessons carries a one-sentence text alternative: the caption cell after it.

A code cell that draws a matplotlib figure is followed by a Markdown cell that starts with the caption
marker of its language (:data:`MARKERS`: "*Figure:*", "*图：*") and says in one sentence what the figure
shows, so a reader who cannot see the plot (a screen reader, a failed image) still gets it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
MARKERS = {"en": "*Figure:*", "zh": "*图：*"}
#: a cell that makes a figure: pyplot's figure makers
MAKES_FIGURE = re.compile(r"\bplt\.(subplots|figure|subplot|plot|imshow|bar|scatter|hist)\(")
#: where a sentence ends, in either language
ENDS = re.compile(r"[.。](?=\s|$)")
NOTEBOOK_FILES = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + sorted((NOTEBOOKS / "zh").glob("[0-9][0-9]_*.ipynb"))


def text(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def caption_problems(cells: list[dict], lang: str) -> list[str]:
    """What is wrong with the captions of ``cells`` (a notebook's cells in language ``lang``)."""
    problems = []
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code" or not MAKES_FIGURE.search(text(cell)):
            continue
        after = cells[i + 1] if i + 1 < len(cells) else None
        said = text(after).strip() if after is not None and after["cell_type"] == "markdown" else ""
        if not said.startswith(MARKERS[lang]):
            problems.append(f"cell {cell.get('id')}: its figure is not followed by a caption cell "
                            f"starting {MARKERS[lang]!r} (next: {said[:40]!r})")
            continue
        sentence = said.split("\n\n")[0][len(MARKERS[lang]):].strip()
        ends = ENDS.findall(sentence)
        if len(sentence) < 20 or len(ends) != 1 or not ENDS.search(sentence[-1:]):
            problems.append(f"cell {cell.get('id')}: its caption is not one sentence: {sentence!r}")
    return problems


def test_the_check_finds_a_missing_a_wrong_and_a_two_sentence_caption():
    plot = {"cell_type": "code", "id": "p", "source": "fig, ax = plt.subplots()\nax.plot([0, 1])"}
    caption = {"cell_type": "markdown", "id": "c", "source": "*Figure:* A straight line rising from 0 to 1."}
    assert caption_problems([plot, caption], "en") == []
    assert caption_problems([plot], "en") and caption_problems([plot, caption], "zh")
    assert caption_problems([plot, dict(caption, source="*Figure:* A line. It rises from 0 to 1.")], "en")
    assert caption_problems([plot, dict(caption, source="A straight line rising from 0 to 1.")], "en")


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=[f"{p.parent.name}/{p.name}" for p in NOTEBOOK_FILES])
def test_every_figure_is_followed_by_a_one_sentence_caption(path):
    lang = "zh" if path.parent.name == "zh" else "en"
    problems = caption_problems(json.loads(path.read_text(encoding="utf-8"))["cells"], lang)
    assert not problems, f"{path.relative_to(NOTEBOOKS)}:\n" + "\n".join(problems)
