"""Every lab's own colours, and every notebook figure's, stay apart for every kind of vision.

The rule (the palette's, tests/ui/test_colours.py, applied to what each lab really draws):

- A lab's colours are those of its built scene's shapes (``color`` and ``fill``), palette names resolved
  to hex. They are taken over the whole scene, not per panel: a colour names one quantity across the
  scene (a coloured label in the text panel points at the arrow of that colour in the drawing).
- The palette's structure roles (ink, muted, grid, background) are exempt: axes, rails, guides and the
  grid are told apart by their form and place, not by hue, as in the palette's own test. Every other
  colour (a palette series colour or one the lab sets itself) must be at least :data:`APART` CIEDE2000
  from every other such colour the lab draws, under normal vision and simulated
  deuteranopia, protanopia and tritanopia (Machado 2009). Two shapes of the very same colour show one
  quantity and are not compared.
- A notebook's code cell draws one figure: the explicit colours it sets (hex, matplotlib ``C0``…``C9``,
  ``tab:…`` names; greys are structure) must be as far apart from one another.
"""

from __future__ import annotations

import importlib
import itertools
import json
import math
import re
from pathlib import Path

import pytest
from matplotlib.colors import to_hex

from course_lib import TwoLinkArm
from course_lib.lessons import LESSONS
from course_lib.lab.scene.layout import PALETTE
from tests.helpers.colour_vision import VISIONS, lab, seen_apart, simulate

#: the least CIEDE2000 difference between two colours that must be told apart (the palette test's)
APART = 10.0
#: the palette's structure roles, exempt from the rule
STRUCTURE = ("ink", "muted", "grid", "background")
LABS = [(name, f"{lesson.package}.{module}") for lesson in LESSONS for name, module in lesson.exports.items()
        if name.endswith("Lab")]
NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("[0-9][0-9]_*.ipynb"))
#: a colour set in a notebook's code: a quoted hex, a matplotlib cycle colour or a tab: name
SET_COLOUR = re.compile(r"""["'](#[0-9a-fA-F]{6}|C[0-9]|tab:[a-z]+)["']""")


def close_pairs(colours: set[str], exempt: set[str]) -> list[tuple[str, str, str, float]]:
    """The pairs of ``colours`` closer than :data:`APART` for some vision, neither in ``exempt``."""
    out = []
    for a, b in itertools.combinations(sorted(set(colours) - exempt), 2):
        for vision in VISIONS:
            d = seen_apart(a, b, vision)
            if d < APART:
                out.append((vision, a, b, round(d, 1)))
    return sorted(out, key=lambda p: p[3])


def achromatic(colour: str) -> bool:
    """A grey: CIELAB chroma under 5."""
    _, a, b = lab(simulate(colour, "normal"))
    return math.hypot(a, b) < 5.0


def lab_colours(name: str, module: str) -> tuple[set[str], set[str]]:
    """The colours a built lab's scene draws (hex) and the palette's structure colours."""
    cls = getattr(importlib.import_module(module), name)
    scene = (cls(TwoLinkArm()) if name == "ArmPreviewLab" else cls()).scene
    palette = scene.palette
    drawn = {to_hex(palette.get(shape["props"][key], shape["props"][key]))
             for shape in scene.shapes for key in ("color", "fill") if shape["props"].get(key)}
    return drawn, {palette[role] for role in STRUCTURE}


def test_close_pairs_sees_a_red_green_pair_and_spares_structure():
    assert close_pairs({"#c0392b", "#2e8b3d"}, set()) and not close_pairs({"#e4e7eb", "#ffffff"}, {"#e4e7eb", "#ffffff"})
    assert not close_pairs({"#0072b2", "#e69f00"}, set())


@pytest.mark.parametrize(("name", "module"), LABS, ids=[n for n, _ in LABS])
def test_a_labs_colours_stay_apart_for_every_kind_of_vision(name, module):
    drawn, structure = lab_colours(name, module)
    close = close_pairs(drawn, structure)
    assert not close, f"{name}: colours closer than ΔE00 {APART} (vision, a, b, ΔE00): {close}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_a_notebook_figures_series_colours_stay_apart(path):
    cells = json.loads(path.read_text())["cells"]
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        colours = {to_hex(c) for c in SET_COLOUR.findall(source)}
        close = close_pairs({c for c in colours if not achromatic(c)}, set())
        assert not close, f"{path.name}, cell {cell.get('id')}: figure colours closer than ΔE00 {APART}: {close}"


def colour_meanings(scene) -> dict[str, set[str]]:
    """A built scene's drawn colours (hex) -> the names it declares them by, structure roles left out.

    A scene declares what a colour means by the name it gives it: a palette role (``"gravity"``, ``"bad"``)
    or a colour of the lab's own (a CSS colour, e.g. a lesson's ``COLORS["tension"]``). Shapes and formula
    terms that give one name show one quantity; two names for one hex are two meanings in one colour.
    """
    palette, structure = scene.palette, {scene.palette[role] for role in STRUCTURE}
    declared = [shape["props"][key] for shape in scene.shapes for key in ("color", "fill") if shape["props"].get(key)]
    declared += [part["color"] for part in (scene.formula or {}).get("parts", []) if part.get("color")]
    meanings: dict[str, set[str]] = {}
    for given in declared:
        hex_ = to_hex(palette.get(given, given))
        if given not in STRUCTURE and hex_ not in structure:
            meanings.setdefault(hex_, set()).add(given if given in palette else to_hex(given))
    return meanings


def built_scene(name: str, module: str):
    """The scene of the lab class ``name`` of ``module``, built with its defaults."""
    cls = getattr(importlib.import_module(module), name)
    return (cls(TwoLinkArm()) if name == "ArmPreviewLab" else cls()).scene


def test_colour_meanings_sees_a_role_and_a_labs_own_colour_of_one_hex():
    from course_lib.lab.scene import Arrow, Bar, Panel, Scene, Text
    shapes = [Arrow("tension", "p", dx=1.0, dy=0.0, color=PALETTE["gravity"]), Bar("V", "p", x=0, height=1.0,
              color="gravity"), Arrow("push", "p", dx=1.0, dy=0.0, color="force"), Text("push_legend", "p",
              text="F", color="force"), Bar("E", "p", x=1, height=1.0, color="ink")]
    seen = colour_meanings(Scene(width=200, height=200, channels=["x"], panels=[Panel("p")], shapes=shapes))
    assert seen == {PALETTE["gravity"]: {"gravity", PALETTE["gravity"]}, PALETTE["force"]: {"force"}}


@pytest.mark.parametrize(("name", "module"), LABS, ids=[n for n, _ in LABS])
def test_a_lab_gives_each_colour_one_meaning(name, module):
    shared = {hex_: sorted(names) for hex_, names in colour_meanings(built_scene(name, module)).items() if len(names) > 1}
    assert not shared, f"{name}: one colour declared under two meanings (hex: names): {shared}"
