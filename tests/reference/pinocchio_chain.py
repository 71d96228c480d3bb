"""A :class:`~course_lib.physics.chains.Chain` rebuilt as a Pinocchio model, an independent reference.

Each joint becomes ``JointModelRevoluteUnaligned`` or
``JointModelPrismaticUnaligned`` about its axis, placed by its placement as an
``SE3``; each link an ``Inertia(mass, com, I_com)``; gravity goes into
``model.gravity``. Pinocchio's spatial vectors put the *linear* part first;
nothing here converts them, because the tests compare joint-space quantities
(τ, M, q̈, g, h), which have no such ordering.

A frame ``"tip"`` marks the last joint's origin. Motor rotors are not
translated (Pinocchio's ``armature`` holds only the diagonal k_r² I_m).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from tests.reference.pinocchio_arm import PinocchioModel, import_pinocchio

if TYPE_CHECKING:  # pragma: no cover
    from course_lib.physics.chains import Chain


def chain_model(chain: "Chain") -> PinocchioModel:
    """Build the Pinocchio model of a chain without rotors.

    Returns:
        A :class:`PinocchioModel`; joint i of the chain is Pinocchio joint i
        (joint 0 is Pinocchio's universe).
    """
    if chain.has_rotors:
        raise ValueError("chain_model translates rigid links only; this chain has motor rotors")
    pin = import_pinocchio()
    model = pin.Model()
    model.name = f"chain_{chain.n}"
    model.gravity = pin.Motion(np.asarray(chain.gravity, dtype=float), np.zeros(3))
    parent = 0
    for i in range(chain.n):
        axis = chain.axes[i].copy()
        joint = (pin.JointModelRevoluteUnaligned(axis) if chain.kinds[i] == "R"
                 else pin.JointModelPrismaticUnaligned(axis))
        placement = pin.SE3(chain.placement_rotations[i].copy(), chain.placement_origins[i].copy())
        parent = model.addJoint(parent, joint, placement, f"joint{i + 1}")
        inertia = pin.Inertia(float(chain.masses[i]), chain.coms[i].copy(), chain.inertias[i].copy())
        model.appendBodyToJoint(parent, inertia, pin.SE3.Identity())
    frame_id = model.addFrame(pin.Frame("tip", parent, pin.SE3.Identity(), pin.FrameType.OP_FRAME))
    return PinocchioModel(pin=pin, model=model, data=model.createData(), frame_id=frame_id)
