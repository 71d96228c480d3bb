"""A gear ratio is written k_r everywhere a learner reads (docs/notation.md, docs/glossary.md): lessons 3, 5, 6
and 9 once called it N, the letter lesson 9 uses for the number of samples."""

from __future__ import annotations

import importlib
import json
import pathlib
import re

import pytest

from course_lib.i18n import TABLES
from course_lib.lessons import LESSONS

REPO = pathlib.Path(__file__).resolve().parents[1]
#: a sentence about gears or rotors (either language)
GEARS = re.compile(r"gear|rotor|reflected|减速|转子|折算|齿轮", re.I)
#: the letter N used as a symbol: $N$, N^2 / N², N = 100, "ratio N", "减速比 N" (N·m, N m and "samples N" are not)
N_SYMBOL = re.compile(r"\$N\$|\bN\s*\^\s*\{?2|\bN²|\$?\bN\s*=\s*\d|ratios?\s+(?:of\s+)?\$?N\b|减速比\s*\$?N\b")


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.。!?！？])\s+|\n\s*\n|\n\* |\n(?=\|)", text) if s.strip()]


def gear_ratio_called_n(text: str) -> list[str]:
    """The sentences of ``text`` about gears or rotors that write the letter N as a symbol."""
    return [s for s in _sentences(text) if GEARS.search(s) and N_SYMBOL.search(s)]


def _notebook_texts() -> list[tuple[str, str]]:
    paths = sorted((REPO / "notebooks").glob("*.ipynb")) + sorted((REPO / "notebooks" / "zh").glob("*.ipynb")) + \
        sorted((REPO / "exercises").rglob("*.ipynb")) + sorted((REPO / "solutions").rglob("*.ipynb"))
    out = []
    for path in paths:
        for i, cell in enumerate(json.loads(path.read_text())["cells"]):
            out.append((f"{path.relative_to(REPO)} cell {i}", "".join(cell["source"])))
    return out


def _message_texts() -> list[tuple[str, str]]:
    for lesson in LESSONS:
        for module in set(lesson.exports.values()) | {"messages"}:
            try:
                importlib.import_module(f"{lesson.package}.{module}")
            except ModuleNotFoundError:
                pass
    out = []
    for name, table in TABLES.items():
        for lang, messages in table.messages.items():
            out += [(f"{name}[{lang}].{key}", str(text)) for key, text in messages.items()]
    return out


def test_the_detector_finds_a_gear_ratio_called_n_and_leaves_other_ns_alone():
    assert gear_ratio_called_n("A geared joint adds $N^2 I_m$ to the diagonal of $M$.")
    assert gear_ratio_called_n("电机的转子惯量经过减速比 $N$，会加上折算惯量。")
    assert gear_ratio_called_n("With a gear ratio N = 100 the rotor dominates.")
    assert not gear_ratio_called_n("A rotor adds k_r² I_m; the motor torque is 2 N·m.")
    assert not gear_ratio_called_n("The error falls like 1/√N with N = 60 samples.")


@pytest.mark.parametrize("source", ["notebooks", "messages"])
def test_no_learner_facing_text_calls_a_gear_ratio_n(source):
    texts = _notebook_texts() if source == "notebooks" else _message_texts()
    assert len(texts) > 100
    found = [(where, s[:120]) for where, text in texts for s in gear_ratio_called_n(text)]
    assert not found, found


def test_the_notation_and_the_glossary_write_the_gear_ratio_k_r():
    notation = (REPO / "docs" / "notation.md").read_text()
    glossary = (REPO / "docs" / "glossary.md").read_text()
    assert re.search(r"^\| \$k_r\$ \| gear ratio", notation, re.M)
    assert re.search(r"^\| gear ratio \| 减速比 \| k_r", glossary, re.M)
    assert not gear_ratio_called_n(notation) and not gear_ratio_called_n(glossary)
