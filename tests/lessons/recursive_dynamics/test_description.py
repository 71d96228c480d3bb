"""Lesson 10's scene in words names only what the pass has computed, and names the link or joint it is at.

Forward pass (steps 1 … n): link i's ω, no torque; backward pass (steps n + 1 … 2n): joint i's τᵢ = Sᵢᵀ Fᵢ,
the very number :func:`course_lib.physics.chains.rnea_passes` gives; before step 1 neither. Both languages.
"""

from __future__ import annotations

import re
import string

import numpy as np
import pytest

import course_lib
from course_lib.i18n import NumberFormatter
from course_lib.lessons.recursive_dynamics.lab import RneaLab
from course_lib.physics.chains import rnea_passes
from tests.lab.test_describe import unit_follows



@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_step_is_described_with_the_link_or_joint_it_reached_and_a_torque_only_once_computed(lang):
    course_lib.set_language(lang)
    try:
        lab = RneaLab(n=3)
        lab.set("qd", 1.5)
        lab.set("qdd", 2.0)
        p = rnea_passes(lab.chain, lab.q, np.full(3, 1.5), np.full(3, 2.0))
        fmt = NumberFormatter().format
        for step in range(0, 7):
            while lab.step < step:
                lab.press("next")
            said = lab.scene.description
            assert said == lab.description() and "{" not in said, said
            if step == 0:
                assert not re.search(r"τ|ω", said), f"step 0 names a quantity not computed yet: {said}"
            elif step <= 3:
                link = step
                assert f"τ{link}" not in said and not re.search(r"τ\d", said), f"step {step}: {said}"
                assert fmt("{0:.3s}", float(p.V[link - 1, 2])) in said and f" {link} " in said, (step, said)
            else:
                joint = 7 - step
                assert f"τ{joint} {fmt('{0:.3s}', float(p.tau[joint - 1]))} N·m" in said, (step, said)
    finally:
        course_lib.set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_stage_sentence_names_its_computed_readouts_with_their_units_and_no_other_torque(lang):
    table = RneaLab.messages.messages[lang]
    for key, names in RneaLab.STAGE_DESCRIBES.items():
        fields = {f for _, f, _, _ in string.Formatter().parse(table[key]) if f}
        assert set(RneaLab.DESCRIBES) | set(names) <= fields, (key, fields)
        for field, unit in {**RneaLab.DESCRIBES, **names}.items():
            assert not unit or unit_follows(table[key], field, unit), (key, field, unit)
        assert ("tau" in fields) == ("tau" in names), key
