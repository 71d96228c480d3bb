"""Explicit wiring: a control names its callback (``on=``), a task names its check (``checks=``).

A name is checked where it is written: a typo in ``on=`` is a TypeError when the lab's class is
made (at import), and no module of course_lib looks an attribute up by a name it composes
(``getattr(self, f"on_{key}")``), which no reader and no tool can follow.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

from course_lib.i18n import MessageTable
from course_lib.lab import controls as c
from course_lib.lab.base import Lab
from course_lib.lab.tasks import checklist

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "course_lib"
#: the attribute functions whose name argument must be written out, not composed
ATTRIBUTE_CALLS = {"getattr", "hasattr", "setattr", "delattr"}
#: (module, function) -> why a composed name is the right tool there; empty: none is needed today
ALLOWED: dict[tuple[str, str], str] = {}
#: the label of the test labs' controls
LABELS = MessageTable("test_wiring", {"en": {"angle": "θ [°]"}})


def angle_slider(**route: str) -> c.Slider:
    return c.Slider("theta1", "angle", -180, 180, 1, 30.0, ".0f", **route)


class AngleLab(Lab):
    """A lab with one slider wired to ``on_theta1``, which keeps the angles it was given."""

    messages = LABELS
    CONTROLS = (angle_slider(on="on_theta1"),)

    def on_theta1(self, degrees: float) -> None:
        self.angles = [*getattr(self, "angles", []), degrees]


def _composed(node: ast.AST, composed_names: set[str]) -> bool:
    """Whether ``node`` builds a string from parts: an f-string, ``+`` or ``%`` on strings, ``.format``,
    ``.join``, or a local name bound to one of these."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return any(isinstance(side, (ast.Constant, ast.JoinedStr)) and not isinstance(getattr(side, "value", ""),
                                                                                      (int, float))
                   or _composed(side, composed_names) for side in (node.left, node.right))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
        return True
    return isinstance(node, ast.Name) and node.id in composed_names


FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _own_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of ``scope`` outside the functions nested in it (each is a scope of its own)."""
    out, stack = [], list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        if isinstance(node, FUNCTIONS):
            stack.extend(d for d in node.args.defaults + node.args.kw_defaults if d is not None)
            continue
        out.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return out


def composed_lookups(source: str) -> list[tuple[int, str, str]]:
    """``(line, function, call)`` for every getattr/hasattr/setattr/delattr in ``source`` whose name is composed.

    >>> composed_lookups("def f(self, key):\\n    name = 'on_' + key\\n    return getattr(self, name)\\n")
    [(3, 'f', 'getattr')]
    >>> composed_lookups("def f(self, spec):\\n    return getattr(self, spec.on), hasattr(self, 'x')\\n")
    []
    """
    found = []
    tree = ast.parse(source)
    for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, FUNCTIONS))]:
        nodes = _own_nodes(scope)
        composed_names = {t.id for n in nodes if isinstance(n, ast.Assign) and _composed(n.value, set())
                          for t in n.targets if isinstance(t, ast.Name)}
        for node in nodes:
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ATTRIBUTE_CALLS
                    and len(node.args) >= 2 and _composed(node.args[1], composed_names)):
                found.append((node.lineno, getattr(scope, "name", "<module>"), node.func.id))
    return sorted(set(found))


def test_no_module_looks_up_an_attribute_by_a_composed_name():
    """No getattr(self, f"on_{key}") or getattr(lab, "_check_" + k) anywhere in course_lib: every callback
    and every check is named where it is wired, so a reader (and a linter) can follow it."""
    hits = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE.parent).as_posix()
        for line, function, call in composed_lookups(path.read_text(encoding="utf-8")):
            if (module, function) not in ALLOWED:
                hits.append(f"{module}:{line} {call} in {function}()")
    assert not hits, "attribute looked up by a composed name:\n" + "\n".join(hits)


def test_the_scan_sees_each_way_of_composing_a_name():
    """The scan's own reference cases: each composition is found, a written-out or stored name is not."""
    cases = {"getattr(self, f'on_{key}')": 1, "getattr(lab, '_check_' + k)": 1, "hasattr(x, 'on_%s' % k)": 1,
             "setattr(x, 'on_{}'.format(k), 1)": 1, "getattr(x, ''.join(parts))": 1,
             "getattr(self, spec.on)": 0, "getattr(self, 'scene', None)": 0, "getattr(x, name)": 0}
    for code, expected in cases.items():
        assert len(composed_lookups(f"def f(self, x, k, key, lab, spec, parts, name):\n    {code}\n")) == expected, code


