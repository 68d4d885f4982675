"""The semesters of 2019 and 2020 (sp19, su19, sp20, su20): every worked example of their pages and
cases of their courses' tests, their games as the courses play them (the order of Feral Hogs, the
swap and the commentary), Feral Hogs' memory of a turn's points, the engine against the rendered
play, and the problems' specs."""

from __future__ import annotations

import contextlib
import io

import pytest

from hogkit import game
from hogkit.problems.domains import max_turn_points
from hogkit.problems.specs import problem_specs
from hogkit.rules import RULES
from hogkit.stories import replay_story
from hogkit.turn import turn_of
from hogkit.variant import load_variant
from tests.conftest import reference

EARLY = ("sp19", "su19", "sp20", "su20")
VARIANTS = {name: load_variant(name) for name in EARLY}

# Each course's rule cases: its page's worked examples, then cases of its own tests (call -> value).
RULE_CASES = {
    "sp19": {
        # The page: opponent 10 -> 1 point, 39 -> 4.
        "free_bacon(10)": 1, "free_bacon(39)": 4,
        "free_bacon(35)": 4, "free_bacon(71)": 2, "free_bacon(7)": 1, "free_bacon(17)": 2, "free_bacon(0)": 1,
        "free_bacon(70)": 1, "free_bacon(99)": 10, "free_bacon(57)": 6,
        "take_turn(0, 16)": 2, "take_turn(0, 47)": 5, "take_turn(0, 90)": 1,
        # The page: 43/83 swap, 51/52 swap, 8/2 do not, 117/14 swap, 20/0 do not.
        "is_swap(43, 83)": True, "is_swap(51, 52)": True, "is_swap(8, 2)": False, "is_swap(117, 14)": True,
        "is_swap(20, 0)": False,
        "is_swap(19, 91)": False, "is_swap(19, 19)": True, "is_swap(123, 12)": False, "is_swap(1, 2)": False,
        "is_swap(12, 2)": True, "is_swap(2, 2)": True, "is_swap(36, 35)": True, "is_swap(114, 12)": True,
        "is_swap(108, 7)": False, "is_swap(18, 108)": True, "is_swap(8, 108)": True, "is_swap(10, 16)": True,
    },
    "su19": {
        "free_bacon(35)": 7, "free_bacon(71)": 9, "free_bacon(9)": 10, "free_bacon(37)": 7, "free_bacon(0)": 10,
        "free_bacon(75)": 5, "free_bacon(99)": 1, "free_bacon(87)": 3,
        "take_turn(0, 56)": 5, "take_turn(0, 47)": 6, "take_turn(0, 90)": 10,
        "is_swap(56, 32)": False, "is_swap(56, 35)": True, "is_swap(89, 91)": False, "is_swap(19, 19)": False,
        "is_swap(123, 12)": False, "is_swap(26, 2)": True, "is_swap(12, 2)": False, "is_swap(8, 108)": True,
        "is_swap(36, 35)": False, "is_swap(1, 2)": False, "is_swap(2, 2)": True, "is_swap(134, 51)": True,
        "is_swap(128, 2)": False, "is_swap(85, 108)": True, "is_swap(20, 0)": False, "is_swap(10, 1)": True,
        "is_swap(10, 16)": False,
    },
    "sp20": {
        # The page: 4 -> 3, 1 -> 2, 20 -> 9, 45 -> 13; (2, 4), (11, 1) no swap, (1, 0), (23, 4) swap.
        "free_bacon(4)": 3, "free_bacon(1)": 2, "free_bacon(20)": 9, "free_bacon(45)": 13,
        "free_bacon(15)": 3, "free_bacon(13)": 4, "free_bacon(44)": 1, "free_bacon(37)": 10, "free_bacon(99)": 1,
        "free_bacon(9)": 15, "free_bacon(72)": 8, "free_bacon(85)": 6, "free_bacon(0)": 1,
        "take_turn(0, 56)": 13, "take_turn(0, 47)": 6, "take_turn(0, 90)": 15,
        "is_swap(2, 4)": False, "is_swap(11, 1)": False, "is_swap(1, 0)": True, "is_swap(23, 4)": True,
        "is_swap(10, 3)": False, "is_swap(92, 3)": False, "is_swap(398, 562)": True, "is_swap(559, 629)": False,
        "is_swap(743, 958)": True, "is_swap(176, 74)": False, "is_swap(91, 337)": True, "is_swap(505, 59)": True,
        "is_swap(219, 7)": False, "is_swap(98, 296)": True,
        "feral_hogs_bonus(5, 7)": 3, "feral_hogs_bonus(2, 4)": 3, "feral_hogs_bonus(8, 10)": 3,
        "feral_hogs_bonus(6, 8)": 3, "feral_hogs_bonus(3, 0)": 0, "feral_hogs_bonus(1, 0)": 0,
        "feral_hogs_bonus(2, 0)": 3,
    },
    "su20": {
        # The page: 32 -> 11, 19 -> 2, 80 -> 18, 5 -> 5; (6, 2), (17, 65) no swap, (55, 23), (89, 54) swap.
        "free_bacon(32)": 11, "free_bacon(19)": 2, "free_bacon(80)": 18, "free_bacon(5)": 5,
        "free_bacon(4)": 6, "free_bacon(1)": 9, "free_bacon(9)": 1, "free_bacon(92)": 17, "free_bacon(20)": 12,
        "free_bacon(99)": 10, "free_bacon(40)": 14, "free_bacon(72)": 15,
        "take_turn(0, 56)": 9, "take_turn(0, 47)": 7, "take_turn(0, 90)": 19,
        "is_swap(6, 2)": False, "is_swap(17, 65)": False, "is_swap(55, 23)": True, "is_swap(89, 54)": True,
        "is_swap(2, 4)": False, "is_swap(11, 1)": True, "is_swap(1, 0)": False, "is_swap(15, 46)": False,
        "is_swap(23, 4)": False, "is_swap(15, 23)": True, "is_swap(960, 144)": True, "is_swap(605, 205)": True,
        "is_swap(4, 526)": True, "is_swap(99, 72)": True, "is_swap(18, 907)": False, "is_swap(744, 722)": True,
        "feral_hogs_bonus(5, 7)": 3, "feral_hogs_bonus(2, 4)": 3, "feral_hogs_bonus(8, 10)": 3,
        "feral_hogs_bonus(6, 8)": 3, "feral_hogs_bonus(3, 0)": 0, "feral_hogs_bonus(2, 0)": 3,
    },
}

