"""Every semester's exact win rate (and that of the specs in OTHER_SPECS) against games of its own
kit: two strategy tables play many games of the kit's reference hog.py (its play, in the course's
style) with fair dice, and the share player 0 wins lies within 4.5 standard errors of the exact
evaluator's figure for the same pair."""

from __future__ import annotations

import random

import numpy as np
import pytest

from hogkit.exact import win_rate
from hogkit.generate.reference import reference_hog
from hogkit.variant import DEFAULT_VARIANT, load_variant, variant_names
from tests.conftest import ROOT, play_hog

GAMES = 1200
# Semesters of specs outside variants/: one nobody has taught, whose rules read the dice count,
# both scores and a memory (examples/spring27), and rules on the turn's points and the mover.
OTHER_SPECS = {"spring27": ROOT / "examples" / "spring27" / "spring27.toml",
               "late": ROOT / "tests" / "data" / "general" / "late.toml"}


def _tables(variant, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Two tables that vary with the scores (few dice near the goal, more when far behind)."""
    rng = np.random.default_rng(seed)
    legal = np.array([n for n in variant.legal_rolls if n >= 0])
    goal = variant.goal
    return rng.choice(legal, (goal, goal)), rng.choice(legal, (goal, goal))


@pytest.mark.parametrize("name", [
    *(pytest.param(name, marks=() if name == DEFAULT_VARIANT else pytest.mark.slow) for name in variant_names()),
    *(pytest.param(str(path), id=key, marks=pytest.mark.slow) for key, path in OTHER_SPECS.items())])
def test_games_of_the_kits_hog_agree_with_the_exact_win_rate(name):
    variant = load_variant(name)
    t0, t1 = _tables(variant, 5)
    exact = win_rate(variant, t0, t1)
    hog = reference_hog(variant)
    rng = random.Random(17)

    def fair(sides: int):
        return lambda: rng.randint(1, sides)

    def table(t):
        return lambda score, opponent: int(t[score][opponent])

    wins = 0
    for _ in range(GAMES):
        (score0, score1), _ = play_hog(variant, hog, table(t0), table(t1), dice=fair(6), wild=fair(4))
        wins += score0 > score1
    sigma = (exact * (1 - exact) / GAMES) ** 0.5
    assert abs(wins / GAMES - exact) < 4.5 * sigma, (wins / GAMES, exact)
