"""The reference files of a variant: ``hog.py`` with its final strategy, and the contest file."""

from __future__ import annotations

from functools import lru_cache

from hogkit.final import read_solved_table
from hogkit.generate.hogfile import FINAL_STRATEGY_TASK, render_hog
from hogkit.source_module import load_source_module
from hogkit.strategy_table import encode_table, table_of
from hogkit.variant import Variant


def final_table(variant: Variant) -> tuple[list[str], str]:
    """The rows of the reference final strategy and a sentence that says what it is: the solved
    table for these rules, else the Problem 11 strategy at every pair of scores."""
    solved = read_solved_table(variant)
    if solved is not None:
        return solved
    module = load_source_module(f"hog_{variant.name}_baseline", render_hog(variant))
    rows = encode_table(table_of(module.final_strategy, variant.goal))
    about = (
        "This table is the Problem 11 strategy at every pair of scores (no solved table\n"
        "exists for these rules yet; run `hogkit solve` to make one)."
    )
    return rows, about


@lru_cache(maxsize=32)
def _solution_source(variant: Variant) -> str:
    rows, about = final_table(variant)
    return render_hog(variant, table_rows=rows, about=about)


def solution_hog_source(variant: Variant) -> str:
    """The reference ``hog.py`` of VARIANT, exactly as written to ``solutions/hog.py``."""
    return _solution_source(variant)


def reference_entry_name(variant: Variant) -> str:
    """The name the reference contest entry goes by, so that it passes the contest check."""
    return f"HogKit reference ({variant.name})"


def contest_source(variant: Variant, *, name: str) -> str:
    """``hog_contest.py``: a self-contained entry with the reference strategy, named NAME (the
    reference's name; the student's copy starts empty)."""
    rows, about = final_table(variant)
    field = variant.contest_name_field
    table = "\n".join(f"    '{row}'," for row in rows)
    return f'''"""Contest entry for Hog, {variant.title}.

Define final_strategy(score, opponent_score) and give your entry a name. The strategy must be a
pure, deterministic function of the two scores, may return {variant.legal_rolls[0]} to 10, and must answer all
{variant.goal * variant.goal} pairs of scores in less than 10 seconds in total. This file must not import hog.py.
"""

{field} = {name!r}  # Change this line to the name of your entry!


# BEGIN PROBLEM 12
# {about.replace(chr(10), chr(10) + "# ")}
# One string per score of the mover; one character per score of the opponent:
# '0' to '9' and 'A' (10) are numbers of dice, 'C' (-1) is a Pork Chop.
FINAL_STRATEGY_TABLE = (
{table}
)
# END PROBLEM 12


def final_strategy(score, opponent_score):
    """Return the number of dice to roll when the mover has SCORE points and the
    opponent has OPPONENT_SCORE.

    {FINAL_STRATEGY_TASK}
    """
    # BEGIN PROBLEM 12
    return '0123456789A'.find(FINAL_STRATEGY_TABLE[score][opponent_score])
    # END PROBLEM 12
'''
