"""Message tables: every sentence a learner reads, kept out of the code that shows it.

Each lab, the lab kit and the quizzes own one small :class:`MessageTable`
(``{language: {key: text}}``), so a new lab adds its own table instead of
growing a shared one. :func:`set_language` switches every table at once. A
table lacking the language in force raises instead of falling back: a missing
translation is a bug to fix, and a test checks that every table has every
language with the same keys and the same ``{fields}``. Texts that read the same
in every language (symbols, units, formula pieces) are written once, as the
table's ``common`` texts.

Every text is a :class:`Message`, a string that remembers where it came
from, so a lab on screen can make each of its texts again in the new language
(:func:`retranslate`).

It also reads what a Chinese input method types: :func:`halfwidth` maps full-width digits,
letters and operators to the ASCII a quiz or a slider box expects.

>>> table = MessageTable("demo", {"en": {"hello": "Hello, {name}!"}})
>>> table.text("hello", name="Ada")
'Hello, Ada!'
>>> table.text("bye")
Traceback (most recent call last):
...
ValueError: no message 'bye' in the 'demo' table (language 'en')
"""

from __future__ import annotations

import math
import numbers
import os
import re
import string
import warnings
import weakref
from typing import Any, Callable

#: every table made so far, by name (tests check each one's languages agree)
TABLES: dict[str, "MessageTable"] = {}

#: the languages the course speaks; every table has every one of them (tests check)
LANGUAGES = ("en", "zh")


def _initial_language() -> str:
    """The language named by the ``COURSE_LANG`` environment variable, else English."""
    chosen = os.environ.get("COURSE_LANG", "en").strip().lower() or "en"
    if chosen not in LANGUAGES:
        warnings.warn(f"COURSE_LANG={chosen!r} is not one of {list(LANGUAGES)}; using 'en'", stacklevel=2)
        return "en"
    return chosen


_language = [_initial_language()]
#: callbacks run after every switch, held weakly so a closed lab is not kept alive
_listeners: list[weakref.ref] = []


class MessageTable:
    """The sentences of one part of the course, per language.

    Args:
        name: the owner, e.g. ``"pendulum_lab"`` (used in error messages).
        messages: ``{language: {key: text}}``; texts may hold ``{fields}``.
            Every language must have the same keys as English.
        true_minus: write negative numbers with the minus sign − (U+2212), as the
            scene's own texts do, instead of the hyphen.
        common: ``{key: text}`` written once for every language: symbols, units and
            formula pieces that read the same in each (``"τ [N·m]"``, ``" = "``). A key is
            either common or in every language, never both; a language still has to be
            listed in ``messages`` to be spoken (there is no fallback).

    Raises:
        ValueError: when a language's keys, or the ``{fields}`` of one of its texts, differ
            from English's, or when a key is both common and a language's own.

    >>> units = MessageTable("demo_common", {"en": {"b": "friction b"}, "zh": {"b": "摩擦 b"}},
    ...                      common={"unit": "N·m·s/rad"})
    >>> units.messages["zh"]["unit"], units.common
    ('N·m·s/rad', {'unit': 'N·m·s/rad'})
    """

    def __init__(self, name: str, messages: dict[str, dict[str, str]], true_minus: bool = False,
                 common: dict[str, str] | None = None):
        common = dict(common or {})
        english = set(messages.get("en", {}))
        for language, table in messages.items():
            if set(table) != english:
                raise ValueError(f"message table {name!r}: language {language!r} has keys "
                                 f"{sorted(set(table) ^ english)} that English does not match")
            if set(table) & set(common):
                raise ValueError(f"message table {name!r}: keys {sorted(set(table) & set(common))} are both "
                                 f"common and in {language!r}; write each once")
            for key, sentence in table.items():
                if fields(sentence) != fields(messages["en"][key]):
                    raise ValueError(f"message table {name!r}: {language!r} text {key!r} has the fields "
                                     f"{sorted(fields(sentence))}, English has {sorted(fields(messages['en'][key]))}")
        self.name, self.common = name, common
        #: ``{language: {key: text}}`` with the common texts in every language (what :meth:`text` reads)
        self.messages = {language: {**common, **table} for language, table in messages.items()}
        self.formatter = _MINUS_FORMATTER if true_minus else _FORMATTER
        TABLES[name] = self

    def text(self, key: str, **values: Any) -> "Message":
        """The message ``key`` in the current language, formatted with ``values``.

        Raises:
            ValueError: for an unknown key, or a table without the current language.
        """
        if _language[0] not in self.messages:
            raise ValueError(f"the {self.name!r} message table has no {_language[0]!r} texts "
                             f"(it has {sorted(self.messages)}); add them, there is no fallback")
        table = self.messages[_language[0]]
        if key not in table:
            raise ValueError(f"no message {key!r} in the {self.name!r} table (language {_language[0]!r})")
        shown = self.formatter.format(table[key], **values) if values else table[key]
        return Message(shown, self, key, values)

    def say(self, key: str, **values: Any) -> None:
        """Print :meth:`text` ``(key, **values)``: what a lesson's code cell prints, in the language in force.

        >>> lines = MessageTable("demo_say", {"en": {"n": "{n} samples"}, "zh": {"n": "{n} 个样本"}})
        >>> lines.say("n", n=60); set_language("zh"); lines.say("n", n=60); set_language("en")
        60 samples
        60 个样本
        """
        print(self.text(key, **values))

    def __contains__(self, key: str) -> bool:
        return key in self.messages["en"]


