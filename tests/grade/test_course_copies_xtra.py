"""Copies of the Fall 2020, Spring 2021 and Summer 2021 projects written the way students write
them against each course's own skeleton (its names, its extra-turn functions, no HogKit helpers):
each gets full marks, and each copy with one bug loses exactly the problems its bug is in.

A bug in how ``play`` takes extra turns changes every game, so it costs Problem 6 too, whose tests
play whole games with commentary (the course's own suite fails such a copy on a commentary problem
as well)."""

from __future__ import annotations

import pytest

from graders.runner import grade_source
from graders.sandbox import Limits
from hogkit.variant import load_variant
from tests.conftest import ROOT

COPIES = ROOT / "tests" / "data" / "course_copies"
COPY_OF = {"fa20": "fa20_loops.py", "sp21": "sp21_loops.py", "su21": "su21_recursive.py"}
# These tests judge answers, not speed: a budget that a loaded test machine cannot use up.
ROOMY = Limits(call_timeout=20.0, submission_timeout=300.0)

# name: (semester, text in its copy, the replacement, the problems the copy must lose)
MUTANTS = {
    "swine_align needs a divisor above 10": ("fa20", "    return divisor >= 10\n", "    return divisor > 10\n",
                                             ["04a"]),
    "pig_pass counts a gap of 3": ("fa20", "    return 0 < gap < 3\n", "    return 0 < gap <= 3\n", ["04b"]),
    "extra turns asked with Player 0's score first": (
        "fa20", "            again = extra_turn(score1, score0)\n", "            again = extra_turn(score0, score1)\n",
        ["05"]),  # a mistake of play's: commentary games are ones every rule reads alike from either seat
    "commentary only when the turn passes": (
        "fa20",
        "            who = other(who)\n    # END PROBLEM 5\n    # BEGIN PROBLEM 6\n        say = say(score0, score1)\n",
        "            who = other(who)\n            say = say(score0, score1)\n", ["06"]),
    "announce_highest in Fall 2019's words": (
        "fa20", '"point(s)! The most yet for Player"', '"point(s)! That\'s the biggest gain yet for Player"', ["07"]),
    "extra_turn_strategy forgets the extra turn": (
        "fa20", "    if extra_turn(score + free_bacon(opponent_score), opponent_score):\n        return 0\n", "",
        ["11"]),
    "piggy_points forgets a score of 0": ("sp21", "    if score == 0:\n        return 3\n", "", ["02"]),
    "more_boar lets equal second digits pass": (
        "sp21", "player_second < opponent_second", "player_second <= opponent_second", ["04"]),
    "More Boar asked in seat order": (
        "sp21", "        if not more_boar(mover, waiting):", "        if not more_boar(score0, score1):", ["05"]),
    "piggy_points adds 3": ("su21", "    return abs(tens - ones) + 4\n", "    return abs(tens - ones) + 3\n", ["02"]),
    "more_boar compares the largest digits the wrong way": (
        "su21", "largest(player_score) > largest(opponent_score)", "largest(player_score) < largest(opponent_score)",
        ["04"]),
    "announce_highest forgets the highest gain": ("su21", "max(gain, running_high)", "gain", ["07"]),
    "a tie goes to the higher number": (
        "su21", "    return averages.index(max(averages)) + 1\n",
        "    return 10 - averages[::-1].index(max(averages))\n", ["09"]),
}


def lost(source: str, semester: str) -> list[str]:
    result = grade_source(source.encode(), load_variant(semester), limits=ROOMY)
    return [p.id for p in result.problems if p.points and not p.earned]


@pytest.mark.parametrize("semester", sorted(COPY_OF))
def test_a_right_copy_gets_full_marks(semester):
    variant = load_variant(semester)
    result = grade_source((COPIES / COPY_OF[semester]).read_bytes(), variant, limits=ROOMY)
    assert result.total == variant.total_points and result.checkpoint, [
        (p.id, [t.feedback for t in p.tests if t.counts_against]) for p in result.problems if not p.passed]


@pytest.mark.slow  # copies graded in full, one a mutant
@pytest.mark.parametrize("name", MUTANTS)
def test_one_bug_loses_its_own_problem(name):
    semester, old, new, problems = MUTANTS[name]
    text = (COPIES / COPY_OF[semester]).read_text()
    assert text.count(old) == 1
    assert lost(text.replace(old, new), semester) == problems


def test_an_unwritten_rule_costs_only_its_problem():
    """Swine Align left as the skeleton's stub: the given extra_turn still asks it (and gets None),
    so the student's play takes other turns than the reference's; the grader judges play with the
    student's own swine_align, and only Problem 4a is lost."""
    text = (COPIES / COPY_OF["fa20"]).read_text()
    start, end = text.index("    # BEGIN PROBLEM 4a\n"), text.index("    # END PROBLEM 4a\n")
    stubbed = text[:start] + '    # BEGIN PROBLEM 4a\n    "*** YOUR CODE HERE ***"\n' + text[end:]
    assert lost(stubbed, "fa20") == ["04a"]
