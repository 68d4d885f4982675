"""Copies of the 2019 and 2020 projects written the way students write them against their courses'
own skeletons (Spring 2019, Spring and Summer 2020: their names, argument orders and parameters, no HogKit
helpers): each gets full marks, and each copy with one bug loses exactly the problem its bug is in."""

from __future__ import annotations

import pytest

from graders.runner import grade_source
from hogkit.variant import load_variant
from tests.conftest import ROOT

COPIES = ROOT / "tests" / "data" / "course_copies"
# copy: (its variant, the points of a right copy)
RIGHT = {"sp19_recursive": ("sp19", 20), "sp20_lists": ("sp20", 22), "su20_loops": ("su20", 23)}

# name: (copy, text in it, its replacement, the problems the copy must lose)
MUTANTS = {
    "sp19: Free Bacon of the larger digit": (
        "sp19_recursive", "    return 1 + min(score // 10, score % 10)", "    return 1 + max(score // 10, score % 10)",
        ["02"]),
    "sp19: only the ones digits swap": (
        "sp19_recursive", "    return is_swap(player_score // 10, opponent_score // 10)", "    return False", ["04"]),
    "sp19: the next commentary is dropped": (
        "sp19_recursive", "        say = say(scores[0], scores[1])", "        say(scores[0], scores[1])", ["06"]),
    "sp19: a swap of equal scores counts as harmful": (
        "sp19_recursive", "    if is_swap(after, opponent_score) and after != opponent_score:",
        "    if is_swap(after, opponent_score):", ["11"]),
    "sp20: Free Bacon of the score squared": (
        "sp20_lists", "    digits = str(score ** 3)", "    digits = str(score ** 2)", ["02"]),
    "sp20: Feral Hogs compares with this turn's points": (
        "sp20_lists", "            if abs(rolls - last_points[who]) == 2:\n                scores[who] += 3\n"
        "            last_points[who] = points\n",
        "            last_points[who] = points\n            if abs(rolls - last_points[who]) == 2:\n"
        "                scores[who] += 3\n", ["05b"]),
    "su20: a strategy is asked twice a turn": (
        "su20_loops", "            n = strategy1(score1, score0)\n",
        "            n = strategy1(score1, score0)\n            n = strategy1(score1, score0)\n", ["05a"]),
    # A play that asks the swap in seat order plays other games in Problems 5a and 5b (as in the
    # course's own suite); Problem 6's games are ones every rule reads alike from either seat.
    "su20: is_swap given Player 0's score first": (
        "su20_loops", "            if is_swap(score1, score0):", "            if is_swap(score0, score1):",
        ["05a", "05b"]),
    "su20: Feral Hogs remembers Player 1's dice, not points": (
        "su20_loops", "            prev1 = gained\n", "            prev1 = n\n", ["05b"]),
    "su20: announce_highest's arguments in the other order": (
        "su20_loops", "            return announce_highest(who, score, increase)",
        "            return announce_highest(who, increase, score)", ["07"]),
    "su20: bacon_strategy needs more than the cutoff": (
        "su20_loops", "    if free_bacon(opponent_score) >= cutoff:", "    if free_bacon(opponent_score) > cutoff:",
        ["10"]),
}


def lost(source: str, name: str) -> list[str]:
    result = grade_source(source.encode(), load_variant(name))
    return [p.id for p in result.problems if p.points and not p.earned]


@pytest.mark.parametrize("copy", sorted(RIGHT))
def test_a_right_copy_gets_full_marks(copy):
    name, points = RIGHT[copy]
    result = grade_source((COPIES / f"{copy}.py").read_bytes(), load_variant(name))
    assert result.total == points and result.checkpoint, [
        (p.id, [t.feedback for t in p.tests if t.counts_against]) for p in result.problems if not p.passed]


@pytest.mark.slow  # eleven copies graded in full: about a minute
@pytest.mark.parametrize("mutant", MUTANTS)
def test_one_bug_loses_its_own_problem(mutant):
    copy, old, new, problems = MUTANTS[mutant]
    text = (COPIES / f"{copy}.py").read_text()
    assert text.count(old) == 1
    assert lost(text.replace(old, new), RIGHT[copy][0]) == problems
