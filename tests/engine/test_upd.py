"""The update-style semesters su23, fa23 and sp24 (Boar Brawl; Fuzzy Factors, then Sus Fuss): every
worked example of their courses' pages and tests, the engine's game against the play rendered into
their hog.py, and their problems' tests stated inside the courses' domains.

The expected values are the courses' own (their pages' examples and their okpy cases)."""

from __future__ import annotations

import doctest

import pytest

import tests.build.test_bank as bank_checks
import tests.engine.test_problem_specs as spec_checks
from hogkit import game
from hogkit.generate.solution import solution_hog_source
from hogkit.naming import kit_course
from hogkit.problem_layout import rules_of
from hogkit.problems.domains import max_turn_points, parameter_domain
from hogkit.problems.specs import problem_specs
from hogkit.shipped.dice import make_test_dice
from hogkit.turn import turn_of
from hogkit.variant import load_variant
from tests.conftest import reference

SEMESTERS = ("su23", "fa23", "sp24")
VARIANTS = {name: load_variant(name) for name in SEMESTERS}

# take_turn(num_rolls, player_score, opponent_score[, dice outcomes]) -> points, the courses' Problem 3
# (the same cases in every one of these semesters).
TAKE_TURN = [
    ((2, 7, 27, (4, 5, 1)), 9), ((3, 15, 9, (4, 6, 1)), 1), ((0, 12, 41, ()), 6), ((0, 37, 15, ()), 18),
    ((0, 35, 21, ()), 9), ((2, 15, 25, (6,)), 12), ((9, 2, 3, (4,)), 36), ((7, 4, 11, (4,)), 28),
    ((8, 3, 15, (5,)), 40), ((1, 3, 6, (5, 1)), 5), ((2, 3, 4, (5, 1)), 1),
]

# Each semester's further cases: a call in its hog.py -> the value its course's tests expect.
COURSE_CASES = {
    "su23": [
        ("simple_update(2, 5, 7, make_test_dice(2, 4))", 11), ("simple_update(0, 14, 27)", 20),
        ("simple_update(2, 2, 3, make_test_dice(4))", 10),
        ("boar_strategy(40, 51, threshold=7, num_rolls=2)", 0), ("boar_strategy(44, 53, 7, 2)", 2),
        ("boar_strategy(40, 31, 15, 5)", 5), ("boar_strategy(40, 52, 15, 2)", 0),
        ("fuzzy_strategy(31, 21, threshold=10, num_rolls=2)", 2), ("fuzzy_strategy(30, 41, 10, 2)", 0),
        ("fuzzy_strategy(14, 21, 8, 2)", 0), ("fuzzy_strategy(14, 21, 12, 5)", 5),
        ("max_scoring_num_rolls(make_test_dice(1, 2, 2, 2, 2, 2, 2, 2))", 4),
        ("max_scoring_num_rolls(make_test_dice(*([2] * 55 + [1, 2] * 500)), total_samples=1)", 10),
        ("max_scoring_num_rolls(make_test_dice(6, 5, 4, 3, 2, 1), total_samples=1)", 4),
        ("make_averaged(roll_dice, 40)(1, make_test_dice(4, 2, 5, 1))", 3.0),
    ],
    "fa23": [
        ("simple_update(2, 5, 7, make_test_dice(2, 4))", 11), ("simple_update(0, 15, 37)", 21),
        ("simple_update(2, 2, 3, make_test_dice(4))", 10),
        ("boar_strategy(40, 51, threshold=7, num_rolls=2)", 0), ("boar_strategy(40, 51, 15, 7)", 0),
        ("boar_strategy(40, 51, 16, 7)", 7), ("boar_strategy(44, 53, 3, 2)", 0), ("boar_strategy(44, 53, 4, 2)", 2),
        ("boar_strategy(40, 31, 9, 5)", 0), ("boar_strategy(40, 31, 10, 5)", 5), ("boar_strategy(40, 52, 15, 2)", 0),
        ("boar_strategy(40, 52, 16, 2)", 2),
        ("sus_strategy(31, 21, threshold=10, num_rolls=2)", 2), ("sus_strategy(30, 41, 10, 2)", 0),
        ("sus_strategy(53, 60, 14, 2)", 0), ("sus_strategy(53, 60, 15, 2)", 2), ("sus_strategy(23, 54, 4, 2)", 0),
        ("sus_strategy(14, 21, 8, 2)", 2), ("sus_strategy(14, 21, 12, 5)", 5),
        ("sus_update(0, 53, 60) - 53", 14),  # the page's Problem 11: 62 is sus and rises to 67
        ("max_scoring_num_rolls(make_test_dice(1, 2, 2, 2, 2, 2, 2, 2))", 4),
        ("max_scoring_num_rolls(make_test_dice(*([2] * 55 + [1, 2] * 500)), samples_count=1)", 10),
        ("max_scoring_num_rolls(make_test_dice(6, 5, 4, 3, 2, 1), samples_count=1)", 4),
        ("make_averaged(roll_dice, 40)(1, make_test_dice(4, 2, 5, 1))", 3.0),
        ("roll_dice(7, make_test_dice(1, 1, 1, 1, 1, 4, 6))", 1), ("roll_dice(4, make_test_dice(3, 3, 3, 3))", 12),
        ("sus_points(14 + 7)", 23), ("sus_points(63 + 1)", 64), ("sus_points(49 + 18)", 67),
    ],
}
COURSE_CASES["sp24"] = COURSE_CASES["fa23"]


