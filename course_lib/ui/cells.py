"""Which notebook cell is running now: lets a lab or a quiz know when a re-run of its cell replaced it."""

from __future__ import annotations


def current_cell() -> tuple[str, int] | None:
    """(cell id, execution count) of the notebook cell running now, or None outside a notebook."""
    try:
        from IPython import get_ipython

        shell = get_ipython()
        header = getattr(shell, "parent_header", None) or {}
        cell = (header.get("metadata") or {}).get("cellId")
        return (str(cell), int(shell.execution_count)) if cell else None
    except Exception:  # noqa: BLE001 - no IPython, or an unusual front end: no cell tracking
        return None
