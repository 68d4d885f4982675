"""Copies of the Fall 2019 project written the way students write them against the course's own
skeleton (its names, its argument orders, no HogKit helpers): each gets full marks, and each
copy with one bug loses exactly the problem its bug is in."""

from __future__ import annotations

import pytest

from graders.runner import grade_source
from hogkit.variant import load_variant
from tests.conftest import ROOT

COPIES = ROOT / "tests" / "data" / "course_copies"
FA19 = load_variant("fa19")
LOOPS = (COPIES / "fa19_loops.py").read_text()

# name: (text in fa19_loops.py, its replacement, the problems the copy must lose)
MUTANTS = {
    "roll_dice stops at the first 1": (
        "        if outcome == 1:\n            pigged = True\n        total += outcome",
        "        if outcome == 1:\n            return 1\n        total += outcome", ["01"]),
    "free_bacon takes the larger digit": (
        "    if tens < ones:\n        smaller = tens", "    if tens > ones:\n        smaller = tens", ["02"]),
    "free_bacon ignores the tens digit": ("    return 10 - smaller\n", "    return 10 - ones\n", ["02"]),
    "take_turn rolls the dice itself": (
        "    return roll_dice(num_rolls, dice)\n    # END PROBLEM 3",
        "    total = 0\n    for _ in range(num_rolls):\n        total += dice()\n    return total\n    # END PROBLEM 3",
        ["03"]),
    "is_swap multiplies the first digit by itself": (
        "    mine = leftmost(player_score) * (player_score % 10)",
        "    mine = leftmost(player_score) * leftmost(player_score)", ["04"]),
    "a strategy is asked twice a turn": (
        "            rolls = strategy0(score0, score1)\n",
        "            rolls = strategy0(score0, score1)\n            rolls = strategy0(score0, score1)\n", ["05a"]),
    "Feral Hogs at 1 away": ("            if feral_hogs and abs(rolls - last0) == 2:",
                             "            if feral_hogs and abs(rolls - last0) == 1:", ["05b"]),
    "Feral Hogs forgets player 1's rolls": ("            last1 = rolls\n", "", ["05b"]),
    "commentary before the swap": (
        "        if is_swap(score0, score1):\n            score0, score1 = score1, score0\n"
        "        player = other(player)\n        # END PROBLEM 5\n        # BEGIN PROBLEM 6\n"
        "        say = say(score0, score1)",
        "        say = say(score0, score1)\n        if is_swap(score0, score1):\n"
        "            score0, score1 = score1, score0\n        player = other(player)", ["06"]),
    "the next commentary is dropped": ("        say = say(score0, score1)", "        say(score0, score1)", ["06"]),
    "announce_highest announces ties": ("        if gain > previous_high:", "        if gain >= previous_high:",
                                        ["07"]),
    "announce_highest in other words": ("That's the biggest gain yet for Player", "That's the most yet for Player",
                                        ["07"]),
    "make_averaged takes one sample too few": ("        while i < num_samples:", "        while i < num_samples - 1:",
                                               # 09 too: with no samples this copy's own
                                               # max_scoring_num_rolls answers 0 (it starts from 0)
                                               ["08", "09"]),
    "a tie goes to the higher number": ("        if avg > best_avg:", "        if avg >= best_avg:", ["09"]),
    "bacon_strategy needs more than the margin": ("    if free_bacon(opponent_score) >= margin:",
                                                  "    if free_bacon(opponent_score) > margin:", ["10"]),
    "a swap of equal scores counts as beneficial": (
        "        if opponent_score > new_score:\n            return 0",
        "        if opponent_score >= new_score:\n            return 0", ["11"]),
}


def lost(source: str) -> list[str]:
    result = grade_source(source.encode(), FA19)
    return [p.id for p in result.problems if p.points and not p.earned]


@pytest.mark.parametrize("name", sorted(p.stem for p in COPIES.glob("fa19_*.py")))
def test_a_right_copy_gets_full_marks(name):
    result = grade_source((COPIES / f"{name}.py").read_bytes(), FA19)
    assert result.total == 22 and result.checkpoint, [(p.id, [t.feedback for t in p.tests if t.counts_against])
                                                      for p in result.problems if not p.passed]


@pytest.mark.parametrize("name", MUTANTS)
def test_one_bug_loses_its_own_problem(name):
    old, new, problems = MUTANTS[name]
    assert LOOPS.count(old) == 1
    assert lost(LOOPS.replace(old, new)) == problems


def test_failures_name_the_rule_they_break():
    old, new, _ = MUTANTS["a strategy is asked twice a turn"]
    result = grade_source(LOOPS.replace(old, new).encode(), FA19)
    play = next(p for p in result.problems if p.id == "05a")
    assert any("play calls each strategy exactly once per turn" in t.feedback for t in play.tests if not t.passed)
