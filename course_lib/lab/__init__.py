"""The lab kit: what every lesson's lab is declared with. It knows no lesson.

- :mod:`~course_lib.lab.scene`     the browser-drawn picture (an anywidget; ``scene.js`` is its ES module)
- :mod:`~course_lib.lab.base`      :class:`Lab`: controls, drags, guarded callbacks, the headless API
  (``set``, ``drag``, ``readout``, ``task_done``)
- :mod:`~course_lib.lab.simlab`    :class:`SimLab`: play, pause, step, reset and speed over a live simulation
  (the frames streamed ahead to the browser and its playhead: :mod:`~course_lib.lab.stream`)
- :mod:`~course_lib.lab.controls`  sliders, buttons and toggles, each named by its label
- :mod:`~course_lib.lab.tasks`     the "Try this" checklist
- :mod:`~course_lib.lab.arm2r`     the 2R arm: its shapes, readouts, and the one way to pose it (sliders, drags)
- :mod:`~course_lib.lab.drags`, :mod:`~course_lib.lab.following`  drag handles; controls the kit moves (echoes)
- :mod:`~course_lib.lab.numbers`   angles checked and wrapped, arrows capped
- :mod:`~course_lib.lab.messages`  the kit's own sentences (en + zh)
- :mod:`~course_lib.lab.typed_numbers`, :mod:`~course_lib.lab.relabel`, :mod:`~course_lib.lab.release`
  the slider boxes' full-width input, relabelling on a language switch, retiring a replaced lab

See docs/adding_a_lab.md. Imports are lazy: ``from course_lib.lab import Lab`` loads the kit on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {"Lab": "course_lib.lab.base", "SimLab": "course_lib.lab.simlab", "Scene": "course_lib.lab.scene"}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
