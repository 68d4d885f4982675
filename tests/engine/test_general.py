"""The general layout of the exact evaluator (hogkit/exact/general.py): the same figures as the fast
layouts on the seeds' rules, the slow reference's on rules the fast layouts cannot count (zero dice
on both scores, a bonus on the previous turn's points, a post-turn rule on both scores, extra turns
that depend on the scores and chain), and simulated games of the reference hog.py."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from hogkit.exact import win_rate
from hogkit.exact.general import general_model, general_optimum, general_start_values
from hogkit.exact_reference import reference_win_rate
from hogkit.game import play
from hogkit.generate.calc_step import calc_model_json
from hogkit.generate.reference import reference_hog
from hogkit.shipped import calc
from hogkit.shipped.dice import make_test_dice
from hogkit.solver import solve_full_information
from hogkit.turn import turn_of
from hogkit.variant import load_variant
from tests.conftest import ROOT, SEED_VARIANTS, play_hog

GENERAL = ROOT / "tests" / "data" / "general" / "general.toml"
GOAL = 30


def random_tables(variant, goal: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    choices = np.array(variant.legal_rolls)
    return rng.choice(choices, (goal, goal)), rng.choice(choices, (goal, goal))


def test_the_general_rules_need_the_general_layout():
    assert not turn_of(load_variant(GENERAL)).separable


@pytest.mark.parametrize("name", [v for v in SEED_VARIANTS if v != "fa17"])  # fa17's Pork Chop: fast layout only
def test_the_general_layout_gives_the_fast_layouts_figures(name):
    variant = load_variant(name)
    for seed in range(2):
        t0, t1 = random_tables(variant, GOAL, seed)
        fast = win_rate(variant, t0, t1, goal=GOAL)
        general = general_start_values(variant, GOAL, np.stack([t0, t1]), seats=(0,))[0]
        assert abs(fast - general) < 1e-12


@pytest.mark.parametrize("name", ["pig-tail", "sp18"])
def test_the_general_optimum_is_the_full_information_optimum(name):
    variant = load_variant(name)
    model = general_model(variant, GOAL)
    values, _ = general_optimum(model)
    assert abs(values[model.h0 * GOAL * GOAL] - solve_full_information(variant, goal=GOAL)[0]) < 1e-12


def test_the_general_layout_agrees_with_the_slow_reference():
    variant = load_variant(GENERAL)
    goal = 20
    for seed in range(2):
        t0, t1 = random_tables(variant, goal, seed)
        exact = win_rate(variant, t0, t1, goal=goal)
        assert abs(exact - reference_win_rate(variant, t0.tolist(), t1.tolist(), goal)) < 1e-9


def assert_rendered_play_agrees(variant, *, games: int, rolls: int) -> None:
    """GAMES games of random strategy tables and ROLLS seeded dice, played by the reference hog.py's
    play and by the engine, end in the same scores after the same turns."""
    hog = reference_hog(variant)
    for seed in range(games):
        t0, t1 = random_tables(variant, variant.goal, seed)

        def s0(s, o, t=t0):
            return int(t[s][o])

        def s1(s, o, t=t1):
            return int(t[s][o])

        outcomes = random.Random(seed).choices(range(1, 7), k=rolls)
        engine = play(variant, s0, s1, dice=make_test_dice(*outcomes))
        ours, said = play_hog(variant, hog, s0, s1, dice=make_test_dice(*outcomes))
        assert ours == engine.scores and said == [t.after for t in engine.turns]


def test_the_rendered_play_plays_the_general_rules_as_the_engine_does():
    assert_rendered_play_agrees(load_variant(GENERAL), games=20, rolls=37)


def test_simulated_games_of_the_reference_agree_with_the_exact_figure():
    """always_roll(6) against always_roll(4), played by the kit's own hog.py with fair dice."""
    variant = load_variant(GENERAL)
    hog = reference_hog(variant)
    exact = win_rate(variant, np.full((100, 100), 6), np.full((100, 100), 4))
    rng = random.Random(61)
    games = 1500
    won = sum(play_hog(variant, hog, hog.always_roll(6), hog.always_roll(4), dice=lambda: rng.randint(1, 6))[0][0]
              >= variant.goal for _ in range(games))
    sigma = (exact * (1 - exact) / games) ** 0.5
    assert abs(won / games - exact) < 4 * sigma


@pytest.mark.parametrize("numpy", [True, False])
def test_calc_counts_the_general_rules_as_the_evaluator_does(numpy):
    """The kit's calc.py, given calc_model.json and the reference hog.py, counts the same game."""
    variant = load_variant(GENERAL)
    goal = 20
    counted = calc.derive(calc.Spec(json.loads(calc_model_json(variant, goal=goal))), reference_hog(variant))
    t0, t1 = random_tables(variant, goal, 5)
    assert abs(calc.win_rate(counted, t0.tolist(), t1.tolist(), numpy=numpy) - win_rate(variant, t0, t1, goal=goal)) \
        < 1e-9
