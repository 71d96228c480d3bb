"""Colours everyone can tell apart and read: the palette under colour-vision deficiencies, texts at 4.5:1.

- The palette's series colours (course_lib/lab/scene/layout.py PALETTE) stay distinguishable for viewers
  with deuteranopia, protanopia and tritanopia: simulated with Machado et al. (2009), every two colours
  that differ are at least :data:`APART` CIEDE2000 apart (tests/helpers/colour_vision.py; about 2.3 is a
  just-noticeable difference side by side, 10 tells two lines of a plot apart at a glance).
- Every text a lab writes meets WCAG 2.1's 4.5:1 against what it sits on, in JupyterLab's light and dark
  themes: the canvas's texts (axes, labels in series colours) over the canvas's own background, the
  formula's coloured terms over either theme's page, the kit's coloured lines (a ticked task, a reason,
  the error and info lines) in either theme, and the page's own text colours.
"""

from __future__ import annotations

import importlib
import itertools
import re
import sys
from pathlib import Path

import pytest

from course_lib import TwoLinkArm
from course_lib.lab.scene.layout import PALETTE
from course_lib.lessons import LESSONS
from course_lib.ui.contrast import MINIMUM, TEXT_ROLES, THEMES, contrast_ratio, readable
from tests.helpers.colour_vision import MACHADO, VISIONS, delta_e2000, lab, seen_apart, simulate

#: the least CIEDE2000 difference between two series colours, for every kind of vision
APART = 10.0
#: the palette's roles that are series colours (the rest are structure: ink, grid, muted, background)
SERIES = ("primary", "secondary", "gravity", "force", "velocity", "tertiary", "good", "bad", "highlight")
LABS = [(name, f"{lesson.package}.{module}") for lesson in LESSONS for name, module in lesson.exports.items()
        if name.endswith("Lab")]
#: JupyterLab's stock themes, as installed
THEME_CSS = Path(sys.prefix) / "share" / "jupyter" / "lab" / "themes" / "@jupyterlab"


def test_ciede2000_gives_sharma_wu_dalals_reference_values():
    """Pairs 1, 7, 17 and 25 of Sharma, Wu and Dalal (2005), Table 1."""
    pairs = [((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
             ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
             ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
             ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644)]
    for lab1, lab2, expected in pairs:
        assert delta_e2000(lab1, lab2) == pytest.approx(expected, abs=1e-4), (lab1, lab2)


def test_the_simulations_keep_greys_and_merge_what_each_deficiency_merges():
    for vision in MACHADO:
        assert simulate("#808080", vision) == pytest.approx((128 / 255,) * 3, abs=2e-3), vision
    assert lab((1.0, 1.0, 1.0)) == pytest.approx((100.0, 0.0, 0.0), abs=1e-3)
    # the classic confusions: red and green for a red-green deficiency, blue and green for tritanopia
    assert seen_apart("#c0392b", "#6b8e23", "deuteranopia") < 0.3 * seen_apart("#c0392b", "#6b8e23", "normal")
    assert seen_apart("#1f6fb4", "#1e8c5a", "tritanopia") < 0.5 * seen_apart("#1f6fb4", "#1e8c5a", "normal")


@pytest.mark.parametrize("vision", VISIONS)
def test_the_palettes_series_colours_stay_apart_for_every_kind_of_vision(vision):
    colours = sorted({PALETTE[role] for role in SERIES})
    close = [(a, b, round(seen_apart(a, b, vision), 1)) for a, b in itertools.combinations(colours, 2)
             if seen_apart(a, b, vision) < APART]
    assert not close, f"{vision}: series colours closer than ΔE00 {APART}: {close}"


def test_a_state_shares_its_familys_colour():
    assert PALETTE["good"] == PALETTE["velocity"] and PALETTE["bad"] == PALETTE["force"]


# -- contrast ---------------------------------------------------------------------------------------------
def theme_variable(theme: str, name: str) -> str:
    """A colour variable of JupyterLab's installed ``theme`` (its fallback when it names another variable)."""
    css = (THEME_CSS / f"theme-{theme}-extension" / "index.css").read_text()
    value = re.search(r"--" + re.escape(name) + r":([^;}]+)", css)[1].strip()
    fallback = re.match(r"var\(--[\w-]+,\s*(.+)\)$", value)
    return fallback[1] if fallback else value


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_themes_colours_are_jupyterlabs_own(theme):
    if not THEME_CSS.is_dir():
        pytest.fail(f"JupyterLab's themes are not installed at {THEME_CSS}", pytrace=False)
    page = theme_variable(theme, "jp-layout-color0")
    assert contrast_ratio(page, "#ffffff") == pytest.approx(contrast_ratio(THEMES[theme]["page"], "#ffffff"))
    assert theme_variable(theme, "jp-ui-font-color1").replace(" ", "") == THEMES[theme]["text"]
    assert contrast_ratio(THEMES[theme]["text"], THEMES[theme]["page"]) >= MINIMUM


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_kits_coloured_lines_read_in_either_theme(theme):
    weak = {role: round(contrast_ratio(c[theme], THEMES[theme]["page"]), 2) for role, c in TEXT_ROLES.items()
            if contrast_ratio(c[theme], THEMES[theme]["page"]) < MINIMUM}
    assert not weak, f"{theme} theme: kit text roles under {MINIMUM}:1: {weak}"


def test_readable_darkens_only_as_far_as_it_must():
    for colour in ("#f0e442", "#e69f00", "#56b4e9", "#009e73"):
        for background in ("#ffffff", "#111111"):
            out = readable(colour, background)
            assert contrast_ratio(out, background) >= MINIMUM, (colour, background, out)
    assert readable("#24292f", "#ffffff") == "#24292f"
    darker = readable("#e69f00", "#ffffff")
    assert contrast_ratio(darker, "#ffffff") < MINIMUM + 0.6, f"{darker} is darker than it needs to be"


@pytest.mark.parametrize(("name", "module"), LABS, ids=[n for n, _ in LABS])
def test_every_text_a_lab_draws_reads_on_its_background(name, module):
    cls = getattr(importlib.import_module(module), name)
    scene = (cls(TwoLinkArm()) if name == "ArmPreviewLab" else cls()).scene
    palette, inks = scene.palette, scene.text_colors
    for shape in scene.shapes:
        kind, props = shape["kind"], shape["props"]
        if kind == "text" or (kind in ("arrow", "band") and props.get("label")):
            drawn = palette.get(props["color"], props["color"])
            assert drawn in inks["canvas"], f"{name}: the {kind} {shape['id']!r} writes in {drawn}, not made readable"
    weak = [(c, ink) for c, ink in inks["canvas"].items() if contrast_ratio(ink, palette["background"]) < MINIMUM]
    assert not weak, f"{name}: canvas texts under {MINIMUM}:1 on {palette['background']}: {weak}"
    for part in (scene.formula or {}).get("parts", []):
        if part.get("color"):
            drawn = palette.get(part["color"], part["color"])
            for theme in THEMES:
                ink = inks[theme][drawn]
                assert contrast_ratio(ink, THEMES[theme]["page"]) >= MINIMUM, (name, theme, drawn, ink)
