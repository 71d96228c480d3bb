"""Lesson 3's Chinese twin draws its figures' titles, axis labels, legends and annotations in Chinese, and
no annotation on the wall's line.

The twin's code cells (the English ones, with the language line first) run in order in this process, with
Agg, as ``tests/lessons/test_figure_layout.py`` runs them; every text of every figure they make is read back
from matplotlib, so a text typed into a cell in English is found, whatever the message tables hold.
"""

from __future__ import annotations

import json
import pathlib
import re

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from course_lib.i18n import set_language  # noqa: E402

TWIN = pathlib.Path(__file__).resolve().parents[3] / "notebooks" / "zh" / "03_two_link_arm.ipynb"
#: a word of English: three Latin letters or more, not part of a symbol's subscript (x_tool, W_ext) or name
ENGLISH_WORD = re.compile(r"(?<![A-Za-z_])[A-Za-z]{3,}(?![A-Za-z_0-9])")
#: proper names the Chinese text keeps in Latin letters (as the twin's Markdown does)
NAMES = {"Baumgarte"}


def english_words(text: str) -> list[str]:
    """The English words of ``text`` (symbols, units and :data:`NAMES` are not words)."""
    return [word for word in ENGLISH_WORD.findall(text) if word not in NAMES]


def figure_texts(fig) -> list[str]:
    """Every non-empty title, axis label, legend entry and text (annotations too) of ``fig``."""
    texts = []
    for ax in fig.axes:
        texts += [ax.get_title(loc) for loc in ("left", "center", "right")]
        texts += [ax.get_xlabel(), ax.get_ylabel()] + [t.get_text() for t in ax.texts]
        if ax.get_legend() is not None:
            texts += [t.get_text() for t in ax.get_legend().get_texts()]
    for legend in fig.legends:
        texts += [t.get_text() for t in legend.get_texts()]
    texts += [t.get_text() for t in fig.texts]
    return [t for t in texts if t.strip()]


def texts_on_a_wall(fig) -> list[str]:
    """The texts of ``fig`` whose box a vertical line (``axvline``, the wall in lesson 3) crosses."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    crossed = []
    for ax in fig.axes:
        walls = [line for line in ax.lines if line.get_transform().contains_branch_seperately(ax.transData)
                 == (True, False)]                                    # x in data units, y in axes units
        for text in ax.texts:
            box = text.get_window_extent(renderer)
            for wall in walls:
                x = ax.transData.transform((wall.get_xdata()[0], 0.0))[0]
                half = wall.get_linewidth() * fig.dpi / 72 / 2              # points to pixels
                if text.get_text().strip() and box.x0 < x + half and box.x1 > x - half:
                    crossed.append(text.get_text())
    return crossed


def test_the_wall_check_sees_a_label_on_the_wall_and_none_beside_it():
    fig, ax = plt.subplots()
    ax.set_xlim(0, 2)
    ax.axvline(1.0, lw=4)
    ax.plot([0, 1], [0, 1])
    ax.annotate("on", xy=(1.0, 0.5))
    ax.annotate("beside", xy=(0.5, 0.5))
    assert texts_on_a_wall(fig) == ["on"]
    plt.close(fig)


def test_the_word_check_finds_english_and_passes_symbols_units_and_names():
    assert english_words("semi-implicit Euler, h = 2 ms: pendulum") == ["semi", "implicit", "Euler", "pendulum"]
    assert english_words("漂移 |φ| = |x_tool − x_wall|，h = 10 ms") == []
    assert english_words("Baumgarte 稳定化 α = β = 10 1/s") == [] and english_words("普通 RK4") == []


@pytest.mark.lesson_run
def test_every_figure_of_the_chinese_twin_reads_in_chinese(monkeypatch):
    monkeypatch.setattr(plt, "show", lambda *a, **k: None)
    plt.close("all")
    from IPython.display import display

    cells = [c for c in json.loads(TWIN.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    namespace: dict = {"__name__": "__main__", "display": display}
    english, on_wall, figures = [], [], 0
    try:
        for number, cell in enumerate(cells, start=1):
            source = "".join(cell["source"])
            if source.lstrip().startswith(("%", "!")):
                continue
            exec(compile(source, f"zh/03 code cell {number}", "exec"), namespace)
            for num in plt.get_fignums():
                figures += 1
                english += [f"code cell {number}: {text!r}" for text in figure_texts(plt.figure(num))
                            if english_words(text)]
                on_wall += [f"code cell {number}: {text!r}" for text in texts_on_a_wall(plt.figure(num))]
            plt.close("all")
    finally:
        set_language("en")
        plt.close("all")
    assert figures >= 2, "the twin draws the semi-implicit Euler figure and the wall figure"
    assert not english, "English in the Chinese twin's figures:\n" + "\n".join(english)
    assert not on_wall, "texts drawn on the wall's line: " + ", ".join(on_wall)