# Each course's strategy cases (its tests': keyword names as the course wrote them).
STRATEGY_CASES = {
    "sp19": {"bacon_strategy(0, 0, margin=8, num_rolls=5)": 5, "bacon_strategy(70, 65, margin=6, num_rolls=5)": 0,
             "bacon_strategy(20, 41, margin=3, num_rolls=4)": 4, "swap_strategy(9, 21, 8, 6)": 0,
             "swap_strategy(30, 54, 7, 6)": 6, "swap_strategy(39, 43, 10, 6)": 6,
             "swap_strategy(39, 43, 1, 6)": 0, "swap_strategy(44, 37, 8, 6)": 6},
    "su19": {"bacon_strategy(0, 0, margin=8, num_rolls=5)": 0, "bacon_strategy(70, 65, margin=6, num_rolls=5)": 5,
             "swap_strategy(49, 45, 1, 6)": 6, "swap_strategy(36, 43, 10, 6)": 6, "swap_strategy(36, 43, 1, 6)": 0,
             "swap_strategy(27, 20, 10, 6)": 0, "swap_strategy(44, 67, 8, 6)": 6},
    "sp20": {"bacon_strategy(0, 9, margin=8, num_rolls=5)": 0, "bacon_strategy(9, 0, margin=6, num_rolls=5)": 5,
             "bacon_strategy(40, 15, 13, 9)": 9, "swap_strategy(1, 19, 8, 6)": 0, "swap_strategy(30, 54, 7, 6)": 6,
             "swap_strategy(13, 18, 10, 6)": 6, "swap_strategy(13, 18, 1, 6)": 0, "swap_strategy(12, 96, 1, 3)": 0},
    "su20": {"bacon_strategy(0, 9, cutoff=8, num_rolls=5)": 5, "bacon_strategy(9, 0, cutoff=6, num_rolls=5)": 0,
             "bacon_strategy(50, 2, cutoff=9, num_rolls=5)": 5, "swap_strategy(1, 19, 8, 6)": 6,
             "swap_strategy(30, 54, 7, 6)": 0, "swap_strategy(24, 1, 1, 6)": 0, "swap_strategy(13, 18, 10, 6)": 6,
             "swap_strategy(97, 97, 2, 7)": 0},
}

