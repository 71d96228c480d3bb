"""Print the course's benchmark tables (``make bench``).

Usage::

    .venv/bin/python benchmarks/run.py             # every table
    .venv/bin/python benchmarks/run.py --scaling   # only lesson 10's cost curves (scaling.json)

Table 1 times course_lib's 2R arm (one state, a batch of 10⁴ states, a 10 s
simulation) beside Pinocchio on the same model, with the ratio of the times
and the largest difference between the two answers. Table 2 lists the labs'
own measurements when ``benchmarks/labs.py`` provides ``lab_benchmarks()``.
The measurements live in :mod:`benchmarks.core`; this file only prints.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if sys.argv[1:] == ["--scaling"]:
    # One BLAS thread: helper threads spinning after a large Cholesky would share the cores with the
    # single-threaded calls timed next, and inflate them (seen: CRBA at n = 200 1.6× slower).
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = "1"
if str(ROOT) not in sys.path:  # run as a script: make `benchmarks` and `course_lib` importable
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from benchmarks import core  # noqa: E402


def markdown_table(header: list[str], rows: list[list[str]], right: set[int] | None = None) -> str:
    """A Markdown table with padded columns; columns in ``right`` are right-aligned.

    Args:
        header: column titles.
        rows: the cells, already formatted as strings.
        right: indices of right-aligned (numeric) columns.

    Returns:
        The table as one string.
    """
    right = right or set()
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows)]

    def line(cells: list[str]) -> str:
        padded = [str(c).rjust(w) if i in right else str(c).ljust(w)
                  for i, (c, w) in enumerate(zip(cells, widths))]
        return "| " + " | ".join(padded) + " |"

    rule = ["-" * (w - 1) + ":" if i in right else "-" * w for i, w in enumerate(widths)]
    return "\n".join([line(header), "| " + " | ".join(rule) + " |"] + [line(r) for r in rows])


def fmt_us(us: float | None) -> str:
    """Microseconds with sensible precision and thousands separators; '—' when absent."""
    if us is None:
        return "—"
    if us < 10:
        return f"{us:.2f}"
    if us < 1000:
        return f"{us:.1f}"
    return f"{us:,.0f}"


def fmt_ratio(r: float | None) -> str:
    return "—" if r is None else f"{r:.2g}×" if r < 10 else f"{r:,.0f}×"


def fmt_diff(d: float | None) -> str:
    return "—" if d is None else f"{d:.1e}"


def fmt_cell(value: Any) -> str:
    """A lab table cell: floats to four significant figures, everything else as text."""
    if isinstance(value, (float, np.floating)):
        return f"{value:.4g}"
    return "" if value is None else str(value)


def print_arm_table() -> None:
    pin_version = core.pinocchio_version()
    print("## course_lib vs Pinocchio, planar 2R arm (median times, µs)\n")
    print(f"Python {platform.python_version()}, NumPy {np.__version__}, "
          f"Pinocchio {pin_version or 'not installed'}, {os.cpu_count()} CPU(s)\n")
    rows = core.arm_benchmarks(use_pinocchio=pin_version is not None)
    header = ["quantity", "case", "course_lib (µs)", "Pinocchio call", "Pinocchio (µs)",
              "ours / Pinocchio", "max abs diff"]
    cells = [[r.quantity, r.case, fmt_us(r.ours_us), r.pin_call, fmt_us(r.pin_us),
              fmt_ratio(r.ratio), fmt_diff(r.max_abs_diff)] for r in rows]
    print(markdown_table(header, cells, right={2, 4, 5, 6}))
    print()
    print(f"Batches: course_lib makes one vectorised call on {core.BATCH:,} states; Pinocchio "
          "is called once per state in a Python loop. Simulation: course_lib.physics.simulate.integrators.simulate "
          "(which also records energy and work) against an RK4 loop in Python calling pin.aba "
          "with the same step. 'max abs diff' compares the two answers on the same inputs.")
    if pin_version is None:
        print("\nPinocchio is not installed (`pip install pin`, part of the test extra): "
              "only course_lib was timed.")


def print_chain_table() -> None:
    from benchmarks.chains import chain_benchmarks

    print("\n## course_lib.physics.chains vs Pinocchio, n-joint chains (median times, µs)\n")
    rows = chain_benchmarks(use_pinocchio=core.pinocchio_version() is not None)
    header = ["quantity", "case", "course_lib (µs)", "Pinocchio call", "Pinocchio (µs)",
              "ours / Pinocchio", "max abs diff"]
    cells = [[r.quantity, r.case, fmt_us(r.ours_us), r.pin_call, fmt_us(r.pin_us),
              fmt_ratio(r.ratio), fmt_diff(r.max_abs_diff)] for r in rows]
    print(markdown_table(header, cells, right={2, 4, 5, 6}))
    print("\nReadable numpy, one 6×6 product at a time, against Pinocchio's C++ (CRBA: the "
          "symmetrised pin.crba).")
    print_batch_speedup()
    print_chain_scaling()


def print_batch_speedup() -> None:
    from benchmarks.chains import batch_speedup

    r = batch_speedup()
    if r is None:
        return
    print(f"\nrnea_batch against a Python loop over pin.rnea, Panda-like arm, {core.BATCH:,} "
          f"states: {r['ours_ms']:.1f} ms against {r['loop_ms']:.1f} ms, "
          f"**{r['speedup']:.2f}× faster** (CPU time {r['ours_cpu_ms']:.1f} against "
          f"{r['loop_cpu_ms']:.1f} ms, {r['speedup_cpu']:.2f}×; min of 9 alternating rounds; "
          f"load average {r['load']:.1f}; target: faster than the loop).")


def print_chain_scaling() -> None:
    from benchmarks.chains import chain_scaling, save_scaling
    from course_lib.physics.chains.scaling import ORDERS, SCALING_FILE, fitted_slope

    data = chain_scaling()
    save_scaling(data)
    n = data["n"]
    print(f"\n### Time per call against n = {n[0]} … {n[-1]} (µs), saved to "
          f"{SCALING_FILE.relative_to(ROOT)}\n")
    header = ["n"] + list(data["us"])
    cells = [[str(k)] + [fmt_us(data["us"][a][i]) for a in data["us"]] for i, k in enumerate(n)]
    cells.append([f"slope (n ≥ {data['fit_from_n']})"] + [f"{fitted_slope(data, a):.2f}" for a in data["us"]])
    cells.append(["order"] + [str(ORDERS[a]) for a in data["us"]])
    print(markdown_table(header, cells, right=set(range(1, len(header)))))


def print_lab_table() -> bool:
    """Print the labs' table; return False if lab_benchmarks() itself failed."""
    print("\n## Labs\n")
    try:
        from benchmarks.labs import lab_benchmarks
    except ImportError as exc:
        print(f"No lab benchmarks: benchmarks/labs.py with lab_benchmarks() is not available ({exc}).")
        return True
    try:
        rows = lab_benchmarks()
    except Exception as exc:  # report, but keep the table above on screen
        print(f"lab_benchmarks() failed: {type(exc).__name__}: {exc}")
        return False
    if not rows:
        print("lab_benchmarks() returned no rows.")
        return True
    header: list[str] = []
    for row in rows:
        header += [k for k in row if k not in header]
    cells = [[fmt_cell(row.get(k)) for k in header] for row in rows]
    numeric = {i for i, k in enumerate(header)
               if all(isinstance(r.get(k), (int, float, np.number)) for r in rows)}
    print(markdown_table(header, cells, right=numeric))
    return True


def main() -> int:
    start = time.perf_counter()
    if sys.argv[1:] == ["--scaling"]:          # `make bench-scaling`: only the cost curves of lesson 10
        print_chain_scaling()
        return 0
    print_arm_table()
    print_chain_table()
    ok = print_lab_table()
    print(f"\n(total {time.perf_counter() - start:.0f} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
