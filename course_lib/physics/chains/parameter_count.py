"""How many of the 11 n inertial parameters a chain's torques can show: columns, non-zero columns, rank.

The regressor Y(q, q̇, q̈) of :mod:`~course_lib.physics.chains.regressor` has 11 columns per link. Not
all of them matter:

- a column that is zero at every state belongs to a parameter the torques never see (link 1's mass,
  when link 1's frame sits on joint 1, which never moves);
- a parameter whose value is zero (the first moment m c_y of a link whose centre lies on its x axis)
  contributes nothing, whatever its column;
- the columns left can still be linearly dependent (joint 1 sees its rotor's k_r1² I_m1 and its link's
  I_zz only as one sum): the numeric rank of Y stacked over many random states counts the *base*
  parameters, the combinations that torque measurements can identify.

Which columns are zero depends on where each link's parameters are taken (the reference point):
:func:`shifted_parameters` moves them, by Steiner's rule, which is linear in (m, m c, Î):

    m' = m,  (m c)' = m c − m p,  Î' = Î − [S(m c) S(p)ᵀ + S(p) S(m c)ᵀ] + m S(p) S(p)ᵀ,

with S the cross-product matrix and p the new reference point in link axes. The rank does not depend on
the choice. Physics note: the torques are the same for any reference points, Y' π' = Y π.

>>> from course_lib.physics.chains.builders import from_two_link
>>> from course_lib.physics.models import MotorArm
>>> arm = MotorArm()
>>> chain = from_two_link(arm, gear=[arm.kr1, arm.kr2], rotor_inertia=[arm.Im1, arm.Im2])
>>> c = count_parameters(chain)
>>> c.columns, len(c.nonzero), len(c.present), c.rank
(22, 9, 7, 5)
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from course_lib.physics.chains.chain import Chain
from course_lib.physics.chains.regressor import PARAMETER_NAMES, link_parameters, regressor
from course_lib.physics.chains.spatial import skew

#: random states the count samples, and the seed that draws them (deterministic)
SAMPLES, SEED = 24, 0
#: a column or a parameter is zero below this fraction of the largest one; singular values likewise
RELATIVE_ZERO = 1e-10


def parameter_names(n: int) -> list[str]:
    """The 11 n column names, e.g. ``"Izz1"``, ``"m*cx2"`` (link numbers from 1).

    >>> parameter_names(2)[10], parameter_names(2)[11]
    ('Im1', 'm2')
    """
    return [f"{name}{i + 1}" for i in range(n) for name in PARAMETER_NAMES]


def shift_matrix(p: Any) -> np.ndarray:
    """T (11 × 11) with π' = T π: one link's parameters taken about the point p (m, link axes) instead of
    about the link frame's origin (see the module's docstring; I_m is about the spin axis and stays).

    >>> T = shift_matrix([1.0, 0.0, 0.0])
    >>> rod = np.r_[2.0, 1.0, 0, 0, 0, 0, 0, 2 / 3, 0, 2 / 3, 0.1]   # 2 kg, 1 m along x, about its first end
    >>> (T @ rod).round(4).tolist()   # about its other end: the same m l²/3, the centre now at −0.5 m
    [2.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.6667, 0.0, 0.6667, 0.1]
    """
    p = np.asarray(p, dtype=float)
    if p.shape != (3,) or not np.all(np.isfinite(p)):
        raise ValueError(f"a reference point p must be 3 finite numbers (m, link axes), got {np.asarray(p).tolist()!r}")
    Sp = skew(p)
    pairs = ((0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2))
    T = np.eye(11)
    T[1:4, 0] = -p                                         # (m c)' = m c − m p
    for k, (a, b) in enumerate(pairs):
        T[4 + k, 0] = (Sp @ Sp.T)[a, b]                    # + m S(p) S(p)ᵀ
        for j in range(3):                                 # − [S(m c) S(p)ᵀ + S(p) S(m c)ᵀ]
            Sj = skew(np.eye(3)[j])
            T[4 + k, 1 + j] = -(Sj @ Sp.T + Sp @ Sj.T)[a, b]
    return T


def shifted_parameters(chain: Chain, points: Any) -> tuple[np.ndarray, np.ndarray]:
    """(T, π'): the block-diagonal T (11 n × 11 n) and the parameters π' = T π about ``points`` (n × 3, m).

    Args:
        chain: the chain.
        points: each link's reference point in its own axes, shape (n, 3) (zeros: the link frames).
    """
    points = np.asarray(points, dtype=float)
    if points.shape != (chain.n, 3):
        raise ValueError(f"points must be one reference point per link, shape ({chain.n}, 3), got {points.shape}")
    T = np.zeros((11 * chain.n, 11 * chain.n))
    for i in range(chain.n):
        T[11 * i:11 * i + 11, 11 * i:11 * i + 11] = shift_matrix(points[i])
    return T, T @ link_parameters(chain).ravel()


@dataclasses.dataclass(frozen=True)
class ParameterCount:
    """The count. Attributes:
        columns: 11 n, the regressor's columns.
        nonzero: names of the columns not zero at every sampled state.
        present: the non-zero columns whose parameter is not zero either: the parameters the model has.
        rank: numeric rank of the present columns stacked over the states: the base parameters.
        rank_nonzero: the same rank over all non-zero columns (a chain whose centres leave the link axes).
        singular_values: of the stacked present columns, largest first (to see the gap under the rank).
    """

    columns: int
    nonzero: tuple[str, ...]
    present: tuple[str, ...]
    rank: int
    rank_nonzero: int
    singular_values: np.ndarray


def stacked_regressor(chain: Chain, samples: int = SAMPLES, seed: int = SEED) -> np.ndarray:
    """Y at ``samples`` random states (q in ±π, q̇ and q̈ normal with σ 2 and 5), stacked: (samples n, 11 n)."""
    rng = np.random.default_rng(seed)
    return np.vstack([regressor(chain, rng.uniform(-np.pi, np.pi, chain.n), rng.normal(0, 2, chain.n),
                                rng.normal(0, 5, chain.n)) for _ in range(samples)])


def _rank(Y: np.ndarray) -> tuple[int, np.ndarray]:
    s = np.linalg.svd(Y, compute_uv=False)
    return int(np.sum(s > RELATIVE_ZERO * s[0])) if s.size and s[0] > 0 else 0, s


def count_parameters(chain: Chain, points: Any = None, samples: int = SAMPLES, seed: int = SEED) -> ParameterCount:
    """Count the columns, non-zero columns, present parameters and base parameters of ``chain``.

    Args:
        chain: the chain (rotors included through its gear and rotor fields).
        points: each link's reference point (n × 3, m, link axes); default the link frames' origins.
        samples, seed: the random states Y is stacked over.

    Returns:
        A :class:`ParameterCount`.
    """
    points = np.zeros((chain.n, 3)) if points is None else points
    T, pi = shifted_parameters(chain, points)
    Y = stacked_regressor(chain, samples, seed) @ np.linalg.inv(T)    # Y' = Y T⁻¹, so that Y' π' = Y π
    size = np.abs(Y).max(axis=0)
    nonzero = size > RELATIVE_ZERO * size.max()
    present = nonzero & (np.abs(pi) > RELATIVE_ZERO * np.abs(pi).max())
    names = parameter_names(chain.n)
    rank, s = _rank(Y[:, present])
    return ParameterCount(columns=Y.shape[1], nonzero=tuple(n for n, k in zip(names, nonzero) if k),
                          present=tuple(n for n, k in zip(names, present) if k),
                          rank=rank, rank_nonzero=_rank(Y[:, nonzero])[0], singular_values=s)
