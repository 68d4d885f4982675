"""The meta-Nash search: the matrix game's mixtures, and a search that keeps only what it measured
to be better and acceptable."""

from __future__ import annotations

import numpy as np
import pytest

from hogkit.exact import always, contest_figure
from hogkit.meta_nash import consensus, meta_nash, solve_meta_nash
from hogkit.solver import ScoreOnly, best_response, solve_score_only
from hogkit.variant import load_variant

GOAL = 30


def test_fictitious_play_finds_rock_paper_scissors_even():
    payoff = np.array([[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]])
    cols, rows, value = meta_nash(payoff)
    assert np.allclose(cols, 1 / 3, atol=0.01) and np.allclose(rows, 1 / 3, atol=0.01)
    assert abs(value - 0.5) < 0.01


def test_a_column_the_rows_always_beat_gets_no_weight():
    payoff = np.array([[0.6, 0.4, 0.9], [0.4, 0.6, 0.95]])  # the third answer is beaten by every row
    cols, _, value = meta_nash(payoff)
    assert cols[2] < 1e-3 and abs(cols[0] - 0.5) < 0.01
    assert abs(value - 0.5) < 0.01


def test_consensus_plays_each_cells_most_weighted_choice():
    tables = [np.array([[1, 2], [3, 0]]), np.array([[1, 5], [4, 0]]), np.array([[2, 5], [4, 4]])]
    pure = consensus(tables, np.array([0.45, 0.35, 0.2]))
    assert pure.tolist() == [[1, 5], [4, 0]]  # 0.35 + 0.2 outweigh 0.45 where the last two agree
    tied = consensus(tables[:2], np.array([0.5, 0.5]))
    assert tied.tolist() == tables[0].tolist()  # even weights: the first of the heaviest wins
    assert consensus(tables[:2], np.array([0.4, 0.6])).tolist() == tables[1].tolist()


@pytest.mark.slow  # a three-round search at goal 30 (the two-round one below runs in make test)
def test_the_search_improves_a_weak_start_only_to_a_measured_better_acceptable_table():
    variant = load_variant("fa17")
    start = solve_score_only(variant, goal=GOAL, iterations=1, rounds=0, candidates=0).table  # one self-play pass
    floor = contest_figure(variant, start, always(4, GOAL), goal=GOAL) - 0.05
    solved = solve_meta_nash(variant, start=start, rounds=3, floor=floor, purify=True, goal=GOAL)
    assert not np.array_equal(solved.table, start)
    assert solved.exploitability == min(solved.measured.values()) < solved.measured[0]
    assert contest_figure(variant, solved.table, start, goal=GOAL) >= 0.5
    assert contest_figure(variant, solved.table, always(4, GOAL), goal=GOAL) >= floor
    again = best_response(variant, solved.table, goal=GOAL)
    assert again.figure <= solved.exploitability + 1e-12  # the search's measure includes the plain one


@pytest.fixture(scope="module")
def fa17_search() -> tuple[np.ndarray, float, ScoreOnly]:
    """A short search at goal 30 from one self-play pass: the start, the floor and the result."""
    variant = load_variant("fa17")
    start = solve_score_only(variant, goal=GOAL, iterations=1, rounds=0, candidates=0).table
    floor = contest_figure(variant, start, always(4, GOAL), goal=GOAL) - 0.05
    return start, floor, solve_meta_nash(variant, start=start, rounds=2, floor=floor, goal=GOAL)


@pytest.mark.slow  # a two-round search at goal 30, shared with the test beside it
def test_a_later_search_starts_from_the_answers_an_earlier_one_kept(fa17_search):
    _, floor, first = fa17_search
    variant = load_variant("fa17")
    later = solve_meta_nash(variant, start=first.table, rounds=0, floor=floor, goal=GOAL, known=first.answers)
    assert len(later.answers) >= len(first.answers)
    kept = later.answers[:len(first.answers)]  # the known answers come first, in their order
    assert all(np.array_equal(a, b) for a, b in zip(first.answers, kept, strict=True))
    assert later.measured[0] >= first.exploitability - 1e-12  # the same table, measured from more starts


@pytest.mark.slow  # a two-round search at goal 30, shared with the test beside it
def test_a_table_kept_beside_a_rival_is_at_least_even_against_it(fa17_search):
    start, floor, first = fa17_search
    variant = load_variant("fa17")
    rival = first.response.table  # the strongest answer found to the first search's table
    assert contest_figure(variant, first.table, rival, goal=GOAL) < 0.5
    solved = solve_meta_nash(variant, start=start, rounds=2, floor=floor, goal=GOAL, rivals=[rival])
    assert not np.array_equal(solved.table, start)  # the rival ruled out the first search's table, not all
    assert contest_figure(variant, solved.table, rival, goal=GOAL) >= 0.5


@pytest.mark.slow
def test_mended_candidates_meet_the_start_the_rivals_and_the_floor(fa17_search):
    start, floor, first = fa17_search
    variant = load_variant("fa17")
    rival = first.response.table
    solved = solve_meta_nash(variant, start=start, rounds=2, floor=floor, goal=GOAL, rivals=[rival], mend=True,
                             candidates=2)
    assert len(solved.measured) == 3  # the start and two candidates, one of them mended
    assert not np.array_equal(solved.table, start)  # here a mended candidate measures best
    assert solved.exploitability == min(solved.measured.values())
    assert contest_figure(variant, solved.table, rival, goal=GOAL) >= 0.5
    assert contest_figure(variant, solved.table, start, goal=GOAL) >= 0.5
    assert contest_figure(variant, solved.table, always(4, GOAL), goal=GOAL) >= floor
