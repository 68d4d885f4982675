"""Copies of the Fall 2022 and Summer 2019 projects written the way students write them against each
course's own skeleton (Fall 2022: take_turn given only the opponent's score, the update-style play,
perfect_square and next_perfect_square; Summer 2019: Spring 2019's skeleton, Free Bacon from the
smaller digit, a Swine Swap of the mover's first digit): each gets full marks in every kit that
reproduces its semester (the Fall 2022 copies in pig-tail's and Spring 2023's too, whose skeleton
and rules were the same), and each copy with one bug loses exactly the problem its bug is in."""

from __future__ import annotations

import pytest

from graders.runner import grade_source
from hogkit.variant import load_variant
from tests.conftest import ROOT
from tests.grade.test_course_suites import COURSES, OKPY, run_suite

COPIES = ROOT / "tests" / "data" / "course_copies"
TEXTS = {name: (COPIES / f"{name}.py").read_text() for name in ("fa22_loops", "fa22_recursive", "su19_loops")}
# copy: the kits that reproduce its semester (the first is the one its mutants are graded in)
KITS = {"fa22_loops": ("fa22", "pig-tail", "sp23"), "fa22_recursive": ("fa22", "pig-tail", "sp23"),
        "su19_loops": ("su19",)}

# name: (copy, text in it, the replacement, the problems the copy must lose)
MUTANTS = {
    "fa22: a 1 ends the rolling early": (
        "fa22_loops", "        if outcome == 1:\n            got_one = True\n",
        "        if outcome == 1:\n            return 1\n", ["01"]),
    "fa22: Pig Tail's tens digit keeps the hundreds": (
        "fa22_loops", "    tens = (opponent_score // 10) % 10", "    tens = opponent_score // 10", ["02"]),
    "fa22: tail_points reads the digits from a string": (
        "fa22_recursive", "    return 2 * abs(opponent_score // 10 % 10 - opponent_score % 10) + 1",
        "    digits = str(opponent_score).rjust(2, '0')\n    return 2 * abs(int(digits[-2]) - int(digits[-1])) + 1",
        ["02"]),
    "fa22: take_turn rolls the default dice": (
        "fa22_recursive", "    return roll_dice(num_rolls, dice) if num_rolls else tail_points(opponent_score)",
        "    return roll_dice(num_rolls) if num_rolls else tail_points(opponent_score)", ["03"]),
    "fa22: next_perfect_square skips a square": (
        "fa22_recursive", "    return (root_at_least(score + 1)) ** 2", "    return (root_at_least(score) + 2) ** 2",
        ["04"]),
    "fa22: player 1's strategy is given player 0's score first": (
        "fa22_loops", "            rolls = strategy1(score1, score0)", "            rolls = strategy1(score0, score1)",
        ["05"]),
    "fa22: the game goes on at exactly the goal": (
        "fa22_recursive", "        if mover >= goal or waiting >= goal:", "        if mover > goal or waiting > goal:",
        ["05"]),
    "fa22: is_always_roll skips the last score": (
        "fa22_recursive", "for score in range(goal) for opponent_score in range(goal))",
        "for score in range(goal - 1) for opponent_score in range(goal - 1))", ["07"]),
    "fa22: make_averaged takes one sample too few": (
        "fa22_loops", "        while count < total_samples:", "        while count < total_samples - 1:", ["08"]),
    "fa22: max_scoring_num_rolls takes the most dice on a tie": (
        "fa22_loops", "        if score > best_score:", "        if score >= best_score:", ["09"]),
    "fa22: tail_strategy reads the player's own score": (
        "fa22_loops", "    if tail_points(opponent_score) >= threshold:", "    if tail_points(score) >= threshold:",
        ["10"]),
    "fa22: square_strategy leaves Square Swine out": (
        "fa22_recursive", "    return 0 if square_update(0, score, opponent_score) - score >= threshold else num_rolls",
        "    return 0 if simple_update(0, score, opponent_score) - score >= threshold else num_rolls", ["11"]),
    "su19: Free Bacon from the larger digit": (
        "su19_loops", "    if tens < ones:", "    if tens > ones:", ["02"]),
    "su19: is_swap reads the first two digits": (
        "su19_loops", "    while first >= 10:", "    while first >= 100:", ["04"]),
    "su19: player 1's strategy is given player 0's score first": (
        "su19_loops", "take_turn(strategy1(score1, score0), score0, dice)",
        "take_turn(strategy1(score0, score1), score0, dice)", ["05"]),
    "su19: the next commentary is dropped": (
        "su19_loops", "        say = say(score0, score1)", "        say(score0, score1)", ["06"]),
    "su19: a gain equal to the record is announced": (
        "su19_loops", "        if gain > previous_high:", "        if gain >= previous_high:", ["07"]),
    "su19: make_averaged takes one sample too many": (
        "su19_loops", "        while i < num_samples:", "        while i <= num_samples:", ["08"]),
    "su19: bacon_strategy needs more than the margin": (
        "su19_loops", "    if free_bacon(opponent_score) >= margin:", "    if free_bacon(opponent_score) > margin:",
        ["10"]),
    "su19: swap_strategy looks for a swap before the turn's points": (
        "su19_loops", "    if is_swap(after, opponent_score):", "    if is_swap(score, opponent_score):", ["11"]),
}

