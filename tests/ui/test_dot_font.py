"""The course's dot font (course_lib/ui/dot_font.py): what the browser test cannot see quickly.

The pixels (θ̇ keeps a clear dot at 12–14 px in JupyterLab) are checked in
tests/browser/test_dots_in_browser.py; here: every letter has its anchor, the marks end up the
stated gap above the letter's ink, the name obeys the Vera licence, and scene.js asks for the same
family name that the page style defines.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

fontTools = pytest.importorskip("fontTools")

from fontTools.pens.boundsPen import BoundsPen  # noqa: E402
from fontTools.ttLib import TTFont  # noqa: E402

from course_lib.ui import dot_font  # noqa: E402
from course_lib.ui.glyph_style import glyph_css  # noqa: E402

SCENE_JS = Path(dot_font.__file__).parents[1] / "lab" / "scene.js"


@pytest.fixture(scope="module")
def font() -> TTFont:
    return TTFont(io.BytesIO(dot_font.dot_font_woff()))


def _ink(font: TTFont, name: str) -> tuple[float, float, float, float]:
    glyphs = font.getGlyphSet()
    pen = BoundsPen(glyphs)
    glyphs[name].draw(pen)
    return pen.bounds


def _mark_offsets(font: TTFont) -> dict[tuple[str, str], tuple[int, int]]:
    """(base glyph, mark glyph) -> the mark's offset from the base's origin, read from GPOS mark-to-base."""
    out = {}
    for lookup in font["GPOS"].table.LookupList.Lookup:
        for st in lookup.SubTable:
            if st.LookupType != 4:
                continue
            marks, bases = st.MarkCoverage.glyphs, st.BaseCoverage.glyphs
            for mi, m in enumerate(marks):
                rec = st.MarkArray.MarkRecord[mi]
                for bi, b in enumerate(bases):
                    anchor = st.BaseArray.BaseRecord[bi].BaseAnchor[rec.Class]
                    out[(b, m)] = (anchor.XCoordinate - rec.MarkAnchor.XCoordinate,
                                   anchor.YCoordinate - rec.MarkAnchor.YCoordinate)
    return out


def test_every_dotted_letter_gets_its_mark_the_stated_gap_above_its_ink(font):
    cmap, upem = font.getBestCmap(), font["head"].unitsPerEm
    offsets = _mark_offsets(font)
    for cp in dot_font.BASES:
        base = cmap[cp]
        _, _, _, top = _ink(font, base)
        for mcp in dot_font.MARKS:
            mark = cmap[mcp]
            assert (base, mark) in offsets, f"{chr(cp)} (U+{cp:04X}) has no anchor for U+{mcp:04X}"
            _, bottom, _, _ = _ink(font, mark)
            gap = offsets[(base, mark)][1] + bottom - top
            assert abs(gap - dot_font.GAP_EM * upem) <= 1, (
                f"{chr(cp)}{chr(mcp)}: the mark's ink starts {gap} units above the letter's, "
                f"not {dot_font.GAP_EM} em = {dot_font.GAP_EM * upem:.0f}")


def test_the_dot_font_covers_what_its_unicode_range_promises(font):
    cmap = font.getBestCmap()
    missing = [f"U+{cp:04X}" for cp in dot_font.CHARACTERS if cp not in cmap]
    assert not missing, f"the dot font lacks {missing}"
    assert f"unicode-range: {dot_font.UNICODE_RANGE}" in glyph_css()


def test_the_dot_font_is_renamed_as_the_vera_licence_requires(font):
    names = {r.nameID: r.toUnicode() for r in font["name"].names}
    for nid in (1, 4, 6):
        assert not re.search("vera|bitstream|dejavu", names[nid], re.I), f"name {nid} is {names[nid]!r}"
    assert names[1] == dot_font.FAMILY
    assert "Bitstream" in names[0], "the copyright notice of the original must stay in the font"


def test_scene_canvas_asks_for_the_family_the_page_style_defines():
    js = SCENE_JS.read_text()
    found = re.search(r'export const DOT_FONT = "([^"]+)"', js)
    assert found and found.group(1) == dot_font.FAMILY, f"scene.js DOT_FONT {found and found.group(1)!r}"
    assert f"font-family: '{dot_font.FAMILY}'" in glyph_css()