class Message(str):
    """A text from a :class:`MessageTable` that remembers its table, key and values.

    It is an ordinary string everywhere; :meth:`again` makes it anew in the
    language in force now (a lab on screen uses this to switch in place).

    >>> hello = MessageTable("demo_again", {"en": {"hi": "Hi {who}"}, "zh": {"hi": "你好，{who}"}})
    >>> shown = hello.text("hi", who="Ada")
    >>> set_language("zh"); shown.again(); set_language("en")
    '你好，Ada'
    """

    def __new__(cls, shown: str, table: "MessageTable", key: str, values: dict[str, Any]) -> "Message":
        made = super().__new__(cls, shown)
        made.table, made.key, made.values = table, key, values
        return made

    def again(self) -> "Message":
        """This text in the current language (values that are texts themselves are made again too)."""
        return self.table.text(self.key, **{k: retranslate(v) for k, v in self.values.items()})


def retranslate(value: Any) -> Any:
    """``value`` with every :class:`Message` in it made again in the current language.

    Looks inside tuples, lists and dicts (e.g. a dropdown's ``(text, value)`` options or a
    formula's parts); anything else is returned as it is.
    """
    if isinstance(value, Message):
        return value.again()
    if isinstance(value, (tuple, list)):
        return type(value)(retranslate(v) for v in value)
    if isinstance(value, dict):
        return {k: retranslate(v) for k, v in value.items()}
    return value


def has_message(value: Any) -> bool:
    """Whether ``value`` holds a :class:`Message` (directly, or inside tuples, lists and dicts)."""
    if isinstance(value, Message):
        return True
    if isinstance(value, (tuple, list)):
        return any(has_message(v) for v in value)
    if isinstance(value, dict):
        return any(has_message(v) for v in value.values())
    return False


def fields(sentence: str) -> set[tuple[str, str, str]]:
    """The ``{fields}`` of a text as (name, conversion, format spec); every language must use the same.

    >>> sorted(fields("θ = {theta:.1f}° after {t!r} s"))
    [('t', 'r', ''), ('theta', '', '.1f')]
    """
    return {(name, conversion or "", spec or "") for _, name, spec, conversion in string.Formatter().parse(sentence)
            if name is not None}


def language() -> str:
    """The language texts are made in now: ``"en"`` or ``"zh"``."""
    return _language[0]


def set_language(language: str) -> None:
    """Switch every table to ``language``, and tell every listener (labs and quizzes on screen).

    Asking for the language already in force does nothing (nothing on screen is redrawn).

    Args:
        language: one of :data:`LANGUAGES` (``"en"`` English, ``"zh"`` 中文).

    Raises:
        ValueError: for any other language.
    """
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {list(LANGUAGES)}, got {language!r}")
    if language == _language[0]:
        return  # nothing to switch: labs on screen are not redrawn
    _language[0] = language
    for ref in list(_listeners):
        callback = ref()
        if callback is None or callback() is False:   # collected, or done listening (closed, retired)
            _listeners.remove(ref)


def on_language_change(callback: Callable[[], Any]) -> None:
    """Call ``callback()`` after every :func:`set_language` (a bound method is held weakly).

    A lab or quiz on screen registers its method that redraws its texts, so it
    switches in place; the callback itself must not raise. A callback that returns
    False (its widget was closed, its lab retired) is dropped and never called again;
    one whose object was garbage-collected is dropped too.
    """
    ref = weakref.WeakMethod(callback) if hasattr(callback, "__self__") else weakref.ref(callback)
    _listeners.append(ref)


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def significant(value: Any, digits: int = 3, floor: float = 0.0) -> str:
    """``value`` rounded to ``digits`` significant digits, trailing zeros kept, as a learner reads it.

    A true zero, and any value whose size is below ``floor`` (the caller states it in the value's unit,
    e.g. a round-off level relative to the quantity's scale), reads "0". From 10⁻⁴ to below 10⁵ the
    number is written out (0.0123, 7.10, 7430); beyond, as "1.23 × 10⁵". Negative numbers take the
    minus sign "−"; a non-finite value reads "–".

    Args:
        value: the number (any unit; the caller writes the unit).
        digits: significant digits, at least 1.
        floor: sizes below this (same unit as ``value``, ≥ 0) read 0.
    Returns:
        The text.

    >>> [significant(v) for v in (0.0, 7.1, 7428.2, 0.0123, -2.5e-6, 1.5e6, 0.99996)]
    ['0', '7.10', '7430', '0.0123', '−2.50 × 10⁻⁶', '1.50 × 10⁶', '1.00']
    >>> significant(8.9e-14, digits=2, floor=1e-7), significant(0.012, digits=2)
    ('0', '0.012')
    >>> significant(1.0, digits=0)
    Traceback (most recent call last):
    ...
    ValueError: significant: digits must be a whole number ≥ 1, got 0
    """
    if not (isinstance(digits, int) and digits >= 1):
        raise ValueError(f"significant: digits must be a whole number ≥ 1, got {digits!r}")
    if not (math.isfinite(floor) and floor >= 0):
        raise ValueError(f"significant: floor must be a finite size ≥ 0, got {floor!r}")
    x = float(value)
    if not math.isfinite(x):
        return "–"
    if x == 0 or abs(x) < floor:
        return "0"
    x = float(f"{x:.{digits - 1}e}")  # rounded first, so 0.99996 reads 1.00, not 0.99996 at 3 digits
    e = math.floor(math.log10(abs(x)))
    if -4 <= e < 5:
        text = f"{x:.{max(0, digits - 1 - e)}f}"
    else:
        mantissa, exponent = f"{x:.{digits - 1}e}".split("e")
        text = f"{mantissa} × 10{str(int(exponent)).translate(_SUPERSCRIPT)}"
    return text.replace("-", "−")


