"""Student values are data in the grader: the two routes of issue 24 to code, and honest forms.

Each test grades cells of ``solutions/`` the grader's way (:func:`course_lib.grading.checker.run_test`)
against a kernel stand-in in this process (:mod:`grading.student_data`): no sandbox, no nbgrader.
"""

from __future__ import annotations

import json
import time

import numpy as np
import pytest
import sympy as sp
from hypothesis import given
from hypothesis import strategies as st

from course_lib.grading import checks, probe, remote
from tests.grading import attacks
from tests.grading.student_data import FakeKernel, Spies, grade_cell, solution_notebook, student_globals

A1, A2, A3, A5, A6, A7 = "01_lagrange", "02_arm_dynamics", "03_energy_integrators", "05_identification", \
    "06_recursive_dynamics", "07_motors_friction"


@pytest.fixture(scope="module")
def notebooks() -> dict:
    """The instructor's notebooks, read once (their setup run once, as in the grader)."""
    found = {a: solution_notebook(a) for a in (A1, A2, A3, A5, A6, A7)}
    for notebook in found.values():
        notebook.namespace()
    return found


def payload(marker) -> str:
    """Python source that, if it ever runs, writes the attack mark into ``marker``."""
    return f"__import__('pathlib').Path({str(marker)!r}).write_text({attacks.MARK!r})"


def test_code_in_a_dict_key_never_runs_in_the_grader(tmp_path, notebooks):
    """01: ``T = {"<code>": 0}`` reached sympify's parse_expr through at_state: now the key is data,
    the code never runs, and both tests of T fail with a message that says why."""
    marker = tmp_path / "dict-key"
    student = student_globals(A1)
    student["T"] = {payload(marker): 0}
    for gid in ("test_energies", "test_energies_hidden"):
        passed, _, message = grade_cell(notebooks[A1], gid, student)
        assert not marker.exists(), gid
        assert not passed, gid
        assert "T" in message or "text" in message, message
    assert "is data, not an expression" in grade_cell(notebooks[A1], "test_energies", student)[2]
    assert "T is not a sympy expression" in grade_cell(notebooks[A1], "test_energies_hidden", student)[2]


def test_code_in_a_function_name_never_runs_in_the_grader(tmp_path, notebooks):
    """05: ``sp.Function("<code>")(theta1)`` in Y_sym reached lambdify's exec through check_numeric:
    now the name is refused when Y_sym is read, and both tests of Y_sym fail saying so."""
    marker = tmp_path / "function-name"
    student = student_globals(A5)
    theta1 = sp.Symbol("theta1", real=True)
    Y = sp.Matrix(student["Y_sym"])
    Y[0, 0] = sp.Function(payload(marker))(theta1)
    student["Y_sym"] = Y
    for gid in ("test_regressor_sym", "test_regressor_sym_hidden"):
        passed, _, message = grade_cell(notebooks[A5], gid, student)
        assert not marker.exists(), gid
        assert not passed, gid
        assert "Y_sym cannot be checked" in message and "not a plain name" in message, message


def test_an_undefined_function_the_exercise_does_not_expect_is_refused(notebooks):
    """05 defines no undefined function: a right-looking Y_sym with f(θ1) in it scores nothing, with the
    function named; 01's θ(t) (the setup's) still reads."""
    student = student_globals(A5)
    Y = sp.Matrix(student["Y_sym"])
    Y[0, 0] = sp.Function("f")(sp.Symbol("theta1", real=True))
    student["Y_sym"] = Y
    passed, _, message = grade_cell(notebooks[A5], "test_regressor_sym", student)
    assert not passed and "f(" in message and "expects none" in message, message
    assert grade_cell(notebooks[A1], "test_energies", student_globals(A1))[0]


def test_check_numeric_refuses_a_function_it_cannot_evaluate():
    """An applied undefined function left in an expression is named, never compiled by lambdify."""
    x = sp.Symbol("x", real=True)
    spies = Spies()
    with spies.active(), pytest.raises(AssertionError) as err:
        checks.check_numeric("E", x + sp.Function("g")(x), [x], {}, lambda v: v, np.array([[0.5], [1.0]]))
    assert "g(x)" in str(err.value) and "cannot be evaluated" in str(err.value), str(err.value)
    assert spies.calls == []


