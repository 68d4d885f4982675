"""The Gradescope leaderboard: the exact contest figure of a student's ``final_strategy``.

The table comes from the sandboxed child (the answers the grader already collected to check that
``final_strategy`` returns legal numbers of dice); the figure is computed here, in the parent, by
:func:`hogkit.exact.contest_figure` against ``always_roll(4)``. No student code runs here.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from graders.results import FINAL_NOT_CHECKED, GradeResult
from hogkit.exact import always, contest_figure
from hogkit.variant import Variant

BASELINE = 4
ENTRY_NAME = f"Contest figure vs always_roll({BASELINE})"


@dataclass(frozen=True)
class Leaderboard:
    """Gradescope's ``leaderboard`` entries (None: no leaderboard) and one line for the student
    saying what they mean."""

    entries: list[dict] | None
    note: str


def contest_leaderboard(result: GradeResult, variant: Variant) -> Leaderboard:
    """The leaderboard of RESULT: its figure, or 0 with the reason when there is no valid table;
    none at all when final_strategy was not asked for one (a checkpoint grade)."""
    if result.final_table is None and result.final_note == FINAL_NOT_CHECKED:
        return Leaderboard(None, "")
    if result.final_table is None:
        why = result.final_note or "final_strategy did not answer every pair of scores"
        return Leaderboard([_entry(0)], f"Leaderboard: 0, because {why}.")
    try:
        table = np.array(result.final_table, dtype=np.int64)
        figure = contest_figure(variant, table, always(BASELINE, variant.goal))
    except Exception as exc:  # noqa: BLE001 - the grade stands even if the figure cannot be computed
        return Leaderboard([_entry(0)], f"Leaderboard: 0, because the contest figure could not be "
                                        f"computed ({type(exc).__name__}: {exc}).")
    figure = round(figure, 6)
    return Leaderboard([_entry(figure)], f"Leaderboard: your final_strategy wins {figure:.6f} of games against "
                                         f"always_roll({BASELINE}) (exact, averaged over both seats).")


def _entry(value: float) -> dict:
    return {"name": ENTRY_NAME, "value": value, "order": "desc"}
