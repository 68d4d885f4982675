"""Copies of the Fall 2019 project written the way students write them against the course's own
skeleton (its names, its argument orders, no HogKit helpers): each gets full marks, and each
copy with one bug loses exactly the problem its bug is in."""

from __future__ import annotations

import subprocess
import sys

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
                                               ["08"]),
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


# Four mutants in make test (a bug of Phase 1 that composition must excuse later, of play, of commentary
# and of a strategy); every one in make test-all.
QUICK_MUTANTS = ("free_bacon takes the larger digit", "a strategy is asked twice a turn", "commentary before the swap",
                 "bacon_strategy needs more than the margin")


@pytest.mark.parametrize("name", [name if name in QUICK_MUTANTS else pytest.param(name, marks=pytest.mark.slow)
                                  for name in MUTANTS])
def test_one_bug_loses_its_own_problem(name):
    old, new, problems = MUTANTS[name]
    assert LOOPS.count(old) == 1
    assert lost(LOOPS.replace(old, new)) == problems


def test_failures_name_the_rule_they_break():
    old, new, _ = MUTANTS["a strategy is asked twice a turn"]
    result = grade_source(LOOPS.replace(old, new).encode(), FA19)
    play = next(p for p in result.problems if p.id == "05a")
    assert any("play calls each strategy exactly once per turn" in t.feedback for t in play.tests if not t.passed)


CLOSURES = (COPIES / "fa19_closures.py").read_text()
PURE_HIGHEST = '''    def report(gain):
        if gain > previous_high:
            print(gain, "point(s)! That's the biggest gain yet for Player", who)

    def commentary(score0, score1):
        score = score1 if who else score0
        gain = score - previous_score
        report(gain)
        return announce_highest(who, max(gain, previous_high), score)
    return commentary'''
REMEMBERING_HIGHEST = '''    high, last = previous_high, previous_score

    def commentary(score0, score1):
        nonlocal high, last
        score = score1 if who else score0
        gain, last = score - last, score
        if gain > high:
            high = gain
            print(gain, "point(s)! That's the biggest gain yet for Player", who)
        return commentary
    return commentary'''


def test_a_commentary_that_changes_its_own_state_loses_problem_7():
    """The seed: a commentary function's only side effect is to print (the course's own test calls
    an old commentary function again)."""
    assert CLOSURES.count(PURE_HIGHEST) == 1
    assert lost(CLOSURES.replace(PURE_HIGHEST, REMEMBERING_HIGHEST)) == ["07"]


def test_thousands_of_debug_lines_do_not_hide_the_answer():
    """okpy ignores lines that start with ``DEBUG:``; a copy printing one per die (tens of thousands
    in Problem 9) is graded on what else it prints."""
    noisy = CLOSURES.replace('print("DEBUG: rolled", outcomes)', 'print("DEBUG: rolled", outcomes, "x" * 40)')
    assert noisy != CLOSURES
    assert lost(noisy) == []


KIT = ROOT / "student_skeleton"
TRACED = '''
from ucb import trace, log

@trace
def countdown(n, step=1):
    if n == 0:
        log("lift off\\nnow")
        return 'done'
    return countdown(n - step, step=step)

@trace
def broken():
    raise ValueError

countdown(2)
try:
    broken()
except ValueError:
    pass
'''
TRACE_OUTPUT = """countdown(2):
    countdown(1, 'step'=1):
        countdown(0, 'step'=1):
            lift off
            now
        countdown(0, 'step'=1) -> done
    countdown(1, 'step'=1) -> done
countdown(2) -> done
broken():
    broken exited via exception
"""


def test_the_kit_has_the_names_course_copies_import():
    names = {"dice.py": ["four_sided", "make_fair_dice", "make_test_dice", "six_sided"],
             "ucb.py": ["interact", "log", "log_current_line", "main", "trace"]}
    for file, wanted in names.items():
        module = file[:-3]
        program = f"import {module}; print({', '.join(module + '.' + name for name in wanted)})"
        run = subprocess.run([sys.executable, "-c", program], cwd=KIT, capture_output=True, text=True)
        assert run.returncode == 0, run.stderr


def test_trace_prints_what_a_course_copy_prints():
    """The course's ucb.trace format, keyword names in quotes included (a traced call left in a
    copy prints the same lines as it does in the course, so it fails or passes the same tests)."""
    run = subprocess.run([sys.executable, "-c", TRACED], cwd=KIT, capture_output=True, text=True)
    assert run.stdout == TRACE_OUTPUT, run.stderr
