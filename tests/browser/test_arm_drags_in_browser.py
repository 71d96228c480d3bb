"""The six arm labs in a learner's browser: drag the elbow and the tip, then Play, Pause and Step where the
lab plays; the lab's error line stays empty and the angle sliders (as the page shows them), the readouts and
the model agree. One page session per app, looping over the labs (JupyterLab and Notebook 7)."""

from __future__ import annotations

import json
import re

import pytest

from .notebook_page import opened_notebook
from .scene_lab_checks import PLAY_BUTTON, ask, pause_if_playing
from .scene_page import ScenePage

ARM_NOTEBOOKS = ["00_start_here.ipynb", "03_two_link_arm.ipynb", "05_mass_matrix.ipynb",
                 "06_coriolis_christoffel.ipynb", "07_operational_space_inertia.ipynb", "11_motors_friction.ipynb"]
#: each drag, in CSS px (x right, y down)
DRAGS = {"elbow": (-35.0, 30.0), "tip": (30.0, 35.0)}

#: runs in the kernel: the Lab drawing scene ``sid``: its error line, angle sliders, angle readouts and posture
_LAB_STATE = r'''
def find(sid):
    import gc, json, math, re
    from course_lib.lab.base import Lab
    for lab in [o for o in gc.get_objects() if isinstance(o, Lab)]:
        if getattr(lab.scene, "scene_id", None) != sid:
            continue
        q = lab.now.q if hasattr(lab, "now") else lab.q
        sliders = {k: lab.controls[k].value for k in ("theta1", "theta2") if k in lab.controls}
        return json.dumps({"error": re.sub(r"<[^>]+>", "", lab.message.value).strip(), "sliders": sliders,
                           "readouts": {k: lab.readouts.get(f"{k}_deg") for k in sliders},
                           "q_deg": [math.degrees(float(v)) for v in q], "playing": bool(getattr(lab, "playing", False))})
    return json.dumps(None)
'''


def lab_state(server, notebook: str, sid: str) -> dict:
    code = f"print((lambda ns: (exec({_LAB_STATE!r}, ns), ns['find']({sid!r}))[1])({{}}))"
    value = json.loads(server.kernel_eval(notebook, code).strip().splitlines()[-1])
    assert value is not None, f"{notebook}: no Lab draws scene {sid!r}"
    return value


def turn(a: float, b: float) -> float:
    """Distance of two angles (degrees) on the circle."""
    return abs((a - b + 180.0) % 360.0 - 180.0)


def assert_agree(state: dict, shown: list[float], when: str) -> None:
    """The error line is empty; slider (kernel and page), readout and model show one angle (to the step)."""
    assert state["error"] == "", f"{when}: the lab's error line says {state['error']!r}"
    for i, (key, slider) in enumerate(state["sliders"].items()):
        readout, model = state["readouts"][key], state["q_deg"][i]
        assert turn(model, readout) < 1e-6, f"{when}: {key} model {model:.3f}° but readout {readout:.3f}°"
        assert turn(slider, readout) <= 0.5 + 1e-9, f"{when}: {key} slider {slider} but readout {readout:.3f}°"
        assert shown[i] == pytest.approx(slider), f"{when}: the page shows {key} = {shown[i]}, the kernel {slider}"


def page_sliders(cell) -> list[float]:
    """The first two sliders' values as the page shows them (their readouts)."""
    texts = cell.locator(".widget-slider .widget-readout").all_inner_texts()[:2]
    return [float(t.replace("−", "-")) for t in texts if re.fullmatch(r"\s*[-−]?\d+(\.\d+)?\s*", t)]


@pytest.mark.browser
@pytest.mark.timeout(1500)
@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_every_arm_lab_takes_elbow_and_tip_drags_with_no_error_and_its_sliders_agree(app, jupyter, browser):
    server = jupyter(app)
    for notebook in ARM_NOTEBOOKS:
        with opened_notebook(browser, server, notebook, run_timeout_ms=150_000, shutdown_kernels=True) as nb:
            cell = nb.lab_cell()
            assert cell is not None, f"{notebook}: no lab in the page"
            scene = ScenePage(nb, cell)
            sid = scene.scene_id()
            nb.bring_into_view(scene.canvas)
            for handle, by in DRAGS.items():
                where = ask(server, notebook, handle, sid)
                assert where.get("handle") == handle, f"{notebook}: the scene has no {handle!r} handle"
                x, y = scene.to_page(where["panel"], where["x"], where["y"])
                m = scene.page.mouse
                m.move(x, y)
                m.down()
                for k in range(1, 9):
                    m.move(x + by[0] * k / 8, y + by[1] * k / 8)
                    scene.page.wait_for_timeout(30)
                m.up()
                nb.wait_stable(300, 10_000)
                moved = ask(server, notebook, handle, sid)
                assert (moved["x"], moved["y"]) != (where["x"], where["y"]), f"{notebook}: {handle} did not move"
                state = lab_state(server, notebook, sid)
                shown = page_sliders(cell) if state["sliders"] else []
                assert_agree(state, shown, f"{notebook} [{app}] after dragging the {handle}")
            play = cell.locator(".widget-button").filter(has_text=PLAY_BUTTON)
            if play.count() and notebook == "06_coriolis_christoffel.ipynb":  # θ₂ turns past ±180° in Play
                play.first.click()
                scene.page.wait_for_timeout(3000)
                pause_if_playing(cell, scene)
                nb.wait_stable(500, 10_000)
                scene.page.wait_for_timeout(800)
                state = lab_state(server, notebook, sid)
                assert_agree(state, page_sliders(cell), f"{notebook} [{app}] after Play and Pause")
                cell.locator(".widget-button").filter(has_text=re.compile(r"^\s*step\b", re.I)).first.click()
                nb.wait_stable(300, 10_000)
                scene.page.wait_for_timeout(500)
                assert_agree(lab_state(server, notebook, sid), page_sliders(cell), f"{notebook} [{app}] after Step")
            problems = nb.all_failures()
            assert not problems, f"{notebook} [{app}]: " + "\n".join(problems)
