"""Fall 2020, Spring 2021 and Summer 2021: extra turns that depend on the scores and chain.

Every worked example of each course's page and the cases of its own tests hold in the kit's
reference (and, for games, in the engine); the scripted games of the rules play the same in the
engine and in the rendered ``play``; the rendered ``play`` agrees with the engine on random games;
each kit speaks its course's interface (``extra_turn``, ``next_player``, ``take_turn(..., goal)``,
the course's commentary message) and its problems' tests build inside their domains.
"""

from __future__ import annotations

import contextlib
import io

import pytest

from hogkit import game
from hogkit.errors import HogkitError
from hogkit.generate.solution import solution_hog_source
from hogkit.generate.source import strip_solutions
from hogkit.generate.templating import course_texts, print_call, print_format
from hogkit.naming import templates
from hogkit.problem_layout import rules_of
from hogkit.problems.building import story_doctest, within_domains
from hogkit.problems.specs import problem_specs
from hogkit.rules import RULES
from hogkit.shipped.dice import make_test_dice
from hogkit.stories import replay_story
from hogkit.variant import load_variant
from tests.conftest import reference

SEMESTERS = ("fa20", "sp21", "su21")
VARIANTS = {name: load_variant(name) for name in SEMESTERS}
RULES_OF = {"fa20": ("pig_out", "free_bacon_pi", "swine_align", "pig_pass"),
            "sp21": ("sow_sad", "piggy_points_square", "more_boar_leading"),
            "su21": ("sow_sad", "piggy_points_gap", "more_boar_extremes")}
STRATEGIES = "strat0 = lambda score, opponent: opponent % 10; strat1 = lambda score, opponent: max(score // 10 - 4, 0)"

# The courses' own worked examples and test cases beyond the rules' functions: (call, value).
COURSE_CASES = {
    "fa20": [
        ("play(always_roll(5), always_roll(3), score0=91, score1=10, dice=make_test_dice(3))", (106, 10)),
        ("play(always_roll(5), always_roll(5), goal=10, dice=make_test_dice(3))", (15, 0)),
        ("play(always_roll(5), always_roll(5), goal=25, dice=make_test_dice(3))", (15, 30)),
        ("play(always_roll(4), always_roll(4), score0=88, score1=87, dice=make_test_dice(3))", (100, 87)),
        ("play(always_roll(0), always_roll(0), score0=8, score1=95, dice=make_test_dice(3))", (12, 107)),
        ("play(always_roll(1), always_roll(1), goal=25, dice=make_test_dice(5, 10, 3, 1, 11, 6))", (26, 10)),
        ("play(strat0, strat1, score0=71, score1=80, dice=make_test_dice(7))", (83, 108)),
        ("take_turn(0, 2)", 7), ("take_turn(2, 0, make_test_dice(4, 5, 1))", 9),
        ("bacon_strategy(0, 9, cutoff=8, num_rolls=5)", 5), ("bacon_strategy(9, 0, cutoff=6, num_rolls=5)", 0),
        ("bacon_strategy(32, 0, cutoff=8, num_rolls=4)", 4),
        ("extra_turn_strategy(10, 19, cutoff=8, num_rolls=6)", 0),
        ("extra_turn_strategy(30, 54, cutoff=7, num_rolls=6)", 6),
        ("extra_turn_strategy(17, 36, cutoff=100, num_rolls=6)", 0),
        ("extra_turn_strategy(24, 5, cutoff=1, num_rolls=6)", 0),
        ("extra_turn_strategy(24, 3, cutoff=8, num_rolls=1)", 1),
        ("make_averaged(make_test_dice(3, 1, 5, 6), 1000)()", 3.75),
        ("make_averaged(roll_dice, 1000)(2, make_test_dice(3, 1, 5, 6))", 6.0),
        ("max_scoring_num_rolls(make_test_dice(1, 2, 2, 2, 2, 2, 2, 2), trials_count=1000)", 4),
    ],
    "sp21": [
        ("play(always_roll(5), always_roll(3), score0=91, score1=10, dice=make_test_dice(3))", (106, 10)),
        ("play(always_roll(6), always_roll(2), goal=25, dice=make_test_dice(3))", (36, 12)),
        ("play(always_roll(0), always_roll(0), score0=5, score1=96, dice=make_test_dice(3))", (9, 100)),
        ("play(always_roll(1), always_roll(1), goal=25, dice=make_test_dice(5, 19, 2, 1, 11, 6))", (19, 25)),
        ("play(strat0, strat1, score0=71, score1=80, dice=make_test_dice(7))", (74, 108)),
        ("more_boar_strategy(3, 19, cutoff=8, num_rolls=6)", 0),
        ("more_boar_strategy(30, 54, 7, 6)", 6),
        ("more_boar_strategy(17, 36, cutoff=100)", 0),
        ("more_boar_strategy(24, 3, 8)", 0),
        ("make_averaged(roll_dice, 1000)(1, make_test_dice(4, 2, 5, 1))", 3.0),
        ("max_scoring_num_rolls(make_test_dice(1, 2, 3, 4, 5), trials_count=1000)", 3),
    ],
    "su21": [
        ("play(always_roll(4), always_roll(3), goal=25, dice=make_test_dice(3))", (24, 27)),
        ("play(always_roll(0), always_roll(0), score0=5, score1=96, dice=make_test_dice(3))", (12, 101)),
        ("play(always_roll(1), always_roll(1), goal=25, dice=make_test_dice(5, 22, 8, 1, 2, 6, 3))", (22, 25)),
        ("play(strat0, strat1, score0=71, score1=80, dice=make_test_dice(7))", (83, 108)),
        ("max_scoring_num_rolls(make_test_dice(6, 5, 4, 3, 2, 1), trials_count=1)", 4),
    ],
}