def test_nested_powers_are_too_large_to_check_and_cost_no_time(notebooks):
    """``Pow(Pow(10**40, 1000), 1000)`` unevaluated: refused at once as too large, not computed."""
    student = student_globals(A1)
    inner = sp.Pow(sp.Integer(10**40), 1000, evaluate=False)
    student["T"] = sp.Mul(sp.Pow(inner, 1000, evaluate=False), student["theta_dot"] ** 2, evaluate=False)
    start = time.process_time()
    passed, _, message = grade_cell(notebooks[A1], "test_energies", student)
    assert time.process_time() - start < 2.0
    assert not passed and "too large to check" in message, message


def _hostile_and_honest(tmp_path) -> list[tuple[str, str, dict, bool]]:
    """(assignment, test cell, student globals, honest) with marked code in every slot, and honest work."""
    a1, a3, a5, a7 = student_globals(A1), student_globals(A3), student_globals(A5), student_globals(A7)
    theta1, theta2 = sp.symbols("theta1 theta2", real=True)
    keyed = dict(a1, T={payload(tmp_path / "k"): 0, "x": 1}, V={sp.Symbol("m", positive=True): payload(tmp_path / "v")})
    named = dict(a5, Y_sym=sp.Matrix(a5["Y_sym"]).subs(theta1, sp.Function(payload(tmp_path / "f"))(theta1)))
    symbol = dict(a5, Y_sym=sp.Matrix(a5["Y_sym"]).subs(theta1, sp.Symbol(payload(tmp_path / "s"))))
    ratio = dict(a3, energy_ratio=sp.Symbol(payload(tmp_path / "r")) + a3["energy_ratio"])
    rotor = dict(a7, B=sp.Matrix(a7["B"]).subs(theta2, sp.Function(payload(tmp_path / "b"))(theta2)),
                 T_rotors={payload(tmp_path / "t"): 0})
    return [(A1, "test_energies", a1, True), (A1, "test_energies_hidden", a1, True),
            (A3, "test_euler_energy", a3, True), (A5, "test_regressor_sym", a5, True),
            (A1, "test_energies", keyed, False), (A1, "test_energies_hidden", keyed, False),
            (A5, "test_regressor_sym", named, False), (A5, "test_regressor_sym_hidden", named, False),
            (A5, "test_regressor_sym", symbol, False), (A3, "test_euler_energy", ratio, False),
            (A7, "test_rotors", a7, True), (A7, "test_rotors_hidden", a7, True),
            (A7, "test_rotors", rotor, False), (A7, "test_rotors_hidden", rotor, False),
            (A7, "test_rotors", dict(a7, B=rotor["B"]), False)]


def test_eval_exec_parse_expr_and_lambdify_never_see_student_data(tmp_path, notebooks):
    """While the grader reads and checks the student's values, honest or hostile, none of eval, exec,
    parse_expr or lambdify's code generation is called on anything of the student's: the only call is
    the exec of the trusted test cell's own source. Honest work passes, hostile work fails."""
    for assignment, gid, student, honest in _hostile_and_honest(tmp_path):
        spies = Spies()
        with spies.active():
            passed, _, message = grade_cell(notebooks[assignment], gid, student, spies)
        assert not spies.seen(attacks.MARK, str(tmp_path)), (gid, spies.seen(attacks.MARK, str(tmp_path)))
        others = [(kind, texts[:1]) for kind, texts in spies.calls
                  if not (kind == "exec" and texts and texts[0] == f"<{gid}>")]
        assert others == [], (assignment, gid, others)
        assert not list(tmp_path.iterdir()), (gid, list(tmp_path.iterdir()))
        assert passed == honest, (assignment, gid, honest, message)


def _as(kind):
    """A wrapper that returns the right answer of a student's function in another form."""
    forms = {
        "np.matrix": np.matrix,
        "ImmutableMatrix": sp.ImmutableMatrix,
        "nested lists": lambda v: np.asarray(v).tolist(),
        "tuple of tuples": lambda v: tuple(tuple(row) for row in np.asarray(v)),
        "tuple of numpy scalars": lambda v: tuple(np.float64(x) for x in np.asarray(v)),
        "list of numpy scalars": lambda v: [np.float64(x) for x in np.asarray(v)],
        "numpy scalar": np.float64,
    }
    return forms[kind]


