"""Fall 2021, Spring 2022 and Summer 2022: every worked example of each course's page and tests
(the rules' examples, the games and commentary the courses' tests play), the engine's game
against the play rendered into each kit's hog.py, and every problem's tests stated."""

from __future__ import annotations

import contextlib
import io

import pytest

from hogkit.problems.specs import problem_specs
from hogkit.shipped.dice import make_test_dice
from hogkit.variant import load_variant
from tests.conftest import reference

MID = ("fa21", "sp22", "su22")
VARIANTS = {name: load_variant(name) for name in MID}


def _run(hog, statements: str) -> tuple[object, str]:
    """Run STATEMENTS (the last one an expression) over the names of HOG: its value and what it printed."""
    scope = {**vars(hog), "make_test_dice": make_test_dice}
    *body, last = statements.strip().split("\n")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec("\n".join(body), scope)  # noqa: S102 - the test's own statements
        value = eval(last, scope)  # noqa: S307
    return value, out.getvalue()


@pytest.mark.parametrize("name", MID)
def test_every_worked_example_of_the_rules(name):
    variant = VARIANTS[name]
    hog = reference(variant)
    for rule in variant.rules:
        for example in rule.examples:
            assert _run(hog, example.call)[0] == example.expect, (rule.id, example.call)


# The games the courses' own tests of Problem 5 play (always_roll(k) is ``always(k)`` there), and
# the scores they expect: the dice always come up 3 unless a game says otherwise.
GAMES = (
    "play(always_roll(5), always_roll(3), score0=91, score1=10, dice=make_test_dice(3))",
    "play(always_roll(5), always_roll(5), goal=10, dice=make_test_dice(3))",
    "play(always_roll(3), always_roll(3), goal=15, dice=make_test_dice(3))",
    "play(lambda score, opponent: opponent % 10, lambda score, opponent: max((score // 10) - 4, 0), "
    "score0=71, score1=80, dice=make_test_dice(7))",
    "play(always_roll(4), always_roll(4), score0=88, score1=87, dice=make_test_dice(3))",
    "play(always_roll(0), always_roll(0), score0=5, score1=96, dice=make_test_dice(3))",
    "play(always_roll(1), always_roll(1), goal=25, dice=make_test_dice(5, 22, 8, 1, 2, 6, 3))",
)
EXPECTED = {
    "fa21": ((106, 10), (15, 0), (9, 18), (75, 108), (100, 87), (12, 103), (15, 29)),
    "sp22": ((106, 10), (15, 0), (9, 18), (91, 108), (100, 87), (23, 108), (13, 26)),
    "su22": ((106, 10), (15, 0), (18, 9), (87, 108), (100, 87), (19, 101), (15, 29)),
}


@pytest.mark.parametrize("name", MID)
def test_the_courses_games(name):
    hog = reference(VARIANTS[name])
    assert tuple(_run(hog, call)[0] for call in GAMES) == EXPECTED[name]


def test_picky_piggy_is_the_digits_of_one_seventh():
    hog = reference(VARIANTS["fa21"])
    digits = "142857" * 20
    assert [hog.picky_piggy(n) for n in range(100)] == [7] + [int(d) for d in digits[:99]]


def test_fa21s_commentary_says_the_courses_words():
    hog = reference(VARIANTS["fa21"])
    said = _run(hog, "f1 = announce_highest(1)(12, 0)\nf2 = f1(12, 9)\nf3 = f2(20, 30)\nNone")[1]
    assert said == "9 point(s)! That's a record gain for Player 1!\n21 point(s)! That's a record gain for Player 1!\n"
    both = _run(hog, "play(always_roll(1), always_roll(1), goal=10, dice=make_test_dice(5, 3, 5), "
                     "say=both(announce_highest(0), announce_highest(1)))")[1]
    assert both == ("5 point(s)! That's a record gain for Player 0!\n"
                    "3 point(s)! That's a record gain for Player 1!\n")
    lead = _run(hog, "play(always_roll(1), always_roll(1), goal=8, dice=make_test_dice(1, 2, 3, 3), "
                     "say=both(say_scores, announce_lead_changes()))")[1]
    assert lead.splitlines()[:2] == ["Player 0 now has 1 and Player 1 now has 0", "Player 0 takes the lead by 1"]


