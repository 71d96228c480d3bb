"""Every number a lab shows is written by one formatter, course_lib's ``significant`` (significant digits, a true
zero as 0): in the labs' message tables as ``{x:.3s}`` (Python, :class:`course_lib.i18n.NumberFormatter`) or, in
a text the browser fills in, ``{x:.3g}`` (scene.js's significant digits). No lab text writes a measured quantity
with fixed decimals, except the short list below, each with its reason."""

from __future__ import annotations

import importlib
import re
import string

import pytest

from course_lib.i18n import TABLES, NumberFormatter, fields
from course_lib.lab.scene.layout import _FIELD
from course_lib.lessons import LESSONS

#: a fixed-decimal, percent or exponent format: "{x:.2f}", "{x:+.1f}", "{x:5.3f}", "{x:.1%}", "{x:.2e}"
FIXED = re.compile(r"^[+ ]?\d*\.\d+[f%e]$")
#: the formats allowed, and why
ALLOWED = {
    # an angle in degrees, written at its slider's resolution (whole degrees, or tenths while a swing plays)
    "angle_degrees": lambda key, text, name: re.search(r"\{" + name + r":[+ ]?\d*\.[01]f\}°", text) is not None,
    # a notebook printout (``*_nb_*``): a code cell's table whose columns compare digit by digit with the lab
    # or a reference (lab θ̈ against finite differences at 5 decimals); not a lab readout
    "notebook_printout": lambda key, text, name: "_nb_" in key,
}


def lab_tables():
    """The message tables of the labs and the kit (the quizzes and the grader are not labs)."""
    for lesson in LESSONS:
        for name, module in lesson.exports.items():
            importlib.import_module(f"{lesson.package}.{module}")
    importlib.import_module("course_lib.lab.messages")
    quizzes_and_grader = ("quiz", "wire_rules")
    return {name: t for name, t in TABLES.items()
            if not name.endswith("_quiz") and not name.startswith(("check", "grad")) and name not in quizzes_and_grader}


def fixed_formats(tables) -> list[tuple[str, str, str, str]]:
    """(table, language, key, field) of every fixed-decimal field no allowance covers."""
    found = []
    for tname, table in tables.items():
        languages = dict(table.messages)
        for lang, messages in languages.items():
            for key, text in messages.items():
                for name, _, spec in fields(str(text)):
                    if FIXED.match(spec) and not any(ok(key, str(text), re.escape(name)) for ok in ALLOWED.values()):
                        found.append((tname, lang, key, f"{{{name}:{spec}}}"))
    return found


def test_the_scan_finds_a_fixed_decimal_readout_and_allows_only_the_listed_kinds():
    assert fixed_formats({"demo": type("T", (), {"messages": {"en": {"x_value": "E = {E:.2f} J"}}})()}) == \
        [("demo", "en", "x_value", "{E:.2f}")]
    assert not fixed_formats({"demo": type("T", (), {"messages": {"en": {
        "x_value": "θ = {theta:.0f}°, E = {E:.3s} J", "x_nb_table": "{fd:.5f} rad/s²"}}})()})


def test_no_lab_message_writes_a_measured_quantity_with_fixed_decimals():
    tables = lab_tables()
    assert len(tables) >= 14
    found = fixed_formats(tables)
    assert not found, f"{len(found)} fixed-decimal fields, e.g. {found[:10]}"


def test_the_significant_spec_is_the_lab_kits_significant_and_shows_a_true_zero_as_0():
    from course_lib.lab.numbers import significant

    f = NumberFormatter()
    for x in (0.0635, 9821.7, -2.5e-6, 7.1, 1.5e6):
        assert f.format("{x:.3s}", x=x) == significant(x, 3)
    assert f.format("{x:.3s} {y:+.2s}", x=0.0, y=0.25) == "0 +0.25"


def test_every_text_the_browser_fills_in_uses_a_spec_the_browser_reads():
    """A scene text reaches scene.js as it is: "{E:.3s}" there would show as typed, so scene texts write .3g."""
    from course_lib import TwoLinkArm

    for lesson in LESSONS:
        for name, module in lesson.exports.items():
            if not name.endswith("Lab"):
                continue
            cls = getattr(importlib.import_module(f"{lesson.package}.{module}"), name)
            lab = cls(TwoLinkArm()) if name == "ArmPreviewLab" else cls()
            texts = [str(v) for s in lab.scene.shapes for v in s["props"].values() if isinstance(v, str)]
            if lab.scene.formula:
                texts += [str(p.get("text", "")) for p in lab.scene.formula.get("parts", [])]
            for text in texts:
                for _, field, spec, _ in string.Formatter().parse(text.replace("{{", "").replace("}}", "")):
                    if field is not None and spec:
                        assert _FIELD.fullmatch("{" + field + ":" + spec + "}"), (name, text)
