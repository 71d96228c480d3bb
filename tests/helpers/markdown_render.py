"""How Jupyter renders a Markdown cell, closely enough to catch what a learner would see broken.

JupyterLab and Notebook 7 first take the LaTeX out of a cell (their
``removeMath``), then render the rest as Markdown, then put the LaTeX back
for MathJax. :func:`split_math` follows the same steps, including the quirk
that matters: a ``$`` right before a backtick is taken for part of a code
span and no longer closes the formula, so the formula runs on and swallows
the text after it. The rest is rendered by markdown-it-py (CommonMark).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt

#: Jupyter's tokens: $ or $$, \begin/\end, escaped braces/dollars, braces, line breaks, placeholders
_SPLIT = re.compile(r"(\$\$?|\\(?:begin|end)\{[a-z]*\*?\}|\\[{}$]|[{}]|(?:\n\s*)+|@@\d+@@|\\\\(?:\(|\)|\[|\]))",
                    re.IGNORECASE)
_CODE_SPAN = re.compile(r"(^|[^\\])(`+)([^\n]*?[^`\n])\2(?!`)", re.MULTILINE)
_LIST_MARKER = re.compile(r"^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+\S")


@dataclass
class Rendered:
    """A Markdown cell as a learner sees it."""

    math: list[str]        # the formulas handed to MathJax
    text: str              # the visible text outside formulas and code
    list_items: int        # how many list items were rendered
    marker_lines: int      # how many source lines start like a list item


def split_math(source: str) -> tuple[str, list[str]]:
    """Replace every formula by ``@@n@@`` as Jupyter does; the text and the formulas."""
    text = source.replace("~", "~T")
    text = _CODE_SPAN.sub(lambda m: m.group(0).replace("$", "~D"), text)
    blocks = _SPLIT.split(text.replace("\r\n", "\n"))
    math: list[str] = []
    start = end = None
    braces = 0
    last = None
    i = 1
    while i < len(blocks):
        block = blocks[i]
        if block.startswith("@"):
            pass
        elif start is not None:
            if block == end:
                if braces:
                    last = i
                else:
                    math.append("".join(blocks[start:i + 1]))
                    blocks[start:i + 1] = [f"@@{len(math) - 1}@@"] + [""] * (i - start)
                    start, end, braces, last = None, None, 0, None
            elif re.fullmatch(r"\n\s*\n\s*", block) or (block.count("\n") > 1):
                if last is not None:
                    i = last
                    math.append("".join(blocks[start:i + 1]))
                    blocks[start:i + 1] = [f"@@{len(math) - 1}@@"] + [""] * (i - start)
                start, end, braces, last = None, None, 0, None
            elif block == "{":
                braces += 1
            elif block == "}" and braces:
                braces -= 1
        elif block in ("$", "$$"):
            start, end, braces = i, block, 0
        elif block.lower().startswith("\\begin"):
            start, end, braces = i, "\\end" + block[6:], 0
        i += 2
    out = "".join(blocks).replace("~D", "$").replace("~T", "~")
    math = [m.replace("~D", "$").replace("~T", "~") for m in math]
    return out, math


def render(source: str) -> Rendered:
    """Render one Markdown cell the way Jupyter does (formulas set aside, CommonMark for the rest)."""
    text, math = split_math(source)
    tokens = MarkdownIt("commonmark").parse(text)
    visible, items = [], 0
    for tok in tokens:
        if tok.type == "list_item_open":
            items += 1
        for child in tok.children or []:
            if child.type == "text":
                visible.append(child.content)
    fence = False
    markers = 0
    for line in source.splitlines():
        if line.lstrip().startswith("```"):
            fence = not fence
        elif not fence and _LIST_MARKER.match(line.lstrip()) and not line.startswith("    "):
            markers += 1
    return Rendered(math=math, text=" ".join(visible), list_items=items, marker_lines=markers)
