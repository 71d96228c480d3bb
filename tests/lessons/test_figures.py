"""The static figures of the lessons: what a learner reads must not be covered by the figure's own parts."""

from __future__ import annotations

import json
import pathlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"


def cell_with(notebook: str, marker: str) -> str:
    cells = json.loads((NOTEBOOKS / notebook).read_text())["cells"]
    return next("".join(c["source"]) for c in cells if c["cell_type"] == "code" and marker in "".join(c["source"]))


def test_the_period_plot_legend_covers_none_of_the_curves():
    """02's period figure (θ₀ = 10°, 60°, 150°): the legend sits outside every plot area, so no curve hides under it."""
    plt.close("all")
    exec(compile("import numpy as np\n" + cell_with("02_pendulum.ipynb", "swing_period"), "02_pendulum", "exec"), {})
    fig = plt.gcf()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend() is not None]
    assert legends, "the figure has a legend naming the two curves"
    for legend in legends:
        box = legend.get_window_extent(renderer)
        for ax in fig.axes:
            assert not box.overlaps(ax.get_window_extent(renderer)), f"the legend covers the plot {ax.get_title()!r}"
    plt.close("all")
