"""The identification lab's sentences (see :mod:`course_lib.i18n`)."""

from course_lib.i18n import MessageTable

IDENTIFICATION = MessageTable("identification", {
    "en": {
        "id_excitation": "excitation",
        "id_rich": "rich",
        "id_joint1": "joint 1 only",
        "id_slow": "slow and small",
        "id_own": "your own (sliders below)",
        "id_samples": "samples N",
        "id_sigma": "noise σ [N·m]",
        "id_theta2": "θ₂ centre [°]",
        "id_resample": "Resample noise",
        "id_recentre": "Reset centre",
        "id_title_path": "excitation (θ₁, θ₂), {n} samples",
        "id_title_errors": "relative error |π̂ − π| / |π|",
        "id_scene_kappa": "κ(A) = {kappa_text}   scaled: {kappa_scaled_text}",
        "id_kappa_rank": "∞ (rank {rank} < 5)",
        "id_table_head": "<tr><th>π</th><th>unit</th><th>true</th><th>estimate</th><th>error</th></tr>",
        "id_centre": "Swing centre (θ₁, θ₂) = ({theta1:.0f}°, {theta2:.0f}°).",
        "id_summary": (
            "κ(A) = {kappa} without column scaling, {kappa_scaled} after dividing each column by its norm. "
            "RMS residual ‖Aπ̂ − b‖/√(2N) = {residual:.3s} N·m (noise σ = {sigma:.3s} N·m). Noise seed {seed}."
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
            "Pick \"rich\" with σ ≥ {sigma:g} N·m and get all five relative errors below {limit:g} %."
        ),
        "id_task_rich_hint": (
            "Both joints swing widely and quickly, so every column of A is large and they point in different "
            "directions. More samples shrink the error like 1/√N."
        ),
        "id_task_slow": (
            "Pick \"slow and small\" with σ ≥ {sigma:g} N·m: see the worst parameter off by more than {limit:g} %."
        ),
        "id_task_slow_hint": (
            "Slow, small swings barely accelerate the arm: the torques are almost all gravity, and the "
            "inertia columns of A are tiny next to the noise."
        ),
        "id_value_rich": "worst error {worst} ({name})",
        "id_value_slow": "worst error {worst} ({name}), κ(A) = {kappa}",
        "id_why_excitation": "the excitation is \"{now}\"; this task needs \"{need}\"",
        "id_why_sigma": "σ = {sigma:.3s} N·m; this task needs σ ≥ {need:g} N·m",
        "id_why_rich_error": "{name} is still off by {worst} (needs < {limit:g} %)",
        "id_why_slow_error": "the worst error is only {worst} (needs > {limit:g} %)",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "id_description": (
            "Fit of rank {rank}, condition number κ {kappa}; residual {residual:.3s} N·m; worst relative error {worst_error_percent:.2s} %."
        ),
        "id_nb_shape": "A is {rows} × {cols}; κ(A) = {kappa}, after column scaling {kappa_scaled}",
        "id_nb_estimate": "  {name} = {true:.4f} {unit:6s} estimate {estimate:.4f}   error {error:>5s} %",
        "id_nb_residual": "RMS residual {residual:.3f} N·m against σ = {sigma:g} N·m: what is left is the noise",
        "id_nb_frozen": "θ₂ frozen at {degrees:3d}°: κ(A) = {kappa:>10s}, worst-determined combination {direction}",
        "id_nb_frozen_lost": "θ₂ frozen at {degrees:3d}°: κ(A) = ∞ (rank {rank}), worst-determined combination {direction}",
        "id_nb_rich": "rich, for comparison: κ(A) = {kappa}",
        "id_nb_expected_own": (
            "your own, {amplitude:.0f}°, {frequency:g} Hz  N = {n:3d}: κ(A) = {kappa:>5s}, expected errors {errors}"
        ),
        "id_nb_expected_joint1": "joint 1 only           N = {n:3d}: κ(A) = {kappa:>5s}, expected errors {errors}",
        "id_nb_expected_rich": "rich                   N = {n:3d}: κ(A) = {kappa:>5s}, expected errors {errors}",
        "id_nb_delta_measured": "Δπ measured: {delta}",
        "id_nb_delta_expected": "Δπ expected: {delta}",
        "id_nb_payload": "identified payload {mass:.3f} kg (true {true:g} kg)",
        "id_nb_plot_error": "largest expected error [%]",
        "id_nb_plot_title": "\"rich\": max √Cov_ii / |π_i| from the covariance; dashed: slope −1/2",
        "id_nb_stress": ("1, harder: \"rich\" with N = {n} samples and σ = {sigma:g} N·m. The lab starts at a seed "
                         "whose draw shows it plainly; press Resample to see how other draws vary."),
        "id_nb_excitation": "{name:15s} θ₁ ±{a1:.1f}° at {f1:g} Hz, θ₂ ±{a2:.1f}° at {f2:g} Hz",
    },
    "zh": {
        "id_excitation": "激励",
        "id_rich": "丰富",
        "id_joint1": "只动关节 1",
        "id_slow": "又慢又小",
        "id_own": "自定义（用下面的滑块）",
        "id_samples": "样本数 N",
        "id_sigma": "噪声 σ [N·m]",
        "id_theta2": "θ₂ 中心 [°]",
        "id_resample": "重新采样噪声",
        "id_recentre": "重置中心",
        "id_title_path": "激励轨迹 (θ₁, θ₂)，{n} 个样本",
        "id_title_errors": "相对误差 |π̂ − π| / |π|",
        "id_scene_kappa": "κ(A) = {kappa_text}   按列缩放后：{kappa_scaled_text}",
        "id_kappa_rank": "∞（秩 {rank} < 5）",
        "id_table_head": "<tr><th>π</th><th>单位</th><th>真值</th><th>估计值</th><th>误差</th></tr>",
        "id_centre": "摆动中心 (θ₁, θ₂) = ({theta1:.0f}°, {theta2:.0f}°)。",
        "id_summary": (
            "回归矩阵的条件数：不缩放时 κ(A) = {kappa}，每列除以其范数后为 {kappa_scaled}。"
            "均方根残差 ‖Aπ̂ − b‖/√(2N) = {residual:.3s} N·m（噪声 σ = {sigma:.3s} N·m）。噪声种子 {seed}。"
        ),
        "id_weakest": "数据最难确定的 (a, b, c, d, e) 组合：({direction})。",
        "id_lost": (
            "θ₂ 固定在 {theta2:.0f}° 时，这个组合完全无法辨识：A 的秩为 {rank}，"
            "沿这个方向的估计是任意的（lstsq 给出范数最小的那个）。"
        ),
        "id_lost_any": (
            "A 的秩为 {rank} < 5：这种激励让某些参数组合无法确定，lstsq 给出范数最小的估计。"
            "不动的关节显示不出它的惯量。"
        ),
        "id_task_rich": (
            "选择“丰富”，σ ≥ {sigma:g} N·m，让五个相对误差都小于 {limit:g} %。"
        ),
        "id_task_rich_hint": (
            "两个关节都摆得又大又快，所以回归矩阵 A 的每一列都很大，而且指向不同的方向。"
            "样本越多，误差按 1/√N 缩小。"
        ),
        "id_task_slow": (
            "选择“又慢又小”，σ ≥ {sigma:g} N·m：看到最差的参数偏差超过 {limit:g} %。"
        ),
        "id_task_slow_hint": (
            "又慢又小的摆动几乎不产生加速度：力矩几乎全是重力，A 中与惯量有关的列比噪声还小得多。"
        ),
        "id_value_rich": "最大误差 {worst}（{name}）",
        "id_value_slow": "最大误差 {worst}（{name}），κ(A) = {kappa}",
        "id_why_excitation": "现在的激励是“{now}”；这个任务需要“{need}”",
        "id_why_sigma": "σ = {sigma:.3s} N·m；这个任务需要 σ ≥ {need:g} N·m",
        "id_why_rich_error": "{name} 的误差仍有 {worst}（需要 < {limit:g} %）",
        "id_why_slow_error": "最大误差只有 {worst}（需要 > {limit:g} %）",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "id_description": (
            "拟合的秩为 {rank}，条件数 κ {kappa}；残差 {residual:.3s} N·m；最差相对误差 {worst_error_percent:.2s} %。"
        ),
        "id_nb_shape": "A 为 {rows} × {cols}；κ(A) = {kappa}，按列缩放后为 {kappa_scaled}",
        "id_nb_estimate": "  {name} = {true:.4f} {unit:6s} 估计值 {estimate:.4f}   误差 {error:>5s} %",
        "id_nb_residual": "均方根残差 {residual:.3f} N·m，噪声 σ = {sigma:g} N·m：剩下的就是噪声",
        "id_nb_frozen": "θ₂ 固定在 {degrees:3d}°：κ(A) = {kappa:>10s}，最难确定的组合 {direction}",
        "id_nb_frozen_lost": "θ₂ 固定在 {degrees:3d}°：κ(A) = ∞（秩 {rank}），最难确定的组合 {direction}",
        "id_nb_rich": "作为对照，“丰富”激励：κ(A) = {kappa}",
        "id_nb_expected_own": (
            "自定义，{amplitude:.0f}°，{frequency:g} Hz，N = {n:3d}：κ(A) = {kappa:>5s}，预期误差 {errors}"
        ),
        "id_nb_expected_joint1": "只动关节 1，N = {n:3d}：κ(A) = {kappa:>5s}，预期误差 {errors}",
        "id_nb_expected_rich": "丰富，N = {n:3d}：κ(A) = {kappa:>5s}，预期误差 {errors}",
        "id_nb_delta_measured": "测得的 Δπ：{delta}",
        "id_nb_delta_expected": "预期的 Δπ：{delta}",
        "id_nb_payload": "辨识出的负载 {mass:.3f} kg（真值 {true:g} kg）",
        "id_nb_plot_error": "最大期望误差 [%]",
        "id_nb_plot_title": "“丰富”激励：由协方差算出的 max √Cov_ii / |π_i|；虚线：斜率 −1/2",
        "id_nb_stress": ("1 的加难版：“丰富”激励，样本数 N = {n}，σ = {sigma:g} N·m。实验开始时的噪声种子让这次抽样把结果"
                         "显示得很清楚；按“重新采样噪声”看看其他抽样的差别有多大。"),
        "id_nb_excitation": "{name:15s} θ₁ ±{a1:.1f}°，频率 {f1:g} Hz；θ₂ ±{a2:.1f}°，频率 {f2:g} Hz",
    },
}, common={
    "id_amp1": "A₁ [°]",
    "id_freq1": "f₁ [Hz]",
    "id_amp2": "A₂ [°]",
    "id_freq2": "f₂ [Hz]",
    "id_percent": "{value} %",
})
