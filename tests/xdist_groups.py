"""Keep pytest-xdist's ``--dist loadgroup`` groups together under every pytest the test extra allows.

xdist's worker tells the controller an item's group by appending ``@<group>`` to the item's node id,
and the controller's scheduler sends all ids that end in the same ``@<group>`` to one worker. pytest-xdist
3.8 appends it by writing the item's ``_nodeid``; from pytest 9.2 on, a node's id lives in a structured
``_id`` and that write changes nothing, so every group silently falls apart (pytest-xdist issue #1386).
This plugin appends the suffix wherever xdist's own write did not take, and :func:`group_of_nodeid` reads
it back, so a test can check that it runs inside its group.
"""

from __future__ import annotations

import pytest


def group_suffix(item: pytest.Item) -> str | None:
    """``"@<group>"`` for an item with ``xdist_group`` marks (names joined as xdist joins them), else None.

    Args:
        item: a collected test item.

    Returns:
        The suffix xdist's loadgroup scheduler reads, or None for an item in no group.
    """
    names = {str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
             for mark in item.iter_markers("xdist_group")}
    return "@" + "_".join(sorted(names)) if names else None


def group_of_nodeid(nodeid: str) -> str | None:
    """The group a node id carries, read as xdist's loadgroup scheduler reads it (the text after the last ``@``
    when that ``@`` comes after any parameter bracket), or None.

    >>> group_of_nodeid("tests/grading/test_wire.py::test_a@grading")
    'grading'
    >>> group_of_nodeid("tests/x.py::test_b[a@b]") is None
    True
    """
    return nodeid.rsplit("@", 1)[-1] if nodeid.rfind("@") > nodeid.rfind("]") else None


def _rename(item: pytest.Item, nodeid: str) -> None:
    """Give ``item`` the node id ``nodeid``: the structured id of pytest >= 9.2, or the string of older ones."""
    structured = getattr(item, "_id", None)
    if structured is not None and hasattr(type(structured), "parse"):
        item._id = type(structured).parse(nodeid)
    else:
        item._nodeid = nodeid


class GroupSuffix:
    """Worker-side: after xdist's own renaming, append ``@<group>`` to every grouped item that still lacks it."""

    @pytest.hookimpl(trylast=True)  # after xdist's WorkerInteractor.pytest_collection_modifyitems
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        if not getattr(config.option, "loadgroup", False):   # set on xdist workers under --dist loadgroup
            return
        for item in items:
            suffix = group_suffix(item)
            if suffix is not None and not item.nodeid.endswith(suffix):
                _rename(item, item.nodeid + suffix)
                if not item.nodeid.endswith(suffix):
                    raise pytest.UsageError(
                        f"could not put {item.nodeid!r} into xdist group {suffix[1:]!r}: this pytest keeps node ids "
                        "in a form tests/xdist_groups.py does not know; run the grouped tests without -n")
