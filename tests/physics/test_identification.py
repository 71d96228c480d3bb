"""Lesson 9's library: the regressor, stacking, least squares, its covariance and κ(A).

The regressor is checked against the model's inverse dynamics (payload and
friction included) and, independently, against Pinocchio's RNEA; the
estimate's spread over many noise seeds against the least-squares covariance.
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics import identification as ident
from course_lib.physics.models import TwoLinkArm

RICH, JOINT1, SLOW = (ident.EXCITATIONS[k] for k in ("rich", "joint1", "slow"))


def random_states(rng: np.random.Generator, n: int = 40):
    return rng.uniform(-np.pi, np.pi, (n, 2)), rng.normal(0, 3, (n, 2)), rng.normal(0, 10, (n, 2))


# -- the regressor -------------------------------------------------------------------------------
def test_regressor_times_base_parameters_is_the_inverse_dynamics(arm, rng):
    """Y(q, q̇, q̈) π = M q̈ + C q̇ + g for every arm of the suite (payload and off-centre links included)."""
    q, qd, qdd = random_states(rng)
    tau = arm.inverse_dynamics(q, qd, qdd)
    np.testing.assert_allclose(np.einsum("nij,j->ni", ident.regressor(arm, q, qd, qdd), arm.base_parameters()),
                               tau, rtol=1e-12, atol=1e-10)


def test_regressor_with_friction_columns_adds_the_viscous_torques(rng):
    """With friction=True, Y (π, b₁, b₂) equals the inverse dynamics including b q̇ per joint."""
    arm = TwoLinkArm(b=(0.35, 0.12), payload=0.4)
    q, qd, qdd = random_states(rng)
    theta = np.concatenate([arm.base_parameters(), arm.b])
    Y = ident.regressor(arm, q, qd, qdd, friction=True)
    assert Y.shape == (40, 2, 7)
    np.testing.assert_allclose(Y @ theta, arm.inverse_dynamics(q, qd, qdd), rtol=1e-12, atol=1e-10)
    # without the friction columns the same torques are off by exactly b q̇
    np.testing.assert_allclose(ident.regressor(arm, q, qd, qdd) @ arm.base_parameters() + arm.b * qd,
                               arm.inverse_dynamics(q, qd, qdd), atol=1e-10)


def test_regressor_times_base_parameters_equals_pinocchio_rnea(rng):
    """An independent reference: Pinocchio's recursive Newton–Euler gives the same torques as Y π."""
    pytest.importorskip("pinocchio", reason="Pinocchio (the `pin` package of the test extra) is not installed")
    from tests.reference import arm_model

    arm = TwoLinkArm(l1=0.9, l2=0.65, m1=2.7, m2=1.1, payload=0.8, lc1=0.3, lc2=0.45, I1=0.21, I2=0.037, g=9.78)
    ref = arm_model(arm)
    q, qd, qdd = random_states(rng, 25)
    expected = np.array([ref.rnea(*row) for row in zip(q, qd, qdd)])
    np.testing.assert_allclose(ident.regressor(arm, q, qd, qdd) @ arm.base_parameters(), expected,
                               rtol=1e-10, atol=1e-9)


# -- least squares ---------------------------------------------------------------------------------------
def test_noise_free_rich_excitation_recovers_the_base_parameters_to_1e_9(arm):
    """With σ = 0 the data are exact, A has full rank, and least squares returns π itself."""
    data = ident.experiment(arm, RICH, n_samples=60, sigma=0.0, seed=3)
    fit = ident.estimate(data.A, data.b)
    assert fit.rank == 5
    np.testing.assert_allclose(fit.pi, arm.base_parameters(), rtol=0, atol=1e-9)
    assert fit.residual_rms < 1e-9


def test_estimate_spread_over_seeds_matches_the_least_squares_covariance():
    """Over 400 seeds, eᵀ Σ⁻¹ e (e = π̂ − π, Σ = σ²(AᵀA)⁻¹) averages 5, the mean of a χ² with 5 degrees.

    The mean of 400 such draws has standard deviation √(2·5/400) ≈ 0.16; the band 5 ± 0.65 is four of them.
    A covariance off by a factor 1.25 (e.g. σ instead of σ² somewhere, at σ = 0.8) puts the mean at 4 or 6.25.
    """
    arm, sigma, seeds = TwoLinkArm(), 0.8, 400
    base = ident.experiment(arm, JOINT1, n_samples=40, sigma=0.0)
    cov = ident.covariance(base.A, sigma)
    inv = np.linalg.inv(cov)
    errors = np.array([ident.estimate(base.A, base.A @ arm.base_parameters()
                                      + ident.torque_noise(base.tau_true.shape, sigma, s).reshape(-1)).pi
                       for s in range(seeds)]) - arm.base_parameters()
    d2 = np.einsum("ni,ij,nj->n", errors, inv, errors)
    assert abs(d2.mean() - 5.0) < 0.65, d2.mean()
    # and each parameter's own spread: sample variance over predicted variance, within ±20 %
    ratio = errors.var(axis=0) / np.diag(cov)
    assert np.all(np.abs(ratio - 1) < 0.2), ratio


