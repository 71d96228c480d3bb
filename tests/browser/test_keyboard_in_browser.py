"""Every "Try this" task of every lab done with the keyboard alone, in JupyterLab: no pointer event reaches the page.

One notebook holds every lab of the catalogue (course_lib.lessons.LESSONS), in one page of the session's
JupyterLab server. Each lab's tasks are done as a keyboard user does them:

- a slider is found by its accessible name (its unit in words, course_lib/lab/access.py), focused, and moved
  by the arrow keys on its handle, or its number box is focused and a value typed and committed with Enter;
- a dropdown is focused and its choice changed by ↓ / ↑; a button is pressed by Enter, a toggle by Space;
- the scene is focused (Tab reaches it), Tab moves between its handles, the arrows move the focused handle
  (Shift: a fine step) and Space plays and pauses a simulated lab.

Each task must tick (☑ in its row) and be said in the lab's polite live region. The values a task needs
(the torque that holds the pendulum at 45°, the least torque that starts the geared joint, the key presses
that carry the velocity handle onto the ellipse's long axis) are computed here from course_lib, never typed in.
"""

from __future__ import annotations

import json
import math
from typing import Callable

import pytest

from course_lib.lessons import LESSONS

from .keyboard_lab import NOTEBOOK, KeyboardLab

#: what a lab needs to be built as its notebook builds it
ARGS = {"ArmPreviewLab": "TwoLinkArm()"}


def labs() -> list[tuple[str, str]]:
    """(class name, package) of every lab the lessons export, in course order."""
    return [(name, lesson.package) for lesson in LESSONS for name in lesson.exports if name.endswith("Lab")]


def notebook() -> dict:
    """The setup cell, then one cell per lab; the lab of class ``X`` is kept in the kernel as ``lab_X``."""
    cells = ["import course_lib\nfrom course_lib import TwoLinkArm\ncourse_lib.set_language('en')"] + [
        f"from {package} import {name}\nlab_{name} = {name}({ARGS.get(name, '')})\nlab_{name}" for name, package in labs()]
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": f"kb{i}", "metadata": {}, "outputs": [],
                       "source": src} for i, src in enumerate(cells)],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def arm_preview(lab: KeyboardLab) -> None:
    lab.scene("elbow")
    lab.press("ArrowRight", 25, wait_ms=100)  # the elbow about the shoulder, 2° a press: θ₁ 30° -> 80°
    lab.page.wait_for_timeout(500)
    theta1 = float(lab.kernel("round(__import__('numpy').degrees(lab.q[0]), 3)"))
    if theta1 != pytest.approx(80.0, abs=0.01):
        lab.problems.append(f"{lab.name}: 25 presses of → turned θ₁ from 30° to {theta1}°, not 80°")
    before = lab.state()["described"]
    lab.press("Tab")
    lab.until(0, "ArrowRight", most=30)
    lab.expect(0, "Raise the tip")
    if lab.state()["described"] == before:
        lab.problems.append(f"{lab.name}: the scene's description did not follow the keys: {before!r}")
    lab.press("Tab")
    if lab.state()["focused"]:
        lab.problems.append(f"{lab.name}: Tab at the last handle did not leave the scene")
    lab.slider_keys("θ₂ [°]", "ArrowLeft", 3)
    theta2 = lab.kernel("round(float(lab.controls['theta2'].value))")
    shown = lab.box.locator('.widget-readout[aria-label="value of θ₂ in degrees"]').text_content()
    if shown != theta2:
        lab.problems.append(f"{lab.name}: ← on the θ₂ slider shows {shown}, the kernel holds {theta2}")


def action(lab: KeyboardLab) -> None:
    lab.slider_keys("ε", "ArrowRight", 35)  # 0.01 a press
    lab.slider_keys("ε", "ArrowLeft", 35)
    lab.expect(0, "Pull ε out")
    lab.choose("mode k", "3")
    lab.type_number("ε", 0.35)
    lab.choose("system", "pendulum")
    lab.type_number("ε", 0.0)
    lab.type_number("ε", 0.35)
    lab.expect(1, "Choose mode k = 3")


def pendulum(lab: KeyboardLab) -> None:
    from course_lib.lessons.pendulum.lab import PendulumLab

    model = PendulumLab().model
    lab.toggle("Newton view")
    lab.scene("bob")
    lab.press("ArrowRight", 31, wait_ms=100)  # 60° -> 122° about the pivot, 2° a press
    lab.press("Space")                        # Play
    lab.expect(2, "Switch on the Newton view", within_s=15)
    lab.press("Space")                        # Pause
    lab.type_number("b [N·m·s/rad]", 2.0)
    lab.button("Reset")
    lab.scene("bob")
    lab.press("ArrowRight", 30, wait_ms=100)
    lab.press("Shift+ArrowRight", 5, wait_ms=100)  # 0.4° a press: 122°
    lab.press("Space")
    lab.expect(1, "Lift the ball past 120°", within_s=15)
    lab.press("Space")
    lab.button("Reset")
    holding = model.m * model.g * model.l * math.sin(math.radians(45.0))  # τ that holds the ball at 45°
    lab.type_number("τ [N·m]", round(holding / 0.05) * 0.05)
    lab.type_number("θ [°]", 45)
    lab.scene("bob")
    lab.press("Space")
    lab.expect(0, "Reset the lab", within_s=15)
    lab.press("Space")