# Games of each course's tests: (strategies, keyword arguments of play) -> final scores.
STRATEGIES = {
    "by_opponent": "lambda score, opponent: opponent % 10",
    "by_own_sp19": "lambda score, opponent: score // 10 - 2",
    "by_own": "lambda score, opponent: max((score // 10) - 4, 0)",
    "page0": "lambda score, opponent: 3 if score == 0 else 5 if score == 7 else 8",
    "page1": "lambda score, opponent: 1 if score == 0 else 2 if score == 4 else 6",
}
GAMES = {
    "sp19": [
        ("always_roll(5)", "always_roll(3)", "score0=91, score1=10, dice=make_test_dice(3)", (106, 10)),
        ("always_roll(5)", "always_roll(5)", "goal=10, dice=make_test_dice(3)", (15, 0)),
        ("by_opponent", "by_own_sp19", "score0=61, score1=80, dice=make_test_dice(7)", (122, 62)),
        ("always_roll(4)", "always_roll(4)", "score0=87, score1=88, dice=make_test_dice(3)", (99, 100)),
        ("always_roll(0)", "always_roll(0)", "score0=11, score1=98, dice=make_test_dice(3)", (100, 30)),
        ("always_roll(1)", "always_roll(1)", "goal=20, dice=make_test_dice(6, 4, 8, 1, 6, 6, 5)", (21, 15)),
        ("always_roll(1)", "always_roll(4)", "score0=42, score1=96, dice=make_test_dice(2)", (104, 44)),
    ],
    "su19": [
        ("by_opponent", "by_own", "score0=71, score1=80, dice=make_test_dice(7)", (108, 81)),
        ("always_roll(0)", "always_roll(0)", "score0=9, score1=92, dice=make_test_dice(3)", (17, 101)),
        ("always_roll(1)", "always_roll(1)", "goal=30, dice=make_test_dice(6, 1, 4, 6, 5, 2, 9)", (3, 30)),
        ("always_roll(1)", "always_roll(4)", "score0=39, score1=96, dice=make_test_dice(2)", (104, 41)),
    ],
    "sp20": [
        ("by_opponent", "by_own", "score0=71, score1=80, dice=make_test_dice(7), feral_hogs=False", (78, 108)),
        ("always_roll(0)", "always_roll(0)", "score0=9, score1=92, dice=make_test_dice(3), feral_hogs=False",
         (12, 105)),
        ("always_roll(1)", "always_roll(1)", "goal=20, dice=make_test_dice(2, 10, 10, 5, 5), feral_hogs=False",
         (10, 22)),
        ("page0", "page1", "goal=21, dice=make_test_dice(2, 2, 3, 4, 2, 2, 2, 2, 2, 3, 5, 2, 2, 2, 2, 2, 2, 2, 6, 1)",
         (43, 15)),
        ("always_roll(2)", "always_roll(1)", "goal=5, dice=make_test_dice(2, 2)", (7, 0)),
        ("always_roll(2)", "always_roll(1)", "score0=17, score1=6, goal=21, dice=make_test_dice(1, 2)", (6, 21)),
    ],
    "su20": [
        ("always_roll(5)", "always_roll(2)", "goal=25, dice=make_test_dice(3), feral_hogs=False", (36, 21)),
        ("by_opponent", "by_own", "score0=71, score1=80, dice=make_test_dice(7), feral_hogs=False", (89, 108)),
        ("always_roll(4)", "always_roll(4)", "score0=87, score1=88, dice=make_test_dice(3), feral_hogs=False",
         (100, 99)),
        ("always_roll(0)", "always_roll(0)", "score0=9, score1=92, dice=make_test_dice(3), feral_hogs=False",
         (26, 104)),
        ("always_roll(1)", "always_roll(1)", "goal=20, dice=make_test_dice(2, 10, 10, 5, 5), feral_hogs=False",
         (27, 17)),
        ("page0", "page1", "goal=21, dice=make_test_dice(2, 2, 3, 4, 2, 2, 2, 2, 2, 3, 5, 2, 2, 2, 2, 2, 2, 2, 6, 1)",
         (43, 15)),
        ("always_roll(2)", "always_roll(1)", "goal=5, dice=make_test_dice(2, 2)", (7, 0)),
        ("always_roll(2)", "always_roll(1)", "score0=17, score1=6, goal=21, dice=make_test_dice(1, 2)", (21, 6)),
    ],
}

