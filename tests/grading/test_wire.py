"""The data model across the kernel boundary (course_lib.grading.wire, safe_sympy, numeric), unit by unit."""

from __future__ import annotations

import json
import math
import time

import numpy as np
import pytest
import sympy as sp
from hypothesis import given
from hypothesis import strategies as st

from course_lib.grading import numeric, safe_sympy, wire
from course_lib.grading.wire_rules import MAX_ARRAY, MAX_DIGITS, MAX_NODES, DecodeError, NotAnExpression, TooLarge
from tests.grading.student_data import Spies

t = sp.Symbol("t", real=True)
THETA = sp.Function("theta", real=True)
SETUP = wire.Expect({"theta": THETA}, frozenset({sp.Symbol("m", positive=True), t}))


def crossed(value, expect: wire.Expect = SETUP):
    """``value`` as the grader reads it after the kernel encoded it and JSON carried it."""
    return wire.decode(json.loads(json.dumps(wire.encode(value), allow_nan=False)), expect)


@pytest.mark.parametrize("value", [
    None, True, 3, -2.5, 1 + 2j, [1, (2.0, None)], {"a": 1, 2: [3.0]},
    sp.Symbol("m", positive=True) * sp.Symbol("v") ** 2 / 2, sp.Rational(-3, 7), sp.Float(0.1), sp.pi * sp.I,
    sp.Matrix([[1, t], [t**2, sp.sin(t)]]), sp.ImmutableMatrix([[1.5, 2]]), sp.Eq(t, 2), sp.Tuple(t, 1),
    THETA(t).diff(t, 2) + sp.atan2(t, 1) + sp.Max(t, 0) + sp.Abs(t) + sp.exp(-t) * sp.log(t),
], ids=repr)
def test_honest_values_cross_unchanged(value):
    got = crossed(value)
    assert got == value and type(got) is type(value)


@pytest.mark.filterwarnings("ignore:the matrix subclass:PendingDeprecationWarning")
def test_arrays_cross_as_float_or_complex_arrays_of_any_shape():
    for value in (np.arange(6).reshape(2, 3), np.matrix([[1.0, 2.0], [3.0, 4.0]]), np.array(2.5),
                  np.array([1 + 1j, np.nan]), np.array([True, False]), np.zeros((2, 0, 3))):
        got = crossed(value)
        assert type(got) is np.ndarray and got.shape == np.asarray(value).shape
        assert got.dtype in (np.float64, np.complex128)
        np.testing.assert_array_equal(got, np.asarray(value))
    assert math.isinf(crossed(float("-inf"))) and math.isnan(crossed(float("nan")))
    assert crossed(np.float32(0.5)) == 0.5 and crossed(np.int64(7)) == 7


def test_the_setups_function_is_the_setups_own_and_others_are_refused():
    got = crossed(sp.Function("theta")(t))          # the student's θ without real=True
    assert got == THETA(t) and got.is_real
    with pytest.raises(DecodeError, match=r"undefined function f\(t\); this exercise expects only theta"):
        crossed(sp.Function("f")(t))
    with pytest.raises(DecodeError, match="expects none"):
        crossed(sp.Function("f")(t), wire.Expect())


@pytest.mark.parametrize("tree", [
    ["Symbol", "x + y", {}], ["Symbol", "__class__", {}], ["Symbol", "", {}], ["Symbol", "a" * 101, {}],
    ["Function", "__import__('os').system('true')", ["Symbol", "t", {}]], ["Function", "x.y", ["Symbol", "t", {}]],
    ["Symbol", "x", {"__init__": True}], ["Symbol", "x", {"real": "yes"}], ["Lambda", ["Symbol", "x", {}]],
    ["__import__", "os"], ["Piecewise"], ["Integer", "12"], ["Integer", True], ["Rational", 1, 0], ["Float", "1e5"],
    ["Matrix", 2, 2, [["Integer", 1]]], "Symbol('x')", [], [3], ["Add", "x"],
], ids=repr)
def test_trees_that_break_a_rule_are_refused_with_the_rule(tree):
    with pytest.raises(DecodeError) as err:
        wire.decode({"t": "sympy", "tree": tree}, SETUP)
    assert str(err.value) and "Traceback" not in str(err.value)


