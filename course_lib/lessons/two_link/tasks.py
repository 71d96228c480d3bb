"""The 2R arm simulator's four "Try this" tasks, each threshold next to its check.

1. Explicit Euler at h = 10 ms, τ = 0, b = 0, gravity on: a Run 10 s whose energy error exceeds 2 J.
2. RK4 at h ≤ 2 ms, same inputs: a Run 10 s whose energy error stays below 1e-4 J, then another at h/2
   from the same start; the check shows the ratio of the two errors (about 2⁴ = 16, RK4 being 4th order).
3. Hold: τ = g(q) switched on at rest keeps the arm still (both speeds below 0.01 rad/s) for 3 s.
4. Push: a constant tool force of at least 10 N, and the arm held still (speeds below 0.01 rad/s) for 3 s
   by τ = g(q) − Jᵀ(q) h_e, within 0.01 N·m per joint (Hold computes it; plain g(q) does not count).

:class:`ArmSimTasks` holds the checks; :class:`~course_lib.lessons.two_link.lab.ArmSimLab`
inherits them and keeps the state they read: ``_run`` (the last Run 10 s: method, dt, τ, b, g,
drop_c, push, start q0 and qd0, error), ``_runs`` (the runs so far, oldest first) and ``_hold``
((q, speed, h_e) where Hold was switched on).

>>> sorted(task_prompts())
['euler', 'hold', 'push', 'rk4']
"""

from __future__ import annotations

import numpy as np

from course_lib.i18n import Message
from course_lib.lab.tasks import NotYet
from course_lib.lessons.two_link.messages import ARM_SIM, method_name
from course_lib.physics.simulate.tool_force import holding_torque, tool_force_torque

#: task 1 (seed): explicit Euler at this step (s), τ = 0, b = 0, gravity on: the energy error exceeds (J)
EULER_H, EULER_ERROR = 0.010, 2.0
#: task 2 (seed): RK4 at a step of at most (s) keeps the energy error below (J) for the whole run
RK4_H, RK4_ERROR = 0.002, 1e-4
#: task 2 (seed: "then halve h"): the second run's step is the first's divided by this, from the same start
HALVING = 2.0
#: the runs the lab remembers for task 2's pair
RUNS_KEPT = 8
#: task 3 (seed): Hold keeps both joint speeds below (rad/s) for (s)
HOLD_SPEED, HOLD_DWELL = 0.01, 3.0
#: task 4: the tool force's size at least (N), held still (speeds below HOLD_SPEED) for (s), with τ within
#: (N·m, per joint) of g(q) − Jᵀ(q) h_e (a tenth of what a 1 N push gives at the tool, far below a 10 N one)
PUSH_MIN, PUSH_DWELL, PUSH_TAU = 10.0, 3.0, 0.01
#: task 4: Jᵀh_e at least this (N·m) at some joint; a push along a stretched arm runs through every joint and
#: does nothing there, so holding it is only task 3 again (a 10 N push across the arm gives 8 to 18 N·m)
PUSH_JOINT_MIN = 1.0


def task_prompts() -> dict[str, Message]:
    """The three tasks' prompts, with their thresholds, in the current language (by task key)."""
    return {"euler": ARM_SIM.text("arm_task_euler", h_ms=EULER_H * 1e3, error=EULER_ERROR),
            "rk4": ARM_SIM.text("arm_task_rk4", h_ms=RK4_H * 1e3, error=RK4_ERROR),
            "hold": ARM_SIM.text("arm_task_hold", dwell=HOLD_DWELL, speed=HOLD_SPEED),
            "push": ARM_SIM.text("arm_task_push", force=PUSH_MIN, dwell=PUSH_DWELL, speed=HOLD_SPEED)}


