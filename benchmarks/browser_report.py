"""Print the browser figures (``make bench-browser``): Play fps, slider and drag to pixels, over a slow link.

Usage::

    .venv/bin/python benchmarks/browser_report.py [reports/browser_latency.json]

The browser tests write the figures (tests/browser/test_scene_in_browser.py
for the scene widget, tests/browser/test_predict_in_browser.py for a predicted
posture lab, tests/browser/test_notebooks_in_browser.py for every lesson);
this script only prints them beside the issue's targets, and marks
each figure that misses its target.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "reports" / "browser_latency.json"

#: (what, key path, target, "min" when the figure must be at least the target)
FIGURES = [
    ("Play, distinct frames/s over 5 s", ("play", "fps"), 55.0, "min"),
    ("slider to pixels, median (ms)", ("slider_to_pixels_ms", "median"), 50.0, "max"),
    ("drag to pixels, median (ms)", ("drag_to_pixels_ms", "median"), 25.0, "max"),
    ("keyboard push to pixels, median (ms)", ("key_to_pixels_ms", "median"), 50.0, "max"),
    ("drag to pixels, median (ms)", ("drag_latency_ms", "median"), 25.0, "max"),
    ("slider to pixels, median (ms)", ("latency_ms", "median"), 50.0, "max"),
    ("two views, JupyterLab view: frames drawn/s (live)", ("lab", "frames_drawn_per_s"), 8.0, "min"),
    ("two views, Notebook 7 view: frames drawn/s (live)", ("notebook7", "frames_drawn_per_s"), 8.0, "min"),
]
SLOW_TARGETS = {("play", "fps"): 55.0, ("slider_to_pixels_ms", "median"): 250.0}
#: a predicted lab (tests/browser/test_predict_in_browser.py): the prediction's pixels, and the kernel's frame
#: confirming it within one round trip (0 locally, 200 ms over the slow link) plus 30 ms
PREDICTED = [("slider to pixels, predicted, median (ms)", ("slider_to_pixels_ms", "median"), 20.0, 25.0),
             ("slider to kernel-confirmed picture, median (ms)", ("slider_to_confirmed_ms", "median"), 30.0, 230.0)]


def dig(data: dict, path: tuple[str, ...]):
    """data[path[0]][path[1]]..., or None where a key is missing."""
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return data


def rows(report: dict) -> list[list[str]]:
    """One row per (notebook, app, figure) present in the report."""
    out = []
    for notebook, apps in sorted(report.items()):
        for app, figures in sorted(apps.items()):
            slow = app.endswith("+100ms")
            if notebook.startswith("predict_"):
                for what, path, local, delayed in PREDICTED:
                    value, target = dig(figures, path), delayed if slow else local
                    if value is not None:
                        out.append([notebook, app, what, f"{value:.1f}", f"≤ {target:g}",
                                    "ok" if value <= target else "MISSED"])
                continue
            for what, path, target, kind in FIGURES:
                value = dig(figures, path)
                if value is None:
                    continue
                target = SLOW_TARGETS.get(path, target) if slow else target
                met = value >= target if kind == "min" else value <= target
                sign = "≥" if kind == "min" else "≤"
                out.append([notebook, app, what, f"{value:.1f}", f"{sign} {target:g}", "ok" if met else "MISSED"])
    return out


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else REPORT
    if not path.exists():
        print(f"no browser report at {path}: run `make bench-browser` (or the browser tests) first")
        return 1
    table = rows(json.loads(path.read_text()))
    header = ["notebook", "app", "figure", "value", "target", ""]
    widths = [max(len(r[i]) for r in [header] + table) for i in range(len(header))]
    for r in [header, ["-" * w for w in widths]] + table:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |")
    print("\napp '+100ms': 100 ms added each way on the kernel's websocket (tests/browser/delay_proxy.py);"
          "\napp 'lab+notebook7': the scene run in JupyterLab and opened in Notebook 7 on the same kernel,"
          "\nPlay pressed in JupyterLab, each view measured in front for 2 s (a liveness check; its"
          "\nframes are counted by the widget, not hashed, as the canvas there is at devicePixelRatio 2).")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
