"""The general layout split in halves (hogkit/exact/split.py): which turns split (Turn.halves, from
the rules' memory), and the same figures as the slow reference and as the general layout's classes
on every variant that splits: sp20 and su20 (points), fa19 counted in the general layout (dice), a
bonus of three sizes on the points (three classes a choice), and extra turns that depend on the
scores with a memory of points (general.toml) or of dice (dice-extra.toml)."""

from __future__ import annotations

import numpy as np
import pytest

from hogkit.exact import contest_figure, win_rate
from hogkit.exact.general import general_backward, general_model, general_pair_start
from hogkit.exact.split import halves_of, split_backward, split_model, split_pair_start
from hogkit.exact_reference import reference_win_rate
from hogkit.turn import turn_of
from hogkit.variant import load_variant
from tests.conftest import MIXED_SPEC, ROOT

DATA = ROOT / "tests" / "data" / "general"
SPLIT = {"fa19": (11, 2), "sp20": (14, 2), "su20": (14, 2), str(DATA / "general.toml"): (14, 2),
         str(DATA / "steps.toml"): (14, 3), str(DATA / "dice-extra.toml"): (11, 2)}  # half's size, classes
WHOLE = ["pig-tail", "sp18", "su18", "fa17", "fa20", "sp21", "sp22", str(MIXED_SPEC)]
GOAL = 30


def _id(name: str) -> str:
    return name.rsplit("/", 1)[-1]


def random_tables(variant, goal: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    choices = np.array(variant.legal_rolls)
    return rng.choice(choices, (goal, goal)), rng.choice(choices, (goal, goal))


@pytest.mark.parametrize("name", list(SPLIT), ids=_id)
def test_a_memory_of_each_players_dice_or_points_splits_in_halves(name):
    halves = halves_of(general_model(load_variant(name), 20))
    assert (halves.size, halves.classes) == SPLIT[name]
    assert (halves.state[halves.opp, halves.own] == np.arange(halves.size ** 2)).all()


@pytest.mark.parametrize("name", WHOLE, ids=_id)
def test_other_memories_and_none_do_not_split(name):
    assert turn_of(load_variant(name)).halves() is None


@pytest.mark.parametrize("name", list(SPLIT), ids=_id)
def test_the_split_layout_agrees_with_the_slow_reference(name):
    """Both seats moving first, at a small goal."""
    variant, goal = load_variant(name), 16
    split = split_model(general_model(variant, goal))
    t0, t1 = random_tables(variant, goal, 0)
    first, second = split_pair_start(split, split.model.columns(np.stack([t0, t1])), seats=(0, 1))
    assert abs(first - reference_win_rate(variant, t0.tolist(), t1.tolist(), goal)) < 1e-9
    assert abs(second - (1 - reference_win_rate(variant, t1.tolist(), t0.tolist(), goal))) < 1e-9


@pytest.mark.parametrize("name", list(SPLIT), ids=_id)
def test_the_split_layout_gives_the_general_layouts_figures(name):
    variant = load_variant(name)
    model = general_model(variant, GOAL)
    split = split_model(model)
    for seed in range(3):
        both = model.columns(np.stack(random_tables(variant, GOAL, seed)))
        ours = split_pair_start(split, both, seats=(0, 1))
        theirs = general_pair_start(model, both, seats=(0, 1))
        assert np.abs(np.array(ours) - theirs).max() < 1e-12


def test_the_mixed_spec_is_counted_right_without_halves():
    """Time Trot's memory (a turn count and a flag of the game) does not split: the fast layout counts it."""
    variant, goal = load_variant(MIXED_SPEC), 20
    t0, t1 = random_tables(variant, goal, 4)
    assert abs(win_rate(variant, t0, t1, goal=goal) - reference_win_rate(variant, t0.tolist(), t1.tolist(), goal)) \
        < 1e-9


def test_contest_figures_of_split_variants_take_both_seats():
    variant = load_variant("sp20")
    t0, t1 = random_tables(variant, GOAL, 9)
    figure = contest_figure(variant, t0, t1, goal=GOAL)
    assert abs(figure - (win_rate(variant, t0, t1, goal=GOAL) + 1 - win_rate(variant, t1, t0, goal=GOAL)) / 2) < 1e-12


@pytest.mark.parametrize("name", [str(DATA / "general.toml"), str(DATA / "steps.toml"), "sp20"], ids=_id)
def test_best_play_in_halves_is_the_general_layouts(name):
    """The solver's passes (hogkit.solver.solve_general): both seats free, and each seat against a table."""
    variant, goal = load_variant(name), 16
    model = general_model(variant, goal)
    table = model.columns(random_tables(variant, goal, 2)[0])
    for fixed in ({}, {0: table}, {1: table}):
        ours, our_choices = split_backward(split_model(model), fixed)
        theirs, their_choices = general_backward(model, fixed)
        assert np.abs(ours - theirs).max() < 1e-12
        assert (our_choices == their_choices).all()
