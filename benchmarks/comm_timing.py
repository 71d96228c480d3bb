"""The kernel's side of one slider change, as a front end drives it: comm message in, frame out.

Every widget made while :func:`recording` is in force gets a comm that JSON-encodes each message it
sends, as ipykernel does (``jupyter_client``'s packer), and notes when it was sent and how many bytes
it took. :func:`slider_changes` then delivers a slider's ``update`` message to its widget exactly as
the comm layer does (``_handle_msg``), and times, with ``time.perf_counter`` in this process, from its
arrival to the scene's new ``frame`` sent and to the end of the whole callback (every message of the
change sent). Nothing is printed here; ``python -m benchmarks.comm_timing`` prints a table.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any, Callable, Iterator

import comm
import numpy as np
from comm.base_comm import BaseComm
from jupyter_client.session import json_packer


class JsonComm(BaseComm):
    """A comm that packs each message as the kernel's session would, and keeps (time, bytes, what) of each."""

    sent: list[tuple[float, int, str]] = []

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                    **keys: Any) -> None:
        packed = json_packer({"data": data or {}, "metadata": metadata or {}})
        size = len(packed) + sum(len(memoryview(b)) for b in buffers or ())
        state = (data or {}).get("state", {}) if isinstance(data, dict) else {}
        what = (data or {}).get("method", msg_type) + ":" + ",".join(sorted(state))
        JsonComm.sent.append((time.perf_counter(), size, what))


@contextlib.contextmanager
def recording() -> Iterator[None]:
    """Widgets made inside get a :class:`JsonComm` (the front end's messages can then be fed to them)."""
    old = comm.create_comm
    comm.create_comm = JsonComm
    try:
        yield
    finally:
        comm.create_comm = old


def deliver(widget: Any, state: dict[str, Any]) -> None:
    """The front end's ``update`` of ``widget``'s traits, handled as the comm layer hands it over."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})


def slider_changes(lab: Any, moves: list[tuple[str, float]], warmup: int = 5) -> dict[str, Any]:
    """Time each ``(control key, value)`` delivered to ``lab`` as the front end sends it.

    Returns:
        ``frame_ms`` (arrival to the scene's frame sent), ``total_ms`` (arrival to the callback's end, every
        message sent), ``cpu_ms`` (this process's CPU time for the whole change: on a shared machine the wall
        clock also counts waiting for a core), ``bytes`` (sent per change) and ``messages`` (what each change sent, of the last one),
        each an array over the timed changes (``messages``: a list).
    """
    frame, total, cpu, size, last = [], [], [], [], []
    for k, (key, value) in enumerate(moves):
        widget = lab.controls[key]
        JsonComm.sent.clear()
        t0, c0 = time.perf_counter(), time.process_time()
        deliver(widget, {"value": value})
        t1, c1 = time.perf_counter(), time.process_time()
        if k < warmup:
            continue
        frames = [t for t, _, what in JsonComm.sent if "frame" in what.split(":")[1].split(",")]
        frame.append(((frames[0] if frames else t1) - t0) * 1e3)
        total.append((t1 - t0) * 1e3)
        cpu.append((c1 - c0) * 1e3)
        size.append(sum(s for _, s, _ in JsonComm.sent))
        last = [(what, s) for _, s, what in JsonComm.sent]
    return {"frame_ms": np.array(frame), "total_ms": np.array(total), "cpu_ms": np.array(cpu), "bytes": np.array(size), "messages": last}


def lesson_labs() -> list[tuple[str, Callable[[], Any], list[tuple[str, float]]]]:
    """Lessons 0, 5, 6 and 7: a lab maker and 60 slider changes each (angles, and the lab's other sliders)."""
    from course_lib.lessons.coriolis.lab import ChristoffelLab
    from course_lib.lessons.mass_matrix.lab import MassMatrixLab
    from course_lib.lessons.operational_space.lab import OperationalSpaceLab
    from course_lib.lessons.start_here.lab import ArmPreviewLab

    angles = [("theta2" if k % 2 else "theta1", float(a)) for k, a in enumerate(np.linspace(-170, 170, 40).round())]
    return [
        ("00 start_here", ArmPreviewLab, angles + angles[:20]),
        ("05 mass_matrix", MassMatrixLab,
         angles + [("E", float(v)) for v in np.linspace(0.2, 0.9, 15).round(2)] + [("theta2", 10.0 + k) for k in range(5)]),
        ("06 coriolis", ChristoffelLab, angles + [("qd1" if k % 2 else "qd2", float(v))
                                                  for k, v in enumerate(np.linspace(-5, 5, 20).round(2))]),
        ("07 operational_space", OperationalSpaceLab, angles + angles[:20]),
    ]


def table() -> list[dict[str, Any]]:
    """One row per lab: medians and 90th percentiles of the kernel's ms per change, and bytes sent."""
    rows = []
    for name, make, moves in lesson_labs():
        with recording():
            lab = make()
            out = slider_changes(lab, moves)
        rows.append({"lab": name, "n": len(out["frame_ms"]), "frame_median_ms": float(np.median(out["frame_ms"])),
                     "frame_p90_ms": float(np.percentile(out["frame_ms"], 90)),
                     "total_median_ms": float(np.median(out["total_ms"])),
                     "total_p90_ms": float(np.percentile(out["total_ms"], 90)),
                     "cpu_median_ms": float(np.median(out["cpu_ms"])), "bytes_median": int(np.median(out["bytes"])), "messages": out["messages"]})
    return rows


if __name__ == "__main__":
    for row in table():
        print(f"{row['lab']:22s} n={row['n']}  frame {row['frame_median_ms']:6.2f} ms (p90 {row['frame_p90_ms']:6.2f})"
              f"  all sent {row['total_median_ms']:6.2f} ms (p90 {row['total_p90_ms']:6.2f})"
              f"  cpu {row['cpu_median_ms']:6.2f} ms  {row['bytes_median']} B")
        for what, size in row["messages"]:
            print(f"      {size:7d} B  {what}")