#: a message's field written by :func:`significant`: ``{x:.3s}`` (3 significant digits), ``{x:+.2s}`` (signed)
SIGNIFICANT_SPEC = re.compile(r"^(?P<plus>\+)?\.(?P<digits>[1-9]\d*)s$")


class NumberFormatter(string.Formatter):
    """``str.format`` that never shows a negative zero: −1e-12 with ``{x:.3f}`` reads 0.000, not -0.000.

    A value that rounds to zero is shown as +0.0 would be (so ``{x:+.1f}`` reads +0.0);
    every other value keeps its sign. A number in a field ``{x:.Ns}`` is written by
    :func:`significant` at N significant digits (``{x:+.Ns}``: with its sign, + for ≥ 0): the
    course's one way of showing a measured value (a string in such a field is left as it is).

    >>> NumberFormatter().format("{a:.3f} {b:.3f} {c:+.1f}", a=-1e-12, b=-0.0006, c=-0.01)
    '0.000 -0.001 +0.0'
    >>> NumberFormatter().format("{a:.3s} {b:.2s} {c:+.3s} {d:.3s} {e:.3s}", a=0.0635, b=9821.7, c=0.5, d=0.0, e="–")
    '0.0635 9800 +0.500 0 –'
    """

    def format_field(self, value: Any, format_spec: str) -> str:
        spec = SIGNIFICANT_SPEC.match(format_spec)
        if spec is not None:
            try:
                number = float(value) if not isinstance(value, (str, bool)) else None
            except (TypeError, ValueError):
                number = None
            if number is None:
                return str(value)
            shown = significant(number, int(spec["digits"]))
            return "+" + shown if spec["plus"] and shown[:1] not in ("−", "–") else shown
        shown = super().format_field(value, format_spec)
        if isinstance(value, float) and "-" in shown and not re.search(r"[1-9]", shown.split("e")[0]):
            return super().format_field(0.0, format_spec)
        return shown


class MinusFormatter(NumberFormatter):
    """:class:`NumberFormatter` that writes a negative number with the minus sign − (U+2212).

    >>> MinusFormatter().format("{a:.1f} {b:+.2f} {c:.1f}", a=-19.5, b=-0.25, c=-1e-9)
    '−19.5 −0.25 0.0'
    """

    def format_field(self, value: Any, format_spec: str) -> str:
        shown = super().format_field(value, format_spec)
        return shown.replace("-", "\u2212", 1) if isinstance(value, numbers.Real) and shown.startswith("-") else shown


_FORMATTER = NumberFormatter()
_MINUS_FORMATTER = MinusFormatter()


# Full-width input: what a Chinese input method types, read as the ASCII a quiz or a slider box expects.
# Exactly the characters below are mapped, one for one, so a text keeps its length and every limit on
# an answer applies to the mapped text as to one typed in ASCII.

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

    With a Chinese IME on, digits, brackets and operators often arrive as their full-width forms
    (``９．８１``, ``（``, ``＋``, ``＊``) and products as × or ÷.

    Args:
        answer: what the learner typed (a non-string, e.g. a number, is returned unchanged).

    Returns:
        The text with each mapped character replaced by one ASCII character.

    >>> halfwidth("（ｔａｕ－ｂ×ｔｈｅｔａ＿ｄｏｔ）／（ｍ　ｌ＾２）")
    '(tau-b*theta_dot)/(m l^2)'
    >>> halfwidth("－９．８１　rad／s²"), halfwidth("９，８１")
    ('-9.81 rad/s²', '9,81')
    """
    return answer.translate(HALFWIDTH) if isinstance(answer, str) else answer
