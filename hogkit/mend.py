"""Mending a table: the smallest improvement step that lifts it to at least even against each of
some rival tables and to a floor against ``always_roll(4)``.

A long search can end on a table that loses by a hair to a table found before (tables of one
family can beat each other in a circle) or that sits a little under the figure against
``always_roll(4)`` an earlier table reached. :func:`mend` takes one improvement pass of the table
against itself and against each anchor it falls short of (their pairs weighted by each of
WEIGHTS in turn), with a margin so high that only the few entries that gain most change, and
lowers the margin step by step until the table it gives is at least even against itself before
the pass and every rival, and at least FLOOR against ``always_roll(4)``. A table that falls short
of an anchor the pass did not aim at (a step toward one rival can cost against another) adds
that anchor to the pass's opponents, and the margins start again. The table found is measured
by the full best response.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from hogkit.exact import Model, always, figures_against, model_for, win_rate
from hogkit.improve import improve
from hogkit.solver import Say, ScoreOnly, best_response, seatings
from hogkit.variant import Variant

MARGINS = (0.5, 0.3, 0.2, 0.15, 0.1, 0.07, 0.05, 0.03, 0.02, 0.01)  # tried highest first
WEIGHTS = (0.3, 1.0, 3.0)  # how much the anchors fallen short of count beside the table itself


def shortfalls(figures: np.ndarray, floor: float) -> np.ndarray:
    """Which anchors (the table itself before, ``always_roll(4)``, the rivals: FIGURES against
    each) a table falls short of: below even, or below FLOOR against ``always_roll(4)``."""
    short = figures < 0.5 - 1e-12
    short[1] = figures[1] < floor - 1e-12
    return short


def mend(variant: Variant, *, start: np.ndarray, rivals: Sequence[np.ndarray] = (), floor: float = 0.0,
         goal: int | None = None, population: Sequence[np.ndarray] = (), say: Say | None = None) -> ScoreOnly | None:
    """:func:`mended_table` from START, measured by the full best response (POPULATION: further
    starts); None if no margin meets RIVALS and FLOOR."""
    table = mended_table(variant, table=start, rivals=rivals, floor=floor, goal=goal, say=say)
    if table is None:
        return None
    response = best_response(variant, table, goal=goal, population=list(population))
    return ScoreOnly(table, 0, win_rate(variant, table, table, goal=goal), response)


def mended_table(variant: Variant, *, table: np.ndarray, rivals: Sequence[np.ndarray] = (), floor: float = 0.0,
                 goal: int | None = None, say: Say | None = None) -> np.ndarray | None:
    """The first table one pass from TABLE gives, margins from the highest and weights from the
    lowest (few changes first), that is at least even against TABLE and each of RIVALS and at
    least FLOOR against ``always_roll(4)``; TABLE itself if it already meets them; None if no
    margin does."""
    model = model_for(variant, goal)
    anchors = np.stack([table, always(4, model.goal), *rivals])
    before = figures_against(variant, table, anchors, goal=goal)
    short = shortfalls(before, floor)
    if say:
        say(f"  mending: {before[1]:.6f} vs always_roll(4) (floor {floor:g}), "
            f"{int(short[2:].sum())} of {len(rivals)} rivals beat the table")
    if not short.any():
        return table
    return _smallest_step(model, variant, table, anchors, short, floor=floor, goal=goal, say=say)


def _smallest_step(model: Model, variant: Variant, start: np.ndarray, anchors: np.ndarray, short: np.ndarray, *,
                   floor: float, goal: int | None, say: Say | None) -> np.ndarray | None:
    """The first table the margins and weights give (see :func:`mend`) that falls short of no
    anchor. A table that falls short of an anchor the step did not aim at adds that anchor to
    the step's opponents, and the margins start again from the highest."""
    targets = short.copy()
    while True:
        found, missed = _first_step(model, variant, start, anchors, targets, floor=floor, goal=goal, say=say)
        if found is not None or not (missed & ~targets).any():
            return found
        targets |= missed
        if say:
            say(f"  the step now aims at {int(targets[1:].sum())} anchors, the ones its tables fell short of")


def _first_step(model: Model, variant: Variant, start: np.ndarray, anchors: np.ndarray, targets: np.ndarray, *,
                floor: float, goal: int | None, say: Say | None) -> tuple[np.ndarray | None, np.ndarray]:
    """The first table the margins and weights give against the start and the TARGETS anchors
    that falls short of none, or None; and every anchor the tables tried fell short of."""
    off = model.offset
    opponents = [model.columns(start), *(model.columns(a) for a in anchors[targets])]
    both, mine = seatings(model.columns(start), opponents)
    missed = np.zeros(len(anchors), dtype=bool)
    for margin in MARGINS:
        for weight in WEIGHTS:
            scale = np.repeat(np.r_[1.0, np.full(len(opponents) - 1, weight)], 2)
            step = improve(model, both, mine, scale=scale, margin=margin)
            if not step.changed:
                continue
            table = step.table - off
            figures = figures_against(variant, table, anchors, goal=goal)
            if say:
                say(f"  margin {margin:g}, weight {weight:g}: {step.changed} entries changed; "
                    f"{figures[0]:.6f} vs the start, {figures[1]:.6f} vs always_roll(4), "
                    f"{figures[2:].min(initial=1.0):.6f} vs the rival it does worst against")
            fallen = shortfalls(figures, floor)
            if not fallen.any():
                return table, missed
            missed |= fallen
    return None, missed
