"""The identification lab's sentences (see :mod:`course_lib.messages`)."""

from course_lib.messages import MessageTable

IDENTIFICATION = MessageTable("identification", {
    "en": {
        "id_excitation": "excitation",
        "id_rich": "rich",
        "id_joint1": "joint 1 only",
        "id_slow": "slow and small",
        "id_own": "your own (sliders below)",
        "id_samples": "samples N",
        "id_sigma": "noise σ [N·m]",
        "id_theta2": "θ₂ centre [deg]",
        "id_amp1": "A₁ [deg]",
        "id_freq1": "f₁ [Hz]",
        "id_amp2": "A₂ [deg]",
        "id_freq2": "f₂ [Hz]",
        "id_resample": "Resample noise",
        "id_recentre": "Reset centre",
        "id_title_path": "excitation (θ₁, θ₂), {n} samples",
        "id_title_errors": "relative error |π̂ − π| / |π|",
        "id_scene_kappa": "κ(A) = {kappa_text}   scaled: {kappa_scaled_text}",
        "id_err_label": "{value}",
        "id_kappa_rank": "∞ (rank {rank} < 5)",
        "id_table_head": "<tr><th>π</th><th>unit</th><th>true</th><th>estimate</th><th>error</th></tr>",
        "id_centre": "Swing centre (θ₁, θ₂) = ({theta1:.0f}°, {theta2:.0f}°).",
        "id_summary": (
            "κ(A) = {kappa} without column scaling, {kappa_scaled} after dividing each column by its norm. "
            "RMS residual ‖Aπ̂ − b‖/√(2N) = {residual:.3f} N·m (noise σ = {sigma:.2f} N·m). Noise seed {seed}."
        ),
        "id_weakest": "The combination of (a, b, c, d, e) the data determine worst: ({direction}).",
        "id_lost": (
            "With θ₂ fixed at {theta2:.0f}° this combination is lost outright: A has rank {rank}, and "
            "the estimate along it is arbitrary (lstsq returns the least-norm one)."
        ),
        "id_lost_any": (
            "A has rank {rank} < 5: this excitation leaves some combinations of the parameters undetermined, "
            "and lstsq returns the least-norm estimate. A joint that does not move cannot show its inertia."
        ),
        "id_task_rich": (
            "Pick \"rich\" with σ ≥ {sigma:g} N·m and get all five relative errors below {limit:.0f} %."
        ),
        "id_task_rich_hint": (
            "Both joints swing widely and quickly, so every column of A is large and they point in different "
            "directions. More samples shrink the error like 1/√N."
        ),
        "id_task_slow": (
            "Pick \"slow and small\" with σ ≥ {sigma:g} N·m: see the worst parameter off by more than {limit:.0f} %."
        ),
        "id_task_slow_hint": (
            "Slow, small swings barely accelerate the arm: the torques are almost all gravity, and the "
            "inertia columns of A are tiny next to the noise."
        ),
        "id_value_rich": "worst error {worst:.1f} % ({name})",
        "id_value_slow": "worst error {worst:.0f} % ({name}), κ(A) = {kappa}",
        "id_why_excitation": "the excitation is \"{now}\"; this task needs \"{need}\"",
        "id_why_sigma": "σ = {sigma:.2f} N·m; this task needs σ ≥ {need:g} N·m",
        "id_why_rich_error": "{name} is still off by {worst:.1f} % (needs < {limit:.0f} %)",
        "id_why_slow_error": "the worst error is only {worst:.0f} % (needs > {limit:.0f} %)",
    },
})
