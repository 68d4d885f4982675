"""Every rule example and story, each its own test case.

Examples are evaluated in the reference hog.py of the seed's own variant (the one that has the
rule and everything the example requires; for a rule of no seed, its semester's variant); stories
are replayed turn by turn by the engine.
Where a seed's text is wrong, the example carries an ``erratum`` saying why the tested value
differs (see DESIGN.md, "Errata in the seeds").
"""

from __future__ import annotations

import functools

import pytest

from hogkit.rules import RULES
from hogkit.stories import replay_story
from hogkit.variant import load_variant, variant_names
from tests.conftest import SEED_VARIANTS, reference


@functools.cache
def _variants() -> tuple:
    """Every variant, the seeds first, each loaded once for the module."""
    return tuple(load_variant(name) for name in dict.fromkeys([*SEED_VARIANTS, *variant_names()]))


def _home_variant(rule, requires):
    """The first seed variant with RULE and every rule in REQUIRES, else the first other variant
    (a semester's rules live in their semester's kit)."""
    for variant in _variants():
        if rule.id in variant.rule_ids and requires <= variant.rule_ids:
            return variant
    raise AssertionError(f"no variant has {rule.id} with {sorted(requires)}")


EXAMPLES = [
    pytest.param(rule, example, id=f"{rule.id}-{i + 1}")
    for rule in RULES.values()
    for i, example in enumerate(rule.examples)
]
STORIES = [
    pytest.param(rule, story, id=f"{rule.id}-{story.title}")
    for rule in RULES.values()
    for story in rule.stories
]


def test_there_are_about_forty_seed_examples():
    assert len(EXAMPLES) + sum(len(s.values[1].turns) for s in STORIES) >= 40


@pytest.mark.parametrize(("rule", "example"), EXAMPLES)
def test_rule_example(rule, example):
    variant = _home_variant(rule, example.requires)
    hog = reference(variant)
    assert eval(example.call, vars(hog)) == example.expect, example.note


@pytest.mark.parametrize(("rule", "story"), STORIES)
def test_rule_story(rule, story):
    variant = _home_variant(rule, story.requires)
    replayed = replay_story(variant, story)
    for step, turn in zip(replayed, story.turns, strict=True):
        assert step.record.who == turn.player, turn.note
        assert step.record.after == turn.scores, turn.note
        if turn.outcomes:
            assert step.dice_sides == turn.sides, turn.note
    if story.next_player is not None:
        assert replayed[-1].next_player == story.next_player


def test_sp18_free_bacon_erratum_uses_the_formula():
    """Seed 003 prints 2 + abs(4 - 2) = 6; the rule's own formula gives 4, and the rule governs."""
    hog = reference(load_variant("sp18"))
    assert hog.free_bacon(42) == 2 + abs(4 - 2) == 4


def test_su18_story_turn_order_and_its_swap_at_once():
    """Seed 000's story: 20 to 0 swaps at once under su18 (ones digit 0 == tens digit 0)."""
    hog = reference(load_variant("su18"))
    assert hog.is_swap(20, 0)
    story = next(s for s in RULES["time_trot"].stories if "su18" in s.title)
    replayed = replay_story(load_variant("su18"), story)
    assert [t.record.who for t in replayed] + [replayed[-1].next_player] == [0, 1, 1, 0, 0]


def test_pig_tail_square_swine_erratum():
    """Seed 002, example 4: the turn scores 1, so 80 becomes 81 (9 squared), which rises to 100."""
    hog = reference(load_variant("pig-tail"))
    assert hog.square_update(10, 80, 0, hog.make_test_dice(1, 2, 1, 2, 2, 1, 2, 2, 2, 2)) == 100


def test_swap_before_goal_check_hands_the_opponent_the_win():
    hog = reference(load_variant("sp18"))
    final = hog.play(hog.always_roll(5), hog.always_roll(5), score0=91, score1=37,
                     dice=hog.make_test_dice(4), time_trot=False)
    assert final == (37, 111)
