"""Followed sliders: the kit never sends back a value the learner just set, even one with a browser's float noise."""

from __future__ import annotations

import math

import pytest

from course_lib.lessons.coriolis.lab import ChristoffelLab
from course_lib.lessons.mass_matrix.lab import MassMatrixLab
from course_lib.lessons.operational_space.lab import OperationalSpaceLab
from course_lib.lessons.start_here.lab import ArmPreviewLab

#: what noUiSlider sends for 91 after an arrow press from 90 (its steps are computed in percent of the range)
NOISY = 91.00000000000006
LABS = (MassMatrixLab, ChristoffelLab, OperationalSpaceLab, ArmPreviewLab)


@pytest.mark.parametrize("lab_class", LABS, ids=[c.__name__ for c in LABS])
def test_a_followed_angle_slider_set_with_float_noise_is_not_moved_back(lab_class):
    """The browser may already show a later value when the kernel answers (an arrow press sends several steps):
    a kit that 'corrects' 91.00000000000006 to 91.0 would make the slider jump back a step."""
    lab = lab_class()
    widget = lab.controls["theta2"]
    sent: list[float] = []
    widget.observe(lambda change: sent.append(change["new"]), names="value")
    widget.value = NOISY
    assert sent == [NOISY], f"{lab_class.__name__}: after the learner's {NOISY}, the kit sent {sent[1:]} back"
    assert math.isclose(lab.readouts["theta2_deg"], 91.0,
                        abs_tol=1e-6), f"{lab_class.__name__}: the state did not take the learner's θ₂"


def test_a_followed_slider_still_follows_a_state_that_moved():
    """The tolerance is float noise only: a state 1° away moves the slider to it."""
    lab = MassMatrixLab()
    lab.readouts["theta2_deg"] = float(lab.controls["theta2"].value) + 1.0
    before = lab.controls["theta2"].value
    lab.follow_controls()
    assert lab.controls["theta2"].value == before + 1.0
