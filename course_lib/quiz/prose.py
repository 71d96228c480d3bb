"""Numbers written into the quizzes' prose the way the formulas around them write them."""

from __future__ import annotations


def signed(x: float, digits: int = 2) -> str:
    """A number for prose, with the minus sign (−) the formulas around it use, not a hyphen.

    >>> signed(-9.81), signed(6.937, 1)
    ('−9.81', '6.9')
    """
    return f"{x:.{digits}f}".replace("-", "−")
