"""The 2R arm simulator's sentences (lesson 3, see :mod:`course_lib.messages`).

Texts of the scene and of the formula may hold ``{channel:.2f}`` fields: the browser
fills them in with the scene's channels at display rate.
"""

from course_lib.messages import MessageTable

ARM_SIM = MessageTable("arm_sim_lab", {
    "en": {
        "arm_tau1": "τ₁ [N·m]",
        "arm_tau2": "τ₂ [N·m]",
        "arm_b": "b [N·m·s/rad]",
        "arm_gravity": "gravity on",
        "arm_method": "integrator",
        "arm_method_rk4": "RK4",
        "arm_method_euler": "explicit Euler",
        "arm_dt": "step h",
        "arm_hold": "Hold: τ = g(q)",
        "arm_drop_c": "drop C q̇",
        "arm_run10": "Run 10 s",
        "arm_run10_tooltip": (
            "Simulate exactly 10 s at once from the posture shown, as a new ledger: E₀ and W start again there"
        ),
        "arm_reset_tooltip": (
            "Back to the start posture at t = 0, at rest; the controls keep their values (τ₁, τ₂, b, gravity, "
            "integrator, h; Hold, if on, stays on and holds the start posture)"
        ),
        "arm_title_world": "2R arm (drag the elbow or the tip)",
        "arm_title_ledger": "energy ledger [J]",
        "arm_xlabel_ledger": "t [s]",
        "arm_scene_angles": "θ₁ = {th1w:.2f} rad   θ₂ = {th2w:.2f} rad",
        "arm_scene_torques": "τ₁ = {tau1:.2f} N·m   τ₂ = {tau2:.2f} N·m",
        "arm_scene_ledger": "gap (E − E₀) − W = {gap:.3g} J",
        "arm_legend_E": "━ E − E₀ = {dE:.3f} J",
        "arm_legend_W": "╍ W = {W:.3f} J (τ and friction)",
        # the live equation: one row per joint, every term coloured as the seed's FIG 3
        "arm_formula_title": "M q̈ + C q̇ + g = τ − b q̇   [N·m]\n",
        "arm_formula_Mqdd": "M q̈",
        "arm_formula_Cqd": "C q̇",
        "arm_formula_g": "g",
        "arm_formula_tau": "τ",
        "arm_formula_bqd": "b q̇",
        "arm_formula_units": "   [N·m]\n",
        "arm_formula_row1": "1:  ",
        "arm_formula_row2": "\n2:  ",
        "arm_formula_plus": " + ",
        "arm_formula_eq": " = ",
        "arm_formula_minus": " − ",
        "arm_readouts": (
            "t = {t:.2f} s &nbsp; q = ({th1w:.3f}, {th2w:.3f}) rad (within ±π)<br>"
            "q̇ = ({qd1:.3f}, {qd2:.3f}) rad/s &nbsp; q̈ = ({qdd1:.3f}, {qdd2:.3f}) rad/s²<br>"
            "τ = ({tau1:.2f}, {tau2:.2f}) N·m &nbsp; E = {E:.4f} J<br>"
            "E − E₀ = {dE:.4f} J &nbsp; W = {W:.4f} J &nbsp; gap (E − E₀) − W = <b>{gap_text}</b>"
        ),
        "arm_readout_hold": "Hold is on: τ = g(q) = ({tau1:.2f}, {tau2:.2f}) N·m, computed at q = ({q1:.3f}, {q2:.3f}) rad.",
        "arm_readout_run": (
            "Last Run 10 s ({method}, h = {h_ms:g} ms): largest |gap| over its steps <b>{error}</b>. "
            "A run starts a new ledger (E₀, W) where it starts, so the gap above is the same ledger's."
        ),
        "arm_readout_drop_c": "C q̇ is dropped: the arm follows M q̈ + g = τ − b q̇, a wrong equation.",
        "arm_task_euler": (
            "Explicit Euler, h = {h_ms:g} ms, τ = 0, b = 0, gravity on: press Run 10 s and see the energy "
            "error (E − E₀) − W exceed {error:g} J."
        ),
        "arm_task_euler_hint": (
            "Start from the default posture (Reset): a swing from high up moves fast, and explicit Euler adds a "
            "little energy on every step, more the faster the arm moves."
        ),
        "arm_task_euler_value": "energy error {error:.1f} J",
        "arm_task_rk4": (
            "RK4 with h ≤ {h_ms:g} ms, τ = 0, b = 0, gravity on: press Run 10 s and keep the energy error "
            "below {error:g} J for the full run. Between runs press Reset (a run goes on from where the last "
            "one ended), then halve h."
        ),
        "arm_task_rk4_hint": (
            "RK4's error per step shrinks like h⁵: halving h makes it about 32 times smaller. Press Reset "
            "before each run so that every run starts from the same posture; the controls keep their values."
        ),
        "arm_task_rk4_value": "largest energy error {error:.1e} J at h = {h_ms:g} ms",
        "arm_task_hold": (
            "With gravity on and the arm at rest, switch on Hold: τ = g(q) and keep the arm still for "
            "{dwell:g} s of play (both joint speeds below {speed:g} rad/s)."
        ),
        "arm_task_hold_hint": (
            "At rest q̇ = q̈ = 0, so the equation leaves τ = g(q). Stop the arm first (Reset, or drag it), "
            "then switch Hold on and press Play."
        ),
        "arm_task_hold_value": "still at q = ({q1:.2f}, {q2:.2f}) rad with τ = ({tau1:.2f}, {tau2:.2f}) N·m",
        "arm_why_no_run": "press Run 10 s",
        "arm_why_method": "the last run used {method}, not {need}",
        "arm_why_h_euler": "the last run used h = {h_ms:g} ms, the task asks for {need_ms:g} ms",
        "arm_why_h_rk4": "the last run used h = {h_ms:g} ms, above {need_ms:g} ms",
        "arm_why_inputs": "the last run had τ = ({tau1:g}, {tau2:g}) N·m, b = {b:g}: set τ = 0 and b = 0",
        "arm_why_gravity": "the last run had gravity off",
        "arm_why_drop_c": "the last run had C q̇ dropped: switch it back on",
        "arm_why_euler_small": "the energy error was only {error:.2f} J: start from higher up (Reset)",
        "arm_why_rk4_large": "the energy error reached {error:.1e} J",
        "arm_why_hold_off": "Hold is off",
        "arm_why_hold_gravity": "gravity is off, so any τ = 0 posture stays still",
        "arm_why_hold_moving": (
            "Hold was switched on while the arm moved at {speed:.2f} rad/s: τ = g(q) holds an arm at rest, "
            "not a moving one"
        ),
        "arm_why_hold_drift": "the arm moves at {speed:.3f} rad/s",
        "arm_error_q0": "q0 must be two finite angles in radians (θ₁ from the horizontal, θ₂ relative), got {value!r}",
    },
})
