"""Texts that said something loose or wrong: each now says what course_lib computes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from course_lib.i18n import set_language

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def test_lesson6_gives_centre_2s_distance_by_the_law_of_cosines():
    """At θ₂ = 120° centre 2 is √(l₁² + l_c2² + 2 l₁ l_c2 cos θ₂) from the base (√(l₁² + l_c2²) holds at 90° only)."""
    from course_lib import TwoLinkArm

    arm = TwoLinkArm()
    q = np.array([0.0, np.radians(120)])
    lc2 = arm.l2 / 2
    law = np.sqrt(arm.l1 ** 2 + lc2 ** 2 + 2 * arm.l1 * lc2 * np.cos(q[1]))
    assert np.linalg.norm(arm.com_positions(q)[1]) == pytest.approx(law, rel=1e-12)
    text = next("".join(c["source"]) for c in cells("06_coriolis_christoffel.ipynb")
                if "Newton's numbers" in "".join(c["source"]))
    assert r"\sqrt{l_1^2 + l_{c2}^2 + 2 l_1 l_{c2}\cos\theta_2}" in text
    assert r"\sqrt{l_1^2 + l_{c2}^2}$" not in text


def test_lesson9_prints_the_excitations_amplitudes_instead_of_typing_them():
    """'slow and small' was typed as ±6° while the lab swings ±0.1 rad (5.7°): the amplitudes come from EXCITATIONS."""
    from course_lib.physics.identification import EXCITATIONS

    nb = cells("09_identification.ipynb")
    lab_text = next("".join(c["source"]) for c in nb if "**slow and small**" in "".join(c["source"]))
    assert not re.search(r"±\d+(\.\d+)?°", lab_text), lab_text
    printing = [c for c in nb if c["cell_type"] == "code" and "EXCITATIONS.items()" in "".join(c["source"])]
    assert printing and "np.degrees(motion.amplitude)" in "".join(printing[0]["source"])
    assert np.degrees(EXCITATIONS["slow"].amplitude[0]) == pytest.approx(5.73, abs=0.005)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("i", [1, 2, 3])
def test_lesson10s_backward_step_writes_the_joints_number_on_every_symbol(lang, i):
    """'τ1 = Sᵢᵀ Fᵢ' mixed the number 1 with the index i."""
    from course_lib.lessons.recursive_dynamics.messages import RNEA_LAB

    T = RNEA_LAB.text

    set_language(lang)
    try:
        line = T("rnea_stage_backward", i=i, n=4)
    finally:
        set_language("en")
    assert f"τ{i} = S{i}ᵀ F{i}" in line.replace("\u00a0", " ") and "ᵢ" not in line, line


def test_the_reviews_input_hints_spell_every_unit_one_way_and_read_both():
    """The review's hints showed N·m beside N*m; hints now write N·m, m/s², and the reader takes N*m and N·m."""
    from course_lib.lessons.review.quiz import review_quiz
    from course_lib.quiz import NumericQuestion

    quiz = review_quiz()
    hints = [q.placeholder for q in quiz if isinstance(q, NumericQuestion) and q.unit]
    assert hints and not any("*" in h or "^" in h for h in hints), hints
    torque = next(q for q in quiz if isinstance(q, NumericQuestion) and q.unit.replace("·", "*") == "N*m")
    value = f"{torque.expected:.6g}"
    assert torque.check(f"{value} N*m").correct and torque.check(f"{value} N·m").correct


def test_no_lesson_numbers_its_lab_by_the_source_documents_figures():
    """The source lessons call their figures FIG 1…5 per document, so two of ours were both "FIG 3"; the
    course names a lab by its lesson only, in both languages."""
    named = [(path.name, m.group(0)) for path in sorted(NOTEBOOKS.glob("**/*.ipynb"))
             for cell in json.loads(path.read_text(encoding="utf-8"))["cells"] if cell["cell_type"] == "markdown"
             for m in re.finditer(r"FIG\s*\d+|（图\s*\d+）", "".join(cell["source"]))]
    assert not named, named
