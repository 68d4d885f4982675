"""The solver: exact optimum where the state is only the two scores, sane tables elsewhere."""

from __future__ import annotations

import numpy as np

from hogkit.exact import always, contest_figure, model_for, win_rate
from hogkit.solver import best_response, solve_full_information, solve_score_only
from hogkit.variant import load_variant

GOAL = 30


def test_pig_tail_score_only_is_the_full_information_optimum():
    variant = load_variant("pig-tail")
    full, _ = solve_full_information(variant, goal=GOAL)
    solved = solve_score_only(variant, goal=GOAL)
    assert abs(solved.self_play - full) < 1e-12


def test_pig_tail_no_single_entry_change_improves():
    variant = load_variant("pig-tail")
    table = solve_score_only(variant, goal=GOAL).table
    rng = np.random.default_rng(3)
    changed = []
    for _ in range(40):
        s, o, k = rng.integers(GOAL), rng.integers(GOAL), rng.integers(11)
        if table[s, o] == k:
            continue
        other = table.copy()
        other[s, o] = k
        changed.append(other)
    from hogkit.exact import figures_against

    figures = figures_against(variant, table, np.stack(changed), goal=GOAL)
    assert (figures >= 0.5 - 1e-12).all()
    # every entry, by the one-step condition: no choice beats the table's in any cell
    full, W = solve_full_information(variant, goal=GOAL)
    assert abs(win_rate(variant, table, table, goal=GOAL) - full) < 1e-12
    _, figure = best_response(variant, table, goal=GOAL, iterations=1)
    assert figure <= 0.5 + 1e-12


def test_score_only_tables_are_legal_and_strong():
    for name in ("fa19", "sp18"):
        variant = load_variant(name)
        solved = solve_score_only(variant, goal=GOAL, iterations=3, rounds=2)
        model = model_for(variant, GOAL)
        assert set(np.unique(solved.table)) <= set(model.choices)
        assert contest_figure(variant, solved.table, always(4, GOAL), goal=GOAL) > 0.6
        # the exploitability reported is what a best response really reaches
        _, again = best_response(variant, solved.table, goal=GOAL, iterations=3)
        assert abs(again - solved.exploitability) < 1e-12
        assert solved.exploitability >= 0.5 - 1e-12


def test_a_warm_start_never_ends_worse_than_its_table():
    variant = load_variant("su18")
    start = always(5, GOAL)
    _, start_exploit = best_response(variant, start, goal=GOAL, iterations=3)
    solved = solve_score_only(variant, goal=GOAL, start=start, iterations=2, rounds=1)
    assert solved.exploitability <= start_exploit + 1e-12
    assert solved.exploitability < start_exploit  # and here it finds a better table