def dice_of(outcomes: tuple[int, ...]):
    return make_test_dice(*outcomes) if outcomes else make_test_dice(6)


@pytest.mark.parametrize("name", SEMESTERS)
def test_the_kits_take_turn_and_the_engine_score_the_courses_cases(name):
    variant, hog = VARIANTS[name], reference(VARIANTS[name])
    for (rolls, player, opponent, outcomes), points in TAKE_TURN:
        assert hog.take_turn(rolls, player, opponent, dice_of(outcomes)) == points
        assert game.take_turn(variant, rolls, opponent, dice_of(outcomes), player_score=player) == points


@pytest.mark.parametrize("name", SEMESTERS)
def test_every_course_case_and_rule_example(name):
    variant, hog = VARIANTS[name], reference(VARIANTS[name])
    names = vars(hog)
    for call, value in COURSE_CASES[name]:
        assert eval(call, names) == value, call  # noqa: S307 - the courses' own cases
    for rule in variant.rules:
        for example in rule.examples:
            if example.requires <= variant.rule_ids:
                assert eval(example.call, names) == example.expect, (rule.id, example.call)  # noqa: S307


@pytest.mark.parametrize("name", SEMESTERS)
def test_boar_brawl_looks_at_both_scores_in_the_engine_and_the_kit(name):
    """The courses' loop: Boar Brawl of (90, s) against the strategy's threshold; and the engine's
    zero-dice points are the kit's boar_brawl of the mover's and the opponent's score."""
    variant, hog = VARIANTS[name], reference(VARIANTS[name])
    for score in range(100):
        assert (hog.boar_brawl(90, score) >= 10) == (hog.boar_strategy(90, score, 10, 3) == 0)
        for mover in range(0, 100, 7):
            assert game.take_turn(variant, 0, score, player_score=mover) == hog.boar_brawl(mover, score)
    update = hog.fuzzy_update if name == "su23" else hog.sus_update
    strategy = hog.fuzzy_strategy if name == "su23" else hog.sus_strategy
    for score in range(100):
        assert (update(0, 20, score) - 20 >= 10) == (strategy(20, score, 10, 3) == 0)


def test_the_rules_after_the_turn_apply_once():
    """Fuzzy Factors and Sus Fuss change a score once a turn, even when the new score qualifies again."""
    su23, fa23 = reference(VARIANTS["su23"]), reference(VARIANTS["fa23"])
    assert su23.fuzzy_points(50) == 60 and su23.fuzzy_points(60) == 64
    turn = turn_of(VARIANTS["su23"])
    done = turn.finish(turn.start, 2, 6, 44, 0)
    assert (done.player, done.opponent) == (60, 0)
    turn = turn_of(VARIANTS["fa23"])
    assert turn.finish(turn.start, 3, 7, 14, 30).player == fa23.sus_points(21) == 23
    assert max_turn_points(VARIANTS["fa23"]) == 60 > 3 * 9