#: (form, assignment, the student's function, its test cells): right answers in another form
FORMS = [
    ("np.matrix", A2, "mass_matrix", ("test_mass_matrix", "test_mass_matrix_hidden")),
    ("np.matrix", A2, "coriolis_matrix", ("test_coriolis", "test_coriolis_hidden")),
    ("ImmutableMatrix", A2, "coriolis_matrix", ("test_coriolis", "test_coriolis_hidden")),
    ("tuple of numpy scalars", A2, "gravity", ("test_gravity", "test_gravity_hidden")),
    ("np.matrix", A5, "regressor", ("test_regressor_num", "test_regressor_num_hidden")),
    ("nested lists", A5, "regressor", ("test_regressor_num", "test_regressor_num_hidden")),
    ("list of numpy scalars", A5, "identify", ("test_estimate", "test_estimate_hidden")),
    ("numpy scalar", A5, "excitation_kappa", ("test_score", "test_score_hidden")),
    ("np.matrix", A6, "mass_matrix_rnea", ("test_mass_matrix", "test_mass_matrix_hidden")),
    ("tuple of tuples", A6, "mass_matrix_rnea", ("test_mass_matrix", "test_mass_matrix_hidden")),
    ("tuple of numpy scalars", A7, "joint_torque", ("test_standard_form", "test_standard_form_hidden")),
    ("numpy scalar", A7, "breakaway_torque", ("test_breakaway", "test_breakaway_hidden")),
    ("list of numpy scalars", A7, "friction_work", ("test_ledger", "test_ledger_hidden")),
]


@pytest.mark.filterwarnings("ignore:the matrix subclass:PendingDeprecationWarning")
@pytest.mark.parametrize("form, assignment, name, cells", FORMS, ids=[f"{f[2]}-{f[0]}" for f in FORMS])
def test_honest_forms_keep_their_points(form, assignment, name, cells, notebooks):
    """np.matrix, sympy ImmutableMatrix, numpy scalars, tuples and nested lists that mean the right array pass
    every test of the function (the np.matrix answer lost points: probe.encode raised TypeError)."""
    student = student_globals(assignment)
    right, convert = student[name], _as(form)
    student[name] = lambda *args: convert(right(*args))
    for gid in cells:
        passed, ename, message = grade_cell(notebooks[assignment], gid, student)
        assert passed, (gid, ename, message)


@pytest.mark.parametrize("assignment, name, cells", [(A5, "Y_sym", ("test_regressor_sym", "test_regressor_sym_hidden")),
                                                     (A7, "B", ("test_rotors", "test_rotors_hidden"))])
def test_a_symbolic_answer_as_immutable_matrix_keeps_its_points(notebooks, assignment, name, cells):
    student = student_globals(assignment)
    student[name] = sp.ImmutableMatrix(student[name])
    for gid in cells:
        passed, ename, message = grade_cell(notebooks[assignment], gid, student)
        assert passed, (gid, ename, message)


# -- the decoder under random data ------------------------------------------------------------------

#: texts for every slot: anything, and code a hostile student would put there
TEXTS = st.one_of(st.text(max_size=24), st.sampled_from([
    f"__import__('os').system('echo {attacks.MARK}')", f"exec('{attacks.MARK}')", "lambda: 1", "1e999999",
    "x.__class__", f"Symbol('{attacks.MARK}')", "nan", "-inf", "10**10**10", "__probe", "theta"]))
X = sp.Symbol("x", real=True)


def _maybe(build, *args):
    try:
        return build(*args)
    except Exception:  # noqa: BLE001 - sympy refuses some random names: not a value then
        return None


_SYMPY_LEAVES = st.one_of(
    TEXTS.map(lambda n: _maybe(sp.Symbol, n)), TEXTS.map(lambda n: _maybe(lambda s: sp.Function(s)(X), n)),
    st.integers(-10**60, 10**60).map(sp.Integer), st.floats(allow_nan=True).map(lambda f: _maybe(sp.Float, f)),
    st.just(X)).filter(lambda v: v is not None)
