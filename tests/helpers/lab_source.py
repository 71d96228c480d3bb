"""What a lab's source and scene declare: the message keys its code reads, and one shape of its scene.

>>> sorted(message_keys_in('T("a")\\nself.T("b", x=1)\\nKIT.text("c")\\nf(T)\\nprint("d")\\nDESCRIPTION = "e"'))
['a', 'b', 'c', 'e']
"""

from __future__ import annotations

import ast
from pathlib import Path

#: the repository's root folder
ROOT = Path(__file__).resolve().parents[2]


def message_keys_in(source: str) -> set[str]:
    """The literal keys passed first to a call of ``T`` or ``text`` (a function or a method) in Python source.

    Args:
        source: Python source code.

    Returns:
        Each string constant that is the first argument of ``T(...)``, ``x.T(...)``, ``text(...)``
        or ``x.text(...)``, and the key a lab declares as its scene's ``DESCRIPTION``.
    """
    keys = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in ("T", "text") and isinstance(node.args[0].value, str):
                keys.add(node.args[0].value)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            if any(getattr(target, "id", None) == "DESCRIPTION" for target in node.targets):
                keys.add(node.value.value)
    return keys


def message_keys(*paths: str) -> set[str]:
    """:func:`message_keys_in` of modules given by their paths from the repository's root.

    Args:
        paths: e.g. ``"course_lib/lessons/coriolis/lab.py"``.

    Returns:
        The keys of all of them together.
    """
    return set().union(*(message_keys_in((ROOT / path).read_text(encoding="utf-8")) for path in paths))


def shape(lab, shape_id: str) -> dict:
    """The scene's description of one shape, as the browser draws it.

    Args:
        lab: a lab with a ``scene``.
        shape_id: the shape's ``id``.

    Returns:
        The shape's dict (``id``, ``kind``, ``props`` ...).

    Raises:
        ValueError: when the scene has no shape with that id, naming the ids it has.
    """
    for each in lab.scene.shapes:
        if each["id"] == shape_id:
            return each
    raise ValueError(f"no shape {shape_id!r} in the scene: it has {[s['id'] for s in lab.scene.shapes]}")
