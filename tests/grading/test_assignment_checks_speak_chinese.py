"""Every word a learner reads from an assignment's tests is Chinese when the course speaks Chinese.

Each solution notebook is run in a plain namespace (no nbgrader, no kernel) under
``set_language("zh")``. Then every graded test cell, visible and hidden, runs again:

- once with the right answers, through a ``checks`` that records every text the cell hands to it
  (places, quantity names, messages) and with the printed success line captured;
- twice with wrong answers put in place of the names the test asks for (numbers scaled and shifted,
  or the right result wrapped in a 1-tuple), keeping the AssertionError the learner would read.

No text may hold an English word: a Latin word of 3 or more letters that is not a code name of
the notebook (a variable, function or class it defines or imports) or one of the symbols of
:data:`SYMBOLS`.
"""

from __future__ import annotations

import builtins
import contextlib
import io
import json
import re
import types
from pathlib import Path

import numpy as np
import pytest
import sympy as sp

from course_lib.grading import checks
from course_lib.i18n import language, set_language

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "solutions").glob("*/*.ipynb"))

#: words that are symbols or code in any language: numbers' names, sympy's functions, library names
SYMBOLS = {"NaN", "nan", "inf", "sympy", "numpy", "lstsq", "linalg", "sim", "simulate", "Matrix",
           "ImmutableDenseMatrix", "MutableDenseMatrix", "Tuple", "NoneType", "sin", "cos", "tan", "sqrt", "exp",
           "Derivative", "theta", "phi", "tau", "omega", "rdot", "phidot", "qdot", "Mdot", "qdd", "rad"}
#: Python's own text of an exception raised while comparing (after "TypeError: "): not the course's to translate
PYTHON_DETAIL = re.compile(r"\b[A-Z][A-Za-z]*(Error|Exception): [^\n]*")
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def english_words(text: str, code_names: set[str]) -> list[str]:
    """The Latin words of 3+ letters in ``text`` that are not code (no digit or underscore, not a known name)."""
    return [w for w in WORD.findall(PYTHON_DETAIL.sub("", text))
            if len(w) >= 3 and w.isalpha() and w not in code_names and w not in SYMBOLS
            and not _python_name(w)]


def _python_name(word: str) -> bool:
    """Python's exception names and the type names a message may show (tuple, list, float...)."""
    found = getattr(builtins, word, None)
    return word in {"tuple", "list", "float", "int", "str", "dict", "None"} or (
        isinstance(found, type) and issubclass(found, BaseException))


class Recorder(types.ModuleType):
    """``checks`` as a test cell sees it, recording every string the cell passes to it."""

    def __init__(self, seen: list[str]):
        super().__init__("checks")
        self._seen = seen

    def __getattr__(self, name: str):
        real = getattr(checks, name)
        if not callable(real):
            return real

        def recorded(*args, **kwargs):
            shown = list(args[1:] if name in ("place", "phrase") else args) + list(kwargs.values())  # not a key
            self._seen.extend(a for a in shown if isinstance(a, str))
            return real(*args, **kwargs)
        return recorded


def _scaled(value):
    """A wrong result of the same kind: numbers times −1.5 plus 0.1, sympy expressions times −2 plus 1."""
    if isinstance(value, tuple):
        return tuple(_scaled(v) for v in value)
    if isinstance(value, sp.MatrixBase):
        return -2 * value
    if isinstance(value, sp.Expr):
        return -2 * value + 1
    if isinstance(value, sp.Basic):
        return value
    try:
        return -1.5 * np.asarray(value, dtype=float) + 0.1
    except (TypeError, ValueError):
        return value


def _wrapped(value):
    return (value,)


def _wrong(value, spoil):
    if callable(value) and not isinstance(value, (sp.Basic, type)):
        return lambda *args, **kwargs: spoil(value(*args, **kwargs))
    return spoil(value)


def _collect(path: Path) -> tuple[dict[str, list[str]], set[str]]:
    """({test: texts}, code names) for one notebook: every place and name a test cell hands to the checks,
    its success line and its wrong-answer messages; and every name the notebook defines."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    ns: dict = {"__name__": "__main__"}
    found: dict[str, list[str]] = {}
    asked: list[str] = []
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        src = "".join(cell["source"])
        meta = cell["metadata"].get("nbgrader", {})
        if not meta.get("grade"):
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(src, f"{path.name}[{i}]", "exec"), ns)  # noqa: S102 - our own solution code
            continue
        need = re.search(r"checks\.need\(globals\(\),\s*([^)]*)\)", src)
        if need:
            asked = re.findall(r'"([^"]+)"', need.group(1))
        texts: list[str] = []
        out = io.StringIO()
        right = dict(ns, checks=Recorder(texts))
        with contextlib.redirect_stdout(out):
            exec(compile(src, f"{path.name}[{i}]", "exec"), right)  # noqa: S102
        texts.append(out.getvalue())
        failed = 0
        for spoil in (_scaled, _wrapped):
            wrong = dict(ns)
            for name in asked:
                try:
                    wrong[name] = _wrong(ns[name], spoil)
                except Exception:  # noqa: BLE001 - a name that cannot be spoilt this way stays right
                    pass
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile(src, f"{path.name}[{i}]", "exec"), wrong)  # noqa: S102
            except AssertionError as err:
                texts.append(str(err))
                failed += 1
        assert failed, f"{path.name} {meta.get('grade_id')}: no wrong answer made this test fail"
        found[f"{path.parent.name} {meta.get('grade_id')}"] = texts
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(src, f"{path.name}[{i}]", "exec"), ns)  # noqa: S102
    return found, {k for k in ns if isinstance(k, str)}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.parent.name for p in NOTEBOOKS])
def test_every_message_and_success_line_of_the_assignments_tests_is_chinese(path, chinese):
    found, code_names = _collect(path)
    assert found, f"no graded test cells in {path}"
    english = {where: sorted({w for t in texts for w in english_words(t, code_names)})
               for where, texts in found.items()}
    english = {where: words for where, words in english.items() if words}
    examples = {where: next(t for t in found[where] if english_words(t, code_names))[:200] for where in english}
    assert not english, f"English words in Chinese test output: {english}\nfor example: {examples}"


def test_the_word_filter_flags_english_but_not_code_or_symbols():
    assert english_words("tau 有误（for another chain of 5 links）", {"tau"}) == ["for", "another", "chain", "links"]
    assert english_words("planar_rnea 在 CHAIN3 上正确，含 NaN；sin(theta)", {"planar_rnea"}) == []


def test_a_test_cells_own_failure_is_the_same_kind_of_hidden_failure_in_chinese_as_in_english():
    """The hint a hidden test's failure gets must not change with the language of the grader."""
    from course_lib.grading.feedback import failure_kind

    made = [
        lambda: checks.phrase("kp_positive", where=checks.place("gains_for", wn=10.0, zeta=1.0), kp=-3.0),
        lambda: checks.phrase("returns", name="simulate_zoh", what="(t, q, tau)", kind="list",
                              where=checks.place("other_plant", model="Pendulum", dt=2.0, period=2.0)),
        lambda: checks.phrase("lstsq_tuple", n=4),
    ]
    before = language()
    try:
        for make in made:
            kinds = {}
            for lang in ("en", "zh"):
                set_language(lang)
                kinds[lang] = failure_kind("AssertionError", make())
            assert kinds["en"] == kinds["zh"], kinds
    finally:
        set_language(before)
