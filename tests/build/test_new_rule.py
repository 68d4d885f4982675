"""A newcomer adds a rule family with one module and one line in a spec: a toy family (Lucky
Sevens, a boost of its own), written by this test into a package of its own and registered
through hogkit.rules.register, is seen by the game, the exact evaluator, the rendered play, the
question bank and the grader."""

from __future__ import annotations

import importlib
import random
import sys
import textwrap

import numpy as np
import pytest

from graders.runner import grade_source
from hogkit import game
from hogkit.exact import always, win_rate
from hogkit.exact_reference import reference_win_rate
from hogkit.generate.bank import build_bank
from hogkit.generate.solution import solution_hog_source
from hogkit.rules import RULES, register, unregister
from hogkit.source_module import load_source_module
from hogkit.variant import load_variant
from tests.conftest import ROOT

TOY_MODULE = '''
"""Lucky Sevens (a toy family): a turn that scores exactly 7 points scores 14."""

from hogkit.rules.base import Concept, Example, Family, Rule

LUCKY = Family("lucky", "boost", "03", about="Lucky Sevens: a turn of exactly 7 points doubles")


def lucky_sevens(points):
    """Return the points of a turn that scored POINTS: 14 for exactly 7, else POINTS."""
    # BEGIN SOLUTION
    if points == 7:
        return 14
    return points
    # END SOLUTION


LUCKY_SEVENS = Rule(
    id="lucky_sevens",
    family="lucky",
    title="Lucky Sevens",
    summary="A turn that scores exactly 7 points scores 14 instead.",
    functions=(lucky_sevens,),
    hook=lucky_sevens,
    seed="toy",
    examples=(
        Example("lucky_sevens(7)", 14, "Exactly 7: doubled."),
        Example("lucky_sevens(6)", 6, "Not 7: unchanged."),
        Example("take_turn(0, 36)", 14, "Free Bacon gives 10 - 3 = 7 against 36, doubled."),
    ),
    concepts=(Concept(prompt="A turn scores 7. How many points does it add?", answer="14",
                      wrong=("7", "0")),),
)
'''


@pytest.fixture(scope="module")
def lucky(tmp_path_factory):
    """fa19 with one more line in its spec, once the toy module is registered."""
    folder = tmp_path_factory.mktemp("newcomer")
    (folder / "toyrules").mkdir()
    (folder / "toyrules" / "__init__.py").write_text("")
    (folder / "toyrules" / "lucky.py").write_text(textwrap.dedent(TOY_MODULE))
    sys.path.insert(0, str(folder))
    module = importlib.import_module("toyrules.lucky")
    register(module)
    spec = (ROOT / "variants" / "fa19.toml").read_text().replace("[rules]\n", '[rules]\nlucky = "lucky_sevens"\n')
    assert spec.count("lucky_sevens") == 1
    (folder / "lucky.toml").write_text(spec.replace('name = "fa19"', 'name = "lucky"'))
    yield load_variant(folder / "lucky.toml")
    unregister(module)
    sys.path.remove(str(folder))
    sys.modules.pop("toyrules.lucky", None)
    sys.modules.pop("toyrules", None)


def test_the_game_scores_a_seven_as_fourteen(lucky):
    assert RULES["lucky_sevens"].family == "lucky"
    assert game.take_turn(lucky, 0, 36) == 14  # Free Bacon: 10 - min(3, 6) = 7
    assert game.take_turn(lucky, 0, 44) == 6  # 10 - 4 = 6: not lucky
    points = dict(game.points_distribution(lucky, game.TurnPlan(2, 2, 6), 0))
    assert 7 not in points and points[14] == pytest.approx(4 / 36)  # (3,4) (4,3) (2,5) (5,2)


def test_the_rendered_play_and_take_turn_apply_it(lucky):
    source = solution_hog_source(lucky)
    assert "def lucky_sevens(points):" in source and "points = lucky_sevens(points)" in source
    hog = load_source_module("hog_lucky", source)
    assert hog.take_turn(0, 36) == 14
    for seed in range(5):
        rng = random.Random(seed)
        table = [[rng.randint(0, 10) for _ in range(100)] for _ in range(100)]

        def strategy(score, opponent, table=table):
            return table[score][opponent]

        def dice(rng=random.Random(seed)):
            return rng.randint(1, 6)

        def same_dice(rng=random.Random(seed)):
            return rng.randint(1, 6)

        assert hog.play(strategy, strategy, dice=dice) == game.play(lucky, strategy, strategy, dice=same_dice).scores


def test_the_exact_evaluator_counts_it(lucky):
    goal = 25
    rng = np.random.default_rng(3)
    t0, t1 = rng.integers(0, 11, size=(goal, goal)), always(4, goal)
    got = win_rate(lucky, t0, t1, goal=goal)
    assert got == pytest.approx(reference_win_rate(lucky, t0.tolist(), t1.tolist(), goal), abs=1e-9)
    plain = load_variant("fa19")
    assert abs(got - win_rate(plain, t0, t1, goal=goal)) > 1e-6


def test_the_bank_asks_about_it_and_the_grader_grades_it(lucky):
    problems = {p.id: p for p in lucky.problems}
    assert problems["03"].functions == ("take_turn", "lucky_sevens")
    bank = build_bank(lucky)
    text = str([p for p in bank["problems"] if p["id"] == "03"])
    assert "lucky_sevens" in text and "A turn scores 7" in text
    source = solution_hog_source(lucky)
    right = grade_source(source.encode(), lucky, fuzz_examples=5)
    wrong = grade_source(source.replace("        return 14\n", "        return 7\n", 1).encode(), lucky,
                         fuzz_examples=5)
    earned = {p.id: p.earned for p in right.problems}
    lost = {p.id: p.earned for p in wrong.problems}
    assert earned["03"] == problems["03"].points > 0 and lost["03"] == 0
    failed = [t.name for p in wrong.problems if p.id == "03" for t in p.tests if not t.passed]
    assert any("lucky_sevens" in name for name in failed)