LEAD_WALK = ((8, 0, 0, "Player 0 takes the lead by 8"), (8, 6, 0, None), (18, 6, 0, None),
             (18, 22, 1, "Player 1 takes the lead by 4"), (22, 22, None, None),
             (22, 42, 1, "Player 1 takes the lead by 20"), (30, 42, 1, None), (30, 77, 1, None),
             (83, 77, 0, "Player 0 takes the lead by 6"), (83, 84, 1, "Player 1 takes the lead by 1"))


@pytest.mark.parametrize("name", ["sp22", "su22"])
def test_lead_changes_return_the_leader_and_a_message(name):
    hog = reference(VARIANTS[name])
    leader = None
    for score0, score1, expected_leader, message in LEAD_WALK:
        leader, said = hog.announce_lead_changes(score0, score1, leader)
        assert (leader, said) == (expected_leader, message)
    assert hog.silence(3, 4, 1) == (1, None)
    assert hog.say_scores(3, 4, 0) == (0, "Player 0 now has 3 and now Player 1 has 4")


# Problem 7's games with commentary in the courses' tests, and the lines they print.
COMMENTARY = {
    "sp22": (("play(always_roll(1), always_roll(1), dice=make_test_dice(5, 6, 5), goal=10, "
              "say=announce_lead_changes)"),
             ["Player 0 takes the lead by 5", "Player 1 takes the lead by 1", "Player 0 takes the lead by 4"]),
    "su22": (("play(always_roll(1), always_roll(1), dice=make_test_dice(4, 6, 4), goal=10, "
              "say=announce_lead_changes)"),
             ["Player 0 takes the lead by 4", "Player 1 takes the lead by 2", "Player 0 takes the lead by 2",
              "Player 1 takes the lead by 2"]),
}
BOTH = {
    "sp22": ["Player 0 now has 1 and now Player 1 has 0", "Player 0 takes the lead by 1",
             "Player 0 now has 1 and now Player 1 has 2", "Player 1 takes the lead by 1",
             "Player 0 now has 4 and now Player 1 has 2", "Player 0 takes the lead by 2",
             "Player 0 now has 4 and now Player 1 has 10", "Player 1 takes the lead by 6"],
    "su22": ["Player 0 now has 2 and now Player 1 has 0", "Player 0 takes the lead by 2",
             "Player 0 now has 2 and now Player 1 has 2", "Player 0 now has 5 and now Player 1 has 2",
             "Player 0 takes the lead by 3", "Player 0 now has 5 and now Player 1 has 10",
             "Player 1 takes the lead by 5"],
}


@pytest.mark.parametrize("name", ["sp22", "su22"])
def test_play_prints_what_the_commentary_returns(name):
    hog = reference(VARIANTS[name])
    call, lines = COMMENTARY[name]
    assert _run(hog, call)[1].splitlines() == lines
    both = _run(hog, "play(always_roll(3), always_roll(3), dice=make_test_dice(1, 2, 3, 3), goal=8, "
                     "say=both(say_scores, announce_lead_changes))")[1]
    assert both.splitlines() == BOTH[name]
    quiet = ("def quiet(score0, score1, leader=None):\n    return leader, ''\n"
             "play(always_roll(3), always_roll(3), goal=9, say=quiet)")
    assert _run(hog, quiet)[1] == ""


def test_su22_counts_one_as_prime_as_the_course_gave_it():
    hog = reference(VARIANTS["su22"])
    assert hog.is_prime(1) and not hog.is_prime(0)
    assert [n for n in range(30) if hog.is_prime(n)] == [1, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    assert hog.pigs_on_prime_strategy(0, 19, 14, 10) == 0  # 0 + 1 = 1 counts as prime


@pytest.mark.parametrize("name", MID)
def test_every_problem_is_stated(name):
    specs = problem_specs(VARIANTS[name])
    assert [spec.id for spec in specs] == [f"{n:02}" for n in range(13)]
    for spec in specs:
        if spec.problem.points:
            assert spec.visible and (spec.hidden or spec.fuzz), spec.id
