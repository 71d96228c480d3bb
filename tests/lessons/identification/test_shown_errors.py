"""Lesson 9's errors read the same wherever they are shown, and Try-this 1's hard setting shows its point
at the lab's default seed."""

from __future__ import annotations

import re

import numpy as np
import pytest

from course_lib.lessons.identification.lab import RICH_LIMIT, IdentificationLab, percent
from course_lib.lessons.identification.stress import STRESS_SAMPLES, STRESS_SIGMA, weakest_expected
from course_lib.physics import identification as ident
from course_lib.physics.models import TwoLinkArm


@pytest.mark.parametrize("excitation, sigma", [("slow", 0.5), ("rich", 0.5), ("joint1", 2.0)])
def test_one_error_reads_the_same_in_the_bars_the_table_the_task_and_the_description(excitation, sigma):
    """The worst parameter's error is one text (percent(), a space before %) in the bar label, the table,
    the task's line and the scene's description: once 9820% / 9800 % / 63640.4%."""
    lab = IdentificationLab()
    lab.set("excitation", excitation)
    lab.set("sigma", sigma)
    errors = [lab.readout(f"error_{n}") for n in ident.PARAMETER_NAMES]
    worst = int(np.argmax(errors))
    expected = f"{percent(errors[worst])} %"
    bar = next(s for s in lab.scene.shapes if s["id"] == f"err_{ident.PARAMETER_NAMES[worst]}")["props"]["text"]
    cells = re.findall(r"<td>([^<]*%)</td>", lab.table_html.value)
    assert bar == expected and cells[worst] == expected
    assert f"worst relative error {expected}." in lab.description()
    if excitation in ("slow", "rich"):
        task = lab.tasks.value(excitation) if lab.task_done(excitation) else lab.tasks.reason(excitation)
        assert expected in task, task


def test_the_hard_setting_of_try_this_1_shows_the_weakest_two_at_the_default_seed():
    """Rich, 20 samples, σ = 2 N·m, the lab as it starts: the two parameters the covariance expects to
    suffer first are the two worst of the draw, both beyond the rich task's 10 %, every other below 5 %.
    (At seed 0 every error stayed below 4 %: the step taught nothing.)"""
    lab = IdentificationLab()
    lab.set("n_samples", STRESS_SAMPLES)
    lab.set("sigma", STRESS_SIGMA)
    err = {n: lab.readout(f"error_{n}") for n in ident.PARAMETER_NAMES}
    expected = ident.expected_errors(TwoLinkArm(), ident.EXCITATIONS["rich"], STRESS_SAMPLES, STRESS_SIGMA)
    weak = set(np.array(ident.PARAMETER_NAMES)[np.argsort(expected)[-2:]])
    assert weak == set(weakest_expected())
    assert all(err[n] > RICH_LIMIT for n in weak), err
    assert all(e < RICH_LIMIT / 2 for n, e in err.items() if n not in weak), err


def test_the_default_seed_still_meets_the_rich_task_and_so_starts_unticked():
    lab = IdentificationLab()
    assert not lab.task_done("rich")   # σ starts below the task's
    lab.set("sigma", 0.5)
    assert lab.task_done("rich")
