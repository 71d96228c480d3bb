"""The grading tests run in one xdist group, on one worker, beside the rest of the suite (tests/conftest.py)."""

from __future__ import annotations

import pytest

from tests.xdist_groups import group_of_nodeid


def test_under_loadgroup_this_test_carries_the_grading_group(request):
    """Under ``-n N --dist loadgroup`` (``make test``) the node id ends in ``@grading``: only then does the
    scheduler keep the shared autograde run, and the checks for leftover sandboxed kernels, on one worker."""
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not an xdist worker under --dist loadgroup")
    assert group_of_nodeid(request.node.nodeid) == "grading", request.node.nodeid