# Commentary in the courses' games (Feral Hogs on where the course has it): what play makes say print.
ECHO = "def echo(s0, s1):\n    print(s0, s1)\n    return echo"
ECHO_TOTAL = ECHO.replace("return echo", "return total") + "\ndef total(s0, s1):\n    print(s0 + s1)\n    return echo"
LEADS = "both(say_scores, announce_lead_changes())"
SAID = {
    "sp19": [
        (ECHO_TOTAL, "always_roll(1), always_roll(1), dice=make_test_dice(2, 3), goal=5, say=echo",
         ["2 0", "5", "4 3", "10"]),
        ("", f"always_roll(3), always_roll(3), dice=make_test_dice(1, 2, 3, 3), goal=8, say={LEADS}",
         ["Player 0 now has 1 and Player 1 now has 0", "Player 0 takes the lead by 1",
          "Player 0 now has 1 and Player 1 now has 1", "Player 0 now has 2 and Player 1 now has 1",
          "Player 0 takes the lead by 1", "Player 0 now has 2 and Player 1 now has 9", "Player 1 takes the lead by 7"]),
    ],
    "su19": [
        (ECHO, "lambda score, opponent: 1 - opponent // 10, always_roll(3), dice=make_test_dice(4, 2, 6), goal=15, "
               "say=echo", ["4 0", "4 12", "13 12", "13 24"]),
    ],
    "sp20": [
        (ECHO, "always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5, say=echo", ["3 0", "3 3", "9 3"]),
        (ECHO, "lambda score, opponent: 1 - opponent // 10, always_roll(3), dice=make_test_dice(4, 2, 6), goal=15, "
               "say=echo", ["4 0", "4 12", "17 12"]),
        (ECHO_TOTAL, "always_roll(1), always_roll(1), dice=make_test_dice(2, 3), goal=15, say=echo",
         ["0 2", "5", "2 5", "13", "4 11", "21"]),
        ("", f"always_roll(3), always_roll(3), dice=make_test_dice(1, 2, 3, 3), goal=8, say={LEADS}",
         ["Player 0 now has 0 and Player 1 now has 1", "Player 1 takes the lead by 1",
          "Player 0 now has 2 and Player 1 now has 0", "Player 0 takes the lead by 2",
          "Player 0 now has 6 and Player 1 now has 0", "Player 0 now has 6 and Player 1 now has 11",
          "Player 1 takes the lead by 5"]),
    ],
    "su20": [
        (ECHO, "lambda score, opponent: 1 - opponent // 10, always_roll(3), dice=make_test_dice(4, 2, 6), goal=15, "
               "say=echo", ["4 0", "4 12", "12 13", "12 25"]),
        (ECHO_TOTAL, "always_roll(1), always_roll(1), dice=make_test_dice(2, 3), goal=15, say=echo",
         ["2 0", "5", "4 3", "13", "6 9", "21"]),
        ("", f"always_roll(3), always_roll(3), dice=make_test_dice(1, 2, 3, 3), goal=8, say={LEADS}",
         ["Player 0 now has 1 and Player 1 now has 0", "Player 0 takes the lead by 1",
          "Player 0 now has 1 and Player 1 now has 1", "Player 0 now has 5 and Player 1 now has 1",
          "Player 0 takes the lead by 4", "Player 0 now has 5 and Player 1 now has 12",
          "Player 1 takes the lead by 7"]),
    ],
}

