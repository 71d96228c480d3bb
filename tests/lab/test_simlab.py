"""SimLab: Play in chunks over the Scene, driven by a fake wall clock and scripted browser messages.

The browser's side is played by the test: it reports the playhead and asks
for frames (``need``) through ``scene.browser_message``, exactly the messages
scene.js sends. The wall clock is a number the test sets, so "the browser has
played 1/3 s" is exact and the results can be compared bit for bit with the
headless path (``advance``), which steps the same simulator.
"""

from __future__ import annotations

import re
import subprocess
import sys
import threading

import numpy as np
import pytest

from course_lib.lab import base as lab_module
from course_lib.lessons.pendulum.lab import PendulumLab
from course_lib.physics.models import Pendulum
from tests.helpers.playback import Clock, chunks, need, play_chunks, playing


def state(lab: PendulumLab) -> tuple:
    return lab.t, lab.now.q.tobytes(), lab.now.qd.tobytes(), lab.now.work


def test_play_and_pause_land_on_the_state_advance_computes_bit_for_bit():
    """Play 1/3 s of clock time, pause: the lab holds exactly the state headless advance(1/3) reaches."""
    clock = Clock()
    played = PendulumLab(theta0=130.0, clock=clock)
    played.set("b", 0.2)
    played.set("play", None)
    assert played.playing and played.scene.playing
    clock.now += 0.2
    need(played)  # the browser played 0.2 s of its quarter-second queue and asks for more
    clock.now += 1 / 3 - 0.2
    played.set("play", None)  # pause
    assert not played.playing and not played.scene.playing
    headless = PendulumLab(theta0=130.0)
    headless.set("b", 0.2)
    headless.advance(1 / 3)
    assert played.t == pytest.approx(1 / 3, abs=1e-12)
    assert state(played) == state(headless)
    assert played.scene.values == headless.scene.values


def test_a_control_moved_during_play_replays_from_the_playhead_and_matches_the_headless_run():
    """τ changed 0.2 s into Play: the new chunk replaces the queue from t = 0.2 s and the motion equals advance-set-advance."""
    played, clock = playing(PendulumLab)
    clock.now += 0.2
    played.set("tau", 2.0)
    last = chunks(played)[-1]
    assert last["replace_from"] == pytest.approx(0.2, abs=1e-12) and last["t0"] == last["replace_from"]
    clock.now += 0.1
    need(played)
    clock.now += 1 / 30
    played.set("play", None)
    headless = PendulumLab()
    headless.advance(0.2)
    headless.set("tau", 2.0)
    headless.advance(1 / 3 - 0.2)
    assert played.tau == 2.0 and played.t == pytest.approx(1 / 3, abs=1e-12)
    assert state(played) == state(headless)


def test_each_need_is_answered_with_the_next_chunk_right_after_the_last_frame():
    """Chunks follow each other on one time grid: t0 of a chunk is the last frame's time + one sample."""
    lab, clock = playing(PendulumLab)
    play_chunks(lab, clock, 4)
    sent = chunks(lab)
    assert len(sent) > 5  # the first need tops the queue up to LEAD s ahead, the later ones each add a chunk
    for before, after in zip(sent, sent[1:]):
        assert after["t0"] == pytest.approx(before["t0"] + before["n"] * before["dt"], abs=1e-9)
        assert after["replace_from"] == after["t0"]  # nothing already queued is replaced
    # readouts and tasks follow the playhead: the frame shown at the last need, 4 chunks' time (1 s) into Play
    assert lab.playing and 4 * lab.CHUNK - lab.SAMPLE - 1e-9 <= lab.t <= 4 * lab.CHUNK + 1e-9


@pytest.mark.parametrize("speed", [1.0, 2.0])
def test_a_need_is_answered_with_frames_for_the_browsers_whole_lead_at_its_speed(speed):
    """At 2× the browser plays 2 s of frames per second: one need gets it LEAD s of wall time, whatever the round trip."""
    clock = Clock()
    lab = PendulumLab(clock=clock)
    lab.set("speed", speed)
    lab.set("play", None)
    clock.now += 0.1 / speed
    lab.scene.browser_message({"type": "need", "t": 0.1, "t_last": chunks(lab)[-1]["t0"]})
    last = chunks(lab)[-1]
    end = last["t0"] + (last["n"] - 1) * last["dt"]
    assert 0.1 + lab.LEAD * speed <= end < 0.1 + lab.LEAD * speed + lab.CHUNK