def arm_sim(lab: KeyboardLab) -> None:
    lab.choose("integrator", "explicit Euler")
    lab.choose("step h", "10 ms")
    lab.button("Run 10 s")
    lab.expect(0, "Explicit Euler", within_s=20)
    for h in ("2 ms", "1 ms"):
        lab.button("Reset")
        lab.choose("integrator", "RK4")
        lab.choose("step h", h)
        lab.button("Run 10 s")
        lab.page.wait_for_timeout(1500)
    lab.expect(1, "RK4 with h ≤ 2 ms", within_s=20)
    lab.button("Reset")
    lab.toggle("Hold: τ = g − Jᵀh_e")
    lab.choose("Speed", "2×")
    lab.scene("elbow")
    lab.press("Space")
    lab.expect(2, "With gravity on and the arm at rest", within_s=15)
    lab.press("Space")
    lab.toggle("Hold: τ = g − Jᵀh_e")          # off, then on again with the push: Hold takes the push in force
    lab.type_number("f_x [N]", 12)
    lab.toggle("Hold: τ = g − Jᵀh_e")
    lab.scene("elbow")
    lab.press("Space")
    lab.expect(3, "Push the tool", within_s=15)
    lab.press("Space")


def cart_pole(lab: KeyboardLab) -> None:
    lab.type_number("F [N]", 15)
    lab.type_number("F [N]", -15)
    lab.expect(0, "With Auto-balance off")
    lab.type_number("F [N]", 0)
    lab.toggle("Auto-balance")
    lab.choose("Speed", "2×")
    lab.button("Play")
    lab.expect(1, "Keep the pole within ±20°", within_s=20)
    lab.button("Pause")


