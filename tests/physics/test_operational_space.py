"""Λ, μ, p and the apparent mass (lesson 7) against independent references.

References: Pinocchio's articulated-body algorithm (``aba``) and frame Jacobian
for a push at the tool; second differences of the tip position along the
motion for ẍ (no J̇ formula); numpy's condition number of Pinocchio's Λ.
"""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics import operational_space as osp
from course_lib.physics.models import TwoLinkArm

pin_ref = pytest.importorskip("tests.reference.pinocchio_arm")
pytest.importorskip("pinocchio", reason="Pinocchio (the `pin` package of the test extra) is not installed")


def regular_postures(rng, n=12):
    """Random q with the elbow at least 0.2 rad away from straight or folded (|sin θ₂| > 0.2)."""
    qs = []
    while len(qs) < n:
        q = rng.uniform(-np.pi, np.pi, 2)
        if abs(np.sin(q[1])) > 0.2:
            qs.append(q)
    return qs


def test_apparent_mass_equals_force_over_acceleration_of_a_push_simulated_by_pinocchio(arm, rng):
    """Arm at rest, g = 0, τ = Jᵀ F with F = |F| u: Pinocchio's q̈ gives ẍ = J q̈ and |F| / (u · ẍ) = m(u)."""
    flat = arm.replace(g=0.0, b=0.0)
    ref = pin_ref.arm_model(flat)
    for q in regular_postures(rng):
        u = rng.normal(size=2)
        u /= np.linalg.norm(u)
        F = 2.5 * u
        J = ref.frame_jacobian(q)
        xdd = J @ ref.aba(q, np.zeros(2), J.T @ F)
        assert osp.apparent_mass(flat, q, u) == pytest.approx(2.5 / (u @ xdd), rel=1e-9)
        np.testing.assert_allclose(osp.task_inertia(flat, q) @ xdd, F, atol=1e-9)


def test_operational_space_form_holds_for_a_moving_arm_with_gravity(arm, rng):
    """Λ ẍ + μ + p = F with q̈ from Pinocchio's aba(τ = Jᵀ F) and ẍ from second differences of the tip position."""
    ref = pin_ref.arm_model(arm.replace(b=0.0))
    model = arm.replace(b=0.0)
    for q in regular_postures(rng, 8):
        qd, F = rng.uniform(-2, 2, 2), rng.uniform(-5, 5, 2)
        qdd = ref.aba(q, qd, ref.frame_jacobian(q).T @ F)
        h = 1e-3  # five-point second difference: truncation ~h⁴, round-off ~1e-16/h²
        tip = lambda t: model.tip(q + qd * t + 0.5 * qdd * t * t)  # noqa: E731
        xdd = (-tip(2 * h) + 16 * tip(h) - 30 * tip(0.0) + 16 * tip(-h) - tip(-2 * h)) / (12 * h**2)
        Lam, mu, p = osp.operational_space(model, q, qd)
        np.testing.assert_allclose(Lam @ xdd + mu + p, F, atol=1e-6 * (1 + np.abs(F).max()))


def test_task_inertia_condition_number_equals_numpys_for_pinocchios_lambda(arm, rng):
    ref = pin_ref.arm_model(arm)
    for q in regular_postures(rng, 6):
        J = ref.frame_jacobian(q)
        lam_ref = np.linalg.inv(J @ np.linalg.solve(ref.mass_matrix(q), J.T))
        assert osp.task_inertia_condition(arm, q) == pytest.approx(np.linalg.cond(lam_ref), rel=1e-9)


def test_batches_give_the_same_numbers_as_single_states(rng):
    arm = TwoLinkArm(payload=0.4)
    qs = np.array(regular_postures(rng, 5))
    qds = rng.uniform(-1, 1, qs.shape)
    batch = osp.operational_space(arm, qs, qds)
    light, heavy = osp.apparent_mass_range(arm, qs)
    for i, (q, qd) in enumerate(zip(qs, qds)):
        one = osp.operational_space(arm, q, qd)
        for a, b in zip(batch, one):
            np.testing.assert_allclose(a[i], b, rtol=1e-12, atol=1e-12)
        assert (light[i], heavy[i]) == pytest.approx(osp.apparent_mass_range(arm, q), rel=1e-12)


def test_kappa_of_lambda_does_not_depend_on_theta1():
    """Turning θ₁ rotates Λ's ellipse without changing its shape."""
    arm = TwoLinkArm()
    k = [osp.task_inertia_condition(arm, [t1, 1.2]) for t1 in np.linspace(-3, 3, 7)]
    assert np.ptp(k) < 1e-9


def test_seed_thresholds_are_reachable_bent_at_90_and_nearly_straight():
    """Bare seed arm: κ(Λ) is least (4.33 < 4.6) with the elbow near 90°; the heaviest mass passes 20 kg near 14°."""
    arm = TwoLinkArm()
    assert osp.task_inertia_condition(arm, [0.0, np.pi / 2]) < 4.6 < osp.task_inertia_condition(arm, [0.0, 1.2])
    assert osp.apparent_mass_range(arm, [0.0, np.radians(14)])[1] > 20.0 > \
        osp.apparent_mass_range(arm, [0.0, np.radians(15)])[1]


def test_the_heaviest_direction_grows_like_one_over_sigma_min_squared_near_straight():
    arm = TwoLinkArm()
    heavy = [osp.apparent_mass_range(arm, [0.0, a])[1] for a in (0.02, 0.01)]
    assert heavy[1] / heavy[0] == pytest.approx(4.0, rel=0.01)


@pytest.mark.parametrize("fn", [lambda a, q: osp.task_inertia(a, q), lambda a, q: osp.apparent_mass_range(a, q),
                                lambda a, q: osp.task_inertia_condition(a, q),
                                lambda a, q: osp.operational_space(a, q, [0.0, 0.0]),
                                lambda a, q: osp.apparent_mass(a, q, [1.0, 0.0])])
@pytest.mark.parametrize("q", [[0.3, 0.0], [0.3, np.pi], [-1.0, 1e-5]])
def test_singular_postures_raise_a_clear_value_error_instead_of_huge_numbers(fn, q):
    with pytest.raises(osp.SingularPostureError, match=r"does not exist at q = .*smallest singular value of J"):
        fn(TwoLinkArm(), q)
    assert issubclass(osp.SingularPostureError, ValueError)


def test_inverse_task_inertia_stays_finite_at_a_singular_posture():
    inv = osp.inverse_task_inertia(TwoLinkArm(), [0.3, 0.0])
    assert np.all(np.isfinite(inv)) and abs(np.linalg.det(inv)) < 1e-12


@pytest.mark.parametrize("u", [[0.0, 0.0], [np.nan, 1.0], [1.0, 2.0, 3.0]])
def test_bad_push_direction_is_refused(u):
    with pytest.raises(ValueError, match="u must be a non-zero direction"):
        osp.apparent_mass(TwoLinkArm(), [0.0, 1.0], u)


def test_the_singular_posture_error_carries_the_posture_and_singular_value_a_lesson_phrases():
    with pytest.raises(osp.SingularPostureError) as caught:
        osp.task_inertia(TwoLinkArm(), [0.3, 0.0])
    assert caught.value.q.tolist() == [0.3, 0.0]
    assert caught.value.sigma < caught.value.sigma_min == osp.SIGMA_MIN