def lost(source: str, kit: str) -> list[str]:
    result = grade_source(source.encode(), load_variant(kit))
    return [p.id for p in result.problems if p.points and not p.earned]


# Each copy in its own semester's kit in make test; in the kits that share its interface in make test-all.
@pytest.mark.parametrize(("copy", "kit"), [
    (copy, kit) if kit == kits[0] else pytest.param(copy, kit, marks=pytest.mark.slow)
    for copy, kits in KITS.items() for kit in kits])
def test_a_right_copy_gets_full_marks(copy, kit):
    variant = load_variant(kit)
    result = grade_source(TEXTS[copy].encode(), variant)
    assert result.total == variant.correctness_points and result.checkpoint, [
        (p.id, [t.feedback for t in p.tests if t.counts_against]) for p in result.problems if not p.passed]


@pytest.mark.parametrize("name", MUTANTS)
def test_each_mutant_changes_its_copy_once(name):
    copy, old, new, _ = MUTANTS[name]
    assert TEXTS[copy].count(old) == 1 and old != new


@pytest.mark.slow  # twenty copies graded in full: about a minute on 2 cores
@pytest.mark.parametrize("name", MUTANTS)
def test_one_bug_loses_its_own_problem(name):
    copy, old, new, problems = MUTANTS[name]
    assert lost(TEXTS[copy].replace(old, new), KITS[copy][0]) == problems


@pytest.mark.slow
@pytest.mark.skipif(COURSES is None or not OKPY.exists(),
                    reason="set HOGKIT_COURSES to a folder of the courses' suites (and run make setup)")
@pytest.mark.parametrize("name", [None, *MUTANTS])
def test_the_courses_own_suite_agrees(name, tmp_path):
    """The course's own okpy suite passes the right copies (in the suite of every course their kits
    reproduce), and fails each mutant first in the question HogKit takes its points from (the
    course's later questions that call the broken function may fail too: HogKit charges a bug once)."""
    if name is None:
        runs = [(copy, course, TEXTS[copy], []) for copy, kits in KITS.items()
                for course in sorted({load_variant(kit).course for kit in kits})]
    else:
        copy, old, new, problems = MUTANTS[name]
        runs = [(copy, load_variant(KITS[copy][0]).course, TEXTS[copy].replace(old, new), problems)]
    for copy, course, text, problems in runs:
        verdicts = run_suite(COURSES / course / "course", text, tmp_path / f"{copy}-{course}")
        failed = sorted(q for q, v in verdicts.items() if v["failed"])
        assert failed[:1] == problems[:1] and set(problems) <= set(failed), (copy, course, verdicts)
