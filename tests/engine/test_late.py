"""Rules that read what a turn has besides the scores, after its points: the dice count, the turn's
points, the mover and what a rule remembers (examples/spring27: a post-turn rule on the dice count and
both scores, a bonus on them and on each player's previous dice; tests/data/general/late.toml: a bonus
on the points and the mover, an extra turn on the points and the scores). The exact evaluator agrees
with the slow reference, calc.py with the evaluator, the rendered play with the game, and every
consumer is refused up front where it could not count a quantity."""

from __future__ import annotations

import json

import pytest

from hogkit.errors import HogkitError
from hogkit.exact import win_rate
from hogkit.exact_reference import reference_win_rate
from hogkit.generate.calc_step import calc_model_json
from hogkit.generate.reference import reference_hog
from hogkit.shipped import calc
from hogkit.turn import turn_of
from hogkit.variant import load_variant
from tests.conftest import ROOT, spec_points
from tests.engine.test_general import assert_rendered_play_agrees, random_tables

SPRING27 = ROOT / "examples" / "spring27" / "spring27.toml"
LATE = ROOT / "tests" / "data" / "general" / "late.toml"
GOAL = 20


@pytest.mark.parametrize("spec", [SPRING27, LATE], ids=["spring27", "late"])
def test_the_late_part_is_read_by_what_it_reads(spec):
    turn = turn_of(load_variant(spec))
    reads = {key if isinstance(key, str) else turn.slots[key].memory.argument for key in turn.late_reads()}
    assert reads == ({"num_rolls", "previous_rolls"} if spec == SPRING27 else {"points", "who"})
    assert not turn.separable and turn.halves() is None


@pytest.mark.parametrize("spec", [SPRING27, LATE], ids=["spring27", "late"])
def test_the_general_layout_agrees_with_the_slow_reference(spec):
    variant = load_variant(spec)
    for seed in range(2):
        t0, t1 = random_tables(variant, GOAL, seed)
        exact = win_rate(variant, t0, t1, goal=GOAL)
        assert abs(exact - reference_win_rate(variant, t0.tolist(), t1.tolist(), GOAL)) < 1e-9


@pytest.mark.parametrize("spec", [SPRING27, LATE], ids=["spring27", "late"])
def test_calc_counts_what_the_evaluator_counts(spec):
    """calc.py asks the reference hog.py's own functions for the late part, by each combination."""
    variant = load_variant(spec)
    counted = calc.derive(calc.Spec(json.loads(calc_model_json(variant, goal=GOAL))), reference_hog(variant))
    assert len(counted.code) > 1 and counted.halves is None
    t0, t1 = random_tables(variant, GOAL, 5)
    exact = win_rate(variant, t0, t1, goal=GOAL)
    for numpy in (True, False):
        assert abs(calc.win_rate(counted, t0.tolist(), t1.tolist(), numpy=numpy) - exact) < 1e-9


@pytest.mark.parametrize("spec", [SPRING27, LATE], ids=["spring27", "late"])
def test_the_rendered_play_plays_them_as_the_game_does(spec):
    assert_rendered_play_agrees(load_variant(spec), games=12, rolls=41)


def test_a_memory_kept_after_the_turn_is_the_dice_rolled():
    variant = load_variant(SPRING27)
    turn = turn_of(variant)
    done = turn.finish(turn.start, 3, 11, 10, 40, who=1)  # 10 + 11 = 21, a multiple of 7, behind 40
    assert (done.player, done.opponent) == (24, 40)
    assert [value for slot, value in zip(turn.slots, done.after, strict=True) if slot.side == "own"] == [3]


SPEC = """name = "reads"
goal = 100
contest_name_field = "PLAYER_NAME"
rule_modules = ["reads.py"]
rules = {rules}

[points]
""" + spec_points("fa19") + "\n"
MODULE = '''from hogkit.rules import Memory, Rule


def odd(HOOK):
    return {returns}


ODD = Rule(id="odd_{tag}", family="{family}", title="Odd", summary="s", functions=(odd,), hook=odd, seed="",
           strategy="odd_strategy", kind="{kind}"{extra})
'''
FAMILY_RULES = {"zero_dice": '["pig_out", "odd_{tag}", "swine_swap_digits"]',
                "dice_outcome": '["odd_{tag}", "free_bacon_min", "swine_swap_digits"]',
                "post_turn": '["pig_out", "free_bacon_min", "odd_{tag}"]',
                "dice_select": '["pig_out", "free_bacon_min", "odd_{tag}", "swine_swap_digits"]'}
# (family, the hook's parameters, what it returns, more fields) -> what the one line says
REFUSED = {
    "a roll that reads a score": (
        "dice_outcome", "num_rolls, dice, player_score", "1", "",
        "odd_a (dice_outcome, a roll rule) reads player_score (parameter 'player_score'), which cannot be counted at "
        "the roll step: calc.py and the exact evaluator count the points of k dice once, for every score"),
    "zero dice that read a memory": (
        "zero_dice", "opponent_score, previous", "1", 'memory=(Memory("previous", "previous", each=True, start=0, '
        'size=11, update="dice", fields=("a", "b"), note="n", about="a"),)',
        "take_turn, which scores the zero step, is given the scores and the dice but no memory"),
    "zero dice that read the mover": (
        "zero_dice", "opponent_score, who", "1", "",
        "reads who (parameter 'who'), which cannot be counted at the zero"),
    "the dice after the turn": (
        "post_turn", "player_score, outcomes", "player_score", "",
        "takes 'outcomes', which the engine cannot give"),
    "dice picked by the dice count": (
        "dice_select", "num_rolls", "False", "",
        "reads num_rolls (parameter 'num_rolls'), which cannot be counted at the dice step: the exact evaluator "
        "picks the dice from the two scores alone"),
}


def _spec(tmp_path, tag: str, family: str, params: str, returns: str, extra: str):
    (tmp_path / "reads.py").write_text(MODULE.replace("HOOK", params).format(
        returns=returns, tag=tag, family=family, kind="update" if family == "post_turn" else "",
        extra=f", {extra}" if extra else ""))
    spec = tmp_path / "reads.toml"
    spec.write_text(SPEC.replace("{rules}", FAMILY_RULES[family].replace("{tag}", tag)))
    return spec


@pytest.mark.parametrize("case", REFUSED, ids=list(REFUSED))
def test_a_rule_that_reads_what_its_step_cannot_count_is_refused_at_load(tmp_path, case):
    family, params, returns, extra, expected = REFUSED[case]
    tag = "abcde"[list(REFUSED).index(case)]
    with pytest.raises(HogkitError) as info:
        load_variant(_spec(tmp_path, tag, family, params, returns, extra))
    line = info.value.line()
    assert line.startswith("reads.toml: rule") and expected in line and " — " in line and "\n" not in line, line
