"""Strategies as tables: compute, encode compactly for a source file, and decode.

A strategy table has one entry per (mover's score, opponent's score) below the goal. In source
files a table is a tuple of strings, one per mover's score, one character per entry: ``0``-``9``,
``A`` for 10 and ``C`` for -1 (Pork Chop).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

CODES = "0123456789A"
CHOP_CODE = "C"


def encode_choice(choice: int) -> str:
    """One character for a number of dice (-1 to 10)."""
    return CHOP_CODE if choice == -1 else CODES[choice]


def decode_choice(code: str) -> int:
    """The number of dice one character stands for."""
    return -1 if code == CHOP_CODE else CODES.index(code)


def table_of(strategy: Callable[[int, int], int], goal: int) -> list[list[int]]:
    """The table of STRATEGY over every pair of scores below GOAL."""
    return [[strategy(score, opponent) for opponent in range(goal)] for score in range(goal)]


def encode_table(table: list[list[int]]) -> list[str]:
    """One string per row of TABLE."""
    return ["".join(encode_choice(choice) for choice in row) for row in table]


def decode_table(rows: list[str] | tuple[str, ...]) -> list[list[int]]:
    """The table encoded by ROWS."""
    return [[decode_choice(code) for code in row] for row in rows]


def decode_array(rows: list[str] | tuple[str, ...]) -> np.ndarray:
    """The table encoded by ROWS, as an array of whole numbers."""
    return np.array(decode_table(rows), dtype=np.int64)