@pytest.mark.parametrize("name", ["su23", "fa23"])
def test_the_courses_fuzz_example_game(name):
    """The courses' Problem 5 example (test 69484 from 15 to 10, to 32 points, simple_update): the
    engine and the kit's play replay it turn by turn."""
    variant, hog = VARIANTS[name], reference(VARIANTS[name])
    moves = {(15, 10): 8, (10, 16): 5, (16, 28): 3, (28, 17): 0}

    def strategy(score, opponent_score):
        return moves[(score, opponent_score)]

    outcomes = (2, 1, 6, 6, 6, 5, 4, 4, 4, 2, 4, 6, 2, 1, 1, 5)
    engine = game.play(variant, strategy, strategy, score0=15, score1=10, goal=32, dice=make_test_dice(*outcomes),
                       later_rules=False)
    assert [t.after for t in engine.turns] == [(16, 10), (16, 28), (17, 28), (17, 49)]
    assert hog.play(strategy, strategy, hog.simple_update, 15, 10, dice=make_test_dice(*outcomes), goal=32) == (17, 49)


@pytest.mark.parametrize("name", SEMESTERS)
def test_the_kit_speaks_the_courses_interface(name):
    variant = VARIANTS[name]
    course = kit_course(variant)
    samples = "total_samples" if name == "su23" else "samples_count"
    threshold = "12" if name == "su23" else "11"
    assert course.signatures["take_turn"].text() == "take_turn(num_rolls, player_score, opponent_score, dice=six_sided)"
    assert course.signatures["make_averaged"].text() == f"make_averaged(original_function, {samples}=1000)"
    assert course.signatures["max_scoring_num_rolls"].text() == f"max_scoring_num_rolls(dice=six_sided, {samples}=1000)"
    post = "fuzzy" if name == "su23" else "sus"
    reference_text = solution_hog_source(variant)
    for strategy in ("boar_strategy", f"{post}_strategy"):
        assert f"def {strategy}(score, opponent_score, threshold={threshold}, num_rolls=6):" in reference_text
    problems = {p.id: p for p in variant.problems}
    post_functions = ("hog_gcd", "fuzzy_points", "fuzzy_update") if name == "su23" else (
        "num_factors", "sus_points", "sus_update")
    assert problems["04"].graded == post_functions and problems["04"].points == 2
    assert problems["05"].graded == ("play",) and problems["05"].points == 4
    assert (variant.total_points, variant.course_points) == (24, 25)
    assert "def simple_update(num_rolls, player_score, opponent_score, dice=six_sided):\n" in reference_text
    assert "take_turn(num_rolls, player_score, opponent_score, dice)" in reference_text
    assert [r.id for r in rules_of(variant.rules, ("zero_dice",))] == ["boar_brawl"]


@pytest.mark.parametrize("name", SEMESTERS)
def test_the_references_doctests_pass(name):
    hog = reference(VARIANTS[name])
    failures, tried = doctest.testmod(hog, verbose=False, report=False)
    assert tried > 40 and failures == 0


@pytest.mark.slow  # the spec checks of two semesters; the seeds' run in every make test
@pytest.mark.parametrize("name", ["su23", "fa23"])  # sp24's problems are fa23's (drawn from another seed)
def test_the_problems_tests_stay_inside_the_courses_domains(name):
    variant = VARIANTS[name]
    if name == "su23":
        assert (parameter_domain(variant, "hog_gcd", "x").lo, parameter_domain(variant, "hog_gcd", "y").lo) == (0, 1)
    else:
        assert parameter_domain(variant, "num_factors", "n").lo == 1
    # the page defines the digits of any score, and the course's own tests call boar_brawl(82, 115), (727, 939)
    for parameter, (lo, hi) in (("player_score", (0, 727)), ("opponent_score", (0, 939))):
        domain = parameter_domain(variant, "boar_brawl", parameter)
        assert domain.lo == lo and domain.hi >= hi
    spec_checks.test_no_points_depend_on_a_helper(variant)
    spec_checks.test_every_scored_call_stays_inside_its_domain(variant)
    spec_checks.test_fuzzing_draws_inside_the_domains(any_variant=variant)
    spec_checks.test_every_problem_is_stated_once(variant)
    spec_checks.test_the_best_number_of_dice_does_not_depend_on_the_order_tried(variant)
    bank_checks.test_the_bank_holds_exactly_the_visible_tests_of_each_problem(variant)
    ids = [spec.id for spec in problem_specs(variant)]
    assert ids == [f"{n:02d}" for n in range(13)]


@pytest.mark.slow
@pytest.mark.parametrize("name", SEMESTERS)
def test_no_scored_test_is_empty(name):
    spec_checks.test_no_scored_test_is_empty(VARIANTS[name])
