"""What lesson 9's code cells print, in the language in force (the sentences are in :mod:`.messages`)."""

from __future__ import annotations

from typing import Any

from course_lib.lessons.identification.messages import IDENTIFICATION


def say(key: str, **values: Any) -> None:
    """Print the lesson's sentence ``key`` (an ``id_nb_…`` key of its message table) filled with ``values``.

    Args:
        key: the sentence's key in :data:`~course_lib.lessons.identification.messages.IDENTIFICATION`.
        **values: its ``{fields}``, numbers in the units the sentence names (N·m, kg·m², %).

    Raises:
        ValueError: for a key the table does not have.

    >>> from course_lib import set_language
    >>> say("id_nb_rich", kappa="12.3")
    rich, for comparison: κ(A) = 12.3
    >>> set_language("zh"); say("id_nb_rich", kappa="12.3"); set_language("en")
    作为对照，“丰富”激励：κ(A) = 12.3
    """
    print(IDENTIFICATION.text(key, **values))