def test_playhead_uses_the_browser_report_and_the_speed():
    """After a report at 0.1 s and 0.05 s of clock at speed 2, the playhead is at 0.2 s; Pause lands there."""
    clock = Clock()
    lab = PendulumLab(clock=clock)
    lab.set("speed", 2.0)
    lab.set("play", None)
    assert lab.scene.speed == 2.0
    clock.now += 0.3
    lab.scene.browser_message({"type": "playhead", "t": 0.1, "reason": "tick"})
    clock.now += 0.05
    assert lab.playhead() == pytest.approx(0.2, abs=1e-12)
    lab.set("play", None)
    assert lab.t == pytest.approx(0.2, abs=1e-12)


def test_pause_follows_the_browser_when_it_reports_where_it_really_stopped():
    """The kernel pauses at its estimate; the browser's later report (0.1 s) moves the lab to that frame."""
    lab, clock = playing(PendulumLab)
    clock.now += 0.2
    lab.set("play", None)
    assert lab.t == pytest.approx(0.2, abs=1e-12)
    lab.scene.browser_message({"type": "playhead", "t": 0.1, "reason": "pause"})
    headless = PendulumLab()
    headless.advance(0.1)
    assert lab.t == pytest.approx(0.1, abs=1e-12) and state(lab) == state(headless)


def test_after_pause_only_the_browsers_pause_report_moves_the_lab_not_its_stale_ticks():
    """Ticks the browser sent before it heard of the Pause cost no refresh; its "pause" report then settles the frame."""
    lab, clock = playing(PendulumLab)
    clock.now += 0.2
    lab.set("play", None)
    frames_sent = sum(1 for kind, _ in lab.scene.outbox if kind == "values")
    for t in (0.05, 0.08, 0.11):
        lab.scene.browser_message({"type": "playhead", "t": t, "reason": "tick"})
    assert lab.t == pytest.approx(0.2, abs=1e-12)
    assert sum(1 for kind, _ in lab.scene.outbox if kind == "values") == frames_sent
    lab.scene.browser_message({"type": "playhead", "t": 7.5 * lab.SAMPLE, "reason": "pause"})
    assert lab.t == pytest.approx(7 * lab.SAMPLE, abs=1e-9)  # the frame the browser shows at that time


def test_play_needs_no_event_loop_and_starts_no_thread():
    """Play only sends a chunk: no asyncio task, no thread, nothing left running in the kernel."""
    threads = threading.active_count()
    lab = PendulumLab()
    lab.set("play", None)
    assert lab.playing and len(chunks(lab)) == 1 and not lab.message.value
    assert threading.active_count() == threads


def test_running_a_lab_cell_again_retires_the_old_lab(monkeypatch):
    """The second run of a cell stops the first lab's Play; its scene stops playing and its need goes unanswered."""
    runs = iter([("cell-7", 1), ("cell-7", 1), ("cell-7", 2)])
    monkeypatch.setattr(lab_module, "current_cell", lambda: next(runs))
    old = PendulumLab()
    old.set("play", None)
    same_run = PendulumLab()  # a second lab made by the same run of the cell leaves the first alone
    assert old.playing and not old.retired
    new = PendulumLab()
    assert old.retired and not old.playing and not old.scene.playing and same_run.retired
    assert "replaced" in old.message.value
    sent = len(chunks(old))
    old.scene.browser_message({"type": "need", "t": 0.1, "t_last": 0.25})
    assert len(chunks(old)) == sent
    assert not new.retired


def test_a_drag_ends_on_release_and_play_ends_a_drag_whose_release_was_lost():
    """Grabbing pauses Play; the release resumes it. A lost release cannot freeze time: Play ends the drag."""
    lab, clock = playing(PendulumLab)
    clock.now += 0.1
    lab.scene.browser_message({"type": "drag", "id": "bob", "phase": "start", "x": 0.8, "y": -0.5})
    assert not lab.playing and lab.dragging == "bob"
    lab.scene.browser_message({"type": "drag", "id": "bob", "phase": "end", "x": 1.0, "y": 0.0})
    assert lab.dragging is None and lab.playing
    assert lab.readout("theta") == pytest.approx(np.pi / 2, abs=1e-12)
    lab.set("play", None)
    lab.scene.browser_message({"type": "drag", "id": "bob", "phase": "start", "x": 1.0, "y": 0.0})
    lab.set("play", None)  # the release never arrived
    assert lab.dragging is None and lab.playing
    t = lab.t
    clock.now += 0.2
    need(lab)
    lab.set("play", None)
    assert lab.t == pytest.approx(t + 0.2, abs=1e-12)


