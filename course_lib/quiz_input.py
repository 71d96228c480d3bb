"""What a Chinese input method types, read as the ASCII a quiz expects.

With a Chinese IME on, digits, brackets and operators often arrive as their
full-width forms (``９．８１``, ``（``, ``＋``, ``＊``) and products as × or ÷.
:func:`halfwidth` maps exactly those characters, one for one, to their ASCII
forms, before a numeric or symbolic answer is read. Nothing else changes: the
text keeps its length, so the quizzes' length limit, allowed characters and
time limit apply to the mapped text exactly as to an answer typed in ASCII.

>>> halfwidth("（ｔａｕ－ｂ×ｔｈｅｔａ＿ｄｏｔ）／（ｍ　ｌ＾２）")
'(tau-b*theta_dot)/(m l^2)'
>>> halfwidth("－９．８１　rad／s²"), halfwidth("９，８１")
('-9.81 rad/s²', '9,81')
"""

from __future__ import annotations

from typing import Any

#: full-width ASCII (U+FF01 … U+FF5E) is ASCII shifted by this much
_SHIFT = 0xFF01 - 0x21
#: the full-width characters that are mapped: digits, Latin letters and the operators a formula uses
_FULL_WIDTH = "0123456789" + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" + "()+-*/^=,._"
#: full-width forms → ASCII, plus the ideographic space, × and ÷ (an IME's "times" and "divided by")
#: and the ideographic full stop 。 (the "." key in Chinese punctuation mode)
HALFWIDTH = str.maketrans({**{chr(ord(c) + _SHIFT): c for c in _FULL_WIDTH},
                           "\u3000": " ", "×": "*", "÷": "/", "。": "."})


def halfwidth(answer: Any) -> Any:
    """``answer`` with full-width digits, letters, brackets and operators made ASCII (other values as they are).

    Args:
        answer: what the learner typed (a non-string, e.g. a number, is returned unchanged).

    Returns:
        The text with each mapped character replaced by one ASCII character.
    """
    return answer.translate(HALFWIDTH) if isinstance(answer, str) else answer
