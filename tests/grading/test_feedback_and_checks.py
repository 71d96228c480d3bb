"""Units of the grading package: hidden-test removal and the checks' messages (fast)."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp
from nbformat.v4 import new_code_cell, new_output

from course_lib.grading import checks, feedback


def hidden_cell_with_error(message: str, ename: str = "AssertionError"):
    """A test cell with a hidden region that printed something and failed with ``message``."""
    cell = new_code_cell("visible()\n### BEGIN HIDDEN TESTS\nsecret_check(42)\n### END HIDDEN TESTS")
    cell.outputs = [new_output("stream", name="stdout", text="printed by secret_check"),
                    new_output("error", ename=ename, evalue=message,
                               traceback=["secret_check(42)", f"{ename}: {message}"])]
    return cell


def test_hidden_region_its_output_and_message_are_removed():
    """The feedback keeps the visible code; the hidden lines, printed text, traceback and message
    (with the hidden state and expected value) are replaced by one generic hint."""
    message = "M is wrong at q = (0.412, -1.037) for another arm: got 1.000, expected 2.718"
    out, _ = feedback.HideHiddenTests().preprocess_cell(hidden_cell_with_error(message), {}, 0)
    assert out.source == "visible()"
    assert len(out.outputs) == 1
    assert out.outputs[0].traceback == ["HiddenTestFailed: " + feedback.HINTS["values"]]
    shown = str(out)
    for secret in ("0.412", "another arm:", "2.718", "secret_check", "printed by"):
        assert secret not in shown, secret


def test_hints_carry_no_numbers():
    """The generic hints are fixed sentences: no digit, so no value of any test can be in them."""
    assert not any(ch.isdigit() for hint in feedback.HINTS.values() for ch in hint)


def _message_of(check, *args, **kwargs) -> str:
    with pytest.raises(AssertionError) as info:
        check(*args, **kwargs)
    return str(info.value)


def test_each_kind_of_failure_of_the_real_checks_gets_its_own_hint():
    """The classification follows the messages checks.py really produces (so a rewording there fails here)."""
    th, m = sp.symbols("theta m")

    def todo(q):
        raise NotImplementedError()
    cases = [
        ("missing", _message_of(checks.call, todo, 0.0)),
        ("missing", _message_of(checks.need, {}, "T")),
        ("exception", _message_of(checks.call, lambda q: 1 / q, 0.0, name="gravity", where="at q = 0")),
        ("not_finite", _message_of(checks.as_array, "g", [np.nan, 1.0], (2,))),
        ("shape", _message_of(checks.as_array, "M", [1.0, 2.0], (2, 2))),
        ("symbolic", _message_of(checks.check_equivalent, "T", m * th, 2 * m * th)),
        ("values", _message_of(checks.check_close, "g", 1.0, 2.0, "at q = (0.1, 0.2)")),
        ("values", _message_of(checks.check_symmetric, lambda q: np.array([[1.0, 2.0], [0.0, 1.0]]),
                               [np.zeros(2)])),
    ]
    for kind, message in cases:
        assert feedback.failure_kind("AssertionError", message) == kind, message
    assert feedback.failure_kind("NameError", "name 'T' is not defined") == "missing"
    assert feedback.failure_kind("CellTimeoutError", "stopped") == "timeout"
    assert feedback.failure_kind("KeyboardInterrupt", "") == "timeout"
    assert feedback.failure_kind("IndexError", "tuple index out of range") == "other"


def test_timeout_is_reported_before_the_interrupt_that_stopped_the_cell():
    """A cell stopped by the time limit says so, not 'KeyboardInterrupt' or the hidden code."""
    cell = hidden_cell_with_error("", ename="KeyboardInterrupt")
    cell.outputs.append(new_output("error", ename="CellTimeoutError", evalue="ran too long", traceback=["x"]))
    out, _ = feedback.HideHiddenTests().preprocess_cell(cell, {}, 0)
    assert out.outputs[0].evalue == feedback.HINTS["timeout"]


def test_passed_hidden_test_shows_nothing():
    """A hidden test that passed leaves no output at all (not even what it printed)."""
    cell = hidden_cell_with_error("unused")
    cell.outputs = cell.outputs[:1]
    out, _ = feedback.HideHiddenTests().preprocess_cell(cell, {}, 0)
    assert out.outputs == []


def test_cells_without_hidden_tests_are_left_alone():
    """A visible test's traceback stays: it only quotes code the student can see."""
    cell = new_code_cell("assert x")
    cell.outputs = [new_output("error", ename="AssertionError", evalue="", traceback=["assert x"])]
    out, _ = feedback.HideHiddenTests().preprocess_cell(cell, {}, 0)
    assert out.source == "assert x" and out.outputs[0].traceback == ["assert x"]