# Commentary in play, as the courses' tests print it: (semester, say, strategies, dice, goal, lines).
ECHO = "def echo(s0, s1):\n    print(s0, s1)\n    return echo\n"
ECHO_TOTAL = ("def total(s0, s1):\n    print(s0 + s1)\n    return echo\n"
              "def echo(s0, s1):\n    print(s0, s1)\n    return total\n")
COMMENTARY = [
    ("fa20", ECHO_TOTAL, "always_roll(1), always_roll(1)", "make_test_dice(2, 5)", 10,
     ["2 0", "7", "4 5", "14", "9 7", "21"]),
    ("sp21", ECHO_TOTAL, "always_roll(1), always_roll(1)", "make_test_dice(8, 2)", 20,
     ["8 0", "10", "16 2", "20", "16 12", "30", "18 20"]),
    ("su21", ECHO_TOTAL, "always_roll(1), always_roll(1)", "make_test_dice(8, 2)", 20,
     ["8 0", "10", "16 2", "20", "26 2"]),
    ("fa20", ECHO, "lambda score, opponent: 1 - opponent // 10, always_roll(3)", "make_test_dice(4, 2, 6)", 15,
     ["4 0", "4 12", "16 12"]),
    ("sp21", ECHO, "lambda score, opponent: 1 - opponent // 10, always_roll(3)", "make_test_dice(4, 2, 6)", 15,
     ["4 0", "4 12", "8 12", "8 24"]),
    ("su21", ECHO, "lambda score, opponent: 1 - opponent // 10, always_roll(3)", "make_test_dice(4, 2, 6)", 15,
     ["4 0", "4 12", "9 12", "9 24"]),
]
HIGHEST = {"fa20": "{gain} point(s)! The most yet for Player {who}",
           "sp21": "Player {who} has reached a new maximum point gain. {gain} point(s)!",
           "su21": "Player {who} has reached a new maximum point gain. {gain} point(s)!"}


