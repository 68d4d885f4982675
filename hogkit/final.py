"""The solved final strategies (Problem 12): one table file a variant.

A solved table for a variant is kept in ``hogkit/data/final/<name>.txt`` with a fingerprint of
the rules it was solved for; a table solved for other rules is not read. (Without a current one,
the kit's final strategy is Problem 11's: :func:`hogkit.generate.solution.final_table`.)
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from hogkit.variant import Variant

SOLVED_DIR = Path(__file__).resolve().parent / "data" / "final"


def rules_fingerprint(variant: Variant) -> str:
    """A short hash of what a solved table depends on: the rules and the goal."""
    text = ",".join(f"{family}={rule.id}" for family, rule in variant.rules.items())
    return hashlib.sha256(f"{text};goal={variant.goal}".encode()).hexdigest()[:16]


def solved_table_path(variant: Variant) -> Path:
    """Where the solved table of VARIANT is kept."""
    return SOLVED_DIR / f"{variant.name}.txt"


def read_solved_table(variant: Variant) -> tuple[list[str], str] | None:
    """The solved rows and their description, if a table for the current rules exists."""
    found = read_solved_file(variant)
    return None if found is None else (found[0], found[1].get("about", "The solved strategy."))


def read_solved_file(variant: Variant) -> tuple[list[str], dict[str, str]] | None:
    """The solved rows and the header lines (``# key: value``) of the table for the current
    rules, if one exists."""
    path = solved_table_path(variant)
    if not path.is_file():
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    header = dict(line[2:].split(": ", 1) for line in lines if line.startswith("# ") and ": " in line)
    if header.get("fingerprint") != rules_fingerprint(variant):
        return None
    return [line for line in lines if line and not line.startswith("#")], header
