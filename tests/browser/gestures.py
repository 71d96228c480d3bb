"""Where to grab each lesson's figure: asked of the lab running in the notebook's kernel.

Every lab built on ``course_lib.lessons.base.Lab`` keeps its draggable
handles in ``lab.handles`` and can say where one sits in canvas pixels
(``lab.handle_pixels(name)``, x right and y down from the figure's top-left).
After Run All the test asks the notebook's own kernel for that position (the
notebook may have moved the handle since the lab was built), as a fraction
of the figure's size, and maps it onto the figure's on-screen bounding box.
So a new lesson whose lab has a handle needs no entry here; an entry only
picks another handle or another drag.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

#: runs in the kernel; defines nothing in the learner's namespace
_FIND_HANDLE = r'''
def find(G, wanted):
    import json
    for value in list(G.values()):
        handles = getattr(value, "handles", None)
        if not isinstance(handles, dict) or not hasattr(value, "handle_pixels") or not handles:
            continue
        name = wanted if wanted in handles else (None if wanted else next(iter(handles)))
        if name is None:
            continue
        fig = handles[name].ax.figure
        x, y = value.handle_pixels(name)
        return json.dumps({"handle": name, "fx": float(x) / fig.bbox.width, "fy": float(y) / fig.bbox.height,
                           "width": float(fig.bbox.width), "height": float(fig.bbox.height)})
    return json.dumps(None)
'''


@dataclass(frozen=True)
class Drag:
    """One drag gesture on a lesson's figure.

    Args:
        handle: name of the handle to grab (None: the lab's first handle).
        by: how far to drag it, in CSS pixels (x right, y down).
    """

    handle: str | None = None
    by: tuple[float, float] = (-40.0, 30.0)

    def kernel_code(self) -> str:
        """Python that prints the handle's position as JSON (or null if the notebook has no such lab)."""
        return f"print((lambda ns: (exec({_FIND_HANDLE!r}, ns), ns['find'](globals(), {self.handle!r}))[1])({{}}))"

    @staticmethod
    def parse(printed: str) -> dict | None:
        """The kernel's answer: {"handle", "fx", "fy", "width", "height"} or None."""
        return json.loads(printed.strip().splitlines()[-1]) if printed.strip() else None


GESTURES: dict[str, Drag] = {
    # the 2R arm: drag the tip up and to the left, across link 2, which turns θ₂; across it both where the
    # sliders' arrow keys leave the arm (θ₁ = 180°, link 2 pointing down-left) and where the mouse does (link 2 up)
    "00_start_here.ipynb": Drag("tip", by=(-45.0, -35.0)),
    # the pendulum: drag the ball down and towards the middle, which changes θ
    "02_pendulum.ipynb": Drag("bob", by=(-60.0, 30.0)),
    # the mass matrix: drag the joint-velocity handle up and to the left in the q̇ plane
    "05_mass_matrix.ipynb": Drag("qd", by=(-40.0, -30.0)),
    # the 2R simulator: drag the tip down and inward, which bends the elbow (θ₂)
    "03_two_link_arm.ipynb": Drag("tip", by=(-40.0, 40.0)),
    # the cart-pole: drag the cart along its rail (the handle moves in x only)
    "04_cart_pole.ipynb": Drag("cart", by=(-50.0, 0.0)),
    # the action: drag the amber handle up (it moves only vertically), which sets ε
    "01_action_principle.ipynb": Drag("grab", by=(0.0, -40.0)),
    # lesson 6: drag the tip of the spinning 2R arm, which turns θ₂ (the velocity torques follow)
    "06_coriolis_christoffel.ipynb": Drag("tip", by=(-40.0, 30.0)),
    # lesson 7: drag the push force at the tool, which turns the acceleration arrow and the polar plot's spoke
    "07_operational_space_inertia.ipynb": Drag("push", by=(30.0, -30.0)),
    # the RNEA chain: drag the tip sideways, which turns the last joint
    "10_recursive_dynamics.ipynb": Drag("tip", by=(-40.0, 25.0)),
    # lesson 11: drag the tip of the motor arm, which bends the elbow (θ₂) and moves the link bars
    "11_motors_friction.ipynb": Drag("tip", by=(-40.0, 30.0)),
    # lesson 9: drag the swing's centre in the (θ₁, θ₂) plane, which moves the path and the θ₂ centre slider
    "09_identification.ipynb": Drag("centre", by=(-40.0, 30.0)),
}


#: notebooks whose lab has nothing to drag (its controls are sliders only): the browser test skips the drag
NO_HANDLE = {"08_computed_torque.ipynb"}


def gesture_for(notebook: str) -> Drag:
    """The drag gesture for a notebook file name (the lab's first handle if it has no entry)."""
    return GESTURES.get(notebook, Drag())


#: runs in the kernel: a live Scene's handle (``wanted`` or the first), in its panel's data units
_FIND_SCENE_HANDLE = r'''
def find(wanted, scene_id):
    import json
    from course_lib.lab.scene import live_scenes
    for scene in live_scenes():
        if scene_id and scene.scene_id != scene_id:
            continue
        handles = [s for s in scene.shapes if s["kind"] == "handle"]
        pick = [s for s in handles if s["id"] == wanted] or handles
        values = scene.frame["values"]
        out = {"keyboard": scene.keyboard, "received": dict(scene.received), "playing": scene.playing,
               "errors": [repr(e) for e in scene.callback_errors] + list(scene.browser_errors)}
        if pick:
            p = pick[0]["props"]
            at = lambda v: v["k"] * values[v["ch"]] + v["c"] if isinstance(v, dict) else v
            out.update(handle=pick[0]["id"], panel=pick[0]["panel"], x=at(p["x"]), y=at(p["y"]))
        return json.dumps(out)
    return json.dumps(None)
'''


def scene_kernel_code(handle: str | None, scene_id: str | None = None) -> str:
    """Python that prints a Scene's handle and counters as JSON (null without such a Scene).

    Args:
        handle: the Handle's id (None: the scene's first handle).
        scene_id: the scene's ``scene_id`` (the page's data-scene-id); None: the newest live scene.
    """
    return (f"print((lambda ns: (exec({_FIND_SCENE_HANDLE!r}, ns), "
            f"ns['find']({handle!r}, {scene_id!r}))[1])({{}}))")
