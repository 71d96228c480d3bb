"""The RNEA step-through lab's sentences (see :mod:`course_lib.messages`)."""

from course_lib.messages import MessageTable

RNEA_LAB = MessageTable("rnea_lab", {
    "en": {
        "rnea_n": "links n",
        "rnea_qd": "all q̇ᵢ [rad/s]",
        "rnea_qdd": "all q̈ᵢ [rad/s²]",
        "rnea_step": "step",
        "rnea_next": "Next ▶",
        "rnea_back": "◀ Back",
        "rnea_title": "Planar chain of equal rods, {length:g} m and {mass:g} kg in all; drag the tip",
        "rnea_legend_v": "v: velocity of joint i ({sv:.3f} m per m/s)",
        "rnea_legend_a": "a: spatial acceleration, linear part ({sa:.3f} m per m/s²)",
        "rnea_legend_f": "f: force across joint i ({sf:.3f} m per N)",
        "rnea_scene_step": "step {step:.0f} of {steps:.0f}",
        "rnea_stage_start": "Step 0: nothing computed yet. The base is at rest and accelerates upward at g.",
        "rnea_stage_forward": "Forward pass reaches link {i} of {n}: its velocity and acceleration, from link {p}'s.",
        "rnea_stage_backward": ("Backward pass reaches link {i}: the force across joint {i} carries links {i}…{n}; "
                                "τ{i} = Sᵢᵀ Fᵢ."),
        "rnea_pose": "θ{n} = {last:.0f}° (relative), tip at ({x:.2f}, {y:.2f}) m",
        "rnea_panel_title": "Link {i}, in world axes",
        "rnea_panel_none": "Press Next ▶ to start the forward pass.",
        "rnea_row_omega": "ω (rad/s)",
        "rnea_row_v": "v of joint (m/s)",
        "rnea_row_alpha": "α (rad/s²)",
        "rnea_row_a": "a, spatial (m/s²)",
        "rnea_row_a_classic": "a + ω×v, classical (m/s²)",
        "rnea_row_n": "n_z about joint (N·m)",
        "rnea_row_f": "f across joint (N)",
        "rnea_row_tau": "τ = Sᵀ F (N·m)",
        "rnea_not_yet": "not reached yet",
        "rnea_task_rest": ("With q̇ = q̈ = 0, run the forward pass to the tip: every link's acceleration is g "
                           "straight up (within {tol:g} m/s²), the base's push carried along."),
        "rnea_task_rest_hint": "Set both sliders q̇ and q̈ to 0 and press Next ▶ until the step number equals n (the tip).",
        "rnea_task_weight": ("With at least {n_min} links at rest, run the backward pass to link 1: the force across "
                             "joint 1 equals the weight of the whole chain within {tol:g} %."),
        "rnea_task_weight_hint": "n ≥ {n_min}, q̇ = q̈ = 0, then Next ▶ to the last step. Compare f with Σ m g.",
        "rnea_task_tip": ("At rest, with the backward pass done, drag the tip until the last joint needs less than "
                          "{tol:g} % of the most it can need, m g l/2 of the last link (within about {deg:.0f}° "
                          "of vertical)."),
        "rnea_task_tip_hint": ("The last joint carries only the last link: its torque vanishes when that link's centre "
                               "of mass sits straight above or below the joint."),
        "rnea_why_moving": "the chain moves (q̇ = {qd:g} rad/s, q̈ = {qdd:g} rad/s²); set both to 0",
        "rnea_why_step": "the pass has reached step {step} of the {need} needed",
        "rnea_why_few": "n = {n}; this needs at least {n_min} links",
        "rnea_why_weight": "|f₁| = {f:.2f} N against Σ m g = {w:.2f} N",
        "rnea_why_tip": "τ{n} = {tau:.3f} N·m, more than {tol:.3f} N·m ({pct:g} % of m g l/2 = {most:.2f} N·m)",
        "rnea_value_rest": "a{n} = ({ax:.2f}, {ay:.2f}) m/s²",
        "rnea_value_weight": "|f₁| = {f:.2f} N = Σ m g",
        "rnea_value_tip": "τ{n} = {tau:.4f} N·m",
    },
})
