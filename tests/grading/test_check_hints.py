"""Targeted hints for common mistakes in the exercises' visible tests (course_lib.grading.checks)."""

from __future__ import annotations

import pytest
import sympy as sp

from course_lib.grading import checks
from course_lib.physics.models import Pendulum

th, thd = sp.symbols("th thd", real=True)
m, l, g = sp.symbols("m l g", positive=True)
VALUES = {m: 1.3, l: 0.7, g: 9.81}
REF = Pendulum(m=1.3, l=0.7, g=9.81)
STATES = checks.random_states(seed=1, n=5, dof=2)


def check(name, expr, reference):
    checks.check_numeric(name, expr, [th, thd], VALUES, reference, STATES)


def test_potential_energy_with_its_zero_at_the_pivot_gets_the_zero_level_hint():
    """V = −m g l cos θ (zero at the pivot) differs from m g l (1 − cos θ) by the constant m g l = 8.927 J."""
    with pytest.raises(AssertionError) as err:
        check("V", -m * g * l * sp.cos(th), lambda a, b: REF.potential_energy([a]))
    message = str(err.value)
    assert message.startswith("V is wrong at th = ") and ": got " in message
    assert message.endswith(". Hint: V differs from the expected value by the same constant everywhere "
                            "(by -8.927): check where you put V = 0")


def test_kinetic_energy_without_the_half_is_twice_the_answer():
    """T = m l² θ̇² (the ½ forgotten) is 2 times the kinetic energy at every state."""
    with pytest.raises(AssertionError, match=r"^T is wrong at .*\. Hint: T is 2 times the expected value everywhere: "
                                             "look for a missing"):
        check("T", m * l**2 * thd**2, lambda a, b: REF.kinetic_energy([a], [b]))


def test_potential_energy_with_the_wrong_sign_is_named():
    """V = −m g l (1 − cos θ) has the opposite sign everywhere."""
    with pytest.raises(AssertionError, match=r"^V is wrong at .*\. Hint: V has the wrong sign everywhere"):
        check("V", -m * g * l * (1 - sp.cos(th)), lambda a, b: REF.potential_energy([a]))


def test_an_unpatterned_mistake_keeps_the_state_by_state_message():
    """sin instead of 1 − cos is no simple pattern: the message names a state, got and expected."""
    with pytest.raises(AssertionError, match=r"V is wrong at th = .*: got .*, expected") as err:
        check("V", m * g * l * sp.sin(th), lambda a, b: REF.potential_energy([a]))
    assert "Hint" not in str(err.value)


def test_a_right_answer_gets_no_hint():
    """The correct energies pass silently."""
    check("V", m * g * l * (1 - sp.cos(th)), lambda a, b: REF.potential_energy([a]))
    check("T", m * l**2 * thd**2 / 2, lambda a, b: REF.kinetic_energy([a], [b]))
