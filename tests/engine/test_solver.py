"""The solver: exact optimum where the state is only the two scores, sane tables elsewhere, and a
best response that is hard to fool."""

from __future__ import annotations

from itertools import islice

import numpy as np
import pytest

from graders.sample_entries import sample_tables
from hogkit.exact import always, contest_figure, figures_against, model_for
from hogkit.improve import improve, start_place
from hogkit.solver import (
    FULL,
    best_response,
    response_starts,
    solve_full_information,
    solve_score_only,
)
from hogkit.strategy_table import decode_array
from hogkit.variant import load_variant

GOAL = 30


def test_pig_tail_score_only_is_the_full_information_optimum():
    variant = load_variant("pig-tail")
    full, _ = solve_full_information(variant, goal=GOAL)
    solved = solve_score_only(variant, goal=GOAL)
    assert abs(solved.self_play - full) < 1e-12
    assert abs(solved.exploitability - 0.5) < 1e-12


def test_pig_tail_no_single_entry_change_improves():
    variant = load_variant("pig-tail")
    table = solve_score_only(variant, goal=GOAL, candidates=0).table
    rng = np.random.default_rng(3)
    changed = []
    for _ in range(40):
        s, o, k = rng.integers(GOAL), rng.integers(GOAL), rng.integers(11)
        if table[s, o] == k:
            continue
        other = table.copy()
        other[s, o] = k
        changed.append(other)
    figures = figures_against(variant, table, np.stack(changed), goal=GOAL)
    assert (figures >= 0.5 - 1e-12).all()
    assert best_response(variant, table, goal=GOAL).figure <= 0.5 + 1e-12


@pytest.fixture(scope="module")
def fa17_table():
    """A fa17 table after self-play alone (Pork Chop makes it easy to exploit)."""
    return solve_score_only(load_variant("fa17"), goal=GOAL, iterations=3, rounds=0, candidates=0).table


@pytest.mark.slow
@pytest.mark.parametrize("name", ["fa17", "sp18"])
def test_the_best_response_finds_at_least_what_each_start_finds(name, fa17_table):
    """The full response is the best of its starts: never below what any one start finds alone,
    and never below the old measure (a few passes from the table itself)."""
    variant = load_variant(name)
    table = fa17_table if name == "fa17" else always(5, GOAL)
    population = [always(3, GOAL)]
    strong = best_response(variant, table, goal=GOAL, population=population)
    assert abs(contest_figure(variant, strong.table, table, goal=GOAL) - strong.figure) < 1e-12
    assert 0.5 - 1e-12 <= strong.figure <= strong.bound + 1e-12
    names = response_starts(model_for(variant, GOAL), population)
    assert strong.starts == len(names)
    alone = {start: best_response(variant, table, goal=GOAL, population=population, starts=[start]).figure
             for start in names}
    assert strong.figure >= max(alone.values()) - 1e-12
    assert strong.figure == pytest.approx(alone[strong.start], abs=1e-12)
    assert len(set(np.round(list(alone.values()), 6))) > 1  # the starts really differ


@pytest.mark.slow
def test_score_only_tables_are_legal_strong_and_measured_honestly():
    for name, candidates in (("fa19", 0), ("sp18", 1)):
        variant = load_variant(name)
        solved = solve_score_only(variant, goal=GOAL, iterations=2, rounds=1, flatten=0.6, margin=0.002,
                                  candidates=candidates)
        model = model_for(variant, GOAL)
        assert set(np.unique(solved.table)) <= set(model.choices)
        assert contest_figure(variant, solved.table, always(4, GOAL), goal=GOAL) > 0.6
    # the exploitability reported is what its response really reaches against the table kept,
    # and no less than what the default starts alone find
    response = solved.response
    assert abs(contest_figure(variant, response.table, solved.table, goal=GOAL) - response.figure) < 1e-12
    assert response.figure >= best_response(variant, solved.table, goal=GOAL).figure - 1e-12
    assert FULL in response_starts(model) and response.figure <= response.bound + 1e-12


@pytest.mark.slow
def test_a_warm_start_never_ends_worse_than_its_table():
    variant = load_variant("su18")
    start = always(5, GOAL)
    solved = solve_score_only(variant, goal=GOAL, start=start, iterations=1, rounds=1, flatten=0.3, margin=0.01,
                              candidates=1)
    assert 0 in solved.measured and solved.exploitability in solved.measured.values()
    assert solved.exploitability < solved.measured[0]  # and here it finds a better table
    assert contest_figure(variant, solved.table, start, goal=GOAL) >= 0.5  # which is not worse head to head


def test_a_margin_keeps_the_entries_that_gain_too_little():
    model = model_for(load_variant("su18"), GOAL)
    table = np.full((GOAL, GOAL), 4 + model.offset)
    itself = (np.stack([table, table])[None], np.array([[True, True]]))
    assert improve(model, *itself).changed > 0
    assert improve(model, *itself, margin=1.0).changed == 0  # no gain beats a whole weight


def test_full_information_play_wins_as_solved():
    """One self-play pass valued as full-information play keeps the full-information values."""
    variant = load_variant("sp18")
    model = model_for(variant, GOAL)
    full, _ = solve_full_information(variant, goal=GOAL)
    table = np.full((GOAL, GOAL), 4 + model.offset)
    step = improve(model, np.stack([table, table])[None], np.array([[True, True]]), full=True)
    assert abs(step.values[0][start_place(model)] - full) < 1e-12


@pytest.mark.parametrize("name", ["pig-tail", "fa17", "sp18", "su18", "fa19"])
def test_the_shipped_table_is_at_least_even_against_the_first_sample_entries(name):
    """The reference final strategy of each variant against the first sample entries: every
    always_roll(k), then the kit's strategies of Problems 10 and 11 at several settings."""
    variant = load_variant(name)
    (_, _, solved), *others = list(islice(sample_tables(variant), 36))
    tables = np.stack([decode_array(rows) for _, _, rows in others])
    figures = figures_against(variant, decode_array(solved), tables)
    assert figures.min() >= 0.5
