"""Everything that came from a child is hostile: bounded JSON parsing, the shapes a reply may have,
and text made safe to show.

:func:`load_json` checks the size and the nesting depth *before* parsing and turns every failure
into :class:`Untrusted`; :func:`plain_value` accepts only the values the harness itself produces;
:func:`clean` (and :func:`clean_data` for whole reports) cuts text and replaces control characters,
terminal escapes, bidirectional overrides and lone surrogates with visible escapes. Every report
format (text, JSON, CSV, Gradescope) shows child-derived text only through :func:`clean`.
"""

from __future__ import annotations

import json
import re

import numpy as np

MAX_BYTES = 512 * 1024  # a legitimate reply is at most about 60 KB (final_strategy's 10,000 answers)
MAX_DEPTH = 24
MAX_ITEMS = 20_000  # the harness sends at most this many items in a list
MAX_TEXT = 20_000  # ... and strings of at most this many characters
MAX_INT = 10 ** 30
TEXT_LIMIT = 1500  # characters of one message in a report

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
UNSAFE = re.compile(  # what a report never shows as it is
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ud800-\udfff]")


class Untrusted(ValueError):
    """A reply that is too large, too deep, malformed or of a shape the harness never sends."""


def nesting_depth(data: bytes) -> int:
    """How deeply the arrays and objects of the JSON text DATA nest, counted without parsing it:
    strings are dropped, then a running sum over the brackets (one pass in NumPy)."""
    brackets = np.frombuffer(_STRING.sub(b"", data).translate(None, _NOT_BRACKETS), dtype=np.uint8)
    if not brackets.size:
        return 0
    steps = np.where((brackets == ord("[")) | (brackets == ord("{")), 1, -1)
    running = np.cumsum(steps)
    if running.min() < 0 or running[-1] != 0:
        raise Untrusted("unbalanced brackets")
    return int(running.max())


def load_json(data: bytes, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> object:
    """Parse DATA from a child, or raise Untrusted (size and depth are checked first)."""
    if len(data) > max_bytes:
        raise Untrusted(f"a reply of {len(data)} bytes (at most {max_bytes})")
    if data.count(b"[") + data.count(b"{") > max_depth and nesting_depth(data) > max_depth:
        raise Untrusted(f"a reply nested more than {max_depth} deep")
    try:
        return json.loads(data)
    except Exception as exc:  # noqa: BLE001 - any failure to parse is the child's
        raise Untrusted(f"an unreadable reply ({type(exc).__name__})") from None


def plain_value(value: object, depth: int = 0) -> bool:
    """Whether VALUE is made only of what the harness sends: JSON scalars, lists, and the objects
    ``{"tuple": [...]}``, ``{"repr": "..."}`` and ``{"kept": "..."}``, within its limits."""
    if value is None or isinstance(value, (bool, float)):
        return True
    if isinstance(value, int):
        return abs(value) <= MAX_INT
    if isinstance(value, str):
        return len(value) <= MAX_TEXT
    if depth > 8:
        return False
    if isinstance(value, list):
        if len(value) > MAX_ITEMS:
            return False
        if all(type(v) is int for v in value):  # the common case, a sweep's answers: no recursion
            return not value or max(map(abs, value)) <= MAX_INT
        return all(plain_value(v, depth + 1) for v in value)
    if isinstance(value, dict) and len(value) == 1:
        if "tuple" in value:
            return isinstance(value["tuple"], list) and plain_value(value["tuple"], depth + 1)
        if "kept" in value:
            return isinstance(value["kept"], str) and len(value["kept"]) <= 100
        return isinstance(value.get("repr"), str) and len(value["repr"]) <= 200
    return False


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clean(text: object, *, limit: int = TEXT_LIMIT, newlines: bool = True) -> str:
    """TEXT as it may be shown on a terminal, in a file or a web page: at most LIMIT characters,
    control characters and other invisible or reordering ones written as visible escapes
    (newlines and tabs kept when NEWLINES)."""
    text = text if isinstance(text, str) else str(text)
    cut = len(text) > limit
    text = text[:limit]
    if not newlines:
        text = text.replace("\n", " ").replace("\t", " ")
    text = UNSAFE.sub(_escape, text)
    if len(text) > limit:
        text, cut = text[:limit], True
    return text + f"... (cut at {limit} characters)" if cut else text


def clean_data(data: object, *, limit: int = TEXT_LIMIT) -> object:
    """DATA (JSON-like) with every string, keys included, passed through :func:`clean`."""
    if isinstance(data, str):
        return clean(data, limit=limit)
    if isinstance(data, dict):
        return {clean(k, limit=200): clean_data(v, limit=limit) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [clean_data(v, limit=limit) for v in data]
    return data