# announce_highest over the game of the courses' test 07 (the same in all four): the gains it prints.
HIGHEST_WALK = [(12, 0), (12, 10), (20, 10), (22, 20), (22, 35), (30, 47), (31, 47), (32, 77), (83, 32), (38, 83)]
HIGHEST_SAID = ["10 point(s)! That's the biggest gain yet for Player 1",
                "15 point(s)! That's the biggest gain yet for Player 1",
                "30 point(s)! That's the biggest gain yet for Player 1",
                "51 point(s)! That's the biggest gain yet for Player 1"]


def printed(source: str, namespace: dict) -> list[str]:
    """The lines SOURCE prints when run in NAMESPACE."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(source, namespace)  # noqa: S102 - the tests' own text
    return out.getvalue().splitlines()


def _cases(table: dict) -> list:
    return [pytest.param(name, call, value, id=f"{name}-{call}") for name, cases in table.items()
            for call, value in cases.items()]


@pytest.mark.parametrize(("name", "call", "value"), _cases(RULE_CASES))
def test_the_courses_rule_cases(name, call, value):
    assert eval(call, vars(reference(VARIANTS[name]))) == value  # noqa: S307


@pytest.mark.parametrize(("name", "call", "value"), _cases(STRATEGY_CASES))
def test_the_courses_strategy_cases(name, call, value):
    assert eval(call, vars(reference(VARIANTS[name]))) == value  # noqa: S307


@pytest.mark.parametrize("name", EARLY)
def test_each_rules_worked_examples_hold_in_its_kit(name):
    variant = VARIANTS[name]
    hog = vars(reference(variant))
    for rule in variant.rules:
        for example in rule.examples:
            if example.requires <= variant.rule_ids:
                assert eval(example.call, hog) == example.expect, (rule.id, example.call)  # noqa: S307


@pytest.mark.parametrize(("name", "game_case"), [(n, g) for n in EARLY for g in GAMES[n]])
def test_the_courses_games(name, game_case):
    """play gives each course's own final scores: Feral Hogs before the swap, the swap before the
    goal is checked, is_swap given the mover's score first."""
    strategy0, strategy1, keywords, scores = game_case
    hog = dict(vars(reference(VARIANTS[name])))
    call = f"play({STRATEGIES.get(strategy0, strategy0)}, {STRATEGIES.get(strategy1, strategy1)}, {keywords})"
    assert eval(call, hog) == scores  # noqa: S307


@pytest.mark.parametrize(("name", "said"), [(n, s) for n in EARLY for s in SAID[n]])
def test_the_courses_commentary(name, said):
    helpers, arguments, lines = said
    hog = dict(vars(reference(VARIANTS[name])))
    assert printed(f"{helpers}\nplay({arguments})", hog) == lines


@pytest.mark.parametrize("name", EARLY)
def test_announce_highest_in_each_courses_words(name):
    hog = dict(vars(reference(VARIANTS[name])))
    walk = "f = announce_highest(1)\n" + "".join(f"f = f({a}, {b})\n" for a, b in HIGHEST_WALK)
    assert printed(walk, hog) == HIGHEST_SAID
    assert printed("f1 = announce_highest(1)(12, 0)\nf1(12, 10)\nf1(11, 9)", hog) == [
        "10 point(s)! That's the biggest gain yet for Player 1", "9 point(s)! That's the biggest gain yet for Player 1"]