@pytest.mark.parametrize("tree, bound", [
    (["Integer", 10 ** (MAX_DIGITS + 1)], "digits"),
    (["Pow", ["Pow", ["Integer", 10**40], ["Integer", 1000]], ["Integer", 1000]], "power"),
    (["Pow", ["Symbol", "x", {}], ["Integer", 10**6]], "exponent"),
    (["Pow", ["Integer", 2], ["Rational", 10**7, 3]], "exponent"),
    (["Mul", *[["Integer", 10**900]] * 4], "digits"),
    (["Add", *[["Symbol", f"x{i}", {}] for i in range(MAX_NODES + 1)]], "parts"),
    (["Derivative", ["Symbol", "x", {}], ["Tuple", ["Symbol", "x", {}], ["Integer", 10**5]]], "order"),
], ids=["integer", "nested power", "exponent", "rational exponent", "product", "tree size", "derivative order"])
def test_what_would_cost_too_much_is_too_large_to_check_at_once(tree, bound):
    start = time.process_time()
    with pytest.raises(TooLarge, match="too large to check") as err:
        wire.decode({"t": "sympy", "tree": tree})
    assert time.process_time() - start < 1.0
    assert bound in str(err.value)
    deep: list = ["Symbol", "x", {}]
    for _ in range(200):
        deep = ["sin", deep]
    with pytest.raises(TooLarge, match="nested more than"):
        wire.decode({"t": "sympy", "tree": deep})


def test_arrays_and_numbers_past_their_bounds_are_too_large():
    with pytest.raises(TooLarge, match="array of more than"):
        wire.decode({"t": "array", "shape": [MAX_ARRAY, 2], "data": []})
    with pytest.raises(TooLarge, match="digits"):
        wire.decode({"t": "num", "v": 10 ** (MAX_DIGITS + 1)})
    assert wire.encode(10 ** (MAX_DIGITS + 1)) == {"t": "too_large", "what": "digits"}
    with pytest.raises(DecodeError, match="does not match its 1 entries"):
        wire.decode({"t": "array", "shape": [2, 2], "data": [1.0]})
    for bad in ("1e5", [1], {"re": "x", "im": 0}, None):
        with pytest.raises(DecodeError, match="where a number was expected"):
            wire.decode({"t": "num", "v": bad})


def test_dict_keys_are_texts_numbers_or_the_setups_symbols():
    got = crossed({"__import__('os')": 1, 3: 2, sp.Symbol("m", positive=True): 3})
    text_key = next(k for k in got if isinstance(k, str))
    assert isinstance(text_key, wire.DataKey) and text_key == "__import__('os')" and got["__import__('os')"] == 1
    for use in (sp.sympify, sp.Dict):
        with pytest.raises(NotAnExpression, match="is data, not an expression"):
            use(got if use is not sp.sympify else text_key)
    assert (sp.Symbol("x") == wire.DataKey("x")) is False          # compared, never parsed
    with pytest.raises(DecodeError, match="dict key .* is not one the exercise expects"):
        crossed({sp.Symbol("q"): 1})
    with pytest.raises(DecodeError, match="dict key"):
        wire.decode({"t": "dict", "items": [["raw text", {"t": "none"}]]})


def test_other_objects_cross_as_their_type_name_and_refuse_sympify():
    class Sneaky:
        def __repr__(self):
            raise RuntimeError("no")

    for value in (Sneaky(), object(), "plain text", b"bytes", {1, 2}, np.array(["a"])):
        got = crossed(value)
        with pytest.raises(NotAnExpression):
            sp.sympify(got)
    assert isinstance(crossed(len), wire.FunctionRef)


#: random text for every slot
TEXTS = st.one_of(st.text(max_size=16), st.sampled_from(["__import__('os')", "x.__class__", "lambda: 1", "nan",
                                                         "theta", "1e999999", "Symbol('x')", "-inf"]))
HEADS = st.one_of(st.sampled_from(sorted(safe_sympy.OPERATORS) + sorted(safe_sympy.CONSTANTS)
                                  + ["Symbol", "Dummy", "Function", "Integer", "Rational", "Float", "Matrix"]), TEXTS)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), TEXTS,
                    st.dictionaries(TEXTS, st.booleans(), max_size=2))
