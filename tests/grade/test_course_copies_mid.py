"""Copies of the Fall 2021, Spring 2022 and Summer 2022 projects written the way students write
them against each course's own skeleton (its names and argument orders, its commentary API, no
HogKit helpers): each gets full marks from ``hogkit grade``, and each copy with one bug loses
exactly the problem its bug is in."""

from __future__ import annotations

import pytest

from graders.runner import grade_source
from hogkit.variant import load_variant
from tests.conftest import ROOT

COPIES = ROOT / "tests" / "data" / "course_copies"
SEMESTERS = ("fa21", "sp22", "su22")

# semester: {name: (text in <semester>_while.py, its replacement, the problems the copy must lose)}
MUTANTS = {
    "fa21": {
        "Picky Piggy scores 1 against 0": ("    if score == 0:\n        return 7\n",
                                           "    if score == 0:\n        return 1\n", ["02"]),
        "the next commentary is dropped": ("        # BEGIN PROBLEM 6\n        say = say(score0, score1)",
                                           "        # BEGIN PROBLEM 6\n        say(score0, score1)", ["06"]),
        "a record gain equal to the last is announced": ("        if gain > running_high:",
                                                         "        if gain >= running_high:", ["07"]),
        "hog_pile_strategy looks one point off": (
            "    if score + picky_piggy(opponent_score) == opponent_score:",
            "    if score + picky_piggy(opponent_score) == opponent_score + 1:", ["11"]),
    },
    "sp22": {
        "Hefty Hogs skips every other digit": (
            "        result = digit_fn(rest % 10)(result)\n        rest = rest // 10",
            "        result = digit_fn(rest % 10)(result)\n"
            "        rest = rest // 100 * 10 + rest % 10 if rest > 9 else 0",
            ["02"]),
        "Hog Pile compares whole scores": ("    if last == opponent_score % 10:",
                                           "    if player_score == opponent_score:", ["04"]),
        "a tie is announced as a lead": ("    if leader != None and leader != last_leader:",
                                         "    if leader != last_leader:", ["06"]),
        "commentary is not given the leader": ("        leader, message = say(score0, score1, leader)",
                                               "        leader, message = say(score0, score1)", ["07"]),
        "hog_pile_strategy rolls 0 for a pile of 0": ("    if hog_pile(after, opponent_score) > 0:",
                                                      "    if after % 10 == opponent_score % 10:", ["11"]),
    },
    "su22": {
        "Pigs on Prime climbs past the next prime": (
            "    while not is_prime(bigger):\n        bigger += 1\n    return bigger - player_score",
            "    while not is_prime(bigger):\n        bigger += 1\n    while is_prime(bigger + 2):\n"
            "        bigger += 2\n    return bigger - player_score", ["04"]),
        "a tie is announced as a lead": ("    if leader != None and leader != last_leader:",
                                         "    if leader != last_leader:", ["06"]),
        "make_averaged takes one sample too few": ("        while done < total_samples:",
                                                   "        while done < total_samples - 1:", ["08"]),
    },
}


def copy_of(semester: str) -> str:
    return (COPIES / f"{semester}_while.py").read_text()


@pytest.mark.parametrize("semester", SEMESTERS)
def test_a_right_copy_gets_full_marks(semester):
    variant = load_variant(semester)
    result = grade_source(copy_of(semester).encode(), variant)
    assert result.total == variant.total_points and result.checkpoint, [
        (p.id, [t.feedback for t in p.tests if t.counts_against]) for p in result.problems if not p.passed]


@pytest.mark.slow
@pytest.mark.parametrize(("semester", "name"), [(s, name) for s in SEMESTERS for name in MUTANTS[s]])
def test_one_bug_loses_its_own_problem(semester, name):
    old, new, problems = MUTANTS[semester][name]
    source = copy_of(semester)
    assert source.count(old) == 1
    result = grade_source(source.replace(old, new).encode(), load_variant(semester))
    assert [p.id for p in result.problems if p.points and not p.earned] == problems