def printed(hog, code: str) -> list[str]:
    """The lines CODE prints, run in the module HOG."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, dict(vars(hog)))  # noqa: S102 - the tests' own code
    return out.getvalue().splitlines()


def test_each_semester_has_its_rules_and_points():
    for name, variant in VARIANTS.items():
        assert tuple(rule.id for rule in variant.rules) == RULES_OF[name]
        assert variant.total_points == {"fa20": 22, "sp21": 22, "su21": 23}[name]
        assert variant.scoring.checkpoint == 1
    assert [p.id for p in VARIANTS["fa20"].problems][4:6] == ["04a", "04b"]


@pytest.mark.parametrize(("name", "call", "value"),
                         [(name, call, value) for name, cases in COURSE_CASES.items() for call, value in cases])
def test_the_courses_cases_hold_in_the_reference(name, call, value):
    hog = reference(VARIANTS[name])
    names = dict(vars(hog))
    exec(STRATEGIES, names)  # noqa: S102
    assert eval(call, names) == value  # noqa: S307


@pytest.mark.parametrize(("name", "call", "value"),
                         [(name, call, value) for name, cases in COURSE_CASES.items() for call, value in cases
                          if call.startswith("play(")])
def test_the_courses_games_hold_in_the_engine(name, call, value):
    hog = reference(VARIANTS[name])
    names = dict(vars(hog))
    exec(STRATEGIES, names)  # noqa: S102
    names["play"] = lambda s0, s1, score0=0, score1=0, dice=None, goal=None: game.play(
        VARIANTS[name], s0, s1, score0=score0, score1=score1, dice=dice, goal=goal or 100).scores
    assert eval(call, names) == value  # noqa: S307


EXAMPLES = [pytest.param(name, rule, example, id=f"{rule.id}-{i + 1}") for name in SEMESTERS
            for rule in VARIANTS[name].rules if rule.id in RULES_OF[name][1:]
            for i, example in enumerate(rule.examples)]


@pytest.mark.parametrize(("name", "rule", "example"), EXAMPLES)
def test_every_worked_example_of_the_rules(name, rule, example):
    assert eval(example.call, dict(vars(reference(VARIANTS[name])))) == example.expect, example.note  # noqa: S307


def test_every_new_rule_has_examples_questions_and_a_strategy():
    for rule_id in ("free_bacon_pi", "swine_align", "pig_pass", "piggy_points_square", "piggy_points_gap",
                    "more_boar_leading", "more_boar_extremes"):
        rule = RULES[rule_id]
        assert len(rule.examples) >= 5 and len(rule.concepts) == 2 and rule.strategy, rule_id


@pytest.mark.parametrize(("name", "printing"), [(name, c) for name in SEMESTERS for c in COMMENTARY if c[0] == name])
def test_commentary_in_play_as_the_courses_print_it(name, printing):
    _, says, strategies, dice, goal, lines = printing
    hog = reference(VARIANTS[name])
    assert printed(hog, says + f"play({strategies}, dice={dice}, goal={goal}, say=echo)") == lines


@pytest.mark.parametrize("name", SEMESTERS)
def test_announce_highest_prints_the_courses_message(name):
    hog = reference(VARIANTS[name])
    code = ("f0 = announce_highest(1)\nf1 = f0(12, 0)\nf2 = f1(12, 10)\nf3 = f2(20, 10)\nf4 = f3(22, 20)\n"
            "f5 = f4(22, 35)\nf6 = f5(30, 47)\nf7 = f6(31, 47)\nf8 = f7(32, 77)\nf9 = f8(83, 32)\n"
            "f10 = f9(38, 83)\nf2_again = f1(11, 9)\n")
    assert printed(hog, code) == [HIGHEST[name].format(gain=gain, who=1) for gain in (10, 15, 30, 51, 9)]
    assert printed(hog, "both(announce_highest(0), announce_highest(1))(5, 0)") == [
        HIGHEST[name].format(gain=5, who=0)]


STORIES = [pytest.param(name, story, id=f"{name}-{story.title}") for name in SEMESTERS
           for rule in VARIANTS[name].rules for story in rule.stories if story.requires <= VARIANTS[name].rule_ids]


@pytest.mark.parametrize(("name", "story"), STORIES)
def test_the_rules_games_play_alike_in_the_engine_and_in_play(name, story):
    variant = VARIANTS[name]
    replayed = replay_story(variant, story)
    assert [(step.record.who, step.record.after) for step in replayed] == [(t.player, t.scores) for t in story.turns]
    assert replayed[-1].next_player == story.next_player
    assert any(step.record.extra_turn for step in replayed)
    test = story_doctest(variant, story, later=False)
    names = dict(vars(reference(variant)))
    for statement in test.statements[:-1]:
        exec(statement, names)  # noqa: S102
    assert eval(test.statements[-1], names) == story.turns[-1].scores  # noqa: S307


def test_extra_turns_chain_and_the_game_still_ends_at_the_goal():
    variant = VARIANTS["fa20"]
    result = game.play(variant, lambda s, o: 1, lambda s, o: 1, goal=25, dice=make_test_dice(5, 10, 3, 1, 11, 6))
    assert result.scores == (26, 10)
    # 8 against 10 and 9 against 10 (Pig Pass), then 20 against 10 (Swine Align): three in a row
    assert [(t.who, t.extra_turn) for t in result.turns] == [(0, False), (1, False), (0, True), (0, True), (0, True),
                                                             (0, False)]
    at_goal = game.play(variant, lambda s, o: 0, lambda s, o: 0, score0=8, score1=95, dice=make_test_dice(3))
    assert at_goal.scores == (12, 107)


def test_fa20_play_asks_extra_turn_as_the_gui_expects():
    """The course's GUI turns a rule off by replacing hog.swine_align: play must ask the module's
    extra_turn, which asks the module's swine_align and pig_pass."""
    hog = reference(VARIANTS["fa20"])
    game_of = "play(always_roll(5), always_roll(5), goal=25, dice=make_test_dice(3))"
    real = hog.swine_align
    try:
        hog.swine_align = lambda player_score, opponent_score: False
        assert eval(game_of, vars(hog)) == (30, 15)  # noqa: S307
    finally:
        hog.swine_align = real
    assert eval(game_of, vars(hog)) == (15, 30)  # noqa: S307


