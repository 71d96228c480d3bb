"""Lesson 8, lab 1: scripted sessions reach each task, near-misses stay unchecked, the
readouts are the batch simulation's, sliders restart the run, bad input shows a message."""

import numpy as np
import pytest

from course_lib.i18n import TABLES
from course_lib.lessons.computed_torque import lab as ctl
from course_lib.lessons.computed_torque.lab import ComputedTorqueLab
from course_lib.physics import joint_tracking as jt
from tests.helpers.playback import play_chunks, playing


@pytest.fixture
def lab():
    return ComputedTorqueLab()


def test_with_a_perfect_model_computed_torque_tracks_orders_of_magnitude_better_than_pd(lab):
    lab.advance(3.0)
    assert lab.readout("rms_ct") < 1e-3 < 0.1 < lab.readout("rms_pd")
    assert lab.readout("rms_pd") / lab.readout("rms_ct") > 100
    assert not lab.task_done("payload") and not lab.task_done("worse")


def test_payload_task_reached_with_1_kg_after_5_s(lab):
    lab.set("payload", 1.0)
    lab.advance(6.5)
    assert lab.readout("rms_ct") > ctl.PAYLOAD_RMS
    assert lab.task_done("payload")


def test_payload_task_near_misses_stay_unchecked(lab):
    lab.set("payload", 0.9)  # below the 1 kg the task asks for, though its RMS crosses 0.2 rad later
    lab.advance(8.0)
    assert not lab.task_done("payload") and "at least" in lab.tasks.reason("payload")
    lab.set("payload", 1.0)  # the run restarts: not yet past 5 s
    lab.advance(4.5)
    assert not lab.task_done("payload") and "wait" in lab.tasks.reason("payload")


def test_worse_task_reached_with_the_seeds_hint(lab):
    lab.set("model_error", ctl.HINT_ERROR)
    lab.set("payload", ctl.HINT_PAYLOAD)
    lab.advance(ctl.WAIT + ctl.WORSE_HOLD + 0.5)
    assert lab.readout("rms_ct") >= ctl.WORSE_RATIO * lab.readout("rms_pdg")
    assert lab.task_done("worse")


def test_worse_task_near_miss_a_small_payload_never_makes_computed_torque_20_percent_worse(lab):
    lab.set("model_error", 5.0)   # the smallest model error: the check then reads the ratio
    lab.set("payload", 0.2)  # at most ~13 % worse than PD + gravity over 5–10 s
    lab.advance(10.0)
    assert lab.readout("rms_ct") / lab.readout("rms_pdg") < ctl.WORSE_RATIO
    assert not lab.task_done("worse") and "at least" in lab.tasks.reason("worse")


def test_the_labs_errors_are_the_batch_simulations_bit_for_bit(lab):
    lab.set("model_error", -20.0)
    lab.set("payload", 0.7)
    lab.advance(2.0)
    tr = jt.run(-0.2, 0.7, duration=lab.t)
    err = jt.tracking_errors(tr.t[-1:], tr.q[-1:])[0]
    assert [lab.readout(f"err_{n}") for n in jt.CONTROLLERS] == err.tolist()


def test_the_lab_holds_the_controllers_output_for_one_500_hz_period(lab):
    assert lab.live.hold * lab.live.dt == pytest.approx(jt.CONTROL_PERIOD)


def test_a_slider_restarts_the_run_at_t_0(lab):
    lab.advance(1.0)
    lab.set("payload", 0.3)
    assert lab.t == 0.0 and lab.model.arm.payload == 0.3
    assert np.allclose(lab.now.q, jt.start_state()[0])


def test_windowed_rms_over_the_last_2_s():
    t = np.arange(0.0, 5.0, 0.5)
    err = np.where(t < 3.0, 1.0, 2.0)[:, None]
    rms = jt.windowed_rms(t, err, 2.0)
    assert rms[-1, 0] == pytest.approx(2.0) and rms[6, 0] == pytest.approx(np.sqrt((1 + 1 + 1 + 4) / 4))


def test_bad_input_shows_a_message_and_the_lab_stays_usable(lab):
    lab.set("payload", float("nan"))
    assert "finite" in lab.message.value and lab.payload == 0.0
    lab.guard(lab.on_payload)(-1.0)
    assert "between" in lab.message.value and lab.payload == 0.0
    lab.guard(lab.on_model_error)(-150.0)
    assert "between" in lab.message.value and lab.model_error == 0.0
    lab.put(qd=[1e200] * 6)  # a blow-up: a message and a reset, never NaN on screen
    lab.advance(0.2)
    assert all(np.isfinite(v) for v in lab.readouts.values())
    lab.set("payload", 0.5)
    lab.advance(0.5)
    assert lab.t == pytest.approx(0.5, abs=0.04) and np.isfinite(lab.readout("rms_ct"))


def test_every_scene_value_is_finite_and_the_messages_have_english_and_chinese(lab):
    lab.advance(0.5)
    assert all(np.isfinite(v) for v in lab.scene.values.values())
    table = TABLES["computed_torque_lab"].messages
    assert set(table) >= {"en", "zh"} and set(table["en"]) == set(table["zh"])
    assert all("{" not in p for p in ctl.task_prompts().values())


def test_a_slider_moved_during_play_restarts_the_run_and_keeps_playing():
    lab, clock = playing(ComputedTorqueLab, start=0.0)
    play_chunks(lab, clock, 4)
    assert lab.playhead() > 0.5
    lab.set("payload", 1.0)
    assert lab.playing and lab._queue[0][0].t == 0.0 and lab.model.arm.payload == 1.0
    assert all(np.isfinite(lab.scene.values[c]) for c in lab.scene.channels)


