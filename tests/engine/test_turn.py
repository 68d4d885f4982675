"""One statement of a turn (hogkit.turn), four readings of it: for every variant, the reference game,
the exact model, the play rendered into hog.py and calc.py's model (from calc_model.json) agree
with the statement and with each other."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hogkit import game
from hogkit.exact import model_for
from hogkit.generate.calc_step import calc_model_data, calc_model_json
from hogkit.generate.reference import reference_hog
from hogkit.shipped import calc
from hogkit.shipped.dice import make_test_dice
from hogkit.turn import SPECIAL, turn_of
from hogkit.variant import load_variant
from tests.conftest import ALL_SPECS, SLOW_SEMESTERS, play_hog

GOAL = 30


def _seeded(seed: int, sides: int):
    rng = random.Random(seed)
    return lambda: rng.randint(1, sides)


def _table_strategy(variant, seed: int):
    rng, legal = random.Random(seed), variant.legal_rolls
    table = [[rng.choice(legal) for _ in range(200)] for _ in range(200)]
    return lambda score, opponent: table[score][opponent]


@pytest.mark.parametrize("spec", [*ALL_SPECS, *SLOW_SEMESTERS])
@pytest.mark.parametrize("seed", range(8))
def test_the_rendered_play_and_the_game_give_the_same_scores_on_seeded_dice(spec, seed):
    variant = load_variant(spec)
    s0, s1 = _table_strategy(variant, seed), _table_strategy(variant, seed + 100)
    wild = {"wild_dice": _seeded(seed, 4)} if turn_of(variant).rule("dice") else {}
    engine = game.play(variant, s0, s1, dice=_seeded(seed, 6), **wild)
    ours, said = play_hog(variant, reference_hog(variant), s0, s1, dice=_seeded(seed, 6), wild=_seeded(seed, 4))
    assert ours == engine.scores
    assert said == [t.after for t in engine.turns]
    assert len(said) > 3


MOST_TURNS = 5000


class Endless(Exception):
    """A drawn game went on past MOST_TURNS turns."""


@pytest.mark.parametrize("spec", [*ALL_SPECS, *SLOW_SEMESTERS])
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_the_rendered_play_agrees_with_the_engine_from_any_start(spec, data):
    """Tables of choices, test dice, a start and the later rules on or off, drawn by hypothesis:
    the kit's own play (extra turns, update functions and all) gives the engine's scores after
    every turn."""
    variant = load_variant(spec)
    later = data.draw(st.booleans())
    legal = [n for n in variant.legal_rolls if later or n >= 0]  # a special move needs the later rules
    tables = [data.draw(st.lists(st.sampled_from(legal), min_size=1, max_size=15)) for _ in range(2)]
    asked = [0]

    def choose(table: list[int], score: int, opponent: int) -> int:
        asked[0] += 1
        if asked[0] > MOST_TURNS:  # turns of 0 points (sp22's Hefty Hogs) can go on for ever, as in the course
            raise Endless
        return table[(score * 31 + opponent * 7) % len(table)]

    s0, s1 = ((lambda score, opponent, t=t: choose(t, score, opponent)) for t in tables)
    outcomes = data.draw(st.lists(st.integers(1, 6), min_size=1, max_size=12))
    start = data.draw(st.tuples(st.integers(0, variant.goal - 1), st.integers(0, variant.goal - 1)))
    wild = {"wild_dice": make_test_dice(3, 1, 4)} if turn_of(variant).rule("dice") else {}
    try:
        engine = game.play(variant, s0, s1, score0=start[0], score1=start[1], dice=make_test_dice(*outcomes),
                           later_rules=later, **wild)
    except Endless:
        assume(False)  # a game that never ends is no game to compare
    asked[0] = 0  # the kit's play asks as often as the engine did
    ours, said = play_hog(variant, reference_hog(variant), s0, s1, dice=make_test_dice(*outcomes), start=start,
                          later=later, wild=make_test_dice(3, 1, 4))
    assert ours == engine.scores
    assert said == [t.after for t in engine.turns]


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_the_exact_model_moves_as_the_game_does_from_every_hidden_state(spec):
    """Each (mover, hidden state, choice) of the model: the dice, the bonus and the next context
    are what the reference game's finish_turn gives from a state with that memory."""
    variant = load_variant(spec)
    turn, model = turn_of(variant), model_for(variant, GOAL)
    assert model.nh == len(turn.hidden_states()) == math.prod(turn.sizes())
    for who in range(2):
        for h, view in enumerate(turn.hidden_states()):
            state = game.TurnState(scores=(3, 5), who=who, memory=turn.seen_by(view, who))
            for c, choice in enumerate(turn.choices):
                plan = game.plan_turn(variant, state, choice)
                after, record = game.finish_turn(variant, state, plan, 1)
                nxt = after.who * model.nh + turn.index(turn.seen_by(after.memory, after.who))
                assert (model.rolls[who, h, c], model.bonus[who, h, c], model.nextctx[who, h, c]) == (
                    plan.rolls, record.bonus, nxt)


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_the_exact_models_points_rows_are_the_statements(spec):
    variant = load_variant(spec)
    turn, model = turn_of(variant), model_for(variant, GOAL)
    rows = turn.points_rows(GOAL)
    for row, (rolls, sides, opponent, used) in enumerate(rows.plans()):
        if not used:
            continue
        plan = game.TurnPlan(rolls, rolls, sides)
        want = dict(game.points_distribution(variant, plan, opponent))
        got = {int(v): p for v, p in zip(model.vals[row], model.probs[row], strict=True) if p > 0}
        assert got == pytest.approx(want)
        assert row == (rows.zero(opponent) if rolls == 0 else rows.dice(rolls, int(sides != 6)))
    assert model.chop_row == rows.special
    wild = [[turn.sides(m, o) != 6 for o in range(GOAL)] for m in range(GOAL)]
    assert (model.wild == np.array(wild)).all()


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_calc_model_is_the_documented_schema_and_counts_the_same_game(spec):
    """calc_model.json names the format's own fields (not the evaluator's), and calc.py's game of
    the reference hog.py has the exact model's points rows, dice, bonuses and next contexts."""
    variant = load_variant(spec)
    turn, model = turn_of(variant), model_for(variant, GOAL)
    data = calc_model_data(variant, goal=GOAL)
    assert data["fields"] == [slot.field for slot in turn.slots]
    assert len(data["hidden"]) == model.nh and data["start"] == model.h0
    ours = calc.derive(calc.Spec(json.loads(calc_model_json(variant, goal=GOAL))), reference_hog(variant))
    rows = turn.points_rows(GOAL)
    for row, (_, _, _, used) in enumerate(rows.plans()):
        if used:
            got = {int(v): p for v, p in zip(model.vals[row], model.probs[row], strict=True) if p > 0}
            assert dict(ours.dists[row]) == pytest.approx(got)
    assert ours.rolls == model.rolls[0].ravel().tolist() == model.rolls[1].ravel().tolist()
    assert ours.bonus == model.bonus[0].ravel().tolist()
    H = model.nh
    following = [(who if ours.extra[k] else 1 - who) * H + ours.next_hidden(k, ours.rolls[k] < 0, ours.extra[k], 0)
                 for who in (0, 1) for k in range(len(ours.rolls))]
    assert following == model.nextctx.ravel().tolist()


def test_a_special_move_is_remembered_and_a_second_one_rolls_dice():
    variant = load_variant("fa17")
    turn = turn_of(variant)
    view = turn.start
    assert turn.rolls(view, SPECIAL) == SPECIAL
    after = turn.resolve(view, SPECIAL).after
    assert turn.spent(after) == 1 and turn.rolls(after, SPECIAL) == 10
    assert turn.rolls(view, SPECIAL, later=False) == SPECIAL  # the choice rule off: the choice itself
