"""A plot's texts in the language in force, drawn in a font that has their characters.

:func:`plot_text` returns a message table's text for a matplotlib title, axis label or legend. Matplotlib's
default font (DejaVu Sans) has no Chinese characters: a Chinese label would be drawn as empty boxes. So
:func:`use_cjk_fallback` appends the CJK fonts installed on the machine (:data:`CJK_FONTS`, in that order) to
matplotlib's ``font.family``, after the fonts already there: matplotlib draws each character in the first font
of that list that has it, so Latin letters, Greek, digits and symbols keep the default font and only the Chinese
characters come from the CJK font. Where no CJK font is installed nothing is added (and matplotlib warns of each
missing character, as it would anyway).

A text takes its fonts when its figure is made (an axis label exists before ``set_xlabel`` fills it in), so the
fallback is set when this module is imported, that is when a lesson's ``label`` is imported at the top of a
cell, before the cell makes its figure; :func:`plot_text` sets it again in case ``rcParams`` were reset since.

>>> from course_lib.i18n import MessageTable, set_language
>>> axis = MessageTable("demo_plot_text", {"en": {"time": "time per call [µs]"}, "zh": {"time": "每次调用耗时 [µs]"}})
>>> plot_text(axis, "time")
'time per call [µs]'
>>> set_language("zh"); plot_text(axis, "time"); set_language("en")
'每次调用耗时 [µs]'
"""

from __future__ import annotations

import functools
from typing import Any

from course_lib.i18n import Message, MessageTable

#: CJK fonts with simplified Chinese, most wanted first (Linux, then macOS and Windows names)
CJK_FONTS = ("Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei",
             "PingFang SC", "Heiti SC", "Microsoft YaHei", "SimHei", "Arial Unicode MS")


@functools.cache
def installed_cjk_fonts() -> tuple[str, ...]:
    """The fonts of :data:`CJK_FONTS` that matplotlib finds on this machine, in that order.

    Returns:
        Font family names, e.g. ``("Noto Sans CJK SC",)``; empty when none is installed.
    """
    from matplotlib import font_manager

    installed = {font.name for font in font_manager.fontManager.ttflist}
    return tuple(name for name in CJK_FONTS if name in installed)


def use_cjk_fallback() -> list[str]:
    """Append the installed CJK fonts to matplotlib's ``font.family`` (those not there yet).

    Returns:
        The font names appended by this call (empty when they were there already or none is installed).
    """
    import matplotlib

    family = list(matplotlib.rcParams["font.family"])
    added = [name for name in installed_cjk_fonts() if name not in family]
    if added:
        matplotlib.rcParams["font.family"] = family + added
    return added


def plot_text(table: MessageTable, key: str, **values: Any) -> Message:
    """The text ``key`` of ``table`` in the language in force, for a matplotlib title, axis label or legend.

    Args:
        table: the lesson's message table.
        key: the text's key in it.
        **values: the text's ``{fields}`` (numbers computed by course_lib, in the units the text states).

    Returns:
        The text, as :meth:`MessageTable.text` makes it; matplotlib's fonts can draw it (see the module).

    Raises:
        ValueError: when ``table`` has no text ``key``.
    """
    use_cjk_fallback()
    return table.text(key, **values)


use_cjk_fallback()