def test_a_long_run_forgets_old_errors_and_its_rms_stays_the_batch_windows(lab):
    lab.set("payload", 1.0)
    lab.advance(31.0)  # 912 frames of 34 ms: just past the first time the lab forgets (at 901)
    assert len(lab._errors) <= ctl.KEEP_FRAMES
    tr = jt.run(0.0, 1.0, duration=lab.t)
    frames = np.arange(len(tr.t)) % int(round(ctl.ComputedTorqueLab.FRAME / jt.DT)) == 0  # the lab's frames
    t, err = tr.t[frames], jt.tracking_errors(tr.t[frames], tr.q[frames])
    assert lab.readout("rms_ct") == pytest.approx(jt.windowed_rms(t, err)[-1, 2], rel=1e-9)


def test_payload_prompt_says_the_check_reads_the_last_window_after_5_s_and_1_kg_crosses_only_later(lab):
    prompt = ctl.task_prompts()["payload"]
    assert f"last {jt.RMS_WINDOW:g} s" in prompt and f"past {ctl.WAIT:g} s" in prompt and "keep playing" in prompt
    lab.set("payload", ctl.PAYLOAD_TASK)
    lab.advance(ctl.WAIT + 0.5)  # past 5 s, but the RMS over 3.5–5.5 s is still below 0.2 rad at exactly 1 kg
    assert not lab.task_done("payload") and lab.readout("rms_ct") < ctl.PAYLOAD_RMS
    assert "not yet above" in lab.tasks.reason("payload")


def test_worse_task_needs_the_loss_to_last_a_passing_spike_at_minus_30_percent_alone_does_not_tick(lab):
    """−30 % model error, no payload: the ratio tops 1.2 near t = 5 s (≈1.5) but drops below 1 by 6 s."""
    lab.set("model_error", ctl.HINT_ERROR)
    lab.advance(ctl.WAIT + 0.1)
    assert lab.readout("rms_ct") / lab.readout("rms_pdg") > ctl.WORSE_RATIO  # the spike an instant check took
    for _ in range(30):
        lab.advance(0.5)
        assert not lab.task_done("worse")
    assert "throughout" in lab.tasks.reason("worse")


def test_worse_task_with_the_hint_ticks_once_the_loss_has_lasted_and_says_so(lab):
    lab.set("model_error", ctl.HINT_ERROR)
    lab.set("payload", ctl.HINT_PAYLOAD)
    lab.advance(ctl.WAIT + ctl.WORSE_HOLD - 0.5)
    assert not lab.task_done("worse") and "wait" in lab.tasks.reason("worse")
    lab.advance(1.0)
    assert lab.task_done("worse")
    assert lab.worst_held_ratio(lab.readout("t")) >= ctl.WORSE_RATIO
    assert f"last {ctl.WORSE_HOLD:g} s" in lab.tasks["worse"].value
    hint = ctl.COMPUTED_TORQUE.text("ct_task_worse_hint", payload=ctl.HINT_PAYLOAD, error=ctl.HINT_ERROR,
                                    wait=ctl.WAIT)
    assert "passing spike does not count" in hint


def test_the_held_ratio_is_the_smallest_windowed_ratio_of_the_frames_in_the_last_hold(lab):
    lab.set("model_error", ctl.HINT_ERROR)
    lab.set("payload", ctl.HINT_PAYLOAD)
    lab.advance(9.0)
    times = np.array(sorted(lab._errors)) * 1e-6
    table = np.array([lab._errors[k] for k in sorted(lab._errors)])
    in_hold = times >= lab.readout("t") - ctl.WORSE_HOLD - 1e-9
    rms = np.array([np.sqrt(np.mean(table[(times > ti - jt.RMS_WINDOW + 1e-9) & (times <= ti + 1e-9)] ** 2, axis=0))
                    for ti in times[in_hold]])
    assert lab.worst_held_ratio(lab.readout("t")) == pytest.approx(np.min(rms[:, 2] / rms[:, 1]), rel=1e-9)


def test_the_grey_target_arm_is_drawn_over_the_three_arms_thinner_than_they_are(lab):
    """The arms start on the target and track it within millimetres: whatever is drawn later covers the rest."""
    shapes = [s for s in lab.scene.shapes if s["kind"] == "link"]
    order = [s["id"] for s in shapes]
    target = [i for i, sid in enumerate(order) if sid.endswith("_target")]
    arms = [i for i, sid in enumerate(order) if sid.split("_")[-1] in jt.CONTROLLERS]
    assert min(target) > max(arms)
    widths = {s["id"]: s["props"]["width"] for s in shapes}
    assert all(widths[f"l{k}_target"] < widths[f"l{k}_{n}"] for k in (1, 2) for n in jt.CONTROLLERS)
    assert all(s["props"]["dash"] for s in shapes if s["id"].endswith("_target"))


def test_worse_task_does_not_tick_for_the_first_tasks_setting_a_payload_with_an_exact_model(lab):
    """1 kg and a 0 % model error make computed torque lose by more than 20 % for good, but that is task
    "payload"'s setting: "worse" asks for the model error to be tuned too, and says so."""
    lab.set("payload", ctl.PAYLOAD_TASK)
    lab.advance(ctl.WAIT + ctl.WORSE_HOLD + 1.0)
    assert lab.task_done("payload")
    assert lab.worst_held_ratio(lab.readout("t")) >= ctl.WORSE_RATIO   # the loss itself is there and lasts
    assert not lab.task_done("worse") and "model error too" in lab.tasks.reason("worse")