class ArmSimTasks:
    """The checks of the simulator's tasks (a mixin of ArmSimLab: it reads the lab's ``_run`` and ``_hold``)."""

    @staticmethod
    def _method_name(method: str) -> str:
        return method_name(method)

    def _run_reason(self, method: str, run: dict | None = None) -> NotYet | None:
        run = self._run if run is None else run
        if run is None:
            return NotYet(self.T("arm_why_no_run"))
        if run["method"] != method:
            return NotYet(self.T("arm_why_method", method=self._method_name(run["method"]),
                                 need=self._method_name(method)))
        if np.any(run["tau"] != 0) or run["b"] != 0:
            return NotYet(self.T("arm_why_inputs", tau1=run["tau"][0], tau2=run["tau"][1], b=run["b"]))
        if run["g"] == 0:
            return NotYet(self.T("arm_why_gravity"))
        if run["drop_c"]:
            return NotYet(self.T("arm_why_drop_c"))
        if np.any(run["push"] != 0):
            return NotYet(self.T("arm_why_run_push", fx=run["push"][0], fy=run["push"][1]))
        return None

    def _check_euler(self, lab: "ArmSimTasks") -> str | NotYet | None:
        why = self._run_reason("explicit_euler")
        if why is not None:
            return why
        run = self._run
        if abs(run["dt"] - EULER_H) > 1e-12:
            return NotYet(self.T("arm_why_h_euler", h_ms=run["dt"] * 1e3, need_ms=EULER_H * 1e3))
        if run["error"] <= EULER_ERROR:
            return NotYet(self.T("arm_why_euler_small", error=run["error"]))
        return self.T("arm_task_euler_value", error=run["error"])

    def _check_rk4(self, lab: "ArmSimTasks") -> str | NotYet | None:
        why = self._run_reason("rk4")
        if why is not None:
            return why
        run = self._run
        if run["dt"] > RK4_H + 1e-12:
            return NotYet(self.T("arm_why_h_rk4", h_ms=run["dt"] * 1e3, need_ms=RK4_H * 1e3))
        if run["error"] >= RK4_ERROR:
            return NotYet(self.T("arm_why_rk4_large", error=run["error"]))
        pair = self._halving_partner(run)
        if pair is None:
            return NotYet(self.T("arm_why_rk4_halve", h_ms=run["dt"] * 1e3, half_ms=run["dt"] / HALVING * 1e3))
        coarse, fine = sorted((run, pair), key=lambda r: -r["dt"])
        return self.T("arm_task_rk4_value", error=coarse["error"], h_ms=coarse["dt"] * 1e3, error_half=fine["error"],
                      half_ms=fine["dt"] * 1e3, ratio=coarse["error"] / max(fine["error"], 1e-300))

    def _halving_partner(self, run: dict) -> dict | None:
        """The latest earlier run that pairs with ``run``: RK4, the task's inputs, the same start, its step
        HALVING times or 1/HALVING times ``run``'s, both steps at most RK4_H and both errors below RK4_ERROR."""
        for other in reversed(self._runs[:-1]):
            if self._run_reason("rk4", other) is not None or other["error"] >= RK4_ERROR:
                continue
            if not (np.array_equal(other["q0"], run["q0"]) and np.array_equal(other["qd0"], run["qd0"])):
                continue
            ratio = other["dt"] / run["dt"]
            if max(other["dt"], run["dt"]) <= RK4_H + 1e-12 and min(abs(ratio - HALVING),
                                                                   abs(ratio - 1 / HALVING)) < 1e-9:
                return other
        return None

    def _check_hold(self, lab: "ArmSimTasks") -> str | NotYet | None:
        if self._hold is None:
            return None
        if self.model.g == 0:
            return NotYet(self.T("arm_why_hold_gravity"))
        if self._hold[1] >= HOLD_SPEED:
            return NotYet(self.T("arm_why_hold_moving", speed=self._hold[1]))
        speed = self.readouts["speed"]
        if speed >= HOLD_SPEED:
            return NotYet(self.T("arm_why_hold_drift", speed=speed))
        q, tau = self.now.q, self.now.tau
        return self.T("arm_task_hold_value", q1=q[0], q2=q[1], tau1=tau[0], tau2=tau[1])

    def _check_push(self, lab: "ArmSimTasks") -> str | NotYet | None:
        """Task 4: pushed by at least PUSH_MIN with Jᵀh_e at least PUSH_JOINT_MIN at a joint, still, and
        τ = g(q) − Jᵀ(q) h_e within PUSH_TAU per joint."""
        r = self.readouts
        h_e = np.array([r["fx"], r["fy"]])
        if r["push"] == 0:
            return None
        if r["push"] < PUSH_MIN:
            return NotYet(self.T("arm_why_push_small", force=r["push"], need=PUSH_MIN))
        q, tau = self.now.q, self.now.tau
        JTh = tool_force_torque(self.model, q, h_e)
        if float(np.abs(JTh).max()) < PUSH_JOINT_MIN:
            return NotYet(self.T("arm_why_push_through", JTh1=JTh[0], JTh2=JTh[1], need=PUSH_JOINT_MIN))
        need = holding_torque(self.model, q, h_e)
        off = float(np.abs(tau - need).max())
        if off > PUSH_TAU:
            if self._hold is not None and not np.array_equal(self._hold[2], h_e):
                return NotYet(self.T("arm_why_push_hold_old", fx=self._hold[2][0], fy=self._hold[2][1]))
            return NotYet(self.T("arm_why_push_tau", need1=need[0], need2=need[1], off=off))
        if r["speed"] >= HOLD_SPEED:
            return NotYet(self.T("arm_why_hold_drift", speed=r["speed"]))
        return self.T("arm_task_push_value", fx=h_e[0], fy=h_e[1], tau1=tau[0], tau2=tau[1], JTh1=JTh[0], JTh2=JTh[1])
