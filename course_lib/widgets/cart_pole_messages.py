"""The cart-pole lab's sentences (see :mod:`course_lib.messages`).

Scene texts such as ``cp_scene_state`` are formatted in the browser with the
scene's channels, at display rate.
"""

from course_lib.messages import MessageTable

CART_POLE = MessageTable("cart_pole_lab", true_minus=True, messages={
    "en": {
        "cp_force": "F [N]",
        "cp_push": "push [N]",
        "cp_auto": "Auto-balance",
        "cp_kick": "Kick",
        "cp_push_left": "◀ push",
        "cp_push_right": "push ▶",
        "cp_title_world": "cart-pole (drag the cart; click, then ← →)",
        "cp_title_acc": "reachable (ẍ, θ̈)",
        "cp_xlabel_acc": "ẍ [m/s²]",
        "cp_ylabel_acc": "θ̈ [rad/s²]",
        "cp_scene_state": "x = {x:.2f} m   θ = {theta_deg:.1f}°   F = {F:.1f} N",
        "cp_scene_slope": "line: slope −cos θ / l = {slope:.2f}",
        "cp_scene_band": "±{band:g}°",
        "cp_readouts": (
            "t = {t:.2f} s &nbsp; x = {x:.3f} m &nbsp; θ = {theta_deg:.1f}° &nbsp; F = {F:.2f} N "
            "(limit ±{limit:g} N, rail ±{rail:g} m) &nbsp; {mode}"
        ),
        "cp_gain": "LQR gain K = [{k_x:.2f} N/m, {k_th:.2f} N/rad, {k_xd:.2f} N·s/m, {k_thd:.2f} N·s/rad] "
                   "in F = −K (x, θ, ẋ, θ̇)",
        "cp_mode_auto": "Auto-balance is on: F = −K z (+ your push), clipped to ±{limit:g} N",
        "cp_mode_hand": "by hand: F = slider + push, clipped to ±{limit:g} N",
        "cp_lost": "The controller lost the pole (|θ| passed {angle:g}°): it is beyond what LQR can catch "
                   "with ±{limit:g} N on a ±{rail:g} m rail. Press Reset.",
        "cp_task_push": "With Auto-balance off, reach F ≥ {force:g} N and then F ≤ −{force:g} N, and watch the "
                        "point on the right: it slides only along the line. Can it reach the purple diamond?",
        "cp_task_push_hint": "Use the F slider, or hold a push button. The second row of the equations, "
                             "l θ̈ + cos θ ẍ = g sin θ, has no F in it: that is the line.",
        "cp_task_push_value": "F reached {high:.1f} N and {low:.1f} N (each the largest push that way until "
                              "the task was met)",
        "cp_why_push_auto": "Auto-balance was on when F reached {force:.1f} N: switch it off and push yourself",
        "cp_why_push_one_high": "F has reached {done:.1f} N; now push the other way, to F ≤ {low:.0f} N",
        "cp_why_push_one_low": "F has reached {done:.1f} N; now push the other way, to F ≥ {high:.0f} N",
        "cp_task_balance": "Keep the pole within ±{band:g}° for {dwell:g} s in a row, by hand or with "
                           "Auto-balance. No luck by hand? Try the 0.3× speed.",
        "cp_task_balance_hint": "Push the cart under the pole: when it leans right, push right. Reset puts it "
                                "back at its start angle.",
        "cp_task_balance_hand": "{dwell:.1f} s within ±{band:g}°, by hand",
        "cp_task_balance_auto": "{dwell:.1f} s within ±{band:g}°, with Auto-balance",
        "cp_why_balance_out": "the pole left the band after {dwell:.1f} s; start again",
    },
})
