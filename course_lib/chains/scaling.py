"""How the cost of each algorithm grows with n: the saved figures and their log–log slopes.

``make bench`` times RNEA, CRBA + Cholesky, ABA (ours) and Pinocchio's RNEA
and ABA on random chains of n = 2 … 100 joints and saves the medians to
``scaling.json`` next to this module, so a lesson can plot large n without
spending minutes measuring. A cost c nᵖ is a straight line of slope p on
log–log axes: p ≈ 1 for RNEA and ABA, 2 for CRBA's double loop, 3 for a
dense solve once n is large enough for it to dominate.

>>> round(log_log_slope([10, 20, 40], [1.0, 4.0, 16.0]), 6)
2.0
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import numpy as np

SCALING_FILE = Path(__file__).with_name("scaling.json")


def log_log_slope(n: Sequence[float], times: Sequence[float]) -> float:
    """p of the least-squares fit log t = p log n + c."""
    n, times = np.asarray(n, dtype=float), np.asarray(times, dtype=float)
    if n.shape != times.shape or n.size < 2 or np.any(n <= 0) or np.any(times <= 0):
        raise ValueError(f"need two or more positive (n, time) pairs of equal length, got {n}, {times}")
    return float(np.polyfit(np.log(n), np.log(times), 1)[0])


def load_scaling(path: Path | str = SCALING_FILE) -> dict[str, Any]:
    """The saved figures: ``{"n": [...], "us": {algorithm: [...]}, "machine": "..."}`` (µs per call)."""
    return json.loads(Path(path).read_text())
