"""Properties of the reference engine, and agreement between the engine and each hog.py."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hogkit import game
from hogkit.shipped.dice import make_test_dice
from hogkit.strategy_table import table_of
from hogkit.variant import load_variant
from tests.conftest import ALL_SPECS, play_hog, reference

VARIANTS = {spec: load_variant(spec) for spec in ALL_SPECS}
outcome_lists = st.lists(st.integers(1, 6), min_size=1, max_size=12)


def table_strategy(choices, goal):
    """A strategy that looks its answer up in a table drawn by hypothesis."""
    def strategy(score, opponent_score):
        return choices[(score * 31 + opponent_score * 7) % len(choices)]
    return strategy


def choice_lists(variant):
    return st.lists(st.sampled_from(variant.legal_rolls), min_size=1, max_size=15)


def drawn_game(variant, data):
    """A game of two drawn table strategies on drawn test dice, played afresh at each call."""
    s0 = table_strategy(data.draw(choice_lists(variant)), variant.goal)
    s1 = table_strategy(data.draw(choice_lists(variant)), variant.goal)
    outcomes = data.draw(outcome_lists)
    return lambda: game.play(variant, s0, s1, dice=make_test_dice(*outcomes), wild_dice=make_test_dice(*outcomes))


@pytest.mark.parametrize("spec", ALL_SPECS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_game_ends_with_a_score_at_the_goal(spec, data):
    variant = VARIANTS[spec]
    play = drawn_game(variant, data)
    result = play()
    assert max(result.scores) >= variant.goal
    assert all(max(t.before) < variant.goal for t in result.turns)


@pytest.mark.parametrize("spec", ALL_SPECS)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_same_test_dice_same_game(spec, data):
    play = drawn_game(VARIANTS[spec], data)
    first, again = play(), play()
    assert first.scores == again.scores and first.turns == again.turns


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_scores_never_decrease_without_a_swap_rule(data):
    variant = VARIANTS["pig-tail"]
    s0 = table_strategy(data.draw(choice_lists(variant)), variant.goal)
    s1 = table_strategy(data.draw(choice_lists(variant)), variant.goal)
    result = game.play(variant, s0, s1, dice=make_test_dice(*data.draw(outcome_lists)))
    for turn in result.turns:
        assert turn.after[0] >= turn.before[0] and turn.after[1] >= turn.before[1]


def _turn_bounds(variant, num_rolls):
    """The least and most points a turn of NUM_ROLLS dice can score under VARIANT's rules."""
    if num_rolls == 0:
        values = [game.take_turn(variant, 0, score) for score in range(variant.goal)]
        return min(values), max(values)
    hi = 6 * num_rolls
    boost = variant.rule("boost")
    if boost is not None:
        hi = max(boost.hook(p) for p in range(hi + 1))
    return 1, hi  # every dice rule scores at least 1 (a Pig Out of k dice scores 1 to 11 - k)


@pytest.mark.parametrize("spec", ALL_SPECS)
@settings(max_examples=80, deadline=None)
@given(num_rolls=st.integers(0, 10), outcomes=outcome_lists, opponent=st.integers(0, 99))
def test_turn_score_bounds(spec, num_rolls, outcomes, opponent):
    variant = VARIANTS[spec]
    points = game.take_turn(variant, num_rolls, opponent, make_test_dice(*outcomes))
    lo, hi = _turn_bounds(variant, num_rolls)
    assert lo <= points <= hi
    if num_rolls and variant.rule("dice_outcome").id in ("pig_out", "sow_sad") and 1 in outcomes[:num_rolls]:
        if len(outcomes) >= num_rolls:
            assert points == (variant.rule("boost").hook(1) if variant.rule("boost") else 1)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_pork_chop_at_most_once_per_player(data):
    variant = VARIANTS["fa17"]
    choices = data.draw(st.lists(st.sampled_from([-1, -1, -1, 0, 2, 5]), min_size=1, max_size=8))
    result = game.play(variant, table_strategy(choices, 100), table_strategy(choices[::-1], 100),
                       dice=make_test_dice(*data.draw(outcome_lists)))
    for who in (0, 1):
        chops = [t for t in result.turns if t.who == who and t.plan.rolls == -1]
        assert len(chops) <= 1
        later = [t for t in result.turns if t.who == who and t.plan.choice == -1][1:]
        assert all(t.plan.rolls == 10 for t in later)


@pytest.mark.parametrize("spec", ALL_SPECS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_reference_hog_play_agrees_with_the_engine(spec, data):
    """The play() rendered into hog.py and the engine run the same rules in the same order."""
    variant = VARIANTS[spec]
    hog = reference(variant)
    s0 = table_strategy(data.draw(choice_lists(variant)), variant.goal)
    s1 = table_strategy(data.draw(choice_lists(variant)), variant.goal)
    outcomes = data.draw(outcome_lists)
    start = data.draw(st.tuples(st.integers(0, 99), st.integers(0, 99)))
    later = data.draw(st.booleans()) or variant.rule("special_move") is not None
    extra = {"wild_dice": make_test_dice(*outcomes)} if variant.rule("dice_select") else {}
    engine = game.play(variant, s0, s1, score0=start[0], score1=start[1],
                       dice=make_test_dice(*outcomes), later_rules=later, **extra)
    ours, said = play_hog(variant, hog, s0, s1, dice=make_test_dice(*outcomes), start=start, later=later,
                          wild=make_test_dice(*outcomes))
    assert ours == engine.scores
    assert said == [t.after for t in engine.turns]


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_exact_turn_distribution_sums_to_one(spec):
    variant = VARIANTS[spec]
    state = game.start_state(variant, (13, 28))
    for choice in variant.legal_rolls:
        outcomes = game.turn_outcomes(variant, state, choice)
        assert abs(sum(p for p, _ in outcomes) - 1) < 1e-12


def test_roll_distribution_matches_known_pig_out_chance():
    variant = VARIANTS["fa19"]
    dist = dict(game.roll_distribution(variant.rule("dice_outcome").hook, 3, 6))
    assert abs(dist[1] - (1 - (5 / 6) ** 3)) < 1e-12


def test_strategy_table_round_trip(fa19):
    from hogkit.strategy_table import decode_table, encode_table
    table = table_of(lambda s, o: (s + o) % 12 - 1, 100)
    assert decode_table(encode_table(table)) == table
