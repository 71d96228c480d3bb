"""The motor lab's sentences (see :mod:`course_lib.i18n`).

Scene texts such as ``mot_scene_kappa`` are formatted in the browser with the scene's channels.
"""

from course_lib.i18n import MessageTable

MOTOR = MessageTable("motor_lab", {
    "en": {
        "mot_kr1": "k_r1 (gear 1)",
        "mot_kr2": "k_r2 (gear 2)",
        "mot_rotors": "rotors",
        "mot_rotors_tooltip": "include the rotors' inertia k_r² I_m in the model (off: the model that forgot the motors)",
        "mot_gravity_tooltip": "gravity on or off",
        "mot_reset_tooltip": "back to the start posture at rest, t = 0, W = 0; pauses (press Play again); "
                             "the sliders, τ₁ too, keep their values",
        "mot_gravity": "gravity",
        "mot_input": "torque input",
        "mot_input_step": "τ: step",
        "mot_input_sine": "τ: sinusoid",
        "mot_title_world": "2R arm with motors (drag elbow or tip)",
        "mot_title_bars": "M: links | k_r² I_m",
        "mot_readouts": (
            "t = {t:.3s} s &nbsp; M₁₁ = {link11:.3s} (links, rotor 2 carried) + {rotor11:.3s} (k_r1² I_m1) &nbsp; "
            "M₂₂ = {link22:.3s} (link) + {rotor22:.3s} (k_r2² I_m2) &nbsp; M₁₂ = {m12:.3s} kg·m²<br>"
            "κ(M) = {kappa:.3s} here, {kappa_max:.3s} at worst over θ₂ &nbsp; "
            "coupling |M₁₂|/√(M₁₁M₂₂) = {coupling:.3s} &nbsp; motor torques τ/k_r = ({tau_m1:.3s}, {tau_m2:.3s}) N·m "
            "&nbsp; E − W = {gap:.3s} J"
        ),
        "mot_task_rotor": "Find a gear ratio k_r1 at which rotor 1's k_r1² I_m1 exceeds the rest of M₁₁.",
        "mot_task_rotor_hint": ("Rotor 1 adds k_r1² I_m1 to M₁₁: the gear ratio enters squared. Rotor 2's own I_m2 "
                                "turns with link 1, so it counts with the links."),
        "mot_task_rotor_value": "at k_r1 = {kr1:g}, k_r1² I_m1 = {rotor:.3s} > links {link:.3s} kg·m²",
        "mot_task_kappa": "By gearing, keep κ(M) below {kappa:g} over all θ₂.",
        "mot_task_kappa_hint": "κ(M) = 1 when M is a multiple of the identity. The rotors add constants to the "
                               "diagonal: make M₁₁ and M₂₂ nearly equal (the link's M₂₂ is small, so gear 2 needs "
                               "more k_r² I_m than gear 1) and large against the θ₂-dependent M₁₂.",
        "mot_task_kappa_value": "with k_r = ({kr1:g}, {kr2:g}), κ(M) ≤ {kappa:.3s} over all θ₂",
        "mot_task_breakaway": "Gravity off, F_s > 0, from rest: find within {pct:g} % the least constant τ₁ "
                              "that starts joint 1 (τ₂ = 0).",
        "mot_task_breakaway_hint": "A joint at rest sticks while the torque it needs stays within ±F_s. "
                                   "Raise τ₁ in small steps, each from rest: Reset (it puts the arm at rest and "
                                   "pauses, and keeps τ₁), set τ₁, then Play. "
                                   "Type τ₁ into the number box beside the slider: no need for 100 arrow presses.",
        "mot_task_breakaway_value": "τ₁ = {tau1:.3s} N·m started joint 1 (least possible {least:.3s} N·m)",
        "mot_why_rotors_off": "the rotors are not in the model: switch them on",
        "mot_why_rotor_small": "k_r1² I_m1 is still below the rest of M₁₁ (see the bars)",
        "mot_why_kappa_large": "κ(M) reaches {kappa:.3s} at θ₂ = {theta2:.0f}°",
        "mot_why_gravity": "switch gravity off first",
        "mot_why_no_coulomb": "switch Coulomb friction on (F_s > 0)",
        "mot_why_input": "use the step input and τ₂ = 0",
        "mot_why_not_rest": "τ₁ was set while joint 1 was moving. Reset keeps the last τ₁: press Reset, "
                            "set τ₁ while paused, before Play",
        "mot_why_too_big": "joint 1 moved at τ₁ = {tau1:.3s} N·m, but a smaller τ₁ also moves it: "
                           "find the least within {pct:g} % (Reset, lower τ₁ before Play)",
        "mot_error_q0": "q0 must be two finite angles in rad, got {value!r}",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "mot_description": (
            "Arm at θ₁ {th1_deg:.0f}°, θ₂ {th2_deg:.0f}°, t {t:.3s} s; M₁₁ {top11:.3s} kg·m², of which rotor 1 reflected k_r1² I_m1 {rotor11:.3s} kg·m²; condition number κ(M) {kappa:.3s}."
        ),
        "mot_nb_mass": "M (MotorArm):\n{M}",
        "mot_nb_crba": "largest difference to CRBA: {diff:.3s}",
        "mot_nb_parameters": "{n} parameters per link: {names}",
        "mot_nb_regressor": "Y π = {y}   inverse dynamics: {tau}",
        "mot_nb_general": "M₁₂ in general: {m12}",
        "mot_nb_rule": "M₁₂ under the rule: {m12}",
        "mot_nb_thresholds": (
            "Thresholds: task 1 rotor share > link share; task 2 κ(M) < {kappa:g} at every θ₂; "
            "task 3 τ₁ at most {percent:g} % above the least that moves joint 1."
        ),
        "mot_nb_textbook": "Lagrange − textbook's closed form: {difference}",
        "mot_nb_christoffel_c": "Christoffel C",
        "mot_nb_other_c": "another valid C",
        "mot_nb_skew": "{name:16s} N + Nᵀ = 0: {symmetric}   q̇ᵀ N q̇ = 0: {quadratic}",
        "mot_nb_count_textbook": (
            "frames on the far joints (the textbook's): {columns} columns, {nonzero} not zero at every state, "
            "{present} parameters the arm has ({names}), rank {rank}"
        ),
        "mot_nb_count_course": (
            "frames on the joints (the course's): {columns} columns, {nonzero} not zero at every state, "
            "{present} parameters the arm has ({names}), rank {rank}"
        ),
        "mot_nb_singular": "singular values of those columns: {s}",
        "mot_nb_rank_general": "rank of all {nonzero} non-zero columns (centres off the link axes allowed): {rank}",
        "mot_nb_peaks": (
            "joint {j}: inertial up to {own:.0f} N·m (its own q̈) and {coupling:.0f} N·m (the other joint's), "
            "centrifugal {centrifugal:.0f}, Coriolis {coriolis:.0f}, gravity {gravity:.0f} N·m"
        ),
        "mot_nb_ratio": "largest inertial torque / largest gravity torque on joint 1: {ratio:.1f}",
        "mot_nb_joint_model": (
            "at q̄ = ({q1:.2f}, {q2:.2f}) rad: J = ({J1:.2f}, {J2:.2f}) kg·m², of which the rotors' "
            "k_r² I_m = ({r1:.2f}, {r2:.2f}); gravity's stiffness G_ii = ({G1:.1f}, {G2:.1f}) N·m/rad"
        ),
        "mot_nb_gear_row": (
            "k_r = {ratio:>4g}: k_r² I_m = {rotor:7.2f} kg·m²   max|M₁₂| / k_r² I_m = {coupling:8.3f}   "
            "ΔM₁₁ / k_r² I_m = {variation:9.3f}   joint-model error {error:6.1%}"
        ),
        "mot_nb_rotor_offdiag": "the rotor's own off-diagonal k_r2 I_m2 against its diagonal k_r2² I_m2: {pct:.1f} %",
        # the torque-size figure's texts (its printout.label)
        "mot_plot_own": "inertial, own: M{i}{i} q̈{i}",
        "mot_plot_coupling": "inertial, coupling: M{i}{j} q̈{j}",
        "mot_plot_centrifugal": "centrifugal",
        "mot_plot_coriolis": "Coriolis",
        "mot_plot_gravity": "gravity g",
        "mot_plot_joint": "joint {i}",
        "mot_plot_torque": "torque [N·m]",
    },
    "zh": {
        "mot_kr1": "k_r1（减速比 1）",
        "mot_kr2": "k_r2（减速比 2）",
        "mot_rotors": "含转子",
        "mot_rotors_tooltip": "在模型中计入转子惯量 k_r² I_m（关闭时：忘了电机的模型）",
        "mot_gravity_tooltip": "开启或关闭重力",
        "mot_reset_tooltip": "回到初始姿态并静止，t = 0，W = 0；并暂停（再按一次“播放”）",
        "mot_gravity": "含重力",
        "mot_input": "力矩输入",
        "mot_input_step": "τ：阶跃",
        "mot_input_sine": "τ：正弦",
        "mot_title_world": "带电机的 2R 机械臂（拖动肘部或末端）",
        "mot_title_bars": "M：连杆 | k_r² I_m",
        "mot_readouts": (
            "t = {t:.3s} s &nbsp; M₁₁ = {link11:.3s}（连杆，含其带动的转子 2）+ {rotor11:.3s}（k_r1² I_m1）&nbsp; "
            "M₂₂ = {link22:.3s}（连杆）+ {rotor22:.3s}（k_r2² I_m2）&nbsp; M₁₂ = {m12:.3s} kg·m²<br>"
            "此处 κ(M) = {kappa:.3s}，在所有 θ₂ 上最差为 {kappa_max:.3s} &nbsp; "
            "耦合 |M₁₂|/√(M₁₁M₂₂) = {coupling:.3s} &nbsp; 电机力矩 τ/k_r = ({tau_m1:.3s}, {tau_m2:.3s}) N·m "
            "&nbsp; E − W = {gap:.3s} J"
        ),
        "mot_task_rotor": "找一个减速比 k_r1，使转子 1 的折算惯量 k_r1² I_m1 超过 M₁₁ 的其余部分。",
        "mot_task_rotor_hint": "转子 1 给 M₁₁ 增加 k_r1² I_m1：减速比是以平方进入的。转子 2 自身的 I_m2 随连杆 1 一起转动，所以算在连杆部分。",
        "mot_task_rotor_value": "k_r1 = {kr1:g} 时，k_r1² I_m1 = {rotor:.3s} > 连杆 {link:.3s} kg·m²",
        "mot_task_kappa": "通过选择减速比，让 κ(M) 在所有 θ₂ 上都小于 {kappa:g}。",
        "mot_task_kappa_hint": "当 M 是单位矩阵的倍数时 κ(M) = 1。转子只在对角线上加常数：让 M₁₁ 与 M₂₂ 几乎相等"
                               "（连杆的 M₂₂ 较小，所以关节 2 需要比关节 1 更大的 k_r² I_m），并且远大于随 θ₂ 变化的 M₁₂。",
        "mot_task_kappa_value": "k_r = ({kr1:g}, {kr2:g}) 时，在所有 θ₂ 上 κ(M) ≤ {kappa:.3s}",
        "mot_task_breakaway": "关闭重力，F_s > 0，从静止出发：在 {pct:g} % 以内找出能让关节 1 开始转动的"
                              "最小恒定 τ₁（τ₂ = 0）。",
        "mot_task_breakaway_hint": "静止的关节，只要所需力矩不超出 ±F_s 就会一直卡住不动。在机械臂静止时一点点加大 τ₁"
                                   "（“重置”会让它静止并暂停）。直接在滑块旁的数字框里输入 τ₁，不用按 100 次方向键。",
        "mot_task_breakaway_value": "τ₁ = {tau1:.3s} N·m 时关节 1 开始转动（理论最小值 {least:.3s} N·m）",
        "mot_why_rotors_off": "模型中没有转子：请把它打开",
        "mot_why_rotor_small": "k_r1² I_m1 仍小于 M₁₁ 的其余部分（看柱状图）",
        "mot_why_kappa_large": "κ(M) 在 θ₂ = {theta2:.0f}° 时达到 {kappa:.3s}",
        "mot_why_gravity": "先关闭重力",
        "mot_why_no_coulomb": "打开库仑摩擦（F_s > 0）",
        "mot_why_input": "使用阶跃输入，并设 τ₂ = 0",
        "mot_why_not_rest": "设置 τ₁ 时关节 1 还在运动：先按“重置”，再在静止时设置 τ₁",
        "mot_why_too_big": "关节 1 在 τ₁ = {tau1:.3s} N·m 时动了，但更小的 τ₁ 也能让它动："
                           "在 {pct:g} % 以内找出最小值",
        "mot_error_q0": "q0 必须是两个有限的角度（rad），收到的是 {value!r}",
        # the scene in words (the kit's describe.py): its main readouts with their units
        "mot_description": (
            "机械臂位于 θ₁ {th1_deg:.0f}°、θ₂ {th2_deg:.0f}°，t {t:.3s} s；M₁₁ {top11:.3s} kg·m²，其中转子 1 折算惯量 k_r1² I_m1 {rotor11:.3s} kg·m²；条件数 κ(M) {kappa:.3s}。"
        ),
        "mot_nb_mass": "M（MotorArm）：\n{M}",
        "mot_nb_crba": "与 CRBA 的最大差值：{diff:.3s}",
        "mot_nb_parameters": "每根连杆 {n} 个参数：{names}",
        "mot_nb_regressor": "Y π = {y}   逆动力学：{tau}",
        "mot_nb_general": "一般情形下的 M₁₂：{m12}",
        "mot_nb_rule": "满足这条规则时的 M₁₂：{m12}",
        "mot_nb_thresholds": (
            "阈值：任务 1 转子所占份额 > 连杆所占份额；任务 2 在每个 θ₂ 下 κ(M) < {kappa:g}；"
            "任务 3 τ₁ 至多比刚好能让关节 1 转动的最小值高 {percent:g} %。"
        ),
        "mot_nb_textbook": "拉格朗日方法减去教材的闭式解：{difference}",
        "mot_nb_christoffel_c": "克里斯托弗 C",
        "mot_nb_other_c": "另一个合法的 C",
        "mot_nb_skew": "{name:16s} N + Nᵀ = 0：{symmetric}   q̇ᵀ N q̇ = 0：{quadratic}",
        "mot_nb_count_textbook": (
            "坐标系放在远端关节上（教材的取法）：{columns} 列，其中 {nonzero} 列不恒为零，"
            "机械臂实际具有的参数 {present} 个（{names}），秩 {rank}"
        ),
        "mot_nb_count_course": (
            "坐标系放在本关节上（本课程的取法）：{columns} 列，其中 {nonzero} 列不恒为零，"
            "机械臂实际具有的参数 {present} 个（{names}），秩 {rank}"
        ),
        "mot_nb_singular": "这些列的奇异值：{s}",
        "mot_nb_rank_general": "全部 {nonzero} 个非零列的秩（允许质心偏离连杆轴线）：{rank}",
        "mot_nb_peaks": (
            "关节 {j}：惯性力矩最大 {own:.0f} N·m（本关节的 q̈）和 {coupling:.0f} N·m（另一关节的），"
            "离心 {centrifugal:.0f}，科氏 {coriolis:.0f}，重力 {gravity:.0f} N·m"
        ),
        "mot_nb_ratio": "关节 1 上最大惯性力矩与最大重力矩之比：{ratio:.1f}",
        "mot_nb_joint_model": (
            "在 q̄ = ({q1:.2f}, {q2:.2f}) rad 处：J = ({J1:.2f}, {J2:.2f}) kg·m²，其中转子的 "
            "k_r² I_m = ({r1:.2f}, {r2:.2f})；重力刚度 G_ii = ({G1:.1f}, {G2:.1f}) N·m/rad"
        ),
        "mot_nb_gear_row": (
            "k_r = {ratio:>4g}：k_r² I_m = {rotor:7.2f} kg·m²   max|M₁₂| / k_r² I_m = {coupling:8.3f}   "
            "ΔM₁₁ / k_r² I_m = {variation:9.3f}   单关节模型误差 {error:6.1%}"
        ),
        "mot_nb_rotor_offdiag": "转子自身的非对角项 k_r2 I_m2 与对角项 k_r2² I_m2 之比：{pct:.1f} %",
        "mot_plot_own": "惯性项，本关节：M{i}{i} q̈{i}",
        "mot_plot_coupling": "惯性项，耦合：M{i}{j} q̈{j}",
        "mot_plot_centrifugal": "离心",
        "mot_plot_coriolis": "科氏",
        "mot_plot_gravity": "重力 g",
        "mot_plot_joint": "关节 {i}",
        "mot_plot_torque": "力矩 [N·m]",
    },
}, common={
    "mot_Im1": "I_m1 [kg·m²]",
    "mot_Im2": "I_m2 [kg·m²]",
    "mot_Fv": "F_v [N·m·s/rad]",
    "mot_Fs": "F_s [N·m]",
    "mot_tau1": "τ₁ [N·m]",
    "mot_tau2": "τ₂ [N·m]",
    "mot_freq": "f [Hz]",
    "mot_ylabel_bars": "kg·m²",
    "mot_scene_kappa": "κ(M) = {kappa:.3g}   |M₁₂|/√(M₁₁M₂₂) = {coupling:.3g}",
    "mot_scene_state": "θ₁ = {th1_deg:.1f}°  θ₂ = {th2_deg:.1f}°  τ₁ = {tau1:.3g}  τ₂ = {tau2:.3g} N·m",
})
