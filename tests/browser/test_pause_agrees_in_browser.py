"""After Pause and Step, the kernel's state is the frame the browser shows (a SimLab, a slowed browser).

The kernel only estimates where the browser's playback is while it plays; on
Pause it must end up on the very frame the learner sees, so that the lab's
text readouts and its next Step start from the picture. The browser is slowed
(Chromium's CPU throttling) to look like a loaded machine, where the picture and
the readout must still agree.
Also measured: simulated seconds played per wall-clock second at 1× and 2×.
"""

from __future__ import annotations

import json
import re

import pytest

from .browser_env import NOTEBOOK_DIR
from .notebook_page import NotebookPage
from .report_files import merge_json
from .scene_page import ScenePage

#: the SimLab lessons checked, and how much slower the browser's CPU is made
NOTEBOOKS = ["02_pendulum.ipynb", "04_cart_pole.ipynb"]
THROTTLE = 4
#: the browser draws the kernel's frame, so the values must agree to float precision
VALUE_TOL = 1e-9

#: runs in the kernel: the SimLab drawing scene ``sid``: its time, its readouts of the scene's channels
_KERNEL_STATE = r'''
def find(sid):
    import gc, json
    from course_lib.lab.simlab import SimLab
    for lab in [o for o in gc.get_objects() if isinstance(o, SimLab)]:
        if getattr(lab.scene, "scene_id", None) == sid:
            return json.dumps({"t": lab.t, "playing": lab.playing, "channels": list(lab.scene.channels),
                               "readouts": [lab.readouts[c] for c in lab.scene.channels],
                               "html": getattr(getattr(lab, "readout_html", None), "value", ""),
                               "frame": lab.scene.frame["values"], "reason": lab.scene.playhead_reason,
                               "outbox": [k for k, _ in list(lab.scene.outbox)[-12:]],
                               "errors": [repr(e) for e in lab.scene.callback_errors]})
    return json.dumps(None)
'''


def kernel_state(server, notebook: str, sid: str) -> dict:
    code = f"print((lambda ns: (exec({_KERNEL_STATE!r}, ns), ns['find']({sid!r}))[1])({{}}))"
    value = json.loads(server.kernel_eval(notebook, code).strip().splitlines()[-1])
    assert value is not None, f"{notebook}: no SimLab draws scene {sid!r}"
    return value


def browser_state(scene: ScenePage) -> dict:
    return scene.canvas.evaluate("(c) => ({t: c.__scene.player.t, values: c.__scene.values, "
                                 "playing: c.__scene.player.playing})")


def button(cell, name: str):
    return cell.locator(".widget-button").filter(has_text=re.compile(rf"^\s*{name}\b", re.I)).first


def assert_agree(server, notebook: str, scene: ScenePage, when: str) -> dict:
    """Wait until both sides are quiet, then: same t (within half a sent frame) and the same channel values."""
    scene.page.wait_for_timeout(2500)
    for _ in range(20):  # a loaded machine: the click's Pause may take longer than that to come back to the page
        if not browser_state(scene)["playing"]:
            break
        scene.page.wait_for_timeout(500)
    k = kernel_state(server, notebook, scene.scene_id())  # the kernel has handled the page's reports sent before it
    scene.page.wait_for_timeout(500)  # and its answer (the frame it stopped on) has reached the page
    b = browser_state(scene)
    assert not b["playing"] and not k["playing"], f"{when}: still playing (browser {b['playing']}, kernel {k['playing']})"
    assert not k["errors"], f"{when}: the scene's callbacks raised {k['errors']}"
    differ = {ch: (bv, kv) for ch, bv, kv in zip(k["channels"], b["values"], k["readouts"])
              if abs(bv - kv) > VALUE_TOL * max(1.0, abs(kv))}
    assert not differ, (f"{when}: the browser shows t = {b['t']:.3f} s and the kernel's readouts are of "
                        f"t = {k['t']:.3f} s; channel (browser, kernel): {differ}; the kernel's last frame sent "
                        f"{k['frame'][:3]}, last report {k['reason']!r}, last messages out {k['outbox']}")
    if k["html"]:  # the lab's text readout in the page is the kernel's, of that frame
        shown = " ".join(re.sub(r"<[^>]+>|&nbsp;", " ", k["html"]).split())[:40]
        page_text = " ".join(scene.nb.lab_text(scene.cell).replace("\xa0", " ").split())
        assert shown in page_text, f"{when}: the page's readout does not show the kernel's {shown!r}"
    return {"browser_t": b["t"], "kernel_t": k["t"]}


@pytest.mark.browser
@pytest.mark.timeout(400)
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[n.split(".")[0] for n in NOTEBOOKS])
def test_after_pause_and_step_the_kernel_shows_the_frame_the_browser_shows(notebook, jupyter, browser, reports_dir):
    """Play 2 s, 0.3 s, 3.5 s, each time Pause: the browser's picture and the kernel's readouts are the same frame;
    then Step, the same; and the speeds' playing rates go to reports/browser_pause.json."""
    failed = played(notebook, jupyter, browser, reports_dir)["before_reset"]
    if failed is not None:
        raise failed


