"""The solver: exact optimum where the state is only the two scores, sane tables elsewhere."""

from __future__ import annotations

import numpy as np

from hogkit.exact import always, contest_figure, model_for, win_rate
from hogkit.solver import _robust, _self_play, best_response, solve_full_information, solve_score_only
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


def test_robust_weighting_keeps_each_cells_mass_per_mover():
    rng = np.random.default_rng(5)
    model = model_for(load_variant("sp18"), GOAL)
    occ = rng.random((2, 2 * model.nh, GOAL * GOAL))
    mass = occ.reshape(2, 2, model.nh, -1).sum(axis=2)
    for flatten in (0.3, 1.0):
        mixed = _robust(occ, flatten).reshape(2, 2, model.nh, -1)
        assert np.allclose(mixed.sum(axis=2), mass)
    assert np.allclose(mixed, mixed[:, :, :1])  # fully flattened: even over the hidden states


def test_a_margin_keeps_the_entries_that_gain_too_little():
    model = model_for(load_variant("su18"), GOAL)
    table = np.full((GOAL, GOAL), 4 + model.offset)
    _, changed, _ = _self_play(model, table, full=False)
    assert changed > 0
    _, changed, _ = _self_play(model, table, full=False, margin=1.0)  # no gain beats a whole weight
    assert changed == 0


def test_robust_search_reports_what_a_best_response_reaches():
    variant = load_variant("sp18")
    solved = solve_score_only(variant, goal=GOAL, iterations=3, rounds=1, flatten=0.6, margin=0.002)
    _, again = best_response(variant, solved.table, goal=GOAL, iterations=3)
    assert abs(again - solved.exploitability) < 1e-12


def test_answering_the_best_responses_never_ends_worse():
    variant = load_variant("su18")
    start = always(5, GOAL)
    kwargs = dict(goal=GOAL, start=start, iterations=2, rounds=1, flatten=0.3, margin=0.01)
    without = solve_score_only(variant, answers=0, **kwargs)
    answered = solve_score_only(variant, answers=3, **kwargs)
    assert answered.exploitability <= without.exploitability + 1e-12
    _, again = best_response(variant, answered.table, goal=GOAL, iterations=3)
    assert abs(again - answered.exploitability) < 1e-12
