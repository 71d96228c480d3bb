"""Lesson 9's error-against-samples figure: its 1/√N guides can be seen."""

from __future__ import annotations

import json
import pathlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

NOTEBOOK = pathlib.Path(__file__).resolve().parents[3] / "notebooks" / "09_identification.ipynb"
#: the least gap (px) between a guide and any curve, at every sample: a guide under a curve is invisible
LEAST_GAP_PX = 4.0
SETUP = ("import numpy as np\nfrom course_lib import TwoLinkArm\nfrom course_lib.physics import identification as ident\n"
         "arm = TwoLinkArm()\n")


def _figure():
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    cell = next("".join(c["source"]) for c in cells if c["cell_type"] == "code" and "expected_errors(arm, rich" in
                "".join(c["source"]))
    plt.close("all")
    exec(compile(SETUP + cell, "09_identification", "exec"), {})
    fig = plt.gcf()
    fig.canvas.draw()
    return fig


def test_every_guide_is_dashed_above_the_curves_and_clear_of_all_of_them():
    """Each σ's guide has slope −1/2 on the log–log axes, is dashed and drawn over the curves, and at every sample
    lies at least LEAST_GAP_PX from every curve (once each guide ran exactly under its own solid line)."""
    fig = _figure()
    ax = fig.axes[0]
    lines = [line for line in ax.get_lines() if len(line.get_xdata()) > 1]
    curves = [line for line in lines if line.get_linestyle() == "-"]
    guides = [line for line in lines if line.get_linestyle() in ("--", ":", "-.")]
    assert len(curves) == 3 and len(guides) == 3
    to_px = ax.transData.transform
    for guide in guides:
        x, y = np.asarray(guide.get_xdata(), float), np.asarray(guide.get_ydata(), float)
        slope = np.polyfit(np.log(x), np.log(y), 1)[0]
        assert abs(slope + 0.5) < 1e-9
        assert guide.get_linestyle() == "--" and guide.get_zorder() > max(c.get_zorder() for c in curves)
        gy = to_px(np.column_stack([x, y]))[:, 1]
        for curve in curves:
            cy = to_px(np.column_stack([curve.get_xdata(), curve.get_ydata()]))[:, 1]
            assert np.min(np.abs(gy - cy)) >= LEAST_GAP_PX, (guide.get_color(), curve.get_color())
    plt.close("all")
