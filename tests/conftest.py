"""Shared fixtures and hypothesis settings for the course's tests."""

from __future__ import annotations

import os
from pathlib import Path

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

REPO = Path(__file__).resolve().parent.parent


#: pytest-timeout bound (s) for a grading test: its setup may run both shared autograde runs (``graded``,
#: ``graded_one_job``), each bounded at 1,200 s by its own subprocess timeout, which names the run that hung;
#: the suite's 900 s would cut the first of them short on a loaded machine, failing every test that shares it.
GRADING_TIMEOUT_S = 2700


def xdist_group_of(item: pytest.Item) -> str | None:
    """The pytest-xdist group an item must share a worker with (``--dist loadgroup``), or None.

    * tests/grading and the classroom hub, together: the grading session's autograde runs (``graded``,
      ``graded_one_job``) are shared, and its leftover-process and /tmp marker checks would see the sandboxed
      kernels of this checkout that another worker's grading or the hub's autograde starts;
    * a notebook's cells under nbval: one kernel runs them in order, so each notebook is its own group.

    Browser tests take no group: each worker starts, on first use, one server per app it needs
    (tests/browser/conftest.py), and the tests spread over both workers.
    """
    path = Path(str(item.path))
    if path.suffix == ".ipynb":
        return "nbval-" + (path.relative_to(REPO).as_posix() if path.is_relative_to(REPO) else path.as_posix())
    in_grading = path.is_relative_to(REPO) and path.relative_to(REPO).parts[:2] == ("tests", "grading")
    if in_grading or item.get_closest_marker("classroom"):
        return "grading"
    return None


@pytest.hookimpl(tryfirst=True)  # before xdist's worker reads the groups into the node ids
def pytest_collection_modifyitems(config, items):
    """Mark each notebook under nbval ``lesson_run``; put each item that must share a worker into its xdist group
    (see :func:`xdist_group_of`)."""
    for item in items:
        if Path(str(item.path)).suffix == ".ipynb":
            item.add_marker(pytest.mark.lesson_run)
    if not any(line.startswith("xdist_group") for line in config.getini("markers")):
        return                                     # no pytest-xdist, so no such marker (and no workers)
    for item in items:
        group = xdist_group_of(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
        if group == "grading" and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(GRADING_TIMEOUT_S))


def pytest_configure(config):
    """Register, for every item of the run (doctests and notebooks too), the xdist group suffix that holds
    under every pytest (tests/xdist_groups.py) and the per-file time table (tests/file_times.py)."""
    from tests.file_times import FileTimes
    from tests.xdist_groups import GroupSuffix

    if not config.pluginmanager.has_plugin("course-xdist-groups"):
        config.pluginmanager.register(GroupSuffix(), "course-xdist-groups")
        config.pluginmanager.register(FileTimes(config), "course-file-times")


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


@pytest.fixture(autouse=True)
def _numpy_print_options_restored():
    """A notebook's code run in this process (the figure and twin tests) may set numpy's print options; the
    doctests that run after it, in the same worker, print with numpy's defaults again."""
    options = np.get_printoptions()
    yield
    np.set_printoptions(**options)


@pytest.fixture(scope="module", autouse=True)
def _widgets_of_a_module_closed():
    """The widgets a test module opened (its labs, quizzes and views) are closed after its last test (after its
    module fixtures too: an autouse fixture of a scope is set up first and torn down last).

    ipywidgets holds every open widget alive, and :func:`course_lib.i18n.set_language` redraws every lab and quiz
    still alive; without this, a language switch late in a worker's run redraws the labs of every module that ran
    before it, and the modules that switch often (tests/quiz/test_language.py) take ten times their own time.
    """
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    yield
    for model_id in [model_id for model_id in _instances if model_id not in before]:
        widget = _instances.get(model_id)
        if widget is not None:
            widget.close()