def test_symmetry_check_names_the_state_and_entries():
    """'M is not symmetric at q = …' points at the offending entries."""
    with pytest.raises(AssertionError, match=r"M is not symmetric at q = \(0\.100, 0\.200\): M\[0,1\] = 1 but M\[1,0\] = 0"):
        checks.check_symmetric(lambda q: np.array([[2.0, 1.0], [0.0, 2.0]]), [np.array([0.1, 0.2])])


def test_positive_definite_check_reports_the_eigenvalue():
    """An indefinite 'mass matrix' is rejected with its smallest eigenvalue."""
    with pytest.raises(AssertionError, match="not positive definite at q = .*smallest eigenvalue is -1"):
        checks.check_positive_definite(lambda q: np.diag([1.0, -1.0]), [np.zeros(2)])


def test_skew_check_accepts_skew_and_rejects_symmetric():
    """N = [[0, 1], [-1, 0]] is skew; the identity is not."""
    checks.check_skew("N", np.array([[0.0, 1.0], [-1.0, 0.0]]))
    with pytest.raises(AssertionError, match=r"N is not skew-symmetric at q = 0: entry \[0,0\]"):
        checks.check_skew("N", np.eye(2), "at q = 0")


def test_nan_wrong_shape_and_non_numbers_are_explained():
    """NaN, a wrong shape and text instead of numbers each get their own message."""
    with pytest.raises(AssertionError, match="contains NaN or inf"):
        checks.as_array("g", [np.nan, 1.0], (2,))
    with pytest.raises(AssertionError, match=r"should have shape \(2, 2\).*got shape \(2,\)"):
        checks.as_array("M", [1.0, 2.0], (2, 2))
    with pytest.raises(AssertionError, match="should be numbers"):
        checks.as_array("M", "abc", (2, 2))


def test_learner_exceptions_become_assertions_with_context():
    """NotImplementedError and other exceptions are reported with the function name and inputs."""
    def todo(q):
        raise NotImplementedError()
    with pytest.raises(AssertionError, match="todo is not implemented yet"):
        checks.call(todo, 1.0)
    with pytest.raises(AssertionError, match=r"gravity raised KeyError at q = 0: 'g'"):
        checks.call(lambda q: {}["g"], 0.0, name="gravity", where="at q = 0")


def test_symbolic_equivalence_accepts_any_correct_form():
    """sin²θ·ml² and ml² − ml²cos²θ are the same expression; a factor-2 error is not."""
    th, m, l = sp.symbols("theta m l", positive=True)
    checks.check_equivalent("e", m * l**2 * sp.sin(th)**2, m * l**2 - m * l**2 * sp.cos(th)**2)
    with pytest.raises(AssertionError, match="not equivalent"):
        checks.check_equivalent("e", 2 * m * l**2, m * l**2)
    with pytest.raises(AssertionError, match="has not been computed yet"):
        checks.check_equivalent("e", None, m)


def test_numeric_check_reports_the_state_and_stray_symbols():
    """Comparing with a reference function names the failing state; unknown symbols are flagged."""
    x, k = sp.symbols("x k")
    checks.check_numeric("f", k * x**2, [x], {k: 2.0}, lambda a: 2.0 * a**2, np.array([[0.5], [1.5]]))
    with pytest.raises(AssertionError, match=r"f is wrong at x = 1\.500: got 2\.250, expected 4\.500"):
        checks.check_numeric("f", x**2, [x], {}, lambda a: 2.0 * a**2, np.array([[1.5]]))
    with pytest.raises(AssertionError, match=r"unexpected symbols \['k'\]"):
        checks.check_numeric("f", k * x, [x], {}, lambda a: a, np.array([[1.0]]))
