"""A lab slider's number box reads what a Chinese input method types (course_lib/lab/typed_numbers.py/.js).

The character table comes from the quizzes' mapping and is sent by the kernel; the rule that
applies it runs in the browser, so it is checked here under Node with the kernel's own table.
Unreadable text becomes a message in the lab's message line, in both languages.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from course_lib import set_language
from course_lib.i18n import HALFWIDTH, halfwidth
from course_lib.lab.typed_numbers import HELPER_CLASS, NUMBER_CHARS, TypedNumbers
from course_lib.lessons.pendulum.lab import PendulumLab
from course_lib.lessons.two_link.lab import ArmSimLab

JS = Path(__file__).resolve().parents[2] / "course_lib" / "lab" / "typed_numbers.js"


@pytest.fixture(autouse=True)
def english_again():
    set_language("en")
    yield
    set_language("en")


def test_the_number_table_is_the_quiz_mapping_of_digits_signs_points_and_spaces():
    assert NUMBER_CHARS, "no characters to map"
    assert NUMBER_CHARS.get("\u2212") == "-", "the minus sign the box itself shows (−1.20) is not read"
    for char, ascii_ in NUMBER_CHARS.items():
        if char == "\u2212":
            continue
        assert halfwidth(char) == ascii_, f"{char!r} maps to {ascii_!r} here but to {halfwidth(char)!r} in the quiz"
        assert ascii_ in "0123456789+-.,eE ", f"{char!r} → {ascii_!r} is not part of a number"
    typed = "０１２３４５６７８９＋－．，ｅＥ。\u3000"
    assert [c for c in typed if c not in NUMBER_CHARS] == [], "a character of a typed number is not mapped"
    # brackets, operators and other letters stay out: harmless in a formula, meaningless in a slider's box
    assert not set("（）＊／＾＝ＡＢｘ×÷") & set(NUMBER_CHARS)
    assert set(NUMBER_CHARS) - {"\u2212"} <= {chr(k) for k in HALFWIDTH}


def _read_in_node(cases: list[str], table: dict[str, str]) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        if any(os.environ.get(k, "").strip().lower() not in ("", "0", "false", "no") for k in ("CI", "REQUIRE_NODE")):
            pytest.fail("Node.js is not installed (bash tools/ensure_node.sh)", pytrace=False)
        pytest.skip("Node.js is not installed: run `bash tools/ensure_node.sh`")
    script = (
        "import { readFileSync } from 'node:fs';\n"
        f"const src = readFileSync({json.dumps(str(JS))}, 'utf8');\n"
        "const m = await import('data:text/javascript;base64,' + Buffer.from(src).toString('base64'));\n"
        f"const table = {json.dumps(table)}, cases = {json.dumps(cases)};\n"
        "console.log(JSON.stringify(cases.map((c) => m.readTyped(c, table))));\n"
    )
    run = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout)


#: typed text → what ipywidgets is handed (None: no number, the box shows the slider's value again)
READINGS = {
    "０．５": "0.5", "－１．２": "-1.2", "１２": "12", "＋３": "+3", "０，５": "0.5", "１２，５": "12.5",
    "，５": ".5", "0,500": "0.500", "１２。５": "12.5", "\u3000－\u3000１２\u3000": "-12", "１ｅ－３": "1e-3",
    "0.25": "0.25", "-7": "-7", "\u22121.20": "-1.20",
    "abc": None, "2x": None, "１ ２": None, "1,250": None, "１，２５０": None, "1,2,3": None, "1.2,5": None,
    "（１）": None, "": None, "－": None,
}


def test_the_browser_reads_full_width_numbers_with_the_kernels_table():
    got = _read_in_node(list(READINGS), NUMBER_CHARS)
    wrong = {typed: r for typed, r in zip(READINGS, got) if (r["text"] if r["ok"] else None) != READINGS[typed]}
    assert not wrong, f"typed → read (expected {({k: READINGS[k] for k in wrong})}): {wrong}"


def test_the_browser_keeps_no_table_of_its_own():
    """Without the kernel's table, full-width digits are not read: one source of truth, in Python."""
    (got,) = _read_in_node(["０．５"], {})
    assert got["ok"] is False, got


def test_every_lab_box_carries_one_hidden_helper_with_the_table():
    for lab in (PendulumLab(), ArmSimLab()):
        helpers = [c for c in lab.widget.children if isinstance(c, TypedNumbers)]
        assert helpers == [lab.typed_numbers], f"{type(lab).__name__}: {lab.widget.children}"
        assert HELPER_CLASS in lab.typed_numbers._dom_classes and "cl-lab" in lab.widget._dom_classes
        assert lab.typed_numbers.layout.display == "none"
        assert lab.typed_numbers.chars == NUMBER_CHARS


def test_unreadable_text_shows_a_message_in_both_languages_and_the_lab_stays_usable():
    lab = PendulumLab()
    tau = lab.controls["tau"]
    lab.typed_numbers.browser_message({"type": "unreadable", "label": tau.description, "text": "１，２５０"})
    shown = lab.message.value
    assert tau.description in shown and "１，２５０" in shown and "not a number" in shown, shown
    set_language("zh")
    assert "不是一个数" in lab.message.value and "１，２５０" in lab.message.value, lab.message.value
    set_language("en")
    lab.set("tau", 2.0)
    assert tau.value == 2.0 and lab.readout("theta") == lab.readout("theta")


def test_the_message_escapes_what_was_typed_and_odd_messages_are_ignored():
    lab = PendulumLab()
    lab.typed_numbers.browser_message({"type": "unreadable", "label": "b", "text": "<img src=x onerror=alert(1)>"})
    assert "<img" not in lab.message.value and "&lt;img" in lab.message.value
    lab.show_message("")
    for odd in ({"type": "unreadable", "label": 3, "text": "x"}, {"type": "other"}, "unreadable", None):
        lab.typed_numbers.browser_message(odd)
    assert lab.message.value == ""
