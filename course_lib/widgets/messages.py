"""Every label, readout name, task text and message the labs show, in one table.

A lab never types a user-facing sentence itself: it asks :func:`text` for a
key. Adding a language means adding one more dictionary to :data:`MESSAGES`
with the same keys (a test checks that the keys match) and calling
:func:`set_language`.

>>> text("paused")
'paused'
>>> text("error_blowup", detail="θ̇ = inf")
'The simulation blew up (θ̇ = inf). The lab has been reset; try a smaller torque or more damping.'
"""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # -- shared controls --------------------------------------------------
        "play": "Play",
        "pause": "Pause",
        "step": "Step",
        "reset": "Reset",
        "speed": "Speed",
        "playing": "playing",
        "paused": "paused",
        "tasks_title": "Try this",
        "hint": "hint",
        "done_with": "done ({value})",
        "messages_ok": "",
        # -- shared errors ------------------------------------------------------
        "error_callback": "That did not work: {detail}. The lab is still usable.",
        "error_blowup": (
            "The simulation blew up ({detail}). The lab has been reset; "
            "try a smaller torque or more damping."
        ),
        "error_not_finite": "{name} must be a finite number.",
        "error_no_loop": (
            "Play needs a running Jupyter kernel; in a script, call lab.advance(seconds) instead."
        ),
        "error_bad_value": "{name} cannot take that value: {detail}",
        "error_angle_range": (
            "{name} must be a finite angle in degrees from {low:g} to {high:g} (the slider's range), "
            "got {value!r}"
        ),
        # -- the start-here arm lab ----------------------------------------------
        "arm_theta1": "θ₁ [deg]",
        "arm_theta2": "θ₂ [deg]",
        "arm_title": "Planar 2R arm (l₁ = {l1:g} m, l₂ = {l2:g} m)",
        "arm_tip": "tip position",
        "arm_readout": "tip x = {x:.3f} m, y = {y:.3f} m",
        "arm_task_high": "Raise the tip to a height of at least {y:g} m above the shoulder.",
        "arm_task_high_hint": (
            "The tip is highest when both links point straight up: θ₁ = 90°, θ₂ = 0°."
        ),
        "arm_task_value": "y = {y:.3f} m",
        # -- the pendulum lab -------------------------------------------------------
        "pend_theta0": "θ [deg]",
        "pend_tau": "τ [N·m]",
        "pend_b": "b [N·m·s/rad]",
        "pend_newton": "Newton view",
        "pend_title_pendulum": "pendulum (drag the ball)",
        "pend_title_phase": "phase portrait",
        "pend_title_energy": "energy [J]",
        "pend_xlabel_phase": "θ [rad]",
        "pend_ylabel_phase": "θ̇ [rad/s]",
        "pend_bar_T": "T",
        "pend_bar_V": "V",
        "pend_bar_E": "T+V",
        "pend_tension_label": "T_c = {value:.1f} N",
        "pend_readouts": (
            "t = {t:.2f} s &nbsp; θ = {theta:.3f} rad ({theta_deg:.1f}°) &nbsp; "
            "θ̇ = {theta_dot:.3f} rad/s &nbsp; θ̈ = {theta_ddot:.3f} rad/s² &nbsp; "
            "E = {energy:.3f} J &nbsp; rod tension T_c = {tension:.2f} N"
        ),
        "pend_steps_title": "Lagrange, term by term (live)",
        "pend_step1": "1. T = ½ m l² θ̇² = {T:.3f} J, &nbsp; V = m g l (1 − cos θ) = {V:.3f} J",
        "pend_step2": "2. ∂L/∂θ̇ = m l² θ̇ = {p:.3f} kg·m²/s",
        "pend_step3": "3. d/dt ∂L/∂θ̇ = m l² θ̈ = {dp:.3f} N·m",
        "pend_step4": "4. ∂L/∂θ = −m g l sin θ = {dLdq:.3f} N·m",
        "pend_balance": (
            "m l² θ̈ + m g l sin θ = {inertia:.3f} + ({gravity:.3f}) = <b>{lhs:.3f}</b> N·m"
            " &nbsp; | &nbsp; τ − b θ̇ = {tau:.3f} − ({friction:.3f}) = <b>{rhs:.3f}</b> N·m"
        ),
        "pend_task_rest45": (
            "Reset the lab, give the bearing friction b ≥ {b:g} N·m·s/rad, and look for the constant τ "
            "that lets the ball settle at {angle:g}° (θ within {tol:g} rad of {angle:g}° and "
            "|θ̇| < {speed:g} rad/s, held for {dwell:g} s)."
        ),
        "pend_task_rest45_hint": (
            "Once the ball is still, θ̇ and θ̈ are both zero, and the only torque left for τ to cancel "
            "is gravity's: τ = m g l sin θ. If the ball keeps going round, grab it and pull it back down."
        ),
        "pend_task_rest45_value": "θ = {theta:.3f} rad with τ = {tau:.2f} N·m, b = {b:.2f}",
        "pend_task_decay": (
            "Lift the ball past {angle:g}° by dragging it, let go with b ≥ {b:g} N·m·s/rad, and wait "
            "until less than {percent:g} % of the energy it started with is left."
        ),
        "pend_task_decay_hint": (
            "The friction torque b θ̇ drains energy at the rate b θ̇². In the phase portrait the trace "
            "winds inward toward the resting point."
        ),
        "pend_task_decay_value": "E = {energy:.2f} J of {start:.2f} J",
        "pend_task_tension": "Switch on the Newton view and get the rod to pull harder than {tension:g} N.",
        "pend_task_tension_hint": (
            "T_c = m l θ̇² + m g cos θ. Both terms peak at the lowest point, where the ball is fastest "
            "and its weight lies along the rod, so start the swing from high up."
        ),
        "pend_task_tension_value": "T_c = {tension:.1f} N",
        # -- quizzes -------------------------------------------------------------
        "quiz_check": "Check",
        "quiz_question": "Question {n}",
        "quiz_you_typed": "You typed ${latex}$.",
        "quiz_correct": "Correct.",
        "quiz_wrong": "Not quite.",
        "quiz_explanation": "Why",
        "quiz_pick_one": "Pick one of the options first (A to {last}).",
        "quiz_not_number": (
            "Type one number, such as -9.81 or -9,81, optionally followed by its unit; could not read {value!r}."
        ),
        "quiz_wrong_unit": "The number is right, but the unit {got!r} is not {expected!r}.",
        "quiz_off_by": "Your value {value:g} differs from the answer by more than {tol:g}.",
        "quiz_off_and_unit": "Your value {value:g} is not the answer, and the unit {got!r} is not {expected!r}.",
        "quiz_within": "Your value {value:g} is within {tol:g} of the answer.",
        "quiz_syntax": (
            "Could not read that expression ({detail}): use * for products, ^ or ** for powers, "
            "and the names {names}."
        ),
        "quiz_unknown_name": "Unknown name {name!r}; allowed names are {names}.",
        "quiz_bad_chars": "The expression may only use letters, digits, spaces and + - * / ^ ( ) . ,",
        "quiz_too_long": "That expression is too long (at most {n} characters).",
        "quiz_equivalent": "Your expression is equivalent to the answer.",
        "quiz_not_equivalent": "Your expression is not equivalent to the answer.",
        "quiz_empty": "Type an answer first.",
        "quiz_too_large": "That expression is too large to check; simplify your answer.",
        "quiz_undefined": (
            "Your expression is undefined or infinite (for example, it divides by zero); check it and try again."
        ),
        "quiz_cannot_check": "That answer could not be checked ({detail}); try writing it differently.",
        "quiz_checking": "Checking…",
        "quiz_interrupted": "The check was interrupted, so nothing was counted; press Check to try again.",
        "quiz_show_answer": "Show answer",
        "quiz_tries_left": (
            "The worked answer appears when you have it right, after {n} more wrong tries, or when you press "
            "Show answer."
        ),
    }
}

_language = "en"


def set_language(language: str) -> None:
    """Switch every lab and quiz created afterwards to ``language``.

    Args:
        language: a key of :data:`MESSAGES`.

    Raises:
        ValueError: for a language that has no table.
    """
    if language not in MESSAGES:
        raise ValueError(f"language must be one of {sorted(MESSAGES)}, got {language!r}")
    global _language
    _language = language


def text(key: str, **values: Any) -> str:
    """The message ``key`` in the current language, formatted with ``values``.

    Args:
        key: a key of the message table.
        **values: fields the message refers to, e.g. ``detail=...``.

    Returns:
        The formatted message.

    Raises:
        ValueError: for an unknown key.
    """
    table = MESSAGES[_language]
    if key not in table:
        raise ValueError(f"no message {key!r} in the {_language!r} table")
    return table[key].format(**values) if values else table[key]