def test_an_error_during_play_becomes_a_message_and_the_lab_stays_usable(monkeypatch):
    """A model that fails while a chunk is simulated: message, Play stopped, state reset; the next run works."""
    lab, clock = playing(PendulumLab)

    def broken(*args, **kwargs):
        raise RuntimeError("the model broke")

    monkeypatch.setattr(Pendulum, "forward_dynamics", broken)
    clock.now += 0.2
    need(lab)
    assert "the model broke" in lab.message.value and not lab.playing and not lab.scene.playing
    monkeypatch.undo()
    lab.set("reset", None)
    lab.advance(0.5)
    assert lab.t == pytest.approx(0.5) and not lab.message.value


def test_a_blow_up_during_play_never_reaches_the_scene():
    """An absurd speed overflows RK4 while a chunk is simulated: the lab says so, resets, and shows no NaN."""
    clock = Clock()
    lab = PendulumLab(theta0=60.0, clock=clock)
    lab.put(qd=[1e300])  # an absurd speed, placed as a script could
    lab.set("play", None)
    assert "blew up" in lab.message.value and not lab.playing
    assert lab.readout("theta") == pytest.approx(np.radians(60.0))
    assert all(np.isfinite(v) for v in lab.scene.values.values())
    assert not re.search(r"\b(nan|inf)\b", lab.shown_text(), flags=re.IGNORECASE)


def test_tasks_say_why_they_are_not_ticking():
    """Lowering b after a high release voids the decay task and says so; a hidden rod pull is named."""
    lab = PendulumLab()
    lab.set("b", 0.3)
    lab.drag("bob", np.sin(np.radians(140.0)), -np.cos(np.radians(140.0)))
    lab.advance(0.5)
    assert lab.tasks.reason("decay") == ""
    lab.set("b", 0.1)
    lab.advance(0.1)
    assert lab.tasks.reason("decay") == "b was set below 0.3 after the release"
    assert "not yet: b was set below 0.3 after the release" in lab.tasks.html
    lab.set("b", 0.0)
    lab.drag("bob", np.sin(np.radians(170.0)), -np.cos(np.radians(170.0)))  # the rod pulls ~5 m g at the bottom
    lab.advance(1.5)
    assert re.fullmatch(r"the rod pulled \d+\.\d N, but the Newton view was off", lab.tasks.reason("tension"))
    assert "the swing started from 60°, which is not above 120°" in PendulumLab().tasks.reason("decay")


def test_an_open_hint_stays_open_when_another_task_ticks():
    """Each hint is its own widget that is never rewritten, so the browser keeps it open while others change."""
    lab = PendulumLab()
    writes = []
    for key, hint in lab.tasks.hints.items():
        hint.observe(lambda change, key=key: writes.append(key), names="value")
    lab.set("newton", True)
    lab.drag("bob", np.sin(np.radians(150.0)), -np.cos(np.radians(150.0)))
    lab.advance(1.5)
    assert lab.task_done("tension")
    assert writes == []
    assert "<details" in lab.tasks.hints["decay"].value
    assert not any("<details" in status.value for status in lab.tasks.status.values())  # lines that change hold no hint