def test_same_seed_gives_the_same_data_and_another_seed_other_data():
    """Noise is drawn from the seed alone: repeatable, and a new seed really resamples."""
    arm = TwoLinkArm()
    one, again = (ident.experiment(arm, RICH, 60, 0.5, seed=7) for _ in range(2))
    other = ident.experiment(arm, RICH, 60, 0.5, seed=8)
    np.testing.assert_array_equal(one.b, again.b)
    assert np.abs(one.b - other.b).max() > 0.1
    # the noise is what it says: σ of the torque errors within 10 % over 2 × 2000 draws
    big = ident.experiment(arm, RICH, 2000, 0.5, seed=1)
    assert abs((big.b - big.tau_true.reshape(-1)).std() / 0.5 - 1) < 0.1


# -- conditioning and excitation --------------------------------------------------------------------------
def test_joint1_only_at_straight_elbow_loses_the_combination_minus2_1_minus1():
    """θ₂ frozen at 0: rows give a₁(a + 2b) and a₁(b + c) only, so π + t(−2, 1, −1, 0, 0) fits as well."""
    arm = TwoLinkArm()
    data = ident.experiment(arm, JOINT1.replace(centre=(0.3, 0.0)), 60)
    fit = ident.estimate(data.A, data.b)
    assert fit.rank == 4 and ident.condition_number(data.A) == float("inf")
    expected = np.array([-2.0, 1.0, -1.0, 0.0, 0.0]) / np.sqrt(6)
    np.testing.assert_allclose(ident.weakest_direction(data.A), expected, atol=1e-9)
    np.testing.assert_allclose(data.A @ expected, 0.0, atol=1e-9)


def test_joint1_only_at_folded_elbow_loses_the_combination_2_1_1():
    """θ₂ frozen at π: cos θ₂ = −1 flips b's sign in the lost combination, (2, 1, 1, 0, 0)."""
    data = ident.experiment(TwoLinkArm(), JOINT1.replace(centre=(0.3, np.pi)), 60)
    np.testing.assert_allclose(ident.weakest_direction(data.A), -np.array([2.0, 1.0, 1.0, 0, 0]) / np.sqrt(6),
                               atol=1e-9)


def test_joint1_only_elsewhere_keeps_full_rank_but_worse_conditioning():
    """At θ₂ = 60° the centrifugal term sin θ₂ θ̇₁² separates b: rank 5, but κ(A) several times the rich one."""
    arm = TwoLinkArm()
    a_j1, a_rich = (ident.experiment(arm, ex, 60).A for ex in (JOINT1, RICH))
    assert np.linalg.matrix_rank(a_j1) == 5
    assert ident.condition_number(a_j1) > 3 * ident.condition_number(a_rich)


def test_slow_and_small_excitation_has_huge_kappa_that_column_scaling_hides():
    """Slow, small swings: the inertia columns are tiny, κ(A) is in the thousands; scaled κ looks harmless."""
    A = ident.experiment(TwoLinkArm(), SLOW, 60).A
    kappa, scaled = ident.condition_number(A), ident.condition_number(A, scaled=True)
    assert kappa > 1000 and scaled < 100 and kappa > 50 * scaled
    assert ident.score_excitation(TwoLinkArm(), SLOW) == pytest.approx(kappa)


def test_seed_tasks_hold_for_the_seed_arm_at_sigma_half():
    """Lesson 9's claims at N = 60, σ = 0.5 N·m: rich gets every error below 10 %, slow-and-small one above 100 %.

    Checked over the first 50 seeds, so the lab's tasks are reachable whatever seed the learner is on.
    """
    arm = TwoLinkArm()
    for seed in range(50):
        errs = {k: ident.relative_errors(ident.estimate(*ident.experiment(arm, ex, 60, 0.5, seed)[5:]).pi,
                                         arm.base_parameters()).max() for k, ex in (("rich", RICH), ("slow", SLOW))}
        assert errs["rich"] < 0.10 and errs["slow"] > 1.0, (seed, errs)


def test_error_grows_like_sigma_and_falls_like_one_over_root_n():
    """π̂ − π = A⁺ε: doubling σ doubles the mean error; four times the samples halve it (±10 %)."""
    arm = TwoLinkArm()
    e = ident.error_study(arm, RICH, 60, 0.5, seeds=200)
    assert ident.error_study(arm, RICH, 60, 1.0, seeds=200) == pytest.approx(2 * e, rel=1e-12)
    assert ident.error_study(arm, RICH, 240, 0.5, seeds=200) / e == pytest.approx(0.5, rel=0.1)


