"""Spatial (6-D) vectors with the angular part first, as in the lecture notes.

A spatial velocity is V = [ω; v] (rad/s; m/s of the frame's origin) and a
spatial force is F = [n; f] (N·m about the origin; N), both in one frame's
axes, so that the power is P = Fᵀ V = nᵀω + fᵀv (W).

The five pieces every algorithm of :mod:`course_lib.physics.chains` is built from:

- ``skew(a)``: the 3×3 cross-product matrix, skew(a) b = a × b;
- ``motion_transform(R, r)``: X = Ad_T = [[R, 0], [[r]× R, R]], which carries
  a motion vector from a parent frame to a child frame (R rotates parent
  coordinates into child coordinates, r is the parent origin seen from the
  child, in child axes); forces go back with Xᵀ;
- ``crm(V)``: the motion cross product V× = [[ω×, 0], [v×, ω×]];
- ``crf(V)``: the force cross product V×* = −(V×)ᵀ;
- ``spatial_inertia(m, c, I_c)``: the 6×6 inertia of a body about a frame's
  origin, from its mass, centre of mass c and 3×3 inertia about c.

>>> import numpy as np
>>> V = np.array([0.0, 0.0, 2.0, 1.0, 0.0, 0.0])
>>> bool(np.allclose(crm(V) @ V, 0.0))     # V × V = 0
True
"""

from __future__ import annotations

import math

import numpy as np


def skew(a: np.ndarray) -> np.ndarray:
    """[a]×, the matrix with [a]× b = a × b."""
    return np.array([[0.0, -a[2], a[1]], [a[2], 0.0, -a[0]], [-a[1], a[0], 0.0]])


def rotation_about(axis: np.ndarray, angle: float) -> np.ndarray:
    """Rotation matrix of ``angle`` (rad) about the unit vector ``axis`` (Rodrigues)."""
    K = skew(axis)
    return np.eye(3) + math.sin(angle) * K + (1.0 - math.cos(angle)) * (K @ K)


def motion_transform(R: np.ndarray, r: np.ndarray) -> np.ndarray:
    """X = [[R, 0], [[r]× R, R]]: parent motion vectors to child coordinates.

    Args:
        R: 3×3 rotation from parent to child coordinates (R_ip).
        r: the parent origin as seen from the child origin, in child axes (m).
    """
    X = np.zeros((6, 6))
    X[:3, :3] = R
    X[3:, 3:] = R
    X[3:, :3] = skew(r) @ R
    return X


def crm(V: np.ndarray) -> np.ndarray:
    """V× = [[ω×, 0], [v×, ω×]], the cross product acting on motion vectors."""
    X = np.zeros((6, 6))
    w = skew(V[:3])
    X[:3, :3] = w
    X[3:, 3:] = w
    X[3:, :3] = skew(V[3:])
    return X


def crf(V: np.ndarray) -> np.ndarray:
    """V×* = −(V×)ᵀ, the cross product acting on forces and momenta."""
    return -crm(V).T


def spatial_inertia(mass: float, com: np.ndarray, inertia_com: np.ndarray) -> np.ndarray:
    """6×6 inertia about a frame's origin, angular rows first.

    Args:
        mass: m (kg).
        com: c, the centre of mass in the frame (m).
        inertia_com: I_c, the 3×3 inertia about the centre of mass (kg·m²).

    Returns:
        [[I_c + m [c]×[c]×ᵀ, m [c]×], [m [c]×ᵀ, m 1]]: the top-left block is the
        inertia about the origin (Steiner), the off-diagonal blocks are the
        first moment m c.
    """
    C = skew(com)
    top_left = inertia_com + mass * C @ C.T
    return np.block([[top_left, mass * C], [mass * C.T, mass * np.eye(3)]])
