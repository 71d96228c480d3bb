"""Every text a widget tree shows, and the English sentences of the message tables still among them.

Used by the language tests: a lab or quiz switched to Chinese must show no sentence whose Chinese
version differs from its English one. The texts are found by walking the ipywidgets tree through
every synced trait (children, the scene's panels and shapes, dropdown labels, tooltips, placeholders,
HTML values), not by asking the lab, so a text the course forgot to switch is found too.
"""

from __future__ import annotations

import functools
import html
import re
import string
from typing import Any, Iterator

import ipywidgets as w

#: traits that hold code or plumbing, never a sentence a learner reads
SKIPPED_TRAITS = {"_esm", "_css", "_anywidget_id", "layout", "style", "comm", "keys", "log", "channels", "palette",
                  "scene_id", "icon", "button_style", "bar_style", "box_style", "orientation", "readout_format",
                  "predict", "predict_params"}
#: keys of the scene's shapes, panels and formula that name things (ids, colours, kinds), never read as text
SKIPPED_KEYS = {"id", "kind", "panel", "color", "anchor", "term", "axis", "orient"}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in SKIPPED_KEYS:
                yield from _strings(v)


def _widgets(value: Any) -> Iterator[w.Widget]:
    if isinstance(value, w.Widget):
        yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _widgets(v)


def shown_texts(root: w.Widget) -> dict[str, list[str]]:
    """``{"<n>:<Widget>.<trait>": [texts]}`` for every widget under ``root`` (itself included).

    Widgets are numbered in the order they are met (children in order), so two trees built alike
    give the same keys. A dropdown's or toggle's option labels come from ``_options_labels``.
    """
    found: dict[str, list[str]] = {}
    seen: set[int] = set()
    stack = [root]
    n = 0
    while stack:
        widget = stack.pop(0)
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        for trait in sorted(widget.keys):
            if trait in SKIPPED_TRAITS or (trait.startswith("_") and trait != "_options_labels"):
                continue
            value = getattr(widget, trait)
            stack.extend(_widgets(value))
            texts = [s for s in _strings(value) if s.strip()]
            if texts:
                found[f"{n}:{type(widget).__name__}.{trait}"] = texts
        n += 1
    return found


@functools.lru_cache(maxsize=None)
def _english_patterns(tables_key: tuple[str, ...]) -> list[tuple[str, str, str, re.Pattern]]:
    """(table, key, a word only the English has, the English text as a pattern) for every text whose
    Chinese differs; a ``{field}`` matches anything."""
    from course_lib.i18n import TABLES

    patterns = []
    for name in tables_key:
        table = TABLES[name]
        for key, english in table.messages["en"].items():
            chinese = table.messages["zh"][key]
            if english == chinese:
                continue
            parsed = list(string.Formatter().parse(english))
            literal = "".join(lit for lit, *_ in parsed)
            zh_literal = "".join(lit for lit, *_ in string.Formatter().parse(chinese))
            words = set(re.findall(r"[A-Za-z]{3,}", literal)) - set(re.findall(r"[A-Za-z]{3,}", zh_literal))
            if not words:           # the languages differ only in signs and punctuation: nothing to tell apart
                continue
            body = "".join(re.escape(lit) + (".*?" if field is not None else "") for lit, field, *_ in parsed)
            body = ("\\b" if re.match(r"\w", english) else "") + body + ("\\b" if re.search(r"\w$", english) else "")
            patterns.append((name, key, max(words, key=len), re.compile(body, re.S)))
    return patterns


#: a ``{field}`` the scene fills in the browser (its name is code, not English)
_PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*(?:[:!][^{}]*)?\}")


_STYLE = re.compile(r"<style\b.*?</style>", re.S | re.I)


def _readings(text: str) -> set[str]:
    """A shown text as the browser holds it, with its HTML entities read, and with its tags dropped too
    (the scene's ``{field}`` placeholders left out of every reading)."""
    text = _STYLE.sub(" ", _PLACEHOLDER.sub(" ", text))  # a <style> element's rules are not shown text
    return {text, html.unescape(text), html.unescape(re.sub(r"<[^>]+>", "", text))}


def english_left(texts: dict[str, list[str]]) -> list[tuple[str, str, str]]:
    """(where, table.key, text) for each shown text that holds an English sentence of a message table
    whose Chinese version differs."""
    from course_lib.i18n import TABLES

    patterns = _english_patterns(tuple(sorted(TABLES)))
    left = []
    for where, strings in texts.items():
        for text in strings:
            for reading in _readings(text):
                hits = [f"{name}.{key}" for name, key, word, pattern in patterns
                        if word in reading and pattern.search(reading)]
                if hits:
                    left.append((where, hits[0], text[:160]))
                    break
    return left
