"""Collisions between the texts a scene draws on its canvas, read from the scene's own record of them.

scene.js keeps, for the last frame it drew, every text with its drawn box (CSS px from the canvas's
top left, from the canvas's text metrics and transform) and the panel box it was clipped to. A text
collides when its box overlaps another text's by more than :data:`TOLERANCE_PX` in both directions, or
reaches more than that beyond the canvas or its clip box (where it would be cut off).
"""

from __future__ import annotations

#: overlap (px) in both directions, or overrun past an edge, that counts as a collision
TOLERANCE_PX = 1.0

READ = """(root) => [...root.querySelectorAll('.cl-scene canvas')].map((c) => ({
  width: c.clientWidth, height: c.clientHeight, texts: c.__scene ? c.__scene.texts : null }))"""


def _overlap(a: dict, b: dict) -> tuple[float, float]:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]),
            min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]))


def collisions(canvas: dict) -> list[str]:
    """The collisions on one canvas, each as a sentence naming the texts and by how much.

    Args:
        canvas: ``{"width", "height", "texts"}`` as READ returns for one scene canvas.

    Returns:
        One line per text that overlaps another or runs past the canvas's or its clip's edge.
    """
    seen, texts = set(), []
    for t in canvas["texts"]:
        key = (t["text"], round(t["left"]), round(t["top"]))
        if t["text"].strip() and key not in seen:   # a highlighted shape draws its label twice (glow, then shape)
            seen.add(key)
            texts.append(t)
    problems = []
    edges = [("the canvas", {"left": 0, "top": 0, "right": canvas["width"], "bottom": canvas["height"]})]
    for t in texts:
        for name, box in edges + ([("its panel", t["clip"])] if t.get("clip") else []):
            over = max(box["left"] - t["left"], t["right"] - box["right"], box["top"] - t["top"], t["bottom"] - box["bottom"])
            if over > TOLERANCE_PX:
                problems.append(f"{t['text']!r} runs {over:.1f} px past the edge of {name}")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            dx, dy = _overlap(a, b)
            if dx > TOLERANCE_PX and dy > TOLERANCE_PX:
                problems.append(f"{a['text']!r} and {b['text']!r} overlap by {dx:.1f} × {dy:.1f} px")
    return problems


def scene_text_problems(locator) -> list[str]:
    """Every collision between texts on the scenes inside ``locator`` (a Playwright locator of a cell or output).

    Returns:
        Lines "scene k: …"; an empty list when every text is clear of the others and of the edges.
    """
    problems = []
    for k, canvas in enumerate(locator.evaluate(READ)):
        assert canvas["texts"] is not None, "a scene canvas keeps no record of its texts (scene.js __scene.texts)"
        assert canvas["texts"], f"scene {k + 1} drew no text at all: the record is empty"
        problems += [f"scene {k + 1}: {p}" for p in collisions(canvas)]
    return problems
