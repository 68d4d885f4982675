"""Mending a table: the fewest changes that lift it past its rivals and to its floor."""

from __future__ import annotations

import numpy as np
import pytest

from hogkit.exact import always, contest_figure, model_for
from hogkit.improve import improve
from hogkit.mend import mend, shortfalls
from hogkit.solver import seatings, solve_score_only
from hogkit.variant import load_variant

GOAL = 30


def test_shortfalls_marks_anchors_below_even_and_always_roll_4_below_the_floor():
    figures = np.array([0.5, 0.80, 0.4999, 0.51])  # the start, always_roll(4), two rivals
    assert shortfalls(figures, 0.79).tolist() == [False, False, True, False]
    assert shortfalls(figures, 0.81).tolist() == [False, True, True, False]


@pytest.fixture(scope="module")
def start_and_rival() -> tuple[np.ndarray, np.ndarray]:
    """fa17 at goal 30: one self-play pass, and a step from it that beats it."""
    variant = load_variant("fa17")
    start = solve_score_only(variant, goal=GOAL, iterations=1, rounds=0, candidates=0).table
    model = model_for(variant, GOAL)
    both, mine = seatings(model.columns(start), [model.columns(start)])
    rival = improve(model, both, mine, margin=0.02).table - model.offset
    assert contest_figure(variant, start, rival, goal=GOAL) < 0.49
    return start, rival


@pytest.mark.slow
def test_mend_lifts_a_table_past_a_rival_and_to_a_floor_with_few_changes(start_and_rival):
    variant = load_variant("fa17")
    start, rival = start_and_rival
    four = always(4, GOAL)
    floor = contest_figure(variant, start, four, goal=GOAL) + 0.002
    mended = mend(variant, start=start, rivals=[rival], floor=floor, goal=GOAL)
    assert mended is not None and 0 < int((mended.table != start).sum()) < 20
    assert contest_figure(variant, mended.table, rival, goal=GOAL) >= 0.5
    assert contest_figure(variant, mended.table, start, goal=GOAL) >= 0.5
    assert contest_figure(variant, mended.table, four, goal=GOAL) >= floor
    assert mended.exploitability is not None and mended.exploitability >= 0.5


@pytest.mark.slow
def test_mend_gives_none_when_no_pass_reaches_the_floor(start_and_rival):
    start, _ = start_and_rival
    assert mend(load_variant("fa17"), start=start, floor=0.999, goal=GOAL) is None
