"""A small web font that sets the dot of θ̇, θ̈, q̇, J̇ clearly above its letter.

Every font this course meets on a stock Linux desktop places the combining dot (U+0307) and
diaeresis (U+0308) badly over tall letters: DejaVu Sans puts the dot a fraction of a pixel above
the top of θ, so at 12–13 px the two merge and θ̇ reads as θ; DejaVu Serif hides the dot inside the
θ; DejaVu Sans Mono (code cells) sets it beside the letter; Noto Sans CJK draws a different mark.
No font choice in CSS fixes that, so the course brings its own: the letters of DejaVu Sans
(the Linux default, so the text looks the same), with a mark-to-base table written here that puts
each mark's bottom :data:`GAP_EM` above the ink top of its letter.

The font is built from the DejaVu Sans that matplotlib ships, with fontTools (a matplotlib
dependency), once per kernel, and served inline as a WOFF data URL by
:mod:`course_lib.ui.glyph_style`. Its ``unicode-range`` holds basic Latin (ASCII), Greek and the
combining marks: the browser draws a letter and its mark with one font, chosen by the letter, so q̇
and J̇ need the Latin letters in this font; ASCII as a whole keeps a word's letters and digits in
one font. On Linux this is the font the page used already (DejaVu Sans, without its kerning); on
macOS and Windows the course's widgets show ASCII and Greek in DejaVu Sans instead of the system font.

Licence: DejaVu's changes are in the public domain, and Bitstream Vera's licence allows modified
copies under another name: hence the family name :data:`FAMILY` and the original notices kept.
"""

from __future__ import annotations

import base64
import io
from functools import lru_cache
from pathlib import Path

#: the family name of the built font (a renamed Vera derivative must not say "Vera" or "Bitstream")
FAMILY = "Course Dots"
#: blank space between the letter's ink top and the mark's ink bottom, as a fraction of the em:
#: 0.13 em is 1.4 px at 11 px, enough for one clean blank row of pixels at every size from 11 px up
GAP_EM = 0.13
#: the marks are drawn this much larger than in DejaVu Sans, whose 1.2 px dot turns pale grey at 11 px
MARK_SCALE = 1.3
#: the marks placed by this font: combining dot above and combining diaeresis
MARKS = (0x0307, 0x0308)
#: the letters that carry them: basic Latin and Greek
BASES = [*range(0x41, 0x5B), *range(0x61, 0x7B), *range(0x391, 0x3A2), *range(0x3A3, 0x3AA), *range(0x3B1, 0x3CA), 0x3D1, 0x3D5]
#: the characters in the font: printable ASCII, the letters above, and the marks
CHARACTERS = [*range(0x20, 0x7F), *BASES, *MARKS]
#: what the browser takes from this font (see the module docstring)
UNICODE_RANGE = "U+0020-007E, U+0300-036F, U+0370-03FF"


def _source_font() -> Path:
    import matplotlib

    return Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"


def _enlarge_marks(font, glyph_of: dict[int, str]) -> None:
    """Redraw each mark :data:`MARK_SCALE` times larger about its own centre (its hinting dropped)."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    glyphs = font.getGlyphSet()
    for cp in MARKS:
        name = glyph_of[cp]
        box = BoundsPen(glyphs)
        glyphs[name].draw(box)
        x0, y0, x1, y1 = box.bounds
        cx, cy, k = (x0 + x1) / 2, (y0 + y1) / 2, MARK_SCALE
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(TransformPen(pen, (k, 0, 0, k, cx * (1 - k), cy * (1 - k))))
        font["glyf"][name] = pen.glyph()
        font["glyf"][name].recalcBounds(font["glyf"])


def _features(font, glyph_of: dict[int, str]) -> str:
    """The feature file (OpenType ``mark`` feature) that sets each mark above each letter's ink."""
    from fontTools.pens.boundsPen import BoundsPen

    glyphs = font.getGlyphSet()
    upem = font["head"].unitsPerEm

    def bounds(name: str):
        pen = BoundsPen(glyphs)
        glyphs[name].draw(pen)
        return pen.bounds

    lines = ["languagesystem DFLT dflt;", "languagesystem latn dflt;", "languagesystem grek dflt;"]
    for cp in MARKS:
        x0, y0, x1, _ = bounds(glyph_of[cp])
        lines.append(f"markClass [{glyph_of[cp]}] <anchor {round((x0 + x1) / 2)} {round(y0)}> @TOP;")
    lines.append("feature mark {")
    for cp in BASES:
        name = glyph_of.get(cp)
        box = bounds(name) if name else None
        if box is None:
            continue
        x0, _, x1, y1 = box
        lines.append(f"  pos base {name} <anchor {round((x0 + x1) / 2)} {round(y1 + GAP_EM * upem)}> mark @TOP;")
    lines.append("} mark;")
    marks = " ".join(glyph_of[cp] for cp in MARKS)
    bases = " ".join(glyph_of[cp] for cp in BASES if cp in glyph_of)
    lines.append(f"table GDEF {{ GlyphClassDef [{bases}], , [{marks}], ; }} GDEF;")
    return "\n".join(lines)


@lru_cache(maxsize=1)
def dot_font_woff() -> bytes:
    """The font as WOFF bytes (built once per kernel, in about 0.4 s).

    Returns:
        A WOFF font with the letters of :data:`BASES`, the marks of :data:`MARKS`, and a ``mark``
        feature that puts each mark :data:`GAP_EM` em above its letter's ink.
    """
    from fontTools import subset
    from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
    from fontTools.ttLib import TTFont

    font = TTFont(_source_font())
    for tag in ("FFTM", "MATH"):  # tables the subsetter does not know (it would warn in the notebook) or need
        if tag in font:
            del font[tag]
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = [0, 13, 14]  # copyright and licence stay; the names are written below
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=CHARACTERS)
    sub.subset(font)
    for tag in ("GSUB", "GPOS", "GDEF", "kern"):
        if tag in font:
            del font[tag]
    glyph_of = font.getBestCmap()
    _enlarge_marks(font, glyph_of)
    addOpenTypeFeaturesFromString(font, _features(font, glyph_of))
    name = font["name"]
    for nid, text in ((1, FAMILY), (2, "Book"), (4, FAMILY), (6, FAMILY.replace(" ", "")), (3, f"{FAMILY} (from DejaVu Sans)")):
        name.setName(text, nid, 3, 1, 0x409)
    font.flavor = "woff"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def dot_font_face() -> str:
    """The CSS ``@font-face`` rule for :data:`FAMILY`, its data inline.

    Returns:
        One CSS rule, safe to put in a ``<style>`` element.
    """
    data = base64.b64encode(dot_font_woff()).decode("ascii")
    return (f"@font-face {{ font-family: '{FAMILY}'; src: url(data:font/woff;base64,{data}) format('woff'); "
            f"unicode-range: {UNICODE_RANGE}; }}")
