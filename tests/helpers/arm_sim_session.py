"""A learner's "Run 10 s" on the 2R arm simulator, as the tests script it."""

from __future__ import annotations

from course_lib.lessons.two_link.lab import ArmSimLab


def run(lab: ArmSimLab, method: str, dt: float) -> None:
    """Pick the integrator ``method`` and the step ``dt`` (s), then press Run 10 s."""
    lab.set("method", method)
    lab.set("dt", dt)
    lab.set("run10", None)
