"""What raising the bandwidth ωₙ buys against a wrong model, and what it costs (lesson 8).

With a model error the computed-torque loop is ë + 2ωₙ ė + ωₙ² e = −η, a stable second-order system
driven by η (lesson 8's derivation). For an η that changes slowly against the loop, e ≈ −η/ωₙ²: each
doubling of ωₙ divides the tracking error by about four. The gain is paid for elsewhere: the torque a
given error asks for grows like ωₙ² (the start's error here, so the peak torque climbs), sensor noise
enters the torque amplified by K_p = ωₙ² and K_d = 2ωₙ, and the loop's delay (a 1 kHz sample held for a
period) eats phase as ωₙ rises. :func:`bandwidth_sweep` runs lab 2's tool path for several ωₙ.

>>> sweep = bandwidth_sweep([10.0, 20.0], delta=0.3)
>>> round(sweep.exponent, 1)    # the RMS error ∝ ωₙ^exponent
-2.0
"""

from __future__ import annotations

import dataclasses
from typing import Sequence

import numpy as np

from course_lib.physics import _checks
from course_lib.physics.tool_tracking import simulate_tracking

#: the controller swept (lab 2's amber arm)
CONTROLLER = "computed_torque"


@dataclasses.dataclass(frozen=True)
class BandwidthSweep:
    """Attributes:
        omega_n: the bandwidths (rad/s);  rms: the RMS tool error after the start (m), one per ωₙ;
        peak_tau1: the largest |τ₁| of each run (N·m; no torque limit is modelled);
        exponent: the slope of log RMS against log ωₙ, fitted by least squares (−2 for e ∝ 1/ωₙ²).
    """

    omega_n: np.ndarray
    rms: np.ndarray
    peak_tau1: np.ndarray
    exponent: float


def bandwidth_sweep(omegas: Sequence[float], delta: float, duration: float = 5.0) -> BandwidthSweep:
    """Run lab 2's circle with computed torque believing every mass 1 + δ times the true one, at each ωₙ.

    Args:
        omegas: two or more bandwidths ωₙ (rad/s), > 0.
        delta: the model's mass error δ (e.g. 0.3 for +30 %).
        duration: each run's simulated time (s).

    Returns:
        A :class:`BandwidthSweep`.
    """
    omegas = np.array([_checks.positive("omega_n", w) for w in omegas])
    if omegas.size < 2:
        raise ValueError(f"omegas must hold at least two bandwidths to fit a slope, got {omegas.tolist()}")
    runs = [simulate_tracking(duration, controllers=(CONTROLLER,), delta=float(delta), omega_n=float(w))
            for w in omegas]
    rms = np.array([r.rms[CONTROLLER] for r in runs])
    peak = np.array([r.peak_tau1[CONTROLLER] for r in runs])
    slope = float(np.polyfit(np.log(omegas), np.log(rms), 1)[0])
    return BandwidthSweep(omega_n=omegas, rms=rms, peak_tau1=peak, exponent=slope)