@pytest.mark.browser
@pytest.mark.timeout(400)
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[n.split(".")[0] for n in NOTEBOOKS])
def test_after_reset_play_and_pause_the_kernel_shows_the_frame_the_browser_shows(notebook, jupyter, browser,
                                                                                  reports_dir):
    """As above, then Reset, Play (a push where the lab has push buttons), Pause: still the same frame."""
    outcome = played(notebook, jupyter, browser, reports_dir)
    failed = outcome["before_reset"] or outcome["after_reset"]
    if failed is not None:
        raise failed


#: notebook -> what its one session raised before and after Reset (None: nothing), shared by the two tests
_PLAYED: dict[str, dict[str, BaseException | None]] = {}


class _BeforeReset(Exception):
    """Wraps what failed in the part of the session before Reset."""


def played(notebook, jupyter, browser, reports_dir) -> dict[str, BaseException | None]:
    """Run the notebook's session once (the second test's steps contain the first's) and keep what failed where.

    Both tests read the one outcome (they share an xdist group, so one worker runs both), so each lesson
    is opened and run once for the two of them.
    """
    if notebook not in _PLAYED:
        outcome: dict[str, BaseException | None] = {"before_reset": None, "after_reset": None}
        try:
            session(notebook, jupyter, browser, reports_dir)
        except _BeforeReset as exc:
            outcome["before_reset"] = exc.__cause__
        except Exception as exc:  # noqa: BLE001 (kept, and raised by the test whose part failed)
            outcome["after_reset"] = exc
        _PLAYED[notebook] = outcome
    return _PLAYED[notebook]


def session(notebook, jupyter, browser, reports_dir) -> None:
    """Open, Run All, the first test's part (:func:`_until_reset`), then Reset, Play, a push, Pause."""
    assert (NOTEBOOK_DIR / notebook).exists()
    server = jupyter("lab")
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    nb = NotebookPage(page, "lab")
    figures: dict = {"cpu_throttle": THROTTLE}
    try:
        try:
            _until_reset(nb, server, notebook, context, page, figures, reports_dir)
        except Exception as exc:
            raise _BeforeReset(str(exc)) from exc
        cell = nb.lab_cell()
        scene = ScenePage(nb, cell)
        # Reset, Play, and (where the lab has push buttons) a push held during Play, then Pause
        button(cell, "reset").click()
        page.wait_for_timeout(1000)
        button(cell, "play").click()
        page.wait_for_timeout(700)
        push = cell.locator("[data-hold]")
        if push.count():
            box = push.last.bounding_box()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()
            page.wait_for_timeout(400)
            page.mouse.up()
        page.wait_for_timeout(800)
        button(cell, "pause").click()
        figures["pause_after_reset"] = assert_agree(server, notebook, scene, "after Reset, Play, a push and Pause")
    finally:
        context.close()
        server.shutdown_kernels()


def _until_reset(nb, server, notebook, context, page, figures, reports_dir) -> None:
    """Open and Run All, then Play/Pause three times, Step, and the two speeds' rates (the first test's part)."""
    nb.open(server.notebook_url(notebook))
    nb.run_all()
    assert nb.wait_until_done(timeout_ms=150_000) == "done"
    cell = nb.lab_cell()
    scene = ScenePage(nb, cell)
    nb.bring_into_view(scene.canvas)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    for rounds, play_s in enumerate((2.0, 0.3, 3.5)):
        button(cell, "play").click()
        page.wait_for_timeout(int(play_s * 1000))
        button(cell, "pause").click()
        figures[f"pause_{rounds}"] = assert_agree(server, notebook, scene, f"after Play {play_s} s and Pause")
    button(cell, "step").click()
    figures["step"] = assert_agree(server, notebook, scene, "after Step")
    # simulated seconds per wall second at each speed (the browser's own playhead)
    speed = cell.locator(".widget-dropdown select").first
    for label in ("1×", "2×"):
        speed.select_option(label=label)
        page.wait_for_timeout(300)
        button(cell, "play").click()
        page.wait_for_timeout(1000)
        t0 = browser_state(scene)["t"], page.evaluate("() => performance.now()")
        page.wait_for_timeout(3000)
        t1 = browser_state(scene)["t"], page.evaluate("() => performance.now()")
        button(cell, "pause").click()
        figures[f"sim_s_per_wall_s_{label}"] = round((t1[0] - t0[0]) / ((t1[1] - t0[1]) / 1000), 3)
        page.wait_for_timeout(1500)
    merge_json(reports_dir / "browser_pause.json", notebook, "lab", figures)
    print(f"\n{notebook} {figures}")  # the rates are figures, not checks: on a loaded machine they are noise