def test_a_typo_in_on_fails_when_the_lab_class_is_made_not_at_the_first_move():
    """``on="on_theta_1"`` (for on_theta1): the class statement itself raises, naming the lab, the control
    and the method it lacks, before any lab is made or any slider moved."""
    with pytest.raises(TypeError, match=r"^TypoLab: control 'theta1' has on='on_theta_1', "
                                        r"but TypoLab has no method 'on_theta_1'$"):
        class TypoLab(AngleLab):
            CONTROLS = (angle_slider(on="on_theta_1"),)


def test_on_must_name_a_method_not_another_attribute():
    with pytest.raises(TypeError, match=r"^NotCallableLab: control 'theta1' has on='q0'"):
        class NotCallableLab(AngleLab):
            q0 = (0.0, 0.0)
            CONTROLS = (angle_slider(on="q0"),)


@pytest.mark.parametrize("spec, named", [
    (angle_slider(), "none"),
    (c.Slider("theta1", "angle", -180, 180, 1, 30.0, ".0f", torque=0, on="on_theta1"), r"\['on', 'torque'\]"),
    (c.Toggle("newton", "angle", shows=("tip",), on="on_theta1"), r"\['on', 'shows'\]"),
])
def test_a_control_names_exactly_one_route(spec, named):
    """A control with nowhere to go, or with two routes of which one would be silently ignored, is refused
    when the class is made."""
    with pytest.raises(TypeError, match=rf"^RouteLab: control '{spec.key}' must name exactly one of on=, param=, "
                                        rf"torque=, sim=, shows=; it names {named}$"):
        class RouteLab(AngleLab):
            CONTROLS = (spec,)


def test_a_slider_runs_the_method_its_on_names_whatever_its_key():
    """Dispatch follows ``on=``, not the control's key: a slider keyed "theta1" wired to ``turn_shoulder``
    runs that method with the slider's value, and ``on_theta1`` is not called."""

    class RenamedLab(AngleLab):
        CONTROLS = (angle_slider(on="turn_shoulder"),)

        def turn_shoulder(self, degrees: float) -> None:
            self.turned = [*getattr(self, "turned", []), degrees]

    lab = RenamedLab()
    lab.build_controls()
    lab.set("theta1", 40.0)
    lab.set("theta1", -12.0)
    assert lab.turned == [40.0, -12.0] and not hasattr(lab, "angles")
    assert lab.message.value == ""  # no error was shown


def test_checklist_refuses_checks_that_do_not_match_its_tasks():
    """A check named for a task that does not exist (a typo), or a task without a check, is a ValueError
    naming both lists, when the lab is made."""

    class Fake:
        T = staticmethod(lambda key, **values: key)

    prompts = {"high": "Raise the tip.", "low": "Lower it."}
    with pytest.raises(ValueError, match=r"missing \['low'\], not a task \['lwo'\]"):
        checklist(Fake(), prompts, "{key}_hint", checks={"high": lambda lab: None, "lwo": lambda lab: None})
    with pytest.raises(ValueError, match=r"checks\['low'\] must be a function"):
        checklist(Fake(), prompts, "{key}_hint", checks={"high": lambda lab: None, "low": "_check_low"})
    tl = checklist(Fake(), prompts, "{key}_hint", checks={"high": lambda lab: "y = 1 m", "low": lambda lab: None})
    assert tl.update(object()) == ["high"] and tl.value("high") == "y = 1 m" and not tl.done("low")