def test_payload_mass_is_recovered_from_before_and_after_estimates():
    """A 0.5 kg tip payload changes π by m_p (l₁² + l₂², l₁l₂, l₂², l₁, l₂); the fit finds 0.5 kg."""
    before, after = TwoLinkArm(), TwoLinkArm(payload=0.5)
    est = [ident.estimate(*ident.experiment(a, RICH, 60, 0.0)[5:]).pi for a in (before, after)]
    assert ident.payload_mass(*est, before) == pytest.approx(0.5, abs=1e-9)
    noisy = [ident.estimate(*ident.experiment(a, RICH, 200, 0.3, seed=s)[5:]).pi for s, a in enumerate((before, after))]
    assert ident.payload_mass(*noisy, before) == pytest.approx(0.5, abs=0.05)


# -- bad input ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kw, match", [
    (dict(n_samples=2), "n_samples must be a whole number from 3"),
    (dict(n_samples=60.5), "n_samples must be a whole number"),
    (dict(n_samples=10**6), "n_samples must be a whole number from 3 to 5000"),
    (dict(sigma=-0.1), "sigma"),
    (dict(seed=-1), "seed must be a whole number >= 0"),
    (dict(seed=1.5), "seed must be a whole number >= 0"),
    (dict(duration=0.0), "duration"),
])
def test_experiment_refuses_bad_settings_with_a_clear_message(kw, match):
    with pytest.raises(ValueError, match=match):
        ident.experiment(TwoLinkArm(), RICH, **kw)


@pytest.mark.parametrize("kw, match", [
    (dict(amplitude=(-0.1, 0.2)), "amplitude must be >= 0"),
    (dict(frequency=(0.0, 0.2)), "frequency must be > 0"),
    (dict(centre=(np.nan, 0.0)), "centre must be two finite numbers"),
    (dict(centre=(0.0,)), "centre must be two finite numbers"),
])
def test_excitation_refuses_bad_fields(kw, match):
    with pytest.raises(ValueError, match=match):
        RICH.replace(**kw)


def test_linear_algebra_helpers_refuse_bad_shapes():
    with pytest.raises(ValueError, match="stack needs Y of shape"):
        ident.stack(np.ones((3, 2, 5)), np.ones((3, 3)))
    with pytest.raises(ValueError, match="one entry per row of A"):
        ident.estimate(np.ones((6, 5)), np.ones(5))
    with pytest.raises(ValueError, match="at least as many rows as columns"):
        ident.condition_number(np.ones((3, 5)))
    with pytest.raises(ValueError, match="truth no zero entry"):
        ident.relative_errors([1.0, 2.0], [1.0, 0.0])
    with pytest.raises(ValueError, match="rank 4 < 5"):
        ident.covariance(ident.experiment(TwoLinkArm(), JOINT1.replace(centre=(0.3, 0.0)), 30).A, 0.5)


def test_lagrange_torques_equal_the_model_regressor_times_base_parameters_symbolically():
    """sympy: d/dt ∂L/∂q̇ − ∂L/∂q of the 2R energies is exactly Y(q, q̇, q̈) π, term by term; a wrong Y is not."""
    import sympy as sp

    from course_lib.physics.symbolic.regressor import difference, two_link_regressor

    r = two_link_regressor()
    assert difference(r).is_zero_matrix is True
    assert not r.Y.free_symbols & {sp.Symbol(n, positive=True) for n in ("m1", "m2", "I1", "I2", "lc1", "lc2")}
    wrong = r._replace(Y=r.Y.subs(r.qd[0], 2 * r.qd[0]))  # a centrifugal term off by a factor 4
    assert difference(wrong).is_zero_matrix is not True


def test_expected_errors_are_the_covariance_diagonal_and_match_many_noise_draws():
    """√Cov_ii/|π_i| from σ²(AᵀA)⁻¹ against the spread of 4000 seeded least-squares estimates."""
    arm = TwoLinkArm()
    exp = ident.expected_errors(arm, RICH, 60, 0.5)
    data = ident.experiment(arm, RICH, 60)
    draws = np.stack([ident.estimate(data.A, data.tau_true.reshape(-1)
                                     + ident.torque_noise(data.tau_true.shape, 0.5, s).reshape(-1)).pi
                      for s in range(4000)])
    spread = draws.std(axis=0) / np.abs(arm.base_parameters())
    assert spread == pytest.approx(exp, rel=0.05)
    assert ident.expected_errors(arm, RICH, 60, 1.0) == pytest.approx(2 * exp, rel=1e-12)
    # the figure's claim: close to 1/√N, so the dots lie on the dotted line (within 2 %)
    ratio = ident.expected_errors(arm, RICH, 480, 0.5).max() / exp.max()
    assert ratio == pytest.approx(np.sqrt(60 / 480), rel=0.02)


def test_lesson_text_states_four_independent_combinations_and_no_seed_jargon():
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).parents[2] / "notebooks" / "09_identification.ipynb").read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "l_{c2} = l_1\\,e$" in text and "rank **6**" in text and "rank is **4**" in text
    for stale in ("seeds' arm", "seed's three motions", "FIG 5", "only 5 remain independent", "2017", "five base"):
        assert stale not in text, stale