def test_each_kit_speaks_its_courses_interface():
    fa20, sp21 = (solution_hog_source(VARIANTS[name]) for name in ("fa20", "sp21"))
    assert "FIRST_101_DIGITS_OF_PI = 3141592653589793238462643383279502884197" in fa20
    assert "def extra_turn(player_score, opponent_score):" in fa20 and "if not extra_turn(player, opponent):" in fa20
    assert "def other(who):" in fa20 and "def next_player" not in fa20
    assert "def take_turn(num_rolls, opponent_score, dice=six_sided):" in fa20
    assert "def next_player(who):" in sp21 and "def other(" not in sp21 and "extra_turn(" not in sp21
    assert "def take_turn(num_rolls, opponent_score, dice=six_sided, goal=GOAL_SCORE):" in sp21
    assert "assert opponent_score < goal, 'The game should be over.'" in sp21
    assert "take_turn(num_rolls, opponent, dice, goal)" in sp21 and "if not more_boar(player, opponent):" in sp21
    for name in SEMESTERS:
        text = solution_hog_source(VARIANTS[name])
        assert "def announce_highest(who, last_score=0, running_high=0):" in text
        assert "def make_averaged(original_function, trials_count=1000):" in text
        assert "def max_scoring_num_rolls(dice=six_sided, trials_count=1000):" in text
        assert "def average_win_rate(strategy, baseline=always_roll(6)):" in text
        assert "# text:" not in text
    skeleton = strip_solutions(fa20)
    assert "pi = FIRST_101_DIGITS_OF_PI" in skeleton and "return pi % 10 + 3" in skeleton
    assert "return (swine_align(player_score, opponent_score) or" in skeleton  # extra_turn is given


def test_the_strategy_of_two_rules_of_a_family_is_one_problem():
    problems = {p.id: p for p in VARIANTS["fa20"].problems}
    assert problems["04a"].graded == ("swine_align",) and problems["04b"].graded == ("pig_pass",)
    assert [r.id for r in problems["04a"].rules] == ["swine_align"]
    assert problems["11"].graded == ("extra_turn_strategy",)
    assert [r.id for r in rules_of(VARIANTS["fa20"].rules, ("extra_turn#2",))] == ["pig_pass"]
    assert rules_of(VARIANTS["fa20"].rules, ("extra_turn#3",)) == []


@pytest.mark.parametrize("name", SEMESTERS)
def test_the_problems_tests_build_inside_their_domains(name):
    variant = VARIANTS[name]
    specs = problem_specs(variant)
    assert [s.id for s in specs] == [p.id for p in variant.problems]
    rules = list(variant.rules)
    for spec in specs:
        assert spec.visible or spec.id == "00", spec.id
        for call in [c for s in spec.hidden for c in s.calls]:
            assert within_domains(variant, rules, call), (spec.id, call)
    play = next(s for s in specs if s.problem.kind == "play_extra")
    assert any("a game from the rules" in t.name for t in play.visible)
    assert "extra" in play.text


def test_a_message_the_course_words_its_own_way():
    call = "print(gain, 'point(s)! The most yet for Player', who)"
    assert print_call("{gain} point(s)! The most yet for Player {who}") == call
    import ast
    assert print_format(ast.parse(call, mode="eval").body) == "{gain} point(s)! The most yet for Player {who}"
    assert print_call("{gain}pts for Player {who}!") == "print(f'{gain}pts for Player {who}!')"  # one f-string
    with pytest.raises(HogkitError):
        print_call("{gain} for Player {0}")  # a placeholder that is no name
    fa19_text = course_texts(templates()["announce_highest"], {})
    assert "# text:" not in fa19_text and "That's the biggest gain yet for Player" in fa19_text
    sp21_text = course_texts(templates()["announce_highest"], {"announce_highest": HIGHEST["sp21"]})
    assert "Player 1 has reached a new maximum point gain. 9 point(s)!" in sp21_text
    assert "biggest gain" not in sp21_text
