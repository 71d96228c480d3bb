"""The two constrained examples in minimal coordinates, written independently of course_lib.

No constraint Jacobian and no multiplier appear here: each mechanism is described by one
coordinate that satisfies the constraint by construction, its Lagrangian is built from the
positions of the bodies (T = Σ ½ m |v_c|² + ½ I ω², V = Σ m g y_c), and the constraint force
is recovered afterwards by Newton–Euler (moments of m a and I α about a joint).

- Wall: the 2R arm's tool at (x_wall, y); the coordinate is the height y (m). The joints follow
  by the law of cosines (elbow-down branch, θ₂ in (0, π)).
- Parallelogram four-bar: the coordinate is the crank angle θ (rad). The coupler translates,
  the rocker turns with the crank about D, so T = ½ (m₁a²/3 + m₂a² + m₃a²/3) θ̇² and
  V = g a sin θ (m₁/2 + m₂ + m₃/2): a pendulum.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from tests.reference.newton import cross2


def _rod_energies(points, angles, masses, inertias, g, t):
    T = sum(sp.Rational(1, 2) * m * (p.diff(t).dot(p.diff(t))) + sp.Rational(1, 2) * I * a.diff(t) ** 2
            for p, a, m, I in zip(points, angles, masses, inertias))
    V = sum(m * g * p[1] for p, m in zip(points, masses))
    return T, V


class WallMinimal:
    """The 2R arm with its tool on x = x_wall, in the single coordinate y (tool height, m)."""

    def __init__(self, l1, l2, m1, m2, lc1, lc2, I1, I2, g, x_wall):
        t = sp.Symbol("t")
        y = sp.Function("y")(t)
        c2 = (x_wall**2 + y**2 - l1**2 - l2**2) / (2 * l1 * l2)
        th2 = sp.acos(c2)
        th1 = sp.atan2(y, x_wall) - sp.atan2(l2 * sp.sin(th2), l1 + l2 * sp.cos(th2))
        u1 = sp.Matrix([sp.cos(th1), sp.sin(th1)])
        u2 = sp.Matrix([sp.cos(th1 + th2), sp.sin(th1 + th2)])
        c1p, c2p = lc1 * u1, l1 * u1 + lc2 * u2
        T, V = _rod_energies([c1p, c2p], [th1, th1 + th2], [m1, m2], [I1, I2], g, t)
        Y, Yd, Ydd, tau1, tau2 = sp.symbols("Y Yd Ydd tau1 tau2")
        plain = {y.diff(t, 2): Ydd, y.diff(t): Yd}
        L = T - V
        Q = tau1 * th1.diff(y) + tau2 * th2.diff(y)        # virtual work of the joint torques
        eq = (L.diff(y.diff(t)).diff(t) - L.diff(y) - Q).subs(plain).subs(y, Y)
        a, rest = eq.diff(Ydd), eq.subs(Ydd, 0)                # eq is linear in ÿ
        self._ydd = sp.lambdify([Y, Yd, tau1, tau2], -rest / a, "math", cse=True)
        joints = sp.Matrix([th1, th2])
        derivs = [joints, joints.diff(t), joints.diff(t, 2)]
        self._q = sp.lambdify([Y, Yd, Ydd], [d.subs(plain).subs(y, Y) for d in derivs], "numpy", cse=True)
        self.params = (l1, l2, m1, m2, lc1, lc2, I1, I2, g)

    def rhs(self, t, x, tau):
        """d/dt (y, ẏ) under constant joint torques ``tau``."""
        return [x[1], float(self._ydd(x[0], x[1], *tau))]

    def joints(self, y, yd, ydd):
        """(q, q̇, q̈) of the arm, each shape (2,)."""
        return [np.asarray(v, dtype=float).reshape(2) for v in self._q(y, yd, ydd)]

    def wall_force(self, q, qd, qdd, tau):
        """The wall's force on the tool along +x (N), from link 2's moments about the elbow.

        τ₂ + (p_tool − p_elbow) × (F, 0) = (p_c2 − p_elbow) × m₂(a_c2 + g ŷ) + I₂ (θ̈₁ + θ̈₂).
        """
        l1, l2, _m1, m2, _lc1, lc2, _I1, I2, g = self.params
        psi, w, al = q[0] + q[1], qd[0] + qd[1], qdd[0] + qdd[1]
        e, t_ = np.array([np.cos(psi), np.sin(psi)]), np.array([-np.sin(psi), np.cos(psi)])
        u1, n1 = np.array([np.cos(q[0]), np.sin(q[0])]), np.array([-np.sin(q[0]), np.cos(q[0])])
        a_elbow = l1 * (qdd[0] * n1 - qd[0] ** 2 * u1)
        a_c2 = a_elbow + lc2 * (al * t_ - w**2 * e)
        rhs = cross2(lc2 * e, m2 * (a_c2 + np.array([0.0, g]))) + I2 * al - tau[1]
        return rhs / cross2(l2 * e, np.array([1.0, 0.0]))


class FourBarMinimal:
    """The parallelogram four-bar (crank a, coupler d, rocker a, uniform rods) in the crank angle θ."""

    def __init__(self, a, d, masses, g):
        self.a, self.d, self.m, self.g = a, d, tuple(masses), g
        m1, m2, m3 = self.m
        self.inertia = a**2 * (m1 / 3 + m2 + m3 / 3)
        self.moment = g * a * (m1 / 2 + m2 + m3 / 2)

    def rhs(self, t, x, tau):
        """d/dt (θ, θ̇); joint torques τ do virtual work through q̇ = (1, −1, 1) θ̇."""
        Q = tau[0] - tau[1] + tau[2]
        return [x[1], (Q - self.moment * np.cos(x[0])) / self.inertia]

    def pin_force(self, th, w, al, tau):
        """The pin force at D on the rocker (N, shape (2,)), by Newton–Euler.

        Rocker (link 3, from B to D, direction −u): moments about B give
        τ₃ + (D − B) × F = (c₃ − B) × m₃(a_c3 + g ŷ) + I₃ α, its angular acceleration α = θ̈.
        The whole loop, moments about O: τ₁ + D × F = Σ r_c × m(a_c + g ŷ) + I₁ α + I₃ α
        (the coupler does not turn).
        """
        a, d, (m1, m2, m3), g = self.a, self.d, self.m, self.g
        u, n = np.array([np.cos(th), np.sin(th)]), np.array([-np.sin(th), np.cos(th)])
        acc = a * (al * n - w**2 * u)              # of the crank tip A; the coupler and B move with it
        up = np.array([0.0, g])
        A, B, D = a * u, a * u + np.array([d, 0.0]), np.array([d, 0.0])
        c1, c2, c3 = A / 2, A + np.array([d / 2, 0.0]), (B + D) / 2
        a1, a2, a3 = acc / 2, acc, acc / 2
        I1, I3 = m1 * a**2 / 12, m3 * a**2 / 12
        r1 = cross2(c3 - B, m3 * (a3 + up)) + I3 * al - tau[2]
        r2 = (cross2(c1, m1 * (a1 + up)) + cross2(c2, m2 * (a2 + up)) + cross2(c3, m3 * (a3 + up))
              + (I1 + I3) * al - tau[0])
        # cross2(r, F) = r_x F_y − r_y F_x is linear in F: two equations, two unknowns.
        rows = np.array([[-(D - B)[1], (D - B)[0]], [-D[1], D[0]]])
        return np.linalg.solve(rows, np.array([r1, r2]))