def mass_matrix(lab: KeyboardLab) -> None:
    from course_lib.lessons.mass_matrix.lab import MassMatrixLab

    lab.type_number("θ₂ [°]", 140)
    lab.expect(0, "With no payload")
    mirror = MassMatrixLab()           # where the velocity handle must go, at the same posture
    mirror.set("theta2", 140.0)
    r, (lo, hi) = mirror.readouts, dict((p["id"], p["xlim"]) for p in mirror.scene.panels)["qd"]
    fine = (hi - lo) / 50 / 5
    lab.scene("qd")
    for delta, (up, down) in ((r["lx"] - r["qd1"], ("ArrowRight", "ArrowLeft")),
                              (r["ly"] - r["qd2"], ("ArrowUp", "ArrowDown"))):
        n = round(abs(delta) / fine)
        key = up if delta > 0 else down
        lab.press(key, n // 5, wait_ms=100)
        lab.press(f"Shift+{key}", n % 5, wait_ms=100)
    lab.expect(1, "Put the velocity handle", within_s=5)
    if not lab.ticked(1):
        lab.problems.append(f"{lab.name}: the velocity handle went to {lab.kernel('lab.qd.tolist()')} for "
                            f"({r['lx']:.3f}, {r['ly']:.3f}), from ({r['qd1']:.3f}, {r['qd2']:.3f}) by steps of {5 * fine:g}")


def coriolis(lab: KeyboardLab) -> None:
    lab.type_number("θ₂ [°]", 90)
    lab.type_number("dθ₁/dt [rad/s]", 6)
    lab.type_number("dθ₂/dt [rad/s]", 0)
    lab.expect(0, "Spin joint 1 alone")
    lab.type_number("dθ₁/dt [rad/s]", 1.5)   # τ₁ = −h sin θ₂ (2 ω₁ ω₂ + ω₂²) vanishes at ω₂ = −2 ω₁
    lab.type_number("dθ₂/dt [rad/s]", -3)
    lab.expect(1, "Spin both joints")
    lab.choose("C written as", "alternative C")
    lab.expect(2, "Switch to the alternative C")


def operational_space(lab: KeyboardLab) -> None:
    lab.slider_keys("θ₂ [°]", "ArrowRight", 3)   # 60° -> 90°, 10° a press (controls.key_step)
    lab.expect(0, "Find a posture")
    lab.type_number("θ₂ [°]", 5)
    lab.expect(1, "Stretch the arm")


def computed_torque(lab: KeyboardLab) -> None:
    lab.type_number("payload [kg]", 2)
    lab.choose("Speed", "2×")
    lab.scene()
    lab.press("Space")
    lab.expect(0, "Add an unmodeled payload", within_s=30)
    lab.press("Space")
    lab.button("Reset")
    lab.type_number("payload [kg]", 0)
    lab.slider_keys("model error %", "ArrowLeft", 10)   # 5 % a press: −50 %
    lab.scene()
    lab.press("Space")
    lab.expect(1, "Tune the model error and the payload", within_s=30)
    lab.press("Space")


def tool_path(lab: KeyboardLab) -> None:
    lab.choose("Speed", "2×")
    lab.scene()
    lab.press("Space")
    lab.expect(0, "Set δ = 0 and b = 0", within_s=20)
    lab.press("Space")
    for delta in (-30, 30):
        lab.type_number("δ [%]", delta)
        lab.button("Reset")
        lab.scene()
        lab.press("Space")
        lab.sim_time_past(5.2)
        lab.press("Space")
    lab.expect(1, "Set δ to −30 %")
    lab.type_number("δ [%]", 0)
    lab.type_number("ωₙ [rad/s]", 6.5)
    lab.button("Reset")
    lab.scene()
    lab.press("Space")
    lab.expect(2, "Keep the model nearly right", within_s=20)
    lab.press("Space")


def identification(lab: KeyboardLab) -> None:
    lab.type_number("noise σ [N·m]", 0.5)
    lab.expect(0, "Pick \"rich\"")
    lab.choose("excitation", "slow and small")
    lab.expect(1, "Pick \"slow and small\"")


def rnea(lab: KeyboardLab) -> None:
    lab.type_number("all q̇ᵢ [rad/s]", 0)
    lab.named_button("Next ▶").focus()
    lab.until(0, "Enter", most=8)
    lab.expect(0, "With q̇ = q̈ = 0")
    lab.slider_keys("links n", "ArrowRight", 2)   # 4 -> 6 links
    lab.named_button("Next ▶").focus()
    lab.until(1, "Enter", most=14)
    lab.expect(1, "With at least 6 links")
    lab.scene("tip")                  # the tip turns about the last joint, 2° a press: down to hanging
    lab.until(2, "ArrowDown", most=90, wait_ms=250)
    lab.expect(2, "At rest, with the backward pass done")


def motors(lab: KeyboardLab) -> None:
    from course_lib.lessons.motors.lab import MotorLab

    lab.type_number("k_r1 (gear 1)", 160)
    lab.expect(0, "Find a gear ratio")
    lab.type_number("k_r2 (gear 2)", 160)
    lab.expect(1, "By gearing")
    mirror = MotorLab()                # the least torque that starts joint 1 from rest, gravity off
    for key, value in (("kr1", 160.0), ("kr2", 160.0), ("gravity", False)):
        mirror.set(key, value)
    least = mirror.model.breakaway_torque(mirror.now.q)
    lab.toggle("gravity")
    lab.choose("Speed", "2×")
    lab.type_number("τ₁ [N·m]", math.floor(1.015 * least / 0.01) * 0.01)  # just above the least, within 2 %
    lab.scene("elbow")
    lab.press("Space")
    lab.expect(2, "Gravity off", within_s=15)
    lab.press("Space")


RECIPES: dict[str, Callable[[KeyboardLab], None]] = {
    "ArmPreviewLab": arm_preview, "ActionLab": action, "PendulumLab": pendulum, "ArmSimLab": arm_sim,
    "CartPoleLab": cart_pole, "MassMatrixLab": mass_matrix, "ChristoffelLab": coriolis,
    "OperationalSpaceLab": operational_space, "ComputedTorqueLab": computed_torque, "ToolPathLab": tool_path,
    "IdentificationLab": identification, "RneaLab": rnea, "MotorLab": motors}


def test_every_lab_has_a_keyboard_recipe():
    assert sorted(RECIPES) == sorted(name for name, _ in labs()), "a lab without its keyboard recipe here"


@pytest.mark.browser
@pytest.mark.timeout(900)
def test_every_task_of_every_lab_is_done_by_keyboard_only(jupyter, browser, reports_dir):
    from .notebook_page import opened_notebook

    server = jupyter("lab")
    (server.root / NOTEBOOK).write_text(json.dumps(notebook()))
    problems: list[str] = []
    with opened_notebook(browser, server, NOTEBOOK, run_timeout_ms=400_000, shutdown_kernels=True) as nb:
        page = nb.page
        page.wait_for_selector(".cl-tasks", timeout=30_000)
        page.evaluate("() => { window.__clPointer = 0; for (const t of ['pointerdown', 'mousedown', 'click'])"
                      " document.addEventListener(t, (e) => { if (e.isTrusted && e.detail !== 0) window.__clPointer++; }, true); }")
        names = [name for name, _ in labs()]
        assert page.locator(".cl-lab").count() == len(names)
        for i, name in enumerate(names):
            lab = KeyboardLab(page, server, i, name)
            try:
                RECIPES[name](lab)
            except Exception as exc:  # noqa: BLE001 - one lab's failure is reported with the others'
                lab.problems.append(f"{name}: {type(exc).__name__}: {exc}")
            problems += lab.problems
        page.screenshot(path=str(reports_dir / "browser" / "keyboard-labs.png"))
        if page.evaluate("() => window.__clPointer") != 0:
            problems.append("a pointer event reached the page")
    assert not problems, f"{len(problems)} keyboard problems:\n" + "\n".join(problems)
