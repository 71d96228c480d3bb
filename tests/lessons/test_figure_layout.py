"""Every static (matplotlib) figure of every notebook, drawn with Agg: no title, legend, axis label or
annotation covers another's box, and none falls outside the figure.

The notebook's code cells run in order, in one namespace, in this process (no kernel: a few seconds per
notebook); after each cell the figures it made are measured and closed. ``plt.show`` does nothing here.
"""

from __future__ import annotations

import itertools
import json
import pathlib

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.transforms import Bbox  # noqa: E402

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"
#: boxes may touch: an overlap must be wider and taller than this (pixels at the figure's dpi) to count
SLACK_PX = 1.0


def figure_notebooks() -> list[str]:
    return sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if "plt." in p.read_text())


def code_cells(notebook: str) -> list[str]:
    cells = json.loads((NOTEBOOKS / notebook).read_text())["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def labelled_boxes(fig) -> list[tuple[str, Bbox]]:
    """(what, box in pixels) of every non-empty title, legend, axis label and annotation of ``fig``."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    out: list[tuple[str, object]] = []
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        name = ax.get_title() or f"axes {fig.axes.index(ax)}"
        for loc in ("left", "center", "right"):
            out.append((f"title of {name!r}", ax.title if loc == "center" else getattr(ax, f"_{loc}_title")))
        out += [(f"x label of {name!r}", ax.xaxis.label), (f"y label of {name!r}", ax.yaxis.label)]
        out += [(f"text {t.get_text()!r} in {name!r}", t) for t in ax.texts]
        if ax.get_legend() is not None:
            out.append((f"legend of {name!r}", ax.get_legend()))
    out += [(f"figure text {t.get_text()!r}", t) for t in fig.texts]
    out += [("figure legend", legend) for legend in fig.legends]
    if fig._suptitle is not None:
        out.append(("suptitle", fig._suptitle))
    boxes = []
    for what, artist in out:
        if not artist.get_visible() or (hasattr(artist, "get_text") and not artist.get_text().strip()):
            continue
        boxes.append((what, artist.get_window_extent(renderer)))
    return boxes


def layout_problems(fig) -> list[str]:
    """What covers what, and what leaves the figure, in words; empty when the figure reads."""
    boxes = labelled_boxes(fig)
    frame = fig.bbox
    problems = [f"{what} leaves the figure" for what, b in boxes
                if b.x0 < frame.x0 - SLACK_PX or b.y0 < frame.y0 - SLACK_PX or b.x1 > frame.x1 + SLACK_PX
                or b.y1 > frame.y1 + SLACK_PX]
    for (wa, a), (wb, b) in itertools.combinations(boxes, 2):
        if min(a.x1, b.x1) - max(a.x0, b.x0) > SLACK_PX and min(a.y1, b.y1) - max(a.y0, b.y0) > SLACK_PX:
            problems.append(f"{wa} covers {wb}")
    return problems


def test_the_check_sees_a_legend_over_a_title_and_a_label_off_the_figure():
    """The check itself, on a figure built broken: a legend placed on the title, a text beyond the right edge."""
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.plot([0, 1], [0, 1], label="a long legend entry")
    ax.set_title("the title")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0))
    ax.text(1.05, 0.5, "beyond the edge of the figure", transform=ax.transAxes)
    problems = layout_problems(fig)
    plt.close(fig)
    assert any("legend" in p and "title" in p for p in problems)
    assert any("leaves the figure" in p for p in problems)


@pytest.mark.lesson_run
@pytest.mark.parametrize("notebook", figure_notebooks())
def test_every_static_figure_reads(notebook, monkeypatch):
    monkeypatch.setattr(plt, "show", lambda *a, **k: None)
    plt.close("all")
    from IPython.display import display

    namespace: dict = {"__name__": "__main__", "display": display}
    problems, figures = [], 0
    for number, source in enumerate(code_cells(notebook), start=1):
        if source.lstrip().startswith(("%", "!")):
            continue
        exec(compile(source, f"{notebook} cell {number}", "exec"), namespace)
        for num in plt.get_fignums():
            figures += 1
            problems += [f"cell {number}: {p}" for p in layout_problems(plt.figure(num))]
        plt.close("all")
    assert figures, f"{notebook} mentions plt but drew no figure"
    assert not problems, "\n".join(problems)