def test_su20s_announce_highest_takes_the_last_score_first():
    hog = reference(VARIANTS["su20"])
    assert printed("announce_highest(0, 30, 4)(40, 0)", dict(vars(hog))) == [
        "10 point(s)! That's the biggest gain yet for Player 0"]
    assert printed("announce_highest(0, 30, 12)(40, 0)", dict(vars(hog))) == []


@pytest.mark.parametrize("name", ["sp20", "su20"])
def test_the_page_games_of_feral_hogs(name):
    """The pages' game of six turns, replayed by the engine (the first story of the rule)."""
    variant = VARIANTS[name]
    for story in RULES["feral_hogs_points"].stories:
        if story.requires <= variant.rule_ids:
            replayed = replay_story(variant, story)
            assert [step.record.after for step in replayed] == [turn.scores for turn in story.turns], story.title


# ------------------------------------------------------------------------- Feral Hogs' memory

def test_feral_hogs_keeps_every_previous_score_it_can_tell_apart():
    """Previous points 0 to 12 each give some number of dice (0 to 10) another bonus than the
    rest do; every larger value gives the same bonus as 13, for every number of dice, so the
    memory keeps 0 to 13 and folds the rest into 13."""
    rule = RULES["feral_hogs_points"]
    memory, = rule.memory
    cap = memory.size - 1
    assert memory.folding == "cap" and cap == 13
    bonus = rule.hook

    def answers(previous):
        return tuple(bonus(k, previous) for k in range(11))

    kept = [answers(previous) for previous in range(cap + 1)]
    assert len(set(kept)) == cap + 1
    for name in ("sp20", "su20"):
        variant = VARIANTS[name]
        for previous in range(cap, max_turn_points(variant) + 1):
            assert answers(previous) == answers(cap)
            assert memory.folded(previous) == cap


@pytest.mark.parametrize("name", ["sp20", "su20"])
def test_the_game_remembers_each_turns_points_without_the_bonus(name):
    variant = VARIANTS[name]
    turn = turn_of(variant)
    state = game.start_state(variant)
    plan = game.plan_turn(variant, state, 2)
    state, record = game.finish_turn(variant, state, plan, 4)
    assert record.bonus == 3  # 2 dice after a first turn (0 points)
    assert turn.seen_by(state.memory, 0)[turn.slots.index(next(s for s in turn.slots if s.side == "own"))] == 4
    later = game.start_state(variant)
    plan = game.plan_turn(variant, later, 2, later_rules=False)
    later, record = game.finish_turn(variant, later, plan, 4, later_rules=False)
    assert record.bonus == 0 and later.memory == turn.start  # the rule is off: nothing is remembered


@pytest.mark.parametrize("name", ["sp20", "su20"])
def test_capped_memory_gives_the_same_turns(name):
    """A turn from a memory past the cap ends as from the cap itself (bonus, scores, extra turn)."""
    variant = VARIANTS[name]
    turn = turn_of(variant)
    cap = turn.slots[0].memory.size - 1
    for own in (cap, cap + 5, 40):
        for opp in (0, cap, 33):
            view = tuple(own if slot.side == "own" else opp for slot in turn.slots)
            capped = turn.normal(view)
            for rolls in range(11):
                for points in (1, 6, 13):
                    raw = turn.finish(view, rolls, points, 20, 35)
                    folded = turn.finish(capped, rolls, points, 20, 35)
                    assert (raw.player, raw.opponent, raw.extra, raw.bonus) == (
                        folded.player, folded.opponent, folded.extra, folded.bonus)
                    assert turn.normal(raw.after) == turn.normal(folded.after)


# ------------------------------------------------------------------- engine and rendered play

@pytest.mark.parametrize("name", EARLY)
def test_the_problems_specs_build(name):
    variant = VARIANTS[name]
    specs = problem_specs(variant)
    assert [spec.id for spec in specs] == [problem.id for problem in variant.problems]
    for spec in specs:
        if spec.problem.kind != "dice":
            assert spec.visible, spec.id
    assert sum(problem.points for problem in variant.problems) == variant.total_points
