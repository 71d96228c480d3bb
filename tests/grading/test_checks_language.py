"""The exercises' visible checks speak the learner's language and still say where."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from course_lib.grading import checks
from course_lib.i18n import language, set_language


def _message(fn, *args, **kwargs) -> str:
    with pytest.raises(AssertionError) as err:
        fn(*args, **kwargs)
    return str(err.value)


def test_an_asymmetric_mass_matrix_is_reported_in_chinese_with_the_state(chinese):
    message = _message(checks.check_symmetric, lambda q: np.array([[1.0, 2.0], [0.0, 1.0]]), [np.array([0.1, 0.2])])
    assert message == "M 不对称（q = (0.100, 0.200) 时）：M[0,1] = 2，而 M[1,0] = 0"


def test_a_wrong_value_in_chinese_names_the_place_the_test_cell_gave(chinese):
    message = _message(checks.check_close, "tau", 1.0, 2.0, "at theta = 0.5")
    assert message == "tau 有误（at theta = 0.5）：得到 1.000，应为 2.000（最大误差 1）"


def test_the_hint_for_a_missing_factor_is_in_chinese(chinese):
    import sympy as sp

    x = sp.Symbol("x", real=True)
    message = _message(checks.check_numeric, "T", 2 * x**2, [x], {}, lambda v: v**2, np.array([[1.0], [2.0], [3.0]]))
    assert message.startswith("T 有误（x = 1.000 时）：") and "提示：T 处处是期望值的 2 倍" in message


def test_missing_names_exceptions_and_nan_are_reported_in_chinese(chinese):
    assert "还没有定义" in _message(checks.need, {}, "T")
    assert _message(checks.call, lambda x: 1 / x, 0, name="inverse", where="x = 0") == \
        "inverse 抛出了 ZeroDivisionError（x = 0）：division by zero"
    assert "含有 NaN 或 inf" in _message(checks.as_array, "g", [np.nan], (1,))
    assert "还没有实现" in _message(checks.call, lambda: (_ for _ in ()).throw(NotImplementedError()), name="f")


def test_every_check_message_exists_in_both_languages_with_the_same_fields():
    import string

    from course_lib.grading.check_messages import CHECKS

    fields = {lang: {k: {f for _, f, _, _ in string.Formatter().parse(v) if f} for k, v in table.items()}
              for lang, table in CHECKS.messages.items()}
    assert set(fields) == {"en", "zh"} and fields["en"] == fields["zh"]


def test_course_lang_in_the_kernel_environment_makes_the_checks_speak_chinese():
    code = ("from course_lib.grading import checks\n"
            "try:\n    checks.need({}, 'T')\nexcept AssertionError as e:\n    print(e)\n")
    env = dict(os.environ, COURSE_LANG="zh")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "T 还没有定义：请先完成并运行本测试上方定义它的单元格"


def test_a_hidden_tests_failure_is_the_same_kind_in_chinese_as_in_english():
    """The feedback hides a hidden test's message behind a hint chosen by its kind; the kind must not
    fall back to 'other' because the grading kernel speaks Chinese."""
    import sympy as sp

    from course_lib.grading.feedback import failure_kind

    x = sp.Symbol("x")
    failing = [
        (checks.need, ({}, "T")), (checks.call, (lambda: 1 / 0,)), (checks.as_array, ("g", [np.nan], (1,))),
        (checks.as_array, ("g", [1.0], (2,))), (checks.check_equivalent, ("e", sp.sin(x), sp.cos(x))),
        (checks.check_skew, ("N", np.eye(2))), (checks.check_close, ("tau", 1.0, 2.0, "at x = 1")),
        (checks.check_symmetric, (lambda q: np.array([[1.0, 2.0], [0.0, 1.0]]), [np.zeros(2)])),
        (checks.check_positive_definite, (lambda q: -np.eye(2), [np.zeros(2)])),
        (checks.check_coriolis_properties, ("C", sp.zeros(3, 3), sp.eye(2), [x, x], [x, x])),
        (checks.check_equivalent, ("e", None, x)),
    ]
    before = language()
    try:
        for fn, args in failing:
            kinds = {}
            for lang in ("en", "zh"):
                set_language(lang)
                kinds[lang] = failure_kind("AssertionError", _message(fn, *args))
            assert kinds["en"] == kinds["zh"] != "other", (fn.__name__, kinds)
    finally:
        set_language(before)


def test_the_place_a_test_cell_names_is_in_chinese_too(chinese, capsys):
    """Finding 9: "holding_torque 有误（at theta = 0.000 rad, …）" mixed languages; at_values writes the place."""
    where = checks.at_values(θ="0.000 rad", m="1.3 kg", l="0.7 m")
    message = _message(checks.check_close, "holding_torque", 8.927, 0.0, where)
    assert message.startswith("holding_torque 有误（θ = 0.000 rad, m = 1.3 kg, l = 0.7 m 时）"), message
    assert "at " not in message
    checks.passed("T", "V")
    assert capsys.readouterr().out.strip() == "T 和 V 都正确。"


def test_no_solution_test_cell_writes_an_english_place_or_success_line():
    import json
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[2]
    found = []
    for path in sorted((root / "solutions").glob("*/*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            src = "".join(cell["source"])
            found += [(path.name, m.group(0)) for m in re.finditer(r'print\("[^"]* right\."\)|f"at theta = |f"at q = \{checks\.fmt\(_q\)\}(, qd = \{checks\.fmt\(_qd\)\})?"', src)]
    assert not found, f"English phrases in test cells (use checks.at_values / checks.passed): {found}"


def test_the_traceback_summary_line_is_in_chinese(chinese):
    from course_lib.grading.check_messages import text

    assert text("show_traceback") == "显示完整的错误回溯"
