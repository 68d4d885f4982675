"""The cells of the CSV files HogKit writes (grades.csv, a contest's ranking.csv and matrix.csv):
a spreadsheet never runs one as a formula, and a student's id reads back exactly.

A spreadsheet treats a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return as a formula (``=cmd|' /C calc'!A0``). As OWASP's advice on CSV injection says, such a text
cell is written with a single quote before it, which spreadsheets take as "this is text"; a text
cell that starts with a quote gets one more, so that :func:`read_cell` (dropping one leading quote)
gives back the text exactly. Every text cell is written between double quotes, so a spreadsheet
that splits on another separator (``;`` in many locales) cannot start a new cell inside one.
Numbers are written as they are (``-1`` is a number, not a formula).

A student's id (a folder's name) is shown everywhere as :func:`id_text`: a backslash, a tab, a
newline and every character no report shows (:data:`graders.untrusted.UNSAFE`) written as an
escape (``\\t``, ``\\x1b``, ``\\u202e``), never silently as a space; :func:`read_id` undoes both
steps, so a grades.csv read back (checkpoint grades) names each student as the folder does.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

from graders.untrusted import UNSAFE

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
QUOTE = "'"
_NAMED = {"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"}
_TO_ESCAPE = re.compile(rf"[\\\t\n]|{UNSAFE.pattern}")
_ESCAPE = re.compile(r"\\(\\|t|n|r|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4})")
_UNNAMED = {"\\": "\\", "t": "\t", "n": "\n", "r": "\r"}


def _escape(match: re.Match) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _unescape(match: re.Match) -> str:
    code = match.group(1)
    return _UNNAMED[code] if code in _UNNAMED else chr(int(code[1:], 16))


def id_text(name: str) -> str:
    """A student's id NAME as every output shows it: one line of visible characters, from which
    :func:`read_id` gives NAME back."""
    return _TO_ESCAPE.sub(_escape, name)


def text_cell(value: object) -> object:
    """VALUE as a CSV cell: text that a spreadsheet would run as a formula (or that starts with
    the quote that marks such text) gets a quote before it; anything else is left as it is."""
    if isinstance(value, str) and value.startswith((*FORMULA_START, QUOTE)):
        return QUOTE + value
    return value


def read_cell(cell: str) -> str:
    """The text of a CELL that :func:`text_cell` wrote (one leading quote dropped)."""
    return cell[1:] if cell.startswith(QUOTE) else cell


def read_id(cell: str) -> str:
    """The student's id that a CELL holding :func:`id_text` names (an id typed by hand, with a
    backslash that starts no escape, is read as it is)."""
    return _ESCAPE.sub(_unescape, read_cell(cell))


def table(rows: Iterable[Sequence[object]]) -> str:
    """ROWS as CSV text: every text cell between double quotes and through :func:`text_cell`,
    numbers as they are."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, quoting=csv.QUOTE_NONNUMERIC)
    for row in rows:
        writer.writerow([text_cell(cell) for cell in row])
    return buffer.getvalue()


__all__ = ["FORMULA_START", "id_text", "read_cell", "read_id", "table", "text_cell"]
