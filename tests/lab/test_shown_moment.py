"""What a SimLab writes on the page belongs to one moment: during Play and after any sequence of moves.

The browser draws the scene from the frames it was sent; the kernel writes the rest (the text readouts
of ``show()``, the sliders bound to a channel, the scene's description). During Play the text readouts
and the followed sliders must show the values of one and the same frame at every moment, and the
description (rewritten at most once a second) the values of one frame at most ``PLAY_EVERY`` s older.
Paused, every one of them is exactly the state the lab holds.

A frame "is shown" by a widget when the lab's own ``show()`` / ``description()`` made from that frame's
state and readouts writes exactly what the widget holds, and when each followed slider's value is what
that slider shows for the frame's readout; so the test needs no knowledge of how the kit schedules writes.
"""

from __future__ import annotations

import ipywidgets as w
import numpy as np
import pytest

from course_lib.lab.describe import PLAY_EVERY
from course_lib.lessons.cart_pole.lab import CartPoleLab
from course_lib.lessons.coriolis.lab import ChristoffelLab
from course_lib.lessons.motors.lab import MotorLab
from course_lib.lessons.pendulum.lab import PendulumLab
from course_lib.lessons.two_link.lab import ArmSimLab
from tests.helpers.playback import Clock, chunks

SIM_LABS = [PendulumLab, ChristoffelLab, CartPoleLab, ArmSimLab, MotorLab]
#: a browser's playhead report comes every 0.1 s of wall time (scene.js reportMs)
REPORT = 0.1


class Recorder:
    """Every frame the lab visits (its state and readouts), so that the page can be matched against them."""

    def __init__(self, lab) -> None:
        self.frames: list[tuple] = [(lab.now, dict(lab.readouts))]  # the frame shown when it starts
        visit = lab._visit

        def recording(state, row):
            self.frames.append((state, dict(row)))
            return visit(state, row)

        lab._visit = recording


def text_widgets(lab) -> list[w.HTML]:
    """The lab's text readouts: its HTML widgets other than the message line."""
    return [v for v in vars(lab).values() if isinstance(v, w.HTML) and v is not lab.message]


def written_from(lab, state, row) -> tuple[tuple[str, ...], str]:
    """What ``show()`` and ``description()`` write from ``state`` and ``row``; the lab is left as it was."""
    widgets = text_widgets(lab)
    kept, kept_now, kept_row = [x.value for x in widgets], lab.now, lab.readouts
    try:
        lab.now, lab.readouts = state, row
        lab.show()
        return tuple(x.value for x in widgets), lab.description()
    finally:
        for x, v in zip(widgets, kept):
            x.value = v
        lab.now, lab.readouts = kept_now, kept_row


def followed(lab) -> list:
    return [s for s in lab.CONTROLS if getattr(s, "follow", None) and s.key in lab.controls]


def sliders_show(lab, row) -> bool:
    """Whether every followed slider shows what it shows for ``row``'s readout."""
    return all(s.shown_for(row[s.follow], lab.controls[s.key].value) == lab.controls[s.key].value
               for s in followed(lab))


def assert_one_moment(lab, rec: Recorder, when: str) -> None:
    """Text readouts and followed sliders: one frame; the description: one frame at most PLAY_EVERY s older."""
    shown = tuple(x.value for x in text_widgets(lab))
    recent = [(s, r) for s, r in rec.frames if s.t >= lab.now.t - 3.0 * PLAY_EVERY * lab.scene.speed - 1e-9]
    made = [(s, r, *written_from(lab, s, r)) for s, r in recent]
    both = [s.t for s, r, html, _ in made if html == shown and sliders_show(lab, r)]
    assert both, (f"{when}: no frame is shown by both the text readouts and the followed sliders "
                  f"(t = {lab.now.t:.3f} s; sliders {[(s.key, lab.controls[s.key].value) for s in followed(lab)]})")
    said = [s.t for s, _, _, d in made if d == lab.scene.description]
    lag = PLAY_EVERY * float(lab.scene.speed) + 1e-9
    assert any(0.0 <= t - d <= lag for t in both for d in said), (
        f"{when}: the description names no frame within {PLAY_EVERY} s before the readouts' "
        f"(readouts of t in {both[:3]}, description of t in {said[:3]}): {lab.scene.description!r}")


def assert_exact(lab, when: str) -> None:
    """Paused: the page is the state the lab holds (readouts recomputed from it, scene, text, sliders)."""
    again = {k: float(v[0]) for k, v in lab._compute([lab.now]).items()}
    assert again == lab.readouts, f"{when}: the readouts are not those of the state held"
    assert all(lab.scene.values[c] == lab.readouts[c] for c in lab.scene.channels), f"{when}: scene"
    html, said = written_from(lab, lab.now, lab.readouts)
    assert tuple(x.value for x in text_widgets(lab)) == html, f"{when}: text readouts of another moment"
    assert lab.scene.description == said, f"{when}: description {lab.scene.description!r}, not {said!r}"
    assert sliders_show(lab, lab.readouts), f"{when}: a followed slider shows another moment"


def report(lab, clock: Clock) -> None:
    """The browser plays one report's time, asks for frames when its lead runs low, and reports its playhead."""
    clock.now += REPORT
    t = lab.playhead()
    if chunks(lab) and lab._queue[-1][0].t - t < lab.LEAD * lab.scene.speed:
        lab.scene.browser_message({"type": "need", "t": t, "t_last": lab._queue[-1][0].t})
    lab.scene.browser_message({"type": "playhead", "t": t, "reason": "tick"})


def input_slider(lab):
    """A slider that is not followed (an input the learner sets), or None."""
    keys = [s for s in lab.CONTROLS if type(s).__name__ == "Slider" and not s.follow]
    return keys[0] if keys else None


@pytest.mark.parametrize("make", SIM_LABS, ids=lambda c: c.__name__)
def test_during_play_text_readouts_sliders_and_description_show_one_moment_and_are_exact_on_pause(make):
    clock = Clock()
    lab = make(clock=clock)
    rec = Recorder(lab)
    lab.set("play", None)
    for k in range(30):   # 3 s of Play at 10 reports a second
        report(lab, clock)
        assert_one_moment(lab, rec, f"report {k}")
    lab.set("play", None)
    assert not lab.playing
    assert_exact(lab, "after Pause")


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("make", [PendulumLab, ChristoffelLab], ids=lambda c: c.__name__)
def test_after_any_sequence_of_moves_the_page_shows_one_moment_and_paused_the_state_held(make, seed):
    rng = np.random.default_rng(seed)
    clock = Clock()
    lab = make(clock=clock)
    rec = Recorder(lab)
    spec = input_slider(lab) if make is PendulumLab else next(s for s in lab.CONTROLS if s.key == "qd2")
    actions = ["play", "report", "report", "report", "input", "step", "reset", "speed"]
    for k in range(40):
        action = actions[rng.integers(len(actions))]
        if action == "play":
            lab.set("play", None)
        elif action == "report" and lab.playing:
            report(lab, clock)
        elif action == "input":
            lab.set(spec.key, spec.snap(rng.uniform(spec.lo, spec.hi)))
        elif action in ("step", "reset"):
            lab.set(action, None)
        elif action == "speed":
            lab.set("speed", float(rng.choice([0.5, 1.0, 2.0])))
        when = f"move {k} ({action})"
        if lab.playing:
            assert_one_moment(lab, rec, when)
        else:
            assert_exact(lab, when)
        assert not lab.scene.callback_errors and "error" not in lab.message.value.lower(), when
