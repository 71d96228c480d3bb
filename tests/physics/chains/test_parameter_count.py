"""The 22 / 8 / 5 count of the two-link arm with motors, against Pinocchio's regressor and hand-derived column relations."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.physics.chains import from_two_link, regressor, rnea
from course_lib.physics.chains.parameter_count import (
    count_parameters,
    parameter_names,
    shifted_parameters,
    stacked_regressor,
)
from course_lib.physics.models import MotorArm
from tests.reference.pinocchio_chain import chain_model

ARM = MotorArm(kr1=100.0, kr2=50.0, Im1=1e-4, Im2=2e-4, mm2=0.4)
ROTORS = dict(gear=[ARM.kr1, ARM.kr2], rotor_inertia=[ARM.Im1, ARM.Im2], rotor_mass=[0.0, ARM.mm2])
TEXTBOOK_FRAMES = [[ARM.l1, 0.0, 0.0], [ARM.l2, 0.0, 0.0]]   # each link's frame on its far joint


@pytest.fixture(scope="module")
def chain():
    return from_two_link(ARM, **ROTORS)


def test_the_textbook_frames_give_22_columns_8_present_parameters_and_5_base_parameters(chain):
    c = count_parameters(chain, points=TEXTBOOK_FRAMES)
    assert (c.columns, len(c.present), c.rank) == (22, 8, 5)
    assert c.present == ("m1", "m*cx1", "Izz1", "Im1", "m2", "m*cx2", "Izz2", "Im2")


def test_the_course_frames_lose_link_1s_mass_but_not_a_base_parameter(chain):
    c = count_parameters(chain)
    assert (c.columns, len(c.nonzero), len(c.present), c.rank, c.rank_nonzero) == (22, 9, 7, 5, 7)
    assert "m1" not in c.nonzero    # link 1's frame sits on joint 1, which never moves


def test_shifted_parameters_give_the_same_torques_and_the_textbooks_values(chain):
    """Y T⁻¹ T π = Y π = RNEA; link 1's parameters about the elbow written out by Steiner's rule by hand."""
    T, pi = shifted_parameters(chain, TEXTBOOK_FRAMES)
    rng = np.random.default_rng(3)
    q, qd, qdd = rng.uniform(-3, 3, 2), rng.normal(0, 2, 2), rng.normal(0, 5, 2)
    np.testing.assert_allclose(regressor(chain, q, qd, qdd) @ np.linalg.solve(T, pi), rnea(chain, q, qd, qdd),
                               rtol=1e-10, atol=1e-10)
    p = ARM.params
    m1 = p.m1 + ARM.mm2                                   # motor 2's mass rides on link 1, at the elbow
    mcx1 = p.m1 * (p.lc1 - p.l1)                          # the centre, seen from the elbow
    Izz1 = p.I1 + p.m1 * (p.l1 - p.lc1) ** 2              # about the elbow
    names = parameter_names(2)
    got = {k: pi[names.index(k)] for k in ("m1", "m*cx1", "Izz1")}
    assert got == pytest.approx({"m1": m1, "m*cx1": mcx1, "Izz1": Izz1}, rel=1e-12)


def test_the_rigid_links_count_matches_pinocchios_regressor():
    """Without rotors: Pinocchio's joint-torque regressor (10 per link, about the joint frames) has the same
    non-zero columns and the same rank as the course's."""
    links = from_two_link(ARM)
    ours = count_parameters(links)
    ref = chain_model(links)
    rng = np.random.default_rng(0)
    rows = []
    for _ in range(24):
        q, v, a = rng.uniform(-np.pi, np.pi, 2), rng.normal(0, 2, 2), rng.normal(0, 5, 2)
        rows.append(ref.pin.computeJointTorqueRegressor(ref.model, ref.data, q, v, a).copy())
    Y = np.vstack(rows)
    size = np.abs(Y).max(axis=0)
    s = np.linalg.svd(Y[:, size > 1e-10 * size.max()], compute_uv=False)
    assert int((size > 1e-10 * size.max()).sum()) == len(ours.nonzero) == 7
    assert int((s > 1e-10 * s[0]).sum()) == ours.rank_nonzero == 6


def test_the_rank_by_a_basis_of_five_columns_and_the_dependencies_written_by_hand(chain):
    """A second route to rank 5: five columns independent (QR), the other present ones exact combinations of them:
    joint 1 sees I_m1 only as k_r1² θ̈₁, like I_zz1; link 2's mass only through l₁ (inertia l₁², gravity l₁)."""
    Y = stacked_regressor(chain, samples=30, seed=7)
    col = dict(zip(parameter_names(2), Y.T))
    basis = np.stack([col[k] for k in ("Izz1", "m*cx1", "m*cx2", "Izz2", "Im2")], axis=1)
    r = np.abs(np.diag(np.linalg.qr(basis, mode="r")))
    assert r.min() > 1e-6 * r.max()
    np.testing.assert_allclose(col["Im1"], ARM.kr1 ** 2 * col["Izz1"], atol=1e-9 * np.abs(col["Im1"]).max())
    np.testing.assert_allclose(col["m2"], ARM.l1 ** 2 * col["Izz1"] + ARM.l1 * col["m*cx1"], atol=1e-9)


def test_a_bad_reference_point_is_refused(chain):
    with pytest.raises(ValueError, match=r"points must be one reference point per link, shape \(2, 3\)"):
        count_parameters(chain, points=[[1.0, 0.0, 0.0]])
