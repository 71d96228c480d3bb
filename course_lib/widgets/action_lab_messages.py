"""The action lab's sentences (see :mod:`course_lib.messages`)."""

from course_lib.messages import MessageTable

ACTION = MessageTable("action_lab", {
    "en": {
        "act_eps": "ε",
        "act_k": "mode k",
        "act_system": "system",
        "act_title_path_ball": "path q(t) [m]: solid true, dashed perturbed",
        "act_title_path_pendulum": "path θ(t) [rad]: solid true, dashed perturbed",
        "act_title_action": "S(ε) − S(0) [J·s]",
        "act_xlabel_t": "t [s]",
        "act_xlabel_eps": "ε",
        "act_scene_readout": "ε = {eps:.3f}    S(ε) − S(0) = {dS:.4f} J·s",
        "act_setup_ball": ("Ball: m = {m:g} kg, T = {T:g} s, q = height (m); thrown up at t = 0 from q = {q0:g} m, "
                           "back at q = {qT:g} m at t = T."),
        "act_setup_pendulum": ("Pendulum: m = {m:g} kg, l = {l:g} m, T = {T:g} s, q = θ (rad, from straight down). "
                               "Chosen ends θ(0) = {q0:.2f} rad, θ(T) = {qT:.2f} rad; shooting gives "
                               "θ̇(0) = {rate:.4f} rad/s."),
        "act_readouts": ("Perturbation ε sin({k}πt/T), ε = {eps:.3f}. Numerical action: S(0) = {S0:.6f} J·s, "
                         "S(ε) = {S:.6f} J·s, S(ε) − S(0) = {dS:.6f} J·s."),
        "act_exact": ("Exact for the ball: m π² k² ε²/(4T) = {exact:.6f} J·s; numerical − exact = {diff:.1e} J·s."),
        "act_task_valley": ("Pull ε out beyond |ε| > {out:g}, then bring it back within |ε| < {back:g}: "
                            "where along the way is the action smallest?"),
        "act_task_valley_hint": ("Drag the amber handle up or down, or move the ε slider, then come back towards 0. "
                                 "Keep an eye on the amber point in the right panel, S(ε) − S(0), and on the dashed "
                                 "path on the left while you do."),
        "act_task_valley_value": ("back at ε = {eps:.3f}, S(ε) − S(0) = {dS:.2e} J·s; compare it with what the right "
                                  "panel showed on the way"),
        "act_why_valley_back": "you went past |ε| = {out:g}; now bring ε back within |ε| < {back:g} (ε = {eps:.3f})",
        "act_task_mode3": ("Choose mode k = {k} and reach |ε| ≥ {eps:g} with the ball, then with the pendulum. "
                           "Is the valley at the true path for both?"),
        "act_task_mode3_hint": ("Pick the mode the task names, pull ε out as far as it asks (either sign), then "
                                "switch the system and do it again. Watch how much steeper the valley is than at k = 1."),
        "act_task_mode3_value": "ball and pendulum both pulled out at k = {k}; where does each valley bottom out?",
        "act_why_mode3_k": "|ε| is large enough, but the mode is k = {k_now}; the task asks for k = {k}",
        "act_why_mode3_other": "done for the {done}; now the {other}",
        "act_why_mode3_move": ("move ε (slider or handle) to |ε| ≥ {eps:g} here: only a move of ε made with the "
                               "{system} at k = {k} counts, not a value kept from before"),
        "act_ball_name": "ball",
        "act_pendulum_name": "pendulum",
    },
})