def test_importing_the_quizzes_loads_neither_pyplot_nor_any_lab():
    """`import course_lib.quiz` (and course_lib.lessons) stays light: no matplotlib.pyplot, no lab module, no scene."""
    code = ("import sys, course_lib.quiz, course_lib.lessons; "
            "print(sorted(m for m in sys.modules if m == 'matplotlib.pyplot' or m.startswith('course_lib.lessons.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    code = "import sys; from course_lib.lessons import PendulumLab; print('course_lib.lessons.pendulum.lab' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "True"


def test_a_refused_value_during_play_stops_play_and_keeps_the_state(monkeypatch):
    """A model that refuses to compute while a change is replayed: the message shows, Play stops, no NaN, later moves work."""
    lab, clock = playing(PendulumLab)
    clock.now += 0.1

    def refuse(*args, **kwargs):
        raise ValueError("refused")

    monkeypatch.setattr(Pendulum, "forward_dynamics", refuse)
    lab.set("tau", 1.0)
    assert "refused" in lab.message.value and not lab.playing and not lab.scene.playing
    monkeypatch.undo()
    lab.scene.browser_message({"type": "need", "t": 0.2, "t_last": 0.25})  # a late request is ignored
    lab.set("tau", 2.0)
    lab.advance(0.5)
    assert lab.tau == 2.0 and all(np.isfinite(v) for v in lab.scene.values.values())


def test_a_lab_can_offer_the_integrator_and_its_step_as_controls():
    """Controls with sim="method"/"dt" switch the lab's integrator; the lab then matches simulate() bit for bit.

    Explicit Euler at h = 10 ms manufactures energy (lesson 3); the lab shows exactly the run
    course_lib.physics.simulate.integrators.simulate computes with the same method and step.
    """
    from course_lib.lab import controls as c
    from course_lib.physics.simulate.integrators import simulate

    class IntegratorPendulum(PendulumLab):
        CONTROLS = PendulumLab.CONTROLS + (
            c.Dropdown("method", "pend_tau", (("RK4", "rk4"), ("explicit Euler", "explicit_euler")), "rk4",
                       sim="method"),
            c.Dropdown("h", "pend_tau", (("4 ms", 1 / 240), ("10 ms", 0.01)), 1 / 240, sim="dt"))

    lab = IntegratorPendulum(theta0=90.0)
    lab.set("method", "explicit_euler")
    lab.set("h", 0.01)
    lab.advance(9.99)  # frames of 3 steps of 10 ms
    run = simulate(Pendulum(), [np.pi / 2], [0.0], duration=9.99, dt=0.01, method="explicit_euler")
    assert lab.t == pytest.approx(9.99, abs=1e-9)
    np.testing.assert_array_equal(lab.now.q, run.q[-1])
    start = 1.0 * 9.81 * 1.0 * (1 - np.cos(np.pi / 2))  # m g l (1 − cos 90°), m = l = 1
    assert lab.readout("energy") - start > 2.0
    lab.set("play", None)
    assert chunks(lab)[-1]["dt"] == pytest.approx(0.02)  # two 10 ms steps per frame sent


def test_a_ball_held_by_the_mouse_is_not_called_resting():
    """Mid-drag the ball does not move, but the rest task gives no "the ball is at …" reason until it is let go."""
    from course_lib.lessons.pendulum.lab import REST_B

    lab = PendulumLab()
    lab.set("b", REST_B)
    x0, y0 = lab.handles["bob"].position()
    send = lab.scene.browser_message
    send({"type": "drag", "id": "bob", "phase": "start", "x": x0, "y": y0})
    send({"type": "drag", "id": "bob", "phase": "move", "x": np.sin(1.2), "y": -np.cos(1.2)})
    lab.advance(0.5)
    assert lab.dragging is not None and lab.tasks.reason("rest45") == ""
    send({"type": "drag", "id": "bob", "phase": "end", "x": np.sin(1.2), "y": -np.cos(1.2)})
    lab.advance(0.05)
    assert lab.dragging is None


def test_reset_starts_a_new_generation_that_every_later_chunk_and_frame_carries():
    """Reset sends "clear" (generation g+1, t = 0) before its frame; everything sent after it carries g+1, so the
    browser drops what it still gets from before the Reset (the picture never shows a pre-Reset frame)."""
    lab, clock = playing(PendulumLab)
    clock.now += 0.5
    need(lab)
    lab.set("play", None)
    before = lab.scene.generation
    assert {meta["gen"] for meta in chunks(lab)} == {before}
    lab.scene.outbox.clear()
    lab.set("reset", None)
    kinds = [kind for kind, _ in lab.scene.outbox]
    assert "clear" in kinds and kinds.index("clear") < kinds.index("values"), kinds
    clear = next(meta for kind, meta in lab.scene.outbox if kind == "clear")
    assert clear == {"gen": before + 1, "t": 0.0}
    assert lab.scene.frame["gen"] == before + 1
    lab.set("play", None)
    first = chunks(lab)[0]
    assert first["gen"] == before + 1 and first["t0"] == 0.0
    assert first["seek"], "Play's first chunk moves the browser's playhead to it, whatever it still has queued"
    clock.now += 0.3
    need(lab)
    assert all(meta["gen"] == before + 1 for meta in chunks(lab))
