"""Lesson 10's library pieces: the Lagrange term count, the in-notebook timing, the quiz."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from course_lib.lessons.recursive_dynamics.quiz import recursive_dynamics_quiz
from course_lib.physics.chains import Chain, mass_matrix_by_columns
from course_lib.physics.chains.scaling import measure_small, time_per_call
from course_lib.physics.symbolic import as_symbols, lagrange_steps, state_symbols
from course_lib.physics.symbolic.planar_chain import lagrange_term_count, planar_chain_energies


def test_planar_chain_mass_matrix_by_lagrange_equals_rnea_columns_for_three_links():
    """M of three rods from T by sympy equals M from n + 1 RNEA calls at a random pose (to 1e-12)."""
    T, V, q = planar_chain_energies(3)
    (th, qd, _) = state_symbols(q)
    lengths, masses, coms, inertias = [0.5, 0.4, 0.3], [2.0, 1.5, 1.0], [0.2, 0.25, 0.1], [0.05, 0.03, 0.01]
    values = {}
    for i in range(3):
        for name, v in (("l", lengths), ("m", masses), ("lc", coms), ("I", inertias)):
            values[sp.Symbol(f"{name}{i + 1}", positive=True)] = v[i]
    pose = [0.3, -0.8, 1.1]
    T_num = as_symbols(T, q).subs(values).subs(dict(zip(th, pose)))    # a quadratic form in q̇ only
    M_num = np.array(sp.hessian(T_num, qd), dtype=float)
    chain = Chain.planar(lengths, masses, coms=coms, inertias=inertias)
    assert np.max(np.abs(M_num - mass_matrix_by_columns(chain, pose))) < 1e-12


def test_term_count_equals_the_count_of_lagrange_steps_equations():
    """The fast count (M, Christoffel, ∂V/∂q) equals the count of Euler–Lagrange's own expanded equations (n = 2)."""
    T, V, q = planar_chain_energies(2)
    steps = lagrange_steps(T, V, q, simplify=False)
    direct = sum(len(sp.Add.make_args(sp.expand(as_symbols(eq.lhs, q)))) for eq in steps.equations)
    assert lagrange_term_count(2) == direct
    assert lagrange_term_count(1) < lagrange_term_count(2)


def test_planar_chain_refuses_a_bad_n():
    with pytest.raises(ValueError, match="integer >= 1"):
        planar_chain_energies(0)


def test_measure_small_times_every_algorithm_at_every_n():
    d = measure_small((2, 3), rounds=1)
    assert d["n"] == [2, 3] and set(d["us"]) == {"rnea", "crba+cholesky", "aba"}
    assert all(len(v) == 2 and min(v) > 0 for v in d["us"].values())
    with pytest.raises(ValueError, match=">= 1"):
        time_per_call(lambda: None, rounds=0)


def test_quiz_force_across_joint_1_at_rest_is_the_chains_weight():
    quiz = recursive_dynamics_quiz(5)
    assert quiz[3].expected == pytest.approx(4.0 * 9.81, rel=1e-12)
    assert quiz[2].check("8").correct and not quiz[2].check("7").correct
    assert quiz[0].check(2).correct and not quiz[0].check(0).correct


def test_quiz_cost_question_asks_for_exact_linear_growth_and_names_the_n2_and_n3_answers():
    q = recursive_dynamics_quiz()[4]
    assert "exactly proportional" in q.prompt
    assert q.check("4").correct and q.check("4.3 ms").correct and not q.check("4.7").correct
    assert "O(n³)" in q.check("64").message and "O(n²)" in q.check("16 ms").message


def test_quiz_column_count_says_what_an_answer_of_n_forgot():
    assert "g(q)" in recursive_dynamics_quiz()[2].check("7").message


def test_quiz_right_options_are_neither_first_nor_the_longest():
    for question in recursive_dynamics_quiz()[:2]:
        right = next(i for i, o in enumerate(question.options) if o.correct)
        lengths = [len(o.text) for o in question.options]
        assert right != 0
        assert lengths[right] < max(lengths) or lengths[right] <= 1.1 * sorted(lengths)[-2], lengths


def test_time_per_call_best_takes_the_least_repeat_so_a_busy_moment_does_not_show():
    import time
    waits = iter([0.03, 0.003, 0.03])
    t = time_per_call(lambda: time.sleep(next(waits)), rounds=3, number=1, best=True)
    assert 2_500 < t < 15_000     # µs: the 3 ms repeat, not the 30 ms median