TREES = st.recursive(st.builds(lambda h, a: [h, *a], HEADS, st.lists(SCALARS, max_size=3)),
                     lambda inner: st.builds(lambda h, a: [h, *a], HEADS, st.lists(st.one_of(inner, SCALARS),
                                                                                   max_size=4)), max_leaves=20)
DATA = st.recursive(st.one_of(SCALARS, st.builds(lambda tree: {"t": "sympy", "tree": tree}, TREES)),
                    lambda inner: st.one_of(
                        st.lists(inner, max_size=4),
                        st.fixed_dictionaries({"t": st.sampled_from(["num", "array", "list", "tuple", "dict", "sympy",
                                                                     "str", "function", "other", "too_large"])},
                                              optional={"v": inner, "items": inner, "shape": inner, "data": inner,
                                                        "tree": TREES, "name": TEXTS, "type": TEXTS, "what": TEXTS})),
                    max_leaves=20)


@given(DATA)
def test_the_decoder_raises_only_its_error_evaluates_nothing_and_is_fast(data):
    """Random JSON with random heads, names, keys and numbers as text: wire.decode returns or raises
    DecodeError, in under 1 s of CPU time (what other processes do cannot count), and nothing it returns makes sympify parse text."""
    spies = Spies()
    with spies.active():
        start = time.process_time()
        try:
            value = wire.decode(data, SETUP)
        except DecodeError:
            value = None
        seconds = time.process_time() - start
        try:
            sp.sympify(value)
        except Exception:  # noqa: BLE001 - refusals are fine; only the spies matter
            pass
    assert seconds < 1.0, (seconds, data)
    assert spies.calls == [], spies.calls[:3]


X, Y = sp.symbols("x y", real=True)
LEAVES = st.one_of(st.just(X), st.just(Y), st.integers(-5, 5).map(sp.Integer), st.just(sp.pi),
                   st.floats(-3, 3).map(sp.Float))
EXPRESSIONS = st.recursive(LEAVES, lambda e: st.one_of(
    st.tuples(e, e).map(lambda a: a[0] + a[1]), st.tuples(e, e).map(lambda a: a[0] * a[1]),
    st.tuples(e, st.integers(-2, 3)).map(lambda a: a[0] ** a[1]), e.map(sp.sin), e.map(sp.cos),
    e.map(lambda a: sp.exp(a / 4)), e.map(sp.atan), e.map(sp.Abs), st.tuples(e, e).map(lambda a: sp.atan2(*a)),
    e.map(lambda a: sp.sqrt(a ** 2 + 1))), max_leaves=8)


@given(EXPRESSIONS, st.floats(-2, 2), st.floats(-2, 2))
def test_the_tree_walking_evaluator_agrees_with_sympy(expr, x, y):
    """numeric.evaluate gives sympy's own value (evalf, no code generated) wherever that is a finite real."""
    got = numeric.evaluate(expr, [X, Y], np.array([[x, y]]))[0]
    exact = complex(expr.subs({X: x, Y: y}).evalf(30)) if expr.subs({X: x, Y: y}).is_finite else None
    if exact is None or not np.isfinite(exact) or abs(exact.imag) > 1e-9 * (1 + abs(exact.real)) \
            or abs(exact.real) > 1e12:
        return
    assert got == pytest.approx(exact.real, rel=1e-7, abs=1e-9), (expr, x, y)


def test_the_evaluator_refuses_a_container_instead_of_reading_its_texts():
    """``sympify(dict, strict=True)`` evaluates each key as code: the evaluator takes only trees and numbers."""
    import sympy as sp

    from course_lib.grading.numeric import NotEvaluable, evaluate

    payload = {"__import__('os').getpid()": 1}
    with pytest.raises(NotEvaluable, match="dict, not a sympy expression"):
        evaluate(payload, [sp.Symbol("t")], [[0.0]])
    with pytest.raises(NotEvaluable, match="list"):
        evaluate(["t"], [sp.Symbol("t")], [[0.0]])
    assert evaluate(2, [sp.Symbol("t")], [[0.0], [1.0]]).tolist() == [2.0, 2.0]
