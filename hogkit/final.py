"""The reference final strategy of each variant, as a table (Problem 12).

A solved table for a variant is kept in ``hogkit/data/final/<name>.txt`` with a fingerprint of
the rules it was solved for; without a current one, the table is the post-turn strategy of
Problem 11 evaluated at every pair of scores.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from hogkit.strategy_table import encode_table, table_of
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


def final_table(variant: Variant) -> tuple[list[str], str]:
    """The rows of the reference final strategy and a sentence that says what it is."""
    solved = read_solved_table(variant)
    if solved is not None:
        return solved
    from hogkit.generate.hogfile import render_hog
    from hogkit.reference import load_source_module

    module = load_source_module(f"hog_{variant.name}_baseline", render_hog(variant))
    rows = encode_table(table_of(module.final_strategy, variant.goal))
    about = (
        "This table is the Problem 11 strategy at every pair of scores (no solved table\n"
        "exists for these rules yet; run `hogkit solve` to make one)."
    )
    return rows, about
