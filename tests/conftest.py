"""Shared fixtures and hypothesis settings for the course's tests."""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, settings

from course_lib import TwoLinkArm

# Deterministic property tests: the same examples on every run and machine.
settings.register_profile(
    "course", derandomize=True, max_examples=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "course"))


@pytest.fixture
def rng() -> np.random.Generator:
    """A seeded generator: the same random states on every run."""
    return np.random.default_rng(20261130)


#: arms that differ in every parameter, including a payload and off-centre links
ARMS = {
    "seed_arm": TwoLinkArm(),
    "heavy_payload": TwoLinkArm(l1=0.7, l2=0.55, m1=3.1, m2=0.9, payload=1.2),
    "off_centre": TwoLinkArm(l1=1.3, l2=0.4, m1=1.1, m2=2.4, lc1=0.9, lc2=0.1, I1=0.3, I2=0.02, g=3.7),
}


@pytest.fixture(params=list(ARMS), ids=list(ARMS))
def arm(request) -> TwoLinkArm:
    return ARMS[request.param]


@pytest.fixture
def chinese():
    """The course in Chinese for one test, then back to the language it was in."""
    from course_lib.i18n import language, set_language

    before = language()
    set_language("zh")
    yield
    set_language(before)


@pytest.fixture(autouse=True)
def _no_test_tables_left():
    """A message table a test makes for itself (named ``test_…``) is gone after the test, so a walker over
    every table (``i18n.TABLES``) sees only the course's own tables, whatever order the tests run in."""
    yield
    from course_lib.i18n import TABLES

    for name in [name for name in TABLES if name.startswith("test_")]:
        del TABLES[name]