SYMPY = st.recursive(_SYMPY_LEAVES, lambda inner: st.one_of(
    st.tuples(inner, inner).map(lambda ab: ab[0] + ab[1]), st.tuples(inner, inner).map(lambda ab: ab[0] * ab[1]),
    st.tuples(inner, st.integers(-3, 3)).map(lambda ab: _maybe(sp.Pow, *ab)).filter(lambda v: v is not None),
    inner.map(sp.sin), st.lists(inner, min_size=1, max_size=3).map(lambda r: sp.Matrix([r]))), max_leaves=6)
VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.complex_numbers(), SYMPY,
              st.lists(st.floats(), max_size=6).map(np.array)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.tuples(inner, inner),
                            st.dictionaries(st.one_of(TEXTS, st.integers(), _SYMPY_LEAVES), inner, max_size=3)),
    max_leaves=8)
KINDS = ["none", "num", "array", "sympy", "list", "tuple", "dict", "str", "function", "other", "error"]
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), TEXTS),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(["t", "v", "items", "shape", "data", "tree", "name", "type",
                                                   "re", "im", "srepr"]), TEXTS), inner, max_size=4),
        st.fixed_dictionaries({"t": st.sampled_from(KINDS)}, optional={
            "v": inner, "items": inner, "shape": inner, "data": inner, "tree": inner, "name": TEXTS,
            "srepr": TEXTS.map(lambda n: f"Function({n!r})(Symbol('x'))")})),
    max_leaves=24)
SETUP_FUNCTIONS = {"theta": sp.Function("theta", real=True)}


def _use(value) -> None:
    """What a test cell does with a student value: sympify it, make a Matrix, check it numerically and
    symbolically (its failures are the student's; only the spies' records matter here)."""
    for step in (sp.sympify, sp.Matrix,
                 lambda v: checks.check_numeric("E", v, [X], {}, lambda a: 0.0, np.array([[0.3], [0.7]])),
                 lambda v: checks.check_equivalent("E", v, X)):
        try:
            step(value)
        except Exception:  # noqa: BLE001
            pass


@pytest.mark.filterwarnings("ignore::sympy.utilities.exceptions.SymPyDeprecationWarning")
@given(st.one_of(VALUES.map(lambda v: json.loads(json.dumps(probe.encode(v)))), JSON))
def test_the_decoder_never_evaluates_never_fails_otherwise_and_is_fast(data):
    """Random values as the kernel encodes them, and random JSON, with random text in every slot (dict keys,
    symbol and function names, numbers as text): decoding raises nothing but ProbeFailed, takes under 1 s of CPU time,
    and neither it nor using what it returns calls eval, exec, parse_expr or lambdify's code generation."""
    spies = Spies()
    with spies.active():
        start = time.process_time()
        try:
            value = remote.decode(data, functions=SETUP_FUNCTIONS)
        except remote.ProbeFailed:
            value = None
        seconds = time.process_time() - start
        _use(value)
    assert seconds < 1.0, (seconds, data)
    assert spies.calls == [], spies.calls[:3]


class _Answers(FakeKernel):
    """A kernel whose every answer is the text ``reply`` (a student who replaced the probe)."""

    def __init__(self, reply: str):
        super().__init__({})
        self.reply = reply

    def execute(self, code: str, timeout: float, record: bool = True):
        result = FakeKernel.execute(self, "None", timeout, record)
        result.value = repr(self.reply)
        return result


@pytest.mark.parametrize("reply", ["[1, 2]", "null", '{"t": "names", "items": [1]}', '{"t": "result"}',
                                   '{"t": "result", "value": {"t": "sympy", "tree": ["Symbol", "x y", {}]}}',
                                   '{"t": "too_large", "what": "answer"}', "not json", '{"t": "error"}'])
def test_nonsense_from_a_replaced_probe_fails_the_probe_with_a_message(reply):
    """Whatever a student's kernel answers, the grader's side ends in ProbeFailed (or the student's error, or
    no value), with a message, never another exception."""
    channel = remote.Channel(_Answers(reply), 10)
    for probe_call in (lambda: channel.fetch(["T"]), lambda: channel.call("f", (1.0,))):
        try:
            probe_call()
        except remote.ProbeFailed as err:
            assert str(err)
        except remote.StudentError:
            pass
